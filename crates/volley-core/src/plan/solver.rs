//! The solver: every state reachable at the start of each turn, each
//! (state, choice)'s turn enumerated once (equal states merged after every
//! step), then backward induction from the turn limit: a state's value under
//! best play is the best choice's expected value of the next turn's states.

use super::{Decisions, Goal};
use crate::dice::{Enumerator, OverBudget, Sampler};
use crate::engine::CHUNK_TRIALS;
use crate::stats::{Estimate, mean_interval, z_score};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// Two values closer than this are a tie; a tie goes to the earlier choice
/// (the usual one), so the policy changes only where changing gains.
pub const TIE: f64 = 1e-12;

/// A decision state under best play: where it is, how likely best play is to
/// reach it, the best choice, and every open choice's value.
#[derive(Clone, Debug)]
pub struct PolicyRow<S> {
    /// The turn about to be played (1 is the first).
    pub turn: u32,
    pub state: S,
    /// The probability that best play reaches this state at this turn.
    pub reach: f64,
    pub choice: &'static str,
    pub values: Vec<(&'static str, f64)>,
}

impl<S> PolicyRow<S> {
    /// The best choice's margin over the next best (0 with one choice).
    pub fn gain(&self) -> f64 {
        let mut values: Vec<f64> = self.values.iter().map(|v| v.1).collect();
        values.sort_by(|a, b| b.total_cmp(a));
        match values.as_slice() {
            [best, next, ..] => best - next,
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
    /// Each fixed policy's value, by name.
    pub fixed: Vec<(String, f64)>,
    /// Every decision state best play reaches, by turn.
    pub policy: Vec<PolicyRow<S>>,
    /// Distinct states met at the start of a turn, over all turns.
    pub states: usize,
    /// Turns enumerated: one per (state, open choice).
    pub kernels: usize,
}

type Kernel<S> = Vec<(S, f64)>;

/// A state's value at the start of a turn, and each open choice's.
type Valued = (f64, Vec<(&'static str, f64)>);

/// Per turn, every state's [`Valued`].
type Values<S> = Vec<FxHashMap<S, Valued>>;

/// The layers of states reachable at the start of each turn, and each
/// (state, choice)'s turn.
struct Chain<S> {
    layers: Vec<Vec<S>>,
    kernels: FxHashMap<(S, &'static str), Kernel<S>>,
}

/// One turn from `state` with `choice`, exactly: each step's dice enumerated,
/// equal states merged after it.
fn turn<G: Decisions>(
    game: &G,
    state: &G::State,
    choice: &'static str,
    budget: u64,
) -> Result<Kernel<G::State>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut now: Vec<(G::State, f64)> = vec![(state.clone(), 1.0)];
    for step in 0..game.steps(choice) {
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
        // A fixed order: the same sums in the same order on every run.
        now.sort_by(|a, b| a.0.cmp(&b.0));
    }
    Ok(now)
}

fn chain<G: Decisions>(game: &G, budget: u64) -> Result<Chain<G::State>, OverBudget> {
    let mut layers = vec![vec![game.start()]];
    let mut kernels: FxHashMap<(G::State, &'static str), Kernel<G::State>> = FxHashMap::default();
    let mut seen = 1usize;
    for _ in 0..game.turn_limit() {
        let current = layers.last().expect("the first layer");
        let work: Vec<(G::State, &'static str)> = current
            .iter()
            .filter(|s| !game.is_over(s))
            .flat_map(|s| game.choices(s).into_iter().map(move |c| (s.clone(), c)))
            .filter(|key| !kernels.contains_key(key))
            .collect();
        let found: Vec<_> = work
            .into_par_iter()
            .map(|(s, c)| turn(game, &s, c, budget).map(|k| ((s, c), k)))
            .collect::<Result<_, _>>()?;
        kernels.extend(found);
        let mut next: Vec<G::State> = current
            .iter()
            .filter(|s| !game.is_over(s))
            .flat_map(|s| game.choices(s).into_iter().map(move |c| (s.clone(), c)))
            .flat_map(|key| {
                kernels[&key]
                    .iter()
                    .map(|(s, _)| s.clone())
                    .collect::<Vec<_>>()
            })
            .chain(current.iter().filter(|s| game.is_over(s)).cloned())
            .collect();
        next.sort();
        next.dedup();
        seen += next.len();
        if seen as u64 > budget {
            return Err(OverBudget::tree(budget));
        }
        layers.push(next);
    }
    Ok(Chain { layers, kernels })
}

/// How a policy chooses: from the turn (from 1), the state and the open
/// choices.
type Chooser<'a, S> = &'a (dyn Fn(u32, &S, &[&'static str]) -> &'static str + Sync);

/// Values at the start of each turn, backward from the turn limit, for the
/// policy `choose`, or for best play when `choose` is `None`.
fn values<G: Decisions>(
    game: &G,
    goal: &Goal,
    chain: &Chain<G::State>,
    choose: Option<Chooser<'_, G::State>>,
) -> Values<G::State> {
    let last = chain.layers.len() - 1;
    let mut out: Values<G::State> = vec![FxHashMap::default(); chain.layers.len()];
    out[last] = chain.layers[last]
        .iter()
        .map(|s| (s.clone(), (goal.score(&game.figures(s)), Vec::new())))
        .collect();
    for t in (0..last).rev() {
        let later = &out[t + 1];
        let layer: FxHashMap<_, _> = chain.layers[t]
            .par_iter()
            .map(|s| {
                if game.is_over(s) {
                    return (s.clone(), (goal.score(&game.figures(s)), Vec::new()));
                }
                let open = game.choices(s);
                let q: Vec<(&'static str, f64)> = open
                    .iter()
                    .map(|c| {
                        let v = chain.kernels[&(s.clone(), *c)]
                            .iter()
                            .map(|(next, p)| p * later[next].0)
                            .sum();
                        (*c, v)
                    })
                    .collect();
                let value = match choose {
                    Some(choose) => {
                        let c = choose(t as u32 + 1, s, &open);
                        q.iter().find(|(x, _)| *x == c).map_or(q[0].1, |(_, v)| *v)
                    }
                    None => best_of(&q).1,
                };
                (s.clone(), (value, q))
            })
            .collect();
        out[t] = layer;
    }
    out
}

/// The best of the choices' values; a tie goes to the earlier choice.
fn best_of(q: &[(&'static str, f64)]) -> (&'static str, f64) {
    let mut best = q[0];
    for &(c, v) in &q[1..] {
        if v > best.1 + TIE {
            best = (c, v);
        }
    }
    best
}

/// Solve best play of `game` for `goal`, each turn's dice tree held to
/// `budget` leaves and the states met to `budget` in all.
pub fn solve<G: Decisions>(
    game: &G,
    goal: Goal,
    budget: u64,
) -> Result<Plan<G::State>, OverBudget> {
    let chain = chain(game, budget)?;
    let best = values(game, &goal, &chain, None);
    let start = game.start();
    let mut fixed = Vec::new();
    let usual = game.all_choices()[0];
    for c in game.all_choices() {
        let always = move |_: u32, _: &G::State, open: &[&'static str]| {
            if open.contains(&c) { c } else { open[0] }
        };
        fixed.push((
            format!("always {c}"),
            values(game, &goal, &chain, Some(&always))[0][&start].0,
        ));
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
            fixed.push((
                format!("{c} at once, then {usual}"),
                values(game, &goal, &chain, Some(&at_once))[0][&start].0,
            ));
        }
    }
    // Forward under best play: how likely each decision state is reached.
    let mut policy = Vec::new();
    let mut reach: FxHashMap<G::State, f64> = [(start.clone(), 1.0)].into_iter().collect();
    for (t, valued) in best.iter().enumerate().take(chain.layers.len() - 1) {
        let mut next: FxHashMap<G::State, f64> = FxHashMap::default();
        let mut here: Vec<(G::State, f64)> = reach.drain().collect();
        here.sort_by(|a, b| a.0.cmp(&b.0));
        for (s, p) in here {
            if game.is_over(&s) {
                continue;
            }
            let q = &valued[&s].1;
            let (choice, _) = best_of(q);
            for (after, w) in &chain.kernels[&(s.clone(), choice)] {
                *next.entry(after.clone()).or_insert(0.0) += p * w;
            }
            policy.push(PolicyRow {
                turn: t as u32 + 1,
                state: s,
                reach: p,
                choice,
                values: q.clone(),
            });
        }
        reach = next;
    }
    Ok(Plan {
        best: best[0][&start].0,
        goal,
        fixed,
        policy,
        states: chain.layers.iter().map(Vec::len).sum(),
        kernels: chain.kernels.len(),
    })
}

impl<S: Clone + Ord + std::hash::Hash + Send + Sync> Plan<S> {
    /// The best choice at the start of `turn` in `state`, when best play
    /// reaches it (else the usual choice).
    pub fn choice(&self, turn: u32, state: &S) -> Option<&'static str> {
        self.policy
            .iter()
            .find(|r| r.turn == turn && &r.state == state)
            .map(|r| r.choice)
    }

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
        let table: FxHashMap<(u32, S), &'static str> = self
            .policy
            .iter()
            .map(|r| ((r.turn, r.state.clone()), r.choice))
            .collect();
        let play = |sampler: &mut Sampler, trial: u64| {
            sampler.start_trial(trial);
            let mut state = game.start();
            for turn in 1..=game.turn_limit() {
                if game.is_over(&state) {
                    break;
                }
                let open = game.choices(&state);
                let choice = table
                    .get(&(turn, state.clone()))
                    .copied()
                    .unwrap_or(open[0]);
                for step in 0..game.steps(choice) {
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
