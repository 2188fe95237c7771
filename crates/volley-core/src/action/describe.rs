//! Pieces every system's `volley rules` printer shares: choosing the charts asked
//! for, and listing the rule options with their notes.

use crate::error::{InputError, one_of};
use crate::rules::RuleBook;
use std::fmt::Write;

/// The charts to print: all of them, or the one named (an error names the others).
pub fn select<'a>(
    system: &str,
    charts: &[&'a str],
    chart: Option<&str>,
) -> Result<Vec<&'a str>, InputError> {
    match chart {
        None => Ok(charts.to_vec()),
        Some(name) => charts
            .iter()
            .find(|c| **c == name)
            .map(|c| vec![*c])
            .ok_or_else(|| {
                InputError::argument(
                    "chart",
                    format!(
                        "{system} has no chart `{name}`; it has {} (and `rolls`, its named rolls)",
                        one_of(charts)
                    ),
                )
            }),
    }
}

/// Every `[options]` switch of the (patched) rules with its value and the note
/// from the card's `[option_notes]`.
pub fn options(rules: &RuleBook) -> String {
    let notes = rules.tree.get("option_notes").and_then(|n| n.as_table());
    let mut out = String::new();
    for (key, value) in rules
        .tree
        .get("options")
        .and_then(|o| o.as_table())
        .into_iter()
        .flatten()
    {
        let note = notes
            .and_then(|n| n.get(key))
            .and_then(|n| n.as_str())
            .unwrap_or("");
        let _ = writeln!(out, "{key} = {value}\n    {note}");
    }
    let fixed = fixed_readings(rules);
    if !fixed.is_empty() {
        out.push_str(
            "\nReadings with no alternative built (the card's words, then volley's reading):\n",
        );
        for (name, card, reading) in fixed {
            let _ = writeln!(out, "{name}\n    card: {card}\n    volley: {reading}");
        }
    }
    out
}

/// The card's readings that volley takes with no alternative built, from the
/// chart file's `[fixed_readings]`: (name, the card's words, volley's reading).
pub fn fixed_readings(rules: &RuleBook) -> Vec<(String, String, String)> {
    let text = |entry: &toml::Value, key: &str| {
        entry
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string()
    };
    rules
        .tree
        .get("fixed_readings")
        .and_then(|f| f.as_table())
        .into_iter()
        .flatten()
        .map(|(name, entry)| (name.clone(), text(entry, "card"), text(entry, "reading")))
        .collect()
}
