//! A question against its rule or scenario variants (`volley compare
//! --format json`, the API's `/api/compare`).

use super::answer::AnswerJson;
use crate::ask::compare::{Compared, DifferenceRow};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A comparison: the baseline's answer, and each variant's answer with its
/// differences to the baseline on the same trials (or exactly).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ComparisonJson {
    pub system: String,
    pub action: String,
    pub method: ComparisonMethodJson,
    /// Monte Carlo trials (`null` when exact).
    pub trials: Option<u64>,
    /// Why the comparison is not exact although the method was automatic:
    /// the first side over the exact budget, and what was too large (`null`
    /// when exact, or when Monte Carlo was asked for).
    pub exact_refused: Option<String>,
    pub seed: u64,
    pub confidence: f64,
    pub baseline: AnswerJson,
    pub variants: Vec<VariantJson>,
}

/// How a comparison was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ComparisonMethodJson {
    /// Every side exact: the differences are exact.
    Exact,
    /// Every side on the same seeded trials: paired intervals and p-values.
    MonteCarloPaired,
}

/// One variant: its name, what it changes, its answer and its differences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantJson {
    pub name: String,
    /// The house-rule file or the field settings that make the variant.
    pub spec: String,
    pub result: AnswerJson,
    pub differences: Vec<DifferenceJson>,
    /// For a variant that changes nothing here, the one-step moves of the
    /// scenario after which it would (`field=to (instead of from)`), when
    /// looked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub differs_at: Option<Vec<String>>,
    /// Monte Carlo: no paired trial gave the variant an outcome or a mean
    /// other than the baseline's, so its intervals only bound how rare a
    /// difference would have to be (absent when some trial differed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_trial_differed: bool,
    /// With `no_trial_differed`: the rules options that are all the variant
    /// changes, none of which any trial read (absent otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unread_changes: Vec<String>,
}

/// The variant's figure minus the baseline's: a probability (with `value`)
/// or a mean (`value` null).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DifferenceJson {
    pub variable: String,
    pub value: Option<String>,
    pub difference: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// Two-sided p-value of "no difference" (`null` when exact).
    pub p_value: Option<f64>,
}

impl From<&DifferenceRow> for DifferenceJson {
    fn from(r: &DifferenceRow) -> Self {
        DifferenceJson {
            variable: r.variable.clone(),
            value: r.value.clone(),
            difference: r.difference.value,
            ci_low: r.difference.low,
            ci_high: r.difference.high,
            p_value: r.difference.p_value,
        }
    }
}

impl ComparisonJson {
    /// `compared`, with the answers of the baseline and of each variant as the
    /// front end wrote them.
    pub fn new(compared: &Compared, baseline: AnswerJson, variants: Vec<AnswerJson>) -> Self {
        ComparisonJson {
            system: baseline.system.clone(),
            action: baseline.action.clone(),
            method: if compared.exact {
                ComparisonMethodJson::Exact
            } else {
                ComparisonMethodJson::MonteCarloPaired
            },
            trials: compared.trials,
            exact_refused: compared.exact_refused.clone(),
            seed: compared.seed,
            confidence: compared.confidence,
            baseline,
            variants: compared
                .variants
                .iter()
                .zip(variants)
                .map(|(v, result)| VariantJson {
                    name: v.name.clone(),
                    spec: v.spec.clone(),
                    result,
                    differences: v.differences.iter().map(DifferenceJson::from).collect(),
                    differs_at: v.differs_at.clone(),
                    no_trial_differed: v.no_trial_differed,
                    unread_changes: v.unread_changes.clone(),
                })
                .collect(),
        }
    }
}
