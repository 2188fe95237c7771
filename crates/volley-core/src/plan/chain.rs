//! The chain best play is solved over: every state met at each decision
//! point (the start of each turn; against an opponent at its best, also
//! where it answers), numbered once whatever the turns that reach it, and
//! each (state, open choice)'s turn, enumerated once (equal states merged
//! after every step), as the next decision point's states by number with
//! their probabilities. The solver values it backward
//! ([`super::solver`]).

use super::Decisions;
use crate::dice::{Enumerator, OverBudget};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

type Kernel<S> = Vec<(S, f64)>;

/// States whose turns are found (in parallel) before they are numbered
/// (in order): enough to keep every thread busy, few enough that the turns
/// waiting, with their whole states, take little memory.
const TURNS_AT_ONCE: usize = 4096;

/// A state's number in the chain.
pub(super) type Id = u32;

/// A state's open choices, each with its turn: the next states by number,
/// with their probabilities.
type Choices = Vec<(&'static str, Vec<(Id, f64)>)>;

/// The chain: every state met at a decision point, numbered; the states at
/// each decision point; and, by state, each open choice's turn as the next
/// decision point's states (by number) with their probabilities. States are
/// kept once, whatever the turns that reach them.
pub(super) struct Chain<S> {
    pub(super) states: Vec<S>,
    pub(super) layers: Vec<Vec<Id>>,
    pub(super) kernels: Vec<Choices>,
}

/// One turn from `state` with `choice`, exactly: as the engagement computes
/// it whole, or each step's dice enumerated, equal states merged after it.
fn turn<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    budget: u64,
) -> Result<Kernel<G::State>, OverBudget> {
    if let Some(kernel) = game.whole_turn(state, choice, budget) {
        return kernel;
    }
    stepwise_turn(game, state, choice, budget)
}

/// One turn from `state` with `choice`, step by step.
pub(crate) fn stepwise_turn<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    budget: u64,
) -> Result<Kernel<G::State>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut now: Vec<(G::State, f64)> = vec![(state.clone(), 1.0)];
    for step in 0..game.steps(state, choice) {
        let mut next: FxHashMap<G::State, f64> = FxHashMap::default();
        for (s, w) in now.drain(..) {
            if game.is_over(&s) {
                *next.entry(s).or_insert(0.0) += w;
                continue;
            }
            enumerator.explore(
                |dice| game.play_step(&s, choice, step, dice),
                |after, p| *next.entry(after).or_insert(0.0) += p * w,
            )?;
        }
        // The map's order is fixed by what went in (its hasher has no
        // random seed): the same sums in the same order on every run.
        now.extend(next);
    }
    // The kernel in the order of its states, whatever way it was found.
    now.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(now)
}

/// The number of state `s`, given it if it is new.
fn intern<S: Clone + Eq + std::hash::Hash>(
    chain: &mut Chain<S>,
    ids: &mut FxHashMap<S, Id>,
    s: S,
) -> Id {
    if let Some(id) = ids.get(&s) {
        return *id;
    }
    let id = chain.states.len() as Id;
    ids.insert(s.clone(), id);
    chain.states.push(s);
    chain.kernels.push(Vec::new());
    id
}

pub(super) fn chain<G: Decisions>(game: &G, budget: u64) -> Result<Chain<G::State>, OverBudget> {
    // Numbered in the order met, which is fixed: the same chain every run.
    let mut ids: FxHashMap<G::State, Id> = FxHashMap::default();
    let mut chain = Chain {
        states: Vec::new(),
        layers: Vec::new(),
        kernels: Vec::new(),
    };
    let start = intern(&mut chain, &mut ids, game.start());
    chain.layers.push(vec![start]);
    for _ in 0..decision_points(game) {
        let current = chain.layers.last().expect("the first layer").clone();
        let work: Vec<Id> = current
            .iter()
            .copied()
            .filter(|id| {
                let s = &chain.states[*id as usize];
                !game.is_over(s) && chain.kernels[*id as usize].is_empty()
            })
            .collect();
        // A batch of states' turns at a time, numbered as soon as found:
        // the turns held with their whole states are one batch's, not a
        // decision point's.
        for batch in work.chunks(TURNS_AT_ONCE) {
            #[allow(clippy::type_complexity)]
            let found: Vec<Vec<(&'static str, Kernel<G::State>)>> = batch
                .par_iter()
                .map(|id| {
                    let s = &chain.states[*id as usize];
                    game.choices(s)
                        .into_iter()
                        .map(|c| turn(game, s, c, budget).map(|k| (c, k)))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<_, _>>()?;
            for (&id, choices) in batch.iter().zip(found) {
                let mut numbered = Vec::with_capacity(choices.len());
                for (c, kernel) in choices {
                    // A fresh vector, not the turn's collected in place: that
                    // would keep the turn's allocation, whole states and all,
                    // for every kernel of the chain (the Micro Force best
                    // reply: 2.0 GB where its kernels need 0.2).
                    let mut by_id: Vec<(Id, f64)> = Vec::with_capacity(kernel.len());
                    for (s, p) in kernel {
                        by_id.push((intern(&mut chain, &mut ids, s), p));
                    }
                    numbered.push((c, by_id));
                }
                chain.kernels[id as usize] = numbered;
            }
        }
        let mut marked = vec![false; chain.states.len()];
        let mut next = Vec::new();
        for id in current {
            let s = &chain.states[id as usize];
            let reached: Vec<Id> = if game.is_over(s) {
                vec![id]
            } else {
                chain.kernels[id as usize]
                    .iter()
                    .flat_map(|(_, k)| k.iter().map(|(n, _)| *n))
                    .collect()
            };
            for n in reached {
                if !std::mem::replace(&mut marked[n as usize], true) {
                    next.push(n);
                }
            }
        }
        next.sort_unstable();
        // The distinct states held (and their turns) are what takes memory.
        if chain.states.len() as u64 > budget {
            return Err(OverBudget::tree(budget));
        }
        chain.layers.push(next);
    }
    Ok(chain)
}

/// Decision points over the whole engagement.
pub(super) fn decision_points<G: Decisions>(game: &G) -> u32 {
    game.turn_limit() * game.points_per_turn()
}
