//! `volley compare SYSTEM ACTION [field=value]... --variant NAME:SPEC...`: a
//! question against its variants on the same trials, with paired differences.

use super::{MethodArgs, key_values};
use crate::ask::compare::Comparison;
use crate::error::InputError;
use crate::output::{Format, render_comparison};
use clap::Args;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// Action of the system.
    pub action: String,
    /// The baseline's fields as field=value.
    pub fields: Vec<String>,
    /// A variant as NAME:SPEC, repeatable. SPEC is a comma-separated list of
    /// house-rule files, chart patches (chart.path=value sets a value, as a
    /// house rule's `[set]` names it; chart.path+=N, -=N and *=N change the
    /// card's value) and field=value overrides, on top of the baseline:
    /// `woods6:house_rules/woods_plus_6.toml`, `woods6:terrain.woods.personnel=6`,
    /// `woods5:terrain.woods.personnel+=1`, `harder:die_mod=1`,
    /// `both:house_rules/woods_plus_6.toml,die_mod=1`.
    #[arg(long = "variant", value_name = "NAME:SPEC", required = true)]
    pub variants: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

/// Build the comparison a command line asks for.
pub fn comparison(
    system: &str,
    action: &str,
    fields: &[(String, String)],
    method: &MethodArgs,
    variants: &[String],
) -> Result<Comparison, InputError> {
    crate::ask::variants::comparison(system, action, fields, &method.house_rules()?, variants)
}

pub fn run(args: &CompareArgs) -> anyhow::Result<String> {
    let comparison = comparison(
        &args.system,
        &args.action,
        &key_values(&args.fields)?,
        &args.method,
        &args.variants,
    )?;
    let config = args.method.config()?;
    let mut compared = comparison.run(&config).map_err(super::explain)?;
    // A variant that changes nothing here: say where it would.
    crate::ask::variants::say_where_they_would_differ(&mut compared, &comparison, config.seed);
    Ok(render_comparison(&comparison, &compared, args.format))
}
