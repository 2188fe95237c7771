//! The solver: over the chain of every decision state and every choice's
//! turn ([`super::chain`]), backward induction from the turn limit: a
//! state's value under best play is the best choice's expected value of the
//! next decision point's states, the decider's best its highest, the
//! opponent's its lowest (minimax: the game is zero-sum, the opponent's goal
//! the decider's opposite). The fixed policies are valued in the same walk.
//! Then forward, under best play: how likely each decision state is reached.

use super::chain::{Chain, Id, chain, decision_points};
use super::{Decisions, Goal};
use crate::dice::{OverBudget, Sampler};
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

/// How a policy of the decider's chooses: from the turn (from 1), the state
/// and the open choices.
type Chooser<S> = Box<dyn Fn(u32, &S, &[&'static str]) -> &'static str + Sync>;

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

/// Policies valued together over the chain: the decider's best play first,
/// then each fixed policy of its own.
struct Valued {
    /// Best play's values at each decision point, by state number (NaN
    /// where that point is not met there).
    best: Vec<Vec<f64>>,
    /// Each fixed policy's value from the start, in the order given.
    fixed: Vec<f64>,
}

/// Values backward from the turn limit, for the decider's best play and
/// for each fixed policy in `fixed` at once (the opponent, at its own
/// decision points, answers each at its best): one walk over the chain's
/// turns for all of them, each state's values side by side. Every sum is
/// the one a walk for one policy alone makes, in the same order.
fn values<G: Decisions>(
    game: &G,
    chain: &Chain<G::State>,
    scores: &[f64],
    fixed: &[Chooser<G::State>],
) -> Valued {
    let policies = 1 + fixed.len();
    let last = chain.layers.len() - 1;
    let states = chain.states.len();
    // Every policy's values at the point after this one, by state number
    // and policy; only best play's are kept for every point.
    let mut later = vec![f64::NAN; states * policies];
    let mut best = vec![Vec::new(); chain.layers.len()];
    best[last] = vec![f64::NAN; states];
    for id in &chain.layers[last] {
        let score = scores[*id as usize];
        later[*id as usize * policies..][..policies].fill(score);
        best[last][*id as usize] = score;
    }
    for t in (0..last).rev() {
        let found: Vec<(Id, Vec<f64>)> = chain.layers[t]
            .par_iter()
            .map(|&id| {
                let s = &chain.states[id as usize];
                if game.is_over(s) {
                    return (id, vec![scores[id as usize]; policies]);
                }
                // Each open choice's value under each policy.
                let kernels = &chain.kernels[id as usize];
                // From -0.0, as a float sum starts: the same sums, to the sign of a zero.
                let mut q = vec![-0.0; kernels.len() * policies];
                for (c, (_, kernel)) in kernels.iter().enumerate() {
                    let sums = &mut q[c * policies..][..policies];
                    for (n, p) in kernel {
                        let next = &later[*n as usize * policies..][..policies];
                        for (sum, v) in sums.iter_mut().zip(next) {
                            *sum += p * v;
                        }
                    }
                }
                let of_policy = |k: usize| -> Vec<(&'static str, f64)> {
                    kernels
                        .iter()
                        .enumerate()
                        .map(|(c, (name, _))| (*name, q[c * policies + k]))
                        .collect()
                };
                let maximises = game.chooser(s) == game.decider();
                let turn = t as u32 / game.points_per_turn() + 1;
                let value = (0..policies)
                    .map(|k| {
                        let q = of_policy(k);
                        match k {
                            0 => best_of(&q, maximises).1,
                            _ if maximises => {
                                let open: Vec<&'static str> = q.iter().map(|(c, _)| *c).collect();
                                let c = fixed[k - 1](turn, s, &open);
                                q.iter().find(|(x, _)| *x == c).map_or(q[0].1, |(_, v)| *v)
                            }
                            _ => best_of(&q, false).1,
                        }
                    })
                    .collect();
                (id, value)
            })
            .collect();
        best[t] = vec![f64::NAN; states];
        later.fill(f64::NAN);
        for (id, value) in found {
            best[t][id as usize] = value[0];
            later[id as usize * policies..][..policies].copy_from_slice(&value);
        }
    }
    let start = chain.layers[0][0] as usize;
    Valued {
        fixed: later[start * policies..][1..policies].to_vec(),
        best,
    }
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

/// The decider's fixed policies, by name: always each choice, and each
/// other choice at once, then the usual one.
fn fixed_policies<G: Decisions>(game: &G) -> (Vec<String>, Vec<Chooser<G::State>>) {
    let usual = game.all_choices()[0];
    let mut names = Vec::new();
    let mut fixed_policies: Vec<Chooser<G::State>> = Vec::new();
    for c in game.all_choices() {
        names.push(format!("always {c}"));
        fixed_policies.push(Box::new(
            move |_, _, open| {
                if open.contains(&c) { c } else { open[0] }
            },
        ));
        if c != usual {
            names.push(format!("{c} at once, then {usual}"));
            fixed_policies.push(Box::new(move |turn, _, open| {
                if turn == 1 && open.contains(&c) {
                    c
                } else if open.contains(&usual) {
                    usual
                } else {
                    open[0]
                }
            }));
        }
    }
    (names, fixed_policies)
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
    let (names, fixed_policies) = fixed_policies(game);
    let Valued { best, fixed } = values(game, &chain, &scores, &fixed_policies);
    let fixed: Vec<(String, f64)> = names.into_iter().zip(fixed).collect();
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
