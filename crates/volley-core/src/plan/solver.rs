//! The solver: over the chain of every decision state and every choice's
//! turn ([`super::chain`]), backward induction from the turn limit: a
//! state's value under best play is the best choice's expected value of the
//! next decision point's states, the decider's best its highest, the
//! opponent's its lowest (minimax: the game is zero-sum, the opponent's goal
//! the decider's opposite). The fixed policies are valued in the same walk.
//! Then forward, under best play: how likely each decision state is reached.

use super::chain::{Chain, Id, Opening, chain, decision_points};
use super::route::Moves;
use super::{Decisions, Goal, PlanError, Watch};
use crate::dice::Sampler;
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

/// Each open choice of a decision state with its value.
type ChoiceValues = Vec<(&'static str, f64)>;

/// Policies valued together over the chain: the decider's best play first,
/// then each fixed policy of its own.
struct Valued {
    /// By decision point, then by decision state in the point's order,
    /// each open choice's value under best play, in the order of its
    /// openings: a row `width` wide (unopened: NaN).
    best: Vec<Vec<f64>>,
    /// The game's choices: the width of a row of `best`.
    width: usize,
    /// Best play's value from the start.
    start: f64,
    /// Each fixed policy's value from the start, in the order given.
    fixed: Vec<f64>,
}

/// Every policy's value at each state that decision point `t`'s turns meet,
/// route by route and level by level from the last (its moves reach the
/// next point's decision states, valued in `later`), by state number and
/// policy; the first level's values are the open choices'.
fn stage_values<S: Sync>(
    chain: &Chain<S>,
    t: usize,
    later: &[f64],
    policies: usize,
    values: &mut [Vec<Vec<f64>>],
) {
    // The routes known at point `t` (a later point may open more).
    for (r, route_values) in values.iter_mut().enumerate().take(chain.met[t].len()) {
        for level in (0..chain.levels(r)).rev() {
            let nodes = &chain.met[t][r][level];
            let (here, after) = route_values.split_at_mut(level + 1);
            let next: &[f64] = after.first().map_or(later, |v| v.as_slice());
            let moves = chain.moves(r, level);
            let mut found = vec![0.0; nodes.len() * policies];
            // Two policies a choice (`fixed_policies`): for one to three
            // choices the width is known to the compiler, and the sums are
            // done a row at a time, not a number at a time.
            match policies {
                2 => expected::<2>(&mut found, nodes, moves, next),
                4 => expected::<4>(&mut found, nodes, moves, next),
                6 => expected::<6>(&mut found, nodes, moves, next),
                _ => found
                    .par_chunks_mut(policies)
                    .zip(nodes.par_iter())
                    .for_each(|(sums, &n)| {
                        // From -0.0, as a float sum starts.
                        sums.fill(-0.0);
                        for (m, p) in moves.of(n) {
                            let v = &next[m as usize * policies..][..policies];
                            for (sum, v) in sums.iter_mut().zip(v) {
                                *sum += p * v;
                            }
                        }
                    }),
            }
            let here = &mut here[level];
            here.resize(chain.level_len(r, level) * policies, f64::NAN);
            for (&n, v) in nodes.iter().zip(found.chunks(policies)) {
                here[n as usize * policies..][..policies].copy_from_slice(v);
            }
        }
    }
}

/// Each of `nodes`' values under `N` policies side by side, into `found`:
/// its moves' values in `next`, weighted by their probabilities, summed in
/// the order of the moves.
fn expected<const N: usize>(found: &mut [f64], nodes: &[Id], moves: &Moves, next: &[f64]) {
    found
        .par_chunks_exact_mut(N)
        .zip(nodes.par_iter())
        .for_each(|(sums, &n)| {
            // From -0.0, as a float sum starts.
            let mut row = [-0.0; N];
            for (m, p) in moves.of(n) {
                let v: &[f64; N] = next[m as usize * N..][..N]
                    .try_into()
                    .expect("a row of N values");
                for (sum, v) in row.iter_mut().zip(v) {
                    *sum += p * v;
                }
            }
            sums.copy_from_slice(&row);
        });
}

/// Values backward from the turn limit, for the decider's best play and
/// for each fixed policy in `fixed` at once (the opponent, at its own
/// decision points, answers each at its best): one walk over the chain's
/// stages for all of them, each state's values side by side.
fn values<G: Decisions>(
    game: &G,
    chain: &Chain<G::State>,
    scores: &[f64],
    fixed: &[Chooser<G::State>],
    watch: &Watch,
) -> Result<Valued, PlanError> {
    let policies = 1 + fixed.len();
    let width = game.all_choices().len();
    let last = chain.layers.len() - 1;
    let states = chain.states.len();
    // Every policy's values at the point after this one, by state number
    // and policy.
    let mut later = vec![f64::NAN; states * policies];
    for id in &chain.layers[last] {
        later[*id as usize * policies..][..policies].fill(scores[*id as usize]);
    }
    let mut within: Vec<Vec<Vec<f64>>> = (0..chain.routes.len())
        .map(|r| vec![Vec::new(); chain.levels(r)])
        .collect();
    let mut best = vec![Vec::new(); last];
    for t in (0..last).rev() {
        watch.go_on()?;
        watch.tell((2 * last - t - 1) as u64, 2 * last as u64);
        stage_values(chain, t, &later, policies, &mut within);
        let layer = &chain.layers[t];
        let mut values_here = vec![f64::NAN; layer.len() * policies];
        let mut best_here = vec![f64::NAN; layer.len() * width];
        values_here
            .par_chunks_mut(policies)
            .zip(best_here.par_chunks_mut(width))
            .zip(layer.par_iter())
            // One list of open choices for each thread's states, refilled.
            .for_each_init(Vec::new, |open, ((value, of_best), &id)| {
                let s = &chain.states[id as usize];
                if game.is_over(s) {
                    value.fill(scores[id as usize]);
                    return;
                }
                let openings = chain.openings.of(id);
                // Each choice's value under policy `k`, read in place: no
                // list is built for a policy that only picks one of them.
                let value_of = |o: &Opening, k: usize| -> (&'static str, f64) {
                    (o.choice, within[o.route][0][o.node as usize * policies + k])
                };
                let maximises = game.chooser(s) == game.decider();
                let turn = t as u32 / game.points_per_turn() + 1;
                open.clear();
                if maximises && policies > 1 {
                    open.extend(openings.iter().map(|o| o.choice));
                }
                for (k, value) in value.iter_mut().enumerate() {
                    let q = openings.iter().map(|o| value_of(o, k));
                    *value = match k {
                        0 => best_of(q, maximises).1,
                        _ if maximises => {
                            let c = fixed[k - 1](turn, s, open);
                            let chosen = openings.iter().find(|o| o.choice == c);
                            value_of(chosen.unwrap_or(&openings[0]), k).1
                        }
                        _ => best_of(q, false).1,
                    };
                }
                for (v, o) in of_best.iter_mut().zip(openings) {
                    *v = value_of(o, 0).1;
                }
            });
        later.fill(f64::NAN);
        for (&id, value) in layer.iter().zip(values_here.chunks(policies)) {
            later[id as usize * policies..][..policies].copy_from_slice(value);
        }
        best[t] = best_here;
    }
    watch.tell(2 * last as u64, 2 * last as u64);
    let start = chain.layers[0][0] as usize;
    Ok(Valued {
        width,
        start: later[start * policies],
        fixed: later[start * policies..][1..policies].to_vec(),
        best,
    })
}

/// The best of the choices' values, the highest or (for the opponent) the
/// lowest; a tie goes to the earlier choice.
fn best_of(
    q: impl IntoIterator<Item = (&'static str, f64)>,
    maximises: bool,
) -> (&'static str, f64) {
    let sign = if maximises { 1.0 } else { -1.0 };
    let mut q = q.into_iter();
    let mut best = q.next().expect("a decision state has an open choice");
    for (c, v) in q {
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
    watch: &Watch,
) -> Result<Plan<G::State>, PlanError> {
    let chain = chain(game, budget, watch)?;
    let scores: Vec<f64> = (0..chain.states.len())
        .into_par_iter()
        .map(|id| goal.score(&game.figures(&chain.states[id])))
        .collect();
    let (names, fixed_policies) = fixed_policies(game);
    let Valued {
        best,
        width,
        start,
        fixed,
    } = values(game, &chain, &scores, &fixed_policies, watch)?;
    let fixed: Vec<(String, f64)> = names.into_iter().zip(fixed).collect();
    // Forward under best play: how likely each decision state is reached.
    let mut policy = Vec::new();
    let mut reach: FxHashMap<Id, f64> = [(0, 1.0)].into_iter().collect();
    for (t, best) in best.iter().enumerate() {
        let mut here: Vec<(Id, f64)> = reach.drain().collect();
        // By their states, each read once from the chain's table, not at
        // every comparison.
        here.sort_by_cached_key(|(id, _)| chain.states[*id as usize].clone());
        let mut starts = Vec::with_capacity(here.len());
        for (id, p) in here {
            let s = &chain.states[id as usize];
            if game.is_over(s) {
                continue;
            }
            let at = chain.layers[t]
                .binary_search(&id)
                .expect("a state reached is met");
            let q: ChoiceValues = chain
                .openings
                .of(id)
                .iter()
                .zip(&best[at * width..][..width])
                .map(|(o, v)| (o.choice, *v))
                .collect();
            let side = game.chooser(s);
            let maximises = side == game.decider();
            let (choice, _) = best_of(q.iter().copied(), maximises);
            let opening = chain
                .openings
                .of(id)
                .iter()
                .find(|o| o.choice == choice)
                .expect("the best choice is open");
            starts.push((*opening, p));
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
        reach = reached(&chain, t, &starts);
    }
    Ok(Plan {
        best: start,
        goal,
        fixed,
        policy,
        states: chain.layers.iter().map(Vec::len).sum(),
        kernels: chain.openings.total(),
    })
}

/// How likely each decision state of the point after `t` is reached, from
/// the choices taken at `t` (each opening with the probability of reaching
/// its state), stage by stage along their routes.
fn reached<S>(chain: &Chain<S>, t: usize, starts: &[(Opening, f64)]) -> FxHashMap<Id, f64> {
    let mut next: FxHashMap<Id, f64> = FxHashMap::default();
    for r in 0..chain.met[t].len() {
        let mut mass: FxHashMap<Id, f64> = FxHashMap::default();
        for (o, p) in starts.iter().filter(|(o, _)| o.route == r) {
            *mass.entry(o.node).or_insert(0.0) += p;
        }
        for level in 0..chain.levels(r) {
            let last = level + 1 == chain.levels(r);
            let mut after: FxHashMap<Id, f64> = FxHashMap::default();
            let moves = chain.moves(r, level);
            // In the order the point met them: the same sums every run.
            for n in &chain.met[t][r][level] {
                let Some(w) = mass.get(n) else { continue };
                for (m, p) in moves.of(*n) {
                    let into = if last { &mut next } else { &mut after };
                    *into.entry(m).or_insert(0.0) += w * p;
                }
            }
            mass = after;
        }
    }
    next
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
