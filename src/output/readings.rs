//! The readings an answer rests on ([`crate::readings`]), as terminal lines,
//! Markdown and JSON.

use super::percent_digits;
use crate::readings::{Measured, Reading};
use serde_json::{Value as Json, json};

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

/// The JSON list: `{"option", "value", "alternatives": [{"value",
/// "probability", "difference", "exact"}], "measured"}`, with intervals for
/// paired alternatives and, when not measured, `"measured": null` and why.
pub fn json(readings: &[Reading]) -> Json {
    Json::Array(
        readings
            .iter()
            .map(|r| {
                let alternatives: Vec<Json> = r
                    .alternatives
                    .iter()
                    .map(|a| {
                        let mut o = json!({
                            "value": a.value,
                            "probability": a.probability.value,
                            "difference": a.difference.value,
                            "exact": a.exact,
                        });
                        if !a.exact {
                            o["ci_low"] = json!(a.probability.low);
                            o["ci_high"] = json!(a.probability.high);
                            o["difference_ci_low"] = json!(a.difference.low);
                            o["difference_ci_high"] = json!(a.difference.high);
                            o["p_value"] = json!(a.difference.p_value);
                        }
                        o
                    })
                    .collect();
                let (measured, why) = match &r.measured {
                    Measured::Exact => (json!("exact"), Json::Null),
                    Measured::Paired => (json!("paired"), Json::Null),
                    Measured::No(why) => (Json::Null, json!(why)),
                };
                json!({
                    "option": r.option,
                    "value": r.value,
                    "others": r.others,
                    "alternatives": alternatives,
                    "measured": measured,
                    "not_measured": why,
                    "refused": r.refused,
                })
            })
            .collect(),
    )
}
