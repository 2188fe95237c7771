//! A multi-turn engagement: two groups of identical stands,
//! turn after turn: initiative (1D6 + cohesion, ties re-rolled), the joint standard
//! fire phase with the players alternating one firing stand at a time, then marker
//! removal. It ends when a side is eliminated or reaches its Break Point, or at the
//! turn limit.
//!
//! Each side plays a fixed policy (see [`crate::systems::ghq::fire_phase`]): its best stand yet
//! to fire fires next, at the most damaged enemy stand not yet attacked this phase.
//! Once every enemy stand has been attacked, the stands yet to fire attack again,
//! most damaged first (the card's "an attack may involve several firing stands",
//! played as separate shots); `ms_engagement_attack_again = false` has them hold
//! their fire instead. A stand that fails its cohesion test has used its turn and
//! attacked nobody.
//!
//! The state counts stands by markers between turns and, within the fire phase,
//! by markers and by what they did; the exact method merges equal states after
//! every shot and every marker-removal split, which keeps 4 against 4 small.

use super::charts::Charts;
use super::roll_points::{CRT_ROLL, FIRER_COHESION, INITIATIVE_ROLL};
use super::shot_table::Shot;
pub use super::shot_table::ShotTable;
use super::sides::Side;
use crate::dice::Dice;
use crate::engine;
use crate::rules::rolls::{Value, Verdict};
pub use crate::systems::ghq::engagement_record::Winner;
use crate::systems::ghq::engagement_record::{EngagementRecord, between_turns};
use crate::systems::ghq::fire_phase::{self, FiringSide, State};
use crate::systems::ghq::roll_points::fire_shown;
use crate::systems::ghq::{Column, CrtAttack, RemovalTable, attack_at};
use crate::systems::ghq::{GhqCard, ParenSTrigger};
use std::sync::Arc;

/// The engagement.
#[derive(Clone, Debug)]
pub struct Engagement {
    pub charts: Arc<Charts>,
    pub a: Side,
    pub b: Side,
    pub turns: u32,
    /// P(A has the initiative) = a_wins / (a_wins + b_wins) over the 36 rolls.
    pub initiative: (u32, u32),
    /// Marker states in firing order, fewest cohesion penalties first.
    pub best_first: [usize; 4],
    /// When every enemy stand has been attacked, the stands yet to fire attack
    /// again (`ms_engagement_attack_again`) instead of holding their fire.
    pub attack_again: bool,
    /// A's and B's shots, tabulated.
    pub shots_of: [Option<ShotTable>; 2],
    /// A's and B's marker removal, tabulated.
    pub removal: [RemovalTable; 2],
    /// A house rule changes the initiative: it is rolled at its roll point.
    pub rolled_initiative: bool,
}

impl Engagement {
    /// Shot steps per side and turn: one per stand of the larger side.
    fn shots(&self) -> u32 {
        u32::from(self.a.stands.max(self.b.stands))
    }

