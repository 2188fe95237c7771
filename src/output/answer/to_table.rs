//! An answer as the terminal prints it.

use super::contents::{Answer, headline_sentence, method_line};
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
        curves_table(&mut out, s);
    }
    out
}

/// The per-turn curves, one column a variable, one row a turn.
fn curves_table(out: &mut String, s: &Summary) {
    let names: Vec<&str> = {
        let mut names: Vec<&str> = s.curves.iter().map(|c| c.variable.as_str()).collect();
        names.dedup();
        names
    };
    let _ = writeln!(out, "\nper turn (end of turn; turn 0 is the start)");
    // Monte Carlo cells hold a value and its interval.
    let width = if s.exact { 15 } else { 27 };
    let _ = write!(out, "  {:>4}", "turn");
    for n in &names {
        let _ = write!(out, " {n:>width$}");
    }
    out.push('\n');
    let turns = s.curves.iter().map(|c| c.turn).max().unwrap_or(0);
    for t in 0..=turns {
        let _ = write!(out, "  {t:>4}");
        for n in &names {
            let c = s.curves.iter().find(|c| c.variable == *n && c.turn == t);
            // Monte Carlo values carry their interval as [low, high].
            let text = c
                .map(|c| {
                    if s.exact {
                        number_digits(c.estimate.value)
                    } else {
                        format!(
                            "{} [{}, {}]",
                            number_digits(c.estimate.value),
                            number_digits(c.estimate.low),
                            number_digits(c.estimate.high)
                        )
                    }
                })
                .unwrap_or_default();
            let _ = write!(out, " {text:>width$}");
        }
        out.push('\n');
    }
    if !s.exact {
        let _ = writeln!(
            out,
            "  (value [low, high] of the {:.0}% interval)",
            100.0 * s.confidence
        );
    }
}
