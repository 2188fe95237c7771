//! What each modifier is worth: every field of a question moved one step (a flag
//! switched, a number one up and one down, a choice to each alternative), and the
//! change that makes in the headline probability (and in the first mean), all
//! run as one comparison against the question itself: exact where every side
//! fits, paired Monte Carlo otherwise. Sorted by the size of the change.

use crate::action::FieldKind;
use crate::ask::compare::{Comparison, Variant};
use crate::ask::question::{Question, QuestionError};
use crate::engine::RunConfig;
use crate::error::InputError;
use crate::stats::{Difference, Estimate};
use crate::systems::Origin;

/// One field moved one step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub field: String,
    pub from: String,
    pub to: String,
}

/// A step's effect on the headline probability (and the first mean).
#[derive(Clone, Debug)]
pub struct Effect {
    pub step: Step,
    /// The headline probability after the step.
    pub probability: Estimate,
    pub difference: Difference,
    pub mean_difference: Option<Difference>,
}

/// Every effect, largest first.
#[derive(Clone, Debug)]
pub struct Effects {
    pub headline: (String, String),
    pub baseline: Estimate,
    /// The first mean the action reports, and its baseline value.
    pub mean: Option<(String, Estimate)>,
    pub exact: bool,
    pub trials: Option<u64>,
    /// Why not exact: the first step (or the baseline) over the budget.
    pub exact_refused: Option<String>,
    pub effects: Vec<Effect>,
    /// Steps that do not make a valid question, with the reason.
    pub skipped: Vec<(Step, String)>,
    /// Why the answers are provisional (a reconstructed chart), if they are.
    pub provisional: Option<String>,
    /// The scenario the steps start from, in one line (the fields given,
    /// then the defaults taken).
    pub scenario: String,
    /// The same, every field with the value it took (as an answer's JSON).
    pub scenario_fields: serde_json::Map<String, serde_json::Value>,
}

