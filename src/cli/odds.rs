//! `volley odds SYSTEM ACTION [field=value]...`.

use super::{MethodArgs, key_values};
use crate::ask::question::Question;
use crate::error::InputError;
use crate::output::Look;
use crate::output::{Format, render_odds};
use crate::systems::Origin;
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
    /// Show exact probabilities as fractions where the denominator is at most
    /// 100,000 (`7/36 (19.44%)`); Monte Carlo figures keep their intervals.
    #[arg(long)]
    pub fractions: bool,
    /// Per-turn tables in one block with each interval beside its value,
    /// however wide (by default they fit 100 columns: blocks of columns, each
    /// interval on the line below its value).
    #[arg(long)]
    pub wide: bool,
    /// Print every field of the scenario, defaults too (by default the text
    /// names the fields given; the JSON always holds every field).
    #[arg(long)]
    pub verbose: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Run only shard K of N of a --trials run (see `volley merge`); K counts
    /// from 0, so the shards of a 4-way split are 0/4, 1/4, 2/4 and 3/4. Trials
    /// are dealt in blocks of 65,536, so N is at most the number of blocks.
    #[arg(long, value_name = "K/N", requires = "trials", value_parser = crate::engine::Shard::parse)]
    pub shard: Option<crate::engine::Shard>,
    /// Measure the card's other readings: each alternative value of each
    /// option the question consulted, with its headline and the difference.
    /// A Monte Carlo answer runs them on the same trials (paired); an exact
    /// answer runs them exactly, which it does unasked where that is cheap
    /// (every action but a large multi-turn engagement).
    #[arg(long)]
    pub readings: bool,
    /// Also save the raw tally to FILE (for `volley merge`).
    #[arg(long, value_name = "FILE", requires = "trials")]
    pub save_tally: Option<std::path::PathBuf>,
    /// Print help (with SYSTEM and ACTION: the action's fields).
    #[arg(short, long, action = ArgAction::SetTrue)]
    pub help: bool,
}

/// The question the command line asks: system, action, house-rule files and
/// `field=value` arguments.
pub fn question(
    system: &str,
    action: &str,
    fields: &[(String, String)],
    method: &MethodArgs,
) -> Result<Question, InputError> {
    let raw = Origin::arguments_of(fields);
    Question::new(system, action, &method.house_rules()?, &raw)
}

/// The field list of an action, for `--help`.
pub fn field_help(system: &str, action: &str) -> anyhow::Result<String> {
    let question = Question::new(system, action, &[], &[])?;
    let action = question.action();
    let mut out = format!(
        "volley odds {} {} [field=value]... [--format table|json|csv|markdown] [--exact | --trials N | --precision E] [--seed S] [--confidence C] [--house-rule FILE]\n\n{}\n\nfields:\n",
        question.system().name(),
        action.name(),
        action.summary()
    );
    for spec in question.fields() {
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
    for axis in action.derived_axes() {
        let _ = writeln!(
            out,
            "  {axis:<30} a sweep axis for `volley table` and experiments (sets other fields)"
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
    let question = question(system, action, &key_values(&args.fields)?, &args.method)?;
    if let (Some(shard), Some(trials)) = (args.shard, args.method.trials) {
        shard
            .check(trials)
            .map_err(|m| crate::error::InputError::argument("shard", m))?;
    }
    // A precision run's trial count is only a cap: no forecast from it.
    let bar = if args.method.precision.is_some() {
        super::progress::TerminalProgress::without_forecast()
    } else {
        super::progress::TerminalProgress::new()
    };
    let config = crate::engine::RunConfig {
        shard: args.shard,
        progress: Some(bar.hook()),
        ..args.method.config()?
    };
    let result = question.answer(&config).map_err(super::explain)?;
    drop(bar);
    let readings = if args.shard.is_some() {
        // A shard's answer is a part: its readings are listed, not measured.
        crate::ask::readings::consulted(&question)
    } else {
        let quiet = crate::engine::RunConfig {
            progress: None,
            ..config.clone()
        };
        crate::ask::readings::measure(
            &question,
            &crate::stats::summarize(&result),
            &quiet,
            args.readings,
        )
        .map_err(super::explain)?
    };
    if let Some(path) = &args.save_tally {
        let file = crate::output::TallyFile::of_shard(
            &question,
            &config,
            args.method.trials.unwrap_or(0),
            args.shard
                .unwrap_or(crate::engine::Shard { index: 0, count: 1 }),
            &result,
            &readings,
        );
        crate::frame::write_atomic(path, serde_json::to_string(&file)?.as_bytes())?;
    }
    Ok(render_odds(
        &question,
        &result,
        readings,
        args.format,
        Look {
            fractions: args.fractions,
            wide: args.wide,
            verbose: args.verbose,
        },
    ))
}
