//! What volley offers, for a front end's forms: the systems and their actions
//! (`/api/systems`), and one action's fields, headline and outcomes
//! (`/api/fields`).

use super::effects::HeadlineValueJson;
use crate::action::{FieldKind, FieldSpec};
use crate::ask::question::Question;
use crate::systems;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One rule system and its actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SystemJson {
    pub name: String,
    pub title: String,
    pub actions: Vec<ActionJson>,
}

/// One action in a system's list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionJson {
    pub name: String,
    pub summary: String,
    /// Why every answer of the action is provisional under the card's
    /// readings, or `null`.
    pub provisional: Option<String>,
    /// The choices `volley plan` weighs in the action, the usual one first
    /// (empty: the action has no choices to plan).
    pub choices: Vec<String>,
}

/// One action's form: its fields, headline and what its outcomes mean.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldsJson {
    pub system: String,
    /// The system's title.
    pub title: String,
    pub action: String,
    pub summary: String,
    /// The outcome stated first, or `null`.
    pub headline: Option<HeadlineValueJson>,
    pub fields: Vec<FieldJson>,
    pub outcomes: Vec<OutcomeNoteJson>,
    pub provisional: Option<String>,
}

/// One field: its default, allowed values and help, as `--help` lists them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldJson {
    pub name: String,
    pub default: String,
    pub help: String,
    /// The allowed values in words (`integer 1 to 12`).
    pub allowed: String,
    pub kind: FieldKindJson,
    /// The bounds of a number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<NumberJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<NumberJson>,
    /// The word a limit takes for "none given" (`unlimited`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub word: Option<String>,
    /// The values of a choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<String>>,
}

/// What a field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FieldKindJson {
    Int,
    /// A whole number, or a word for "none given".
    Limit,
    Decimal,
    Bool,
    Choice,
    /// One or more choices joined by `+`.
    ChoiceList,
}

/// A bound: whole for whole-number fields, decimal for decimal ones.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum NumberJson {
    Int(i64),
    Decimal(f64),
}

/// What one value of an outcome variable means.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeNoteJson {
    pub variable: String,
    pub value: String,
    pub meaning: String,
}

impl From<&FieldSpec> for FieldJson {
    fn from(spec: &FieldSpec) -> Self {
        let mut field = FieldJson {
            name: spec.name.to_string(),
            default: spec.default.clone(),
            help: spec.help.to_string(),
            allowed: spec.allowed(),
            kind: FieldKindJson::Bool,
            min: None,
            max: None,
            word: None,
            choices: None,
        };
        match &spec.kind {
            FieldKind::Int { min, max } => {
                field.kind = FieldKindJson::Int;
                (field.min, field.max) = (Some(NumberJson::Int(*min)), Some(NumberJson::Int(*max)));
            }
            FieldKind::Limit { min, max, word } => {
                field.kind = FieldKindJson::Limit;
                (field.min, field.max) = (Some(NumberJson::Int(*min)), Some(NumberJson::Int(*max)));
                field.word = Some(word.to_string());
            }
            FieldKind::Decimal { min, max } => {
                field.kind = FieldKindJson::Decimal;
                (field.min, field.max) = (
                    Some(NumberJson::Decimal(*min)),
                    Some(NumberJson::Decimal(*max)),
                );
            }
            FieldKind::Bool => {}
            FieldKind::Choice(values) => {
                field.kind = FieldKindJson::Choice;
                field.choices = Some(values.clone());
            }
            FieldKind::ChoiceList(values) => {
                field.kind = FieldKindJson::ChoiceList;
                field.choices = Some(values.clone());
            }
        }
        field
    }
}

impl SystemJson {
    /// Every system volley knows, with its actions (`/api/systems`).
    pub fn all() -> Vec<SystemJson> {
        systems::all()
            .iter()
            .map(|system| {
                let book = systems::rulebook(*system, &[]).ok();
                let actions = system
                    .actions()
                    .iter()
                    .map(|a| ActionJson {
                        name: a.name().to_string(),
                        summary: a.summary().to_string(),
                        provisional: book.as_ref().and_then(|b| a.provisional(b)),
                        choices: a.choices().iter().map(|c| c.to_string()).collect(),
                    })
                    .collect();
                SystemJson {
                    name: system.name().to_string(),
                    title: system.title().to_string(),
                    actions,
                }
            })
            .collect()
    }
}

impl FieldsJson {
    /// The fields, headline and outcome notes of `question`'s action
    /// (`/api/fields`), with the defaults `question` resolved.
    pub fn of(question: &Question) -> FieldsJson {
        let action = question.action();
        FieldsJson {
            system: question.system().name().to_string(),
            title: question.system().title().to_string(),
            action: action.name().to_string(),
            summary: action.summary().to_string(),
            headline: question
                .headline()
                .map(|(variable, value)| HeadlineValueJson {
                    variable: variable.to_string(),
                    value: value.to_string(),
                }),
            fields: question.fields().iter().map(FieldJson::from).collect(),
            outcomes: action
                .outcome_notes()
                .into_iter()
                .map(|(variable, value, meaning)| OutcomeNoteJson {
                    variable: variable.to_string(),
                    value: value.to_string(),
                    meaning: meaning.to_string(),
                })
                .collect(),
            provisional: question.provisional(),
        }
    }
}
