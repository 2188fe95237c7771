//! Marker removal: the GHQ d20 roll (a natural 1 rallies, a
//! natural 20 panics, otherwise cohesion with the markers clears S), or the
//! card's optional chart (3.3.7), read on a d100 with the modifiers times five.
//! The action is the GHQ cards' ([`crate::systems::ghq::marker_removal`]).

use super::charts::Charts;
use crate::dice::{Dice, Roll};
use crate::systems::ghq::marker_removal::RemovalRule;
use crate::systems::ghq::{CrtResult, GhqCard, RemovalRoll, Stand, remove_markers};

/// Micro Armour rolls the GHQ d20, or its optional chart when that option is
/// on.
impl RemovalRule for Charts {
    const REMOVAL_SUMMARY: &'static str =
        "the marker removal roll of one stand with S and/or D (the d20, or the optional chart)";

    fn cohesion_by_default(&self) -> i64 {
        self.default_cohesion()
    }

    fn removal_roll<D: Dice>(&self, dice: &mut D, cohesion: i32, stand: &mut Stand) -> RemovalRoll {
        if self.data.options.ma_optional_marker_chart() {
            self.optional_chart(dice, cohesion, stand)
        } else {
            remove_markers(dice, self, cohesion, stand)
        }
    }
}

impl Charts {
    /// The optional chart: rally on a natural d100 at most max(1, C - 10);
    /// panic when d100 + 5 x modifiers reaches 99 + 3 x (C - 10); recover (clear
    /// S) when it is at most 5 x C.
    fn optional_chart<D: Dice>(&self, dice: &mut D, c: i32, stand: &mut Stand) -> RemovalRoll {
        let chart = &self.data.optional_marker_chart;
        let modifier = chart.modifier_scale * self.marker_penalties().of(stand);
        let rally = (c - 10).max(1);
        let panic = chart.panic_base + chart.panic_per_cohesion * (c - 10).max(0);
        // The chart prints one row for cohesion 10 or less.
        let recovery = chart.recovery_per_cohesion * c.max(10);
        // A pass recovers only a stand with an S to clear.
        let has_s = stand.suppressed;
        let roll = dice.classify(Roll::Die(chart.die), |n| {
            let n = n as i32;
            if n <= rally {
                RemovalRoll::Rally
            } else if n + modifier >= panic {
                RemovalRoll::Panic
            } else if has_s && n + modifier <= recovery {
                RemovalRoll::Recover
            } else {
                RemovalRoll::Fail
            }
        });
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
        roll
    }
}
