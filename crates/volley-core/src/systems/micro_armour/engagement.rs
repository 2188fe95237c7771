//! A platoon engagement: two groups of identical stands,
//! each with its tech level, trade standard fire turn after turn in the card's
//! phase order. The posture roll (2D6 + cohesion) decides who fires first in each
//! phase. TL4-5 stands fire in the 1st standard fire phase, before TL1-3 stands
//! fire in the 2nd, where "all qualified stands fire" (TL4-5 too), and TL5
//! stands qualify for the 3rd. Under `ma_shots_per_turn = 1` (the default) a
//! stand fires at most once a turn, in the first phase it qualifies for where
//! it finds a target: a TL4-5 stand that held its fire in the 1st phase (every
//! enemy stand already attacked) keeps its shot for the 2nd. With
//! `ma_shots_per_turn = 2` every qualified stand fires in each phase it
//! qualifies for. Then marker removal. A side is out when it is gone or at its
//! Break Point.
//!
//! Within a phase the sides alternate one stand at a time: each side's best
//! stand yet to fire in the phase fires at the most damaged enemy stand not yet
//! attacked in it. "Any one stand may only be the target of one attack per fire
//! phase": a stand is the target of an attack once designated, whether or not
//! the firer then passes its cohesion roll, and once every enemy stand has been
//! attacked, the stands yet to fire hold their fire
//! (`ma_engagement_attack_again = true`: a failed cohesion roll attacks nobody,
//! and the stands yet to fire attack the most damaged again). An attack is one
//! firing stand's. Stands are counted by
//! markers and by what they did (see [`crate::systems::ghq::fire_phase`]), so
//! the exact method merges equal situations after every shot.
//!
//! This is where a tech level shows: it decides who fires first, the range DRM,
//! and what `-S-` does. The posture roll's winner fires first in every phase of
//! the turn.

use super::charts::Charts;
use super::command::Posture;
use super::roll_points::{CRT_ROLL, FIRER_COHESION};
use super::sides::Side;
use crate::dice::Dice;
use crate::engine;
use crate::systems::ghq::engagement_record::{EngagementRecord, between_turns};
use crate::systems::ghq::fire_phase::{self, FiringSide, State};
use crate::systems::ghq::roll_off::SideRoll;
use crate::systems::ghq::roll_points::fire_shown;
use crate::systems::ghq::{CohesionTest, CrtAttack, GhqCard, RemovalTable, attack_at};
use std::sync::Arc;

/// The engagement.
#[derive(Clone, Debug)]
pub struct Engagement {
    pub charts: Arc<Charts>,
    pub a: Side,
    pub b: Side,
    pub turns: u32,
    pub posture: Posture,
    /// Marker states in firing order, fewest cohesion penalties first.
    pub best_first: [usize; 4],
    /// The fire phases (1-3) a turn plays: those where a side fires.
    pub phases: Vec<u32>,
    /// Once every enemy stand has been attacked in a phase, the stands yet to
    /// fire attack again (`ma_engagement_attack_again`) instead of holding.
    pub attack_again: bool,
    /// A's and B's marker removal, tabulated.
    pub removal: [RemovalTable; 2],
}

impl Engagement {
    /// Does a side of tech level `tl` qualify for standard fire phase `phase`
    /// (1-3)? TL4-5 in the 1st, every stand in the 2nd ("All qualified stands
    /// fire in this phase"), TL5 in the 3rd. Under `ma_shots_per_turn = 1` a
    /// stand fires in at most one of them: the first where it finds a target.
    fn fires_in(&self, tl: u32, phase: u32) -> bool {
        match phase {
            1 => tl >= 4,
            2 => true,
            _ => tl == 5,
        }
    }

    /// Each stand fires at most once a turn (`ma_shots_per_turn = 1`): a stand
    /// that held its fire keeps its shot for a later phase it qualifies for.
    fn once_per_turn(&self) -> bool {
        self.charts.data.options.ma_shots_per_turn() < 2
    }

    /// The fire phases (1-3) a turn plays: those where a side fires.
    pub(super) fn phases_played(&self) -> Vec<u32> {
        let fires =
            |side: &Side, phase| side.fire.is_some() && self.fires_in(side.tech_level, phase);
        (1..=3)
            .filter(|&p| fires(&self.a, p) || fires(&self.b, p))
            .collect()
    }

    /// Shot steps in a phase: one per stand of the larger side, each way.
    fn shots_per_phase(&self) -> u32 {
        2 * u32::from(self.a.stands.max(self.b.stands))
    }

