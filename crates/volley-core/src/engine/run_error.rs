//! Why a run could not be done, and the part of its request to change, for
//! each front end to word in its own terms.

use crate::dice::OverBudget;
use thiserror::Error;

/// Why a run could not be done. Front ends say which of their settings is at
/// fault.
#[derive(Debug, Error)]
pub enum RunError {
    #[error("exact enumeration is over its budget: {0}")]
    OverBudget(#[from] OverBudget),
    #[error("the trial count must be at least 1")]
    NoTrials,
    #[error("the precision must be a positive number, got {0}")]
    BadPrecision(f64),
    #[error("the confidence level must be strictly between 0 and 1, got {0}")]
    BadConfidence(f64),
    #[error("a shard is a fixed slice of a fixed run: it needs a trial count")]
    ShardNeedsTrials,
    #[error("the run was stopped after {0} trials")]
    Cancelled(u64),
}

/// The part of a run's request a [`RunError`] is about, for each front end to
/// name in its own words (a flag, a query key, a keyword argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKey {
    /// The method named.
    Method,
    /// The request for an exact answer.
    Exact,
    /// The exact method's budget.
    Budget,
    Trials,
    Precision,
    Confidence,
    /// The slice of a run asked for.
    Shard,
}

impl RunError {
    /// What the request should change.
    pub fn key(&self) -> RunKey {
        match self {
            RunError::OverBudget(_) => RunKey::Exact,
            RunError::NoTrials | RunError::Cancelled(_) => RunKey::Trials,
            RunError::BadPrecision(_) => RunKey::Precision,
            RunError::BadConfidence(_) => RunKey::Confidence,
            RunError::ShardNeedsTrials => RunKey::Shard,
        }
    }

    /// The error led by the key at fault, each key as `name` words it; an
    /// exact answer over its budget also says to raise the budget (`--exact:
    /// ... (or raise --budget)` on the command line).
    pub fn worded(&self, name: impl Fn(RunKey) -> &'static str) -> String {
        let detail = match self {
            RunError::OverBudget(over) => {
                format!("{over} (or raise {})", name(RunKey::Budget))
            }
            other => other.to_string(),
        };
        format!("{}: {detail}", name(self.key()))
    }
}