    /// Aim the next shot of the side `a_turn` names: its best stand yet to
    /// fire (now marked as fired) at the enemy's most damaged stand not yet
    /// attacked, with the shot's outcomes; `None` when the side passes.
    fn aim(
        &self,
        a_turn: bool,
        firing: &mut FiringSide,
        target_side: &FiringSide,
    ) -> Option<Aim<'_>> {
        let table = self.shots_of[usize::from(!a_turn)].as_ref()?;
        let (firer, slot) =
            fire_phase::next_shot(firing, target_side, &self.best_first, self.attack_again)?;
        // The firer's cohesion d20 and the CRT's 2D6 (see `ghq::attack`).
        let shot =
            &table.shots[firer.markers()][slot.markers()][usize::from(slot.suppressed_this_turn())];
        Some(Aim { slot, shot })
    }

    /// The aimed shot lands with outcome `class`.
    fn land(aim: &Aim, class: usize, target_side: &mut FiringSide) {
        if let Some(target) = aim.shot.outcomes[class] {
            target_side.attacked(aim.slot, &target);
        }
    }

    /// The next shot of the side `a_turn` names.
    fn shot<D: Dice>(&self, dice: &mut D, a_turn: bool, a: &mut FiringSide, b: &mut FiringSide) {
        let (firing, target_side) = if a_turn { (a, b) } else { (b, a) };
        if self.one_at_a_time(a_turn) {
            self.rolled_shot(dice, a_turn, firing, target_side);
        } else if let Some(aim) = self.aim(a_turn, firing, target_side) {
            Self::land(&aim, dice.pick(&aim.shot.odds), target_side);
        }
    }

    /// Does the side `a_turn` names roll each shot at the roll points (a
    /// script decides there)?
    fn one_at_a_time(&self, a_turn: bool) -> bool {
        self.shots_of[usize::from(!a_turn)]
            .as_ref()
            .is_some_and(|table| table.one_at_a_time)
    }

    /// The next shot rolled at the fire's roll points under the house rules:
    /// the firer's cohesion roll, then the CRT roll.
    fn rolled_shot<D: Dice>(
        &self,
        dice: &mut D,
        a_turn: bool,
        firing: &mut FiringSide,
        target_side: &mut FiringSide,
    ) {
        let setup = if a_turn { &self.a } else { &self.b };
        let Some(fire) = &setup.fire else { return };
        let Some((firer, slot)) =
            fire_phase::next_shot(firing, target_side, &self.best_first, self.attack_again)
        else {
            return;
        };
        let (firer, target) = (firer.stand(), slot.stand());
        let test = self
            .charts
            .cohesion_test(setup.cohesion, &firer, fire.cohesion_drm);
        let shown = || fire_shown(&firer, &target, &fire.shows);
        if test.rolled_at(&self.charts.rolls, &FIRER_COHESION, dice, shown) {
            let mut after = target;
            let attack = CrtAttack {
                column: Column::Index(fire.column),
                drm: fire.crt_drm,
                dash_s_suppresses: false,
            };
            attack_at(dice, &*self.charts, &CRT_ROLL, shown, attack, &mut after);
            target_side.attacked(slot, &after);
        }
    }

    /// Does A win the initiative? The card's odds, or the roll-off at its
    /// roll point where a house rule changes it.
    fn a_first<D: Dice>(&self, dice: &mut D) -> bool {
        if !self.rolled_initiative {
            let (won, lost) = self.initiative;
            return dice.chance(won, won + lost);
        }
        let (a, b) = (self.a.cohesion, self.b.cohesion);
        let shown = || vec![Value::Number(i64::from(a)), Value::Number(i64::from(b))];
        let rolls = &self.charts.rolls;
        rolls.roll(&INITIATIVE_ROLL, dice, shown, |dice, adjust| {
            let read = |x: i32| adjust.total(x as u32) as i32 + adjust.modifier;
            let (won, lost) = initiative_read(a, b, read);
            let a_first = if won + lost == 0 {
                dice.chance(1, 2)
            } else {
                dice.chance(won, won + lost)
            };
            (a_first, Verdict::failed_if(!a_first))
        })
    }

    /// The state after shot step `step`: what the rest of the phase cannot
    /// read forgotten when `canonical` (the exact method), and the sides by
    /// markers once the last shot is in.
    fn after_shot(
        &self,
        step: u32,
        a_first: bool,
        mut a: FiringSide,
        mut b: FiringSide,
        canonical: bool,
    ) -> State {
        if canonical {
            let reads_it = self.charts.paren_s_trigger() == ParenSTrigger::ThisTurn;
            let fires = (self.a.fire.is_some(), self.b.fire.is_some());
            fire_phase::forget_both(&mut a, &mut b, fires, self.attack_again, reads_it);
        }
        if step == 2 * self.shots() {
            State::Between {
                a: a.collapse(),
                b: b.collapse(),
            }
        } else {
            State::Firing { a_first, a, b }
        }
    }
}

/// A shot aimed: the target stand, and the shot's outcomes with their odds.
struct Aim<'a> {
    slot: fire_phase::Slot,
    shot: &'a Shot,
}

impl engine::Engagement for Engagement {
    type State = State;
    type Record = EngagementRecord;

    between_turns!(disorganized: true);

