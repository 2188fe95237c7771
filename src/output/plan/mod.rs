//! Best play (`volley plan`): the value under best play and under fixed
//! policies, the policy in words and state by state, the Monte Carlo check.

mod figure;

pub use figure::policy_map;

use super::Document;
use crate::ask::question::Question;
use crate::contract::{self, PlanJson};
use crate::plan::{Ask, Opponent, PlanAnswer, other_side};
use std::fmt::Write;

/// Rows of the policy table the text shows: those best play reaches at
/// least this often (the JSON and CSV list every one).
const SHOWN_REACH: f64 = 0.001;

/// Best play found for a question, as asked.
pub struct PlanDocument<'a> {
    pub question: &'a Question,
    pub plan: &'a PlanAnswer,
    pub ask: &'a Ask,
}

impl Document for PlanDocument<'_> {
    fn json(&self) -> String {
        contract::to_pretty_json(&PlanJson::of_question(self.question, self.plan, self.ask))
    }

    fn csv(&self) -> String {
        csv(self.plan)
    }

    fn text(&self, markdown: bool) -> String {
        text(self.question, self.plan, self.ask, markdown)
    }
}

/// Every choice a column shows: the decider's, then any of the opponent's
/// it does not share.
fn columns(plan: &PlanAnswer) -> Vec<&'static str> {
    let mut all = plan.choices.clone();
    for c in &plan.opponent_choices {
        if !all.contains(c) {
            all.push(c);
        }
    }
    all
}

/// Does the opponent choose too (a column says who chooses)?
fn two_sided(plan: &PlanAnswer) -> bool {
    plan.opponent == Opponent::Best
}

/// The policy table's axes, in the order the first state lists them.
fn axes(plan: &PlanAnswer) -> Vec<&'static str> {
    plan.policy
        .first()
        .map(|r| r.state.iter().map(|(a, _)| *a).collect())
        .unwrap_or_default()
}

/// Every decision state as CSV: turn, the state's axes, reach, each
/// choice's value, the best choice and its gain.
fn csv(plan: &PlanAnswer) -> String {
    let axes = axes(plan);
    let mut out = String::from("turn,");
    if two_sided(plan) {
        out.push_str("side,");
    }
    for a in &axes {
        let _ = write!(out, "{a},");
    }
    out.push_str("reach,");
    for c in columns(plan) {
        let _ = write!(out, "value_{c},");
    }
    out.push_str("choice,gain\n");
    for r in &plan.policy {
        let _ = write!(out, "{},", r.turn);
        if two_sided(plan) {
            let _ = write!(out, "{},", r.side);
        }
        for (_, v) in &r.state {
            let _ = write!(out, "{v},");
        }
        let _ = write!(out, "{},", r.reach);
        for c in columns(plan) {
            match r.values.iter().find(|(x, _)| *x == c) {
                Some((_, v)) => {
                    let _ = write!(out, "{v},");
                }
                None => out.push(','),
            }
        }
        let _ = writeln!(out, "{},{}", r.choice, r.gain);
    }
    out
}

fn text(question: &Question, plan: &PlanAnswer, ask: &Ask, markdown: bool) -> String {
    let mut out = String::new();
    let against = if two_sided(plan) {
        format!(
            " against {} at its best ({})",
            other_side(plan.decider).to_uppercase(),
            plan.opponent_choices.join(" or ")
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{} {}: best play for {} ({}){against}, goal {}",
        question.system().name(),
        question.action().name(),
        plan.decider.to_uppercase(),
        plan.choices.join(" or "),
        plan.goal
    );
    let _ = writeln!(out, "scenario: {}\n", question.scenario_line());
    let mut rows = vec![("best play".to_string(), plan.best)];
    let answered = if two_sided(plan) {
        format!(
            ", {}'s best answer",
            other_side(plan.decider).to_uppercase()
        )
    } else {
        String::new()
    };
    rows.extend(
        plan.fixed
            .iter()
            .map(|(name, value)| (format!("{name}{answered}"), *value)),
    );
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (name, value) in &rows {
        let _ = writeln!(out, "  {name:<width$}  {} (exact)", plan.shown(*value));
    }
    let _ = writeln!(out, "\n{}\n", plan.summary());
    let axes = axes(plan);
    let shown: Vec<_> = plan
        .policy
        .iter()
        .filter(|r| r.reach >= SHOWN_REACH)
        .collect();
    let _ = writeln!(
        out,
        "The policy, state by state: the decision states best play reaches at least {:.1}% of the time ({} of {}; --format json or csv lists all), each choice's value from there:",
        100.0 * SHOWN_REACH,
        shown.len(),
        plan.policy.len()
    );
    let mut header = vec!["turn".to_string()];
    if two_sided(plan) {
        header.push("side".to_string());
    }
    header.extend(axes.iter().map(|a| a.to_string()));
    header.push("reach".to_string());
    header.extend(columns(plan).iter().map(|c| c.to_string()));
    header.push("best".to_string());
    let mut table = vec![header];
    for r in shown {
        let mut row = vec![r.turn.to_string()];
        if two_sided(plan) {
            row.push(r.side.to_uppercase());
        }
        row.extend(r.state.iter().map(|(_, v)| v.to_string()));
        row.push(format!("{}%", crate::output::percent_digits(r.reach)));
        for c in columns(plan) {
            row.push(
                r.values
                    .iter()
                    .find(|(x, _)| *x == c)
                    .map_or("-".to_string(), |(_, v)| plan.shown(*v)),
            );
        }
        row.push(r.choice.to_string());
        table.push(row);
    }
    out.push_str(&grid(&table, markdown));
    if let Some((trials, e)) = plan.check {
        let agrees = e.low <= plan.best && plan.best <= e.high;
        let _ = writeln!(
            out,
            "\nMonte Carlo check: {trials} trials (seed {}) playing this policy give {} [{}, {}] ({:.0}% interval): {}.",
            ask.seed,
            plan.shown(e.value),
            plan.shown(e.low),
            plan.shown(e.high),
            100.0 * ask.confidence,
            if agrees {
                "the exact value lies within it"
            } else {
                "the exact value lies OUTSIDE it"
            }
        );
    }
    let used = crate::ask::readings::used(question);
    if !used.is_empty() {
        let _ = writeln!(
            out,
            "\nReadings of the card consulted: {}.",
            crate::ask::readings::line(&used)
        );
    }
    if two_sided(plan) {
        let _ = writeln!(
            out,
            "{} decision states met over {} turns (each side's choice a decision point), {} choices enumerated.",
            plan.states, plan.turn_limit, plan.kernels
        );
    } else {
        let _ = writeln!(
            out,
            "{} states met over {} turns, {} turns enumerated.",
            plan.states, plan.turn_limit, plan.kernels
        );
    }
    out
}

/// A table of text cells, aligned (or as a Markdown table).
fn grid(rows: &[Vec<String>], markdown: bool) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.len())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:>w$}"))
            .collect();
        if markdown {
            let _ = writeln!(out, "| {} |", cells.join(" | "));
            if i == 0 {
                let _ = writeln!(
                    out,
                    "|{}|",
                    widths
                        .iter()
                        .map(|w| "-".repeat(w + 2))
                        .collect::<Vec<_>>()
                        .join("|")
                );
            }
        } else {
            let _ = writeln!(out, "  {}", cells.join("  "));
        }
    }
    out
}
