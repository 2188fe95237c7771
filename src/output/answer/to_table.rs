//! An answer as the terminal prints it.

use super::contents::{Answer, headline_sentence, method_line};
use crate::contract::PatchJson;
use crate::output::{number, number_digits, probability_text};
use crate::stats::Summary;
use std::fmt::Write;

pub(super) fn table_answer(a: &Answer) -> String {
    let s = a.summary;
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", a.system, a.action);
    if let Some(reason) = &a.provisional {
        let _ = writeln!(out, "PROVISIONAL: {reason}.");
    }
    if let Some(line) = headline_sentence(a) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "method: {}", method_line(s));
    let _ = writeln!(out, "scenario: {}", a.scenario_line);
    if !a.house_rules.is_empty() {
        let _ = writeln!(out, "house rules: {}", a.house_rules.join(", "));
        for patch in a.patches {
            let _ = writeln!(out, "  changes {}", PatchJson::from(patch).said());
        }
    }
    if let Some(w) = &a.warning {
        let _ = writeln!(out, "warning: {w}");
    }
    for note in &a.notes {
        let _ = writeln!(out, "note: {note}");
    }
    out.push_str(&crate::output::readings::block(&a.readings, a.system));
    if !a.working.is_empty() {
        let _ = writeln!(out, "\nworking");
        for line in &a.working {
            let _ = writeln!(out, "  {line}");
        }
    }
    // Labels padded to the longest one, at least 20 wide.
    let width = s
        .outcomes
        .iter()
        .map(|r| r.value.len())
        .chain(s.means.iter().map(|r| r.variable.len()))
        .max()
        .unwrap_or(0)
        .max(20);
    let mut last = "";
    for r in &s.outcomes {
        if r.variable != last {
            let _ = writeln!(out, "\n{}", r.variable);
            last = &r.variable;
        }
        let _ = writeln!(
            out,
            "  {:<width$} {}",
            r.value,
            probability_text(&r.estimate, s.exact, a.fractions)
        );
    }
    if !s.means.is_empty() {
        let _ = writeln!(out, "\nmeans");
        for r in &s.means {
            let _ = writeln!(
                out,
                "  {:<width$} {}",
                r.variable,
                number(&r.estimate, s.exact)
            );
        }
    }
    if !s.curves.is_empty() {
        curves_table(&mut out, s, a.wide);
    }
    out
}

/// Columns a terminal table fits in unless `--wide` is asked for.
const TABLE_COLUMNS: usize = 100;

/// The per-turn curves, one column a variable, one row a turn. Monte Carlo
/// values carry their interval, below each value (or beside it when `wide`);
/// unless `wide`, the columns come in blocks that each fit [`TABLE_COLUMNS`].
fn curves_table(out: &mut String, s: &Summary, wide: bool) {
    let names: Vec<&str> = {
        let mut names: Vec<&str> = s.curves.iter().map(|c| c.variable.as_str()).collect();
        names.dedup();
        names
    };
    let turns = s.curves.iter().map(|c| c.turn).max().unwrap_or(0);
    // Each cell as (value line, interval line).
    let cell = |n: &str, t: usize| -> (String, String) {
        let Some(c) = s.curves.iter().find(|c| c.variable == n && c.turn == t) else {
            return (String::new(), String::new());
        };
        let value = number_digits(c.estimate.value);
        if s.exact {
            return (value, String::new());
        }
        let interval = format!(
            "[{}, {}]",
            number_digits(c.estimate.low),
            number_digits(c.estimate.high)
        );
        if wide {
            (format!("{value} {interval}"), String::new())
        } else {
            (value, interval)
        }
    };
    let widths: Vec<usize> = names
        .iter()
        .map(|n| {
            (0..=turns)
                .map(|t| {
                    let (a, b) = cell(n, t);
                    a.len().max(b.len())
                })
                .chain([n.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let _ = writeln!(out, "\nper turn (end of turn; turn 0 is the start)");
    let mut first = 0;
    while first < names.len() {
        // As many columns as fit (at least one).
        let mut last = first + 1;
        let mut used = 6 + 1 + widths[first];
        while !wide && last < names.len() && used + 1 + widths[last] <= TABLE_COLUMNS {
            used += 1 + widths[last];
            last += 1;
        }
        if wide {
            last = names.len();
        }
        if first > 0 {
            out.push('\n');
        }
        let _ = write!(out, "  {:>4}", "turn");
        for (n, w) in names[first..last].iter().zip(&widths[first..last]) {
            let _ = write!(out, " {n:>w$}");
        }
        out.push('\n');
        for t in 0..=turns {
            let cells: Vec<(String, String)> =
                names[first..last].iter().map(|n| cell(n, t)).collect();
            let _ = write!(out, "  {t:>4}");
            for ((value, _), w) in cells.iter().zip(&widths[first..last]) {
                let _ = write!(out, " {value:>w$}");
            }
            out.push('\n');
            if cells.iter().any(|(_, interval)| !interval.is_empty()) {
                let _ = write!(out, "  {:>4}", "");
                for ((_, interval), w) in cells.iter().zip(&widths[first..last]) {
                    let _ = write!(out, " {interval:>w$}");
                }
                out.push('\n');
            }
        }
        first = last;
    }
    if !s.exact {
        let under = if wide {
            "value [low, high]"
        } else {
            "value, and [low, high] below it"
        };
        let _ = writeln!(
            out,
            "  ({under}: the {:.0}% interval)",
            100.0 * s.confidence
        );
    }
}
