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
    let roll = dice.classify(Roll::Die(20), |n| removal_class(&test, n));
    apply_removal(card, cohesion, stand, roll);
    roll
}

/// What a d20 of `n` does against the stand's test.
fn removal_class(test: &super::cohesion::CohesionTest, n: u32) -> RemovalRoll {
    match n {
        1 => RemovalRoll::Rally,
        20 => RemovalRoll::Panic,
        n if test.passes(n) => RemovalRoll::Recover,
        _ => RemovalRoll::Fail,
    }
}

/// The removal rolls, in class order for [`remove_group_markers`].
const ROLLS: [RemovalRoll; 4] = [
    RemovalRoll::Rally,
    RemovalRoll::Recover,
    RemovalRoll::Fail,
    RemovalRoll::Panic,
];

/// Apply a removal roll's result to a stand that carries S or D.
pub fn apply_removal<C: GhqCard>(card: &C, cohesion: i32, stand: &mut Stand, roll: RemovalRoll) {
    let test = card.cohesion_test(cohesion, stand, 0);
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
}

/// Marker removal for a whole group of identical stands: the stands of one
/// marker state all roll the same test, so their rolls are one multinomial split
/// (how many rally, recover, fail, panic), not one branch per stand.
pub fn remove_group_markers<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    cohesion: i32,
    group: super::group::StandGroup,
) -> super::group::StandGroup {
    let mut after = super::group::StandGroup {
        counts: [group.counts[0], 0, 0, 0],
        lost: group.lost,
    };
    for state in 1..4 {
        let n = group.counts[state];
        if n == 0 {
            continue;
        }
        let stand = Stand::with_markers(state & 1 == 1, state & 2 == 2);
        let test = card.cohesion_test(cohesion, &stand, 0);
        // The class index is the roll's place in ROLLS (the enum's order).
        let split: [u32; 4] = dice.multinomial(u32::from(n), Roll::Die(20), |r| {
            removal_class(&test, r) as usize
        });
        for (class, &count) in split.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let mut s = stand;
            apply_removal(card, cohesion, &mut s, ROLLS[class]);
            if s.eliminated {
                after.lost += count as u8;
            } else {
                after.counts[s.state_index()] += count as u8;
            }
        }
    }
    after
}
