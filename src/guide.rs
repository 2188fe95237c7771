//! The generated pages of the guide in `docs/`: how each system's open
//! readings of its card were settled and how to switch them (`readings.md`),
//! every patchable chart with its bounds (`charts.md`), every roll a house
//! rule can change (`rolls.md`), and the JSON Schema of
//! every answer the front ends print (`schema/`). They are written
//! from the charts themselves by `volley guide`, and a test checks that the
//! committed pages are what it writes, so they cannot drift from the code.

use crate::ask::sensitivity;
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems;
use std::fmt::Write;
use toml::Value;

/// The generated pages, by file name: the two guide pages and the JSON
/// Schema of every document of the JSON contract (`schema/`).
pub fn pages() -> Result<Vec<(String, String)>, InputError> {
    let mut pages = vec![
        ("readings.md".to_string(), readings()?),
        ("charts.md".to_string(), charts()?),
        ("rolls.md".to_string(), rolls()),
    ];
    for (name, schema) in crate::contract::schemas() {
        pages.push((
            format!("schema/{name}"),
            crate::contract::to_pretty_json(&schema),
        ));
    }
    Ok(pages)
}

fn card(system: &dyn crate::action::System) -> Result<RuleBook, InputError> {
    systems::rulebook(system, &[])
}

const GENERATED: &str =
    "<!-- Written by `volley guide` from the charts; edit the charts, not this page. -->\n";

/// Every rules option of every system: the reading volley takes, the others it
/// has built, and the note that says why.
fn readings() -> Result<String, InputError> {
    let mut out = String::from(GENERATED);
    let _ = writeln!(out, "# How volley reads each card\n");
    let _ = writeln!(
        out,
        "A quick-reference card is sometimes garbled, sometimes silent. Wherever it leaves a \
         reading open, volley takes one and makes it a **rules option**: the reading it takes \
         by default, the alternatives it has built, and a note saying why. A note starts with \
         how sure the reading is: *printed* (on the card), *reconstructed* (restored from the \
         card's own pattern) or *assumed* (the card is silent); `[H]`, `[M]` and `[L]` mark \
         high, medium and low confidence, and a code such as `MS-CA1` or `S7` is the \
         reading's short name, the same wherever volley mentions it. Numbers in brackets \
         such as (2.5.7) are the card's sections.\n"
    );
    let _ = writeln!(
        out,
        "Switch a reading with a house rule (see [house rules](house-rules.md)):\n\n\
         ```toml\n[set]\n\"options.ms_crt_alignment\" = \"b\"\n```\n\n\
         `volley sensitivity SYSTEM ACTION` measures what every switch does to a question, \
         and `reports/sensitivity-SYSTEM/` holds that measure for every action's default \
         question.\n"
    );
    for system in systems::all() {
        let book = card(*system)?;
        let _ = writeln!(out, "## {} (`{}`)\n", system.title(), system.name());
        let (choices, numbers) = sensitivity::options(&book)?;
        let note = |option: &str| {
            book.tree
                .get("option_notes")
                .and_then(|n| n.get(option))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let _ = writeln!(out, "| option | volley reads | also built | why |");
        let _ = writeln!(out, "|---|---|---|---|");
        for choice in &choices {
            let others: Vec<String> = choice
                .alternatives
                .iter()
                .map(|v| format!("`{}`", sensitivity::shown(v)))
                .collect();
            let _ = writeln!(
                out,
                "| `{}` | `{}` | {} | {} |",
                choice.option,
                sensitivity::shown(&choice.current),
                others.join(", "),
                cell(&note(&choice.option))
            );
        }
        for (option, why) in &numbers {
            let value = book
                .tree
                .get("options")
                .and_then(|o| o.get(option))
                .map(sensitivity::shown)
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "| `{option}` | `{value}` | ({why}) | {} |",
                cell(&note(option))
            );
        }
        let _ = writeln!(out);
        let fixed = crate::action::describe::fixed_readings(&book);
        if !fixed.is_empty() {
            let _ = writeln!(
                out,
                "Where the card is open and volley builds one reading only, it says so here:\n"
            );
            let _ = writeln!(out, "| reading | the card | volley reads |");
            let _ = writeln!(out, "|---|---|---|");
            for (name, card_words, reading) in fixed {
                let _ = writeln!(
                    out,
                    "| `{name}` | \"{}\" | {} |",
                    cell(&card_words),
                    cell(&reading)
                );
            }
            let _ = writeln!(out);
        }
    }
    Ok(out)
}

