//! `volley effects SYSTEM ACTION [field=value]...`: what each field is worth.

use super::{MethodArgs, key_values};
use crate::output::{EffectsDocument, Format, render};
use crate::plot::{Figure, Tornado};
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

pub fn run(args: &EffectsArgs) -> anyhow::Result<String> {
    let question = super::odds::question(
        &args.system,
        &args.action,
        &key_values(&args.fields)?,
        &args.method,
    )?;
    let found = crate::ask::effects::asked(
        &question,
        &args.only,
        args.show.as_deref(),
        &args.method.config()?,
    )
    .map_err(super::explain)?;
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
    let document = EffectsDocument {
        system: question.system().name(),
        action: question.action().name(),
        title: "what each field is worth",
        effects: &found,
    };
    Ok(render(&document, args.format))
}
