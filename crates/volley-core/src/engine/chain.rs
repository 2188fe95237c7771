//! Multi-turn engagements as Markov chains over unit states.
//!
//! Monte Carlo plays each engagement to its end (see [`super::play`], and the
//! step memo that speeds it, [`super::memo`]). The exact method keeps a
//! probability distribution over states, advances every live state through the
//! turn's steps (enumerating each step's small dice tree and merging equal states
//! after every step), and records curves from the distribution at each turn.
//! States that are over stay where they are.

use super::declared::Declared;
use super::engagement::{EXACT_TAIL, Ending, Engagement, HARD_TURN_CAP};
use super::memo::StepMemo;
use super::model::Model;
use super::play;
use super::run_config::CHUNK_TRIALS;
use crate::dice::{Enumerator, OverBudget, Sampler};
use crate::tally::{Schema, Tally};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Wraps an [`Engagement`] as a [`Model`].
pub struct EngagementModel<E: Engagement> {
    game: Declared<E>,
    /// Monte Carlo's memo of the steps ([`StepMemo`]) while it learns: one
    /// thread at a time plays through it (the others play plainly), until a
    /// whole chunk of trials has gone through it.
    learner: Mutex<Learner<E::State>>,
    /// The memo once learnt, frozen and shared by every thread: memory does
    /// not grow with threads.
    frozen: OnceLock<StepMemo<E::State>>,
}

/// The learning memo: not begun, learning (with the trials played through
/// it so far), or done (it did not pay for itself, or it is frozen).
enum Learner<S> {
    NotBegun,
    Learning(Box<StepMemo<S>>, u64),
    Done,
}

impl<E: Engagement> EngagementModel<E> {
    pub fn new(game: E) -> Self {
        EngagementModel {
            game: Declared::new(game),
            learner: Mutex::new(Learner::NotBegun),
            frozen: OnceLock::new(),
        }
    }

    /// Play trials `range` through the learning memo if it is free, and
    /// freeze it once a chunk's worth of trials has gone through it and it
    /// still pays; returns
    /// the first trial not played (all of them when the memo is busy on
    /// another thread, or given up).
    fn learn(&self, sampler: &Sampler, range: std::ops::Range<u64>, tally: &mut Tally) -> u64 {
        let game = &self.game;
        let Ok(mut learner) = self.learner.try_lock() else {
            return range.start;
        };
        if matches!(*learner, Learner::NotBegun) {
            *learner = Learner::Learning(Box::new(StepMemo::new(game.steps(), &game.schema)), 0);
        }
        let Learner::Learning(memo, played) = &mut *learner else {
            return range.start;
        };
        let first = range.start;
        let next = play::play_memoized(game, memo, sampler, range, tally);
        *played += next - first;
        memo.retire_unless_paying();
        if !memo.in_use() {
            *learner = Learner::Done;
        } else if *played >= CHUNK_TRIALS
            && let Learner::Learning(memo, _) = std::mem::replace(&mut *learner, Learner::Done)
        {
            let _ = self.frozen.set(*memo);
        }
        next
    }
}

/// Fewest trials a call plays through the memo: a paired comparison plays
/// one trial a call, where taking a memo from the pool costs more than the
/// memo saves.
const MEMO_MIN_TRIALS: u64 = 256;

/// Leaves the exact method may enumerate in all, per unit of budget: the budget
/// itself bounds the state space, this the time. An engagement enumerates about
/// 20 M leaves a second on each core of a 2-core machine, so an exact request
/// at its default budget (2 M: 512 M leaves) runs at most about 15 to 25 s on
/// two threads before it refuses (Micro Squad 5 v 5, 267 M leaves, fits), and
/// the automatic choice (250 k: 64 M leaves) about 2 to 3 s before it settles
/// for Monte Carlo (4 v 4, 23 M leaves, stays exact).
pub const WORK_PER_BUDGET: u64 = 256;

impl<E: Engagement> Model for EngagementModel<E> {
    fn schema(&self) -> Schema {
        self.game.schema.clone()
    }

