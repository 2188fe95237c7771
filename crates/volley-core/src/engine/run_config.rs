//! What a run is asked to do: the method (exact, automatic or Monte Carlo),
//! its budget, trials, seed and confidence, the defaults every front end
//! shares, and what a caller may attach (progress, cancellation, a shard).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Trials per chunk (the unit of parallel work and of sharding).
pub const CHUNK_TRIALS: u64 = 1 << 16;

// volley's one rule for defaults, everywhere (command line, page, experiments,
// Python): the automatic method is exact when the question fits AUTO_BUDGET
// (or the model knows it fits), else Monte Carlo with AUTO_TRIALS trials, or
// SIDE_TRIALS a side where one command compares many sides on the same dice
// (effects, sensitivity); an exact request may explore EXACT_BUDGET; a budget
// the user gives is both.

/// Trials used when the method is chosen automatically and the tree is too big.
pub const AUTO_TRIALS: u64 = 1_000_000;

/// Trials a side when one command compares many sides on the same dice (every
/// step of `effects`, every reading of `sensitivity`) and they do not all fit.
pub const SIDE_TRIALS: u64 = 200_000;

/// Branches the automatic choice explores before it settles for Monte Carlo: a
/// dice tree of this many leaves (a quarter of a second at worst); an
/// engagement played turn by turn, this many states and 256 leaves each
/// (`WORK_PER_BUDGET`, in the chain: about 3 s at worst).
pub const AUTO_BUDGET: u64 = 250_000;

/// Branches (or states) an exact request may explore.
pub const EXACT_BUDGET: u64 = 2_000_000;

/// The seed of the random streams when none is given.
pub const DEFAULT_SEED: u64 = 1;

/// The confidence level of every interval when none is given.
pub const DEFAULT_CONFIDENCE: f64 = 0.95;

/// What the user asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MethodRequest {
    /// Exact when the tree fits [`AUTO_BUDGET`] (and the budget), else
    /// [`AUTO_TRIALS`] Monte Carlo trials.
    Auto,
    /// Exact, or an error.
    Exact,
    /// Monte Carlo with this many trials.
    Trials(u64),
    /// Monte Carlo until every interval's half-width is below this value.
    Precision(f64),
}

impl MethodRequest {
    /// The request of the usual flags: `exact` wins, then `trials`, then
    /// `precision`; none of them means automatic.
    pub fn from_flags(exact: bool, trials: Option<u64>, precision: Option<f64>) -> Self {
        match (exact, trials, precision) {
            (true, _, _) => MethodRequest::Exact,
            (false, Some(n), _) => MethodRequest::Trials(n),
            (false, None, Some(e)) => MethodRequest::Precision(e),
            (false, None, None) => MethodRequest::Auto,
        }
    }
}

/// Everything a run needs besides the model.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub method: MethodRequest,
    pub seed: u64,
    pub confidence: f64,
    /// Largest number of leaves (or states) the exact method may explore.
    pub budget: u64,
    /// The same limit when the method is chosen automatically (kept small so an
    /// interactive question never waits long before falling back).
    pub auto_budget: u64,
    /// Monte Carlo trials when the automatic choice falls back from exact.
    pub auto_trials: u64,
    /// Upper bound on trials in precision mode.
    pub max_trials: u64,
    /// Told of the trials done so far and the trials planned (Monte Carlo only).
    pub progress: Option<Progress>,
    /// Run only this slice of the chunks (Monte Carlo with a trial count).
    pub shard: Option<Shard>,
    /// Set from outside (a time limit, a closed page) to stop a Monte Carlo run
    /// at the next chunk: the run then fails with [`RunError::Cancelled`].
    pub cancel: Option<Cancel>,
}

impl RunConfig {
    /// The exact method's budget and the automatic choice's, from the
    /// budget a user gave: a budget given is both (volley's one rule, every
    /// front end), else [`EXACT_BUDGET`] and [`AUTO_BUDGET`].
    pub fn budgets(given: Option<u64>) -> (u64, u64) {
        (given.unwrap_or(EXACT_BUDGET), given.unwrap_or(AUTO_BUDGET))
    }

    /// The budget the exact method gets: the whole budget when exact was
    /// asked for, the automatic budget (no more than the whole) with the
    /// automatic choice; `None` when Monte Carlo was asked for.
    pub fn exact_budget(&self) -> Option<u64> {
        match self.method {
            MethodRequest::Exact => Some(self.budget),
            MethodRequest::Auto => Some(self.budget.min(self.auto_budget)),
            _ => None,
        }
    }

