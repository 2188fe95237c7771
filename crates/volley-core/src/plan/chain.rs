//! The chain best play is solved over: every state met at each decision
//! point (the start of each turn; against an opponent at its best, also
//! where it answers), numbered once whatever the turns that reach it, and
//! the turns between them as the engagement splits them into stages
//! ([`Decisions::stages`]). A state met within a turn is numbered once for
//! its choice and stage, whatever decision state its turn started from and
//! whatever the turn carries through untouched, and its stage's moves are
//! found once: the turns of a decision point meet the same few states
//! within them (after a volley, after a rally) from thousands of starts.
//! The solver values the chain backward, stage by stage
//! ([`super::solver`]).

pub(super) use super::route::Id;
use super::route::{Moves, Route, Step, Track, UNNUMBERED};
use super::{Decisions, PlanError, Turn, Watch};
use crate::dice::{Enumerator, OverBudget};
use indexmap::IndexSet;
use rayon::prelude::*;
use rustc_hash::{FxBuildHasher, FxHashMap};

/// States whose moves are found (in parallel) before they are numbered (in
/// order): enough to keep every thread busy, few enough that the moves
/// waiting, with their whole states, take little memory.
const MOVES_AT_ONCE: usize = 4096;

/// A decision state's open choice: its route, and its number at the first
/// level of the route's track.
#[derive(Clone, Copy, Debug)]
pub(super) struct Opening {
    pub(super) choice: &'static str,
    pub(super) route: usize,
    pub(super) node: Id,
}

/// The chain: every state met at a decision point, numbered; the states at
/// each decision point; by state, its open choices; the tracks its turns'
/// stages follow and the routes they take along them; and, by decision
/// point, route and level, the states of that level the point's turns meet.
pub(super) struct Chain<S> {
    /// Each held once, numbered in the order met.
    pub(super) states: IndexSet<S, FxBuildHasher>,
    pub(super) layers: Vec<Vec<Id>>,
    pub(super) openings: Openings,
    pub(super) tracks: Vec<Track<S>>,
    pub(super) routes: Vec<Route>,
    pub(super) met: Vec<Vec<Vec<Vec<Id>>>>,
}

impl<S> Chain<S> {
    /// The levels of route `r`.
    pub(super) fn levels(&self, r: usize) -> usize {
        self.tracks[self.routes[r].track].levels.len()
    }

    /// The states held at level `level` of route `r`'s track.
    pub(super) fn level_len(&self, r: usize, level: usize) -> usize {
        self.tracks[self.routes[r].track].levels[level].len()
    }

    /// The moves from level `level` of route `r`: its track's, or from the
    /// last level of a track that carries something, the route's own, to
    /// decision states.
    pub(super) fn moves(&self, r: usize, level: usize) -> &Moves {
        let route = &self.routes[r];
        let track = &self.tracks[route.track];
        if track.carries && level + 1 == track.levels.len() {
            &route.last
        } else {
            &track.levels[level].moves
        }
    }
}

/// By decision state, its open choices, all in one list (millions of
/// states: one allocation, not one each).
#[derive(Default)]
pub(super) struct Openings {
    /// By state, where its openings lie in `all` (start, count).
    spans: Vec<(u32, u32)>,
    all: Vec<Opening>,
}

impl Openings {
    /// State `id`'s open choices (none where its engagement is over or its
    /// choices are not opened yet).
    pub(super) fn of(&self, id: Id) -> &[Opening] {
        let (start, count) = self.spans[id as usize];
        &self.all[start as usize..][..count as usize]
    }

    /// Open choices over every state.
    pub(super) fn total(&self) -> usize {
        self.all.len()
    }

    fn set(&mut self, id: Id, openings: impl IntoIterator<Item = Opening>) {
        let start = self.all.len();
        self.all.extend(openings);
        let count = self.all.len() - start;
        let start = u32::try_from(start).expect("fewer than 2^32 openings");
        self.spans[id as usize] = (start, count as u32);
    }
}

/// One stage's next states from `state`, exactly: as the engagement
/// computes the stage, or its step's dice enumerated (a state whose
/// engagement is over stays).
fn stage_moves<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    stage: u32,
    budget: u64,
) -> Result<Turn<G::State>, OverBudget> {
    if game.is_over(state) {
        return Ok(vec![(state.clone(), 1.0)]);
    }
    if let Some(moves) = game.stage(state, choice, stage, budget) {
        return moves;
    }
    let (moves, _) =
        Enumerator::new(budget).merged(|dice| game.play_step(state, choice, stage, dice))?;
    Ok(moves)
}

/// The state a turn from `state` with `choice` is stepped from, and what
/// it carries through untouched, if anything ([`Decisions::carried`]).
fn first_stage<G: Decisions>(game: &G, state: &G::State, choice: &str) -> (G::State, Option<u32>) {
    match game.carried(state, choice) {
        Some((first, label)) => (first, Some(label)),
        None => (state.clone(), None),
    }
}

