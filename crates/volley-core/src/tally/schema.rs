//! The outcome variables of a procedure, declared one by one; each
//! declaration returns the handle the procedure records through.

use super::handles::{Category, Label, Mean, Outcome, PerTurn};
use serde::{Deserialize, Serialize};

/// A categorical outcome variable and every value it can take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Categorical {
    pub name: String,
    pub values: Vec<String>,
}

/// A per-turn curve: a quantity observed at the end of each turn (turn 0 = start).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curve {
    pub name: String,
    /// `true` when the quantity is a 0/1 indicator, so its mean is a probability.
    pub proportion: bool,
    /// Smallest and largest value the quantity can take, when known (intervals
    /// near a bound stay honest).
    #[serde(default)]
    pub bounds: Option<[f64; 2]>,
}

/// A mean variable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeanVar {
    pub name: String,
    /// Smallest and largest value the variable can take, when known.
    #[serde(default)]
    pub bounds: Option<[f64; 2]>,
}

/// A conditional distribution read off a categorical variable: among the trials
/// whose value is in the condition, the share whose value is in the event.
/// Reported as the variable `name` with values `yes` and `no`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Conditional {
    pub name: String,
    /// The categorical variable it reads.
    pub source: String,
    /// Per value of the source: inside the condition?
    pub given: Vec<bool>,
    /// Per value of the source: inside the event?
    pub event: Vec<bool>,
}

/// The outcome variables of a procedure.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Schema {
    pub categorical: Vec<Categorical>,
    pub means: Vec<MeanVar>,
    pub curves: Vec<Curve>,
    /// Derived conditional probabilities (no cells of their own in the tally).
    #[serde(default)]
    pub conditionals: Vec<Conditional>,
    /// Number of turns the curves cover (observations at turns 0..=turns).
    pub turns: usize,
}

impl Schema {
    /// Declare a categorical variable whose values are the enum `C`'s.
    pub fn outcome<C: Category>(&mut self, name: &str) -> Outcome<C> {
        self.categorical_with(name, C::LABELS.iter().map(|l| l.to_string()), 0)
    }

    /// Declare a categorical variable counting `0..=max`.
    pub fn count(&mut self, name: &str, max: u32) -> Outcome<u32> {
        self.categorical_with(name, (0..=max).map(|v| v.to_string()), 0)
    }

    /// Declare a categorical variable over the whole numbers `low..=high`,
    /// each labelled as `label` writes it.
    pub fn span(
        &mut self,
        name: &str,
        low: i32,
        high: i32,
        label: impl Fn(i32) -> String,
    ) -> Outcome<i32> {
        self.categorical_with(name, (low..=high).map(label), i64::from(low))
    }

    /// Declare a categorical variable whose labels are only known at run time
    /// (read from a chart); values are positions in `labels`.
    pub fn labelled<S: Into<String>>(
        &mut self,
        name: &str,
        labels: impl IntoIterator<Item = S>,
    ) -> Outcome<Label> {
        self.categorical_with(name, labels.into_iter().map(Into::into), 0)
    }

    fn categorical_with<V: super::Value>(
        &mut self,
        name: &str,
        values: impl Iterator<Item = String>,
        low: i64,
    ) -> Outcome<V> {
        let offset = self.categorical.iter().map(|c| c.values.len()).sum();
        let values: Vec<String> = values.collect();
        let handle = Outcome::new(self.categorical.len(), offset, values.len(), low);
        self.categorical.push(Categorical {
            name: name.to_string(),
            values,
        });
        handle
    }

    /// Declare a mean variable with no known bounds.
    pub fn mean(&mut self, name: &str) -> Mean {
        self.mean_with(name, None)
    }

    /// Declare a mean variable that always lies in `low..=high`.
    pub fn mean_within(&mut self, name: &str, low: f64, high: f64) -> Mean {
        self.mean_with(name, Some([low, high]))
    }

    fn mean_with(&mut self, name: &str, bounds: Option<[f64; 2]>) -> Mean {
        self.means.push(MeanVar {
            name: name.to_string(),
            bounds,
        });
        Mean(self.means.len() as u32 - 1)
    }

    /// Declare a per-turn curve: a 0/1 indicator (`proportion`) or an unbounded value.
    pub fn curve(&mut self, name: &str, proportion: bool) -> PerTurn {
        self.curve_with(name, proportion, proportion.then_some([0.0, 1.0]))
    }

    /// Declare a per-turn curve of a quantity that always lies in `low..=high`.
    pub fn curve_within(&mut self, name: &str, low: f64, high: f64) -> PerTurn {
        self.curve_with(name, false, Some([low, high]))
    }

    fn curve_with(&mut self, name: &str, proportion: bool, bounds: Option<[f64; 2]>) -> PerTurn {
        self.curves.push(Curve {
            name: name.to_string(),
            proportion,
            bounds,
        });
        PerTurn(self.curves.len() as u32 - 1)
    }

    /// Declare the conditional `name`: P(`source` in `event` | `source` in
    /// `given`).
    pub fn conditional<C: Category + PartialEq>(
        &mut self,
        name: &str,
        source: Outcome<C>,
        event: &[C],
        given: &[C],
    ) {
        let source_var = &self.categorical[source.var as usize];
        self.conditionals.push(Conditional {
            name: name.to_string(),
            source: source_var.name.clone(),
            given: C::ALL.iter().map(|v| given.contains(v)).collect(),
            event: C::ALL
                .iter()
                .map(|v| event.contains(v) && given.contains(v))
                .collect(),
        });
    }

    /// Set the number of turns the curves cover.
    pub fn set_turns(&mut self, turns: usize) {
        self.turns = turns;
    }
}
