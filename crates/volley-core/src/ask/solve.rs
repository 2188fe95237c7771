//! The inverse question: which value of a field meets a target ("how many stands
//! do I need for even odds?"). Every value of the field's range (or of the values
//! asked for) is answered, exactly where it fits; the answer is the smallest (or
//! largest) value that meets the target. When the target is met, then missed,
//! then met again along the field, the answer says so and lists every crossing.

use crate::action::FieldKind;
use crate::ask::question::{Question, QuestionError};
use crate::engine::RunConfig;
use crate::error::{InputError, Key};
use crate::stats::{Estimate, Summary, summarize};
use crate::systems::Origin;
use rayon::prelude::*;

/// What must hold: a probability or a mean, at least or at most a threshold.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub variable: String,
    /// The outcome's value for a probability; `None` for a mean.
    pub value: Option<String>,
    pub at_least: bool,
    pub threshold: f64,
}

impl Target {
    /// `P(VARIABLE=VALUE) >= X`, `P(...) <= X`, `mean(VARIABLE) >= X` or `<= X`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let usage = "a target is P(VARIABLE=VALUE) >= X (or <=), or mean(VARIABLE) >= X";
        let (left, at_least, right) = if let Some((l, r)) = text.split_once(">=") {
            (l, true, r)
        } else if let Some((l, r)) = text.split_once("<=") {
            (l, false, r)
        } else {
            return Err(format!("`{text}`: {usage}"));
        };
        let threshold: f64 = right
            .trim()
            .parse()
            .map_err(|_| format!("`{}` is not a number; {usage}", right.trim()))?;
        let left = left.trim();
        let inner = |prefix: &str| {
            left.strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(')'))
                .map(str::trim)
        };
        if let Some(inside) = inner("P(") {
            let (variable, value) = inside
                .split_once('=')
                .ok_or_else(|| format!("`{left}`: {usage}"))?;
            if !(0.0..=1.0).contains(&threshold) {
                return Err(format!(
                    "a probability target lies in 0..1, got {threshold}"
                ));
            }
            return Ok(Target {
                variable: variable.trim().to_string(),
                value: Some(crate::tally::current_label(value.trim()).to_string()),
                at_least,
                threshold,
            });
        }
        if let Some(inside) = inner("mean(") {
            return Ok(Target {
                variable: inside.to_string(),
                value: None,
                at_least,
                threshold,
            });
        }
        Err(format!("`{left}`: {usage}"))
    }

    fn meets(&self, x: f64) -> bool {
        if self.at_least {
            x >= self.threshold
        } else {
            x <= self.threshold
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = if self.at_least { ">=" } else { "<=" };
        match &self.value {
            Some(value) => write!(f, "P({}={value}) {op} {}", self.variable, self.threshold),
            None => write!(f, "mean({}) {op} {}", self.variable, self.threshold),
        }
    }
}

/// One value of the field and its answer.
#[derive(Clone, Debug)]
pub struct Tried {
    pub value: String,
    pub estimate: Estimate,
    pub exact: bool,
    /// Why Monte Carlo although exact was tried (the tree or state space
    /// over the budget).
    pub exact_refused: Option<String>,
    pub meets: bool,
    /// The interval lies wholly on one side of the threshold (always, if exact).
    pub decided: bool,
}

/// The search's result.
#[derive(Clone, Debug)]
pub struct Solved {
    pub field: String,
    pub target: Target,
    pub largest: bool,
    /// The value found, if any meets the target.
    pub value: Option<String>,
    pub answers: Vec<Tried>,
    /// Values that do not make a valid question here, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Why the answers are provisional (a reconstructed chart), if they are.
    pub provisional: Option<String>,
}

impl Solved {
    /// Values where meeting the target changes, in field order (the value after
    /// each change).
    pub fn crossings(&self) -> Vec<&str> {
        self.answers
            .windows(2)
            .filter(|w| w[0].meets != w[1].meets)
            .map(|w| w[1].value.as_str())
            .collect()
    }

    /// Meeting the target changes at most once along the field.
    pub fn monotone(&self) -> bool {
        self.crossings().len() <= 1
    }
}

/// Most values a search tries without being told which.
const MAX_VALUES: usize = 400;

