//! Effects as terminal text or Markdown (`md`): the headline now, then every
//! step's change, largest first, and the steps not tried.

use crate::ask::effects::Effects;
use crate::output::{aligned, markdown, number_digits, p_value_text, percent};
use std::fmt::Write;

fn points(x: f64) -> String {
    format!("{:+.2}", 100.0 * x)
}

pub(super) fn text_effects(
    system: &str,
    action: &str,
    title: &str,
    e: &Effects,
    md: bool,
) -> String {
    let (variable, value) = &e.headline;
    let mut out = String::new();
    let method = if e.exact {
        "exact".to_string()
    } else {
        let mut method = format!(
            "paired Monte Carlo, {} trials on the same dice for every step",
            e.trials.unwrap_or(0)
        );
        if let Some(why) = &e.exact_refused {
            method.push_str(&format!(" (not exact: {why})"));
        }
        method
    };
    let now = percent(&e.baseline, e.exact);
    if md {
        if let Some(reason) = &e.provisional {
            let _ = writeln!(out, "> **PROVISIONAL:** {reason}.\n");
        }
        let _ = writeln!(out, "P({variable} = {value}) = {now} now; {method}.\n");
        let _ = writeln!(out, "Scenario: `{}`.\n", e.scenario);
    } else {
        let _ = writeln!(out, "{system} {action}: {title}");
        if let Some(reason) = &e.provisional {
            let _ = writeln!(out, "PROVISIONAL: {reason}.");
        }
        let _ = writeln!(out, "P({variable} = {value}) = {now} now; {method}");
        let _ = writeln!(out, "scenario: {}\n", e.scenario);
    }
    let mean_name = e.mean.as_ref().map(|(n, _)| n.clone());
    let mut header = vec![
        "field".to_string(),
        "step".to_string(),
        format!("P({variable}={value})"),
        "change (points)".to_string(),
    ];
    if !e.exact {
        header.push("p".to_string());
    }
    if let Some(name) = &mean_name {
        header.push(format!("change in mean {name}"));
    }
    let rows: Vec<Vec<String>> = e
        .effects
        .iter()
        .map(|x| {
            let mut row = vec![
                x.step.field.clone(),
                format!("{} -> {}", x.step.from, x.step.to),
                percent(&x.probability, e.exact),
                if e.exact {
                    points(x.difference.value)
                } else {
                    format!(
                        "{} [{}, {}]",
                        points(x.difference.value),
                        points(x.difference.low),
                        points(x.difference.high)
                    )
                },
            ];
            if !e.exact {
                row.push(p_value_text(x.difference.p_value));
            }
            if mean_name.is_some() {
                row.push(x.mean_difference.map_or("-".to_string(), |d| {
                    let sign = if d.value < 0.0 { "-" } else { "+" };
                    format!("{sign}{}", number_digits(d.value.abs()))
                }));
            }
            row
        })
        .collect();
    if md {
        out.push_str(&markdown::table(&header, &rows));
    } else {
        out.push_str(&aligned(&header, &rows, 2));
    }
    if !e.skipped.is_empty() {
        let _ = writeln!(out, "\nnot tried:");
        for (s, why) in &e.skipped {
            if s.to.is_empty() {
                let _ = writeln!(out, "  {}: {why}", s.field);
            } else {
                let _ = writeln!(out, "  {} -> {}: {why}", s.field, s.to);
            }
        }
    }
    out
}