    /// The steps in order, without a state between them (Monte Carlo's hot
    /// loop): the same initiative, shots and marker removal as
    /// [`Self::play_step`], in the same order.
    fn play_turn<D: Dice>(&self, state: &State, dice: &mut D) -> State {
        let State::Between { a, b } = *state else {
            // Not reached (a turn starts between turns); played step by step.
            return engine::turn_in_steps(self, state, dice);
        };
        let a_first = self.a_first(dice);
        let (mut a, mut b) = (FiringSide::new(&a), FiringSide::new(&b));
        for k in 0..2 * self.shots() {
            self.shot(dice, k.is_multiple_of(2) == a_first, &mut a, &mut b);
        }
        State::Between {
            a: self.removal[0].remove(&*self.charts, dice, a.collapse()),
            b: self.removal[1].remove(&*self.charts, dice, b.collapse()),
        }
    }

    /// The initiative roll; the shots, the sides alternating (the last one
    /// closes the phase); marker removal of A, then of B, each one multinomial
    /// split per marker state.
    fn steps(&self) -> u32 {
        3 + 2 * self.shots()
    }

    /// The initiative and the shots; marker removal reads one side at a time
    /// and runs on the merged distribution.
    fn cached_steps(&self) -> u32 {
        1 + 2 * self.shots()
    }

    fn play_step<D: Dice>(&self, state: &State, step: u32, dice: &mut D) -> State {
        let last_shot = 2 * self.shots();
        match *state {
            State::Between { a, b } if step == 0 => State::opening_fire(&a, &b, self.a_first(dice)),
            State::Firing {
                a_first,
                mut a,
                mut b,
            } => {
                // Shot k goes to the side whose turn it is; a side with nobody
                // left to fire passes.
                let k = step - 1;
                self.shot(dice, k.is_multiple_of(2) == a_first, &mut a, &mut b);
                self.after_shot(step, a_first, a, b, dice.merges_states())
            }
            State::Between { a, b } => {
                let a_side = step == last_shot + 1;
                State::removing_markers((a, b), &self.removal, &*self.charts, dice, a_side)
            }
        }
    }

    /// A shot step's outcomes, listed from one aim: the same [`Self::aim`],
    /// [`Self::land`] and [`Self::after_shot`] as [`Self::play_step`], each
    /// class of the shot's odds once.
    fn step_outcomes<F: FnMut(State, f64)>(
        &self,
        state: &State,
        step: u32,
        mut each: F,
    ) -> Option<u64> {
        let State::Firing {
            a_first,
            mut a,
            mut b,
        } = *state
        else {
            return None;
        };
        let a_turn = (step - 1).is_multiple_of(2) == a_first;
        if self.one_at_a_time(a_turn) {
            // Rolled at the roll points: the dice list the outcomes.
            return None;
        }
        let aim = {
            let (firing, target_side) = if a_turn { (&mut a, &b) } else { (&mut b, &a) };
            self.aim(a_turn, firing, target_side)
        };
        let Some(aim) = aim else {
            each(self.after_shot(step, a_first, a, b, true), 1.0);
            return Some(1);
        };
        let odds = &aim.shot.odds;
        let total = f64::from(odds.total());
        let mut outcomes = 0;
        for class in (0..odds.classes()).filter(|&c| odds.weight(c) > 0) {
            let (mut a, mut b) = (a, b);
            Self::land(&aim, class, if a_turn { &mut b } else { &mut a });
            each(
                self.after_shot(step, a_first, a, b, true),
                f64::from(odds.weight(class)) / total,
            );
            outcomes += 1;
        }
        Some(outcomes)
    }
}

/// Wins of A and of B over the 36 initiative rolls (1D6 + cohesion, highest wins).
pub(super) fn initiative(a_cohesion: i32, b_cohesion: i32) -> (u32, u32) {
    initiative_read(a_cohesion, b_cohesion, |x| x)
}

/// [`initiative`] with A's die read as `read` reads it (a house rule's
/// modifier and a script's reading).
fn initiative_read(a_cohesion: i32, b_cohesion: i32, read: impl Fn(i32) -> i32) -> (u32, u32) {
    let mut wins = (0, 0);
    for x in 1..=6 {
        for y in 1..=6 {
            match (read(x) + a_cohesion).cmp(&(y + b_cohesion)) {
                std::cmp::Ordering::Greater => wins.0 += 1,
                std::cmp::Ordering::Less => wins.1 += 1,
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    wins
}