/// The values of `field` in order: its whole range, or `values` when given.
pub fn field_values(
    question: &Question,
    field: &str,
    values: Option<Vec<String>>,
) -> Result<Vec<String>, InputError> {
    let spec = question
        .fields()
        .iter()
        .find(|f| f.name == field)
        .ok_or_else(|| {
            InputError::argument(
                "vary",
                format!("`{}` has no field `{field}`", question.action().name()),
            )
        })?;
    if let Some(values) = values {
        let mut unique: Vec<String> = Vec::new();
        for v in values.into_iter().filter(|v| !v.is_empty()) {
            if !unique.contains(&v) {
                unique.push(v);
            }
        }
        if unique.is_empty() {
            return Err(InputError::argument(
                "values",
                "give at least one value to try",
            ));
        }
        return Ok(unique);
    }
    let all: Vec<String> = match &spec.kind {
        FieldKind::Int { min, max } | FieldKind::Limit { min, max, .. } => {
            if (max - min) as usize >= MAX_VALUES {
                return Err(InputError::argument(
                    "values",
                    format!(
                        "`{field}` runs {min} to {max}: give the values to try with {}",
                        Key::Values.with("A..B")
                    ),
                ));
            }
            (*min..=*max).map(|v| v.to_string()).collect()
        }
        FieldKind::Decimal { min, max } => {
            let steps = ((max - min) / 0.5).floor() as usize;
            if steps >= MAX_VALUES {
                return Err(InputError::argument(
                    "values",
                    format!(
                        "`{field}` runs {min} to {max}: give the values to try with {}",
                        Key::Values.named()
                    ),
                ));
            }
            (0..=steps)
                .map(|i| (min + 0.5 * i as f64).to_string())
                .collect()
        }
        FieldKind::Bool => vec!["false".to_string(), "true".to_string()],
        FieldKind::Choice(values) | FieldKind::ChoiceList(values) => values.clone(),
    };
    Ok(all)
}

/// Answer the question at every value and find the one that meets `target`.
pub fn solve(
    question: &Question,
    field: &str,
    values: Vec<String>,
    target: Target,
    largest: bool,
    config: &RunConfig,
) -> Result<Solved, QuestionError> {
    // Every value answered over the thread pool (each run shares it), then
    // read in order: the same answers on any number of threads, and the first
    // error in order is the one reported.
    let answered: Vec<Result<Result<Summary, QuestionError>, String>> = values
        .par_iter()
        .map(|value| {
            let at = question
                .with(&[(field.to_string(), value.clone(), Origin::arguments())])
                .and_then(|q| q.model().map(|_| q));
            match at {
                Ok(q) => Ok(q.answer(config).map(|result| summarize(&result))),
                Err(e) => Err(e.message),
            }
        })
        .collect();
    let mut answers = Vec::new();
    let mut skipped = Vec::new();
    for (value, answered) in values.into_iter().zip(answered) {
        let summary = match answered {
            Ok(summary) => summary?,
            Err(message) => {
                skipped.push((value, message));
                continue;
            }
        };
        let estimate = match &target.value {
            Some(v) => summary.probability(&target.variable, v),
            None => summary.mean(&target.variable),
        }
        .ok_or_else(|| {
            InputError::argument(
                "target",
                format!(
                    "`{}` reports no {}",
                    question.action().name(),
                    match &target.value {
                        Some(v) => format!("outcome {}={v}", target.variable),
                        None => format!("mean {}", target.variable),
                    }
                ),
            )
        })?;
        let meets = target.meets(estimate.value);
        let decided = target.meets(estimate.low) == target.meets(estimate.high);
        answers.push(Tried {
            value,
            estimate,
            exact: summary.exact,
            exact_refused: summary.exact_refused.clone(),
            meets,
            decided,
        });
    }
    let found = if largest {
        answers.iter().rev().find(|a| a.meets)
    } else {
        answers.iter().find(|a| a.meets)
    };
    Ok(Solved {
        field: field.to_string(),
        value: found.map(|a| a.value.clone()),
        target,
        largest,
        answers,
        skipped,
        provisional: question.provisional(),
    })
}

/// What `volley solve` asks, from its words: the field `vary` searched over
/// `values` (`A..B` or a comma list; default its whole range) for the
/// smallest (or `largest`) value meeting `target` (`"P(V=X) >= T"`,
/// `"mean(V) <= T"`). `given` names the fields set, which may not include the
/// one searched. The command line and the Python package both ask this.
pub fn asked(
    question: &Question,
    given: &[&str],
    vary: &str,
    target: &str,
    values: Option<&str>,
    largest: bool,
    config: &RunConfig,
) -> Result<Solved, QuestionError> {
    if given.contains(&vary) {
        return Err(QuestionError::Input(InputError::argument(
            vary,
            format!(
                "this field is the one searched ({}): do not also set it",
                Key::Vary.named()
            ),
        )));
    }
    let target = Target::parse(target).map_err(|m| InputError::argument("target", m))?;
    let values = match values {
        None => None,
        Some(text) => Some(
            match crate::action::range_values(text)
                .map_err(|m| InputError::argument("values", m))?
            {
                Some(values) => values,
                None => text.split(',').map(|v| v.trim().to_string()).collect(),
            },
        ),
    };
    let values = field_values(question, vary, values)?;
    solve(question, vary, values, target, largest, config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse_and_print() {
        let t = Target::parse("P(result=E) >= 0.3").unwrap();
        assert_eq!(t.value.as_deref(), Some("E"));
        assert!(t.at_least);
        assert_eq!(t.to_string(), "P(result=E) >= 0.3");
        let t = Target::parse("mean(steps_lost)<=1.5").unwrap();
        assert_eq!((t.value, t.at_least, t.threshold), (None, false, 1.5));
        assert!(Target::parse("P(result=E) > 0.3").is_err());
        assert!(Target::parse("P(result=E) >= 3").is_err());
    }
}
