//! A route: the stages of the turns that take one choice, split the same
//! way and carrying the same label through, as levels of states (level 0: the decision states that take it),
//! each state numbered once within its level and its stage's moves to the
//! next level's states (from the last level, to decision states by number)
//! kept once. Turns from different decision states that meet the same
//! state within them share it and its moves.

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

/// A state's number in the chain (a decision state's), or within a level
/// of a route.
pub(super) type Id = u32;

/// One move: the next state by number, with its probability.
pub(super) type Step = (Id, f64);

/// Marks a state whose moves are not found yet.
const UNSTEPPED: (u32, u32) = (u32::MAX, 0);

/// The states at one stage of a route, numbered, with their moves.
pub(super) struct Level<S> {
    /// The states, each held once, numbered in the order met.
    states: IndexSet<S, FxBuildHasher>,
    /// By state, where its moves lie in `steps` (start, count).
    spans: Vec<(u32, u32)>,
    steps: Vec<Step>,
}

impl<S: Eq + std::hash::Hash> Level<S> {
    fn new() -> Self {
        Level {
            states: IndexSet::default(),
            spans: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// The number of state `s` at this level, given it if it is new.
    pub(super) fn intern(&mut self, s: S) -> Id {
        let (id, new) = self.states.insert_full(s);
        if new {
            self.spans.push(UNSTEPPED);
        }
        id as Id
    }

    pub(super) fn set_moves(&mut self, n: Id, moves: &[Step]) {
        let start = u32::try_from(self.steps.len()).expect("fewer than 2^32 moves a level");
        self.steps.extend_from_slice(moves);
        self.spans[n as usize] = (start, moves.len() as u32);
    }
}

impl<S> Level<S> {
    pub(super) fn state(&self, n: Id) -> &S {
        &self.states[n as usize]
    }

    pub(super) fn len(&self) -> usize {
        self.states.len()
    }

    /// Are state `n`'s moves found?
    pub(super) fn stepped(&self, n: Id) -> bool {
        self.spans[n as usize] != UNSTEPPED
    }

    /// State `n`'s moves, in the order of the states they reach.
    pub(super) fn moves(&self, n: Id) -> &[Step] {
        let (start, count) = self.spans[n as usize];
        &self.steps[start as usize..][..count as usize]
    }
}

/// The turns that take `choice` in `levels.len()` stages.
pub(super) struct Route<S> {
    pub(super) choice: &'static str,
    /// What its turns carry through untouched, if anything
    /// ([`super::Decisions::carried`]).
    pub(super) label: Option<u32>,
    pub(super) levels: Vec<Level<S>>,
}

impl<S: Eq + std::hash::Hash> Route<S> {
    pub(super) fn new(choice: &'static str, stages: u32, label: Option<u32>) -> Self {
        Route {
            choice,
            label,
            levels: (0..stages.max(1)).map(|_| Level::new()).collect(),
        }
    }
}

impl<S> Route<S> {
    /// States held at every level.
    pub(super) fn len(&self) -> usize {
        self.levels.iter().map(Level::len).sum()
    }
}
