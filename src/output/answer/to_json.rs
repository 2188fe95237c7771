//! An answer as JSON: the contract type, serialized.

use super::contents::{Answer, headline_sentence};
use crate::contract::{self, AnswerJson, HeadlineJson, PatchJson, ReadingJson};
use serde_json::Value as Json;

pub(super) fn json_answer(a: &Answer) -> String {
    contract::to_pretty_json(&answer_contract(a))
}

/// The typed JSON of an answer (`volley odds --format json`).
pub fn answer_contract(a: &Answer) -> AnswerJson {
    let mut answer = AnswerJson::of_summary(a.system, a.action, a.summary);
    answer.scenario = match &a.scenario {
        Json::Object(fields) => fields.clone(),
        _ => Default::default(),
    };
    if let (Some((variable, value)), Some(text)) = (a.headline, headline_sentence(a)) {
        answer.headline = Some(HeadlineJson {
            variable: variable.to_string(),
            value: value.to_string(),
            text,
        });
    }
    answer.house_rules = a.house_rules.to_vec();
    answer.patched = a.patches.iter().map(PatchJson::from).collect();
    answer.notes = a.notes.clone();
    answer.provisional = a.provisional.clone();
    answer.readings = a.readings.iter().map(ReadingJson::from).collect();
    answer.working = a.working.clone();
    answer
}
