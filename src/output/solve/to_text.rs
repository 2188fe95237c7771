//! A search as terminal text or Markdown (`md`): the verdict, then every
//! value tried.

use crate::ask::solve::Solved;
use crate::output::{aligned, markdown, number, percent};
use std::fmt::Write;

pub(super) fn text_solved(system: &str, action: &str, s: &Solved, md: bool) -> String {
    let probability = s.target.value.is_some();
    let mut out = String::new();
    let direction = if s.largest { "largest" } else { "smallest" };
    let verdict = match &s.value {
        Some(v) => format!("the {direction} {} meeting {} is {v}", s.field, s.target),
        None => format!("no value of {} tried meets {}", s.field, s.target),
    };
    let _ = writeln!(out, "{system} {action}: {verdict}");
    if let Some(reason) = &s.provisional {
        let _ = writeln!(out, "PROVISIONAL: {reason}.");
    }
    let monte_carlo: Vec<&str> = s
        .answers
        .iter()
        .filter(|a| !a.exact)
        .map(|a| a.value.as_str())
        .collect();
    let _ = writeln!(
        out,
        "method: {}",
        match monte_carlo.len() {
            0 => "exact for every value".to_string(),
            n if n == s.answers.len() =>
                "Monte Carlo for every value (intervals at the run's confidence)".to_string(),
            _ => format!(
                "Monte Carlo for {}; exact for the rest",
                monte_carlo.join(", ")
            ),
        }
    );
    if let Some(a) = s.answers.iter().find(|a| a.exact_refused.is_some()) {
        let why = a.exact_refused.as_deref().unwrap_or_default();
        let _ = writeln!(out, "not exact: {}={}: {why}", s.field, a.value);
    }
    if !s.monotone() {
        let _ = writeln!(
            out,
            "not monotone: the target is met, then missed (or the other way round), changing at {}",
            s.crossings().join(", ")
        );
    }
    for (value, why) in s.skipped.iter().take(5) {
        let _ = writeln!(out, "{} = {value} not tried: {why}", s.field);
    }
    if s.skipped.len() > 5 {
        let _ = writeln!(out, "... and {} more values not tried", s.skipped.len() - 5);
    }
    if s.answers.iter().any(|a| !a.decided) {
        let _ = writeln!(
            out,
            "values marked ? have an interval that straddles the target: more trials would settle them"
        );
    }
    out.push('\n');
    let header = vec![
        s.field.clone(),
        s.target
            .to_string()
            .split(['>', '<'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string(),
        "meets".to_string(),
    ];
    let rows: Vec<Vec<String>> = s
        .answers
        .iter()
        .map(|a| {
            vec![
                a.value.clone(),
                if probability {
                    percent(&a.estimate, a.exact)
                } else {
                    number(&a.estimate, a.exact)
                },
                format!(
                    "{}{}",
                    if a.meets { "yes" } else { "no" },
                    if a.decided { "" } else { " ?" }
                ),
            ]
        })
        .collect();
    if md {
        out.push_str(&markdown::table(&header, &rows));
    } else {
        out.push_str(&aligned(&header, &rows, 1));
    }
    out
}
