//! What one request may ask of the server: trials, exact budget, time, and how
//! many heavy questions run at once. A page left open on a phone must not be able
//! to occupy the laptop it is served from.

use super::error::ApiError;
use crate::engine::Cancel;
use crate::engine::MethodAsk;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's limits (`volley serve --max-trials ... --time-limit ... --max-running ...`).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most Monte Carlo trials one question may ask for (also the cap of a
    /// precision run).
    pub max_trials: u64,
    /// Largest exact budget a request may give.
    pub max_budget: u64,
    /// Longest a question may run; a Monte Carlo run is stopped then.
    pub time_limit: Duration,
    /// Questions answered at once; later ones wait for a turn.
    pub max_running: usize,
    /// How long a question waits for a turn before the server says it is busy.
    pub queue_wait: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_trials: 10_000_000,
            max_budget: 2_000_000,
            time_limit: Duration::from_secs(60),
            max_running: 2,
            queue_wait: Duration::from_secs(10),
        }
    }
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

/// The server's shared gate: at most [`Limits::max_running`] questions at once.
#[derive(Clone)]
pub struct Gate {
    limits: Arc<Limits>,
    running: Arc<Semaphore>,
}

impl Gate {
    pub fn new(limits: Limits) -> Self {
        let running = Arc::new(Semaphore::new(limits.max_running.max(1)));
        Gate {
            limits: Arc::new(limits),
            running,
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Wait for a turn, at most [`Limits::queue_wait`].
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        let wait = self.limits.queue_wait;
        match tokio::time::timeout(wait, self.running.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => {
                let running = match self.limits.max_running {
                    1 => "1 question is running".to_string(),
                    n => format!("{n} questions are running"),
                };
                Err(ApiError::busy(format!(
                    "the server is busy: {running} and none finished within {} s; ask again",
                    wait.as_secs()
                )))
            }
        }
    }

    /// Stop the run behind `cancel` once the time limit has passed; abort the
    /// returned timer when the run ends first.
    pub fn stop_at_time_limit(&self, cancel: &Cancel) -> tokio::task::JoinHandle<()> {
        let stop = cancel.clone();
        let limit = self.limits.time_limit;
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            stop.stop();
        })
    }

    /// The message for a run stopped by its time limit or a closed page.
    pub fn stopped_message(&self, trials: u64) -> ApiError {
        ApiError::input(format!(
            "--trials: stopped after {trials} trials: Monte Carlo may run {} s a question on this server (volley serve --time-limit); ask for fewer trials or a coarser precision",
            self.limits.time_limit.as_secs()
        ))
    }
}
