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

use super::cost::Cost;
use super::gate::Gate;
use super::recent::{Found, Reply};
use crate::api::{ApiError, Asked, Prepared, Request};
use crate::engine::{Cancel, Progress};
use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use tokio::sync::watch;

/// A JSON body (200), or the error line with its status.
pub(super) fn respond(result: Result<Arc<String>, ApiError>) -> Response {
    match result {
        // Sent from the answer kept, not a copy (a plan's can be 100 MB).
        Ok(body) => (
            [(header::CONTENT_TYPE, "application/json")],
            Body::from(Bytes::from_owner(Shared(body))),
        )
            .into_response(),
        Err(e) => error_response(e),
    }
}

/// An answer's text as a body's bytes.
struct Shared(Arc<String>);

impl AsRef<[u8]> for Shared {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
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
    respond(Ok(Arc::new(crate::api::answers::systems())))
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
    respond(crate::api::answers::fields(query.as_deref().unwrap_or("")).map(Arc::new))
}

/// A job run behind the gate: the answer's body, or why not.
pub(super) type Job = Box<dyn FnOnce() -> Result<String, ApiError> + Send>;

/// Answer a query: validate it and find its cost at once, then answer it
/// as [`shared`] does, stopped by `cancel` (the page gone) or the time
/// limit.
async fn answer(
    gate: &Gate,
    query: Option<String>,
    asked: Asked,
    progress: Option<Progress>,
    cancel: Cancel,
) -> Result<Arc<String>, ApiError> {
    let query = query.unwrap_or_default();
    let request = Request::parse(&query)?;
    let mut config = request.config(gate.limits())?;
    config.progress = progress;
    config.cancel = Some(cancel.clone());
    let prepared = Prepared::of(&request, asked)?;
    let cost = match &prepared {
        Prepared::Odds(question) => Cost::of_question(question, &config),
        Prepared::Compare(c) => Cost::of_sides(
            std::iter::once(&c.baseline).chain(c.variants.iter().map(|v| &v.question)),
            &config,
        ),
    };
    let stopped = gate.clone();
    let job: Job =
        Box::new(move || prepared.answer(&config, &|trials| stopped.stopped_message(trials)));
    // `/api/odds`, `/api/compare` and `/api/ask` give one body for a query.
    shared(gate, format!("answer?{query}"), cost, cancel, job).await
}

/// The reply to the request `key` of `cost`: an answer given lately at
/// once; else the run of the same request already going, joined; else
/// `job` run once the gate gives it a turn, `cancel` stopped at the time
/// limit or once nobody waits for it any more.
pub(super) async fn shared(
    gate: &Gate,
    key: String,
    cost: Cost,
    cancel: Cancel,
    job: Job,
) -> Result<Arc<String>, ApiError> {
    let (told, waiting) = match gate.recent().find(&key) {
        Found::Answered(answer) => return Ok(answer),
        Found::Running(waiting) => return reply(waiting).await,
        Found::New(told, waiting) => (told, waiting),
    };
    let gate = gate.clone();
    tokio::spawn(async move {
        // Nobody waits any more (decided as a repeat would join): stop.
        let left = {
            let (told, cancel, gate, key) =
                (told.clone(), cancel.clone(), gate.clone(), key.clone());
            tokio::spawn(async move {
                loop {
                    told.closed().await;
                    if gate.recent().unwatched(&key, &told) {
                        cancel.stop();
                        break;
                    }
                }
            })
        };
        let reply: Reply = run_gated(&gate, cost, &cancel, job).await.map(Arc::new);
        left.abort();
        gate.recent().finish(&key, &told, &reply);
        let _ = told.send(Some(reply));
    });
    reply(waiting).await
}

/// The reply told through `waiting`, once it is in.
async fn reply(mut waiting: watch::Receiver<Option<Reply>>) -> Reply {
    match waiting.wait_for(Option::is_some).await {
        Ok(told) => told.clone().unwrap_or_else(|| Err(internal_error())),
        Err(_) => Err(internal_error()),
    }
}

fn internal_error() -> ApiError {
    ApiError {
        status: 500,
        message: "error: internal error in volley while answering; please report it with the URL"
            .to_string(),
    }
}

/// Run `job` in its lane once the gate gives it a turn, `cancel` stopped at
/// the server's time limit.
async fn run_gated(gate: &Gate, cost: Cost, cancel: &Cancel, job: Job) -> Result<String, ApiError> {
    let turn = gate.enter(cost).await?;
    if cancel.is_stopped() {
        // The page went away while the question waited for its turn.
        return Err(ApiError::input(
            "the question was withdrawn before its turn came",
        ));
    }
    let timer = gate.stop_at_time_limit(cancel);
    let ran = gate.run(turn, job).await;
    timer.abort();
    ran.unwrap_or_else(|| Err(internal_error()))
}

/// `/api/effects` and `/api/table`: many runs of one question, in the long
/// lane, stopped at the time limit.
async fn shaped(
    gate: Gate,
    query: Option<String>,
    own: &'static [&'static str],
    answer: fn(&str, &crate::api::Limits, &Cancel) -> Result<String, ApiError>,
) -> Response {
    let cancel = Cancel::default();
    let query = query.unwrap_or_default();
    let cost = match crate::api::answers::one_question(&query, own, gate.limits(), &cancel) {
        Ok((_, question, config)) => Cost::of_sweep(&question, &config),
        Err(e) => return error_response(e),
    };
    let key = format!("{}?{query}", own.join(","));
    let (limits, stop) = (gate.limits().clone(), cancel.clone());
    let job: Job = Box::new(move || answer(&query, &limits, &stop));
    respond(shared(&gate, key, cost, cancel, job).await)
}

pub async fn effects(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    shaped(
        gate,
        query,
        crate::api::answers::EFFECTS_KEYS,
        crate::api::answers::effects,
    )
    .await
}

pub async fn table(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    shaped(
        gate,
        query,
        crate::api::answers::TABLE_KEYS,
        crate::api::answers::table,
    )
    .await
}

pub async fn odds(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    respond(answer(&gate, query, Asked::Odds, None, Cancel::default()).await)
}

pub async fn compare(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    respond(answer(&gate, query, Asked::Compare, None, Cancel::default()).await)
}

/// `/api/ask`: one JSON object per line: `{"progress": {"done", "planned"}}` as a
/// Monte Carlo run goes, `{"waiting": true}` every second, then
/// `{"odds": ...}` or `{"compare": ...}` (with a variant), or `{"error": line,
/// "status": code}`.
pub async fn ask(State(gate): State<Gate>, RawQuery(query): RawQuery) -> Response {
    let compare = Request::parse(query.as_deref().unwrap_or("")).is_ok_and(|r| r.has_variant());
    super::stream::lines(
        move |text| crate::api::answers::ask_line(compare, text),
        move |progress| async move {
            answer(
                &gate,
                query,
                Asked::Either,
                Some(progress),
                Cancel::default(),
            )
            .await
        },
    )
}

pub async fn not_found() -> Response {
    error_response(ApiError {
        status: 404,
        message: "error: no such page; the calculator is at / and the API under /api/".to_string(),
    })
}
