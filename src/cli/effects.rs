//! `volley effects SYSTEM ACTION [field=value]...`: what each field is worth.

use super::{MethodArgs, key_values};
use crate::effects::{effects, steps};
use crate::error::InputError;
use crate::output::{Format, render_effects};
use crate::plot::{Figure, Tornado};
use crate::tally::current_label;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct EffectsArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// Action of the system.
    pub action: String,
    /// The scenario's fields as field=value.
    pub fields: Vec<String>,
    /// Only these fields (comma-separated); by default every field, except a
    /// choice with more than 8 alternatives.
    #[arg(long, value_name = "F1,F2", value_delimiter = ',')]
    pub only: Vec<String>,
    /// The outcome to measure, VARIABLE=VALUE (default: the action's headline).
    #[arg(long, value_name = "VARIABLE=VALUE")]
    pub show: Option<String>,
    /// Also draw a tornado chart to FILE (.png and .svg are both written).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

/// Largest number of alternatives of a choice tried without being asked for.
const MAX_CHOICES: usize = 8;

/// Trials of a paired run when the steps do not all fit the exact budget.
const EFFECTS_TRIALS: u64 = crate::engine::SIDE_TRIALS;

pub fn run(args: &EffectsArgs) -> anyhow::Result<String> {
    let question = super::odds::question(
        &args.system,
        &args.action,
        &key_values(&args.fields)?,
        &args.method,
    )?;
    for name in &args.only {
        if !question.fields().iter().any(|f| f.name == name) {
            return Err(InputError::argument(
                "only",
                format!("`{}` has no field `{name}`", question.action().name()),
            )
            .into());
        }
    }
    let headline = match &args.show {
        Some(text) => Some(
            text.split_once('=')
                .map(|(v, x)| (v.trim().to_string(), current_label(x.trim()).to_string()))
                .ok_or_else(|| InputError::argument("show", "expected VARIABLE=VALUE"))?,
        ),
        None => None,
    };
    let (steps, skipped) = steps(&question, &args.only, MAX_CHOICES);
    let config = crate::engine::RunConfig {
        auto_trials: EFFECTS_TRIALS,
        ..args.method.config()
    };
    let found = effects(&question, steps, skipped, headline, &config).map_err(super::explain)?;
    if let Some(path) = &args.plot {
        let (variable, value) = &found.headline;
        let bars = found
            .effects
            .iter()
            .take(24)
            .map(|e| {
                (
                    format!("{}: {} -> {}", e.step.field, e.step.from, e.step.to),
                    100.0 * e.difference.value,
                    100.0 * e.difference.low,
                    100.0 * e.difference.high,
                )
            })
            .collect();
        let shown = found.effects.len().min(24);
        Tornado {
            title: format!(
                "{}{} {}: what each field is worth{}",
                if found.provisional.is_some() {
                    "PROVISIONAL (reconstructed chart): "
                } else {
                    ""
                },
                question.system().name(),
                question.action().name(),
                if shown < found.effects.len() {
                    format!(" (largest {shown} of {})", found.effects.len())
                } else {
                    String::new()
                }
            ),
            x_label: format!(
                "change in P({variable} = {value}) from {} as asked, points",
                crate::output::percent(&found.baseline, found.exact)
            ),
            bars,
        }
        .write(&path.with_extension(""))?;
    }
    Ok(render_effects(
        question.system().name(),
        question.action().name(),
        "what each field is worth",
        &found,
        args.format,
    ))
}
