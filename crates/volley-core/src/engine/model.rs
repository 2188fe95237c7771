//! The procedure interface, and the object-safe [`Model`] the runner drives.

use crate::dice::{Dice, Enumerator, OverBudget, Sampler};
use crate::tally::{Schema, Tally};

/// One event of a rule system (a fire, a charge, a morale check), written once
/// against [`Dice`].
pub trait Procedure: Sync {
    /// What one run produces; small, so nothing per trial is kept.
    type Outcome;

    /// The handles [`Procedure::record`] writes through (see [`crate::tally`]).
    type Record: Send + Sync;

    /// Declare the outcome variables this procedure reports, in `schema`.
    fn declare(&self, schema: &mut Schema) -> Self::Record;

    /// Resolve the event once.
    fn run<D: Dice>(&self, dice: &mut D) -> Self::Outcome;

    /// Add an outcome of weight `w` to the tally, through the handles
    /// [`Procedure::declare`] gave.
    fn record(&self, rec: &Self::Record, outcome: &Self::Outcome, tally: &mut Tally, w: f64);

    /// The schema and its handles.
    fn declared(&self) -> (Schema, Self::Record) {
        let mut schema = Schema::default();
        let rec = self.declare(&mut schema);
        (schema, rec)
    }
}

/// What the runner needs from anything it can run: both methods, object-safe.
pub trait Model: Sync {
    /// The outcome variables.
    fn schema(&self) -> Schema;

    /// Run `trials` Monte Carlo trials on `sampler`, adding them to `tally`.
    /// Play trials `first..first + trials`, each on its own stream
    /// ([`Sampler::start_trial`]), into `tally`.
    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally);

    /// The same trials as [`Model::simulate`], played without any memo of
    /// their steps (an engagement's [`super::EngagementModel`] keeps one): the
    /// results are bit for bit the same. Tests hold the memo to that;
    /// benchmarks measure what it saves.
    fn simulate_plainly(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        self.simulate(sampler, first, trials, tally)
    }

    /// The exact tally (weights are probabilities), or [`OverBudget`].
    fn exact(&self, budget: u64) -> Result<Tally, OverBudget>;

    /// Dice leaves [`Model::exact`] may enumerate per unit of its budget:
    /// one for a dice tree (the budget counts leaves); more for an
    /// engagement played turn by turn, whose budget counts states. What a
    /// server knows of an exact answer's cost before it runs.
    fn leaves_per_budget(&self) -> u64 {
        1
    }
}

/// Wraps a [`Procedure`] as a [`Model`]: trials in a monomorphised loop, exact by
/// enumerating the dice tree.
pub struct ProcedureModel<P: Procedure> {
    procedure: P,
    schema: Schema,
    rec: P::Record,
}

impl<P: Procedure> ProcedureModel<P> {
    pub fn new(procedure: P) -> Self {
        let (schema, rec) = procedure.declared();
        ProcedureModel {
            procedure,
            schema,
            rec,
        }
    }

    /// The procedure it wraps.
    pub(super) fn procedure(&self) -> &P {
        &self.procedure
    }

    /// The handles its records write through.
    pub(super) fn record(&self) -> &P::Record {
        &self.rec
    }
}

impl<P: Procedure> Model for ProcedureModel<P> {
    fn schema(&self) -> Schema {
        self.schema.clone()
    }

    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        for trial in first..first + trials {
            sampler.start_trial(trial);
            let outcome = self.procedure.run(sampler);
            self.procedure.record(&self.rec, &outcome, tally, 1.0);
        }
        tally.trial(trials as f64);
    }

    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        let mut tally = Tally::new(&self.schema);
        Enumerator::new(budget).explore(
            |dice| self.procedure.run(dice),
            |outcome, w| {
                self.procedure.record(&self.rec, &outcome, &mut tally, w);
                tally.trial(w);
            },
        )?;
        Ok(tally)
    }
}

/// A procedure whose outcome is a small class index (`0..classes()`), for the
/// hottest single events: trials count classes in a local histogram and `record`
/// runs once per class per chunk instead of once per trial.
pub trait Classified: Procedure<Outcome = usize> {
    /// Number of classes; at most [`MAX_CLASSES`].
    fn classes(&self) -> usize;
}

/// Most classes a [`Classified`] procedure may have.
pub const MAX_CLASSES: usize = 16;

/// Wraps a [`Classified`] procedure as a [`Model`].
pub struct ClassifiedModel<P: Classified>(ProcedureModel<P>);

impl<P: Classified> ClassifiedModel<P> {
    pub fn new(procedure: P) -> Self {
        ClassifiedModel(ProcedureModel::new(procedure))
    }
}

impl<P: Classified> Model for ClassifiedModel<P> {
    fn schema(&self) -> Schema {
        self.0.schema()
    }

    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        let ProcedureModel { procedure, rec, .. } = &self.0;
        assert!(
            procedure.classes() <= MAX_CLASSES,
            "a classified procedure has at most 16 classes"
        );
        // Four banks, used in turn, so that runs of the same class do not chain
        // through one memory slot.
        let mut banks = [[0u64; MAX_CLASSES]; 4];
        let mut trial = first;
        for _ in 0..trials / 4 {
            for bank in banks.iter_mut() {
                sampler.start_trial(trial);
                trial += 1;
                bank[procedure.run(sampler) % MAX_CLASSES] += 1;
            }
        }
        for _ in 0..trials % 4 {
            sampler.start_trial(trial);
            trial += 1;
            banks[0][procedure.run(sampler) % MAX_CLASSES] += 1;
        }
        for class in 0..procedure.classes() {
            let count: u64 = banks.iter().map(|b| b[class]).sum();
            if count > 0 {
                procedure.record(rec, &class, tally, count as f64);
            }
        }
        tally.trial(trials as f64);
    }

    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        self.0.exact(budget)
    }
}
