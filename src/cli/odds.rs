//! `volley odds SYSTEM ACTION [field=value]...`.

use super::{MethodArgs, key_values};
use crate::engine::{self, RunResult};
use crate::error::InputError;
use crate::output::{Answer, Format, render_answer};
use crate::rules::RuleBook;
use crate::stats::summarize;
use crate::systems::{self, Action, Origin, Scenario, System};
use clap::{ArgAction, Args};
use std::fmt::Write;

#[derive(Debug, Args)]
#[command(disable_help_flag = true)]
pub struct OddsArgs {
    /// Rule system (see `volley systems`).
    pub system: Option<String>,
    /// Action of the system (see `volley systems`).
    pub action: Option<String>,
    /// Scenario fields as field=value (`volley odds SYSTEM ACTION --help` lists them).
    pub fields: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Run only shard K of N of a --trials run (see `volley merge`); K counts
    /// from 0, so the shards of a 4-way split are 0/4, 1/4, 2/4 and 3/4.
    #[arg(long, value_name = "K/N", requires = "trials", value_parser = crate::engine::Shard::parse)]
    pub shard: Option<crate::engine::Shard>,
    /// Also save the raw tally to FILE (for `volley merge`).
    #[arg(long, value_name = "FILE", requires = "trials")]
    pub save_tally: Option<std::path::PathBuf>,
    /// Print help (with SYSTEM and ACTION: the action's fields).
    #[arg(short, long, action = ArgAction::SetTrue)]
    pub help: bool,
}

/// A system, action, rule book and resolved scenario, ready to run.
pub struct Prepared {
    pub system: Box<dyn System>,
    pub action: Box<dyn Action>,
    pub book: RuleBook,
    pub scenario: Scenario,
}

/// Look everything up and validate the fields.
pub fn prepare(
    system: &str,
    action: &str,
    fields: &[(String, String)],
    method: &MethodArgs,
) -> Result<Prepared, InputError> {
    let system = systems::find(system)?;
    let action = systems::find_action(system.as_ref(), action)?;
    let book = systems::rulebook(system.as_ref(), &method.house_rules()?)?;
    let raw: Vec<_> = fields
        .iter()
        .map(|(k, v)| (k.clone(), v.clone(), Origin::command_line()))
        .collect();
    let scenario = Scenario::resolve(&action.fields(&book), &raw)?;
    Ok(Prepared {
        system,
        action,
        book,
        scenario,
    })
}

/// Run a prepared question.
pub fn answer(p: &Prepared, method: &MethodArgs) -> anyhow::Result<RunResult> {
    let model = p.action.model(&p.scenario, &p.book)?;
    engine::run(model.as_ref(), &method.config()).map_err(super::explain)
}

/// The headline outcome of an action, if the system and action exist.
pub fn headline_of(system: &str, action: &str) -> Option<(&'static str, &'static str)> {
    let system = systems::find(system).ok()?;
    systems::find_action(system.as_ref(), action)
        .ok()?
        .headline()
}

/// The field list of an action, for `--help`.
pub fn field_help(system: &str, action: &str) -> anyhow::Result<String> {
    let system = systems::find(system)?;
    let action = systems::find_action(system.as_ref(), action)?;
    let book = systems::rulebook(system.as_ref(), &[])?;
    let mut out = format!(
        "volley odds {} {} [field=value]... [--format table|json|csv|markdown] [--exact | --trials N | --precision E] [--seed S] [--confidence C] [--house-rule FILE]\n\n{}\n\nfields:\n",
        system.name(),
        action.name(),
        action.summary()
    );
    for spec in action.fields(&book) {
        let _ = writeln!(
            out,
            "  {:<30} {}\n  {:<30} default {}; {}",
            spec.name,
            spec.help,
            "",
            spec.default,
            spec.allowed()
        );
    }
    let notes = action.outcome_notes();
    if !notes.is_empty() {
        out.push_str("\noutcomes:\n");
        for (variable, value, meaning) in notes {
            let _ = writeln!(out, "  {:<30} {meaning}", format!("{variable} = {value}"));
        }
    }
    Ok(out)
}

pub fn run(args: &OddsArgs) -> anyhow::Result<String> {
    let (Some(system), Some(action)) = (&args.system, &args.action) else {
        if args.help {
            let mut command = <super::Cli as clap::CommandFactory>::command();
            let odds = command
                .find_subcommand_mut("odds")
                .map(|c| c.render_long_help().to_string());
            return Ok(odds.unwrap_or_default());
        }
        return Err(InputError::argument(
            "system",
            "usage: volley odds SYSTEM ACTION [field=value]...; see `volley systems`",
        )
        .into());
    };
    if args.help {
        return field_help(system, action);
    }
    let prepared = prepare(system, action, &key_values(&args.fields)?, &args.method)?;
    let shard = args.shard;
    let model = prepared.action.model(&prepared.scenario, &prepared.book)?;
    let bar = super::progress::TerminalProgress::new();
    let config = crate::engine::RunConfig {
        shard,
        progress: Some(bar.hook()),
        ..args.method.config()
    };
    let result = engine::run(model.as_ref(), &config).map_err(super::explain)?;
    drop(bar);
    if let Some(path) = &args.save_tally {
        let file = crate::output::TallyFile {
            system: prepared.system.name().to_string(),
            action: prepared.action.name().to_string(),
            scenario: prepared.scenario.to_json(),
            house_rules: prepared.book.house_rules.clone(),
            seed: config.seed,
            trials: args.method.trials.unwrap_or(0),
            confidence: config.confidence,
            shard: shard.unwrap_or(crate::engine::Shard { index: 0, count: 1 }),
            schema: result.schema.clone(),
            tally: result.tally.clone(),
            notes: prepared.action.answer_notes(&prepared.book),
        };
        file.save(path)?;
    }
    let summary = summarize(&result);
    let warning = result.precision_not_reached.map(|w| {
        format!(
            "stopped at the trial cap before reaching the precision asked; widest half-width {w:.5}"
        )
    });
    let house_rules = prepared.book.house_rules.clone();
    let answer = Answer {
        system: prepared.system.name(),
        action: prepared.action.name(),
        scenario: prepared.scenario.to_json(),
        summary: &summary,
        headline: prepared.action.headline(),
        house_rules: &house_rules,
        warning,
        notes: prepared.action.answer_notes(&prepared.book),
    };
    Ok(render_answer(&answer, args.format))
}
