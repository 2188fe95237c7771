//! `GET /api/plan`: best play ([`crate::api::plan`]), solved on a blocking
//! thread once the gate gives it a turn. The page's best-play section
//! (`/plan`) asks it.

use super::api::{Job, error_response, respond, shared};
use super::cost::Cost;
use super::gate::Gate;
use crate::engine::Cancel;
use axum::extract::{RawQuery, State};
use axum::response::Response;

pub async fn plan(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    let query = query.unwrap_or_default();
    let (question, ask) = match crate::api::plan::prepared(&query, gate.limits()) {
        Ok(asked) => asked,
        Err(e) => return error_response(e),
    };
    let cost = Cost::of_plan(ask.budget);
    let job: Job = Box::new(move || crate::api::plan::answer(&question, &ask));
    respond(shared(&gate, format!("plan?{query}"), cost, Cancel::default(), job).await)
}
