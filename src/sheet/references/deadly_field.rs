//! Across A Deadly Field's lists: the Basic Morale Point by quality, what
//! the Modified Morale Point adds, and the fire's target modifiers.

use super::{Reference, one_column, signed, signed_number};
use crate::rules::RuleBook;
use crate::systems::deadly_field::COVERS;
use toml::Value;

/// The sheet's odds tables these lists follow: the two morale checks', and
/// the impact's (see the sheet's specs).
const AFTER_MORALE: usize = 1;
const AFTER_IMPACT: usize = 5;

pub(super) fn lists(book: &RuleBook) -> Vec<Reference> {
    vec![
        basic_morale(book).after(AFTER_MORALE),
        morale_modifiers(book).after(AFTER_MORALE),
        target_modifiers(book).after(AFTER_IMPACT),
    ]
}

/// The BMP by quality and stands lost; a battery's note in the title.
fn basic_morale(book: &RuleBook) -> Reference {
    let bmp = &book.tree["bmp"];
    let rows = ["elite", "veteran", "trained", "green"]
        .iter()
        .map(|quality| {
            let cells = bmp[*quality]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .map(ToString::to_string)
                .collect();
            (quality.to_string(), cells)
        })
        .collect();
    let per_section = bmp
        .get("artillery_per_section_lost")
        .map_or("-".to_string(), |v| signed(Some(v)));
    Reference::new(
        &format!("Basic Morale Point (a battery: none lost, {per_section} a section)"),
        "quality",
        &["none lost", "one lost", "last stand"],
        rows,
    )
}

/// What the Modified Morale Point adds: the level's add-on, then the good
/// and bad situations the morale check reads.
fn morale_modifiers(book: &RuleBook) -> Reference {
    let tree = &book.tree;
    let int = |table: &str, key: &str| tree[table].get(key).and_then(Value::as_integer);
    let value = |table: &str, key: &str| int(table, key).map_or("-".to_string(), signed_number);
    // Two readings of one situation share a row: `-1 (-2)`.
    let either =
        |key: &str, other: &str| format!("{} ({})", value("good", key), value("good", other));
    let addons: Vec<String> = tree["levels"]["addon"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .skip(1)
        .map(|addon| signed(Some(addon)))
        .collect();
    let at_most = |key: &str| int("good", key).map_or("-".to_string(), |n| signed_number(-n));
    let rows = [
        (
            "level Disorder, Shaken, Routed".to_string(),
            addons.join(", "),
        ),
        (
            "charging (mounted)".to_string(),
            either("charging", "mounted_charging"),
        ),
        (
            "in light (heavy) cover".to_string(),
            either("light_cover", "heavy_cover"),
        ),
        (
            format!(
                "each supporting unit (at most {}, {} charging)",
                at_most("support_max"),
                at_most("support_max_charge")
            ),
            value("good", "support_each"),
        ),
        (
            "enemy within 1 inch".to_string(),
            value("bad", "enemy_within_1"),
        ),
        (
            format!(
                "each brigade loss (at most {})",
                value("bad", "brigade_loss_max")
            ),
            value("bad", "brigade_loss_each"),
        ),
        ("merged regiment".to_string(), value("bad", "merged")),
    ];
    let clamp = |key: &str| int("mmp", key).map_or("-".to_string(), |n| n.to_string());
    Reference::new(
        &format!(
            "Added to the MMP (best two good, worst two bad; {} to {})",
            clamp("min"),
            clamp("max")
        ),
        "the unit",
        &["MMP"],
        one_column(rows),
    )
}

/// The fire's modifiers for what the target is and stands in, against
/// artillery fire and other fire.
fn target_modifiers(book: &RuleBook) -> Reference {
    let target = &book.tree["target"];
    let pair = |value: &Value| -> Vec<String> {
        let both = value.as_array().cloned().unwrap_or_default();
        (0..2).map(|i| signed(both.get(i))).collect()
    };
    // The covers in the fire table's order, then the qualities best first.
    let mut rows: Vec<(String, Vec<String>)> = COVERS
        .iter()
        .filter_map(|cover| {
            target["cover"]
                .get(cover)
                .map(|v| (format!("in {cover}"), pair(v)))
        })
        .collect();
    for quality in ["elite", "veteran", "trained", "green"] {
        if let Some(value) = target["quality"].get(quality) {
            rows.push((quality.to_string(), pair(value)));
        }
    }
    for (key, words) in [
        ("infantry_skirmishers", "infantry skirmishers"),
        ("behind_skirmishers", "behind skirmishers"),
        ("mounted_cavalry_not_charging", "mounted cavalry"),
        ("mounted_cavalry_charging", "mounted cavalry charging"),
        ("dismounted_line", "dismounted cavalry, line"),
        ("dismounted_skirmishers", "dismounted skirmishers"),
    ] {
        rows.push((words.to_string(), pair(&target[key])));
    }
    // The values the card lost or prints ambiguously are said to be
    // volley's readings.
    Reference::new(
        "Fire: added for the target (heavy woods and the mounted lines' order assumed)",
        "the target",
        &["by guns", "others"],
        rows,
    )
}
