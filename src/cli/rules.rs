//! `volley rules SYSTEM [CHART]`.

use crate::systems;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// One chart (default: all).
    pub chart: Option<String>,
    /// A house-rule file to apply before printing (repeatable).
    #[arg(long = "house-rule", value_name = "FILE")]
    pub house_rules: Vec<PathBuf>,
}

pub fn run(args: &RulesArgs) -> anyhow::Result<String> {
    let system = systems::find(&args.system)?;
    let rules: Vec<_> = args
        .house_rules
        .iter()
        .map(|p| crate::rules::HouseRule::from_file(p))
        .collect::<Result<_, _>>()?;
    let book = systems::rulebook(system, &rules)?;
    Ok(system.describe(&book, args.chart.as_deref())?)
}
