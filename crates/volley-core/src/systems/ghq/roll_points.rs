//! The named rolls of the GHQ cards' standard fire, which Micro Squad and
//! Micro Armour share: the firer's cohesion roll and the CRT roll. Each card
//! gives the sentence of its own roll and what its fire shows a rule.

use crate::rules::rolls::{Read, RollPoint};

/// The firing stand's cohesion roll before it fires: `roll` says what is
/// added on this card, `reads` what its fire shows.
pub const fn firer_cohesion(roll: &'static str, reads: &'static [Read]) -> RollPoint {
    RollPoint {
        name: "firer_cohesion",
        actions: "fire",
        roll,
        modifier: "added to the D20 (a plus makes the roll harder; a natural 1 or 20 reads the die as rolled where the naturals option is on)",
        threshold: Some("the force's cohesion"),
        failed: "the stand does not fire",
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}

/// The CRT roll of a stand that fires.
pub const fn crt_roll(roll: &'static str, reads: &'static [Read]) -> RollPoint {
    RollPoint {
        name: "crt_roll",
        actions: "fire",
        roll,
        modifier: "added to the 2D6, as terrain is (a plus helps the target)",
        threshold: None,
        failed: "the roll does nothing to the target",
        totals: Some((2, 12)),
        outcomes: None,
        reads,
    }
}
