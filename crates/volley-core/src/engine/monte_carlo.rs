//! Choosing the method and running it: exact enumeration within a budget, or
//! Monte Carlo over fixed-size chunks in parallel.
//!
//! Trial `t` always draws from its own stream `(seed, t)`, and chunk `i` holds
//! trials `i * CHUNK_TRIALS ..`. Chunks run on any thread but are merged strictly
//! in index order, so the tally is the same bit for bit whatever the thread count.
//! Only one round of chunk tallies is alive at a time: memory does not grow with
//! the trial count.

use super::model::Model;
use super::run_config::{CHUNK_TRIALS, MethodRequest, Progress, RunConfig};
use super::run_error::RunError;
use crate::dice::Sampler;
use crate::stats;
use crate::tally::{Method, RunResult, Schema, Shortfall, Tally};
use rayon::prelude::*;

/// Chunks run between two merges, per thread (bounds memory and sets how often
/// progress is told and a cancellation is seen; never the results).
const ROUND_CHUNKS_PER_THREAD: u64 = 2;

/// Chunks run between two merges on this machine.
pub(crate) fn round_chunks() -> u64 {
    ROUND_CHUNKS_PER_THREAD * rayon::current_num_threads().max(1) as u64
}

/// Run `model` as `config` asks.
pub fn run(model: &dyn Model, config: &RunConfig) -> Result<RunResult, RunError> {
    if config.confidence.is_nan() || config.confidence <= 0.0 || config.confidence >= 1.0 {
        return Err(RunError::BadConfidence(config.confidence));
    }
    if config.shard.is_some() && !matches!(config.method, MethodRequest::Trials(_)) {
        return Err(RunError::ShardNeedsTrials);
    }
    let schema = model.schema();
    let exact = |tally| RunResult {
        method: Method::Exact,
        schema: schema.clone(),
        tally,
        confidence: config.confidence,
        precision_not_reached: None,
        exact_refused: None,
    };
    match config.method {
        MethodRequest::Exact => Ok(exact(model.exact(config.budget)?)),
        MethodRequest::Auto => {
            let budget = config.exact_budget().unwrap_or(config.budget);
            match model.exact(budget) {
                Ok(tally) => Ok(exact(tally)),
                Err(over) => Ok(RunResult {
                    exact_refused: Some(over.reason()),
                    ..monte_carlo(model, &schema, config, config.auto_trials)?
                }),
            }
        }
        MethodRequest::Trials(0) => Err(RunError::NoTrials),
        MethodRequest::Trials(n) => monte_carlo(model, &schema, config, n),
        MethodRequest::Precision(e) if e.is_nan() || e <= 0.0 || !e.is_finite() => {
            Err(RunError::BadPrecision(e))
        }
        MethodRequest::Precision(target) => until_precise(model, &schema, config, target),
    }
}

fn monte_carlo(
    model: &dyn Model,
    schema: &Schema,
    config: &RunConfig,
    trials: u64,
) -> Result<RunResult, RunError> {
    let mut tally = Tally::new(schema);
    run_chunks(model, schema, config, 0, trials, trials, &mut tally)?;
    Ok(RunResult::monte_carlo(
        schema.clone(),
        tally,
        config.seed,
        config.confidence,
    ))
}

/// Trials at the first precision checkpoint.
const FIRST_CHECKPOINT: u64 = 1 << 12;

/// Double the trial count until every half-width is below `target`: 4,096 trials
/// first, then 8,192, ... inside the first chunk, then whole chunks; trial `t`
/// has stream `t` throughout, so the trials are those of a `--trials` run of the
/// same count. The checkpoints depend only on the trial count, never on
/// timing or threads.
fn until_precise(
    model: &dyn Model,
    schema: &Schema,
    config: &RunConfig,
    target: f64,
) -> Result<RunResult, RunError> {
    let mut tally = Tally::new(schema);
    let cap = config.max_trials.max(1);
    let finish = |tally: Tally, done: u64, widest: f64| {
        Ok(RunResult {
            method: Method::MonteCarlo {
                trials: done,
                seed: config.seed,
            },
            schema: schema.clone(),
            tally,
            confidence: config.confidence,
            precision_not_reached: (widest >= target).then_some(Shortfall {
                asked: target,
                reached: widest,
            }),
            exact_refused: None,
        })
    };
    let mut sampler = Sampler::new(config.seed);
    let mut done = 0u64;
    while done < CHUNK_TRIALS.min(cap) {
        let goal = (2 * done).clamp(FIRST_CHECKPOINT, CHUNK_TRIALS).min(cap);
        if config.cancelled() {
            return Err(RunError::Cancelled(done));
        }
        model.simulate(&mut sampler, done, goal - done, &mut tally);
        Progress::tell(config, goal, cap);
        done = goal;
        let widest = stats::widest_half_width(schema, &tally, config.confidence);
        if widest < target || done >= cap {
            return finish(tally, done, widest);
        }
    }
    loop {
        let goal = (2 * done).min(cap);
        run_chunks(model, schema, config, done, goal, cap, &mut tally)?;
        done = goal;
        let widest = stats::widest_half_width(schema, &tally, config.confidence);
        if widest < target || done >= cap {
            return finish(tally, done, widest);
        }
    }
}

/// Run trials `from..to` (both multiples of the chunk size, except a final partial
/// chunk) and merge them into `tally` in chunk order. A cancelled run stops at
/// the next chunk.
fn run_chunks(
    model: &dyn Model,
    schema: &Schema,
    config: &RunConfig,
    from: u64,
    to: u64,
    planned: u64,
    tally: &mut Tally,
) -> Result<(), RunError> {
    let first = from / CHUNK_TRIALS;
    let last = to.div_ceil(CHUNK_TRIALS);
    let per_round = round_chunks();
    let mut round = first;
    while round < last {
        let end = (round + per_round).min(last);
        let tallies: Vec<Option<Tally>> = (round..end)
            .into_par_iter()
            .filter(|chunk| config.shard.is_none_or(|s| s.holds(*chunk)))
            .map(|chunk| {
                if config.cancelled() {
                    return None;
                }
                let start = chunk * CHUNK_TRIALS;
                let trials = CHUNK_TRIALS.min(to - start);
                let mut local = Tally::new(schema);
                let mut sampler = Sampler::new(config.seed);
                model.simulate(&mut sampler, start, trials, &mut local);
                Some(local)
            })
            .collect();
        for local in &tallies {
            match local {
                Some(local) => tally.merge(local),
                None => return Err(RunError::Cancelled(tally.weight as u64)),
            }
        }
        Progress::tell(config, tally.weight as u64, planned);
        round = end;
    }
    Ok(())
}
