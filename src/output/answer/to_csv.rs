//! An answer as CSV: one row per probability, mean and curve point.

use super::contents::Answer;
use crate::frame::{self, FrameColumn};

pub(super) fn csv_answer(a: &Answer) -> String {
    let s = a.summary;
    let method = if s.exact { "exact" } else { "monte-carlo" };
    let mut kind = Vec::new();
    let mut variable = Vec::new();
    let mut value = Vec::new();
    let mut turn = Vec::new();
    let mut estimates = Vec::new();
    let mut push = |k: &str, var: &str, val: &str, t: Option<u32>, e: &crate::stats::Estimate| {
        kind.push(k.to_string());
        variable.push(var.to_string());
        value.push(val.to_string());
        turn.push(t);
        estimates.push(*e);
    };
    for r in &s.outcomes {
        push("probability", &r.variable, &r.value, None, &r.estimate);
    }
    for r in &s.means {
        push("mean", &r.variable, "", None, &r.estimate);
    }
    for c in &s.curves {
        push("curve", &c.variable, "", Some(c.turn as u32), &c.estimate);
    }
    let n = kind.len();
    frame::csv_of(vec![
        ("kind", FrameColumn::Text(kind)),
        ("variable", FrameColumn::Text(variable)),
        ("value", FrameColumn::Text(value)),
        ("turn", FrameColumn::Count(turn)),
        (
            "estimate",
            FrameColumn::Number(estimates.iter().map(|e| e.value).collect()),
        ),
        (
            "ci_low",
            FrameColumn::Number(estimates.iter().map(|e| e.low).collect()),
        ),
        (
            "ci_high",
            FrameColumn::Number(estimates.iter().map(|e| e.high).collect()),
        ),
        ("method", FrameColumn::Text(vec![method.to_string(); n])),
        (
            "provisional",
            FrameColumn::Text(vec![a.provisional.clone().unwrap_or_default(); n]),
        ),
    ])
}
