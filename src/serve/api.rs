//! The JSON API the page is built on, and that scripts may call:
//!
//! - `GET /api/systems`: every system and its actions;
//! - `GET /api/fields?system=..&action=..`: an action's fields (kind, default,
//!   bounds, choices, help), its headline and what its outcomes mean;
//! - `GET /api/odds?system=..&action=..&field=value...`: exactly what
//!   `volley odds ... --format json` prints; method keys `method=auto|exact|monte-carlo`,
//!   `trials`, `precision`, `seed`, `confidence`, `budget`, and `rule=` a house rule's
//!   TOML text;
//! - `GET /api/compare?...&variant.FIELD=value&variant.rule=TOML`: exactly what
//!   `volley compare ... --variant variant:SPEC --format json` prints;
//! - `GET /api/ask?...`: either of the last two as a stream of JSON lines, progress
//!   first, for the page (closing the connection cancels the run);
//! - `GET /api/effects?...&only=F1,F2&show=V=X`: `volley effects ... --format json`;
//! - `GET /api/table?...&row=F=a..b&col=F=v1,v2&show=V=X&fractions=true`:
//!   `volley table ... --format json`.
//!
//! Bad input is a 400 whose body is the one line `volley` prints for it. The
//! answers are [`crate::api`]'s; this module is their HTTP: statuses, the
//! gate's turns and time limit, and `/api/ask`'s stream.

use super::gate::Gate;
use crate::api::{ApiError, Asked, Prepared, Request};
use crate::engine::{Cancel, Progress};
use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::sync::Arc;

/// A JSON body (200), or the error line with its status.
pub(super) fn respond(result: Result<String, ApiError>) -> Response {
    match result {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(e) => error_response(e),
    }
}

pub(super) fn error_response(e: ApiError) -> Response {
    let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
    let body = format!("{}\n", e.message);
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}

pub async fn systems_list() -> Response {
    respond(Ok(crate::api::answers::systems()))
}

/// `/sheet/SYSTEM[?rule=TOML]`: the printable odds sheet `volley sheet`
/// writes, under a pasted house rule if one is given (its cells marked).
pub async fn sheet(
    axum::extract::Path(system): axum::extract::Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let made = tokio::task::spawn_blocking(move || {
        crate::api::answers::sheet(&system, query.as_deref().unwrap_or(""))
    })
    .await;
    match made {
        Ok(Ok(html)) => {
            ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
        }
        // A page, not a bare line: the reader came from a link.
        Ok(Err(e)) => {
            let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
            let html = crate::sheet::render_error_html(&e.message);
            (
                status,
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                html,
            )
                .into_response()
        }
        Err(e) => error_response(ApiError::busy(format!("the sheet could not be made: {e}"))),
    }
}

pub async fn fields(RawQuery(query): RawQuery) -> Response {
    respond(crate::api::answers::fields(query.as_deref().unwrap_or("")))
}

/// The request in a query string (none: an empty one, refused for its missing
/// system).
fn parse(query: Option<String>) -> Result<Request, ApiError> {
    Request::parse(query.as_deref().unwrap_or(""))
}

/// Answer a query: validate it at once, then wait for a turn and run it on a
/// blocking thread, stopped by `cancel` or the time limit.
async fn answer(
    gate: &Gate,
    request: Result<Request, ApiError>,
    asked: Asked,
    progress: Option<Progress>,
    cancel: Cancel,
) -> Result<String, ApiError> {
    let request = request?;
    let mut config = request.config(gate.limits())?;
    config.progress = progress;
    config.cancel = Some(cancel.clone());
    let prepared = Prepared::of(&request, asked)?;
    let stopped = gate.clone();
    let job: Box<dyn FnOnce() -> Result<String, ApiError> + Send> =
        Box::new(move || prepared.answer(&config, &|trials| stopped.stopped_message(trials)));
    run_gated(gate, &cancel, job).await
}

