//! The modifier lists a quick-reference sheet prints beside its odds: the
//! card's own numbers that feed the charts (terrain, range, markers), read
//! from the rule book the sheet is asked under, so that a house rule shows
//! in them as in the odds.

use crate::rules::RuleBook;
use toml::Value;

/// One list: its title, its columns' headings, and its rows (a name, then a
/// value a column).
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<String>)>,
}

/// The lists of `system`'s sheet (none where its odds tables say all).
pub fn for_system(system: &str, book: &RuleBook) -> Vec<Reference> {
    match system {
        "micro-squad" => micro_squad(book),
        _ => Vec::new(),
    }
}

/// A signed modifier as the card prints it (`+4`, `-1`, `0`).
fn signed(value: Option<&Value>) -> String {
    match value.and_then(Value::as_integer) {
        Some(0) => "0".to_string(),
        Some(n) => format!("{n:+}"),
        None => value.map_or("-".to_string(), ToString::to_string),
    }
}

/// A range chart's bands (`{ max, drm }`, in order) as rows (`5-9"`, `0`).
fn range_rows(book: &RuleBook, chart: &str) -> Vec<(String, Vec<String>)> {
    let bands = book.tree["range"][chart]["bands"].as_array().cloned();
    let mut from = 0;
    let mut rows = Vec::new();
    for band in bands.unwrap_or_default() {
        let max = band.get("max").and_then(Value::as_integer).unwrap_or(0);
        rows.push((
            format!("{}-{max}\"", from + 1),
            vec![signed(band.get("drm"))],
        ));
        from = max;
    }
    rows
}

fn micro_squad(book: &RuleBook) -> Vec<Reference> {
    let mut terrain: Vec<(String, Vec<String>)> = book.tree["terrain"]
        .as_table()
        .map(|t| {
            t.iter()
                .filter(|(_, v)| v.is_table())
                .map(|(name, v)| {
                    (
                        name.clone(),
                        vec![signed(v.get("personnel")), signed(v.get("other"))],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    terrain.sort();
    let markers = &book.tree["markers"];
    vec![
        Reference {
            title: "Terrain: the CRT roll's modifier (personnel, other targets)".to_string(),
            // The card's own short headings.
            columns: vec!["pers".to_string(), "other".to_string()],
            rows: terrain,
        },
        Reference {
            title: "Range: the CRT roll's modifier, infantry small arms".to_string(),
            columns: vec!["modifier".to_string()],
            rows: range_rows(book, "infantry"),
        },
        Reference {
            title: "Range: the CRT roll's modifier, the general table".to_string(),
            columns: vec!["modifier".to_string()],
            rows: range_rows(book, "general"),
        },
        Reference {
            title: "Markers: added to the stand's cohesion rolls".to_string(),
            columns: vec!["cohesion".to_string()],
            rows: vec![
                (
                    "S (Suppressed)".to_string(),
                    vec![signed(markers.get("suppressed"))],
                ),
                (
                    "D (Disorganized)".to_string(),
                    vec![signed(markers.get("disorganized"))],
                ),
            ],
        },
    ]
}
