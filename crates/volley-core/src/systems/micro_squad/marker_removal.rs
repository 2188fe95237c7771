//! Marker removal on Micro Squad: one d20 per stand with S and/or D.
//!
//! A natural 1 rallies D (and, by default, clears S too); otherwise passing cohesion
//! with the markers' penalties clears S; a natural 20 is a panic, an (S) that on a
//! suppressed stand chains to D, and to E if already D (MS-P1). The action is
//! the GHQ cards' ([`crate::systems::ghq::marker_removal`]).

use super::charts::Charts;
use crate::rules::RollPoint;
use crate::systems::ghq::MarkerRoll;
use crate::systems::ghq::marker_removal::RemovalRule;

/// Micro Squad's marker removal reads the GHQ d20.
impl MarkerRoll for Charts {
    const REMOVAL_POINT: &'static RollPoint = &super::roll_points::MARKER_REMOVAL;
}

/// Micro Squad rolls the GHQ d20.
impl RemovalRule for Charts {
    const REMOVAL_SUMMARY: &'static str =
        "the marker removal roll of one stand with S and/or D: recover, rally, or panic";
}