/// Run `job` on a blocking thread once the gate gives it a turn, `cancel`
/// stopped at the server's time limit.
pub(super) async fn run_gated(
    gate: &Gate,
    cancel: &Cancel,
    job: Box<dyn FnOnce() -> Result<String, ApiError> + Send>,
) -> Result<String, ApiError> {
    let permit = gate.enter().await?;
    if cancel.is_stopped() {
        // The page went away while the question waited for its turn.
        return Err(ApiError::input(
            "the question was withdrawn before its turn came",
        ));
    }
    let timer = gate.stop_at_time_limit(cancel);
    let ran = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        job()
    })
    .await;
    timer.abort();
    ran.unwrap_or_else(|_| {
        Err(ApiError {
            status: 500,
            message:
                "error: internal error in volley while answering; please report it with the URL"
                    .to_string(),
        })
    })
}

/// `/api/effects` and `/api/table`: answered on a blocking thread once the
/// gate gives a turn, stopped at the time limit.
async fn shaped(
    gate: Gate,
    query: Option<String>,
    answer: fn(&str, &crate::api::Limits, &Cancel) -> Result<String, ApiError>,
) -> Response {
    let cancel = Cancel::default();
    let (limits, stop) = (gate.limits().clone(), cancel.clone());
    let query = query.unwrap_or_default();
    let job = Box::new(move || answer(&query, &limits, &stop));
    respond(run_gated(&gate, &cancel, job).await)
}

pub async fn effects(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    shaped(gate, query, crate::api::answers::effects).await
}

pub async fn table(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    shaped(gate, query, crate::api::answers::table).await
}

pub async fn odds(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    respond(answer(&gate, parse(query), Asked::Odds, None, Cancel::default()).await)
}

pub async fn compare(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    respond(answer(&gate, parse(query), Asked::Compare, None, Cancel::default()).await)
}

/// Stops its run when dropped: the response stream is dropped when the page
/// closes the connection (a new question, the cancel button, a closed tab).
struct StopOnDrop(Cancel);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// How often `/api/ask` says it is still there.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// `/api/ask`: one JSON object per line: `{"progress": {"done", "planned"}}` as a
/// Monte Carlo run goes, `{"waiting": true}` every second, then
/// `{"odds": ...}` or `{"compare": ...}` (with a variant), or `{"error": line,
/// "status": code}`.
pub async fn ask(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    let (sender, receiver) = tokio::sync::mpsc::unbounded_channel::<String>();
    let cancel = Cancel::default();
    let guard = StopOnDrop(cancel.clone());
    let told = sender.clone();
    let progress = Progress(Arc::new(move |done, planned| {
        let _ = told.send(format!(
            "{{\"progress\":{{\"done\":{done},\"planned\":{planned}}}}}\n"
        ));
    }));
    let request = parse(query);
    let compare = request.as_ref().is_ok_and(Request::has_variant);
    let beat = sender.clone();
    tokio::spawn(async move {
        let work = answer(&gate, request, Asked::Either, Some(progress), cancel);
        tokio::pin!(work);
        // A line a second while the question waits for its turn or runs with
        // nothing to tell: a closed page is only noticed when a line is sent.
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        heartbeat.tick().await;
        let result = loop {
            tokio::select! {
                result = &mut work => break result,
                _ = heartbeat.tick() => {
                    let _ = beat.send("{\"waiting\":true}\n".to_string());
                }
            }
        };
        drop(beat);
        let line = match result {
            Ok(text) => crate::api::answers::ask_line(compare, &text),
            Err(e) => json!({"error": e.message, "status": e.status}).to_string(),
        };
        let _ = sender.send(line + "\n");
    });
    let lines =
        futures_util::stream::unfold((receiver, guard), |(mut receiver, guard)| async move {
            let line = receiver.recv().await?;
            Some((
                Ok::<_, std::convert::Infallible>(Bytes::from(line)),
                (receiver, guard),
            ))
        });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(lines),
    )
        .into_response()
}

pub async fn not_found() -> Response {
    error_response(ApiError {
        status: 404,
        message: "error: no such page; the calculator is at / and the API under /api/".to_string(),
    })
}