/// A turn's end with what it carried through given back.
fn given_back<G: Decisions>(game: &G, end: G::State, label: Option<u32>) -> G::State {
    match label {
        Some(label) => game.restored(end, label),
        None => end,
    }
}

/// One turn from `state` with `choice`, each stage's states merged after
/// it, as the solver sees it (for the tests that hold the stages to the
/// steps played one by one).
#[cfg(test)]
pub(crate) fn staged_turn<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    budget: u64,
) -> Result<Turn<G::State>, OverBudget> {
    let (first, label) = first_stage(game, state, choice);
    let mut now: Turn<G::State> = vec![(first, 1.0)];
    for stage in 0..game.stages(state, choice) {
        let mut next: FxHashMap<G::State, f64> = FxHashMap::default();
        for (s, w) in now {
            for (after, p) in stage_moves(game, &s, choice, stage, budget)? {
                *next.entry(after).or_insert(0.0) += p * w;
            }
        }
        now = next.into_iter().collect();
        // In the states' order, not the map's: the next stage's sums then
        // come in one order on every platform (each state is there once).
        now.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    }
    let mut now: Turn<G::State> = now
        .into_iter()
        .map(|(s, p)| (given_back(game, s, label), p))
        .collect();
    now.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(now)
}

/// One turn from `state` with `choice`, step by step, each step's dice
/// enumerated and equal states merged after it.
#[cfg(test)]
pub(crate) fn stepwise_turn<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    budget: u64,
) -> Result<Turn<G::State>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut now: Turn<G::State> = vec![(state.clone(), 1.0)];
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
        now.extend(next);
    }
    now.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(now)
}

/// The number of decision state `s`, given it if it is new.
fn intern<S: Eq + std::hash::Hash>(
    states: &mut IndexSet<S, FxBuildHasher>,
    openings: &mut Openings,
    s: S,
) -> Id {
    let (id, new) = states.insert_full(s);
    if new {
        openings.spans.push((0, 0));
    }
    id as Id
}

/// The nodes of `ids` each once, in the order first met.
fn distinct(ids: impl Iterator<Item = Id>, marked: &mut Vec<bool>) -> Vec<Id> {
    let mut out = Vec::new();
    for id in ids {
        let i = id as usize;
        if i >= marked.len() {
            marked.resize(i + 1, false);
        }
        if !std::mem::replace(&mut marked[i], true) {
            out.push(id);
        }
    }
    for &id in &out {
        marked[id as usize] = false;
    }
    out
}

