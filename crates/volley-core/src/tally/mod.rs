//! Tallies: what a run accumulates instead of storing trials. This layer sits
//! below both the engine (which fills tallies) and the statistics (which read
//! them), so neither needs the other's types.
//!
//! A [`Schema`] names the outcome variables of a procedure: categorical variables
//! (every value listed), means, and per-turn curves. A [`Tally`] holds, for each, the
//! summed weight (a trial count in Monte Carlo, a probability when exact). Tallies
//! merge by addition, which is what lets chunks, threads and shards agree.
//! [`FightRecord`] is the schema two cards' firefights share.

mod fight_record;
mod handles;
mod schema;

pub use fight_record::FightRecord;
pub use handles::{Category, Label, Mean, Outcome, PerTurn, Side, Value, YesNo};
pub use schema::{Categorical, Conditional, Curve, MeanVar, Schema};

use serde::{Deserialize, Serialize};

/// How a result was obtained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    Exact,
    MonteCarlo { trials: u64, seed: u64 },
}

/// An outcome value's current name for one a user may still type from an
/// older volley: one word for a fight that reached its turn limit in every
/// system, `turn-limit` (Micro Squad's engagement said `undecided`), and
/// Chart 8's row 5 said in a player's words.
pub fn current_label(value: &str) -> &str {
    match value {
        "undecided" => "turn-limit",
        "death-test-plus1" => "death-brigade-tests-at-plus1",
        other => other,
    }
}

/// A precision run that stopped at its trial cap before every interval was as
/// narrow as asked: the half-width asked for and the widest one it reached.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Shortfall {
    pub asked: f64,
    pub reached: f64,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct RunResult {
    pub method: Method,
    pub schema: Schema,
    pub tally: Tally,
    pub confidence: f64,
    /// Set when precision mode stopped at `max_trials` before reaching its target.
    pub precision_not_reached: Option<Shortfall>,
    /// Why the automatic choice did not take the exact method, when it did not.
    pub exact_refused: Option<String>,
}

impl RunResult {
    /// A Monte Carlo run of `tally.weight` trials on `seed`'s streams, as
    /// played (whole, or its shards added up).
    pub fn monte_carlo(schema: Schema, tally: Tally, seed: u64, confidence: f64) -> Self {
        RunResult {
            method: Method::MonteCarlo {
                trials: tally.weight as u64,
                seed,
            },
            schema,
            tally,
            confidence,
            precision_not_reached: None,
            exact_refused: None,
        }
    }
}

/// Accumulated weights for every outcome variable of a [`Schema`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Total weight: trials in Monte Carlo, 1 when exact.
    pub weight: f64,
    offsets: Vec<usize>,
    /// Unit-weight counts (Monte Carlo trials): integer adds keep the hot loop
    /// free of floating-point dependency chains.
    hits: Vec<u64>,
    cells: Vec<f64>,
    sums: Vec<[f64; 2]>,
    turns: usize,
    curve_sums: Vec<[f64; 2]>,
    /// Curve values recorded while holding (see [`Tally::holding_curves`]),
    /// by the turn they start from; empty outside a Monte Carlo chunk.
    #[serde(skip)]
    held: Vec<[f64; 2]>,
    /// Leaves the exact method enumerated for this answer, where it counts
    /// them (a multi-turn engagement); 0 otherwise. What answering the
    /// question again costs, for its readings.
    #[serde(skip)]
    pub exact_work: u64,
}

impl Tally {
    /// An empty tally laid out for `schema`.
    pub fn new(schema: &Schema) -> Self {
        let mut offsets = Vec::with_capacity(schema.categorical.len());
        let mut cells = 0;
        for var in &schema.categorical {
            offsets.push(cells);
            cells += var.values.len();
        }
        Tally {
            weight: 0.0,
            offsets,
            hits: vec![0; cells],
            cells: vec![0.0; cells],
            sums: vec![[0.0; 2]; schema.means.len()],
            turns: schema.turns,
            curve_sums: vec![[0.0; 2]; schema.curves.len() * (schema.turns + 1)],
            held: Vec::new(),
            exact_work: 0,
        }
    }

    /// Count one trial (or one leaf) of weight `w`.
    #[inline(always)]
    pub fn trial(&mut self, w: f64) {
        self.weight += w;
    }

    /// Categorical variable `var` took `value`.
    #[inline(always)]
    pub fn count<V: Value>(&mut self, var: Outcome<V>, value: V, w: f64) {
        let slot = var.cell(value);
        if w == 1.0 {
            self.hits[slot] += 1;
        } else {
            self.cells[slot] += w;
        }
    }

    /// Mean variable `var` took value `x`.
    #[inline(always)]
    pub fn add(&mut self, var: Mean, x: f64, w: f64) {
        let s = &mut self.sums[var.0 as usize];
        s[0] += w * x;
        s[1] += w * x * x;
    }

    /// Curve `var` had value `x` at the end of `turn`.
    #[inline(always)]
    pub fn curve(&mut self, var: PerTurn, turn: usize, x: f64, w: f64) {
        let s = &mut self.curve_sums[var.0 as usize * (self.turns + 1) + turn];
        s[0] += w * x;
        s[1] += w * x * x;
    }

