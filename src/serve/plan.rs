//! `GET /api/plan`: best play ([`crate::api::plan`]), solved on a blocking
//! thread once the gate gives it a turn in the long lane; `/api/plan/ask`
//! the same as a stream with the solver's progress. The page's best-play
//! section (`/plan`) asks it.

use super::api::{Job, respond, shared};
use super::cost::Cost;
use super::gate::Gate;
use crate::api::ApiError;
use crate::engine::{Cancel, Progress};
use crate::plan::Watch;
use axum::extract::{RawQuery, State};
use axum::response::Response;
use std::sync::Arc;

pub async fn plan(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    respond(solved(&gate, query, None).await)
}

/// `/api/plan/ask`: best play as a stream of JSON lines, as `/api/ask`
/// streams an answer: the solver's progress (decision points built, then
/// valued, of twice their number), a line a second, then `{"plan": ...}`
/// or the error; the page gone, the plan stops once nobody waits for it.
pub async fn ask(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    super::stream::lines(
        |text| super::stream::one_line("plan", text),
        move |progress| async move { solved(&gate, query, Some(progress)).await },
    )
}

/// Best play for `query`, solved in the long lane (reserving what a plan of
/// its budget may hold), joined by a repeat while it runs, stopped at the
/// time limit or once nobody waits for it.
async fn solved(
    gate: &Gate,
    query: Option<String>,
    progress: Option<Progress>,
) -> Result<Arc<String>, ApiError> {
    let query = query.unwrap_or_default();
    let (question, mut ask) = crate::api::plan::prepared(&query, gate.limits())?;
    let cost = Cost::of_plan(ask.budget);
    let cancel = Cancel::default();
    ask.watch = Watch {
        progress,
        cancel: Some(cancel.clone()),
    };
    let limits = gate.limits().clone();
    let job: Job = Box::new(move || crate::api::plan::answer(&question, &ask, &limits));
    shared(gate, format!("plan?{query}"), cost, cancel, job).await
}
