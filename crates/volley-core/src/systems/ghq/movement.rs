//! The GHQ movement cohesion roll: a unit or group rolls cohesion to move under
//! its card's movement chart; with its GHQ eliminated it may take no orders.

use super::cohesion::CohesionTest;
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
use crate::tally::Outcome;

/// A unit or group's cohesion roll to move.
#[derive(Clone, Debug)]
pub struct MoveRoll {
    /// `None` when the GHQ is eliminated: no further orders.
    pub test: Option<CohesionTest>,
}

crate::categories! {
    /// The values of `move`.
    pub enum Move {
        NoOrdersAllowed = "no-orders-allowed",
        Fails = "fails",
        Moves = "moves",
    }
}

impl Procedure for MoveRoll {
    type Outcome = Move;
    type Record = Outcome<Move>;

    fn declare(&self, schema: &mut Schema) -> Outcome<Move> {
        schema.outcome("move")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Move {
        match &self.test {
            None => Move::NoOrdersAllowed,
            Some(test) if test.roll(dice) => Move::Moves,
            Some(_) => Move::Fails,
        }
    }

    fn record(&self, rec: &Outcome<Move>, o: &Move, tally: &mut Tally, w: f64) {
        tally.count(*rec, *o, w);
    }
}
