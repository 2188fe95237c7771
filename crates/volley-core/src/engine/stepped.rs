//! A procedure played as a chain of steps over a small state (a charge: the
//! advance, the fire at the charger, the checks, the impact, the volleys).
//!
//! Monte Carlo plays the steps one after another on the trial's dice, exactly
//! as one long procedure would. The exact method does what the engagements'
//! exact method does within a turn: it enumerates each step's own small dice
//! tree from every state reached so far and merges equal states after every
//! step, instead of enumerating one tree whose later branches repeat the same
//! sub-trees under every earlier branch. The leaves it enumerates are the sum
//! of the steps' trees, not their product.

use super::model::{Model, Procedure, ProcedureModel};
use crate::dice::{Dice, Enumerator, OverBudget, Sampler};
use crate::tally::{Schema, Tally};
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;

/// A step's next states with their probabilities, in the order of the
/// states.
pub type StepMoves<S> = Vec<(S, f64)>;

/// A [`Procedure`] written as steps over a state. Its [`Procedure::run`] is
/// [`run_steps`]: the same code answers both methods.
pub trait Stepped: Procedure {
    /// Everything later steps read. Ordered so that equal states merge in a
    /// fixed order (results are reproducible to the last bit); a state keeps
    /// only what is still to be read when the dice say it merges states
    /// ([`Dice::merges_states`]), so that more of them are equal.
    type State: Clone + Ord + std::hash::Hash;

    /// The state before the first step.
    fn start(&self) -> Self::State;

    /// Steps in the procedure.
    fn steps(&self) -> u32;

    /// The outcome once `state` is final (no later step changes it), else
    /// `None`. Every state is final after the last step.
    fn finished(&self, state: &Self::State) -> Option<Self::Outcome>;

    /// Play step `step` (from 0) from an unfinished `state`.
    fn play_step<D: Dice>(&self, state: &Self::State, step: u32, dice: &mut D) -> Self::State;

    /// Step `step` from `state` as its next states with their probabilities
    /// (in the order of the states), where the procedure finds them with
    /// less work than one tree of the step's dice (two volleys fired at
    /// once, each enumerated alone and their ends paired); `None`, the
    /// default, enumerates the step's dice. Best play's shared steps ask
    /// ([`super::exact_ends_shared`]); a test holds each answer to the
    /// step's enumerated tree.
    fn exact_step(
        &self,
        _state: &Self::State,
        _step: u32,
        _budget: u64,
    ) -> Option<Result<StepMoves<Self::State>, OverBudget>> {
        None
    }

    /// What step `step` reads of `state`, where it reads less than all of
    /// it: the state with the rest (what the step only carries past it) set
    /// to fixed values, so that the exact method plays the step once for
    /// states that differ only in the rest, and puts the rest back with
    /// [`Stepped::carried`]. `None`, the default: the step reads it all.
    fn read_by(&self, _state: &Self::State, _step: u32) -> Option<Self::State> {
        None
    }

    /// A next state `after`, found by step `step` from `read_by(from)`, with
    /// what `from` carries past the step put back.
    fn carried(&self, _from: &Self::State, after: Self::State, _step: u32) -> Self::State {
        after
    }
}

/// The outcome of a state past the last step.
fn last<P: Stepped>(procedure: &P, state: &P::State) -> P::Outcome {
    procedure
        .finished(state)
        .expect("every state is final after the last step")
}

/// Play every step of `procedure` in order, stopping once its state is final:
/// the body of a [`Stepped`] procedure's [`Procedure::run`].
pub fn run_steps<P: Stepped, D: Dice>(procedure: &P, dice: &mut D) -> P::Outcome {
    let mut state = procedure.start();
    for step in 0..procedure.steps() {
        if let Some(outcome) = procedure.finished(&state) {
            return outcome;
        }
        state = procedure.play_step(&state, step, dice);
    }
    last(procedure, &state)
}

/// Wraps a [`Stepped`] procedure as a [`Model`]: trials as any procedure's,
/// exact step by step over merged states.
pub struct SteppedModel<P: Stepped>(ProcedureModel<P>);

impl<P: Stepped> SteppedModel<P> {
    pub fn new(procedure: P) -> Self {
        SteppedModel(ProcedureModel::new(procedure))
    }
}

impl<P: Stepped> Model for SteppedModel<P> {
    fn schema(&self) -> Schema {
        self.0.schema()
    }

    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        self.0.simulate(sampler, first, trials, tally)
    }

    /// The budget bounds the leaves of all the steps' trees together.
    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        let (procedure, rec) = (self.0.procedure(), self.0.record());
        let mut tally = Tally::new(&self.0.schema());
        let ends = exact_ends(procedure, budget)?;
        for (outcome, w) in ends {
            procedure.record(rec, &outcome, &mut tally, w);
            tally.trial(w);
        }
        Ok(tally)
    }
}

