//! volley in the browser: what `/api/*` answers (and `/sheet/SYSTEM`), for
//! the page's Web Worker, from the very code `volley serve` runs
//! ([`volley::api`]), so that each answer is the command line's JSON byte for
//! byte. Each function takes the query string the page would send the server
//! (`system=micro-squad&action=fire&firepower=6`) and returns the body, or
//! throws the one line `volley` prints for bad input. The browser runs one
//! thread: rayon falls back to the caller's, with the same answers (the
//! engine's results do not depend on the thread count).

use std::sync::Arc;
use volley::api::{self, ApiError, Asked, Limits, Prepared, Request};
use volley::engine::{Cancel, Progress};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The worker's `volleyProgress(done, planned)`: it tells the page how
    /// far a Monte Carlo run has gone.
    #[wasm_bindgen(js_name = volleyProgress)]
    fn told_progress(done: f64, planned: f64);
}

/// An error as the page shows it: the API's line.
fn thrown(e: ApiError) -> JsError {
    JsError::new(&e.message)
}

/// The limits a page answers under: the server's own defaults (a question
/// the server would refuse, the browser refuses in the same words).
fn limits() -> Limits {
    Limits::default()
}

/// `/api/systems`.
#[wasm_bindgen]
pub fn systems() -> String {
    api::answers::systems()
}

/// `/api/fields?QUERY`.
#[wasm_bindgen]
pub fn fields(query: &str) -> Result<String, JsError> {
    api::answers::fields(query).map_err(thrown)
}

/// A question run under the limits, as `asked`.
fn answered(query: &str, asked: Asked) -> Result<(bool, String), ApiError> {
    let request = Request::parse(query)?;
    let mut config = request.config(&limits())?;
    // Trial counts as the page shows them (exact below 2^53).
    config.progress = Some(Progress(Arc::new(|done, planned| {
        told_progress(done as f64, planned as f64)
    })));
    let prepared = Prepared::of(&request, asked)?;
    let comparison = prepared.is_comparison();
    // Nothing stops a run in the page but the worker's end: no trials are
    // cut short, so this is never said.
    let stopped = |trials: u64| ApiError::input(format!("stopped after {trials} trials"));
    Ok((comparison, prepared.answer(&config, &stopped)?))
}

/// `/api/odds?QUERY`: `volley odds ... --format json`.
#[wasm_bindgen]
pub fn odds(query: &str) -> Result<String, JsError> {
    answered(query, Asked::Odds)
        .map(|(_, body)| body)
        .map_err(thrown)
}

/// `/api/compare?QUERY`: `volley compare ... --format json`.
#[wasm_bindgen]
pub fn compare(query: &str) -> Result<String, JsError> {
    answered(query, Asked::Compare)
        .map(|(_, body)| body)
        .map_err(thrown)
}

/// `/api/ask?QUERY`'s last line: `{"odds": ...}` or, with a variant,
/// `{"compare": ...}`.
#[wasm_bindgen]
pub fn ask(query: &str) -> Result<String, JsError> {
    let (comparison, body) = answered(query, Asked::Either).map_err(thrown)?;
    Ok(api::answers::ask_line(comparison, &body))
}

/// `/api/effects?QUERY`: `volley effects ... --format json`.
#[wasm_bindgen]
pub fn effects(query: &str) -> Result<String, JsError> {
    api::answers::effects(query, &limits(), &Cancel::default()).map_err(thrown)
}

/// `/api/table?QUERY`: `volley table ... --format json`.
#[wasm_bindgen]
pub fn table(query: &str) -> Result<String, JsError> {
    api::answers::table(query, &limits(), &Cancel::default()).map_err(thrown)
}

/// `/api/plan?QUERY`: `volley plan ... --format json`.
#[wasm_bindgen]
pub fn plan(query: &str) -> Result<String, JsError> {
    let (question, ask) = api::plan::prepared(query, &limits()).map_err(thrown)?;
    api::plan::answer(&question, &ask, &limits()).map_err(thrown)
}

/// `/sheet/SYSTEM?QUERY`: `volley sheet SYSTEM`'s HTML.
#[wasm_bindgen]
pub fn sheet(system: &str, query: &str) -> Result<String, JsError> {
    api::answers::sheet(system, query).map_err(thrown)
}
