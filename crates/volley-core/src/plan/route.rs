//! The stages of the turns that take one choice, as levels of states
//! (level 0: the decision states that take it, less what the turn carries
//! through untouched), each state numbered once within its level and its
//! stage's moves to the next level's states kept once.
//!
//! A [`Track`] holds the stages, shared by every turn split the same way
//! whatever it carries through: a charge's ends and its rallies are found
//! and numbered once, not once for each initiative carried past them. A
//! [`Route`] is a track with one thing carried: its own moves from the
//! track's last level to the decision states, each of the track's ends
//! with what it carried given back.

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

/// A state's number in the chain (a decision state's), or within a level
/// of a track.
pub(super) type Id = u32;

/// One move: the next state by number, with its probability.
pub(super) type Step = (Id, f64);

/// Marks a state whose moves are not found yet.
const UNSTEPPED: (u32, u32) = (u32::MAX, 0);

/// By state number, its moves, every state's in two lists side by side:
/// the states they reach, and their probabilities, so that the walks that
/// only follow the moves read a quarter of the bytes.
#[derive(Default)]
pub(super) struct Moves {
    /// By state, where its moves lie in `targets` and `p` (start, count).
    spans: Vec<(u32, u32)>,
    targets: Vec<Id>,
    p: Vec<f64>,
}

impl Moves {
    /// Are state `n`'s moves found?
    pub(super) fn stepped(&self, n: Id) -> bool {
        self.spans
            .get(n as usize)
            .is_some_and(|span| *span != UNSTEPPED)
    }

    /// State `n`'s moves, in the order of the states they reach.
    pub(super) fn of(&self, n: Id) -> impl Iterator<Item = Step> + '_ {
        let (targets, p) = self.split(n);
        targets.iter().copied().zip(p.iter().copied())
    }

    /// The states state `n`'s moves reach, in order.
    pub(super) fn targets_of(&self, n: Id) -> &[Id] {
        self.split(n).0
    }

    fn split(&self, n: Id) -> (&[Id], &[f64]) {
        let (start, count) = self.spans[n as usize];
        let (start, count) = (start as usize, count as usize);
        (&self.targets[start..][..count], &self.p[start..][..count])
    }

    pub(super) fn set(&mut self, n: Id, moves: &[Step]) {
        let start = u32::try_from(self.targets.len()).expect("fewer than 2^32 moves a level");
        self.targets.extend(moves.iter().map(|m| m.0));
        self.p.extend(moves.iter().map(|m| m.1));
        let n = n as usize;
        if n >= self.spans.len() {
            self.spans.resize(n + 1, UNSTEPPED);
        }
        self.spans[n] = (start, moves.len() as u32);
    }
}

/// The states at one stage of a track, numbered, with their moves.
pub(super) struct Level<S> {
    /// The states, each held once, numbered in the order met.
    states: IndexSet<S, FxBuildHasher>,
    pub(super) moves: Moves,
}

impl<S: Eq + std::hash::Hash> Level<S> {
    fn new() -> Self {
        Level {
            states: IndexSet::default(),
            moves: Moves::default(),
        }
    }

    /// The number of state `s` at this level, given it if it is new.
    pub(super) fn intern(&mut self, s: S) -> Id {
        self.states.insert_full(s).0 as Id
    }
}

impl<S> Level<S> {
    pub(super) fn state(&self, n: Id) -> &S {
        &self.states[n as usize]
    }

    pub(super) fn len(&self) -> usize {
        self.states.len()
    }
}

/// The stages of the turns that take one choice in as many stages (one
/// level each, at least one). Where the turns carry something through, the
/// moves from the last level reach `ends`, the turns' ends before what they
/// carried is given back; where they carry nothing, the decision states.
pub(super) struct Track<S> {
    pub(super) levels: Vec<Level<S>>,
    pub(super) carries: bool,
    pub(super) ends: IndexSet<S, FxBuildHasher>,
}

impl<S: Eq + std::hash::Hash> Track<S> {
    pub(super) fn new(stages: u32, carries: bool) -> Self {
        Track {
            levels: (0..stages.max(1)).map(|_| Level::new()).collect(),
            carries,
            ends: IndexSet::default(),
        }
    }
}

impl<S> Track<S> {
    /// States held at every level (the ends are decision states again,
    /// counted as those).
    pub(super) fn len(&self) -> usize {
        self.levels.iter().map(Level::len).sum()
    }
}

/// The turns that take `choice` along track `track`, carrying `label`
/// through untouched ([`super::Decisions::carried`]).
pub(super) struct Route {
    pub(super) choice: &'static str,
    pub(super) label: Option<u32>,
    pub(super) track: usize,
    /// By state of the track's last level, its moves to decision states
    /// (where the track carries something; else the track's own moves).
    pub(super) last: Moves,
    /// By end of the track, the decision state it is with `label` given
    /// back (`UNNUMBERED` until met).
    pub(super) decided: Vec<Id>,
}

/// Marks an end not yet numbered as a decision state.
pub(super) const UNNUMBERED: Id = Id::MAX;

impl Route {
    pub(super) fn new(choice: &'static str, label: Option<u32>, track: usize) -> Self {
        Route {
            choice,
            label,
            track,
            last: Moves::default(),
            decided: Vec::new(),
        }
    }
}
