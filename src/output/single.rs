//! One answered question (`volley odds`): every outcome, mean and curve.

use super::{Format, markdown, number, number_digits, probability_text};
use crate::contract::{self, AnswerJson, HeadlineJson, ReadingJson};
use crate::frame::{self, FrameColumn};
use crate::question::Question;
use crate::readings::Reading;
use crate::stats::{Summary, summarize};
use crate::tally::RunResult;
use serde_json::Value as Json;
use std::fmt::Write;

/// Everything `volley odds` prints.
pub struct Answer<'a> {
    pub system: &'a str,
    pub action: &'a str,
    pub scenario: Json,
    /// The scenario in words: the fields given, then the defaults taken.
    pub scenario_line: String,
    pub summary: &'a Summary,
    /// The outcome stated first: (variable, value).
    pub headline: Option<(&'a str, &'a str)>,
    pub house_rules: &'a [String],
    /// A note when precision mode stopped early.
    pub warning: Option<String>,
    /// How to read the answer under these rules (the action's notes).
    pub notes: Vec<String>,
    /// Why the answer is provisional (it reads a reconstructed chart), if it is.
    pub provisional: Option<String>,
    /// How the action read the scenario, step by step.
    pub working: Vec<String>,
    /// Show exact probabilities as fractions where the denominator is small.
    pub fractions: bool,
    /// The card's readings the answer rests on.
    pub readings: Vec<Reading>,
}

impl<'a> Answer<'a> {
    /// `question` answered as `summary`: no warning, no working, percentages.
    pub fn of(question: &'a Question, summary: &'a Summary) -> Self {
        Answer {
            system: question.system().name(),
            action: question.action().name(),
            scenario: question.scenario().to_json(),
            scenario_line: question.scenario_line(),
            summary,
            headline: question.headline(),
            house_rules: &question.book().house_rules,
            warning: None,
            notes: question.notes(),
            provisional: question.provisional(),
            working: Vec::new(),
            fractions: false,
            readings: crate::readings::consulted(question),
        }
    }
}

/// What `volley odds` prints for `question` answered as `result`, resting on
/// `readings`: the command line and `volley serve` both print this.
pub fn render_odds(
    question: &Question,
    result: &RunResult,
    readings: Vec<Reading>,
    format: Format,
    fractions: bool,
) -> String {
    let summary = summarize(result);
    let warning = result.precision_not_reached.map(|w| {
        format!(
            "stopped at the trial cap before reaching the precision asked; widest half-width {w:.5}"
        )
    });
    let answer = Answer {
        warning,
        working: question.working(),
        fractions,
        readings,
        ..Answer::of(question, &summary)
    };
    render_answer(&answer, format)
}

/// Render an answer in `format`.
pub fn render_answer(answer: &Answer, format: Format) -> String {
    match format {
        Format::Json => json_answer(answer),
        Format::Csv => csv_answer(answer),
        Format::Markdown => markdown_answer(answer),
        Format::Table => table_answer(answer),
    }
}

fn method_line(s: &Summary) -> String {
    match (s.trials, s.seed) {
        (Some(trials), Some(seed)) => {
            let mut line = format!(
                "Monte Carlo, {trials} trials, seed {seed}; intervals are {:.0}% confidence",
                100.0 * s.confidence
            );
            if let Some(why) = &s.exact_refused {
                line.push_str(&format!(" (not exact: {why})"));
            }
            line
        }
        _ => "exact (every branch of the dice tree enumerated)".to_string(),
    }
}

fn json_answer(a: &Answer) -> String {
    contract::to_pretty_json(&answer_contract(a))
}

/// The typed JSON of an answer (`volley odds --format json`).
pub fn answer_contract(a: &Answer) -> AnswerJson {
    let mut answer = AnswerJson::of_summary(a.system, a.action, a.summary);
    answer.scenario = match &a.scenario {
        Json::Object(fields) => fields.clone(),
        _ => Default::default(),
    };
    if let (Some((variable, value)), Some(text)) = (a.headline, headline_sentence(a)) {
        answer.headline = Some(HeadlineJson {
            variable: variable.to_string(),
            value: value.to_string(),
            text,
        });
    }
    answer.house_rules = a.house_rules.to_vec();
    answer.notes = a.notes.clone();
    answer.provisional = a.provisional.clone();
    answer.readings = a.readings.iter().map(ReadingJson::from).collect();
    answer.working = a.working.clone();
    answer
}

/// The JSON object of an answer, keys in alphabetical order.
pub fn answer_object(a: &Answer) -> Json {
    serde_json::to_value(answer_contract(a)).unwrap_or_default()
}

fn csv_answer(a: &Answer) -> String {
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

/// "P(works) = 35.34%": the headline outcome, stated first.
pub fn headline_sentence(a: &Answer) -> Option<String> {
    let (variable, value) = a.headline?;
    let e = a.summary.probability(variable, value)?;
    // A yes/no variable reads as an event: P(works), not P(works = yes).
    let event = if value == "yes" {
        variable.to_string()
    } else {
        format!("{variable} = {value}")
    };
    Some(format!(
        "P({event}) = {}",
        probability_text(&e, a.summary.exact, a.fractions)
    ))
}

fn table_answer(a: &Answer) -> String {
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
    out.push_str(&super::readings::block(&a.readings, a.system));
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
    out
}

fn markdown_answer(a: &Answer) -> String {
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
    }
    for note in &a.notes {
        let _ = writeln!(out, "Note: {note}.\n");
    }
    let readings = super::readings::markdown(&a.readings, a.system);
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
