//! Marker removal: one d20 per stand with S and/or D.
//!
//! A natural 1 rallies D (and, by the card's option, clears S too); otherwise
//! passing cohesion with the markers' penalties clears S; a natural 20 is a panic,
//! an (S) that on a suppressed stand chains to D, and to E if already D (MS-P1).

use super::card::GhqCard;
use super::crt::CrtResult;
use super::stand::Stand;
use crate::dice::{Dice, Roll};

/// What the marker-removal d20 did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemovalRoll {
    Rally,
    Recover,
    Fail,
    Panic,
}

pub const ROLL_LABELS: [&str; 4] = ["rally", "recover", "fail", "panic"];

/// Roll marker removal for one stand (which must carry S or D) and update it.
#[inline]
pub fn remove_markers<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    cohesion: i32,
    stand: &mut Stand,
) -> RemovalRoll {
    stand.suppressed_this_turn = false;
    if stand.eliminated || !(stand.suppressed || stand.disorganized) {
        return RemovalRoll::Fail;
    }
    let test = card.cohesion_test(cohesion, stand, 0);
    let roll = dice.classify(Roll::Die(20), |n| match n {
        1 => RemovalRoll::Rally,
        20 => RemovalRoll::Panic,
        n if test.passes(n) => RemovalRoll::Recover,
        _ => RemovalRoll::Fail,
    });
    match roll {
        RemovalRoll::Rally => {
            stand.disorganized = false;
            if card.natural1_clears_suppression() || test.modifier < test.cohesion {
                stand.suppressed = false;
            }
        }
        RemovalRoll::Recover => stand.suppressed = false,
        RemovalRoll::Fail => {}
        RemovalRoll::Panic => {
            // The panic is an (S); the chain option reads it against the stand's S.
            let trigger = if card.panic_chain() && stand.suppressed {
                CrtResult::Disorganized
            } else {
                CrtResult::Suppressed
            };
            stand.apply(trigger, card.paren_s_trigger());
            stand.suppressed_this_turn = false;
        }
    }
    roll
}
