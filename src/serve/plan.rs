//! `GET /api/plan`: best play ([`crate::api::plan`]), solved on a blocking
//! thread once the gate gives it a turn. The page's best-play section
//! (`/plan`) asks it.

use super::api::{error_response, respond, run_gated};
use super::gate::Gate;
use crate::engine::Cancel;
use axum::extract::{RawQuery, State};
use axum::response::Response;

pub async fn plan(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    let (question, ask) =
        match crate::api::plan::prepared(query.as_deref().unwrap_or(""), gate.limits()) {
            Ok(asked) => asked,
            Err(e) => return error_response(e),
        };
    let job = Box::new(move || crate::api::plan::answer(&question, &ask));
    respond(run_gated(&gate, &Cancel::default(), job).await)
}
