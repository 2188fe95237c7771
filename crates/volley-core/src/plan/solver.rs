//! The solver: every state reachable at each decision point (the start of
//! each turn; against an opponent at its best, also where it answers), each
//! (state, choice)'s turn enumerated once (equal states merged after every
//! step), then backward induction from the turn limit: a state's value under
//! best play is the best choice's expected value of the next decision
//! point's states, the decider's best its highest, the opponent's its lowest
//! (minimax: the game is zero-sum, the opponent's goal the decider's
//! opposite).

use super::{Decisions, Goal};
use crate::dice::{Enumerator, OverBudget, Sampler};
use crate::engine::CHUNK_TRIALS;
use crate::stats::{Estimate, mean_interval, z_score};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Two values closer than this are a tie; a tie goes to the earlier choice
/// (the usual one), so the policy changes only where changing gains.
pub const TIE: f64 = 1e-12;

/// A decision state under best play: where it is, who chooses there, how
/// likely best play is to reach it, the best choice, and every open choice's
/// value (the decider's goal).
#[derive(Clone, Debug)]
pub struct PolicyRow<S> {
    /// The turn about to be played (1 is the first).
    pub turn: u32,
    /// The side choosing (the decider, or the opponent at its best).
    pub side: &'static str,
    /// The chooser maximises the goal (the decider) or minimises it.
    pub maximises: bool,
    pub state: S,
    /// The probability that best play reaches this state at this turn.
    pub reach: f64,
    pub choice: &'static str,
    pub values: Vec<(&'static str, f64)>,
}

impl<S> PolicyRow<S> {
    /// The best choice's margin over the next best, for its chooser (0
    /// with one choice).
    pub fn gain(&self) -> f64 {
        let mut values: Vec<f64> = self.values.iter().map(|v| v.1).collect();
        values.sort_by(|a, b| b.total_cmp(a));
        match (values.as_slice(), self.maximises) {
            ([best, next, ..], true) => best - next,
            ([.., next, best], false) => next - best,
            _ => 0.0,
        }
    }
}

/// Best play, solved.
#[derive(Clone, Debug)]
pub struct Plan<S> {
    pub goal: Goal,
    /// The goal's value from the start under best play.
    pub best: f64,
    /// Each fixed policy of the decider's, by name, its value (against an
    /// opponent at its best, the opponent's best answer to it).
    pub fixed: Vec<(String, f64)>,
    /// Every decision state best play reaches, by turn.
    pub policy: Vec<PolicyRow<S>>,
    /// States met at each decision point, summed over them (a state met at
    /// two counts twice).
    pub states: usize,
    /// Turns enumerated: one per (state, open choice).
    pub kernels: usize,
}

type Kernel<S> = Vec<(S, f64)>;

/// States whose turns are found (in parallel) before they are numbered
/// (in order): enough to keep every thread busy, few enough that the turns
/// waiting, with their whole states, take little memory.
const TURNS_AT_ONCE: usize = 4096;

/// A state's number in the chain.
type Id = u32;

/// A state's open choices, each with its turn: the next states by number,
/// with their probabilities.
type Choices = Vec<(&'static str, Vec<(Id, f64)>)>;

/// The chain: every state met at a decision point, numbered; the states at
/// each decision point; and, by state, each open choice's turn as the next
/// decision point's states (by number) with their probabilities. States are
/// kept once, whatever the turns that reach them.
struct Chain<S> {
    states: Vec<S>,
    layers: Vec<Vec<Id>>,
    kernels: Vec<Choices>,
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

fn chain<G: Decisions>(game: &G, budget: u64) -> Result<Chain<G::State>, OverBudget> {
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
fn decision_points<G: Decisions>(game: &G) -> u32 {
    game.turn_limit() * game.points_per_turn()
}

/// How a policy of the decider's chooses: from the turn (from 1), the state
/// and the open choices.
type Chooser<'a, S> = &'a (dyn Fn(u32, &S, &[&'static str]) -> &'static str + Sync);

/// Each open choice's value at state `id`, from the next turn's values.
fn choice_values<S>(chain: &Chain<S>, id: Id, later: &[f64]) -> Vec<(&'static str, f64)> {
    chain.kernels[id as usize]
        .iter()
        .map(|(c, kernel)| {
            let v = kernel.iter().map(|(n, p)| p * later[*n as usize]).sum();
            (*c, v)
        })
        .collect()
}

/// Values at each decision point (by state number; NaN where that point is
/// not met there), backward from the turn limit, for the decider's policy
/// `choose`, or for its best play when `choose` is `None`; the opponent, at
/// its own decision points, answers at its best either way. Every point's
/// values with `every_point`, else the start's only.
fn values<G: Decisions>(
    game: &G,
    chain: &Chain<G::State>,
    scores: &[f64],
    choose: Option<Chooser<'_, G::State>>,
    every_point: bool,
) -> Vec<Vec<f64>> {
    let last = chain.layers.len() - 1;
    // Each point's values as it is reached, back from the last; without
    // `every_point` a point's are let go once the one before has them (a
    // fixed policy needs only the start's value): memory for two points.
    let mut out = vec![Vec::new(); chain.layers.len()];
    out[last] = vec![f64::NAN; chain.states.len()];
    for id in &chain.layers[last] {
        out[last][*id as usize] = scores[*id as usize];
    }
    for t in (0..last).rev() {
        let later = &out[t + 1];
        let found: Vec<(Id, f64)> = chain.layers[t]
            .par_iter()
            .map(|&id| {
                let s = &chain.states[id as usize];
                if game.is_over(s) {
                    return (id, scores[id as usize]);
                }
                let q = choice_values(chain, id, later);
                let maximises = game.chooser(s) == game.decider();
                let value = match choose {
                    Some(choose) if maximises => {
                        let open: Vec<&'static str> = q.iter().map(|(c, _)| *c).collect();
                        let turn = t as u32 / game.points_per_turn() + 1;
                        let c = choose(turn, s, &open);
                        q.iter().find(|(x, _)| *x == c).map_or(q[0].1, |(_, v)| *v)
                    }
                    _ => best_of(&q, maximises).1,
                };
                (id, value)
            })
            .collect();
        if !every_point {
            out[t + 1] = Vec::new();
        }
        out[t] = vec![f64::NAN; chain.states.len()];
        for (id, value) in found {
            out[t][id as usize] = value;
        }
    }
    out
}

/// The best of the choices' values, the highest or (for the opponent) the
/// lowest; a tie goes to the earlier choice.
fn best_of(q: &[(&'static str, f64)], maximises: bool) -> (&'static str, f64) {
    let sign = if maximises { 1.0 } else { -1.0 };
    let mut best = q[0];
    for &(c, v) in &q[1..] {
        if sign * (v - best.1) > TIE {
            best = (c, v);
        }
    }
    best
}

/// Solve best play of `game` for `goal`, each turn's dice tree held to
/// `budget` leaves and the distinct states met to `budget`.
pub fn solve<G: Decisions>(
    game: &G,
    goal: Goal,
    budget: u64,
) -> Result<Plan<G::State>, OverBudget> {
    let chain = chain(game, budget)?;
    let scores: Vec<f64> = chain
        .states
        .par_iter()
        .map(|s| goal.score(&game.figures(s)))
        .collect();
    let best = values(game, &chain, &scores, None, true);
    let mut fixed = Vec::new();
    let usual = game.all_choices()[0];
    for c in game.all_choices() {
        let always = move |_: u32, _: &G::State, open: &[&'static str]| {
            if open.contains(&c) { c } else { open[0] }
        };
        let value = values(game, &chain, &scores, Some(&always), false)[0][0];
        fixed.push((format!("always {c}"), value));
        if c != usual {
            let at_once = move |turn: u32, _: &G::State, open: &[&'static str]| {
                if turn == 1 && open.contains(&c) {
                    c
                } else if open.contains(&usual) {
                    usual
                } else {
                    open[0]
                }
            };
            let value = values(game, &chain, &scores, Some(&at_once), false)[0][0];
            fixed.push((format!("{c} at once, then {usual}"), value));
        }
    }
    // Forward under best play: how likely each decision state is reached.
    let mut policy = Vec::new();
    let mut reach: FxHashMap<Id, f64> = [(0, 1.0)].into_iter().collect();
    for t in 0..chain.layers.len() - 1 {
        let mut next: FxHashMap<Id, f64> = FxHashMap::default();
        let mut here: Vec<(Id, f64)> = reach.drain().collect();
        here.sort_by(|a, b| chain.states[a.0 as usize].cmp(&chain.states[b.0 as usize]));
        for (id, p) in here {
            let s = &chain.states[id as usize];
            if game.is_over(s) {
                continue;
            }
            let q = choice_values(&chain, id, &best[t + 1]);
            let side = game.chooser(s);
            let maximises = side == game.decider();
            let (choice, _) = best_of(&q, maximises);
            let (_, kernel) = chain.kernels[id as usize]
                .iter()
                .find(|(c, _)| *c == choice)
                .expect("the best choice is open");
            for (after, w) in kernel {
                *next.entry(*after).or_insert(0.0) += p * w;
            }
            policy.push(PolicyRow {
                turn: t as u32 / game.points_per_turn() + 1,
                side,
                maximises,
                state: s.clone(),
                reach: p,
                choice,
                values: q,
            });
        }
        reach = next;
    }
    Ok(Plan {
        best: best[0][0],
        goal,
        fixed,
        policy,
        states: chain.layers.iter().map(Vec::len).sum(),
        kernels: chain.kernels.iter().map(Vec::len).sum(),
    })
}

impl<S: Clone + Ord + std::hash::Hash + Send + Sync> Plan<S> {
    /// Play the policy found by Monte Carlo: `trials` engagements on the
    /// seeded streams, each turn's choice read from the policy; the goal's
    /// mean with its interval at `confidence`.
    pub fn simulate<G: Decisions<State = S>>(
        &self,
        game: &G,
        trials: u64,
        seed: u64,
        confidence: f64,
    ) -> Estimate {
        // By turn, the best choice in each state: looked up without a copy
        // of the state at every turn of every trial. (A turn's decision
        // points are told apart by their states: each names its chooser.)
        let mut table: Vec<FxHashMap<S, &'static str>> =
            vec![FxHashMap::default(); game.turn_limit() as usize + 1];
        for r in &self.policy {
            table[r.turn as usize].insert(r.state.clone(), r.choice);
        }
        let play = |sampler: &mut Sampler, trial: u64| {
            sampler.start_trial(trial);
            let mut state = game.start();
            for point in 0..decision_points(game) {
                if game.is_over(&state) {
                    break;
                }
                let turn = point / game.points_per_turn() + 1;
                let choice = table[turn as usize]
                    .get(&state)
                    .copied()
                    .unwrap_or_else(|| game.choices(&state)[0]);
                for step in 0..game.steps(&state, choice) {
                    if game.is_over(&state) {
                        break;
                    }
                    state = game.play_step(&state, choice, step, sampler);
                }
            }
            self.goal.score(&game.figures(&state))
        };
        // Blocks of trials summed in order, whatever the thread count.
        let blocks: Vec<(f64, f64)> = (0..trials.div_ceil(CHUNK_TRIALS))
            .into_par_iter()
            .map(|block| {
                let mut sampler = Sampler::new(seed);
                let first = block * CHUNK_TRIALS;
                (first..(first + CHUNK_TRIALS).min(trials)).fold((0.0, 0.0), |(s, q), trial| {
                    let x = play(&mut sampler, trial);
                    (s + x, q + x * x)
                })
            })
            .collect();
        let (sum, squares) = blocks
            .iter()
            .fold((0.0, 0.0), |(s, q), b| (s + b.0, q + b.1));
        mean_interval(sum, squares, trials as f64, z_score(confidence))
    }
}
