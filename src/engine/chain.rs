//! Multi-turn engagements as Markov chains over unit states.
//!
//! Monte Carlo plays each engagement to its end. The exact method keeps a
//! probability distribution over states, advances every live state through the
//! turn's steps (enumerating each step's small dice tree and merging equal states
//! after every step), and records curves from the distribution at each turn.
//! States that are over stay where they are.

use super::model::Model;
use crate::dice::{Dice, Enumerator, OverBudget, Sampler};
use crate::tally::{Schema, Tally};
use std::collections::BTreeMap;

/// A multi-turn engagement: a start state and one turn of play.
pub trait Engagement: Sync {
    /// Everything that matters between turns. Small and ordered so that equal
    /// states merge in the exact method, in a fixed order (results are reproducible
    /// to the last bit).
    type State: Clone + Ord;

    /// Outcome variables; curves cover turns `0..=turn_limit`.
    fn schema(&self) -> Schema;

    /// The state before the first turn.
    fn start(&self) -> Self::State;

    /// The last turn played; with [`Engagement::to_the_end`], the last turn the
    /// curves show.
    fn turn_limit(&self) -> u32;

    /// `true` when the engagement has no turn limit: it is played until it is over
    /// (Monte Carlo stops at [`HARD_TURN_CAP`]; the exact method steps until the
    /// live probability is below [`EXACT_TAIL`]).
    fn to_the_end(&self) -> bool {
        false
    }

    /// `true` when the engagement has ended in this state.
    fn is_over(&self, state: &Self::State) -> bool;

    /// Play one whole turn from `state` (Monte Carlo). An engagement that splits
    /// its turn into steps plays them here in order.
    fn play_turn<D: Dice>(&self, state: &Self::State, dice: &mut D) -> Self::State;

    /// Steps in one turn (default 1: the whole turn). The exact method merges
    /// equal states after every step, so a turn of many small steps (each stand's
    /// shot, each group's marker removal) stays small; mid-turn states carry what
    /// the rest of the turn needs.
    fn steps(&self) -> u32 {
        1
    }

    /// Play step `step` (from 0) of a turn from `state`; the default plays the
    /// whole turn as its one step.
    fn play_step<D: Dice>(&self, state: &Self::State, step: u32, dice: &mut D) -> Self::State {
        let _ = step;
        self.play_turn(state, dice)
    }

    /// Record the curves for `state` as it stands at the end of `turn`.
    fn record_turn(&self, turn: u32, state: &Self::State, tally: &mut Tally, w: f64);

    /// Record the final state, reached after `turns` turns; `ending` says why play
    /// stopped there.
    fn record_end(
        &self,
        state: &Self::State,
        turns: u32,
        ending: Ending,
        tally: &mut Tally,
        w: f64,
    );
}

/// Why an engagement's play stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// [`Engagement::is_over`] said so.
    Over,
    /// The turn limit came first.
    TurnLimit,
    /// An engagement without a turn limit that was still going when the method
    /// stopped following it: Monte Carlo at [`HARD_TURN_CAP`] turns, the exact
    /// method once less than [`EXACT_TAIL`] of the probability was still live.
    Unfinished,
}

/// Wraps an [`Engagement`] as a [`Model`].
pub struct EngagementModel<E>(pub E);

/// Most turns a Monte Carlo engagement without a turn limit is played.
pub const HARD_TURN_CAP: u32 = 100_000;

/// Leaves the exact method may enumerate in all, per unit of budget: the budget
/// itself bounds the state space, this the time.
pub const WORK_PER_BUDGET: u64 = 16;

/// Live probability below which the exact method stops an engagement without a
/// turn limit; what is left is reported as the last state reached.
pub const EXACT_TAIL: f64 = 1e-15;

impl<E: Engagement> Model for EngagementModel<E> {
    fn schema(&self) -> Schema {
        self.0.schema()
    }

    fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        let game = &self.0;
        let horizon = game.turn_limit();
        let last = if game.to_the_end() {
            HARD_TURN_CAP
        } else {
            horizon
        };
        for trial in first..first + trials {
            sampler.start_trial(trial);
            let mut state = game.start();
            let mut ended = if game.is_over(&state) { Some(0) } else { None };
            game.record_turn(0, &state, tally, 1.0);
            let mut turn = 0;
            while turn < last && (ended.is_none() || turn < horizon) {
                turn += 1;
                if ended.is_none() {
                    state = game.play_turn(&state, sampler);
                    if game.is_over(&state) {
                        ended = Some(turn);
                    }
                }
                if turn <= horizon {
                    game.record_turn(turn, &state, tally, 1.0);
                }
            }
            let ending = match ended {
                Some(_) => Ending::Over,
                None if game.to_the_end() => Ending::Unfinished,
                None => Ending::TurnLimit,
            };
            game.record_end(&state, ended.unwrap_or(turn), ending, tally, 1.0);
        }
        tally.trial(trials as f64);
    }

    fn exact(&self, budget: u64) -> Result<Tally, OverBudget> {
        let game = &self.0;
        let mut tally = Tally::new(&game.schema());
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
        let mut work = 0u64;
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
            // Step by step through the turn, merging equal states after each.
            let mut stepping = std::mem::take(&mut live);
            for step in 0..game.steps() {
                let mut next: BTreeMap<E::State, f64> = BTreeMap::new();
                for (state, w) in stepping {
                    // The budget bounds the states alive after each step (the
                    // state space) and each step's tree; the total work is held
                    // to WORK_PER_BUDGET times the budget.
                    let leaves = Enumerator::new(budget)
                        .explore(
                            |dice| game.play_step(&state, step, dice),
                            |after, p| *next.entry(after).or_insert(0.0) += p * w,
                        )
                        .map_err(|_| OverBudget { budget })?;
                    work += leaves;
                    if work > budget.saturating_mul(WORK_PER_BUDGET) {
                        return Err(OverBudget { budget });
                    }
                }
                if next.len() as u64 > budget {
                    return Err(OverBudget { budget });
                }
                stepping = next;
            }
            let mut next: BTreeMap<E::State, f64> = BTreeMap::new();
            for (after, p) in stepping {
                if game.is_over(&after) {
                    game.record_end(&after, turn, Ending::Over, &mut tally, p);
                    *ended.entry(after).or_insert(0.0) += p;
                } else {
                    next.insert(after, p);
                }
            }
            live = next;
            if live.len() as u64 > budget {
                return Err(OverBudget { budget });
            }
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
        Ok(tally)
    }
}