    /// The trials, each step replayed from the memo where it has been met
    /// before (the same draws, so the same results as
    /// [`Model::simulate_plainly`]).
    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        if trials < MEMO_MIN_TRIALS {
            return self.simulate_plainly(sampler, first, trials, tally);
        }
        let game = &self.game;
        let end = first + trials;
        let trial = match self.frozen.get() {
            Some(memo) => play::play_frozen(game, memo, sampler, first..end, tally),
            None => self.learn(sampler, first..end, tally),
        };
        play::play_plainly(game, sampler, trial..end, tally);
        tally.settle_held_curves();
        tally.trial(trials as f64);
    }

    fn simulate_plainly(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        play::play_plainly(&self.game, sampler, first..first + trials, tally);
        tally.settle_held_curves();
        tally.trial(trials as f64);
    }

    fn leaves_per_budget(&self) -> u64 {
        WORK_PER_BUDGET
    }

    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        let game = &self.game;
        let mut tally = Tally::new(&game.schema);
        let start = game.start();
        let mut live: BTreeMap<E::State, f64> = BTreeMap::new();
        let mut ended: BTreeMap<E::State, f64> = BTreeMap::new();
        game.record_turn(0, &start, &mut tally, 1.0);
        if game.is_over(&start) {
            ended.insert(start.clone(), 1.0);
            game.record_end(&start, 0, Ending::Over, &mut tally, 1.0);
        } else {
            live.insert(start, 1.0);
        }
        let horizon = game.turn_limit();
        let mut turn = 0;
        let mut kernels = Kernels::<E>::new(game, budget);
        loop {
            let live_mass: f64 = live.values().sum();
            let done = if game.to_the_end() {
                live_mass < EXACT_TAIL || turn >= HARD_TURN_CAP
            } else {
                turn >= horizon
            };
            if done && turn >= horizon {
                break;
            }
            turn += 1;
            kernels.complete(live.keys())?;
            let spread = kernels.spread(&std::mem::take(&mut live));
            let mut next = kernels.play(spread, game.cached_steps()..game.steps())?;
            next.sort_by(|x, y| x.0.cmp(&y.0));
            for (after, p) in next {
                if game.is_over(&after) {
                    game.record_end(&after, turn, Ending::Over, &mut tally, p);
                    *ended.entry(after).or_insert(0.0) += p;
                } else {
                    live.insert(after, p);
                }
            }
            kernels.check_states(live.len())?;
            if turn <= horizon {
                for (state, &w) in live.iter().chain(ended.iter()) {
                    game.record_turn(turn, state, &mut tally, w);
                }
            }
        }
        let ending = if game.to_the_end() {
            Ending::Unfinished
        } else {
            Ending::TurnLimit
        };
        for (state, w) in live {
            game.record_end(&state, turn, ending, &mut tally, w);
        }
        tally.trial(1.0);
        tally.exact_work = kernels.work;
        Ok(tally)
    }
}

/// One turn's transition from each state a turn has started from, computed once
/// (play does not depend on the turn number) and reused in every later turn, with
/// the exact method's accounting of work against the budget.
struct Kernels<'a, E: Engagement> {
    game: &'a E,
    budget: u64,
    /// Leaves enumerated so far, held to [`WORK_PER_BUDGET`] times the budget.
    work: u64,
    /// Each kernel: the ids of the states it reaches, with their probabilities.
    kernels: FxHashMap<E::State, Vec<(u32, f64)>>,
    /// The states kernels reach, each stored once, by id.
    reached: Vec<E::State>,
    reached_ids: FxHashMap<E::State, u32>,
}

impl<'a, E: Engagement> Kernels<'a, E> {
    fn new(game: &'a E, budget: u64) -> Self {
        Kernels {
            game,
            budget,
            work: 0,
            kernels: FxHashMap::default(),
            reached: Vec::new(),
            reached_ids: FxHashMap::default(),
        }
    }

    fn limit(&self) -> u64 {
        self.budget.saturating_mul(WORK_PER_BUDGET)
    }

    fn over(&self) -> OverBudget {
        OverBudget {
            budget: self.budget,
            states: self.game.turn_start_states(),
        }
    }

    /// The distribution after the cached steps from the distribution `live`,
    /// whose states [`Kernels::complete`] has seen; summed by id, in a fixed
    /// order.
    fn spread(&self, live: &BTreeMap<E::State, f64>) -> Vec<(E::State, f64)> {
        let mut mass = vec![0.0; self.reached.len()];
        for (state, w) in live {
            for &(id, p) in &self.kernels[state] {
                mass[id as usize] += p * w;
            }
        }
        mass.iter()
            .enumerate()
            .filter(|(_, m)| **m > 0.0)
            .map(|(id, &m)| (self.reached[id].clone(), m))
            .collect()
    }

