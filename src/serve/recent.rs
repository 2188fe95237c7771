//! Questions running and answered lately, by their request: a question
//! asked again while it runs joins that run instead of starting its own,
//! and one answered lately is given again at once. The answers kept (with
//! their requests) are bounded in memory ([`RECENT_BYTES`], none over an
//! eighth of it), the least lately asked let go first; refusals and stopped
//! runs are never kept. A run is left (and stopped) only once nobody waits
//! for it, decided under the same lock a repeat joins under, so a repeat
//! never joins a run being stopped.

use crate::api::ApiError;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::watch;

/// Bytes of answers kept, at most.
pub const RECENT_BYTES: usize = 64 << 20;

/// A run's reply, shared by everyone who asked it.
pub type Reply = Result<Arc<String>, ApiError>;

/// Where a run's reply is told, once it is in.
pub type Told = watch::Sender<Option<Reply>>;

/// What a request finds.
pub enum Found {
    /// Answered lately: the answer.
    Answered(Arc<String>),
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
    answered: VecDeque<(String, Arc<String>)>,
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
        if let Some(at) = inner.answered.iter().position(|(k, _)| k == key) {
            // Asked again: the last to be let go.
            let kept = inner.answered.remove(at).expect("found");
            let answer = kept.1.clone();
            inner.answered.push_back(kept);
            return Found::Answered(answer);
        }
        if let Some(told) = inner.running.get(key).filter(|t| t.receiver_count() > 0) {
            return Found::Running(told.subscribe());
        }
        let (told, waiting) = watch::channel(None);
        let told = Arc::new(told);
        inner.running.insert(key.to_string(), told.clone());
        Found::New(told, waiting)
    }

    /// Is run `key` (told through `told`) waited for by nobody? Then it is
    /// no longer listed: a repeat starts anew.
    pub fn unwatched(&self, key: &str, told: &Arc<Told>) -> bool {
        let mut inner = self.inner();
        if told.receiver_count() > 0 {
            return false;
        }
        if inner.running.get(key).is_some_and(|t| Arc::ptr_eq(t, told)) {
            inner.running.remove(key);
        }
        true
    }

    /// Run `key` is over with `reply` (told through `told`): no longer
    /// running, and kept if it is an answer small enough.
    pub fn finish(&self, key: &str, told: &Arc<Told>, reply: &Reply) {
        let mut inner = self.inner();
        if inner.running.get(key).is_some_and(|t| Arc::ptr_eq(t, told)) {
            inner.running.remove(key);
        }
        let Ok(answer) = reply else { return };
        let bytes = key.len() + answer.len();
        if bytes > RECENT_BYTES / 8 || inner.answered.iter().any(|(k, _)| k == key) {
            return;
        }
        inner.bytes += bytes;
        inner.answered.push_back((key.to_string(), answer.clone()));
        while inner.bytes > RECENT_BYTES {
            let Some((oldest_key, oldest)) = inner.answered.pop_front() else {
                break;
            };
            inner.bytes -= oldest_key.len() + oldest.len();
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
        let reply: Reply = Ok(Arc::new("answer".to_string()));
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
        // Waited for: not left.
        assert!(!recent.unwatched("q", &told));
        drop(waiting);
        let Found::New(second, _w) = recent.find("q") else {
            panic!("a run left by all who asked is started again")
        };
        // Left: the first run may be stopped, and unlisting it leaves the
        // second listed.
        assert!(recent.unwatched("q", &told));
        assert!(matches!(recent.find("q"), Found::Running(_)));
        // The first run ending does not unlist the second.
        recent.finish("q", &told, &Err(ApiError::busy("x".into())));
        assert!(matches!(recent.find("q"), Found::Running(_)));
        recent.finish("q", &second, &Err(ApiError::busy("x".into())));
        assert!(matches!(recent.find("q"), Found::New(..)));
    }

    #[test]
    fn answers_kept_stay_within_their_bytes() {
        let recent = Recent::default();
        let big = Arc::new("x".repeat(RECENT_BYTES / 8 - 3));
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
        // The least lately asked goes first: q12 asked again outlives q13.
        assert!(matches!(recent.find("q12"), Found::Answered(_)));
        let Found::New(told, _w) = recent.find("q20") else {
            panic!("new")
        };
        recent.finish("q20", &told, &Ok(big.clone()));
        assert!(matches!(recent.find("q12"), Found::Answered(_)));
        assert!(matches!(recent.find("q13"), Found::New(..)));
        let huge = Arc::new("x".repeat(RECENT_BYTES / 8));
        let Found::New(told, _w) = recent.find("huge") else {
            panic!("new")
        };
        recent.finish("huge", &told, &Ok(huge));
        assert!(matches!(recent.find("huge"), Found::New(..)));
    }
}
