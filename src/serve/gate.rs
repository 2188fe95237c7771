//! The server's gate: two lanes and a memory budget. A quick question
//! ([`Lane::Quick`]) takes one of [`QUICK_TURNS`] turns of its own and runs
//! on a thread pool of its own, so it never waits behind a long one. A long
//! question takes one of [`Limits::max_running`] turns and reserves, from
//! the server's [`Limits::max_memory`], the most it may hold
//! ([`Cost::memory`]); a question that alone could pass the budget is
//! refused with what to lower, and one that would pass it beside those
//! running waits (giving its turn back meanwhile). Each waits at most
//! [`Limits::queue_wait`] in all; a Monte Carlo run or a plan is stopped at
//! [`Limits::time_limit`].

use super::cost::{Cost, Lane, QUICK_BYTES};
use super::recent::Recent;
use crate::api::{ApiError, Limits};
use crate::engine::Cancel;
use std::sync::Arc;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Quick questions answered at once.
pub const QUICK_TURNS: usize = 4;

/// Threads of the quick lane's pool.
const QUICK_THREADS: usize = 2;

/// The memory budget's unit: a permit is a megabyte (MiB, 2^20 bytes).
const MB: u64 = 1 << 20;

/// The server's shared gate.
#[derive(Clone)]
pub struct Gate {
    limits: Arc<Limits>,
    quick: Arc<Semaphore>,
    long: Arc<Semaphore>,
    /// The long lane's share of the memory budget, in megabytes.
    memory: Arc<Semaphore>,
    memory_mb: u32,
    /// Told whenever a long question gives its memory back.
    freed: Arc<Notify>,
    quick_pool: Arc<rayon::ThreadPool>,
    recent: Arc<Recent>,
}

/// A question's turn: held while it runs.
pub struct Turn {
    lane: Lane,
    _turn: OwnedSemaphorePermit,
    /// A long question's memory, and whom to tell when it is given back.
    memory: Option<(OwnedSemaphorePermit, Arc<Notify>)>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some((memory, freed)) = self.memory.take() {
            drop(memory);
            freed.notify_waiters();
        }
    }
}

impl Gate {
    pub fn new(limits: Limits) -> Self {
        // The quick lane's memory is set aside first; the long lane has the rest.
        let long_bytes = limits
            .max_memory
            .saturating_sub(QUICK_BYTES * QUICK_TURNS as u64);
        let memory_mb = u32::try_from(long_bytes / MB).unwrap_or(u32::MAX >> 3);
        let quick_pool = rayon::ThreadPoolBuilder::new()
            .num_threads(QUICK_THREADS)
            .thread_name(|i| format!("volley-quick-{i}"))
            .build()
            .expect("the quick lane's threads start");
        Gate {
            quick: Arc::new(Semaphore::new(QUICK_TURNS)),
            long: Arc::new(Semaphore::new(limits.max_running.max(1))),
            memory: Arc::new(Semaphore::new(memory_mb as usize)),
            memory_mb,
            freed: Arc::default(),
            limits: Arc::new(limits),
            quick_pool: Arc::new(quick_pool),
            recent: Arc::default(),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The questions running and answered lately.
    pub fn recent(&self) -> &Recent {
        &self.recent
    }

    /// Wait for a turn in `cost`'s lane (and, for a long question, its
    /// memory), at most [`Limits::queue_wait`].
    pub async fn enter(&self, cost: Cost) -> Result<Turn, ApiError> {
        let wait = self.limits.queue_wait;
        if cost.lane == Lane::Quick {
            let turn = tokio::time::timeout(wait, self.quick.clone().acquire_owned()).await;
            return match turn {
                Ok(Ok(turn)) => Ok(Turn {
                    lane: Lane::Quick,
                    _turn: turn,
                    memory: None,
                }),
                _ => Err(self.busy(format!("{QUICK_TURNS} quick questions are running"))),
            };
        }
        let megabytes = u32::try_from(cost.memory.div_ceil(MB)).unwrap_or(u32::MAX);
        if megabytes > self.memory_mb {
            return Err(ApiError::input(format!(
                "--{}: this question may hold up to {} MB, over the {} MB this server keeps for long questions (volley serve --max-memory); lower `{}`",
                cost.lower, megabytes, self.memory_mb, cost.lower
            )));
        }
        // A turn, then its memory; without its memory the turn goes back
        // (another question may use it) until memory is freed: one wait.
        let mut short_of_memory = false;
        let admitted = tokio::time::timeout(wait, async {
            loop {
                let turn = self.long.clone().acquire_owned().await?;
                let freed = self.freed.notified();
                tokio::pin!(freed);
                freed.as_mut().enable();
                if let Ok(memory) = self.memory.clone().try_acquire_many_owned(megabytes) {
                    return Ok::<_, tokio::sync::AcquireError>((turn, memory));
                }
                short_of_memory = true;
                drop(turn);
                freed.await;
            }
        })
        .await;
        match admitted {
            Ok(Ok((turn, memory))) => Ok(Turn {
                lane: Lane::Long,
                _turn: turn,
                memory: Some((memory, self.freed.clone())),
            }),
            _ if short_of_memory => Err(self.busy(format!(
                "the long questions running hold its memory ({} MB of {} MB; this one may need {megabytes} MB)",
                self.memory_mb - self.memory.available_permits() as u32,
                self.memory_mb
            ))),
            _ => Err(self.busy(match self.limits.max_running {
                1 => "1 long question is running".to_string(),
                n => format!("{n} long questions are running"),
            })),
        }
    }

    fn busy(&self, running: String) -> ApiError {
        ApiError::busy(format!(
            "the server is busy: {running} and none finished within {} s; ask again",
            self.limits.queue_wait.as_secs()
        ))
    }

    /// Run `job` in `turn`'s lane on a blocking thread (a quick one on the
    /// quick lane's own threads), the turn held until it ends.
    pub async fn run<T: Send + 'static>(
        &self,
        turn: Turn,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let pool = self.quick_pool.clone();
        tokio::task::spawn_blocking(move || {
            let ran = match turn.lane {
                Lane::Quick => pool.install(job),
                Lane::Long => job(),
            };
            drop(turn);
            ran
        })
        .await
        .ok()
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
