//! One side's stands in the middle of an engagement's fire phase, counted (the
//! Micro Squad and Micro Armour engagements), from the turn's opening fire
//! ([`State::opening_fire`]) to the marker removal that ends the turn
//! ([`State::removing_markers`]).
//!
//! Stands are counted by their markers and by what happened to them this phase
//! (fired, attacked, suppressed by an attack), not kept in place: stands alike are
//! one count, so equal situations merge in the exact method and a turn's state
//! space stays small for groups of up to ten stands. Who fires next and who is
//! fired at are read from the counts by the engagement's policy: the best stand yet
//! to fire fires (fewest cohesion penalties; among alike, one not yet attacked,
//! since it is the one still at risk), at the most damaged enemy stand not yet
//! attacked this phase (among alike, one yet to fire, whose shot a hit spoils).

use super::group::StandGroup;
use super::markers::{MarkerRoll, RemovalTable};
use super::{GhqCard, Stand};
use crate::dice::Dice;

/// The stand has fired (or tried to: a failed cohesion test uses its turn).
const FIRED: usize = 1;
/// The stand has been attacked this phase.
const ATTACKED: usize = 2;
/// An attack this phase suppressed it (decides an `(S)` on a second attack).
const SUPPRESSED_THIS_TURN: usize = 4;
const TAGS: usize = 8;
/// Marker states in [`StandGroup`]'s order: ok, S, D, S+D.
const MARKERS: usize = 4;

/// Most damaged first: S+D, D, S, ok.
const MOST_DAMAGED_FIRST: [usize; MARKERS] = [3, 2, 1, 0];

/// One side in the fire phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FiringSide {
    /// Stands still standing, four bits per (tag bits, marker state), as a
    /// 128-bit number in two halves (8-byte alignment keeps a state small):
    /// small keys hash and compare fast, and the exact method meets millions.
    packed: [u64; 2],
    /// Stands lost, in all.
    lost: u8,
}

/// Bit offset of the count of stands with `tag` and `markers`.
const fn offset(tag: usize, markers: usize) -> u32 {
    4 * (tag * MARKERS + markers) as u32
}

/// A stand of a [`FiringSide`], by its tag bits and marker state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    tag: usize,
    markers: usize,
}

impl Slot {
    /// Marker state: 0 ok, 1 S, 2 D, 3 S+D.
    pub fn markers(self) -> usize {
        self.markers
    }

    /// Fired this phase.
    pub fn fired(self) -> bool {
        self.tag & FIRED != 0
    }

    /// Suppressed by an attack this phase.
    pub fn suppressed_this_turn(self) -> bool {
        self.tag & SUPPRESSED_THIS_TURN != 0
    }

    /// The stand as the fire and attack procedures see it.
    pub fn stand(self) -> Stand {
        Stand {
            suppressed_this_turn: self.tag & SUPPRESSED_THIS_TURN != 0,
            ..Stand::with_markers(self.markers & 1 == 1, self.markers & 2 == 2)
        }
    }
}

/// Where a GHQ engagement stands: between turns, or in the middle of its fire
/// phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum State {
    /// Between turns (and during marker removal): stands by markers.
    Between { a: StandGroup, b: StandGroup },
    /// In a fire phase: who fires first, and each side's stands by markers and
    /// by what they did in the phase.
    Firing {
        a_first: bool,
        a: FiringSide,
        b: FiringSide,
    },
}

/// A group between turns in 20 bits: its four counts and its losses, a
/// nibble each (at most ten stands).
fn group_bits(g: &StandGroup) -> u64 {
    g.counts
        .iter()
        .chain([&g.lost])
        .fold(0, |bits, &n| (bits << 4) | u64::from(n))
}

/// A state hashes as a few whole words, not field by field: the exact method
/// hashes millions of them, and a hash round per word is what it costs.
impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        match self {
            State::Between { a, b } => h.write_u64(group_bits(a) | (group_bits(b) << 20)),
            State::Firing { a_first, a, b } => {
                h.write_u64(
                    1 | (u64::from(*a_first) << 1)
                        | (u64::from(a.lost) << 8)
                        | (u64::from(b.lost) << 16),
                );
                for word in a.packed.iter().chain(&b.packed) {
                    h.write_u64(*word);
                }
            }
        }
    }
}

