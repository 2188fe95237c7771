//! A GHQ stand's markers and how CRT results change them:
//! S (suppressed) and D (disorganized), `(S)` that becomes D on a stand already
//! suppressed, and D on D that eliminates.

use super::crt::CrtResult;
use crate::tally::Category;
use serde::Deserialize;

/// What makes an `(S)` result a D.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum ParenSTrigger {
    /// The stand already suffered a suppression result this turn.
    #[serde(rename = "this_turn")]
    ThisTurn,
    /// The stand carries an S marker at all.
    #[serde(rename = "has_S_marker")]
    HasSMarker,
}

/// A stand's state between and within turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stand {
    pub suppressed: bool,
    pub disorganized: bool,
    /// Suffered a suppression result this turn (decides `(S)`); reset in marker
    /// removal.
    pub suppressed_this_turn: bool,
    pub eliminated: bool,
}

crate::categories! {
    /// What a CRT result did to a stand, after conversions.
    pub enum Effect {
        None = "none",
        Suppressed = "S",
        Disorganized = "D",
        Eliminated = "E",
    }
}

crate::categories! {
    /// A stand's visible state: the values of `target_after` and its kin.
    pub enum StandState {
        Ok = "ok",
        S = "S",
        D = "D",
        SD = "S+D",
        E = "E",
    }
}

impl Stand {
    /// A stand with the given persistent markers.
    pub fn with_markers(suppressed: bool, disorganized: bool) -> Self {
        Stand {
            suppressed,
            disorganized,
            ..Stand::default()
        }
    }

    /// The cohesion penalty of its markers (+4 S, +3 D).
    #[inline(always)]
    pub fn cohesion_penalty(&self, suppressed: i32, disorganized: i32) -> i32 {
        i32::from(self.suppressed) * suppressed + i32::from(self.disorganized) * disorganized
    }

    /// Its visible state.
    pub fn state(&self) -> StandState {
        StandState::ALL[self.state_index()]
    }

    /// Its visible state's place in [`StandState`] (groups count stands by it).
    pub fn state_index(&self) -> usize {
        if self.eliminated {
            4
        } else {
            usize::from(self.suppressed) + 2 * usize::from(self.disorganized)
        }
    }

    /// Apply a CRT result with the `(S)` and D-on-D conversions.
    #[inline(always)]
    pub fn apply(&mut self, result: CrtResult, trigger: ParenSTrigger) -> Effect {
        if self.eliminated {
            return Effect::None;
        }
        let result = match result {
            CrtResult::ConditionalSuppressed => {
                let already = match trigger {
                    ParenSTrigger::ThisTurn => self.suppressed_this_turn,
                    ParenSTrigger::HasSMarker => self.suppressed,
                };
                if already {
                    CrtResult::Disorganized
                } else {
                    CrtResult::Suppressed
                }
            }
            other => other,
        };
        match result {
            // `-S-` is resolved by the attacker before it reaches a stand; an
            // unresolved one does nothing.
            CrtResult::NoEffect
            | CrtResult::ConditionalSuppressed
            | CrtResult::NoEffectOrSuppressed => Effect::None,
            CrtResult::Suppressed => {
                self.suppressed = true;
                self.suppressed_this_turn = true;
                Effect::Suppressed
            }
            CrtResult::Disorganized if self.disorganized => {
                self.eliminated = true;
                Effect::Eliminated
            }
            CrtResult::Disorganized => {
                self.disorganized = true;
                Effect::Disorganized
            }
            CrtResult::Eliminated => {
                self.eliminated = true;
                Effect::Eliminated
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditional_s_becomes_d_after_a_suppression_this_turn() {
        let mut s = Stand::default();
        assert_eq!(
            s.apply(CrtResult::ConditionalSuppressed, ParenSTrigger::ThisTurn),
            Effect::Suppressed
        );
        assert_eq!(
            s.apply(CrtResult::ConditionalSuppressed, ParenSTrigger::ThisTurn),
            Effect::Disorganized
        );
        // and a third chains through D-on-D to elimination (MS-E1)
        assert_eq!(
            s.apply(CrtResult::ConditionalSuppressed, ParenSTrigger::ThisTurn),
            Effect::Eliminated
        );
    }

    #[test]
    fn a_marker_from_an_earlier_turn_only_counts_with_has_s_marker() {
        let s = Stand::with_markers(true, false);
        assert_eq!(
            s.clone()
                .apply(CrtResult::ConditionalSuppressed, ParenSTrigger::ThisTurn),
            Effect::Suppressed
        );
        assert_eq!(
            s.clone()
                .apply(CrtResult::ConditionalSuppressed, ParenSTrigger::HasSMarker),
            Effect::Disorganized
        );
    }

    #[test]
    fn d_on_d_eliminates() {
        let mut s = Stand::with_markers(false, true);
        assert_eq!(
            s.apply(CrtResult::Disorganized, ParenSTrigger::ThisTurn),
            Effect::Eliminated
        );
        assert_eq!(s.state_index(), 4);
    }
}
