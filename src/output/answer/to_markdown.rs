//! An answer as Markdown.

use super::contents::{Answer, headline_sentence, method_line};
use crate::contract::PatchJson;
use crate::output::{markdown, number, probability_text};
use std::fmt::Write;

pub(super) fn markdown_answer(a: &Answer) -> String {
    let s = a.summary;
    let mut out = String::new();
    let _ = writeln!(out, "### {} {}\n", a.system, a.action);
    if let Some(reason) = &a.provisional {
        let _ = writeln!(out, "> **PROVISIONAL:** {reason}.\n");
    }
    if let Some(line) = headline_sentence(a) {
        let _ = writeln!(out, "**{line}**\n");
    }
    let _ = writeln!(out, "Method: {}.\n", method_line(s));
    let _ = writeln!(out, "Scenario: `{}`.\n", a.scenario_line);
    if !a.house_rules.is_empty() {
        let _ = writeln!(out, "House rules: {}.\n", a.house_rules.join(", "));
        for patch in a.patches {
            let _ = writeln!(out, "- changes `{}`", PatchJson::from(patch).said());
        }
        if !a.patches.is_empty() {
            out.push('\n');
        }
    }
    for note in &a.notes {
        let _ = writeln!(out, "Note: {note}.\n");
    }
    let readings = crate::output::readings::markdown(&a.readings, a.system);
    if !readings.is_empty() {
        let _ = writeln!(out, "{}", readings.trim_start());
    }
    if !a.working.is_empty() {
        let _ = writeln!(out, "Working:\n");
        for line in &a.working {
            let _ = writeln!(out, "- {line}");
        }
        out.push('\n');
    }
    let header = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let rows: Vec<Vec<String>> = s
        .outcomes
        .iter()
        .map(|r| {
            vec![
                r.variable.clone(),
                r.value.clone(),
                probability_text(&r.estimate, s.exact, a.fractions),
            ]
        })
        .collect();
    out.push_str(&markdown::table(
        &header(&["variable", "value", "probability"]),
        &rows,
    ));
    if !s.means.is_empty() {
        let rows: Vec<Vec<String>> = s
            .means
            .iter()
            .map(|r| vec![r.variable.clone(), number(&r.estimate, s.exact)])
            .collect();
        out.push('\n');
        out.push_str(&markdown::table(&header(&["mean of", "value"]), &rows));
    }
    if !s.curves.is_empty() {
        // Per turn: one column per curve, a Monte Carlo value with its interval.
        let mut names: Vec<String> = Vec::new();
        for c in &s.curves {
            if !names.contains(&c.variable) {
                names.push(c.variable.clone());
            }
        }
        let turns = s.curves.iter().map(|c| c.turn).max().unwrap_or(0);
        let rows: Vec<Vec<String>> = (0..=turns)
            .map(|t| {
                let mut row = vec![t.to_string()];
                row.extend(names.iter().map(|n| {
                    s.curves
                        .iter()
                        .find(|c| &c.variable == n && c.turn == t)
                        .map(|c| number(&c.estimate, s.exact))
                        .unwrap_or_default()
                }));
                row
            })
            .collect();
        let mut head = vec!["turn".to_string()];
        head.extend(names);
        let _ = writeln!(
            out,
            "\nPer turn (the mean at the end of each turn; turn 0 is the start):\n"
        );
        out.push_str(&markdown::table(&head, &rows));
    }
    out
}