impl State {
    /// The turn's fire opening from the sides `a` and `b` as they stand between
    /// turns: A fires first when `a_first`.
    pub fn opening_fire(a: &StandGroup, b: &StandGroup, a_first: bool) -> State {
        State::Firing {
            a_first,
            a: FiringSide::new(a),
            b: FiringSide::new(b),
        }
    }

    /// A step of marker removal between turns (one side a step): A's markers
    /// when `a_side`, else B's, each side's on its own table (`tables`: A's,
    /// then B's).
    pub fn removing_markers<C: MarkerRoll, D: Dice>(
        (a, b): (StandGroup, StandGroup),
        tables: &[RemovalTable; 2],
        card: &C,
        dice: &mut D,
        a_side: bool,
    ) -> State {
        if a_side {
            State::Between {
                a: tables[0].remove(card, dice, a),
                b,
            }
        } else {
            State::Between {
                a,
                b: tables[1].remove(card, dice, b),
            }
        }
    }

    /// Both sides by markers.
    #[inline]
    pub fn sides(&self) -> (StandGroup, StandGroup) {
        match self {
            State::Between { a, b } => (*a, *b),
            State::Firing { a, b, .. } => (a.collapse(), b.collapse()),
        }
    }
}

/// How many states a turn of two groups of `a` and `b` stands can start from:
/// per side, its stands standing spread over four marker states, C(n + 4, 4)
/// ways for n stands.
pub fn turn_start_states(a: u8, b: u8) -> u64 {
    let ways = |n: u8| -> u64 {
        let n = u64::from(n);
        (n + 1) * (n + 2) * (n + 3) * (n + 4) / 24
    };
    ways(a) * ways(b)
}

/// The next shot of `firing` at `target`: its best stand yet to fire (now
/// marked as fired) and the enemy stand it attacks; `None` when it has nobody
/// left to fire or nobody to fire at (then the stand holds its fire, and
/// keeps its shot for a later phase where the card gives one).
pub fn next_shot(
    firing: &mut FiringSide,
    target: &FiringSide,
    best_first: &[usize; MARKERS],
    attack_again: bool,
) -> Option<(Slot, Slot)> {
    let firer = firing.next_firer(best_first)?;
    let Some(attacked) = target.next_target(attack_again) else {
        // With no enemy stand left at all there is no shot to keep.
        if target.collapse().alive() == 0 {
            firing.mark_fired(firer);
        }
        return None;
    };
    firing.mark_fired(firer);
    Some((firer, attacked))
}

/// Forget, on both sides, what the rest of the phase cannot read (see
/// [`FiringSide::forget`]); `a_fires` and `b_fires`: each side has shots in
/// the phase.
pub fn forget_both(
    a: &mut FiringSide,
    b: &mut FiringSide,
    (a_fires, b_fires): (bool, bool),
    second_attacks: bool,
    second_attack_reads_it: bool,
) {
    let shots_to_come = |fires: bool, side: &FiringSide| if fires { side.yet_to_fire() } else { 0 };
    let (a_shots, b_shots) = (shots_to_come(a_fires, a), shots_to_come(b_fires, b));
    a.forget(b_shots, second_attacks, second_attack_reads_it);
    b.forget(a_shots, second_attacks, second_attack_reads_it);
}

/// Marker states (ok, S, D, S+D) by their cohesion penalty on `card`, smallest
/// first: the order in which a side's stands fire.
pub fn best_first<C: GhqCard>(card: &C) -> [usize; MARKERS] {
    let mut order = [0, 1, 2, 3];
    order.sort_by_key(|&m| {
        let stand = Stand::with_markers(m & 1 == 1, m & 2 == 2);
        card.marker_penalties().of(&stand)
    });
    order
}

/// The 16-bit blocks of the tags that have none of `bits`.
const fn blocks_without(bits: usize) -> u128 {
    let mut blocks = 0u128;
    let mut tag = 0;
    while tag < TAGS {
        if tag & bits == 0 {
            blocks |= 0xffff << (16 * tag);
        }
        tag += 1;
    }
    blocks
}