/// Every final outcome of `procedure` with its probability, in the order of
/// the states they end in, by stepping the merged distribution. Each step's
/// states are merged in a hash map, then walked in their order: the sums are
/// those of an ordered map, at the cost of one sort a step.
pub fn exact_ends<P: Stepped>(
    procedure: &P,
    budget: u64,
) -> Result<Vec<(P::Outcome, f64)>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut leaves = 0u64;
    let mut live: Vec<(P::State, f64)> = vec![(procedure.start(), 1.0)];
    let mut ends: Vec<(P::State, f64)> = Vec::new();
    // One map for every step: drained, it keeps its room for the next.
    let mut next: FxHashMap<P::State, f64> = FxHashMap::default();
    for step in 0..procedure.steps() {
        // The step's moves from what it reads, where it reads less than a
        // whole state, found once for every state that holds it.
        let mut moves_read: FxHashMap<P::State, StepMoves<P::State>> = FxHashMap::default();
        for (state, w) in live.drain(..) {
            if procedure.finished(&state).is_some() {
                ends.push((state, w));
                continue;
            }
            if let Some(read) = procedure.read_by(&state, step) {
                let moves = match moves_read.entry(read) {
                    Entry::Occupied(known) => known.into_mut(),
                    Entry::Vacant(new) => {
                        let (moves, tree) =
                            enumerator.merged(|dice| procedure.play_step(new.key(), step, dice))?;
                        leaves += tree;
                        if leaves > budget {
                            return Err(OverBudget::tree(budget));
                        }
                        new.insert(moves)
                    }
                };
                for (after, p) in moves.iter() {
                    let after = procedure.carried(&state, after.clone(), step);
                    *next.entry(after).or_insert(0.0) += p * w;
                }
                continue;
            }
            leaves += enumerator.explore(
                |dice| procedure.play_step(&state, step, dice),
                |after, p| *next.entry(after).or_insert(0.0) += p * w,
            )?;
            if leaves > budget {
                return Err(OverBudget::tree(budget));
            }
        }
        live.extend(next.drain());
        // Each state is there once (drained from a map) and the states'
        // order agrees with their equality: an unstable sort gives the
        // stable one's order.
        live.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    }
    ends.append(&mut live);
    Ok(outcomes_of(procedure, ends))
}

/// The final states `ends` (in the order they ended) as outcomes: each
/// state's weights summed in the order they came, then the states in their
/// order.
pub(super) fn outcomes_of<P: Stepped>(
    procedure: &P,
    mut ends: Vec<(P::State, f64)>,
) -> Vec<(P::Outcome, f64)> {
    ends.sort_by(|a, b| a.0.cmp(&b.0));
    let mut merged: Vec<(P::State, f64)> = Vec::with_capacity(ends.len());
    for (state, w) in ends {
        match merged.last_mut() {
            Some((last, total)) if *last == state => *total += w,
            _ => merged.push((state, w)),
        }
    }
    merged
        .into_iter()
        .map(|(state, w)| (last(procedure, &state), w))
        .collect()
}

/// Test support: hold a [`Stepped`] procedure's steps to its whole dice
/// tree, enumerated in one piece as a plain procedure would be: the same
/// outcomes, each probability within `1e-15`, summing to 1.
#[cfg(test)]
pub(crate) fn assert_steps_match_tree<P>(procedure: &P, label: &str)
where
    P: Stepped,
    P::Outcome: Ord + std::fmt::Debug,
{
    use std::collections::BTreeMap;
    let mut tree = BTreeMap::new();
    Enumerator::new(u64::MAX)
        .explore(
            |dice| run_steps(procedure, dice),
            |o, p| *tree.entry(o).or_insert(0.0) += p,
        )
        .unwrap();
    let mut stepped = BTreeMap::new();
    for (o, p) in exact_ends(procedure, u64::MAX).unwrap() {
        *stepped.entry(o).or_insert(0.0) += p;
    }
    assert_eq!(
        tree.keys().collect::<Vec<_>>(),
        stepped.keys().collect::<Vec<_>>(),
        "{label}: the same outcomes"
    );
    for (o, p) in &tree {
        let q = stepped[o];
        assert!(
            (p - q).abs() <= 1e-15,
            "{label} {o:?}: {p} by the tree, {q} by the steps"
        );
    }
    let total: f64 = stepped.values().sum();
    assert!((total - 1.0).abs() < 1e-12, "{label}: total {total}");
}
