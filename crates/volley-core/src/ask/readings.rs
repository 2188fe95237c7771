//! Which readings of the card an answer rests on, and what the others would
//! make of it.
//!
//! A card leaves readings open, and volley builds each as a rules option (see
//! `volley rules SYSTEM options`). While a question runs, its procedure notes
//! every option it reads ([`crate::rules::OptionsRead`]), so the list below is
//! exactly the options consulted, not a list declared by hand. Each comes with
//! the value used and, where it can be had:
//! - an exact answer: the headline under every alternative value, each an exact
//!   run within the question's budget; only alternatives that move the headline
//!   by [`MOVES`] or more are listed. Where that would cost many times the
//!   answer (a large engagement, [`READINGS_WORK`]), only when asked
//!   (`--readings`); otherwise the reading says what measuring costs;
//! - a Monte Carlo answer asked `--readings`: every alternative run paired with
//!   the answer (the same trials), its headline and the paired difference with
//!   their intervals.
//!
//! Otherwise the reading says why its alternatives were not measured.

use crate::ask::compare::{Comparison, Variant};
use crate::ask::question::{Question, QuestionError};
use crate::ask::sensitivity::{self, option_rule};
use crate::engine::{MethodRequest, RunConfig, RunError};
use crate::stats::{Difference, Estimate, Summary, summarize};
use rayon::prelude::*;
use toml::Value;

/// An alternative moving the headline by less than this (one percentage
/// point) is not listed for an exact answer.
pub const MOVES: f64 = 0.01;

/// Leaves of dice an exact answer's readings may enumerate unasked, over
/// all their alternatives (each alternative a whole exact run again, costing
/// about what the answer cost): about a second of CPU at most. Past it (a
/// multi-turn engagement of several stands a side, whose readings would cost
/// many times the answer), they are measured only when asked
/// (`--readings`). Counted, not timed, so the same question gets the same
/// readings on any machine.
pub const READINGS_WORK: u64 = 4_000_000;

/// Why a listed reading's alternatives were not measured, where nothing
/// measured them.
const NOT_MEASURED_HERE: &str = "not measured here: `volley odds` (exact, or with --readings) or `volley sensitivity` measures them";

/// One option the question consulted.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub option: String,
    /// The value used, as a reader writes it (`level_row`, `true`, `15`).
    pub value: String,
    /// The other values the card's data builds (empty for a number whose
    /// note names none), as a reader writes them.
    pub others: Vec<String>,
    /// The same values as the chart file holds them.
    pub other_values: Vec<Value>,
    /// Alternatives that refuse this question, and why.
    pub refused: Vec<String>,
    /// The alternatives measured, as [`Measured`] says which.
    pub alternatives: Vec<Alternative>,
    pub measured: Measured,
}

/// How a reading's alternatives were measured.
#[derive(Clone, Debug, PartialEq)]
pub enum Measured {
    /// Each alternative exactly; those moving the headline by [`MOVES`] or
    /// more are listed.
    Exact,
    /// Each alternative on the answer's own trials; all are listed.
    Paired,
    /// Not measured, and why.
    No(String),
}

/// The headline under an alternative value.
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    pub value: String,
    pub probability: Estimate,
    /// The alternative's headline minus the answer's.
    pub difference: Difference,
    pub exact: bool,
}

/// The options `question` has consulted so far (call it after answering),
/// with the value used and nothing measured.
pub fn consulted(question: &Question) -> Vec<Reading> {
    let book = question.book();
    used_in(book)
        .into_iter()
        .map(|(option, current)| {
            // Only a consulted option is probed for its alternatives.
            let other_values =
                sensitivity::alternatives(book, &option, &current).unwrap_or_default();
            let others: Vec<String> = other_values.iter().map(sensitivity::shown).collect();
            let measured = if others.is_empty() {
                Measured::No(
                    "a number with no other value named, or a single reading: patch it with a house rule"
                        .to_string(),
                )
            } else {
                Measured::No(NOT_MEASURED_HERE.to_string())
            };
            Reading {
                option,
                value: sensitivity::shown(&current),
                others,
                other_values,
                refused: Vec::new(),
                alternatives: Vec::new(),
                measured,
            }
        })
        .collect()
}

