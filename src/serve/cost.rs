//! What a question will cost, known from the request before it runs: its
//! lane (quick, answered at once beside whatever else runs; or long, taking
//! a turn) and the memory it may hold at most, which the server's memory
//! budget reserves for it ([`super::gate`]).
//!
//! Quick: one action's dice tree within the automatic budget (a quarter of a
//! second at worst, most a few milliseconds; where it does not fit, the
//! automatic method's Monte Carlo run of that one action), or at most [`QUICK_TRIALS`]
//! Monte Carlo trials of it; a comparison of such sides. Long: an engagement
//! played turn by turn (its budget counts states, each of many leaves), a
//! larger exact budget or more trials,
//! a precision run, effects, tables and plans. Memory: the exact method and
//! a plan hold states, so their bound grows with the budget that caps those
//! states, at the most any default question was measured to hold per state
//! (docs/serve.md gives the figures); a Monte Carlo run holds its tallies.

use crate::ask::question::Question;
use crate::engine::{AUTO_BUDGET, MethodRequest, RunConfig};

/// Most Monte Carlo trials of one action a quick question runs.
pub const QUICK_TRIALS: u64 = 20_000;

/// Memory a quick question may hold (its dice tree within the automatic
/// budget, or its tallies), reserved once for the whole quick lane.
pub const QUICK_BYTES: u64 = 32 << 20;

/// Memory a Monte Carlo run holds at most: its tallies, each thread's
/// streams and an engagement's frozen memo.
const MONTE_CARLO_BYTES: u64 = 64 << 20;

/// Memory an exact run holds per unit of its budget (a state or a
/// leaf), at most: the 5 v 5 Micro Squad engagement, exact at the default
/// budget, held 712 MB (356 bytes a unit of 2,000,000).
const EXACT_BYTES_PER_UNIT: u64 = 400;

/// Memory a plan holds per unit of its budget (the states its chain may
/// hold), its JSON included (kept, and written again on one line for a
/// stream), and at least [`PLAN_BYTES_LEAST`]: the Micro Force best reply,
/// the largest plan at the default budget, holds 534 MB with its 135 MB of
/// JSON for about 1,160,000 states (460 bytes each; 440 bytes before a
/// charge turn's stages were shared between initiatives, which holds fewer
/// states but more beside each); the Deadly Field plans
/// hold 65 to 135 MB at any budget that solves them.
const PLAN_BYTES_PER_UNIT: u64 = 600;

/// The least a plan is held to hold.
const PLAN_BYTES_LEAST: u64 = 256 << 20;

/// The lane a question runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    Quick,
    Long,
}

/// A question's cost, before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    pub lane: Lane,
    /// Bytes it may hold at most (reserved from the server's budget).
    pub memory: u64,
    /// What to lower to hold less: the key the message names.
    pub lower: &'static str,
}

impl Cost {
    /// A quick question (its memory is the quick lane's reservation).
    const QUICK: Cost = Cost {
        lane: Lane::Quick,
        memory: QUICK_BYTES,
        lower: "budget",
    };

    /// One question of `question`'s action run under `config` (a question
    /// whose model cannot be built is refused when it runs: quick here).
    pub fn of_question(question: &Question, config: &RunConfig) -> Cost {
        let Ok(model) = question.model() else {
            return Cost::QUICK;
        };
        // Dice leaves the exact method may enumerate, at most.
        let leaves = config
            .exact_budget()
            .map(|budget| budget.saturating_mul(model.leaves_per_budget()));
        let turn_by_turn = model.leaves_per_budget() > 1;
        match config.method {
            MethodRequest::Auto | MethodRequest::Exact
                if leaves.is_some_and(|l| l <= AUTO_BUDGET) =>
            {
                Cost::QUICK
            }
            MethodRequest::Trials(n) if !turn_by_turn && n <= QUICK_TRIALS => Cost::QUICK,
            MethodRequest::Trials(_) | MethodRequest::Precision(_) => Cost {
                lane: Lane::Long,
                memory: MONTE_CARLO_BYTES,
                lower: "trials",
            },
            MethodRequest::Auto | MethodRequest::Exact => Cost {
                lane: Lane::Long,
                memory: config
                    .exact_budget()
                    .unwrap_or(config.budget)
                    .saturating_mul(EXACT_BYTES_PER_UNIT)
                    .max(MONTE_CARLO_BYTES),
                lower: "budget",
            },
        }
    }

    /// Every side of a comparison under `config`, which may run side by
    /// side: quick if each is, holding what they all hold together.
    pub fn of_sides<'a>(sides: impl IntoIterator<Item = &'a Question>, config: &RunConfig) -> Cost {
        sides
            .into_iter()
            .map(|q| Cost::of_question(q, config))
            .reduce(|a, b| Cost {
                lane: if a.lane == Lane::Quick && b.lane == Lane::Quick {
                    Lane::Quick
                } else {
                    Lane::Long
                },
                memory: a.memory.saturating_add(b.memory),
                lower: if a.memory >= b.memory {
                    a.lower
                } else {
                    b.lower
                },
            })
            .unwrap_or(Cost::QUICK)
    }

    /// Many runs of one question (effects, a table): long, as many runs at
    /// once as the long lane has threads, each holding what one run may.
    pub fn of_sweep(question: &Question, config: &RunConfig) -> Cost {
        let one = Cost::of_question(question, config);
        Cost {
            lane: Lane::Long,
            memory: one
                .memory
                .saturating_mul(rayon::current_num_threads().max(1) as u64),
            ..one
        }
    }

    /// A plan solved within `budget` states.
    pub fn of_plan(budget: u64) -> Cost {
        Cost {
            lane: Lane::Long,
            memory: budget
                .saturating_mul(PLAN_BYTES_PER_UNIT)
                .max(PLAN_BYTES_LEAST),
            lower: "budget",
        }
    }
}
