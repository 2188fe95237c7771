//! The page: one HTML file, one script and one style sheet, embedded in the
//! binary (no CDN: it works offline). The script knows no action: it builds each
//! form from `/api/fields`, so every action of every system has a form.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

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