/// The options `book`'s procedures consulted, with the chart file's values.
fn used_in(book: &crate::rules::RuleBook) -> Vec<(String, Value)> {
    book.consulted_options()
        .into_iter()
        .map(|option| {
            let value = book
                .tree
                .get("options")
                .and_then(|o| o.get(option))
                .cloned()
                .unwrap_or(Value::String(String::new()));
            (option.to_string(), value)
        })
        .collect()
}

/// The options `question` (and its sweep points) consulted, with the values
/// used: what a table, a comparison or a frame carries.
pub fn used(question: &Question) -> Vec<(String, String)> {
    used_in(question.book())
        .into_iter()
        .map(|(option, value)| (option, sensitivity::shown(&value)))
        .collect()
}

/// Readings as `option = value` pairs (what a tally file keeps).
pub fn pairs(readings: &[Reading]) -> Vec<(String, String)> {
    readings
        .iter()
        .map(|r| (r.option.clone(), r.value.clone()))
        .collect()
}

/// `option = value` pairs in one line (`adf_melee = fire_both, ...`).
pub fn line(used: &[(String, String)]) -> String {
    used.iter()
        .map(|(option, value)| format!("{option} = {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The readings `question` rests on, answered as `answer` under `config`:
/// exact answers measure every alternative exactly (within the question's
/// budget) where that is cheap ([`READINGS_WORK`]) or `asked`; a Monte Carlo
/// answer measures them paired only when `asked`.
pub fn measure(
    question: &Question,
    answer: &Summary,
    config: &RunConfig,
    asked: bool,
) -> Result<Vec<Reading>, QuestionError> {
    let mut readings = consulted(question);
    // Each alternative is a whole exact run again, about the answer's work.
    let alternatives: u64 = readings.iter().map(|r| r.others.len() as u64).sum();
    let costly =
        answer.exact && !asked && answer.exact_work.saturating_mul(alternatives) > READINGS_WORK;
    if costly {
        for r in readings.iter_mut().filter(|r| !r.others.is_empty()) {
            let runs = r.others.len();
            r.measured = Measured::No(format!(
                "not measured: --readings runs {}",
                if runs == 1 {
                    "it exactly, about as long as this answer".to_string()
                } else {
                    format!("all {runs} exactly, each about as long as this answer")
                }
            ));
        }
        return Ok(readings);
    }
    let paired = asked;
    let Some((variable, value)) = question.headline() else {
        for r in readings.iter_mut().filter(|r| !r.others.is_empty()) {
            r.measured = Measured::No("the action states no headline to measure".to_string());
        }
        return Ok(readings);
    };
    let headline = |s: &Summary| {
        s.probability(variable, value)
            .unwrap_or(Estimate::exact(0.0))
    };
    let base = headline(answer);
    if answer.exact {
        // Every reading, and every alternative of each, over the thread pool;
        // kept in order, the first error in order reported.
        let measured: Vec<Result<Reading, QuestionError>> = readings
            .par_iter()
            .map(|reading| {
                if reading.others.is_empty() {
                    Ok(reading.clone())
                } else {
                    exactly(question, reading.clone(), base.value, config, &headline)
                }
            })
            .collect();
        readings = measured.into_iter().collect::<Result<_, _>>()?;
    } else if paired {
        let trials = answer.trials.unwrap_or(config.auto_trials);
        for reading in readings.iter_mut().filter(|r| !r.others.is_empty()) {
            *reading = on_the_same_trials(question, reading.clone(), trials, config)?;
        }
    } else {
        for r in readings.iter_mut().filter(|r| !r.others.is_empty()) {
            r.measured = Measured::No(
                "Monte Carlo: --readings measures the alternatives on the same trials".to_string(),
            );
        }
    }
    Ok(readings)
}

/// The question under `option = value`.
fn switched(question: &Question, option: &str, value: &Value) -> Result<Question, QuestionError> {
    Ok(question.and_rule(option_rule(option, value)?)?)
}

fn exactly(
    question: &Question,
    mut reading: Reading,
    base: f64,
    config: &RunConfig,
    headline: &(dyn Fn(&Summary) -> Estimate + Sync),
) -> Result<Reading, QuestionError> {
    let exact = RunConfig {
        method: MethodRequest::Exact,
        progress: None,
        shard: None,
        ..config.clone()
    };
    // Each alternative answered over the thread pool, then read in order: the
    // first over the budget ends the measuring, as it would one by one.
    let answered: Vec<Result<Summary, QuestionError>> = reading
        .other_values
        .par_iter()
        .map(|value| {
            let result = switched(question, &reading.option, value)?.answer(&exact)?;
            Ok(summarize(&result))
        })
        .collect();
    let mut alternatives = Vec::new();
    for (other, answered) in reading.others.clone().iter().zip(answered) {
        let summary = match answered {
            Ok(summary) => summary,
            Err(QuestionError::Run(RunError::OverBudget(over))) => {
                reading.measured = Measured::No(format!(
                    "{} = {other} is over the exact budget ({over}); a Monte Carlo run (--trials N --readings) measures them paired",
                    reading.option
                ));
                return Ok(reading);
            }
            Err(QuestionError::Input(e)) => {
                reading
                    .refused
                    .push(format!("{other} refuses this question: {}", e.message));
                continue;
            }
            Err(e) => return Err(e),
        };
        let p = headline(&summary).value;
        if (p - base).abs() >= MOVES {
            alternatives.push(Alternative {
                value: other.clone(),
                probability: Estimate::exact(p),
                difference: Difference::exact(base, p),
                exact: true,
            });
        }
    }
    reading.alternatives = alternatives;
    reading.measured = Measured::Exact;
    Ok(reading)
}

fn on_the_same_trials(
    question: &Question,
    mut reading: Reading,
    trials: u64,
    config: &RunConfig,
) -> Result<Reading, QuestionError> {
    let Some((variable, value)) = question.headline() else {
        return Ok(reading);
    };
    let mut variants = Vec::new();
    for (other, value) in reading.others.iter().zip(&reading.other_values) {
        match switched(question, &reading.option, value).and_then(|q| Ok(q.model().map(|_| q)?)) {
            Ok(q) => variants.push(Variant {
                name: other.clone(),
                spec: format!("options.{}={other}", reading.option),
                question: q,
            }),
            Err(QuestionError::Input(e)) => {
                reading
                    .refused
                    .push(format!("{other} refuses this question: {}", e.message));
            }
            Err(e) => return Err(e),
        }
    }
    if variants.is_empty() {
        reading.measured = Measured::No("every alternative refuses this question".to_string());
        return Ok(reading);
    }
    let comparison = Comparison {
        baseline: question.clone(),
        variants,
    };
    let paired = RunConfig {
        method: MethodRequest::Trials(trials),
        progress: None,
        shard: None,
        ..config.clone()
    };
    let compared = comparison.run(&paired)?;
    reading.alternatives = compared
        .variants
        .iter()
        .filter_map(|v| {
            let difference = v
                .differences
                .iter()
                .find(|d| d.variable == variable && d.value.as_deref() == Some(value))?
                .difference;
            Some(Alternative {
                value: v.name.clone(),
                probability: v.summary.probability(variable, value)?,
                difference,
                exact: compared.exact,
            })
        })
        .collect();
    reading.measured = Measured::Paired;
    Ok(reading)
}
