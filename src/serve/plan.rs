//! `GET /api/plan?system=..&action=..&field=value...&choices=..&goal=..`:
//! best play, exactly what `volley plan ... --format json` prints for the same
//! flags (`choices`, `goal`, `check_trials`, `seed`, `confidence`, `budget`,
//! read by the command line's own parser, and `rule=` a house rule's TOML).
//! The page's best-play section (`/plan`) asks it. A plan is exact and
//! bounded by its budget (held to the server's largest), not by the time
//! limit: the solver runs to its end once it has its turn.

use super::api::{error_response, respond, run_gated};
use super::error::ApiError;
use super::limits::Gate;
use super::request::Request;
use crate::engine::Cancel;
use crate::output::{Format, render_plan};
use crate::request::{PLAN_KEYS, PlanFlags};
use axum::extract::{RawQuery, State};
use axum::response::Response;
use clap::Parser;

/// `volley plan`'s flags, parsed alone.
#[derive(Debug, Parser)]
#[command(name = "volley", no_binary_name = true)]
struct Flags {
    #[command(flatten)]
    plan: PlanFlags,
}

/// The query split: the plan's flags, and the question (`system`, `action`,
/// fields, `rule`) as a request.
fn read(query: &str, gate: &Gate) -> Result<(PlanFlags, Request), ApiError> {
    let mut flags: Vec<String> = Vec::new();
    let mut rest = form_urlencoded::Serializer::new(String::new());
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let key = key.trim();
        if PLAN_KEYS.contains(&key) {
            // One argument, so that a value such as `-5` is a value.
            flags.push(format!("--{}={}", key.replace('_', "-"), value.trim()));
        } else {
            rest.append_pair(key, &value);
        }
    }
    let request = Request::parse(&rest.finish())?;
    if request.has_variant() || !request.method.is_empty() {
        return Err(ApiError::input(
            "query: a plan is solved exactly for one question: it takes no method keys and no variant",
        ));
    }
    let plan = Flags::try_parse_from(&flags)
        .map_err(|e| ApiError::input(e.render()))?
        .plan;
    let limits = gate.limits();
    if plan.budget > limits.max_budget {
        return Err(ApiError::input(format!(
            "--budget: {} is over this server's largest exact budget, {}",
            plan.budget, limits.max_budget
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
        let ask = flags.ask(&question)?;
        Ok((question, ask))
    });
    let (question, ask) = match asked {
        Ok(asked) => asked,
        Err(e) => return error_response(e),
    };
    let job = Box::new(move || {
        let plan = question
            .plan(&ask)
            .map_err(|e| ApiError::input(format!("{:#}", crate::request::explain(e))))?;
        Ok(render_plan(&question, &plan, &ask, Format::Json))
    });
    respond(run_gated(&gate, &Cancel::default(), job).await)
}
