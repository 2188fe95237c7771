//! The GHQ cards' lists (Micro Squad, Micro Armour): terrain, range by
//! band, and the markers' cohesion penalties.

use super::{Reference, signed};
use crate::rules::RuleBook;
use toml::Value;

/// A range chart's bands (`{ max, drm }`, in order): each band's inches
/// (`5-9"`, or `1"` for a band of one inch) and its modifier.
fn bands(chart: &Value) -> Vec<(String, String)> {
    let mut from = 0;
    let mut rows = Vec::new();
    for band in chart.as_array().cloned().unwrap_or_default() {
        let max = band.get("max").and_then(Value::as_integer).unwrap_or(0);
        let inches = if max == from + 1 {
            format!("{max}\"")
        } else {
            format!("{}-{max}\"", from + 1)
        };
        rows.push((inches, signed(band.get("drm"))));
        from = max;
    }
    rows
}

/// A range chart as a list: a row a band, its modifier.
fn range(title: &str, chart: &Value) -> Reference {
    Reference::new(
        title,
        "inches",
        &["modifier"],
        bands(chart)
            .into_iter()
            .map(|(inches, drm)| (inches, vec![drm]))
            .collect(),
    )
}

/// The terrain chart's modifiers against personnel and other targets, by
/// terrain, in the order of their names.
fn terrain(book: &RuleBook) -> Reference {
    let mut rows: Vec<(String, Vec<String>)> = book.tree["terrain"]
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
    rows.sort();
    // The card's own short headings.
    Reference::new(
        "Terrain: the CRT roll's modifier (personnel, other targets)",
        "terrain",
        &["pers", "other"],
        rows,
    )
}

/// The markers' penalties to a stand's cohesion rolls.
fn markers(book: &RuleBook) -> Reference {
    let markers = &book.tree["markers"];
    Reference::new(
        "Markers: added to the stand's cohesion rolls",
        "marker",
        &["cohesion"],
        vec![
            (
                "S (Suppressed)".to_string(),
                vec![signed(markers.get("suppressed"))],
            ),
            (
                "D (Disorganized)".to_string(),
                vec![signed(markers.get("disorganized"))],
            ),
        ],
    )
}

pub(super) fn micro_squad(book: &RuleBook) -> Vec<Reference> {
    let range_chart = |name: &str| &book.tree["range"][name]["bands"];
    vec![
        terrain(book),
        range(
            "Range: the CRT roll's modifier, infantry small arms",
            range_chart("infantry"),
        ),
        range(
            "Range: the CRT roll's modifier, the general table",
            range_chart("general"),
        ),
        markers(book),
    ]
}

pub(super) fn micro_armour(book: &RuleBook) -> Vec<Reference> {
    // The range chart by the firer's tech level: a row a modifier, each
    // level's inches in it (TL5's chart is an option's reading, not printed).
    let levels = ["tl1", "tl2", "tl3", "tl4"];
    let charts: Vec<Vec<(String, String)>> = levels
        .iter()
        .map(|tl| bands(&book.tree["range"][*tl]))
        .collect();
    let rows = (0..charts.iter().map(Vec::len).max().unwrap_or(0))
        .map(|i| {
            let drm = charts[0].get(i).map_or(String::new(), |b| b.1.clone());
            // A level whose band here has another modifier says it.
            let inches = charts
                .iter()
                .map(|c| match c.get(i) {
                    Some((inches, own)) if *own != drm => format!("{inches} ({own})"),
                    Some((inches, _)) => inches.clone(),
                    None => String::new(),
                })
                .collect();
            (drm, inches)
        })
        .collect();
    vec![
        terrain(book),
        Reference::new(
            "Range: the CRT roll's modifier, by the firer's tech level",
            "modifier",
            &["TL1", "TL2", "TL3", "TL4"],
            rows,
        ),
        markers(book),
    ]
}
