//! Marker removal: the GHQ d20 roll (a natural 1 rallies, a
//! natural 20 panics, otherwise cohesion with the markers clears S), or the
//! card's optional chart (3.3.7), read on a d100 with the modifiers times five.
//! The action is the GHQ cards' ([`crate::systems::ghq::marker_removal`]).

use super::charts::Charts;
use crate::rules::RollPoint;
use crate::systems::ghq::marker_removal::RemovalRule;
use crate::systems::ghq::{
    CrtResult, GhqCard, MarkerRoll, RemovalRoll, Stand, apply_removal, d20_class,
};

/// Micro Armour's `marker-removal` (how it rolls: [`MarkerRoll`] below).
impl RemovalRule for Charts {
    const REMOVAL_SUMMARY: &'static str =
        "the marker removal roll of one stand with S and/or D (the d20, or the optional chart)";
}

/// The GHQ d20, or the optional chart (a d100 on this card) when that
/// option is on: one stand's roll and a whole engagement's read it alike.
impl MarkerRoll for Charts {
    fn removal_die(&self) -> u32 {
        if self.data.options.ma_optional_marker_chart() {
            self.data.optional_marker_chart.die
        } else {
            20
        }
    }

    const REMOVAL_POINT: &'static RollPoint = &super::roll_points::MARKER_REMOVAL;

    fn removal_class(&self, cohesion: i32, stand: &Stand, extra: i32, face: u32) -> RemovalRoll {
        if self.data.options.ma_optional_marker_chart() {
            self.optional_class(cohesion, stand, extra, face)
        } else {
            d20_class(self, cohesion, stand, extra, face)
        }
    }

    fn apply_removal_roll(&self, cohesion: i32, stand: &mut Stand, roll: RemovalRoll) {
        if self.data.options.ma_optional_marker_chart() {
            self.optional_apply(stand, roll);
        } else {
            apply_removal(self, cohesion, stand, roll);
        }
    }
}

impl Charts {
    /// The optional chart (`extra`: added to the markers' penalties): rally
    /// on a natural d100 at most max(1, C - 10);
    /// panic when d100 + 5 x modifiers reaches 99 + 3 x (C - 10); recover (clear
    /// S) when it is at most 5 x C.
    fn optional_class(&self, c: i32, stand: &Stand, extra: i32, n: u32) -> RemovalRoll {
        let chart = &self.data.optional_marker_chart;
        let modifier = chart.modifier_scale * (self.marker_penalties().of(stand) + extra);
        let rally = (c - 10).max(1);
        let panic = chart.panic_base + chart.panic_per_cohesion * (c - 10).max(0);
        // The chart prints one row for cohesion 10 or less.
        let recovery = chart.recovery_per_cohesion * c.max(10);
        let n = n as i32;
        if n <= rally {
            RemovalRoll::Rally
        } else if n + modifier >= panic {
            RemovalRoll::Panic
        } else if stand.suppressed && n + modifier <= recovery {
            // A pass recovers only a stand with an S to clear.
            RemovalRoll::Recover
        } else {
            RemovalRoll::Fail
        }
    }

    /// What the optional chart's result does to the stand.
    fn optional_apply(&self, stand: &mut Stand, roll: RemovalRoll) {
        match roll {
            RemovalRoll::Rally => {
                stand.disorganized = false;
                stand.suppressed = false;
            }
            RemovalRoll::Recover => stand.suppressed = false,
            RemovalRoll::Fail => {}
            RemovalRoll::Panic => {
                let trigger = if self.panic_chain() && stand.suppressed {
                    CrtResult::Disorganized
                } else {
                    CrtResult::Suppressed
                };
                stand.apply(trigger, self.paren_s_trigger());
            }
        }
    }
}
