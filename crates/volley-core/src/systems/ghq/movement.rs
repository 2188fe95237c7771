//! The GHQ movement cohesion roll: a unit or group rolls cohesion to move under
//! its card's movement chart; with its GHQ eliminated it may take no orders.

use super::cohesion::CohesionTest;
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};

/// A unit or group's cohesion roll to move.
#[derive(Clone, Debug)]
pub struct MoveRoll {
    /// `None` when the GHQ is eliminated: no further orders.
    pub test: Option<CohesionTest>,
}

pub const MOVE_LABELS: [&str; 3] = ["no-orders-allowed", "fails", "moves"];

impl Procedure for MoveRoll {
    type Outcome = usize;

    fn schema(&self) -> Schema {
        Schema::default().categorical("move", MOVE_LABELS)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        match &self.test {
            None => 0,
            Some(test) if test.roll(dice) => 2,
            Some(_) => 1,
        }
    }

    fn record(&self, o: &usize, tally: &mut Tally, w: f64) {
        tally.count(0, *o, w);
    }
}
