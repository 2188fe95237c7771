//! What one request may ask: Monte Carlo trials, the exact budget, time,
//! and how many heavy questions run at once. A page left open on a phone
//! must not be able to occupy the laptop it is served from; in the browser
//! the same limits keep a question within what a page can wait for.

use super::error::ApiError;
use crate::engine::MethodAsk;
use std::time::Duration;

/// The server's limits (`volley serve --max-trials ... --time-limit ... --max-running ...`).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most Monte Carlo trials one question may ask for (also the cap of a
    /// precision run).
    pub max_trials: u64,
    /// Largest exact budget a request may give.
    pub max_budget: u64,
    /// Longest a question may run; a Monte Carlo run or a plan is stopped
    /// then.
    pub time_limit: Duration,
    /// Long questions answered at once; later ones wait for a turn (quick
    /// ones have turns of their own).
    pub max_running: usize,
    /// How long a question waits, in all, for a turn (a long one also for
    /// its memory) before the server says it is busy.
    pub queue_wait: Duration,
    /// Memory the server's questions may hold together, in bytes: a long
    /// question reserves what it may hold at most before it starts.
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_trials: 10_000_000,
            max_budget: 2_000_000,
            time_limit: Duration::from_secs(60),
            max_running: 2,
            queue_wait: Duration::from_secs(10),
            max_memory: default_max_memory(),
        }
    }
}

/// Half of this machine's memory where it can be read (Linux), else 4 GiB.
pub fn default_max_memory() -> u64 {
    machine_memory().map_or(4 << 30, |bytes| bytes / 2)
}

/// The machine's memory in bytes (Linux's `/proc/meminfo`).
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

impl Limits {
    /// Refuse method flags beyond the limits, naming the flag and the server
    /// option that sets the limit.
    pub fn check(&self, method: &MethodAsk) -> Result<(), ApiError> {
        if let Some(trials) = method.trials.filter(|&t| t > self.max_trials) {
            return Err(ApiError::input(format!(
                "--trials: {trials} trials is over this server's limit of {} a question (volley serve --max-trials)",
                self.max_trials
            )));
        }
        if let Some(budget) = method.budget.filter(|&b| b > self.max_budget) {
            return Err(ApiError::input(format!(
                "--budget: {budget} is over this server's largest exact budget, {}",
                self.max_budget
            )));
        }
        Ok(())
    }
}
