//! `volley table SYSTEM ACTION`: P(variable = value) over one or two swept
//! fields (see [`crate::output::tabulate`]).

use super::{MethodArgs, key_values};
use crate::output::{Format, TableAsk, render, tabulate};
use clap::Args;

#[derive(Debug, Args)]
pub struct TableArgs {
    /// Rule system.
    pub system: String,
    /// Action whose outcome is tabulated.
    pub action: String,
    /// Fixed scenario fields as field=value.
    pub fields: Vec<String>,
    /// Row axis: FIELD=a..b or FIELD=v1,v2,... (default differential=-3..9 where the
    /// action has firepower and defense).
    #[arg(long, value_name = "FIELD=VALUES")]
    pub row: Option<String>,
    /// Column axis (default die_mod=-3..3 where the action has die_mod; without a
    /// column axis the columns are every value of the shown variable).
    #[arg(long = "col", value_name = "FIELD=VALUES")]
    pub column: Option<String>,
    /// The outcome shown: VARIABLE=VALUE, or VARIABLE for all its values (default:
    /// the action's headline outcome).
    #[arg(long, value_name = "VARIABLE[=VALUE]")]
    pub show: Option<String>,
    /// Show exact probabilities as fractions where the denominator is at most
    /// 100,000 (`7/36 (19.44%)`); Monte Carlo cells keep their intervals.
    #[arg(long)]
    pub fractions: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

pub fn run(args: &TableArgs) -> anyhow::Result<String> {
    let fixed = key_values(&args.fields)?;
    // One question, its house rules read and its charts compiled once; every
    // cell is that question with the axis fields set.
    let question = super::odds::question(&args.system, &args.action, &fixed, &args.method)?;
    let ask = TableAsk {
        row: args.row.clone(),
        column: args.column.clone(),
        show: args.show.clone(),
        fractions: args.fractions,
    };
    let grid = tabulate(&question, &ask, &args.method.config()?).map_err(super::explain)?;
    Ok(render(&grid, args.format))
}
