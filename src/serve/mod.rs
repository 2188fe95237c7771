//! `volley serve`: the calculator in a browser, for the gaming table.
//!
//! A local web server ([`axum`]) with everything embedded in the binary: the page
//! ([`page`]), which builds its form from each action's field declarations, and
//! the JSON API it asks ([`api`]), whose answers are byte for byte those of
//! `volley odds --format json` and `volley compare --format json`; best play
//! (`/plan`, asking [`plan`]'s API, as `volley plan --format json`); and each
//! system's printable odds sheet (`/sheet/SYSTEM`, as `volley sheet`). The
//! answers are [`crate::api`]'s, read and held to its limits as the page in
//! the browser reads them; here they are served, one [`gate`] for them all.

pub mod api;
pub mod cost;
pub mod gate;
pub mod page;
pub mod plan;
pub mod recent;
mod stream;

pub use crate::api::Limits;
pub use gate::Gate;

use axum::Router;
use axum::routing::get;
use std::net::SocketAddr;

/// The server's routes over a shared [`Gate`].
pub fn router(gate: Gate) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/systems", get(api::systems_list))
        .route("/api/fields", get(api::fields))
        .route("/api/odds", get(api::odds))
        .route("/api/compare", get(api::compare))
        .route("/api/ask", get(api::ask))
        .route("/api/effects", get(api::effects))
        .route("/api/table", get(api::table))
        .route("/api/plan", get(plan::plan))
        .route("/api/plan/ask", get(plan::ask))
        .route("/plan", get(page::plan_page))
        .route("/plan.js", get(page::plan_script))
        .route("/forms.js", get(page::forms_script))
        .route("/sheet/{system}", get(api::sheet))
        .fallback(api::not_found)
        .with_state(gate)
}

/// Bind `address` and serve until the process is stopped. `ready` is told the
/// URL once the server listens (port 0 picks a free port).
pub fn serve(address: SocketAddr, limits: Limits, ready: impl FnOnce(&str)) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| anyhow::anyhow!("--port: cannot listen on {address}: {e}"))?;
        let bound = listener.local_addr()?;
        ready(&format!("http://{bound}/"));
        axum::serve(listener, router(Gate::new(limits))).await?;
        Ok(())
    })
}