/// The steps of a question's fields: `only` limits them to those fields (all
/// when empty); a choice with more than `max_choices` alternatives is skipped
/// unless named in `only`.
pub fn steps(
    question: &Question,
    only: &[String],
    max_choices: usize,
) -> (Vec<Step>, Vec<(Step, String)>) {
    let current: Vec<(String, String)> = question.scenario().pairs();
    let value_of = |name: &str| {
        current
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut steps = Vec::new();
    let mut skipped = Vec::new();
    for spec in question.fields() {
        if !only.is_empty() && !only.iter().any(|o| o == spec.name) {
            continue;
        }
        let from = value_of(spec.name);
        let step = |to: String| Step {
            field: spec.name.to_string(),
            from: from.clone(),
            to,
        };
        match &spec.kind {
            FieldKind::Bool => {
                let to = if from == "true" { "false" } else { "true" };
                steps.push(step(to.to_string()));
            }
            FieldKind::Int { min, max } | FieldKind::Limit { min, max, .. } => {
                let Ok(now) = from.parse::<i64>() else {
                    continue;
                };
                for to in [now - 1, now + 1] {
                    if (*min..=*max).contains(&to) {
                        steps.push(step(to.to_string()));
                    }
                }
            }
            FieldKind::Decimal { min, max } => {
                let Ok(now) = from.parse::<f64>() else {
                    continue;
                };
                for to in [now - 0.5, now + 0.5] {
                    if to >= *min && to <= *max {
                        steps.push(step(to.to_string()));
                    }
                }
            }
            FieldKind::Choice(values) | FieldKind::ChoiceList(values) => {
                let others: Vec<&String> = values.iter().filter(|v| **v != from).collect();
                if others.len() > max_choices && only.is_empty() {
                    skipped.push((
                        step(format!("any of {}", others.len())),
                        format!(
                            "more than {max_choices} alternatives; name the field with --only to try them"
                        ),
                    ));
                    continue;
                }
                for to in others {
                    steps.push(step(to.clone()));
                }
            }
        }
    }
    (steps, skipped)
}

/// Largest number of alternatives of a choice tried without being asked for.
pub const MAX_CHOICES: usize = 8;

/// What `volley effects` answers: every step of `question`'s fields (`only`
/// those, when given), measured on the headline or on `show`
/// (`VARIABLE=VALUE`), with [`crate::engine::SIDE_TRIALS`] paired trials a side
/// when they do not all fit the exact budget and no trial count is given.
pub fn asked(
    question: &Question,
    only: &[String],
    show: Option<&str>,
    config: &RunConfig,
) -> Result<Effects, QuestionError> {
    for name in only {
        if !question.fields().iter().any(|f| f.name == name) {
            return Err(crate::error::InputError::argument(
                "only",
                format!("`{}` has no field `{name}`", question.action().name()),
            )
            .into());
        }
    }
    let headline = match show {
        Some(text) => Some(
            text.split_once('=')
                .map(|(v, x)| {
                    (
                        v.trim().to_string(),
                        crate::tally::current_label(x.trim()).to_string(),
                    )
                })
                .ok_or_else(|| {
                    crate::error::InputError::argument("show", "expected VARIABLE=VALUE")
                })?,
        ),
        None => None,
    };
    let (steps, skipped) = steps(question, only, MAX_CHOICES);
    let config = RunConfig {
        auto_trials: crate::engine::SIDE_TRIALS,
        ..config.clone()
    };
    effects(question, steps, skipped, headline, &config)
}

/// The effect of every step on `headline` (the action's own when `None`).
pub fn effects(
    question: &Question,
    steps: Vec<Step>,
    skipped: Vec<(Step, String)>,
    headline: Option<(String, String)>,
    config: &RunConfig,
) -> Result<Effects, QuestionError> {
    let asked = steps
        .into_iter()
        .map(|step| {
            let field = (step.field.clone(), step.to.clone(), Origin::arguments());
            let stepped = question.with(&[field]);
            (step, stepped)
        })
        .collect();
    measure(question, asked, skipped, headline, config)
}

/// Compare `question` with the question of each step in `asked` and report
/// each step's effect on `headline` (the action's own when `None`), largest
/// first; a step whose question does not build (or has no model) is
/// skipped, after `skipped`, saying why.
pub fn measure(
    question: &Question,
    asked: Vec<(Step, Result<Question, InputError>)>,
    mut skipped: Vec<(Step, String)>,
    headline: Option<(String, String)>,
    config: &RunConfig,
) -> Result<Effects, QuestionError> {
    let mut variants = Vec::new();
    let mut taken = Vec::new();
    for (step, stepped) in asked {
        match stepped.and_then(|q| q.model().map(|_| q)) {
            Ok(q) => {
                variants.push(Variant {
                    name: format!("{}={}", step.field, step.to),
                    spec: format!("{}={}", step.field, step.to),
                    question: q,
                });
                taken.push(step);
            }
            Err(e) => skipped.push((step, e.message)),
        }
    }
    let headline = headline
        .or_else(|| {
            question
                .headline()
                .map(|(v, x)| (v.to_string(), x.to_string()))
        })
        .ok_or_else(|| {
            crate::error::InputError::argument(
                "show",
                format!(
                    "this action has no headline outcome: name one with {}",
                    crate::error::Key::Show.with("VARIABLE=VALUE")
                ),
            )
        })?;
    let comparison = Comparison {
        baseline: question.clone(),
        variants,
    };
    let compared = comparison.run(config)?;
    let (variable, value) = &headline;
    let baseline = compared
        .baseline
        .probability(variable, value)
        .ok_or_else(|| {
            crate::error::InputError::argument(
                "show",
                format!(
                    "`{}` has no outcome {variable}={value}",
                    question.action().name()
                ),
            )
        })?;
    let mean = compared
        .baseline
        .means
        .first()
        .map(|m| (m.variable.clone(), m.estimate));
    let mut effects: Vec<Effect> = taken
        .into_iter()
        .zip(&compared.variants)
        .filter_map(|(step, answer)| {
            let difference = quiet(
                answer
                    .differences
                    .iter()
                    .find(|d| {
                        &d.variable == variable && d.value.as_deref() == Some(value.as_str())
                    })?
                    .difference,
            );
            let mean_difference = mean.as_ref().and_then(|(name, _)| {
                answer
                    .differences
                    .iter()
                    .find(|d| &d.variable == name && d.value.is_none())
                    .map(|d| quiet(d.difference))
            });
            Some(Effect {
                step,
                probability: answer.summary.probability(variable, value)?,
                difference,
                mean_difference,
            })
        })
        .collect();
    effects.sort_by(|a, b| {
        b.difference
            .value
            .abs()
            .total_cmp(&a.difference.value.abs())
            .then_with(|| a.step.field.cmp(&b.step.field))
    });
    Ok(Effects {
        headline,
        baseline,
        mean,
        exact: compared.exact,
        trials: compared.trials,
        exact_refused: compared.exact_refused.clone(),
        effects,
        skipped,
        provisional: question.provisional(),
        scenario: question.scenario_line(),
        scenario_fields: match question.scenario().to_json() {
            serde_json::Value::Object(fields) => fields,
            _ => serde_json::Map::new(),
        },
    })
}

/// An exact difference within rounding of zero is zero (sums of the same
/// probabilities in another order differ in the last bits).
fn quiet(d: Difference) -> Difference {
    if d.p_value.is_none() && d.value.abs() < 1e-12 {
        Difference::exact(0.0, 0.0)
    } else {
        d
    }
}

/// Paired trials a probe of [`where_they_differ`] runs at each step.
pub const PROBE_TRIALS: u64 = 4_096;

/// Where a variant that changes nothing in `baseline`'s scenario would change
/// something: the one-step moves of the scenario (as [`steps`] makes them,
/// fields the variant sets left alone) after which the two sides differ on
/// [`PROBE_TRIALS`] paired trials; the first `most` of them, in field order,
/// one a field.
/// Empty when no one step shows a difference (a change that never matters,
/// or one rarer than the probe sees).
pub fn where_they_differ(
    baseline: &Question,
    variant: &Question,
    seed: u64,
    most: usize,
) -> Vec<Step> {
    let config = RunConfig {
        method: crate::engine::MethodRequest::Trials(PROBE_TRIALS),
        seed,
        ..RunConfig::default()
    };
    let base_pairs = baseline.scenario().pairs();
    let variant_pairs = variant.scenario().pairs();
    let (moves, _) = steps(baseline, &[], 8);
    let mut found = Vec::new();
    for step in moves {
        if found.len() >= most {
            break;
        }
        let set_by_variant = base_pairs
            .iter()
            .zip(&variant_pairs)
            .any(|((k, a), (_, b))| *k == step.field && a != b);
        let field_found = found.iter().any(|f: &Step| f.field == step.field);
        if set_by_variant || field_found {
            continue;
        }
        let field = [(step.field.clone(), step.to.clone(), Origin::arguments())];
        let (Ok(b), Ok(v)) = (baseline.with(&field), variant.with(&field)) else {
            continue;
        };
        let comparison = Comparison {
            baseline: b,
            variants: vec![Variant {
                name: "probe".into(),
                spec: String::new(),
                question: v,
            }],
        };
        let Ok(compared) = comparison.run(&config) else {
            continue;
        };
        // On the same trials, equal answers have equal counts to the last bit.
        let (b, v) = (&compared.baseline, &compared.variants[0].summary);
        let differs = b
            .outcomes
            .iter()
            .zip(&v.outcomes)
            .any(|(x, y)| x.estimate.value != y.estimate.value)
            || b.means
                .iter()
                .zip(&v.means)
                .any(|(x, y)| x.estimate.value != y.estimate.value);
        if differs {
            found.push(step);
        }
    }
    found
}
