//! A Micro Force charge turn in the plan's stages: the whole charge, then
//! A's rally, then B's. The charge's ends, from the units as they stand,
//! are solved once for those units (a charge reads no initiative) and
//! shared, in the order of their states, by every state that takes it; the
//! rallies are stages of their own, so the charges from thousands of states
//! that leave the units alike share them too.

use super::super::charge_steps::ChargeState;
use super::super::firefight::State;
use super::{FirefightChoices, Phase, RALLY_A, RALLY_B};
use crate::dice::{Enumerator, OverBudget};
use crate::engine::exact_ends;
use crate::plan::Turn;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A charge turn's stages: the whole charge, A's rally, B's.
pub(super) const CHARGE_STAGES: u32 = 3;

/// The state with the units' places swapped (between turns: no hit pending).
fn mirror(s: State) -> State {
    State {
        a: s.b,
        b: s.a,
        last_winner_a: s.last_winner_a.map(|a| !a),
        hit: s.hit,
    }
}

/// A charge's ends as firefight states, from a state that won no
/// initiative (see [`FirefightChoices::charge_stage`]).
pub(super) type ChargeEnds = Arc<Vec<(State, f64)>>;

impl FirefightChoices {
    /// Stage `stage` of a charge turn by A (by B when `by_b`) from `s`: at
    /// stage 0 (a decision point) the whole charge, then the units as it
    /// left them waiting for A's rally, then for B's.
    pub(super) fn charge_stage(
        &self,
        s: &Phase,
        by_b: bool,
        stage: u32,
        budget: u64,
    ) -> Option<Result<Turn<Phase>, OverBudget>> {
        Some(match (*s, stage) {
            (Phase::Charged(now), 1) => self.rally(now, RALLY_A, Phase::Rallying, budget),
            (Phase::Rallying(now), 2) => self.rally(now, RALLY_B, Phase::Fight, budget),
            (_, 0) => self.charge_ends(&s.fight(), by_b, budget),
            _ => return None,
        })
    }

    /// The charge from `from` (by B when `by_b`), as the units stand after
    /// it, their rallies next: the charge from the same units with no
    /// initiative won, solved once, and who won the last initiative
    /// carried through (neither the charge nor a rally reads it).
    fn charge_ends(
        &self,
        from: &State,
        by_b: bool,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let key = State {
            last_winner_a: None,
            ..*from
        };
        let shared = self.shared_charge(key, by_b, budget)?;
        // In the order of its states already: every one of them is given
        // the same initiative, which keeps their order.
        Ok(shared
            .iter()
            .map(|(s, p)| {
                let s = State {
                    last_winner_a: from.last_winner_a,
                    ..*s
                };
                (Phase::Charged(s), *p)
            })
            .collect())
    }

    /// The charge's ends from `key` (no initiative won; by B when `by_b`),
    /// in the order of their states: solved the first time, shared after
    /// (by the routes of each initiative). Where both sides fire alike, B's
    /// charge on A is A's charge on B with the units swapped: read from A's,
    /// not kept twice.
    fn shared_charge(&self, key: State, by_b: bool, budget: u64) -> Result<ChargeEnds, OverBudget> {
        let mirrored = self.fight.a_fire == self.fight.b_fire;
        let kept = !(by_b && mirrored);
        if kept && let Some(ends) = self.lock_charges().get(&(key, by_b)) {
            return Ok(ends.clone());
        }
        let mut ends: Vec<(State, f64)> = if by_b && mirrored {
            let a_on_b = self.shared_charge(mirror(key), false, budget)?;
            a_on_b.iter().map(|(s, p)| (mirror(*s), *p)).collect()
        } else {
            // The charge's ends (the procedure built once for its whole
            // dice tree), each mapped back into the firefight.
            exact_ends(&self.charge(&key, by_b), budget)?
                .into_iter()
                .map(|(end, p)| {
                    let over = Phase::charging(key, ChargeState::Over(end), by_b);
                    (over.fight(), p)
                })
                .collect()
        };
        ends.sort_unstable_by_key(|a| a.0);
        let ends = Arc::new(ends);
        if kept {
            self.lock_charges().insert((key, by_b), ends.clone());
        }
        Ok(ends)
    }

    fn lock_charges(&self) -> std::sync::MutexGuard<'_, FxHashMap<(State, bool), ChargeEnds>> {
        // A poisoned lock only means another thread panicked mid-insert of a
        // whole value: the map itself is sound.
        self.charges
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A unit's rally (`step`) from `now`, each next state wrapped.
    fn rally(
        &self,
        now: State,
        step: u32,
        wrap: fn(State) -> Phase,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let mut enumerator = Enumerator::new(budget);
        let mut moves = self.fight_step(vec![(now, 1.0)], step, &mut enumerator)?;
        moves.sort_unstable_by_key(|a| a.0);
        Ok(moves.into_iter().map(|(s, p)| (wrap(s), p)).collect())
    }
}
