//! The GHQ movement cohesion roll: a unit or group rolls cohesion to move under
//! its card's movement chart; with its GHQ eliminated it may take no orders.

use super::cohesion::CohesionTest;
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
use crate::tally::Outcome;
use serde::Deserialize;

/// The movement chart's modifiers to the cohesion roll (both cards print the
/// same rows).
#[derive(Clone, Debug, Deserialize)]
pub struct MovementOrders {
    pub provenance: String,
    pub hq_attached_each: i32,
    pub under_order: i32,
    pub r_without_order: i32,
    pub other_without_order: i32,
    pub suppressed: i32,
    pub disorganized: i32,
}

impl MovementOrders {
    /// The modifier to a move's cohesion roll: the order status
    /// (`under-order`, `r-without-order`, or another unit without orders),
    /// the HQ stands attached, and the markers (together at most
    /// `marker_cap` where the card caps them).
    pub fn modifier(
        &self,
        order: &str,
        hq_attached: i32,
        suppressed: bool,
        disorganized: bool,
        marker_cap: Option<i32>,
    ) -> i32 {
        let order = match order {
            "under-order" => self.under_order,
            "r-without-order" => self.r_without_order,
            _ => self.other_without_order,
        };
        let markers =
            i32::from(suppressed) * self.suppressed + i32::from(disorganized) * self.disorganized;
        let markers = marker_cap.map_or(markers, |cap| markers.min(cap));
        order + self.hq_attached_each * hq_attached + markers
    }
}

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
