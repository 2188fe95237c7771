//! `volley systems`.

use crate::systems;
use std::fmt::Write;

pub fn run() -> anyhow::Result<String> {
    let mut out = String::new();
    for system in systems::all() {
        let _ = writeln!(out, "{:<14} {}", system.name(), system.title());
        let _ = writeln!(
            out,
            "  charts (volley rules {} CHART): {}",
            system.name(),
            system.chart_names().join(", ")
        );
        let book = systems::rulebook(*system, &[])?;
        for action in system.actions() {
            let mark = if action.provisional(&book).is_some() {
                " [provisional: reads a reconstructed chart]"
            } else {
                ""
            };
            let _ = writeln!(out, "  {:<20} {}{mark}", action.name(), action.summary());
        }
    }
    Ok(out)
}
