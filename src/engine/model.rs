//! The procedure interface, and the object-safe [`Model`] the runner drives.

use super::tally::{Schema, Tally};
use crate::dice::{Dice, Enumerator, OverBudget, Sampler};

/// One event of a rule system (a fire, a charge, a morale check), written once
/// against [`Dice`].
pub trait Procedure: Sync {
    /// What one run produces; small, so nothing per trial is kept.
    type Outcome;

    /// The outcome variables this procedure reports.
    fn schema(&self) -> Schema;

    /// Resolve the event once.
    fn run<D: Dice>(&self, dice: &mut D) -> Self::Outcome;

    /// Add an outcome of weight `w` to the tally laid out by [`Procedure::schema`].
    fn record(&self, outcome: &Self::Outcome, tally: &mut Tally, w: f64);
}

/// What the runner needs from anything it can run: both methods, object-safe.
pub trait Model: Sync {
    /// The outcome variables.
    fn schema(&self) -> Schema;

    /// Run `trials` Monte Carlo trials on `sampler`, adding them to `tally`.
    fn simulate(&self, sampler: &mut Sampler, trials: u64, tally: &mut Tally);

    /// The exact tally (weights are probabilities), or [`OverBudget`].
    fn exact(&self, budget: u64) -> Result<Tally, OverBudget>;
}

/// Wraps a [`Procedure`] as a [`Model`]: trials in a monomorphised loop, exact by
/// enumerating the dice tree.
pub struct ProcedureModel<P>(pub P);

impl<P: Procedure> Model for ProcedureModel<P> {
    fn schema(&self) -> Schema {
        self.0.schema()
    }

    fn simulate(&self, sampler: &mut Sampler, trials: u64, tally: &mut Tally) {
        for _ in 0..trials {
            let outcome = self.0.run(sampler);
            self.0.record(&outcome, tally, 1.0);
        }
        tally.trial(trials as f64);
    }

    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        let mut tally = Tally::new(&self.0.schema());
        Enumerator::new(budget).explore(
            |dice| self.0.run(dice),
            |outcome, w| {
                self.0.record(&outcome, &mut tally, w);
                tally.trial(w);
            },
        )?;
        Ok(tally)
    }
}
