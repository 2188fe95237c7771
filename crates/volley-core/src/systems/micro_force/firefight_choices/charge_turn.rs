//! A Micro Force charge turn in the plan's stages: the whole charge, then
//! A's rally, then B's. The charge's ends, from the units as they stand,
//! are solved once for those units (a charge reads no initiative) and
//! shared, in the order of their states, by every state that takes it; the
//! rallies are stages of their own, so the charges from thousands of states
//! that leave the units alike share them too.

use super::super::charge_steps::ChargeState;
use super::super::firefight::State;
use super::{FirefightChoices, Phase};
use crate::dice::OverBudget;
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

/// A charge's ends as firefight states (see [`FirefightChoices::charge_ends`]).
pub(super) type ChargeEnds = Arc<Vec<(State, f64)>>;

impl FirefightChoices {
    /// The charge from `from` (by B when `by_b`), as the units stand after
    /// it, their rallies next. The plan steps a charge turn from the state
    /// without who won the last initiative ([`Decisions::carried`]), so the
    /// states that differ only in it meet one charge here.
    ///
    /// [`Decisions::carried`]: crate::plan::Decisions::carried
    pub(super) fn charge_ends(
        &self,
        from: &State,
        by_b: bool,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let shared = self.shared_charge(*from, by_b, budget)?;
        Ok(shared
            .iter()
            .map(|(s, p)| (Phase::Charged(*s), *p))
            .collect())
    }

    /// The charge's ends from `key` (by B when `by_b`),
    /// in the order of their states: solved the first time, shared after
    /// (by the routes of each initiative). Where both sides fire alike, B's
    /// charge on A is A's charge on B with the units swapped: solved from
    /// A's, and kept too, so that the swap and its sort are done once.
    fn shared_charge(&self, key: State, by_b: bool, budget: u64) -> Result<ChargeEnds, OverBudget> {
        let mirrored = self.fight.a_fire == self.fight.b_fire;
        if let Some(ends) = self.lock_charges().get(&(key, by_b)) {
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
        self.lock_charges().insert((key, by_b), ends.clone());
        Ok(ends)
    }

    fn lock_charges(&self) -> std::sync::MutexGuard<'_, FxHashMap<(State, bool), ChargeEnds>> {
        // A poisoned lock only means another thread panicked mid-insert of a
        // whole value: the map itself is sound.
        self.charges
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
