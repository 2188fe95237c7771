//! A run turned into rows of estimates: the one structure every output format,
//! frame, plot and report reads.

use super::interval::{Estimate, bounded_mean_interval, mean_interval, proportion, z_score};
use crate::tally::{Conditional, Curve, Method, RunResult, Schema, Shortfall, Tally};
use serde::{Deserialize, Serialize};

/// P(variable = value).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OutcomeRow {
    pub variable: String,
    pub value: String,
    pub estimate: Estimate,
}

/// The mean of a variable.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MeanRow {
    pub variable: String,
    pub estimate: Estimate,
}

/// A curve's value at the end of a turn.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CurvePoint {
    pub variable: String,
    pub turn: usize,
    pub proportion: bool,
    pub estimate: Estimate,
}

/// Every figure of a run with its interval.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub exact: bool,
    pub trials: Option<u64>,
    pub seed: Option<u64>,
    pub confidence: f64,
    /// Why the automatic choice did not take the exact method, when it did not.
    pub exact_refused: Option<String>,
    /// The widest half-width when a precision run stopped at its trial cap
    /// before reaching its target.
    pub precision_not_reached: Option<Shortfall>,
    pub outcomes: Vec<OutcomeRow>,
    pub means: Vec<MeanRow>,
    pub curves: Vec<CurvePoint>,
    /// Leaves the exact method enumerated (0 where it does not count them):
    /// what answering again costs. Not part of the printed answer.
    #[serde(skip)]
    pub exact_work: u64,
}

impl Summary {
    /// The probability of `variable = value`, if both exist (a value's old
    /// name read as its new one: [`crate::tally::current_label`]).
    pub fn probability(&self, variable: &str, value: &str) -> Option<Estimate> {
        let value = crate::tally::current_label(value);
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
        let cells: Vec<f64> = (0..var.values.len())
            .map(|i| result.tally.cell(v, i))
            .collect();
        // Exact: out of the variable's own mass, so a value that is the only one
        // reached is exactly 1, not a total weight summed in another order.
        let of = if exact {
            cells.iter().sum()
        } else {
            estimates.n
        };
        for (value, &cell) in var.values.iter().zip(&cells) {
            outcomes.push(OutcomeRow {
                variable: var.name.clone(),
                value: value.clone(),
                estimate: estimates.conditional(cell, of),
            });
        }
    }
    for c in &schema.conditionals {
        let [event, given] = conditional_weights(schema, &result.tally, c);
        let yes = estimates.conditional(event, given);
        let no = estimates.conditional(given - event, given);
        for (value, estimate) in [("yes", yes), ("no", no)] {
            outcomes.push(OutcomeRow {
                variable: c.name.clone(),
                value: value.to_string(),
                estimate,
            });
        }
    }
    let means = schema
        .means
        .iter()
        .enumerate()
        .map(|(v, var)| MeanRow {
            variable: var.name.clone(),
            estimate: estimates.mean(result.tally.moments(v), mean_bounds(schema, v)),
        })
        .collect();
    let mut curves = Vec::new();
    for (v, curve) in schema.curves.iter().enumerate() {
        for turn in 0..=schema.turns {
            let moments = result.tally.curve_moments(v, turn);
            let estimate = estimates.curve(curve, moments);
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
        exact_refused: result.exact_refused.clone(),
        precision_not_reached: result.precision_not_reached,
        outcomes,
        means,
        curves,
        exact_work: result.tally.exact_work,
    }
}

/// The widest half-width over every figure a run reports (precision stopping rule).
pub fn widest_half_width(schema: &Schema, tally: &Tally, confidence: f64) -> f64 {
    let estimates = Estimates::new(tally, false, confidence);
    let mut widest: f64 = 0.0;
    for (v, var) in schema.categorical.iter().enumerate() {
        for i in 0..var.values.len() {
            widest = widest.max(estimates.proportion(tally.cell(v, i)).reach());
        }
    }
    for c in &schema.conditionals {
        let [event, given] = conditional_weights(schema, tally, c);
        if given > 0.0 {
            widest = widest.max(estimates.conditional(event, given).reach());
        }
    }
    for v in 0..schema.means.len() {
        widest = widest.max(
            estimates
                .mean(tally.moments(v), mean_bounds(schema, v))
                .reach(),
        );
    }
    for (v, curve) in schema.curves.iter().enumerate() {
        for turn in 0..=schema.turns {
            let e = estimates.curve(curve, tally.curve_moments(v, turn));
            widest = widest.max(e.reach());
        }
    }
    widest
}

/// The bounds of mean variable `v`: declared, or read off a count variable of the
/// same name (values `0..=max`).
fn mean_bounds(schema: &Schema, v: usize) -> Option<[f64; 2]> {
    let var = &schema.means[v];
    var.bounds.or_else(|| {
        let counts = schema.categorical.iter().find(|c| c.name == var.name)?;
        let values: Option<Vec<f64>> = counts.values.iter().map(|x| x.parse().ok()).collect();
        let values = values?;
        let low = values.iter().copied().fold(f64::INFINITY, f64::min);
        let high = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (low <= high).then_some([low, high])
    })
}

/// Weights of (event and condition, condition) of a conditional.
fn conditional_weights(schema: &Schema, tally: &Tally, c: &Conditional) -> [f64; 2] {
    let Some(v) = schema.categorical.iter().position(|x| x.name == c.source) else {
        return [0.0, 0.0];
    };
    let mut weights = [0.0, 0.0];
    for (i, (&event, &given)) in c.event.iter().zip(&c.given).enumerate() {
        let w = tally.cell(v, i);
        if event {
            weights[0] += w;
        }
        if given {
            weights[1] += w;
        }
    }
    weights
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
        self.conditional(weight, self.n)
    }

