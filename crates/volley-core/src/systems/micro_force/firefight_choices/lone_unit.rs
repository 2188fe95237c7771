//! The firefight's steps from a distribution of states (each state's dice
//! enumerated, equal states merged after the step), the plan's stages of a
//! turn of fire and of the rallies after a charge; but a step that reads and changes one unit only (a volley's
//! effects on its target, a rally) enumerated once for each way that unit
//! stands, its ends shared by every state that holds it, in every turn of
//! the plan. After both volleys a turn's states pair every way one unit
//! stands with every way the other does, so a rally played from each state
//! would replay the same unit's dice once for every way the other stands;
//! and the turns from thousands of states meet the same few hundred ways a
//! unit stands.

use super::super::fire::Hit;
use super::super::firefight::State;
use super::super::unit::Unit;
use super::{FirefightChoices, Phase, RALLY_A, RALLY_B};
use crate::dice::{Enumerator, OverBudget};
use crate::engine::Engagement;
use crate::plan::Turn;
use rustc_hash::{FxBuildHasher, FxHashMap};

/// What a lone unit's step reads and changes: the unit, the hit it takes (a
/// volley's effects), and who won the initiative (which side's fire it is;
/// carried through).
pub(super) type LoneUnit = (Unit, Hit, Option<bool>);

/// The side (0: A, 1: B) whose unit alone step `step` of the firefight reads
/// and changes from `s`; `None` where it reads both (the initiative, a
/// volley's roll, which marks the firer's first fire spent).
fn lone_unit(s: &State, step: u32) -> Option<usize> {
    match step {
        RALLY_A => Some(0),
        RALLY_B => Some(1),
        // A volley's effects, on its target: B when A fires.
        2 | 4 => {
            let a_fires = (step <= 2) == s.last_winner_a.unwrap_or(true);
            Some(usize::from(a_fires))
        }
        _ => None,
    }
}

fn unit_of(s: &State, side: usize) -> Unit {
    if side == 0 { s.a } else { s.b }
}

impl FirefightChoices {
    /// Step `step` of the firefight from `now` as a plan's stage (of a turn
    /// of fire, or a rally after a charge), each next state wrapped by
    /// `wrap`.
    pub(super) fn fight_stage(
        &self,
        now: State,
        step: u32,
        wrap: fn(State) -> Phase,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let mut enumerator = Enumerator::new(budget);
        let mut moves = self.fight_step(vec![(now, 1.0)], step, &mut enumerator)?;
        // Sorted as firefight states, half the bytes of a phase to move: the
        // order of the phases that wrap them.
        moves.sort_unstable_by_key(|a| a.0);
        Ok(moves.into_iter().map(|(s, p)| (wrap(s), p)).collect())
    }

    /// Step `step` of the firefight from the distribution `now` (a state
    /// whose fight is over stays), equal states merged, in the map's order
    /// (fixed by what went in: its hasher has no random seed).
    pub(super) fn fight_step(
        &self,
        now: Vec<(State, f64)>,
        step: u32,
        enumerator: &mut Enumerator,
    ) -> Result<Vec<(State, f64)>, OverBudget> {
        let mut next: FxHashMap<State, f64> =
            FxHashMap::with_capacity_and_hasher(now.len() * 2, FxBuildHasher);
        for (s, w) in now {
            if self.fight.is_over(&s) {
                *next.entry(s).or_insert(0.0) += w;
                continue;
            }
            let Some(side) = lone_unit(&s, step) else {
                enumerator.explore(
                    |dice| self.fight.play_step(&s, step, dice),
                    |after, p| *next.entry(after).or_insert(0.0) += p * w,
                )?;
                continue;
            };
            let lone = (unit_of(&s, side), s.hit, s.last_winner_a);
            let ends = self.lone_steps.moves_found(step, &lone, || {
                // Played from this state; by the card it reads nothing of
                // the other unit, so its ends hold for every state with the
                // same lone unit (a test holds staged turns to the steps
                // played).
                let (ends, _) = enumerator.merged(|dice| {
                    let after = self.fight.play_step(&s, step, dice);
                    (unit_of(&after, side), after.hit, after.last_winner_a)
                })?;
                Ok(ends)
            })?;
            for &((unit, hit, _), p) in ends.iter() {
                let mut after = s;
                if side == 0 {
                    after.a = unit;
                } else {
                    after.b = unit;
                }
                after.hit = hit;
                *next.entry(after).or_insert(0.0) += p * w;
            }
        }
        Ok(next.into_iter().collect())
    }
}
