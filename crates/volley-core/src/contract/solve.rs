//! The inverse question (`volley solve --format json`): every value tried, and
//! the one found.

use crate::ask::solve::Solved;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A search over one field for the value that meets a target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolvedJson {
    pub system: String,
    pub action: String,
    pub field: String,
    /// `P(VARIABLE=VALUE) >= X`, `mean(VARIABLE) <= X`, ...
    pub target: String,
    pub direction: DirectionJson,
    /// The value found, or `null` when none meets the target.
    pub value: Option<String>,
    /// Meeting the target changes at most once along the field.
    pub monotone: bool,
    /// The values at which meeting the target changes.
    pub crossings: Vec<String>,
    pub skipped: Vec<SkippedValueJson>,
    pub answers: Vec<TriedJson>,
    /// Why the answers are provisional (a reconstructed chart), or `null`.
    pub provisional: Option<String>,
}

/// Which end of the field the search wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DirectionJson {
    Smallest,
    Largest,
}

/// One value tried: the target's figure there (`probability` for a
/// probability target, `mean` for a mean), and whether it meets the target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriedJson {
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    pub ci_low: f64,
    pub ci_high: f64,
    pub exact: bool,
    /// Why Monte Carlo although exact was tried (`null` when exact, or when
    /// Monte Carlo was asked for).
    pub exact_refused: Option<String>,
    pub meets: bool,
    /// The interval lies wholly on one side of the threshold.
    pub decided: bool,
}

/// A value that does not make a valid question, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkippedValueJson {
    pub value: String,
    pub reason: String,
}

impl SolvedJson {
    pub fn new(system: &str, action: &str, s: &Solved) -> Self {
        let probability = s.target.value.is_some();
        SolvedJson {
            system: system.to_string(),
            action: action.to_string(),
            field: s.field.clone(),
            target: s.target.to_string(),
            direction: if s.largest {
                DirectionJson::Largest
            } else {
                DirectionJson::Smallest
            },
            value: s.value.clone(),
            monotone: s.monotone(),
            crossings: s.crossings().into_iter().map(String::from).collect(),
            skipped: s
                .skipped
                .iter()
                .map(|(value, why)| SkippedValueJson {
                    value: value.clone(),
                    reason: why.clone(),
                })
                .collect(),
            answers: s
                .answers
                .iter()
                .map(|a| TriedJson {
                    value: a.value.clone(),
                    probability: probability.then_some(a.estimate.value),
                    mean: (!probability).then_some(a.estimate.value),
                    ci_low: a.estimate.low,
                    ci_high: a.estimate.high,
                    exact: a.exact,
                    exact_refused: a.exact_refused.clone(),
                    meets: a.meets,
                    decided: a.decided,
                })
                .collect(),
            provisional: s.provisional.clone(),
        }
    }
}
