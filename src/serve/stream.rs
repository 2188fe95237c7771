//! A long question's reply as a stream of JSON lines, for the page: its
//! progress as the run tells it (`{"progress": {"done", "planned"}}`),
//! `{"waiting": true}` every second while there is nothing to tell, then
//! the answer's line or `{"error": line, "status": code}`. A page that
//! closes the connection stops waiting (noticed at the next line sent), and
//! the run stops once nobody waits for it ([`super::api::shared`]).

use crate::api::ApiError;
use crate::engine::Progress;
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::future::Future;
use std::sync::Arc;

/// How often the stream says it is still there.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(1);

/// The stream of `work`'s reply, told its progress; `line` writes the
/// answer's line from its JSON text.
pub(super) fn lines<W, F>(line: impl FnOnce(&str) -> String + Send + 'static, work: W) -> Response
where
    W: FnOnce(Progress) -> F,
    F: Future<Output = Result<Arc<String>, ApiError>> + Send + 'static,
{
    let (sender, receiver) = tokio::sync::mpsc::unbounded_channel::<String>();
    let told = sender.clone();
    let progress = Progress(Arc::new(move |done, planned| {
        let _ = told.send(format!(
            "{{\"progress\":{{\"done\":{done},\"planned\":{planned}}}}}\n"
        ));
    }));
    let work = work(progress);
    let beat = sender.clone();
    tokio::spawn(async move {
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
                // The page went away: it no longer waits (its run stops
                // once nobody does).
                () = beat.closed() => return,
            }
        };
        drop(beat);
        let last = match result {
            Ok(text) => line(&text),
            Err(e) => json!({"error": e.message, "status": e.status}).to_string(),
        };
        let _ = sender.send(last + "\n");
    });
    let lines = futures_util::stream::unfold(receiver, |mut receiver| async move {
        let line = receiver.recv().await?;
        Some((
            Ok::<_, std::convert::Infallible>(Bytes::from(line)),
            receiver,
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

/// `{"KEY": ...}` on one line from an answer's pretty JSON text, without
/// reading it back as a value (a plan's can be 100 MB): its indentation and
/// line breaks dropped (a JSON string holds no raw line break).
pub(super) fn one_line(key: &str, pretty: &str) -> String {
    let mut line = String::with_capacity(pretty.len() + key.len() + 5);
    line.push_str(&format!("{{\"{key}\":"));
    for part in pretty.lines() {
        line.push_str(part.trim_start());
    }
    line.push('}');
    line
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_line_is_the_same_json_on_one_line() {
        let pretty = serde_json::to_string_pretty(&serde_json::json!({
            "a": [1, {"b": "x  y\nz"}],
            "c": {"d": null}
        }))
        .unwrap();
        let line = super::one_line("plan", &pretty);
        assert!(!line.contains('\n'));
        let read: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(read["plan"]["a"][1]["b"], "x  y\nz");
        assert_eq!(read["plan"]["c"]["d"], serde_json::Value::Null);
    }
}
