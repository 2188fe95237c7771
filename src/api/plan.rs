//! `/api/plan?system=..&action=..&field=value...&choices=..&goal=..`: best
//! play, exactly what `volley plan ... --format json` prints for the same
//! flags (`choices`, `goal`, `opponent`, `check_trials`, `seed`, `confidence`,
//! `budget`, read into the core's [`PlanOptions`] as `volley plan`'s flags
//! are, and `rule=` a house rule's TOML). A plan is exact and bounded by its
//! budget (held to the limits' largest); a server also stops it at its time
//! limit, or once nobody waits for it.

use super::error::ApiError;
use super::limits::Limits;
use super::request::{Request, number};
use crate::ask::question::{Question, QuestionError};
use crate::engine::RunError;
use crate::output::{Format, PlanDocument, render};
use crate::plan::{Ask, Opponent, PlanOptions};
use crate::request::PLAN_KEYS;

/// The query split: the plan's flags, and the question (`system`, `action`,
/// fields, `rule`) as a request.
fn read(query: &str, limits: &Limits) -> Result<(PlanOptions, Request), ApiError> {
    let mut plan = PlanOptions::default();
    let (plan_keys, request) = Request::with_own_keys(query, &PLAN_KEYS)?;
    // An empty value is a key not given.
    for (key, value) in plan_keys.into_iter().filter(|(_, v)| !v.is_empty()) {
        match key.as_str() {
            "choices" => plan.choices = Some(value),
            "goal" => plan.goal = Some(value),
            "opponent" => plan.opponent = Opponent::parse(&value)?,
            "check_trials" => plan.check_trials = number(&key, &value)?,
            "seed" => plan.seed = number(&key, &value)?,
            "confidence" => plan.confidence = number(&key, &value)?,
            "budget" => plan.budget = Some(number(&key, &value)?),
            other => {
                return Err(ApiError::input(format!(
                    "query: key `{other}`: not a plan key"
                )));
            }
        }
    }
    if request.has_variant() || !request.method.is_empty() {
        return Err(ApiError::input(
            "query: a plan is solved exactly for one question: it takes no method keys and no variant",
        ));
    }
    if let Some(budget) = plan.budget.filter(|&b| b > limits.max_budget) {
        return Err(ApiError::input(format!(
            "--budget: {budget} is over this server's largest exact budget, {}",
            limits.max_budget
        )));
    }
    if plan.check_trials > limits.max_trials {
        return Err(ApiError::input(format!(
            "--check-trials: {} trials is over this server's limit of {} a question (volley serve --max-trials)",
            plan.check_trials, limits.max_trials
        )));
    }
    Ok((plan, request))
}

/// The question and the plan it asks, read and checked before it is solved.
pub fn prepared(query: &str, limits: &Limits) -> Result<(Question, Ask), ApiError> {
    let (flags, request) = read(query, limits)?;
    let question = request.question()?;
    let ask = flags.ask(question.headline(), "`goal`")?;
    Ok((question, ask))
}

/// Best play solved: the command line's JSON. A plan stopped from outside
/// ([`Ask::watch`]) was stopped at `limits`' time limit.
pub fn answer(question: &Question, ask: &Ask, limits: &Limits) -> Result<String, ApiError> {
    let plan = question.plan(ask).map_err(|e| match e {
        QuestionError::Run(RunError::Cancelled(_)) => ApiError::input(format!(
            "best play was stopped before it was solved: a plan may take {} s here (volley serve --time-limit); ask a smaller one (fewer turns, or the usual opponent)",
            limits.time_limit.as_secs()
        )),
        other => ApiError::question(other),
    })?;
    let document = PlanDocument {
        question,
        plan: &plan,
        ask,
        all: false,
    };
    Ok(render(&document, Format::Json))
}
