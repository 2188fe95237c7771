//! How a question is answered (method, seed, confidence, budget) and under which
//! house rules, as the command line's flags and the page's query both give them;
//! a question's error in those flags' words.

use crate::engine::{MethodAsk, MethodName, RunConfig, RunError, RunKey};
use crate::error::Key;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct MethodArgs {
    /// Monte Carlo with this many trials. Without a method volley is exact
    /// where the question fits 250,000 branches, else runs 1,000,000 trials
    /// (200,000 a side where effects and sensitivity compare many sides).
    #[arg(long, value_name = "N", conflicts_with_all = ["precision", "exact"])]
    pub trials: Option<u64>,
    /// Monte Carlo until every interval's half-width is below E. E is absolute:
    /// a probability's half-width as a fraction (0.001 = 0.1 percentage points), a
    /// mean's in the variable's own unit (steps, turns, figures). Starts at 4,096
    /// trials and doubles, up to 1e9.
    #[arg(long, value_name = "E", conflicts_with = "exact")]
    pub precision: Option<f64>,
    /// Exact enumeration; fails if the dice tree is over the budget.
    #[arg(long)]
    pub exact: bool,
    /// Seed of the random streams.
    #[arg(long, default_value_t = crate::engine::DEFAULT_SEED)]
    pub seed: u64,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = crate::engine::DEFAULT_CONFIDENCE)]
    pub confidence: f64,
    /// Most branches (or states) the exact method may explore (default
    /// 2,000,000 with --exact; without a method, exact is tried within 250,000,
    /// or within this budget when it is given).
    #[arg(long)]
    pub budget: Option<u64>,
    /// A house-rule file patching the charts (repeatable, applied in order).
    #[arg(long = "house-rule", value_name = "FILE")]
    pub house_rules: Vec<PathBuf>,
}

/// A question's error in the words of the command line: for an engine error,
/// which flag to change.
pub fn explain(error: crate::ask::question::QuestionError) -> anyhow::Error {
    match error {
        crate::ask::question::QuestionError::Input(e) => e.into(),
        crate::ask::question::QuestionError::Run(e) => explain_run(e),
    }
}

/// An engine error in the words of the command line: which flag to change.
pub fn explain_run(error: RunError) -> anyhow::Error {
    anyhow::anyhow!(error.worded(flag))
}

/// The command line's flag for a key an error advises setting, with what
/// to give it (`--trials N`).
pub fn flag_of(key: Key, value: Option<&str>) -> String {
    let flag = format!("--{}", key.name().replace('_', "-"));
    match value {
        Some(value) => format!("{flag} {value}"),
        None => flag,
    }
}

/// The command line's flag for a part of the run's request.
pub fn flag(key: RunKey) -> &'static str {
    match key {
        // The command line names a method only by asking for an exact answer.
        RunKey::Method | RunKey::Exact => "--exact",
        RunKey::Budget => "--budget",
        RunKey::Trials => "--trials",
        RunKey::Precision => "--precision",
        RunKey::Confidence => "--confidence",
        RunKey::Shard => "--shard",
    }
}

impl MethodArgs {
    /// What these flags ask, as every front end asks it.
    pub fn ask(&self) -> MethodAsk {
        MethodAsk {
            method: if self.exact {
                MethodName::Exact
            } else {
                MethodName::Auto
            },
            trials: self.trials,
            precision: self.precision,
            seed: self.seed,
            confidence: self.confidence,
            budget: self.budget,
            ..MethodAsk::default()
        }
    }

    /// The run configuration these flags ask for. (The flags that exclude
    /// each other are refused as they are read; this refuses them too, in
    /// the flags' words.)
    pub fn config(&self) -> anyhow::Result<RunConfig> {
        self.ask()
            .config()
            .map_err(|e| anyhow::anyhow!(e.worded(flag)))
    }

    /// Read the house-rule files.
    pub fn house_rules(&self) -> Result<Vec<crate::rules::HouseRule>, crate::error::InputError> {
        self.house_rules
            .iter()
            .map(|p| crate::rules::HouseRule::from_file(p))
            .collect()
    }
}
