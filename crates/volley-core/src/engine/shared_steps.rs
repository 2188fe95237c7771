//! Steps shared between procedures and turns: a step played once from a
//! state, its next states kept and read again by every later procedure or
//! turn that reaches the same state at the same step. The exact stepping of
//! [`super::stepped`] plays each procedure on its own; best play
//! ([`crate::plan`]) steps thousands of charges and turns that meet the same
//! states, and shares them.

use super::stepped::{StepMoves, Stepped, outcomes_of};
use crate::dice::{Enumerator, OverBudget};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A step's next states with their probabilities, in the order of the states.
pub type Moves<S> = Arc<[(S, f64)]>;

/// The steps known, by step and state.
type Known<S> = FxHashMap<(u32, S), Moves<S>>;

/// Steps played once from each state and shared, each step's next states
/// with their probabilities: the steps after the first of procedures that
/// differ only in what their first step reads (a charge from each state of a
/// firefight: the same units but for how they stand, which only the advance
/// reads), or an engagement's steps over the turns of every state.
pub struct SharedSteps<S> {
    known: Mutex<Known<S>>,
}

impl<S> Default for SharedSteps<S> {
    fn default() -> Self {
        SharedSteps {
            known: Mutex::new(FxHashMap::default()),
        }
    }
}

impl<S: Clone + Ord + std::hash::Hash> SharedSteps<S> {
    /// The next states from `state` at `step`, with their probabilities (in
    /// the order of the states): played by `play` the first time, every
    /// leaf of its dice enumerated, and shared after.
    pub fn moves(
        &self,
        step: u32,
        state: &S,
        enumerator: &mut Enumerator,
        play: impl Fn(&S, &mut Enumerator) -> S,
    ) -> Result<Moves<S>, OverBudget> {
        self.moves_found(step, state, || {
            Ok(enumerator.merged(|dice| play(state, dice))?.0)
        })
    }

    /// The next states from `state` at `step` as `find` gives them (in the
    /// order of the states) the first time, and shared after.
    pub fn moves_found(
        &self,
        step: u32,
        state: &S,
        find: impl FnOnce() -> Result<StepMoves<S>, OverBudget>,
    ) -> Result<Moves<S>, OverBudget> {
        let key = (step, state.clone());
        if let Some(moves) = self.lock().get(&key) {
            return Ok(moves.clone());
        }
        let moves: Moves<S> = find()?.into();
        self.lock().insert(key, moves.clone());
        Ok(moves)
    }

    fn lock(&self) -> MutexGuard<'_, Known<S>> {
        // A poisoned lock only means another thread panicked between whole
        // inserts: the map itself is sound.
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// [`exact_ends`] with the steps after the first shared through `shared`,
/// for procedures whose later steps read nothing but their state and what
/// every procedure sharing `shared` holds alike. Each shared step's leaves
/// are merged into its next states before they are weighted, so sums may
/// differ from [`exact_ends`] in the last bits.
pub fn exact_ends_shared<P: Stepped>(
    procedure: &P,
    shared: &SharedSteps<P::State>,
    budget: u64,
) -> Result<Vec<(P::Outcome, f64)>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut live: Vec<(P::State, f64)> = vec![(procedure.start(), 1.0)];
    let mut ends: Vec<(P::State, f64)> = Vec::new();
    // One map for every step: drained, it keeps its room for the next.
    let mut next: FxHashMap<P::State, f64> = FxHashMap::default();
    for step in 0..procedure.steps() {
        for (state, w) in live.drain(..) {
            if procedure.finished(&state).is_some() {
                ends.push((state, w));
                continue;
            }
            if step == 0 {
                enumerator.explore(
                    |dice| procedure.play_step(&state, step, dice),
                    |after, p| *next.entry(after).or_insert(0.0) += p * w,
                )?;
                continue;
            }
            let moves = shared.moves_found(step, &state, || {
                match procedure.exact_step(&state, step, budget) {
                    Some(moves) => moves,
                    None => Ok(enumerator
                        .merged(|dice| procedure.play_step(&state, step, dice))?
                        .0),
                }
            })?;
            for (after, p) in moves.iter() {
                *next.entry(after.clone()).or_insert(0.0) += p * w;
            }
        }
        live.extend(next.drain());
        live.sort_by(|a, b| a.0.cmp(&b.0));
    }
    ends.append(&mut live);
    Ok(outcomes_of(procedure, ends))
}
