//! The server's gate: at most [`Limits::max_running`] questions at once,
//! each waiting at most [`Limits::queue_wait`] for its turn and stopped at
//! [`Limits::time_limit`].

use crate::api::{ApiError, Limits};
use crate::engine::Cancel;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

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
