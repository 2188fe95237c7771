//! Which unsure readings matter: every rules option of a system (each a reading
//! the card leaves open, see `volley rules SYSTEM options`) switched, one at a
//! time, to each alternative, with the change that makes in a question's
//! headline. The alternatives come from the charts themselves: a flag is
//! switched; a named reading is probed with a value the charts refuse, and the
//! refusal lists the readings they accept; a number is switched to the values
//! its card's `[option_alternatives]` names (those its note gives).

use crate::ask::effects::{Effects, Step, measure};
use crate::ask::question::{Question, QuestionError};
use crate::engine::RunConfig;
use crate::error::InputError;
use crate::rules::{HouseRule, RuleBook};
use crate::systems;
use toml::Value;

/// An option, its reading now, and the others.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionChoice {
    pub option: String,
    pub current: Value,
    pub alternatives: Vec<Value>,
}

/// A value as TOML text (`"b"`, `true`, `3`).
fn toml_text(value: &Value) -> String {
    value.to_string()
}

/// A value as shown to a reader (`b`, `true`, `3`).
pub fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A house rule setting one option.
pub fn option_rule(option: &str, value: &Value) -> Result<HouseRule, InputError> {
    HouseRule::parse(
        &format!("options.{option} = {}", shown(value)),
        &format!("[set]\n\"options.{option}\" = {}\n", toml_text(value)),
    )
}

/// The values the charts accept for a named reading: set it to a value they
/// refuse, and read the accepted ones from the refusal ("expected `a` or `b`").
fn accepted(system: &str, option: &str) -> Vec<String> {
    let probe = Value::String("__volley_probe__".to_string());
    let Ok(rule) = option_rule(option, &probe) else {
        return Vec::new();
    };
    let Ok(found) = systems::find(system) else {
        return Vec::new();
    };
    let Err(error) = systems::rulebook(found, &[rule]) else {
        return Vec::new();
    };
    let Some((_, expected)) = error.message.split_once("expected") else {
        return Vec::new();
    };
    expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// An option that is not switched, and why.
pub type Unswitched = (String, String);

/// The other values `book`'s charts build for `option`, now `current`, or why
/// it is not switched (a number whose note names no other value, or a single
/// reading).
pub fn alternatives(book: &RuleBook, option: &str, current: &Value) -> Result<Vec<Value>, String> {
    let alternatives: Vec<Value> = match current {
        Value::Boolean(b) => vec![Value::Boolean(!b)],
        Value::String(now) => accepted(&book.system, option)
            .into_iter()
            .filter(|v| v != now)
            .map(Value::String)
            .collect(),
        // A number whose note names the other values it could take.
        _ => match book
            .tree
            .get("option_alternatives")
            .and_then(|a| a.get(option))
            .and_then(Value::as_array)
        {
            Some(values) => values.iter().filter(|v| *v != current).cloned().collect(),
            None => {
                return Err(
                    "a number, not a choice of readings (patch it with a house rule)".to_string(),
                );
            }
        },
    };
    if alternatives.is_empty() {
        return Err("only one reading is built".to_string());
    }
    Ok(alternatives)
}

/// Every option of `system` with its alternatives; options that are numbers
/// (not readings to choose between) are returned apart, with the reason.
/// The readings are those of `book` (the card with any house rules applied).
pub fn options(book: &RuleBook) -> Result<(Vec<OptionChoice>, Vec<Unswitched>), InputError> {
    systems::find(&book.system)?;
    let Some(Value::Table(table)) = book.tree.get("options") else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut choices = Vec::new();
    let mut skipped = Vec::new();
    for (option, current) in table {
        match alternatives(book, option, current) {
            Ok(alternatives) => choices.push(OptionChoice {
                option: option.clone(),
                current: current.clone(),
                alternatives,
            }),
            Err(why) => skipped.push((option.clone(), why)),
        }
    }
    Ok((choices, skipped))
}

/// The effect of every alternative reading on `question`'s headline (or
/// `headline`); `base_rules` are the house rules the question already has.
pub fn sensitivity(
    question: &Question,
    base_rules: &[HouseRule],
    headline: Option<(String, String)>,
    config: &RunConfig,
) -> Result<Effects, QuestionError> {
    let (choices, numbers) = options(question.book())?;
    let mut asked = Vec::new();
    let skipped: Vec<(Step, String)> = numbers
        .into_iter()
        .map(|(option, why)| {
            (
                Step {
                    field: format!("options.{option}"),
                    from: String::new(),
                    to: String::new(),
                },
                why,
            )
        })
        .collect();
    for choice in choices {
        for alternative in &choice.alternatives {
            let step = Step {
                field: format!("options.{}", choice.option),
                from: shown(&choice.current),
                to: shown(alternative),
            };
            let rule = option_rule(&choice.option, alternative)?;
            let rules: Vec<HouseRule> = base_rules.iter().cloned().chain([rule]).collect();
            asked.push((step, question.under(&rules)));
        }
    }
    measure(question, asked, skipped, headline, config)
}
