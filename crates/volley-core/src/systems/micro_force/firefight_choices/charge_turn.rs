//! A Micro Force charge turn in the plan: the charge procedure's ends from
//! the units as they stand, mapped back into the firefight, then each
//! unit's rally; solved once for the units it starts from (a charge reads
//! no initiative) and shared, in the order of its states, by every state
//! that takes it.

use super::super::charge_steps::ChargeState;
use super::super::firefight::State;
use super::{FirefightChoices, Phase, RALLY_A, RALLY_B};
use crate::dice::{Enumerator, OverBudget};
use crate::engine::exact_ends;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The state with the units' places swapped (between turns: no hit pending).
fn mirror(s: State) -> State {
    State {
        a: s.b,
        b: s.a,
        last_winner_a: s.last_winner_a.map(|a| !a),
        hit: s.hit,
    }
}

/// A charge turn's next states, from a firefight state that won no
/// initiative (see [`FirefightChoices::charge_turn`]).
pub(super) type ChargeTurn = Arc<Vec<(State, f64)>>;

impl FirefightChoices {
    /// A charge turn from `from` (by B when `by_b`): the turn from the same
    /// units with no initiative won, solved once, and who won the last
    /// initiative carried through (neither the charge nor a rally reads it).
    pub(super) fn charge_turn(
        &self,
        from: &State,
        by_b: bool,
        budget: u64,
    ) -> Result<Vec<(Phase, f64)>, OverBudget> {
        let key = State {
            last_winner_a: None,
            ..*from
        };
        let shared = self.shared_charge_turn(key, by_b, budget)?;
        // In the order of its states already: every one of them is given
        // the same initiative, which keeps their order.
        Ok(shared
            .iter()
            .map(|(s, p)| {
                let s = State {
                    last_winner_a: from.last_winner_a,
                    ..*s
                };
                (Phase::Fight(s), *p)
            })
            .collect())
    }

    /// The charge turn from `key` (no initiative won; by B when `by_b`),
    /// in the order of its states: solved the first time, shared after.
    fn shared_charge_turn(
        &self,
        key: State,
        by_b: bool,
        budget: u64,
    ) -> Result<ChargeTurn, OverBudget> {
        if let Some(turn) = self.lock_charge_turns().get(&(key, by_b)) {
            return Ok(turn.clone());
        }
        // Where both sides fire alike, B's charge on A is A's charge on B
        // with the units swapped (the rallies, one a unit, commute): solved
        // once for both.
        let mut turn = if by_b && self.fight.a_fire == self.fight.b_fire {
            let a_on_b = self.shared_charge_turn(mirror(key), false, budget)?;
            a_on_b.iter().map(|(s, p)| (mirror(*s), *p)).collect()
        } else {
            self.solve_charge_turn(&key, by_b, budget)?
        };
        turn.sort_unstable_by_key(|a| a.0);
        let turn = Arc::new(turn);
        self.lock_charge_turns().insert((key, by_b), turn.clone());
        Ok(turn)
    }

    fn lock_charge_turns(&self) -> std::sync::MutexGuard<'_, FxHashMap<(State, bool), ChargeTurn>> {
        // A poisoned lock only means another thread panicked mid-insert of a
        // whole value: the map itself is sound.
        self.charge_turns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A charge turn from `from` (by B when `by_b`), exactly: the charge's
    /// ends (the procedure built once for its whole dice tree), each mapped
    /// back into the firefight, then A's rally and B's, as
    /// [`Decisions::play_step`] plays them (A's on every end, B's once the
    /// fight is not over).
    fn solve_charge_turn(
        &self,
        from: &State,
        by_b: bool,
        budget: u64,
    ) -> Result<Vec<(State, f64)>, OverBudget> {
        let mut now: Vec<(State, f64)> = exact_ends(&self.charge(from, by_b), budget)?
            .into_iter()
            .map(|(end, p)| {
                (
                    Phase::charging(*from, ChargeState::Over(end), by_b).fight(),
                    p,
                )
            })
            .collect();
        let mut enumerator = Enumerator::new(budget);
        for rally in [RALLY_A, RALLY_B] {
            now = self.fight_step(now, rally, &mut enumerator)?;
        }
        Ok(now)
    }
}
