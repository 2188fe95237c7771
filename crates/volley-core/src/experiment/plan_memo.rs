//! Plans solved once for a whole run: the experiments of one `volley run`
//! that ask the same plan of the same question share its answer (an
//! experiment of best play against an opponent at its best also solves, at
//! every point, the plan against its usual play, which may be another
//! experiment's own plan at the same point). An answer is kept only while
//! another ask of it is still to come, so the memo holds no more than the
//! answers still to be asked again.

use super::Prepared;
use crate::ask::question::{Question, QuestionError};
use crate::plan::{Ask, PlanAnswer};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A plan's answer, and the card's options solving it read.
type Solved = Arc<(PlanAnswer, Vec<String>)>;

/// What makes two plans one: the question and the ask.
fn key(question: &Question, ask: &Ask) -> String {
    format!("{}\n{ask:?}", question.fingerprint())
}

#[derive(Default)]
struct Held {
    /// Asks still to come, by plan.
    to_come: FxHashMap<String, u32>,
    solved: FxHashMap<String, Solved>,
}

/// Plan answers by question and ask, for the run that holds the memo.
#[derive(Default)]
pub struct PlanMemo {
    held: Mutex<Held>,
}

impl PlanMemo {
    /// A memo for a run of `experiments`, told every plan they will ask:
    /// an answer is kept for the asks still to come, and dropped after the
    /// last. (The default memo expects none and keeps nothing.)
    pub fn expecting<'a>(experiments: impl IntoIterator<Item = &'a Prepared>) -> Self {
        let mut to_come: FxHashMap<String, u32> = FxHashMap::default();
        for prepared in experiments {
            for (question, ask) in prepared.plan_asks() {
                *to_come.entry(key(&question, &ask)).or_insert(0) += 1;
            }
        }
        PlanMemo {
            held: Mutex::new(Held {
                to_come,
                solved: FxHashMap::default(),
            }),
        }
    }

    /// Best play for `question` as `ask` asks: solved the first time, the
    /// same answer while more asks of it are to come. A plan is exact and
    /// reads nothing but its question and ask, so a shared answer is the one
    /// it would have solved; the options solving it read are noted in
    /// `question`'s book either way, as if it had been solved there (its
    /// readings list them).
    pub fn plan(&self, question: &Question, ask: &Ask) -> Result<PlanAnswer, QuestionError> {
        let key = key(question, ask);
        let (known, again) = {
            let mut held = self.lock();
            let again = held.to_come.get_mut(&key).is_some_and(|left| {
                *left = left.saturating_sub(1);
                *left > 0
            });
            // The last ask takes the answer out: nothing holds it after.
            let known = if again {
                held.solved.get(&key).cloned()
            } else {
                held.solved.remove(&key)
            };
            (known, again)
        };
        let solved = match (known, again) {
            (Some(solved), _) => solved,
            // Asked once: solved in place, as if there were no memo.
            (None, false) => return question.plan(ask),
            (None, true) => {
                // Solved on a book of its own, so that the options it
                // reads are its own, not its sweep's so far.
                let alone = question.under(question.house_rules())?;
                let answer = alone.plan(ask)?;
                let read = alone.book().consulted_options();
                let solved = Arc::new((answer, read.iter().map(|o| o.to_string()).collect()));
                let mut held = self.lock();
                // Kept only if an ask is still to come: another thread may
                // have made the last one while this one solved.
                if held.to_come.get(&key).is_some_and(|left| *left > 0) {
                    held.solved.insert(key, solved.clone());
                }
                solved
            }
        };
        // The book's record of options read starts with its charts.
        question.model()?;
        question.book().note_consulted(&solved.1);
        Ok(solved.0.clone())
    }

    fn lock(&self) -> MutexGuard<'_, Held> {
        // A poisoned lock only means another thread panicked between whole
        // updates: the maps themselves are sound.
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Prepared {
    /// Every plan this experiment asks, with its question: each point's
    /// under each variant and, against an opponent at its best, the same
    /// against its usual play. None for an experiment of odds, or a point
    /// that cannot be asked (answering it says why).
    fn plan_asks(&self) -> Vec<(Question, Ask)> {
        let Some(spec) = &self.experiment.plan else {
            return Vec::new();
        };
        let mut asks = Vec::new();
        for values in &self.grid {
            for question in self.questions_at(values).unwrap_or_default() {
                let Ok((ask, usual)) = spec.asks(&question) else {
                    continue;
                };
                if let Some(usual) = usual {
                    asks.push((question.clone(), usual));
                }
                asks.push((question, ask));
            }
        }
        asks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::Experiment;

    fn prepared(opponent: &str) -> Prepared {
        let text = format!(
            "name = \"plans\"\nsystem = \"deadly-field\"\naction = \"firefight\"\n\
             [plan]\nopponent = \"{opponent}\"\n[fields]\nturns = 1\n\
             [sweep]\na_quality = [\"green\", \"elite\"]\n"
        );
        let experiment = Experiment::parse("plans.toml", &text, std::path::Path::new(".")).unwrap();
        Prepared::new(&experiment, 100, None).unwrap()
    }

    #[test]
    fn an_answer_is_kept_for_the_asks_to_come_and_dropped_after_the_last() {
        let (best, usual) = (prepared("best"), prepared("usual"));
        // Each point's usual plan is asked twice: by `best`, beside its own,
        // and by `usual`.
        assert_eq!(best.plan_asks().len(), 4);
        let memo = PlanMemo::expecting([&best, &usual]);
        let (question, ask) = usual.plan_asks().remove(0);
        let first = memo.plan(&question, &ask).unwrap();
        assert_eq!(memo.lock().solved.len(), 1, "kept for the second ask");
        let second = memo.plan(&question, &ask).unwrap();
        assert_eq!(first.best.to_bits(), second.best.to_bits());
        assert_eq!(first.policy.len(), second.policy.len());
        assert!(memo.lock().solved.is_empty(), "dropped after the last ask");
        // The shared answer is the one solved in place.
        let in_place = question.plan(&ask).unwrap();
        assert_eq!(in_place.best.to_bits(), second.best.to_bits());
        // An ask no experiment declared is solved in place and not kept.
        let other = Ask {
            budget: ask.budget - 1,
            ..ask
        };
        memo.plan(&question, &other).unwrap();
        assert!(memo.lock().solved.is_empty());
    }

    #[test]
    fn a_shared_answer_notes_the_options_solving_it_read() {
        let usual = prepared("usual");
        let memo = PlanMemo::expecting([&usual, &usual]);
        let (question, ask) = usual.plan_asks().remove(0);
        memo.plan(&question, &ask).unwrap();
        // A question with a book of its own, which has read nothing yet,
        // gets the answer shared and the options it rests on.
        let fresh = question.under(question.house_rules()).unwrap();
        memo.plan(&fresh, &ask).unwrap();
        let read = fresh.book().consulted_options();
        let solved_here = question.under(question.house_rules()).unwrap();
        solved_here.plan(&ask).unwrap();
        assert_eq!(read, solved_here.book().consulted_options());
        assert!(read.contains(&"adf_melee"), "{read:?}");
    }
}
