//! Marker removal: one d20 per stand with S and/or D (or a card's own
//! chart, [`MarkerRoll`]).
//!
//! A natural 1 rallies D (and, by the card's option, clears S too); otherwise
//! passing cohesion with the markers' penalties clears S; a natural 20 is a panic,
//! an (S) that on a suppressed stand chains to D, and to E if already D (MS-P1).

use super::card::GhqCard;
use super::crt::CrtResult;
use super::stand::{Stand, StandState};
use crate::dice::{Dice, Roll};
use crate::rules::RollPoint;
use crate::rules::rolls::{Adjust, Value, Verdict};
use crate::tally::{Category, Outcome, Schema, Tally};
use std::cell::Cell;

crate::categories! {
    /// What the marker-removal d20 did: the values of `roll`.
    pub enum RemovalRoll {
        Rally = "rally",
        Recover = "recover",
        Fail = "fail",
        Panic = "panic",
    }
}

/// Where one stand's marker removal records: the roll and the stand after.
pub struct RemovalRecord {
    roll: Outcome<RemovalRoll>,
    after: Outcome<StandState>,
}

impl RemovalRecord {
    pub fn declare(schema: &mut Schema) -> Self {
        RemovalRecord {
            roll: schema.outcome("roll"),
            after: schema.outcome("after"),
        }
    }

    pub fn record(&self, tally: &mut Tally, (roll, after): (RemovalRoll, StandState), w: f64) {
        tally.count(self.roll, roll, w);
        tally.count(self.after, after, w);
    }
}

/// What each marker-removal `roll` means, for `--help`.
pub fn roll_notes() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        (
            "roll",
            "rally",
            "a natural 1: D removed (and S, as the options say)",
        ),
        (
            "roll",
            "recover",
            "the cohesion roll passed and cleared the S",
        ),
        (
            "roll",
            "fail",
            "no marker removed: the roll failed, or it passed on a stand with D alone (only a natural 1 removes D)",
        ),
        ("roll", "panic", "a natural 20: the stand panics to (S)"),
    ]
}

/// How a card's marker removal reads its die, face by face: the GHQ d20
/// unless the card says otherwise (Micro Armour's optional d100 chart). The
/// engagements tabulate it ([`RemovalTable`]), so a card's own chart holds
/// in a whole engagement as in one stand's roll.
pub trait MarkerRoll: GhqCard + Sized {
    /// The die rolled.
    fn removal_die(&self) -> u32 {
        20
    }

    /// Where a house rule attaches to the roll.
    const REMOVAL_POINT: &'static RollPoint;

    /// What a roll of `face` does for `stand` (which carries S or D) at
    /// `cohesion`, `extra` added to the roll as the markers' penalties are.
    fn removal_class(&self, cohesion: i32, stand: &Stand, extra: i32, face: u32) -> RemovalRoll {
        d20_class(self, cohesion, stand, extra, face)
    }

    /// Apply a removal roll's result to `stand`.
    fn apply_removal_roll(&self, cohesion: i32, stand: &mut Stand, roll: RemovalRoll) {
        apply_removal(self, cohesion, stand, roll);
    }

    /// Roll marker removal for one stand (which carries S or D) and update
    /// it: the card's die, read face by face as its table is, at the card's
    /// roll point under the house rules.
    fn roll_removal<D: Dice>(&self, dice: &mut D, cohesion: i32, stand: &mut Stand) -> RemovalRoll {
        let before = *stand;
        let shown = || removal_shown(&before, cohesion);
        // The cohesion the roll was judged at, less what a rule added to
        // the die: a natural 1's rally reads it.
        let judged = Cell::new(cohesion);
        let index = self
            .rolls()
            .roll_outcome(Self::REMOVAL_POINT, dice, shown, |dice, adjust| {
                let at = adjust.threshold(cohesion);
                judged.set(at - adjust.modifier);
                let roll = dice.classify(Roll::Die(self.removal_die()), |n| {
                    self.removal_class(at, &before, adjust.modifier, adjust.total(n))
                });
                let failed = matches!(roll, RemovalRoll::Fail | RemovalRoll::Panic);
                (roll as usize, Verdict::failed_if(failed))
            });
        let roll = RemovalRoll::ALL[index];
        self.apply_removal_roll(judged.get(), stand, roll);
        roll
    }
}

/// What the marker removal roll point shows of `stand`'s roll.
fn removal_shown(stand: &Stand, cohesion: i32) -> Vec<Value> {
    vec![
        Value::Flag(stand.suppressed),
        Value::Flag(stand.disorganized),
        Value::Number(i64::from(cohesion)),
    ]
}

