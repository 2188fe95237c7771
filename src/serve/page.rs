//! The pages: the odds (`/`) and best play (`/plan`), each one HTML file and
//! its script, over a shared script of forms and one style sheet, embedded in
//! the binary (no CDN: it works offline). The scripts know no action: they
//! build each form from `/api/fields`, so every action of every system has one.

use axum::http::header;
use axum::response::IntoResponse;

pub(crate) const INDEX: &str = include_str!("page/index.html");
pub(crate) const SCRIPT: &str = include_str!("page/app.js");
pub(crate) const PLAN: &str = include_str!("page/plan.html");
pub(crate) const PLAN_SCRIPT: &str = include_str!("page/plan.js");
pub(crate) const FORMS: &str = include_str!("page/forms.js");
pub(crate) const STYLE: &str = include_str!("page/style.css");

/// An embedded file with its content type.
fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type)], body)
}

pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX)
}

pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE)
}

pub async fn plan_page() -> impl IntoResponse {
    asset("text/html; charset=utf-8", PLAN)
}

pub async fn plan_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", PLAN_SCRIPT)
}

pub async fn forms_script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", FORMS)
}
