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
        for action in system.actions() {
            let _ = writeln!(out, "  {:<20} {}", action.name(), action.summary());
        }
    }
    Ok(out)
}
