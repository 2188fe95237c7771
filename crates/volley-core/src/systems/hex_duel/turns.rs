//! What the two duel actions share beside their record: what a duel says
//! about itself, how long it runs (a turn limit, or none: `turns = 0`,
//! played to the end, its curves shown over `curve_turns`), and the check
//! both make of the hexes they are given.

use crate::action::About;
use crate::error::InputError;

/// What a duel action says about itself: its summary, the headline P(A
/// wins), each hex's figures turn by turn as its curves.
pub const fn duel_about(summary: &'static str) -> About {
    About {
        name: "duel",
        summary,
        headline: Some(("winner", "a")),
        default_curves: &["a_figures", "b_figures"],
        ..About::DEFAULT
    }
}

/// What `winner = turn-limit` means, in both duels.
pub const TURN_LIMIT_MEANING: (&str, &str) = (
    "turn-limit",
    "both hexes still fight when the turn limit comes",
);

/// A duel's turn limit as its fields give it.
#[derive(Clone, Copy, Debug)]
pub struct DuelTurns {
    /// 0: no turn limit.
    pub turns: u32,
    /// Turns shown by the curves when there is no limit.
    pub curve_turns: u32,
}

impl DuelTurns {
    /// The turns played, or shown by the curves when there is no limit.
    pub fn turn_limit(&self) -> u32 {
        if self.turns == 0 {
            self.curve_turns
        } else {
            self.turns
        }
    }

    /// Played until it ends, however long.
    pub fn to_the_end(&self) -> bool {
        self.turns == 0
    }
}

/// Both hexes must hold something to fight with: an error on the first
/// empty one's infantry field (`what` says what a hex needs).
pub fn both_hexes_hold(a_empty: bool, b_empty: bool, what: &str) -> Result<(), InputError> {
    match (a_empty, b_empty) {
        (false, false) => Ok(()),
        (a_empty, _) => Err(InputError::argument(
            if a_empty { "a_infantry" } else { "b_infantry" },
            format!("each hex needs at least {what}"),
        )),
    }
}