    /// `true` once [`RunConfig::cancel`] is set: stop at the next chunk.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_stopped)
    }
}

/// A flag that stops a run; see [`RunConfig::cancel`].
#[derive(Clone, Debug, Default)]
pub struct Cancel(pub Arc<AtomicBool>);

impl Cancel {
    /// Stop the run at its next chunk.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Slice `index` of `count`: the chunks whose number is `index` modulo `count`.
/// Shards of one run share its seed and per-trial streams, so their tallies add up
/// to the single-machine tally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Parse `K/N` with `0 <= K < N`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}`: a shard is K/N, e.g. 0/4"))?;
        let (index, count) = match (k.trim().parse::<u64>(), n.trim().parse::<u64>()) {
            (Ok(k), Ok(n)) => (k, n),
            _ => return Err(format!("`{text}`: K and N are whole numbers")),
        };
        if count == 0 || index >= count {
            return Err(format!("`{text}`: K runs from 0 to N-1"));
        }
        Ok(Shard { index, count })
    }

    /// Can a run of `trials` be split this way? Trials are dealt in whole
    /// chunks, so no shard may be left with none.
    pub fn check(&self, trials: u64) -> Result<(), String> {
        let chunks = trials.div_ceil(CHUNK_TRIALS);
        if self.count > chunks {
            return Err(format!(
                "shards are dealt whole blocks of {CHUNK_TRIALS} trials, and {trials} trials make {chunks}: use at most {chunks} shards, or more trials"
            ));
        }
        Ok(())
    }

    /// The parts of a run split `count` ways (each named, for errors, and
    /// with its shard, of that count), in shard order: every shard once, or
    /// which is given twice or missing (`field` names the parts in the
    /// latter error).
    pub fn in_order<'a, T>(
        parts: &'a [(String, T)],
        count: u64,
        shard_of: impl Fn(&T) -> Shard,
        field: &str,
    ) -> Result<Vec<&'a T>, crate::error::InputError> {
        let mut by_index: Vec<Option<&T>> = vec![None; count as usize];
        for (name, part) in parts {
            let index = shard_of(part).index;
            let slot = &mut by_index[index as usize];
            if slot.is_some() {
                return Err(crate::error::InputError {
                    file: name.clone(),
                    line: None,
                    field: "shard".to_string(),
                    message: format!("shard {index}/{count} is given twice"),
                });
            }
            *slot = Some(part);
        }
        let missing: Vec<String> = by_index
            .iter()
            .enumerate()
            .filter(|(_, part)| part.is_none())
            .map(|(i, _)| format!("{i}/{count}"))
            .collect();
        if !missing.is_empty() {
            return Err(crate::error::InputError::argument(
                field,
                format!("shards missing: {}", missing.join(", ")),
            ));
        }
        Ok(by_index.into_iter().flatten().collect())
    }

    /// Does this shard run chunk `chunk`?
    pub fn holds(&self, chunk: u64) -> bool {
        chunk % self.count == self.index
    }

    /// The trials this shard runs of a run of `trials`: its chunks, every
    /// `count`-th from `index`.
    pub fn trials_of(&self, trials: u64) -> u64 {
        let chunks = trials.div_ceil(CHUNK_TRIALS);
        if self.count == 0 || self.index >= chunks {
            return 0;
        }
        let mine = (chunks - 1 - self.index) / self.count + 1;
        let last = chunks - 1;
        let short = trials - last * CHUNK_TRIALS;
        mine * CHUNK_TRIALS
            - if self.holds(last) {
                CHUNK_TRIALS - short
            } else {
                0
            }
    }
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            method: MethodRequest::Auto,
            seed: DEFAULT_SEED,
            confidence: DEFAULT_CONFIDENCE,
            budget: EXACT_BUDGET,
            auto_budget: AUTO_BUDGET,
            auto_trials: AUTO_TRIALS,
            max_trials: 1_000_000_000,
            progress: None,
            shard: None,
            cancel: None,
        }
    }
}

/// A callback told `(trials done, trials planned)` as a Monte Carlo run goes; the
/// engine draws nothing itself.
#[derive(Clone)]
pub struct Progress(pub Arc<dyn Fn(u64, u64) + Send + Sync>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress")
    }
}

impl Progress {
    pub(crate) fn tell(config: &RunConfig, done: u64, planned: u64) {
        if let Some(progress) = &config.progress {
            (progress.0)(done, planned);
        }
    }
}
