//! The blog's two rule sets' lists: the hex rules' firepower by range,
//! Stand and Die!'s chances a figure adds.

use super::Reference;
use crate::rules::RuleBook;
use toml::Value;

pub(super) fn hex_acw(book: &RuleBook) -> Vec<Reference> {
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
    let columns: Vec<String> = (1..=reach).map(|h| h.to_string()).collect();
    let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
    vec![Reference::new(
        "Firepower a figure (a gun) by range in hexes",
        "arm",
        &columns,
        rows,
    )]
}

pub(super) fn stand_and_die(book: &RuleBook) -> Vec<Reference> {
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
    let mut columns: Vec<&str> = postures.iter().map(|(_, words)| *words).collect();
    columns.push("from the rear");
    vec![Reference::new(
        "Attack: the chance a figure (a gun) adds, by the target's posture",
        "attacker",
        &columns,
        rows,
    )]
}
