//! A run turned into rows of estimates: the one structure every output format,
//! frame, plot and report reads.

use super::interval::{Estimate, mean_interval, wilson, z_score};
use crate::engine::{Method, RunResult, Schema, Tally};
use serde::Serialize;

/// P(variable = value).
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeRow {
    pub variable: String,
    pub value: String,
    pub estimate: Estimate,
}

/// The mean of a variable.
#[derive(Clone, Debug, Serialize)]
pub struct MeanRow {
    pub variable: String,
    pub estimate: Estimate,
}

/// A curve's value at the end of a turn.
#[derive(Clone, Debug, Serialize)]
pub struct CurvePoint {
    pub variable: String,
    pub turn: usize,
    pub proportion: bool,
    pub estimate: Estimate,
}

/// Every figure of a run with its interval.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub exact: bool,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub confidence: f64,
    pub outcomes: Vec<OutcomeRow>,
    pub means: Vec<MeanRow>,
    pub curves: Vec<CurvePoint>,
}

impl Summary {
    /// The probability of `variable = value`, if both exist.
    pub fn probability(&self, variable: &str, value: &str) -> Option<Estimate> {
        self.outcomes
            .iter()
            .find(|r| r.variable == variable && r.value == value)
            .map(|r| r.estimate)
    }

    /// The mean of `variable`, if it exists.
    pub fn mean(&self, variable: &str) -> Option<Estimate> {
        self.means
            .iter()
            .find(|r| r.variable == variable)
            .map(|r| r.estimate)
    }
}

/// Estimates for every variable of a run.
pub fn summarize(result: &RunResult) -> Summary {
    let exact = result.method == Method::Exact;
    let (trials, seed) = match result.method {
        Method::Exact => (None, None),
        Method::MonteCarlo { trials, seed } => (Some(trials), Some(seed)),
    };
    let estimates = Estimates::new(&result.tally, exact, result.confidence);
    let schema = &result.schema;
    let mut outcomes = Vec::new();
    for (v, var) in schema.categorical.iter().enumerate() {
        for (i, value) in var.values.iter().enumerate() {
            outcomes.push(OutcomeRow {
                variable: var.name.clone(),
                value: value.clone(),
                estimate: estimates.proportion(result.tally.cell(v, i)),
            });
        }
    }
    let means = schema
        .means
        .iter()
        .enumerate()
        .map(|(v, name)| MeanRow {
            variable: name.clone(),
            estimate: estimates.mean(result.tally.moments(v)),
        })
        .collect();
    let mut curves = Vec::new();
    for (v, curve) in schema.curves.iter().enumerate() {
        for turn in 0..=schema.turns {
            let moments = result.tally.curve_moments(v, turn);
            let estimate = if curve.proportion {
                estimates.proportion(moments[0])
            } else {
                estimates.mean(moments)
            };
            curves.push(CurvePoint {
                variable: curve.name.clone(),
                turn,
                proportion: curve.proportion,
                estimate,
            });
        }
    }
    Summary {
        exact,
        trials,
        seed,
        confidence: result.confidence,
        outcomes,
        means,
        curves,
    }
}

/// The widest half-width over every figure a run reports (precision stopping rule).
pub fn widest_half_width(schema: &Schema, tally: &Tally, confidence: f64) -> f64 {
    let estimates = Estimates::new(tally, false, confidence);
    let mut widest: f64 = 0.0;
    for (v, var) in schema.categorical.iter().enumerate() {
        for i in 0..var.values.len() {
            widest = widest.max(estimates.proportion(tally.cell(v, i)).half_width());
        }
    }
    for v in 0..schema.means.len() {
        widest = widest.max(estimates.mean(tally.moments(v)).half_width());
    }
    for (v, curve) in schema.curves.iter().enumerate() {
        for turn in 0..=schema.turns {
            let m = tally.curve_moments(v, turn);
            let e = if curve.proportion {
                estimates.proportion(m[0])
            } else {
                estimates.mean(m)
            };
            widest = widest.max(e.half_width());
        }
    }
    widest
}

struct Estimates {
    n: f64,
    exact: bool,
    z: f64,
}

impl Estimates {
    fn new(tally: &Tally, exact: bool, confidence: f64) -> Self {
        Estimates {
            n: tally.weight,
            exact,
            z: z_score(confidence),
        }
    }

    fn proportion(&self, weight: f64) -> Estimate {
        if self.exact {
            Estimate::exact(weight / self.n)
        } else {
            wilson(weight, self.n, self.z)
        }
    }

    fn mean(&self, moments: [f64; 2]) -> Estimate {
        if self.exact {
            Estimate::exact(moments[0] / self.n)
        } else {
            mean_interval(moments[0], moments[1], self.n, self.z)
        }
    }
}
