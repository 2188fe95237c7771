//! What a caller attaches to a plan (a progress report and a way to stop
//! it) and why a plan could not be made: read by the solver, the chain it
//! builds and the answer alike, so it stands below all three.

use crate::dice::OverBudget;
use crate::engine::{Cancel, Progress};
use crate::error::InputError;

/// What a caller may attach to a plan: a [`Progress`] told of decision
/// points done (building the chain forward, then valuing it backward) out
/// of twice their number, and a [`Cancel`] that stops the solver at its
/// next batch of states ([`PlanError::Stopped`]).
#[derive(Clone, Debug, Default)]
pub struct Watch {
    pub progress: Option<Progress>,
    pub cancel: Option<Cancel>,
}

impl Watch {
    /// Tell the progress: `done` of `planned`.
    pub(super) fn tell(&self, done: u64, planned: u64) {
        if let Some(progress) = &self.progress {
            (progress.0)(done, planned);
        }
    }

    /// `Err(Stopped)` once the cancel is set.
    pub(super) fn go_on(&self) -> Result<(), PlanError> {
        match &self.cancel {
            Some(cancel) if cancel.is_stopped() => Err(PlanError::Stopped),
            _ => Ok(()),
        }
    }
}

/// Why a plan could not be made.
#[derive(Debug)]
pub enum PlanError {
    Input(InputError),
    OverBudget(OverBudget),
    /// Stopped from outside ([`Watch::cancel`]) before it was solved.
    Stopped,
}

impl From<OverBudget> for PlanError {
    fn from(over: OverBudget) -> Self {
        PlanError::OverBudget(over)
    }
}