    /// Compute the kernels `states` still lack, in parallel; each is played
    /// alone, so the result does not depend on the thread count.
    fn complete<'s>(&mut self, states: impl Iterator<Item = &'s E::State>) -> Result<(), OverBudget>
    where
        E::State: 's,
    {
        let missing: Vec<&E::State> = states.filter(|s| !self.kernels.contains_key(s)).collect();
        let Some((&first, rest)) = missing.split_first() else {
            return Ok(());
        };
        // The first turn tells early when the whole state space cannot fit: its
        // work times the states a turn can start from overestimates the total
        // (most of those states have fewer stands standing), so only a clear
        // excess refuses at once.
        let per_kernel = match (self.kernels.is_empty(), self.game.turn_start_states()) {
            (true, Some(states)) => self.limit().saturating_mul(EARLY_REFUSAL) / states.max(1),
            _ => self.limit(),
        };
        let (game, budget) = (self.game, self.budget);
        let kernel = |state: &E::State, work: &AtomicU64, cap: u64| {
            play_steps(
                game,
                vec![(state.clone(), 1.0)],
                0..game.cached_steps(),
                budget,
                cap,
                work,
            )
        };
        let first_work = AtomicU64::new(0);
        let k = kernel(first, &first_work, per_kernel).map_err(|_| self.over())?;
        self.work += first_work.into_inner();
        self.add(first, k)?;
        // The others share one count of work, so that all stop once it is spent.
        let work = AtomicU64::new(self.work);
        let limit = self.limit();
        let computed: Vec<_> = rest
            .par_iter()
            .map(|&state| kernel(state, &work, limit))
            .collect();
        self.work = work.into_inner();
        for (&state, result) in rest.iter().zip(computed) {
            self.add(state, result.map_err(|_| self.over())?)?;
        }
        Ok(())
    }

    fn add(&mut self, state: &E::State, kernel: Vec<(E::State, f64)>) -> Result<(), OverBudget> {
        // A fresh vector, not the kernel collected in place: that would keep
        // its allocation, whole states and all, for as long as the kernel.
        let mut by_id = Vec::with_capacity(kernel.len());
        for (after, p) in kernel {
            let next_id = self.reached.len() as u32;
            let id = *self.reached_ids.entry(after).or_insert_with_key(|after| {
                self.reached.push(after.clone());
                next_id
            });
            by_id.push((id, p));
        }
        self.kernels.insert(state.clone(), by_id);
        if self.work > self.limit() || self.kernels.len() as u64 > self.budget {
            return Err(self.over());
        }
        Ok(())
    }

    /// Play the steps after the cached ones on a whole distribution.
    fn play(
        &mut self,
        from: Vec<(E::State, f64)>,
        steps: std::ops::Range<u32>,
    ) -> Result<Vec<(E::State, f64)>, OverBudget> {
        let work = AtomicU64::new(self.work);
        let played = play_steps(self.game, from, steps, self.budget, self.limit(), &work);
        self.work = work.into_inner();
        played.map_err(|_| self.over())
    }

    fn check_states(&self, live: usize) -> Result<(), OverBudget> {
        if live as u64 > self.budget {
            return Err(self.over());
        }
        Ok(())
    }
}

/// How far the first turn's work times the states a turn can start from may
/// exceed the work limit before the exact method refuses at once.
const EARLY_REFUSAL: u64 = 8;

/// Play `steps` of a turn from the distribution `from`, merging equal states
/// after every step. The budget bounds the states alive after each step and each
/// step's tree; `work` counts the leaves (of every kernel played at the same
/// time), held to `cap`.
fn play_steps<E: Engagement>(
    game: &E,
    from: Vec<(E::State, f64)>,
    steps: std::ops::Range<u32>,
    budget: u64,
    cap: u64,
    work: &AtomicU64,
) -> Result<Vec<(E::State, f64)>, OverBudget> {
    let mut enumerator = Enumerator::new(budget);
    let mut stepping = from;
    // Merged by a fixed hash, then put in the states' order.
    let mut next: FxHashMap<E::State, f64> = FxHashMap::default();
    for step in steps {
        // Leaves of this step, added to the shared count once per step (kernels
        // computed on other threads share it: one atomic add per leaf would
        // have the threads fight over its cache line).
        let mut leaves = 0u64;
        let spent = work.load(Ordering::Relaxed);
        for (state, w) in stepping.drain(..) {
            if !game.step_changes(&state, step) {
                *next.entry(state).or_insert(0.0) += w;
                continue;
            }
            let add = |after, p: f64| *next.entry(after).or_insert(0.0) += p * w;
            if let Some(listed) = game.step_outcomes(&state, step, add) {
                leaves += listed;
                continue;
            }
            leaves += enumerator
                .explore(
                    |dice| game.play_step(&state, step, dice),
                    |after, p| *next.entry(after).or_insert(0.0) += p * w,
                )
                .map_err(|_| OverBudget::tree(budget))?;
            if spent + leaves > cap {
                return Err(OverBudget::tree(budget));
            }
        }
        if work.fetch_add(leaves, Ordering::Relaxed) + leaves > cap {
            return Err(OverBudget::tree(budget));
        }
        if next.len() as u64 > budget {
            return Err(OverBudget::tree(budget));
        }
        stepping.extend(next.drain());
        // In the states' order, not the map's: the next step's sums then
        // come in one order on every platform (a hash differs between a
        // 64-bit build and the browser's 32-bit one).
        stepping.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    }
    // Kernels are kept for the whole run: no spare capacity.
    stepping.shrink_to_fit();
    Ok(stepping)
}