    /// `weight` out of `of` (the trials inside a condition). With no trials in the
    /// condition the value is unknown (NaN, printed as n/a).
    fn conditional(&self, weight: f64, of: f64) -> Estimate {
        if of <= 0.0 {
            Estimate {
                value: f64::NAN,
                low: if self.exact { f64::NAN } else { 0.0 },
                high: if self.exact { f64::NAN } else { 1.0 },
            }
        } else if self.exact {
            // Summed in floating point, a certain event can come to 1 + 2e-16:
            // a probability stays within 0..=1.
            Estimate::exact((weight / of).clamp(0.0, 1.0))
        } else {
            proportion(weight, of, self.z)
        }
    }

    fn mean(&self, moments: [f64; 2], bounds: Option<[f64; 2]>) -> Estimate {
        if self.exact {
            let mean = moments[0] / self.n;
            return Estimate::exact(bounds.map_or(mean, |[low, high]| mean.clamp(low, high)));
        }
        match bounds {
            Some(b) => bounded_mean_interval(moments[0], moments[1], self.n, self.z, b),
            None => mean_interval(moments[0], moments[1], self.n, self.z),
        }
    }

    /// A 0/1 curve is a proportion; a bounded one a bounded mean.
    fn curve(&self, curve: &Curve, moments: [f64; 2]) -> Estimate {
        if curve.proportion && !self.exact {
            proportion(moments[0], self.n, self.z)
        } else {
            self.mean(moments, curve.bounds)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exact run whose one reached value summed to 0.9999999999999999 while
    /// the total weight summed to 1: that value is certain and reads exactly 1.
    #[test]
    fn an_exact_certainty_is_exactly_one() {
        let mut schema = Schema::default();
        let side = schema.count("side", 1);
        let mut tally = Tally::new(&schema);
        for w in [0.1, 0.2, 0.7] {
            tally.trial(w);
        }
        // Counted in another order, as merged branches are.
        for w in [0.2, 0.7, 0.1] {
            tally.count(side, 1, w);
        }
        assert_ne!(tally.weight, tally.cell(0, 1), "the case needs rounding");
        let summary = summarize(&RunResult {
            method: Method::Exact,
            schema,
            tally,
            confidence: 0.95,
            precision_not_reached: None,
            exact_refused: None,
        });
        assert_eq!(summary.probability("side", "1").unwrap().value, 1.0);
        assert_eq!(summary.probability("side", "0").unwrap().value, 0.0);
    }
}
