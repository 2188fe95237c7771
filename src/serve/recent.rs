//! Questions running and answered lately, by their request: a question
//! asked again while it runs joins that run instead of starting its own,
//! and one answered lately is given again at once. The answers kept are
//! bounded in memory ([`RECENT_BYTES`], none over an eighth of it); refusals
//! and stopped runs are never kept.

use crate::api::ApiError;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::watch;

/// Bytes of answers kept, at most.
pub const RECENT_BYTES: usize = 64 << 20;

/// A run's reply, shared by everyone who asked it.
pub type Reply = Result<Arc<str>, ApiError>;

/// Where a run's reply is told, once it is in.
pub type Told = watch::Sender<Option<Reply>>;

/// What a request finds.
pub enum Found {
    /// Answered lately: the answer.
    Answered(Arc<str>),
    /// Running: wait here for its reply.
    Running(watch::Receiver<Option<Reply>>),
    /// New: run it, tell its reply through the sender (the receiver waits
    /// for it; once every receiver is gone, nobody waits for the run).
    New(Arc<Told>, watch::Receiver<Option<Reply>>),
}

#[derive(Default)]
pub struct Recent {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    running: HashMap<String, Arc<Told>>,
    answered: VecDeque<(String, Arc<str>)>,
    bytes: usize,
}

impl Recent {
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A poisoned lock only means a thread panicked between two whole
        // changes: the maps themselves are sound.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The request `key`: answered, running (and still waited for), or new.
    pub fn find(&self, key: &str) -> Found {
        let mut inner = self.inner();
        if let Some((_, answer)) = inner.answered.iter().find(|(k, _)| k == key) {
            return Found::Answered(answer.clone());
        }
        if let Some(told) = inner.running.get(key).filter(|t| t.receiver_count() > 0) {
            return Found::Running(told.subscribe());
        }
        let (told, waiting) = watch::channel(None);
        let told = Arc::new(told);
        inner.running.insert(key.to_string(), told.clone());
        Found::New(told, waiting)
    }

    /// Run `key` is over with `reply` (told through `told`): no longer
    /// running, and kept if it is an answer small enough.
    pub fn finish(&self, key: &str, told: &Arc<Told>, reply: &Reply) {
        let mut inner = self.inner();
        if inner.running.get(key).is_some_and(|t| Arc::ptr_eq(t, told)) {
            inner.running.remove(key);
        }
        let Ok(answer) = reply else { return };
        if answer.len() > RECENT_BYTES / 8 || inner.answered.iter().any(|(k, _)| k == key) {
            return;
        }
        inner.bytes += answer.len();
        inner.answered.push_back((key.to_string(), answer.clone()));
        while inner.bytes > RECENT_BYTES {
            let Some((_, oldest)) = inner.answered.pop_front() else {
                break;
            };
            inner.bytes -= oldest.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_joins_the_run_then_finds_its_answer() {
        let recent = Recent::default();
        let Found::New(told, _waiting) = recent.find("q") else {
            panic!("a first ask is new")
        };
        assert!(matches!(recent.find("q"), Found::Running(_)));
        let reply: Reply = Ok(Arc::from("answer"));
        recent.finish("q", &told, &reply);
        match recent.find("q") {
            Found::Answered(answer) => assert_eq!(&*answer, "answer"),
            _ => panic!("a finished answer is kept"),
        }
    }

    #[test]
    fn a_run_nobody_waits_for_is_not_joined_and_refusals_are_not_kept() {
        let recent = Recent::default();
        let Found::New(told, waiting) = recent.find("q") else {
            panic!("new")
        };
        drop(waiting);
        let Found::New(second, _w) = recent.find("q") else {
            panic!("a run left by all who asked is started again")
        };
        // The first run ending does not unlist the second.
        recent.finish("q", &told, &Err(ApiError::busy("x".into())));
        assert!(matches!(recent.find("q"), Found::Running(_)));
        recent.finish("q", &second, &Err(ApiError::busy("x".into())));
        assert!(matches!(recent.find("q"), Found::New(..)));
    }

    #[test]
    fn answers_kept_stay_within_their_bytes() {
        let recent = Recent::default();
        let big: Arc<str> = Arc::from("x".repeat(RECENT_BYTES / 8));
        for k in 0..20 {
            let key = format!("q{k}");
            let Found::New(told, _w) = recent.find(&key) else {
                panic!("new")
            };
            recent.finish(&key, &told, &Ok(big.clone()));
        }
        assert!(recent.inner().bytes <= RECENT_BYTES);
        assert!(matches!(recent.find("q19"), Found::Answered(_)));
        assert!(matches!(recent.find("q0"), Found::New(..)));
        let huge: Arc<str> = Arc::from("x".repeat(RECENT_BYTES / 8 + 1));
        let Found::New(told, _w) = recent.find("huge") else {
            panic!("new")
        };
        recent.finish("huge", &told, &Ok(huge));
        assert!(matches!(recent.find("huge"), Found::New(..)));
    }
}