/// What a GHQ d20 of `n` does for `stand` at `cohesion`: a natural 1
/// rallies, a natural 20 panics, and a pass recovers only a stand with an S
/// to clear (on D alone it removes nothing, a fail).
pub fn d20_class<C: GhqCard>(
    card: &C,
    cohesion: i32,
    stand: &Stand,
    extra: i32,
    n: u32,
) -> RemovalRoll {
    match n {
        1 => RemovalRoll::Rally,
        20 => RemovalRoll::Panic,
        n if stand.suppressed && card.cohesion_test(cohesion, stand, extra).passes(n) => {
            RemovalRoll::Recover
        }
        _ => RemovalRoll::Fail,
    }
}

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

/// A side's marker removal, tabulated once from the card: what each face of
/// its die does to a stand in each marker state (the hot loops of both
/// methods read it), a house rule's modifier and threshold read in. Where a
/// rule re-rolls the roll or a script decides it, a table cannot hold it:
/// each stand then rolls on its own at the card's roll point.
#[derive(Clone, Debug)]
pub struct RemovalTable {
    /// The die rolled (a d20 but on a card's own chart).
    die: u32,
    /// By marker state and face: the stand's marker state after, or
    /// [`ELIMINATED`].
    after: [Vec<u8>; 4],
    /// The side's force cohesion.
    cohesion: i32,
    /// The house rules leave the roll to each stand (the table is unread).
    one_by_one: bool,
}

/// [`RemovalTable`]'s class of a stand that the roll eliminated (a panic on a
/// disorganized stand, by the chain option).
const ELIMINATED: u8 = 4;

impl RemovalTable {
    /// The table of a side with force cohesion `cohesion` on `card`.
    pub fn new<C: MarkerRoll>(card: &C, cohesion: i32) -> Self {
        let die = card.removal_die();
        let one_by_one = !card.rolls().tabulable(C::REMOVAL_POINT);
        let mut after: [Vec<u8>; 4] = Default::default();
        for (state, row) in after.iter_mut().enumerate().skip(1) {
            *row = vec![0; die as usize + 1];
            let stand = Stand::with_markers(state & 1 == 1, state & 2 == 2);
            let shown = || removal_shown(&stand, cohesion);
            let adjust = if one_by_one {
                Adjust::NONE
            } else {
                card.rolls().adjust(C::REMOVAL_POINT, shown)
            };
            let at = adjust.threshold(cohesion);
            for (n, cell) in row.iter_mut().enumerate().skip(1) {
                let mut s = stand;
                let roll = card.removal_class(at, &stand, adjust.modifier, n as u32);
                card.apply_removal_roll(at - adjust.modifier, &mut s, roll);
                *cell = if s.eliminated {
                    ELIMINATED
                } else {
                    s.state_index() as u8
                };
            }
        }
        RemovalTable {
            die,
            after,
            cohesion,
            one_by_one,
        }
    }

    /// Marker removal for a whole group of identical stands on `card` (the
    /// table's): the stands of one marker state all roll the same test, so
    /// their rolls are one multinomial split by where they end up, not one
    /// branch per stand.
    pub fn remove<C: MarkerRoll, D: Dice>(
        &self,
        card: &C,
        dice: &mut D,
        group: super::group::StandGroup,
    ) -> super::group::StandGroup {
        let mut after = super::group::StandGroup {
            counts: [group.counts[0], 0, 0, 0],
            lost: group.lost,
        };
        if self.one_by_one {
            for state in 1..4 {
                for _ in 0..group.counts[state] {
                    let mut stand = Stand::with_markers(state & 1 == 1, state & 2 == 2);
                    card.roll_removal(dice, self.cohesion, &mut stand);
                    if stand.eliminated {
                        after.lost += 1;
                    } else {
                        after.counts[stand.state_index()] += 1;
                    }
                }
            }
            return after;
        }
        for state in 1..4 {
            let n = group.counts[state];
            if n == 0 {
                continue;
            }
            let row = &self.after[state];
            let split: [u32; 5] = dice.multinomial(u32::from(n), Roll::Die(self.die), |r| {
                usize::from(row[r as usize])
            });
            for (class, &count) in split.iter().enumerate() {
                match class as u8 {
                    ELIMINATED => after.lost += count as u8,
                    markers => after.counts[usize::from(markers)] += count as u8,
                }
            }
        }
        after
    }
}