/// A note as one table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Every chart of every system, as a house rule names it, with the bounds its
/// values keep.
/// Every system's roll points: where a house rule's `[[roll]]` tables
/// attach, what each changes and what a condition reads there.
fn rolls() -> String {
    let mut out = String::from(GENERATED);
    let _ = writeln!(out, "# The rolls a house rule can change\n");
    let _ = writeln!(
        out,
        "Each procedure names its rolls and checks. A house rule's `[[roll]]` table attaches \
         to one by its name (`point`), and when its `when` condition holds (or always, without \
         one) adds a `modifier`, sets a `threshold` (or moves it by `threshold_add`), or \
         re-rolls a failed (or passed) roll once (`reroll`): see [house rules](house-rules.md). \
         `volley rules SYSTEM rolls` prints a system's list.\n"
    );
    for system in systems::all() {
        let _ = writeln!(out, "## {} (`{}`)\n", system.title(), system.name());
        out.push_str(&crate::rules::rolls::describe(system.roll_points()));
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

fn charts() -> Result<String, InputError> {
    let mut out = String::from(GENERATED);
    let _ = writeln!(out, "# The charts a house rule can patch\n");
    let _ = writeln!(
        out,
        "Every chart of every card, by the path a house rule names it with (see \
         [house rules](house-rules.md)); `volley rules SYSTEM CHART` prints one as volley \
         reads it (the path uses the chart file's keys, `butchers_bill`, where `volley rules` \
         names the chart `butchers-bill`). Each card bounds its values: a house rule that sets a value outside its \
         bound is refused with the file, the line and the reason. Values no bound names may \
         move up to ten times the largest value beside them on the card (at least 100), and \
         not below zero where all their neighbours are zero or more.\n"
    );
    for system in systems::all() {
        let book = card(*system)?;
        let _ = writeln!(out, "## {} (`{}`)\n", system.title(), system.name());
        let sections: Vec<String> = book
            .tree
            .iter()
            .filter(|(key, value)| {
                value.is_table()
                    && !matches!(
                        key.as_str(),
                        "meta"
                            | "option_notes"
                            | "option_alternatives"
                            | "bounds"
                            | "fixed_readings"
                    )
            })
            .map(|(key, value)| {
                let entries = value.as_table().map_or(0, |t| t.len());
                let noun = if entries == 1 { "entry" } else { "entries" };
                format!("`{key}` ({entries} {noun})")
            })
            .collect();
        let _ = writeln!(out, "Charts and sections: {}.\n", sections.join(", "));
        if let Some(Value::Table(bounds)) = book.tree.get("bounds") {
            let _ = writeln!(out, "| values at | from | to | why |");
            let _ = writeln!(out, "|---|---|---|---|");
            for (pattern, bound) in bounds {
                let number = |key: &str| bound.get(key).map(|v| v.to_string()).unwrap_or_default();
                let why = bound.get("why").and_then(Value::as_str).unwrap_or("");
                let _ = writeln!(
                    out,
                    "| `{pattern}` | {} | {} | {} |",
                    number("min"),
                    number("max"),
                    cell(why)
                );
            }
            let _ = writeln!(out);
        }
        let _ = writeln!(
            out,
            "For example, `volley rules {0} {1}` prints the `{1}` chart.\n",
            system.name(),
            system.chart_names().get(1).copied().unwrap_or("options")
        );
    }
    Ok(out)
}
