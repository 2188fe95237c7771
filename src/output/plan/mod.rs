//! Best play (`volley plan`): the value under best play and under fixed
//! policies, the policy in words and state by state, the Monte Carlo check.

#[cfg(feature = "native")]
mod figure;

#[cfg(feature = "native")]
pub use figure::policy_map;

use super::Document;
use crate::ask::question::Question;
use crate::contract::PlanJson;
use crate::dice::grouped;
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
    /// The text lists every state best play reaches often enough, not only
    /// those where it departs from the usual play, and every field of the
    /// scenario.
    pub all: bool,
}

impl Document for PlanDocument<'_> {
    fn json(&self) -> String {
        PlanJson::pretty_of_question(self.question, self.plan, self.ask)
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        csv(self.plan)
    }

    fn text(&self, markdown: bool) -> String {
        text(self, markdown)
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
#[cfg(feature = "native")]
fn axes(plan: &PlanAnswer) -> Vec<&'static str> {
    plan.policy
        .first()
        .map(|r| r.state.iter().map(|(a, _)| *a).collect())
        .unwrap_or_default()
}

/// Every decision state as CSV: turn, the state's axes, reach, each
/// choice's value, the best choice and its gain.
#[cfg(feature = "native")]
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

fn text(document: &PlanDocument<'_>, markdown: bool) -> String {
    let (question, plan, ask) = (document.question, document.plan, document.ask);
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
    if let Some(reason) = question.provisional() {
        let _ = writeln!(out, "PROVISIONAL: {reason}.");
    }
    let scenario = if document.all {
        question.scenario_line()
    } else {
        question.scenario_given_line()
    };
    let _ = writeln!(out, "scenario: {scenario}");
    // The house rules it is solved under, as every answer lists them.
    let book = question.book();
    if !book.house_rules.is_empty() {
        let _ = writeln!(out, "house rules: {}", book.house_rules.join(", "));
        for patch in &book.patches {
            let said = crate::contract::PatchJson::from(patch).said();
            let _ = writeln!(out, "  changes {said}");
        }
        for note in question.notes() {
            let _ = writeln!(out, "note: {note}");
        }
    }
    out.push('\n');
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
    out.push_str(&policy_table(plan, document.all, markdown));
    if let Some((trials, e)) = plan.check {
        let agrees = e.low <= plan.best && plan.best <= e.high;
        let _ = writeln!(
            out,
            "\nMonte Carlo check: {} trials (seed {}) playing this policy give {} [{}, {}] ({:.0}% interval): {}.",
            grouped(trials),
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
    let kernels = grouped(plan.kernels as u64);
    let (what, enumerated) = if two_sided(plan) {
        (
            "decision states",
            format!(" (each side's choice a decision point), {kernels} choices"),
        )
    } else {
        ("states", format!(", {kernels} turns"))
    };
    let _ = writeln!(
        out,
        "{} {what} met over {} turns{enumerated} enumerated.",
        grouped(plan.states as u64),
        plan.turn_limit
    );
    out
}

/// The policy state by state, in the card's words: by default the states
/// where best play departs from the usual play, by turn and most reached
/// first; with `all`, every state best play reaches often enough.
fn policy_table(plan: &PlanAnswer, all: bool, markdown: bool) -> String {
    let mut out = String::new();
    let mut shown: Vec<_> = plan
        .policy
        .iter()
        .filter(|r| r.reach >= SHOWN_REACH && (all || r.choice != r.usual))
        .collect();
    let often = format!("at least {:.1}% of the time", 100.0 * SHOWN_REACH);
    // Every value is the decider's goal, the opponent's rows too.
    let values = if two_sided(plan) {
        format!(
            "each choice's value is {} for {} (where {} chooses, it takes the lowest)",
            plan.goal,
            plan.decider.to_uppercase(),
            other_side(plan.decider).to_uppercase()
        )
    } else {
        format!("each choice's value is {} from there", plan.goal)
    };
    if all {
        let _ = writeln!(
            out,
            "The policy, state by state: the decision states best play reaches {often} ({} of {}; --format json or csv lists all); {values}:",
            grouped(shown.len() as u64),
            grouped(plan.policy.len() as u64)
        );
    } else if shown.is_empty() {
        let _ = writeln!(
            out,
            "Best play departs from the usual play only in states it reaches less than {:.1}% of the time, if at all (--all lists every state reached more often, --format json or csv all {}).",
            100.0 * SHOWN_REACH,
            grouped(plan.policy.len() as u64)
        );
        return out;
    } else {
        // By turn, the most reached first.
        shown.sort_by(|a, b| a.turn.cmp(&b.turn).then(b.reach.total_cmp(&a.reach)));
        let _ = writeln!(
            out,
            "Where best play departs from the usual play: the {} decision states it reaches {often} where it does, by turn, most reached first (--all lists every state, --format json or csv all {}); {values}:",
            grouped(shown.len() as u64),
            grouped(plan.policy.len() as u64)
        );
    }
    let mut header = vec!["turn".to_string()];
    if two_sided(plan) {
        header.push("side".to_string());
    }
    header.push("state".to_string());
    header.push("reach".to_string());
    header.extend(columns(plan).iter().map(|c| c.to_string()));
    header.push("usual".to_string());
    header.push("best".to_string());
    let state_column = usize::from(two_sided(plan)) + 1;
    let mut table = vec![header];
    for r in shown {
        let mut row = vec![r.turn.to_string()];
        if two_sided(plan) {
            row.push(r.side.to_uppercase());
        }
        row.push(r.words.clone());
        row.push(format!("{}%", crate::output::percent_digits(r.reach)));
        for c in columns(plan) {
            row.push(
                r.values
                    .iter()
                    .find(|(x, _)| *x == c)
                    .map_or("-".to_string(), |(_, v)| plan.shown(*v)),
            );
        }
        row.push(r.usual.to_string());
        row.push(r.choice.to_string());
        table.push(row);
    }
    out.push_str(&grid(&table, &[state_column], markdown));
    out
}

/// A table of text cells, aligned to the right but for the `left` columns
/// (or as a Markdown table).
fn grid(rows: &[Vec<String>], left: &[usize], markdown: bool) -> String {
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
            .enumerate()
            .map(|(c, (cell, w))| {
                if left.contains(&c) {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
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