/// The sum of the sixteen 4-bit counts in `x` (at most 255).
fn nibble_sum(x: u64) -> u8 {
    const LOW: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let bytes = (x & LOW) + ((x >> 4) & LOW);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

impl FiringSide {
    /// A side at the start of the fire phase: nobody has fired or been attacked.
    pub fn new(group: &StandGroup) -> Self {
        let mut side = FiringSide {
            packed: [0; 2],
            lost: group.lost,
        };
        for (m, &n) in group.counts.iter().enumerate() {
            side.add(0, m, n);
        }
        side
    }

    fn counts(&self) -> u128 {
        (u128::from(self.packed[1]) << 64) | u128::from(self.packed[0])
    }

    fn set_counts(&mut self, counts: u128) {
        self.packed = [counts as u64, (counts >> 64) as u64];
    }

    fn count(&self, tag: usize, markers: usize) -> u8 {
        ((self.counts() >> offset(tag, markers)) & 0xf) as u8
    }

    fn add(&mut self, tag: usize, markers: usize, n: u8) {
        self.set_counts(self.counts() + (u128::from(n) << offset(tag, markers)));
    }

    fn take_one(&mut self, slot: Slot) {
        debug_assert!(self.count(slot.tag, slot.markers) > 0);
        self.set_counts(self.counts() - (1 << offset(slot.tag, slot.markers)));
    }

    /// A new fire phase in the same turn: nobody has been attacked in it yet
    /// (suppression this turn is forgotten: only a card whose `(S)` reads the
    /// S marker plays several phases). With `keep_fired` a stand that fired
    /// in an earlier phase has no shot left (one shot a turn); otherwise every
    /// stand fires anew.
    pub fn new_phase(&mut self, keep_fired: bool) {
        if !keep_fired {
            *self = FiringSide::new(&self.collapse());
            return;
        }
        // Tags 4-7 (suppressed this turn) onto 0-3, then 2-3 (attacked) onto
        // 0-1: what is left is fired (tag 1) or not (tag 0).
        let counts = (self.counts() & u128::from(u64::MAX)) + (self.counts() >> 64);
        self.set_counts((counts & u128::from(u32::MAX)) + (counts >> 32));
    }

    /// The side after the phase, by markers only.
    pub fn collapse(&self) -> StandGroup {
        // Fold the eight tag blocks onto the first, nibble-wise.
        let x = (self.counts() & u128::from(u64::MAX)) + (self.counts() >> 64);
        let x = (x & u128::from(u32::MAX)) + (x >> 32);
        let x = (x & 0xffff) + (x >> 16);
        StandGroup {
            counts: [0, 1, 2, 3].map(|m| ((x >> (4 * m)) & 0xf) as u8),
            lost: self.lost,
        }
    }

    fn first(&self, markers: &[usize], tags: &[usize]) -> Option<Slot> {
        markers.iter().find_map(|&m| {
            tags.iter()
                .find(|&&t| self.count(t, m) > 0)
                .map(|&tag| Slot { tag, markers: m })
        })
    }

    /// The stand to fire next, `best_first` giving the marker states in firing
    /// order; `None` when every stand has fired.
    pub fn next_firer(&self, best_first: &[usize; MARKERS]) -> Option<Slot> {
        const NOT_ATTACKED_FIRST: [usize; 3] = [0, ATTACKED, ATTACKED | SUPPRESSED_THIS_TURN];
        // Stands yet to fire by marker state, in one fold (a hot path).
        let x = self.counts() & blocks_without(FIRED);
        let x = (x & u128::from(u64::MAX)) + (x >> 64);
        let x = (x & u128::from(u32::MAX)) + (x >> 32);
        let x = (x & 0xffff) + (x >> 16);
        let m = *best_first.iter().find(|&&m| (x >> (4 * m)) & 0xf != 0)?;
        self.first(&[m], &NOT_ATTACKED_FIRST)
    }

    /// The stand to attack: the most damaged not yet attacked; when all have
    /// been, with `attack_again`, the most damaged of them; else `None`.
    pub fn next_target(&self, attack_again: bool) -> Option<Slot> {
        const NOT_ATTACKED: [usize; 2] = [0, FIRED];
        const ATTACKED_YET_TO_FIRE_FIRST: [usize; 4] = [
            ATTACKED | SUPPRESSED_THIS_TURN,
            ATTACKED,
            ATTACKED | SUPPRESSED_THIS_TURN | FIRED,
            ATTACKED | FIRED,
        ];
        self.first(&MOST_DAMAGED_FIRST, &NOT_ATTACKED).or_else(|| {
            attack_again
                .then(|| self.first(&MOST_DAMAGED_FIRST, &ATTACKED_YET_TO_FIRE_FIRST))
                .flatten()
        })
    }

    /// Stands whose tag has none of `bits` (a hot path of the exact method:
    /// the counts of those tags' blocks, summed nibble-wise).
    fn without(&self, bits: usize) -> u8 {
        let x = self.counts() & blocks_without(bits);
        nibble_sum(x as u64) + nibble_sum((x >> 64) as u64)
    }

    /// Stands yet to fire.
    pub fn yet_to_fire(&self) -> u8 {
        self.without(FIRED)
    }

    /// Forget what no longer matters, so that equal situations merge: whether
    /// and how a stand was attacked once no more attacks can come (the enemy has
    /// `enemy_yet_to_fire` stands left to fire), and the suppression this turn
    /// when no stand can be attacked twice any more (`second_attacks` false:
    /// the card's reading does not allow them, or the stands not yet attacked
    /// outnumber the enemy's shots to come) or a second attack does not read it
    /// (`second_attack_reads_it` false).
    pub fn forget(
        &mut self,
        enemy_yet_to_fire: u8,
        second_attacks: bool,
        second_attack_reads_it: bool,
    ) {
        let attacks_to_come = enemy_yet_to_fire > 0;
        let reads_it =
            second_attacks && second_attack_reads_it && enemy_yet_to_fire > self.without(ATTACKED);
        // Each tag owns a 16-bit block; forgetting a tag bit adds the blocks
        // with it onto those without (no count passes 15: at most ten stands).
        if attacks_to_come && reads_it {
            return;
        }
        // Tags 4-7 (suppressed this turn) onto 0-3.
        let mut counts = (self.counts() & u128::from(u64::MAX)) + (self.counts() >> 64);
        if !attacks_to_come {
            // Tags 2-3 (attacked) onto 0-1.
            counts = (counts & u128::from(u32::MAX)) + (counts >> 32);
        }
        self.set_counts(counts);
    }

    /// The stand in `slot` has fired.
    pub fn mark_fired(&mut self, slot: Slot) {
        self.take_one(slot);
        self.add(slot.tag | FIRED, slot.markers, 1);
    }

    /// The stand in `slot` was attacked and is now `after`.
    pub fn attacked(&mut self, slot: Slot, after: &Stand) {
        self.take_one(slot);
        if after.eliminated {
            self.lost += 1;
            return;
        }
        let suppressed = if after.suppressed_this_turn {
            SUPPRESSED_THIS_TURN
        } else {
            0
        };
        self.add(
            (slot.tag & FIRED) | ATTACKED | suppressed,
            after.state_index(),
            1,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(counts: [u8; 4]) -> FiringSide {
        FiringSide::new(&StandGroup { counts, lost: 0 })
    }

    #[test]
    fn the_most_damaged_stand_not_yet_attacked_is_the_target() {
        let mut s = side([1, 1, 1, 0]);
        let t = s.next_target(true).unwrap();
        assert_eq!(t.markers, 2);
        s.attacked(t, &Stand::with_markers(false, true));
        assert_eq!(s.next_target(true).unwrap().markers, 1);
    }

    #[test]
    fn once_all_are_attacked_a_firer_attacks_again_or_holds() {
        let mut s = side([1, 0, 0, 0]);
        let t = s.next_target(true).unwrap();
        let mut hit = t.stand();
        hit.suppressed = true;
        hit.suppressed_this_turn = true;
        s.attacked(t, &hit);
        assert_eq!(s.next_target(false), None);
        let again = s.next_target(true).unwrap();
        assert!(again.stand().suppressed_this_turn);
    }

    #[test]
    fn the_best_stand_fires_first_and_each_fires_once() {
        // D (+3) fires before S (+4).
        let order = [0, 2, 1, 3];
        let mut s = side([0, 1, 1, 0]);
        let f = s.next_firer(&order).unwrap();
        assert_eq!(f.markers, 2);
        s.mark_fired(f);
        let f = s.next_firer(&order).unwrap();
        assert_eq!(f.markers, 1);
        s.mark_fired(f);
        assert_eq!(s.next_firer(&order), None);
        assert_eq!(s.collapse().counts, [0, 1, 1, 0]);
    }

    #[test]
    fn an_eliminated_stand_is_lost() {
        let mut s = side([2, 0, 0, 0]);
        let t = s.next_target(true).unwrap();
        let mut gone = t.stand();
        gone.eliminated = true;
        s.attacked(t, &gone);
        assert_eq!(s.collapse().counts, [1, 0, 0, 0]);
        assert_eq!(s.collapse().lost, 1);
    }
}
