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
use crate::dice::{Dice, Roll, Weighted};
use crate::engine::{self, Ending, Schema, Tally};
use crate::systems::ghq::RemovalTable;
pub use crate::systems::ghq::engagement_record::Winner;
use crate::systems::ghq::engagement_record::{Decided, EngagementRecord};
use crate::systems::ghq::fire_phase::{self, FiringSide, State};
use crate::systems::ghq::group::StandGroup;
use crate::systems::ghq::roll_result;
use crate::systems::ghq::{GhqCard, ParenSTrigger, Stand};
use std::sync::Arc;

/// How one side fires at the other.
#[derive(Clone, Copy, Debug)]
pub struct Fire {
    pub column: usize,
    /// Target terrain on the firer's cohesion roll.
    pub cohesion_drm: i32,
    /// Target terrain plus range on the CRT roll.
    pub crt_drm: i32,
}

/// One side's setup.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub stands: u8,
    pub cohesion: i32,
    /// `None`: this side does not fire.
    pub fire: Option<Fire>,
    /// Stands lost at which the side breaks (0: never).
    pub break_point: u8,
}

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
}

/// One side's shots, tabulated once from the charts: the firer's cohesion d20
/// and the CRT's 2D6 are pure functions of a few small values (the firer's
/// markers, the target's markers and whether an attack suppressed it this
/// turn), and the hot loops of both methods read them. Each shot is one draw
/// over its 720 equally likely outcomes, by what it does.
#[derive(Clone, Debug)]
pub struct ShotTable {
    /// By firer markers, target markers, target suppressed this turn.
    shots: [[[Shot; 2]; 4]; 4],
}

/// What one shot can do, with its odds.
#[derive(Clone, Copy, Debug)]
struct Shot {
    odds: Weighted,
    /// The target after the shot, by class; `None`: the firer failed its
    /// cohesion test, used its turn and attacked nobody.
    outcomes: [Option<Stand>; Weighted::MAX_CLASSES],
}

impl ShotTable {
    pub(super) fn new(charts: &Charts, side: &Side, fire: &Fire) -> Self {
        let shot = |firer: usize, markers: usize, stt: usize| {
            let firer_stand = Stand::with_markers(firer & 1 == 1, firer & 2 == 2);
            let test = charts.cohesion_test(side.cohesion, &firer_stand, fire.cohesion_drm);
            let target = Stand {
                suppressed_this_turn: stt == 1,
                ..Stand::with_markers(markers & 1 == 1, markers & 2 == 2)
            };
            let outcome = |d20: u32, total: u32| {
                test.passes(d20).then(|| {
                    roll_result(
                        charts,
                        fire.column,
                        total as i32 + fire.crt_drm,
                        false,
                        target,
                    )
                    .0
                })
            };
            let (odds, classes) = Weighted::of_pair(Roll::Die(20), Roll::Sum(2, 6), outcome);
            let mut outcomes = [None; Weighted::MAX_CLASSES];
            outcomes[..classes.len()].copy_from_slice(&classes);
            Shot { odds, outcomes }
        };
        ShotTable {
            shots: std::array::from_fn(|firer| {
                std::array::from_fn(|markers| std::array::from_fn(|stt| shot(firer, markers, stt)))
            }),
        }
    }
}

impl Engagement {
    /// Shot steps per side and turn: one per stand of the larger side.
    fn shots(&self) -> u32 {
        u32::from(self.a.stands.max(self.b.stands))
    }

    fn decided(&self, a: &StandGroup, b: &StandGroup) -> Decided {
        Decided::of(a.is_out(self.a.break_point), b.is_out(self.b.break_point))
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
        if let Some(aim) = self.aim(a_turn, firing, target_side) {
            Self::land(&aim, dice.pick(&aim.shot.odds), target_side);
        }
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

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        EngagementRecord::declare(schema, self.a.stands, self.b.stands, self.turns, true)
    }

    fn start(&self) -> State {
        State::Between {
            a: StandGroup::fresh(self.a.stands),
            b: StandGroup::fresh(self.b.stands),
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, state: &State) -> bool {
        let (a, b) = state.sides();
        a.is_out(self.a.break_point) || b.is_out(self.b.break_point)
    }

    /// The steps in order, without a state between them (Monte Carlo's hot
    /// loop): the same initiative, shots and marker removal as
    /// [`Self::play_step`], in the same order.
    fn play_turn<D: Dice>(&self, state: &State, dice: &mut D) -> State {
        let State::Between { a, b } = *state else {
            // Not reached (a turn starts between turns); played step by step.
            return engine::turn_in_steps(self, state, dice);
        };
        let (won, lost) = self.initiative;
        let a_first = dice.chance(won, won + lost);
        let (mut a, mut b) = (FiringSide::new(&a), FiringSide::new(&b));
        for k in 0..2 * self.shots() {
            self.shot(dice, k.is_multiple_of(2) == a_first, &mut a, &mut b);
        }
        State::Between {
            a: self.removal[0].remove(dice, a.collapse()),
            b: self.removal[1].remove(dice, b.collapse()),
        }
    }

    /// The initiative roll; the shots, the sides alternating (the last one
    /// closes the phase); marker removal of A, then of B, each one multinomial
    /// split per marker state.
    fn steps(&self) -> u32 {
        3 + 2 * self.shots()
    }

    fn turn_start_states(&self) -> Option<u64> {
        Some(fire_phase::turn_start_states(self.a.stands, self.b.stands))
    }

    /// The initiative and the shots; marker removal reads one side at a time
    /// and runs on the merged distribution.
    fn cached_steps(&self) -> u32 {
        1 + 2 * self.shots()
    }

    fn play_step<D: Dice>(&self, state: &State, step: u32, dice: &mut D) -> State {
        let last_shot = 2 * self.shots();
        match *state {
            State::Between { a, b } if step == 0 => State::Firing {
                a_first: dice.chance(self.initiative.0, self.initiative.0 + self.initiative.1),
                a: FiringSide::new(&a),
                b: FiringSide::new(&b),
            },
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
            State::Between { a, b } if step == last_shot + 1 => State::Between {
                a: self.removal[0].remove(dice, a),
                b,
            },
            State::Between { a, b } => State::Between {
                a,
                b: self.removal[1].remove(dice, b),
            },
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

    fn record_turn(&self, rec: &Self::Record, turn: u32, state: &State, tally: &mut Tally, w: f64) {
        let (a, b) = state.sides();
        rec.record_turn(turn, self.is_over(state), [&a, &b], tally, w);
    }

    fn record_end(
        &self,
        rec: &Self::Record,
        state: &State,
        turns: u32,
        _ending: Ending,
        tally: &mut Tally,
        w: f64,
    ) {
        let (a, b) = state.sides();
        rec.record_end(self.decided(&a, &b), turns, [&a, &b], tally, w);
    }
}

/// Wins of A and of B over the 36 initiative rolls (1D6 + cohesion, highest wins).
pub(super) fn initiative(a_cohesion: i32, b_cohesion: i32) -> (u32, u32) {
    let mut wins = (0, 0);
    for x in 1..=6 {
        for y in 1..=6 {
            match (x + a_cohesion).cmp(&(y + b_cohesion)) {
                std::cmp::Ordering::Greater => wins.0 += 1,
                std::cmp::Ordering::Less => wins.1 += 1,
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    wins
}
