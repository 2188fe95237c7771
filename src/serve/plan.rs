//! `GET /api/plan?system=..&action=..&field=value...&choices=..&goal=..`:
//! best play, exactly what `volley plan ... --format json` prints for the same
//! flags (`choices`, `goal`, `opponent`, `check_trials`, `seed`, `confidence`,
//! `budget`, read into the core's [`PlanOptions`] as `volley plan`'s flags
//! are, and `rule=` a house rule's TOML).
//! The page's best-play section (`/plan`) asks it. A plan is exact and
//! bounded by its budget (held to the server's largest), not by the time
//! limit: the solver runs to its end once it has its turn.

use super::api::{error_response, respond, run_gated};
use super::error::ApiError;
use super::limits::Gate;
use super::request::{Request, number, query_pairs};
use crate::engine::Cancel;
use crate::output::{Format, PlanDocument, render};
use crate::plan::{Opponent, PlanOptions};
use crate::request::PLAN_KEYS;
use axum::extract::{RawQuery, State};
use axum::response::Response;

/// The query split: the plan's flags, and the question (`system`, `action`,
/// fields, `rule`) as a request.
fn read(query: &str, gate: &Gate) -> Result<(PlanOptions, Request), ApiError> {
    let mut plan = PlanOptions::default();
    let (plan_keys, rest): (Vec<_>, Vec<_>) = query_pairs(query)?
        .into_iter()
        .partition(|(key, _)| PLAN_KEYS.contains(&key.as_str()));
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
    let request = Request::of_pairs(rest)?;
    if request.has_variant() || !request.method.is_empty() {
        return Err(ApiError::input(
            "query: a plan is solved exactly for one question: it takes no method keys and no variant",
        ));
    }
    let limits = gate.limits();
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

pub async fn plan(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    let asked = read(query.as_deref().unwrap_or(""), &gate).and_then(|(flags, request)| {
        let question = request.question()?;
        let ask = flags.ask(question.headline(), "`goal`")?;
        Ok((question, ask))
    });
    let (question, ask) = match asked {
        Ok(asked) => asked,
        Err(e) => return error_response(e),
    };
    let job = Box::new(move || {
        let plan = question.plan(&ask).map_err(ApiError::question)?;
        let document = PlanDocument {
            question: &question,
            plan: &plan,
            ask: &ask,
            all: false,
        };
        Ok(render(&document, Format::Json))
    });
    respond(run_gated(&gate, &Cancel::default(), job).await)
}