    /// Every curve's sums at `turn`, in curve order.
    pub(crate) fn curves_at(&self, turn: usize) -> Vec<[f64; 2]> {
        self.curve_sums
            .iter()
            .skip(turn)
            .step_by(self.turns + 1)
            .copied()
            .collect()
    }

    /// Add `sums` (as [`Tally::curves_at`] gives them) to every curve at
    /// `turn`: the same adds as recording each curve's value with weight 1.
    #[inline(always)]
    pub(crate) fn add_curves_at(&mut self, turn: usize, sums: &[[f64; 2]]) {
        let stride = self.turns + 1;
        for (var, add) in sums.iter().enumerate() {
            let s = &mut self.curve_sums[var * stride + turn];
            s[0] += add[0];
            s[1] += add[1];
        }
    }

    /// While `record` runs, a curve value recorded for a turn counts for that
    /// turn and every later one up to the last: a trial that has ended holds
    /// its state to the end of the curves, and Monte Carlo records it once
    /// instead of once per turn left. The held values live in a buffer of their
    /// own, swapped in for the time (so [`Tally::curve`] stays one add);
    /// [`Tally::settle_held_curves`] adds them in.
    pub fn holding_curves(&mut self, record: impl FnOnce(&mut Tally)) {
        if self.held.is_empty() {
            self.held = vec![[0.0; 2]; self.curve_sums.len()];
        }
        std::mem::swap(&mut self.curve_sums, &mut self.held);
        record(self);
        std::mem::swap(&mut self.curve_sums, &mut self.held);
    }

    /// Spread every held value over its turns into the curves (a running sum
    /// per curve), and forget them.
    pub fn settle_held_curves(&mut self) {
        if self.held.is_empty() {
            return;
        }
        for (sums, held) in self
            .curve_sums
            .chunks_mut(self.turns + 1)
            .zip(self.held.chunks(self.turns + 1))
        {
            let mut running = [0.0; 2];
            for (sum, h) in sums.iter_mut().zip(held) {
                running[0] += h[0];
                running[1] += h[1];
                sum[0] += running[0];
                sum[1] += running[1];
            }
        }
        self.held = Vec::new();
    }

    /// Back to empty, keeping the layout (a scratch tally reused trial by trial).
    pub fn clear(&mut self) {
        self.weight = 0.0;
        self.hits.fill(0);
        self.cells.fill(0.0);
        self.sums.fill([0.0; 2]);
        self.curve_sums.fill([0.0; 2]);
    }

