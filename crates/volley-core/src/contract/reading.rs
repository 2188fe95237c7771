//! The card's unsure readings an answer rests on, as every JSON answer lists
//! them.

use crate::ask::readings::{Measured, Reading};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One reading: the option, the value used, and the headline under each other
/// value that was measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadingJson {
    /// The option's name in the chart file's `[options]`.
    pub option: String,
    /// The value used, as a reader writes it.
    pub value: String,
    /// The other values the card's data builds.
    pub others: Vec<String>,
    /// The headline under each alternative measured.
    pub alternatives: Vec<AlternativeJson>,
    /// How the alternatives were measured, `null` when they were not.
    pub measured: Option<MeasuredJson>,
    /// Why the alternatives were not measured, or `null`.
    pub not_measured: Option<String>,
    /// Alternatives that refuse this question, and why.
    pub refused: Vec<String>,
}

/// How a reading's alternatives were measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MeasuredJson {
    /// Each alternative exactly.
    Exact,
    /// Each alternative on the answer's own trials.
    Paired,
}

/// The headline under one alternative value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlternativeJson {
    pub value: String,
    pub probability: f64,
    /// The alternative's headline minus the answer's.
    pub difference: f64,
    pub exact: bool,
    /// The intervals and the p-value of a paired (Monte Carlo) measurement.
    #[serde(default, flatten, skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedJson>,
}

/// The intervals of an alternative measured on the answer's own trials.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PairedJson {
    pub ci_low: f64,
    pub ci_high: f64,
    pub difference_ci_low: f64,
    pub difference_ci_high: f64,
    /// Two-sided p-value of "no difference".
    pub p_value: Option<f64>,
}

impl From<&Reading> for ReadingJson {
    fn from(r: &Reading) -> Self {
        let (measured, not_measured) = match &r.measured {
            Measured::Exact => (Some(MeasuredJson::Exact), None),
            Measured::Paired => (Some(MeasuredJson::Paired), None),
            Measured::No(why) => (None, Some(why.clone())),
        };
        ReadingJson {
            option: r.option.clone(),
            value: r.value.clone(),
            others: r.others.clone(),
            alternatives: r
                .alternatives
                .iter()
                .map(|a| AlternativeJson {
                    value: a.value.clone(),
                    probability: a.probability.value,
                    difference: a.difference.value,
                    exact: a.exact,
                    paired: (!a.exact).then_some(PairedJson {
                        ci_low: a.probability.low,
                        ci_high: a.probability.high,
                        difference_ci_low: a.difference.low,
                        difference_ci_high: a.difference.high,
                        p_value: a.difference.p_value,
                    }),
                })
                .collect(),
            measured,
            not_measured,
            refused: r.refused.clone(),
        }
    }
}
