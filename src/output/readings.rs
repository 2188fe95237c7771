//! The readings an answer rests on ([`crate::ask::readings`]), as terminal lines,
//! Markdown and JSON.

use super::percent_digits;
use crate::ask::readings::{Measured, Reading};
use crate::contract::ReadingJson;
use serde_json::Value as Json;

/// One line per reading: the value used, then the alternatives measured or
/// why they were not.
pub fn lines(readings: &[Reading]) -> Vec<String> {
    readings
        .iter()
        .map(|r| {
            let mut text = line(r);
            if !r.refused.is_empty() {
                text.push_str(&format!(" (not measured: {})", r.refused.join("; ")));
            }
            text
        })
        .collect()
}

fn line(r: &Reading) -> String {
    let used = format!("{} = {}", r.option, r.value);
    let points = |d: f64| format!("{:+.2} points", 100.0 * d);
    match &r.measured {
        Measured::Exact if r.alternatives.is_empty() => {
            format!("{used}; no other reading moves it by 1 point or more")
        }
        Measured::Exact => {
            let moved: Vec<String> = r
                .alternatives
                .iter()
                .map(|a| {
                    format!(
                        "under {}: {}% ({})",
                        a.value,
                        percent_digits(a.probability.value),
                        points(a.difference.value)
                    )
                })
                .collect();
            format!("{used}; {}", moved.join("; "))
        }
        Measured::Paired => {
            let moved: Vec<String> = r
                .alternatives
                .iter()
                .map(|a| {
                    let d = &a.difference;
                    format!(
                        "under {}: {}% [{}, {}] ({} [{:+.2}, {:+.2}], paired)",
                        a.value,
                        percent_digits(a.probability.value),
                        percent_digits(a.probability.low),
                        percent_digits(a.probability.high),
                        points(d.value),
                        100.0 * d.low,
                        100.0 * d.high
                    )
                })
                .collect();
            format!("{used}; {}", moved.join("; "))
        }
        Measured::No(why) if r.others.is_empty() => format!("{used} ({why})"),
        Measured::No(why) => format!("{used}; also built: {} ({why})", r.others.join(", ")),
    }
}

/// The terminal's block; one line when no option was consulted.
pub fn block(readings: &[Reading], system: &str) -> String {
    if readings.is_empty() {
        return "readings: this answer rests on none of the card's open readings\n".to_string();
    }
    let mut out = format!(
        "readings this answer rests on (`volley rules {system} options` says why each is read so):\n"
    );
    for line in lines(readings) {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// The Markdown section.
pub fn markdown(readings: &[Reading], system: &str) -> String {
    if readings.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\n**Readings this answer rests on** (`volley rules {system} options` says why each is read so):\n\n"
    );
    for line in lines(readings) {
        out.push_str(&format!("- {}\n", line.replace('|', "\\|")));
    }
    out
}

/// The JSON list of readings (see [`ReadingJson`]).
pub fn json(readings: &[Reading]) -> Json {
    serde_json::to_value(readings.iter().map(ReadingJson::from).collect::<Vec<_>>())
        .unwrap_or_default()
}
