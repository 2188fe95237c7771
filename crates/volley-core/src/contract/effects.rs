//! What each field is worth (`volley effects --format json`): the headline's
//! change for every one-step move of a field, largest first.

use super::comparison::ComparisonMethodJson;
use crate::ask::effects::Effects;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Every one-step effect on the headline, and the steps that could not be
/// taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectsJson {
    pub system: String,
    pub action: String,
    pub method: ComparisonMethodJson,
    /// Monte Carlo trials (`null` when exact).
    pub trials: Option<u64>,
    /// Why not exact although the method was automatic: the first step (or
    /// the question as asked) over the exact budget, and what was too large.
    pub exact_refused: Option<String>,
    /// Every field of the scenario the steps start from, with the value it
    /// took.
    pub scenario: serde_json::Map<String, serde_json::Value>,
    pub headline: HeadlineValueJson,
    /// The headline probability of the question as asked.
    pub baseline: f64,
    /// The first mean the action reports, and its value as asked.
    pub mean: Option<MeanBaselineJson>,
    pub effects: Vec<EffectJson>,
    pub skipped: Vec<SkippedStepJson>,
    /// Why the answers are provisional (a reconstructed chart), or `null`.
    pub provisional: Option<String>,
}

/// The headline outcome the effects move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadlineValueJson {
    pub variable: String,
    pub value: String,
}

/// A mean and its value as asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeanBaselineJson {
    pub variable: String,
    pub baseline: f64,
}

/// One step of one field, and what it does to the headline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectJson {
    pub field: String,
    pub from: String,
    pub to: String,
    /// The headline probability after the step.
    pub probability: f64,
    /// After minus before.
    pub difference: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// Two-sided p-value of "no difference" (`null` when exact).
    pub p_value: Option<f64>,
    /// The step's change of the first mean, if the action reports one.
    pub mean_difference: Option<f64>,
}

/// A step that does not make a valid question, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SkippedStepJson {
    pub field: String,
    pub to: String,
    pub reason: String,
}

impl EffectsJson {
    pub fn new(system: &str, action: &str, e: &Effects) -> Self {
        let (variable, value) = &e.headline;
        EffectsJson {
            system: system.to_string(),
            action: action.to_string(),
            method: if e.exact {
                ComparisonMethodJson::Exact
            } else {
                ComparisonMethodJson::MonteCarloPaired
            },
            trials: e.trials,
            exact_refused: e.exact_refused.clone(),
            scenario: e.scenario_fields.clone(),
            headline: HeadlineValueJson {
                variable: variable.clone(),
                value: value.clone(),
            },
            baseline: e.baseline.value,
            mean: e.mean.as_ref().map(|(name, m)| MeanBaselineJson {
                variable: name.clone(),
                baseline: m.value,
            }),
            effects: e
                .effects
                .iter()
                .map(|x| EffectJson {
                    field: x.step.field.clone(),
                    from: x.step.from.clone(),
                    to: x.step.to.clone(),
                    probability: x.probability.value,
                    difference: x.difference.value,
                    ci_low: x.difference.low,
                    ci_high: x.difference.high,
                    p_value: x.difference.p_value,
                    mean_difference: x.mean_difference.map(|d| d.value),
                })
                .collect(),
            skipped: e
                .skipped
                .iter()
                .map(|(s, why)| SkippedStepJson {
                    field: s.field.clone(),
                    to: s.to.clone(),
                    reason: why.clone(),
                })
                .collect(),
            provisional: e.provisional.clone(),
        }
    }
}
