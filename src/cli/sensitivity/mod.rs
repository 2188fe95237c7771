//! `volley sensitivity SYSTEM [ACTION] [field=value]...`: which of the card's
//! unsure readings matter. With an action, one question's table; with
//! `--out DIR`, every action's default question, written to
//! `DIR/sensitivity-SYSTEM/` (report, tidy results, tornado chart).

mod report;

use super::{MethodArgs, key_values};
use crate::ask::sensitivity::sensitivity;
use crate::error::InputError;
use crate::output::{EffectsDocument, Format, render};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SensitivityArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// One action (its question is the fields given); without it, --out.
    pub action: Option<String>,
    /// The question's fields as field=value.
    pub fields: Vec<String>,
    /// Write the report of every action's default question under DIR
    /// (`--report` is the same flag's older name).
    #[arg(long = "out", visible_alias = "report", value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Output format (one action).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

/// Paired trials per reading when a question does not fit the exact budget.
pub(super) const SENSITIVITY_TRIALS: u64 = crate::engine::SIDE_TRIALS;

pub fn run(args: &SensitivityArgs) -> anyhow::Result<String> {
    let config = crate::engine::RunConfig {
        auto_trials: SENSITIVITY_TRIALS,
        ..args.method.config()?
    };
    let rules = args.method.house_rules()?;
    match (&args.action, &args.out) {
        (Some(action), None) => {
            let question = super::odds::question(
                &args.system,
                action,
                &key_values(&args.fields)?,
                &args.method,
            )?;
            let found = sensitivity(&question, &rules, None, &config).map_err(super::explain)?;
            let document = EffectsDocument {
                system: question.system().name(),
                action: question.action().name(),
                title: "which of the card's readings matter",
                effects: &found,
            };
            Ok(render(&document, args.format))
        }
        (None, Some(dir)) => {
            let mut out = report::report(&args.system, dir, &config)?;
            let gallery = crate::reports::gallery::write(dir)?;
            out.push_str(&format!("gallery: {}\n", gallery.display()));
            Ok(out)
        }
        (None, None) => Err(InputError::argument(
            "action",
            "give an action (one question), or --out DIR for every action's default question",
        )
        .into()),
        (Some(_), Some(_)) => Err(InputError::argument(
            "report",
            "give an action (one question) or --out DIR (every action), not both",
        )
        .into()),
    }
}
