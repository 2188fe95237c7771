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
    /// What the rows are (`terrain`, `inches`).
    pub rows_are: String,
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<String>)>,
    /// The cells (row, column) that differ from the card's (on a house
    /// rule's sheet).
    pub changed: Vec<(usize, usize)>,
}

/// `system`'s lists under `book`, each cell that differs from `card`'s
/// marked.
pub fn compared(system: &str, book: &RuleBook, card: &RuleBook) -> Vec<Reference> {
    let mut lists = for_system(system, book);
    for (list, on_card) in lists.iter_mut().zip(for_system(system, card)) {
        for (r, (row, card_row)) in list.rows.iter().zip(&on_card.rows).enumerate() {
            for (c, (cell, card_cell)) in row.1.iter().zip(&card_row.1).enumerate() {
                if cell != card_cell || row.0 != card_row.0 {
                    list.changed.push((r, c));
                }
            }
        }
    }
    lists
}

/// The lists of `system`'s sheet (none where its odds tables say all).
pub fn for_system(system: &str, book: &RuleBook) -> Vec<Reference> {
    match system {
        "micro-squad" => micro_squad(book),
        "micro-armour" => micro_armour(book),
        "hex-acw" => hex_acw(book),
        "stand-and-die" => stand_and_die(book),
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
    Reference {
        title: title.to_string(),
        rows_are: "inches".to_string(),
        columns: vec!["modifier".to_string()],
        rows: bands(chart)
            .into_iter()
            .map(|(inches, drm)| (inches, vec![drm]))
            .collect(),
        changed: Vec::new(),
    }
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
    Reference {
        title: "Terrain: the CRT roll's modifier (personnel, other targets)".to_string(),
        rows_are: "terrain".to_string(),
        // The card's own short headings.
        columns: vec!["pers".to_string(), "other".to_string()],
        rows,
        changed: Vec::new(),
    }
}

/// The markers' penalties to a stand's cohesion rolls.
fn markers(book: &RuleBook) -> Reference {
    let markers = &book.tree["markers"];
    Reference {
        title: "Markers: added to the stand's cohesion rolls".to_string(),
        rows_are: "marker".to_string(),
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
        changed: Vec::new(),
    }
}

fn micro_squad(book: &RuleBook) -> Vec<Reference> {
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

fn micro_armour(book: &RuleBook) -> Vec<Reference> {
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
        Reference {
            title: "Range: the CRT roll's modifier, by the firer's tech level".to_string(),
            rows_are: "modifier".to_string(),
            columns: levels.iter().map(|tl| tl.to_uppercase()).collect(),
            rows,
            changed: Vec::new(),
        },
        markers(book),
    ]
}

fn hex_acw(book: &RuleBook) -> Vec<Reference> {
    // Firepower a figure (a gun) by range: its power where it reaches.
    let arms = ["infantry", "cavalry", "artillery"];
    let firepower = &book.tree["firepower"];
    let reach = arms
        .iter()
        .filter_map(|arm| firepower[*arm]["range"].as_integer())
        .max()
        .unwrap_or(0);
    let rows = arms
        .iter()
        .map(|arm| {
            let power = firepower[*arm]["power"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let cells = (0..reach as usize)
                .map(|hexes| {
                    power
                        .get(hexes)
                        .map_or("-".to_string(), ToString::to_string)
                })
                .collect();
            (arm.to_string(), cells)
        })
        .collect();
    vec![Reference {
        title: "Firepower a figure (a gun) by range in hexes".to_string(),
        rows_are: "arm".to_string(),
        columns: (1..=reach).map(|h| h.to_string()).collect(),
        rows,
        changed: Vec::new(),
    }]
}

fn stand_and_die(book: &RuleBook) -> Vec<Reference> {
    // The card's chances in tenths of a casualty, printed as it prints
    // them (0.3 a figure), and the rear bonus beside them.
    let tenths = |value: &Value| {
        value
            .as_integer()
            .map_or("-".to_string(), |t| format!("{}.{}", t / 10, t % 10))
    };
    let postures = [
        ("standing", "standing"),
        ("fallback", "falls back"),
        ("standing_cover", "stands in cover"),
        ("fallback_cover", "falls back in cover"),
    ];
    let rows = ["infantry", "cavalry", "gun"]
        .iter()
        .map(|kind| {
            let chances = &book.tree["chances"][*kind];
            let mut cells: Vec<String> = postures
                .iter()
                .map(|(key, _)| tenths(&chances[*key]))
                .collect();
            cells.push(format!("+{}", tenths(&book.tree["rear"][*kind])));
            (kind.to_string(), cells)
        })
        .collect();
    let mut columns: Vec<String> = postures
        .iter()
        .map(|(_, words)| words.to_string())
        .collect();
    columns.push("from the rear".to_string());
    vec![Reference {
        title: "Attack: the chance a figure (a gun) adds, by the target's posture".to_string(),
        rows_are: "attacker".to_string(),
        columns,
        rows,
        changed: Vec::new(),
    }]
}