    /// Add another tally of the same layout.
    pub fn merge(&mut self, other: &Tally) {
        self.weight += other.weight;
        for (a, b) in self.hits.iter_mut().zip(&other.hits) {
            *a += b;
        }
        for (a, b) in self.cells.iter_mut().zip(&other.cells) {
            *a += b;
        }
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            a[0] += b[0];
            a[1] += b[1];
        }
        for (a, b) in self.curve_sums.iter_mut().zip(&other.curve_sums) {
            a[0] += b[0];
            a[1] += b[1];
        }
    }

    /// Check a Monte Carlo tally read from a file against its `schema` and the
    /// `trials` it should hold: its layout, whole trials only, every
    /// categorical variable's counts adding up to the trials, and every sum
    /// finite, possible (a second moment at least the first squared over the
    /// trials) and within its variable's bounds.
    pub fn check(&self, schema: &Schema, trials: u64) -> Result<(), String> {
        let fresh = Tally::new(schema);
        if self.offsets != fresh.offsets
            || self.hits.len() != fresh.hits.len()
            || self.cells.len() != fresh.cells.len()
            || self.sums.len() != fresh.sums.len()
            || self.turns != fresh.turns
            || self.curve_sums.len() != fresh.curve_sums.len()
        {
            return Err("its counts do not have the layout of its schema".to_string());
        }
        if self.weight != trials as f64 {
            return Err(format!(
                "it holds {} trials where its shard has {trials}",
                self.weight
            ));
        }
        if self.cells.iter().any(|&c| c != 0.0) {
            return Err("a Monte Carlo tally counts whole trials only".to_string());
        }
        for (var, categorical) in schema.categorical.iter().enumerate() {
            let start = self.offsets[var];
            let counted: u64 = self.hits[start..start + categorical.values.len()]
                .iter()
                .fold(0u64, |sum, &h| sum.saturating_add(h));
            if counted != trials {
                return Err(format!(
                    "the counts of `{}` add up to {counted}, not to its {trials} trials",
                    categorical.name
                ));
            }
        }
        let n = trials as f64;
        let possible = |name: &str, [sum, squares]: [f64; 2], bounds: Option<[f64; 2]>| {
            let slack = 1e-9 * (1.0 + sum.abs() + squares.abs());
            let in_bounds =
                bounds.is_none_or(|[low, high]| sum >= low * n - slack && sum <= high * n + slack);
            if !(sum.is_finite() && squares.is_finite())
                || squares < -slack
                || sum * sum > n * squares + slack * (1.0 + n)
                || !in_bounds
            {
                return Err(format!(
                    "the sums of `{name}` are not possible for {trials} trials"
                ));
            }
            Ok(())
        };
        for (var, sums) in schema.means.iter().zip(&self.sums) {
            possible(&var.name, *sums, var.bounds)?;
        }
        for (c, curve) in schema.curves.iter().enumerate() {
            for turn in 0..=self.turns {
                possible(
                    &curve.name,
                    self.curve_sums[c * (self.turns + 1) + turn],
                    curve.bounds,
                )?;
            }
        }
        Ok(())
    }

    /// Summed weight of value `value` of categorical variable `var`.
    pub fn cell(&self, var: usize, value: usize) -> f64 {
        let slot = self.offsets[var] + value;
        self.hits[slot] as f64 + self.cells[slot]
    }

    /// Weighted sum and sum of squares of mean variable `var`.
    pub fn moments(&self, var: usize) -> [f64; 2] {
        self.sums[var]
    }

    /// Weighted sum and sum of squares of curve `var` at `turn`.
    pub fn curve_moments(&self, var: usize, turn: usize) -> [f64; 2] {
        self.curve_sums[var * (self.turns + 1) + turn]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::categories! {
        enum Side {
            A = "a",
            B = "b",
        }
    }

    #[test]
    fn merge_adds_every_slot() {
        let mut schema = Schema::default();
        let k = schema.count("k", 2);
        let m = schema.mean("m");
        let c = schema.curve("c", false);
        schema.set_turns(1);
        let mut a = Tally::new(&schema);
        a.trial(1.0);
        a.count(k, 2, 1.0);
        a.add(m, 3.0, 1.0);
        a.curve(c, 1, 2.0, 1.0);
        let mut b = a.clone();
        b.merge(&a);
        assert_eq!(b.weight, 2.0);
        assert_eq!(b.cell(0, 2), 2.0);
        assert_eq!(b.moments(0), [6.0, 18.0]);
        assert_eq!(b.curve_moments(0, 1), [4.0, 8.0]);
    }

    #[test]
    fn handles_find_their_own_cells_whatever_the_order_of_declaration() {
        let mut schema = Schema::default();
        let side = schema.outcome::<Side>("side");
        let margin = schema.span("margin", -2, 2, |m| format!("{m:+}"));
        let hits = schema.count("hits", 3);
        let mut tally = Tally::new(&schema);
        tally.count(hits, 3, 1.0);
        tally.count(margin, -2, 1.0);
        tally.count(side, Side::B, 1.0);
        assert_eq!(schema.categorical[1].values[0], "-2");
        assert_eq!(tally.cell(0, 1), 1.0);
        assert_eq!(tally.cell(1, 0), 1.0);
        assert_eq!(tally.cell(2, 3), 1.0);
        assert_eq!(Side::B.label(), "b");
    }

    #[test]
    #[should_panic(expected = "does not fit its categorical variable")]
    fn a_value_beyond_its_variable_stops_the_run() {
        let mut schema = Schema::default();
        let hits = schema.count("hits", 3);
        let _after = schema.count("after", 3);
        Tally::new(&schema).count(hits, 4, 1.0);
    }

    #[test]
    fn a_conditional_reads_its_source_by_handle() {
        let mut schema = Schema::default();
        let side = schema.outcome::<Side>("side");
        schema.conditional("b_given_any", side, &[Side::B], &[Side::A, Side::B]);
        assert_eq!(schema.conditionals[0].source, "side");
        assert_eq!(schema.conditionals[0].event, [false, true]);
    }

    #[test]
    fn a_held_curve_counts_for_every_turn_from_its_own_to_the_last() {
        let mut schema = Schema::default();
        let c = schema.curve("c", false);
        schema.set_turns(4);
        let mut each_turn = Tally::new(&schema);
        let mut held = Tally::new(&schema);
        // Trial 1 ends at turn 1 with 3; trial 2 ends at turn 3 with 2.
        for (t, x) in [(0, 5.0), (1, 3.0), (2, 3.0), (3, 3.0), (4, 3.0)] {
            each_turn.curve(c, t, x, 1.0);
        }
        for (t, x) in [(0, 5.0), (1, 4.0), (2, 4.0), (3, 2.0), (4, 2.0)] {
            each_turn.curve(c, t, x, 1.0);
        }
        for (t, x) in [(0, 5.0), (1, 3.0)] {
            held.curve(c, t, x, 1.0);
        }
        held.holding_curves(|t| t.curve(c, 2, 3.0, 1.0));
        for (t, x) in [(0, 5.0), (1, 4.0), (2, 4.0), (3, 2.0)] {
            held.curve(c, t, x, 1.0);
        }
        held.holding_curves(|t| t.curve(c, 4, 2.0, 1.0));
        held.settle_held_curves();
        assert_eq!(held, each_turn);
        assert_eq!(held.curve_moments(0, 4), [5.0, 13.0]);
    }
}