    /// Has `side` fired in a phase before `phase` this turn (then each of its
    /// stands has: under `ma_shots_per_turn = 2` a stand fires in every phase
    /// its side fires in)? Once a turn, a stand's own mark says it.
    fn fired_before(&self, side: &Side, phase: u32) -> bool {
        !self.once_per_turn()
            && side.fire.is_some()
            && (1..phase).any(|p| self.fires_in(side.tech_level, p))
    }

    /// The next shot in `phase` of the side `a_turn` names: its best stand yet
    /// to fire in the phase fires at the enemy's most damaged stand not yet
    /// attacked in it.
    fn shot<D: Dice>(
        &self,
        dice: &mut D,
        phase: u32,
        a_turn: bool,
        a: &mut FiringSide,
        b: &mut FiringSide,
    ) {
        let (setup, target_setup, firing, target_side) = if a_turn {
            (&self.a, &self.b, a, b)
        } else {
            (&self.b, &self.a, b, a)
        };
        let Some(fire) = &setup.fire else { return };
        if !self.fires_in(setup.tech_level, phase) {
            return;
        }
        let Some((firer, slot)) =
            fire_phase::next_shot(firing, target_side, &self.best_first, self.attack_again)
        else {
            return;
        };
        // A target that has fired this turn loses its concealing terrain.
        let target_fired = slot.fired() || self.fired_before(target_setup, phase);
        let drm = if target_fired {
            fire.cohesion_drm_fired
        } else {
            fire.cohesion_drm
        };
        let test: CohesionTest = self
            .charts
            .cohesion_test(setup.cohesion, &firer.stand(), drm);
        let (firer_stand, target_stand) = (firer.stand(), slot.stand());
        let shown = || fire_shown(&firer_stand, &target_stand, &fire.shows);
        let rolls = &self.charts.rolls;
        if test.rolled_at(rolls, &FIRER_COHESION, dice, shown) {
            let mut target = target_stand;
            let attack = CrtAttack {
                column: fire.column,
                drm: fire.crt_drm,
                dash_s_suppresses: fire.dash_s_suppresses,
            };
            attack_at(dice, &*self.charts, &CRT_ROLL, shown, attack, &mut target);
            target_side.attacked(slot, &target);
        } else if !self.attack_again {
            // The target was designated before the cohesion roll: it has been
            // the target of this phase's one attack, though nothing landed.
            target_side.attacked(slot, &slot.stand());
        }
    }
}

impl engine::Engagement for Engagement {
    type State = State;
    type Record = EngagementRecord;

    between_turns!(disorganized: false);

    /// The posture roll; the shots of each fire phase, the sides alternating
    /// (the last one closes the fire phases); marker removal of A, then of B.
    fn steps(&self) -> u32 {
        self.cached_steps() + 2
    }

    /// The posture roll and the shots; marker removal reads one side at a time
    /// and runs on the merged distribution.
    fn cached_steps(&self) -> u32 {
        1 + self.phases.len() as u32 * self.shots_per_phase()
    }

    fn play_step<D: Dice>(&self, state: &State, step: u32, dice: &mut D) -> State {
        let last_shot = self.cached_steps() - 1;
        match *state {
            State::Between { a, b } if step == 0 => {
                State::opening_fire(&a, &b, self.posture.a_wins(dice))
            }
            State::Firing {
                a_first,
                mut a,
                mut b,
            } => {
                let per_phase = self.shots_per_phase();
                let (index, k) = ((step - 1) / per_phase, (step - 1) % per_phase);
                let phase = self.phases.get(index as usize).copied().unwrap_or(1);
                if k == 0 && index > 0 {
                    a.new_phase(self.once_per_turn());
                    b.new_phase(self.once_per_turn());
                }
                self.shot(dice, phase, k.is_multiple_of(2) == a_first, &mut a, &mut b);
                if dice.merges_states() {
                    // This card's (S) reads the S marker, never this turn's
                    // suppression.
                    let fires =
                        |side: &Side| side.fire.is_some() && self.fires_in(side.tech_level, phase);
                    let both = (fires(&self.a), fires(&self.b));
                    fire_phase::forget_both(&mut a, &mut b, both, self.attack_again, false);
                }
                if step == last_shot {
                    State::Between {
                        a: a.collapse(),
                        b: b.collapse(),
                    }
                } else {
                    State::Firing { a_first, a, b }
                }
            }
            State::Between { a, b } => {
                let a_side = step == last_shot + 1;
                State::removing_markers((a, b), &self.removal, &*self.charts, dice, a_side)
            }
        }
    }
}