pub(super) fn chain<G: Decisions>(
    game: &G,
    budget: u64,
    watch: &Watch,
) -> Result<Chain<G::State>, PlanError> {
    // Numbered in the order met, which is fixed: the same chain every run.
    let mut chain = Chain {
        states: IndexSet::default(),
        layers: Vec::new(),
        openings: Openings::default(),
        tracks: Vec::new(),
        routes: Vec::new(),
        met: Vec::new(),
    };
    let mut route_of: FxHashMap<(&'static str, u32, Option<u32>), usize> = FxHashMap::default();
    let mut track_of: FxHashMap<(&'static str, u32, bool), usize> = FxHashMap::default();
    let mut marked = Vec::new();
    let start = intern(&mut chain.states, &mut chain.openings, game.start());
    chain.layers.push(vec![start]);
    let points = decision_points(game);
    for point in 0..points {
        watch.tell(point as u64, 2 * points as u64);
        let current = chain.layers.last().expect("the first layer").clone();
        // Each state's open choices, each the first level of its route.
        for &id in &current {
            let s = &chain.states[id as usize];
            if game.is_over(s) || !chain.openings.of(id).is_empty() {
                continue;
            }
            let s = s.clone();
            let mut openings = Vec::with_capacity(game.all_choices().len());
            for choice in game.choices(&s) {
                let stages = game.stages(&s, choice);
                // What the turn carries through untouched, as its route.
                let (first, label) = first_stage(game, &s, choice);
                let route = *route_of.entry((choice, stages, label)).or_insert_with(|| {
                    let carries = label.is_some();
                    let track = *track_of
                        .entry((choice, stages, carries))
                        .or_insert_with(|| {
                            chain.tracks.push(Track::new(stages, carries));
                            chain.tracks.len() - 1
                        });
                    chain.routes.push(Route::new(choice, label, track));
                    chain.routes.len() - 1
                });
                let track = chain.routes[route].track;
                let node = chain.tracks[track].levels[0].intern(first);
                openings.push(Opening {
                    choice,
                    route,
                    node,
                });
            }
            chain.openings.set(id, openings);
        }
        let mut met: Vec<Vec<Vec<Id>>> = (0..chain.routes.len())
            .map(|r| vec![Vec::new(); chain.levels(r)])
            .collect();
        for (r, firsts) in met.iter_mut().enumerate() {
            let nodes = current.iter().flat_map(|id| {
                chain
                    .openings
                    .of(*id)
                    .iter()
                    .filter(|o| o.route == r)
                    .map(|o| o.node)
            });
            firsts[0] = distinct(nodes, &mut marked);
        }
        let mut reached: Vec<Id> = Vec::new();
        for (r, levels) in met.iter_mut().enumerate() {
            for level in 0..levels.len() {
                find_moves(game, &mut chain, r, level, &levels[level], budget, watch)?;
                let moves = chain.moves(r, level);
                let next = levels[level]
                    .iter()
                    .flat_map(|n| moves.targets_of(*n))
                    .copied();
                if level + 1 < levels.len() {
                    levels[level + 1] = distinct(next, &mut marked);
                } else {
                    reached.extend(next);
                }
            }
        }
        // A state whose engagement is over stays, as it is, at every point
        // after.
        reached.extend(
            current
                .iter()
                .copied()
                .filter(|id| game.is_over(&chain.states[*id as usize])),
        );
        let mut next = distinct(reached.into_iter(), &mut marked);
        next.sort_unstable();
        // The distinct states held (and their moves) are what takes memory.
        let held = chain.states.len() + chain.tracks.iter().map(Track::len).sum::<usize>();
        if held as u64 > budget {
            return Err(OverBudget::tree(budget).into());
        }
        chain.met.push(met);
        chain.layers.push(next);
    }
    Ok(chain)
}

/// The moves of route `r`'s track at level `level` from each of `nodes`
/// not yet stepped, found in parallel a batch at a time, numbered in order:
/// at the next level, or from the last among the track's ends (where it
/// carries something: then numbered for the route as decision states) or
/// the decision states.
fn find_moves<G: Decisions>(
    game: &G,
    chain: &mut Chain<G::State>,
    r: usize,
    level: usize,
    nodes: &[Id],
    budget: u64,
    watch: &Watch,
) -> Result<(), PlanError> {
    let Chain {
        states,
        openings,
        tracks,
        routes,
        ..
    } = chain;
    let (choice, track) = (routes[r].choice, &mut tracks[routes[r].track]);
    let last = level + 1 == track.levels.len();
    let new: Vec<Id> = nodes
        .iter()
        .copied()
        .filter(|n| !track.levels[level].moves.stepped(*n))
        .collect();
    let mut steps: Vec<Step> = Vec::new();
    for batch in new.chunks(MOVES_AT_ONCE) {
        watch.go_on()?;
        let found: Vec<Turn<G::State>> = {
            let here = &track.levels[level];
            batch
                .par_iter()
                .map(|n| stage_moves(game, here.state(*n), choice, level as u32, budget))
                .collect::<Result<_, _>>()?
        };
        for (&n, moves) in batch.iter().zip(found) {
            steps.clear();
            for (after, p) in moves {
                let to = match (last, track.carries) {
                    (false, _) => track.levels[level + 1].intern(after),
                    (true, true) => track.ends.insert_full(after).0 as Id,
                    (true, false) => intern(states, openings, after),
                };
                steps.push((to, p));
            }
            track.levels[level].moves.set(n, &steps);
        }
    }
    if last && track.carries {
        number_ends(game, states, openings, track, &mut routes[r], nodes);
    }
    Ok(())
}

/// `route`'s moves to decision states from each of `nodes` (states of
/// `track`'s last level) it has not numbered yet: each of the track's ends
/// with what the route carried given back, numbered as a decision state
/// when new, in the order met (the same numbers every run).
fn number_ends<G: Decisions>(
    game: &G,
    states: &mut IndexSet<G::State, FxBuildHasher>,
    openings: &mut Openings,
    track: &Track<G::State>,
    route: &mut Route,
    nodes: &[Id],
) {
    let last = &track.levels.last().expect("a track has a level").moves;
    route.decided.resize(track.ends.len(), UNNUMBERED);
    let mut steps: Vec<Step> = Vec::new();
    for &n in nodes {
        if route.last.stepped(n) {
            continue;
        }
        steps.clear();
        for (end, p) in last.of(n) {
            let decided = &mut route.decided[end as usize];
            if *decided == UNNUMBERED {
                let s = given_back(game, track.ends[end as usize].clone(), route.label);
                *decided = intern(states, openings, s);
            }
            steps.push((*decided, p));
        }
        route.last.set(n, &steps);
    }
}

/// Decision points over the whole engagement.
pub(super) fn decision_points<G: Decisions>(game: &G) -> u32 {
    game.turn_limit() * game.points_per_turn()
}
