//! `volley solve SYSTEM ACTION --vary FIELD --target "P(V=X) >= T" [field=value]...`:
//! the value of a field that meets a target.

use super::{MethodArgs, key_values};
use crate::ask::solve::asked;
use crate::output::{Format, SolvedDocument, render};
use clap::Args;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// Action of the system.
    pub action: String,
    /// The other fields as field=value.
    pub fields: Vec<String>,
    /// The field to search, in its own order (numbers ascending; a choice in the
    /// order `--help` lists its values).
    #[arg(long, value_name = "FIELD")]
    pub vary: String,
    /// The target: "P(VARIABLE=VALUE) >= X" (or <=), or "mean(VARIABLE) >= X".
    #[arg(long, value_name = "TARGET")]
    pub target: String,
    /// The values to try, in order (A..B or a comma list); default the field's
    /// whole range.
    #[arg(long, value_name = "VALUES")]
    pub values: Option<String>,
    /// Find the largest value meeting the target instead of the smallest.
    #[arg(long)]
    pub largest: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

pub fn run(args: &SolveArgs) -> anyhow::Result<String> {
    let fields = key_values(&args.fields)?;
    let question = super::odds::question(&args.system, &args.action, &fields, &args.method)?;
    let given: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    let solved = asked(
        &question,
        &given,
        &args.vary,
        &args.target,
        args.values.as_deref(),
        args.largest,
        &args.method.config()?,
    )
    .map_err(super::explain)?;
    let document = SolvedDocument {
        system: question.system().name(),
        action: question.action().name(),
        solved: &solved,
    };
    Ok(render(&document, args.format))
}
