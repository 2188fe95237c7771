//! One answered question (`volley odds --format json`, the API's `/api/odds`).

use super::reading::ReadingJson;
use crate::ask::question::Question;
use crate::ask::readings::Reading;
use crate::rules::Patch;
use crate::stats::Summary;
use crate::stats::text::headline_sentence;
use crate::tally::Shortfall;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An answer: how it was computed, the scenario, and every outcome, mean and
/// curve with its interval (the value itself when exact).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerJson {
    pub system: String,
    pub action: String,
    pub method: MethodJson,
    /// Monte Carlo trials (`null` when exact).
    pub trials: Option<u64>,
    /// The seed of the random streams (`null` when exact).
    pub seed: Option<u64>,
    /// Confidence level of the intervals.
    pub confidence: f64,
    /// Why the automatic choice did not take the exact method, when it did not.
    pub exact_refused: Option<String>,
    /// A precision run that stopped at its trial cap: the half-width asked for
    /// and the widest reached (absent when the precision was met or not asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision_not_reached: Option<Shortfall>,
    /// Every field of the scenario with the value it took.
    pub scenario: Map<String, Value>,
    /// The outcome stated first, when the action names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headline: Option<HeadlineJson>,
    pub outcomes: Vec<OutcomeJson>,
    pub means: Vec<MeanJson>,
    /// Per-turn curves (engagements only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub curves: Vec<CurveJson>,
    /// The house-rule files applied, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    /// Every chart value they changed, in the order changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub patched: Vec<PatchJson>,
    /// How to read the answer under these rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Why the answer is provisional (it reads a reconstructed chart), or `null`.
    pub provisional: Option<String>,
    /// The card's unsure readings the answer rests on, and what the others
    /// make of it.
    pub readings: Vec<ReadingJson>,
    /// How the action read the scenario, step by step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub working: Vec<String>,
}

/// How an answer was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MethodJson {
    /// Every branch of the dice tree (or every state of the chain) enumerated.
    Exact,
    /// Seeded random trials; every figure carries its interval.
    MonteCarlo,
}

/// The headline outcome and its sentence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HeadlineJson {
    pub variable: String,
    pub value: String,
    /// `P(works) = 35.34%`, as the table prints it.
    pub text: String,
}

/// The probability of one value of one categorical variable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeJson {
    pub variable: String,
    pub value: String,
    pub probability: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

/// The mean of one variable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeanJson {
    pub variable: String,
    pub mean: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

/// A chart value a house rule changed: the rule, the value's path, and the
/// value before (`null`: an entry the card lacks) and after, as the house
/// rule's TOML writes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PatchJson {
    pub rule: String,
    pub path: String,
    pub old: Option<String>,
    pub new: String,
}

/// Where a roll rule's change is listed among the patches.
const ROLLS: &str = "rolls.";

impl From<&Patch> for PatchJson {
    fn from(p: &Patch) -> Self {
        PatchJson {
            rule: p.rule.clone(),
            path: p.path.clone(),
            old: p.old.as_ref().map(ToString::to_string),
            // A roll rule's change is its sentence, not a quoted value.
            new: match (&p.new, p.path.starts_with(ROLLS)) {
                (toml::Value::String(said), true) => said.clone(),
                (new, _) => new.to_string(),
            },
        }
    }
}

impl PatchJson {
    /// `terrain.woods.personnel: 4 -> 5`; a roll rule's `rolls.impact:
    /// modifier +1, when attacker.leader > 0`.
    pub fn said(&self) -> String {
        if self.path.starts_with(ROLLS) && self.old.is_none() {
            return format!("{}: {}", self.path, self.new);
        }
        let old = self.old.as_deref().unwrap_or("(not on the card)");
        format!("{}: {old} -> {}", self.path, self.new)
    }
}

/// One point of a per-turn curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CurveJson {
    pub variable: String,
    pub turn: usize,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

impl AnswerJson {
    /// The whole answer to `question`, as `volley odds --format json` prints
    /// it: the figures of `summary`, the scenario, the headline sentence, the
    /// house rules, notes, provisional mark, the `readings` it rests on and
    /// the working.
    pub fn of_question(question: &Question, summary: &Summary, readings: &[Reading]) -> Self {
        let mut answer =
            Self::of_summary(question.system().name(), question.action().name(), summary);
        if let Value::Object(fields) = question.scenario().to_json() {
            answer.scenario = fields;
        }
        answer.headline = question.headline().and_then(|headline| {
            Some(HeadlineJson {
                variable: headline.0.to_string(),
                value: headline.1.to_string(),
                text: headline_sentence(headline, summary, false)?,
            })
        });
        answer.house_rules = question.book().house_rules.clone();
        answer.patched = question
            .book()
            .patches
            .iter()
            .map(PatchJson::from)
            .collect();
        answer.notes = question.notes();
        answer.provisional = question.provisional();
        answer.readings = readings.iter().map(ReadingJson::from).collect();
        answer.working = question.working();
        answer
    }

    /// The method, outcomes, means and curves of `summary`; the front end
    /// fills the rest.
    pub fn of_summary(system: &str, action: &str, summary: &Summary) -> Self {
        AnswerJson {
            system: system.to_string(),
            action: action.to_string(),
            method: if summary.exact {
                MethodJson::Exact
            } else {
                MethodJson::MonteCarlo
            },
            trials: summary.trials,
            seed: summary.seed,
            confidence: summary.confidence,
            exact_refused: summary.exact_refused.clone(),
            precision_not_reached: summary.precision_not_reached,
            scenario: Map::new(),
            headline: None,
            outcomes: summary
                .outcomes
                .iter()
                .map(|r| OutcomeJson {
                    variable: r.variable.clone(),
                    value: r.value.clone(),
                    probability: r.estimate.value,
                    ci_low: r.estimate.low,
                    ci_high: r.estimate.high,
                })
                .collect(),
            means: summary
                .means
                .iter()
                .map(|r| MeanJson {
                    variable: r.variable.clone(),
                    mean: r.estimate.value,
                    ci_low: r.estimate.low,
                    ci_high: r.estimate.high,
                })
                .collect(),
            curves: summary
                .curves
                .iter()
                .map(|c| CurveJson {
                    variable: c.variable.clone(),
                    turn: c.turn,
                    value: c.estimate.value,
                    ci_low: c.estimate.low,
                    ci_high: c.estimate.high,
                })
                .collect(),
            house_rules: Vec::new(),
            patched: Vec::new(),
            notes: Vec::new(),
            provisional: None,
            readings: Vec::new(),
            working: Vec::new(),
        }
    }
}
