//! Micro Force's lists: the commander's competence (Chart 2), infantry's
//! defense values (Chart 5), what the fire roll adds (Chart 6), the melee
//! modifiers (Chart 10) and the cohesion rolls' penalties.

use super::{Reference, one_column, signed, signed_number};
use crate::rules::RuleBook;
use crate::systems::micro_force::CHART_10_MODIFIERS;
use toml::Value;

/// The sheet's odds tables these lists follow: Chart 6's, and Chart 10's
/// second (see the sheet's specs).
const AFTER_FIRE: usize = 0;
const AFTER_MELEE: usize = 2;

pub(super) fn lists(book: &RuleBook) -> Vec<Reference> {
    vec![
        defense_values(book).after(AFTER_FIRE),
        fire_roll(book).after(AFTER_FIRE),
        melee(book).after(AFTER_MELEE),
        cohesion(book).after(AFTER_MELEE),
        competence(book),
    ]
}

/// A whole number at `key` of `table`, signed as the card prints it.
fn at(table: &Value, key: &str) -> String {
    signed(table.get(key))
}

/// Chart 5's infantry rows: a DV by cover and formation (the light-cover
/// skirmish cell as the book's reading gives it).
fn defense_values(book: &RuleBook) -> Reference {
    let formations = ["line", "skirmish", "disordered", "column", "attack_column"];
    let skirmish_light = book.tree["options"]
        .get("mf_dv_skirmish_light")
        .map_or("-".to_string(), ToString::to_string);
    let rows = ["open", "light", "medium", "heavy"]
        .iter()
        .map(|cover| {
            let row = &book.tree["dv"]["infantry"][*cover];
            let cells = formations
                .iter()
                .map(|formation| match (*cover, *formation) {
                    ("light", "skirmish") => skirmish_light.clone(),
                    _ => row
                        .get(formation)
                        .map_or("-".to_string(), ToString::to_string),
                })
                .collect();
            (cover.to_string(), cells)
        })
        .collect();
    let at_half = book.tree["dv"]
        .get("at_half_strength")
        .map_or("-".to_string(), |v| signed(Some(v)));
    Reference::new(
        &format!(
            "Chart 5: infantry's defense value by cover and formation ({at_half} at half strength)"
        ),
        "cover",
        &["line", "skirm", "disord", "column", "att col"],
        rows,
    )
}

/// What Chart 6's 2D6 adds, the firer's formation as the book reads the
/// card's duplicated line.
fn fire_roll(book: &RuleBook) -> Reference {
    let m = &book.tree["fire_modifiers"];
    let literal = book.tree["options"]
        .get("mf_fire_formation_mods")
        .and_then(Value::as_str)
        == Some("literal");
    let value = |key: &str| m.get(key).and_then(Value::as_integer).unwrap_or(0);
    let (column, skirmish) = if literal {
        (0, value("firer_skirmish") + value("firer_attack_column"))
    } else {
        (value("firer_column"), value("firer_skirmish"))
    };
    let rows = [
        ("firer failed its cohesion roll", at(m, "failed_cohesion")),
        ("firer Shaken", at(m, "firer_shaken")),
        ("firer Disordered", at(m, "firer_disordered")),
        ("firer in column", signed_number(column)),
        ("firer in attack column", at(m, "firer_attack_column")),
        ("firer in skirmish order", signed_number(skirmish)),
        ("target moving", at(m, "target_moving")),
        ("target Disordered", at(m, "target_disordered")),
        ("fire at the target's rear", at(m, "rear")),
        ("enfilade", at(m, "enfilade")),
    ];
    Reference::new(
        "Chart 6: added to the fire roll (2D6, lower is deadlier)",
        "the fire",
        &["2D6"],
        one_column(rows),
    )
}

/// Chart 10's modifiers, each under the side whose highest die it adds to.
fn melee(book: &RuleBook) -> Reference {
    let m = &book.tree["melee"]["modifiers"];
    // Each modifier's words; its side is the card's (the procedure's table).
    let words = |key: &str| match key {
        "defender_light_cover" => "defender in light cover".to_string(),
        "defender_medium_cover" => "defender in medium cover (assumed)".to_string(),
        "defender_heavy_cover" => "defender in heavy cover".to_string(),
        "defender_woods_rough" => "defender in woods or rough".to_string(),
        "defender_higher" => "defender on higher ground".to_string(),
        "defender_skirmish" => "defender in skirmish order".to_string(),
        "defender_disordered" => "defender Disordered".to_string(),
        "defender_column" => "defender in column".to_string(),
        "attacker_cavalry_line_half_move" => "cavalry in line, half a move".to_string(),
        "attacker_attack_column" => "attacker in attack column".to_string(),
        "attacker_flank_rear" => "attack on flank or rear".to_string(),
        other => other.replace('_', " "),
    };
    Reference::new(
        "Chart 10: added to a side's highest melee die",
        "the melee",
        &["attacker", "defender"],
        CHART_10_MODIFIERS
            .iter()
            .filter(|(_, key, _)| m.get(key).is_some())
            .map(|(_, key, defender)| {
                // Chart 10 lists no medium cover: the book's reading gives it.
                let value = match *key {
                    "defender_medium_cover" => {
                        signed(book.tree["options"].get("mf_melee_medium_cover"))
                    }
                    _ => at(m, key),
                };
                let cells = if *defender {
                    vec!["-".to_string(), value]
                } else {
                    vec![value, "-".to_string()]
                };
                (words(key), cells)
            })
            .collect(),
    )
}

/// What a cohesion roll (1D20 at or under the cohesion passes) adds: the
/// beads a unit carries, and each recovery test's own penalty.
fn cohesion(book: &RuleBook) -> Reference {
    let markers = &book.tree["markers"];
    let recovery = &book.tree["recovery"];
    // volley's reading of the card: a rally's penalty adds to the beads'
    // unless the book reads it as including them.
    let included = book.tree["options"]
        .get("mf_rally_includes_bead_penalty")
        .and_then(Value::as_bool)
        == Some(true);
    let (rally_shaken, rally_routed) = if included {
        (
            "rally a white bead (beads included)",
            "rally a black bead (beads included)",
        )
    } else {
        (
            "rally a white bead, + the beads'",
            "rally a black bead, + the beads'",
        )
    };
    let rows = [
        ("white bead (Shaken)", at(markers, "shaken")),
        ("black bead (Routed)", at(markers, "routed")),
        (rally_shaken, at(recovery, "rally_shaken")),
        (rally_routed, at(recovery, "rally_routed")),
        ("remove a red bead (cease fire)", at(recovery, "cease_fire")),
        ("rejoin the brigade", at(recovery, "rejoin")),
        ("resupply", at(recovery, "resupply")),
    ];
    Reference::new(
        "Cohesion rolls: added to the 1D20 (at or under the cohesion passes)",
        "the roll",
        &["1D20"],
        one_column(rows),
    )
}

/// Chart 2: a commander's competence gives its units' cohesion, its
/// command radius and its initiative modifier.
fn competence(book: &RuleBook) -> Reference {
    let chart = &book.tree["competence"];
    let column = |key: &str| chart[key].as_array().cloned().unwrap_or_default();
    let (cohesion, radius, initiative) = (
        column("cohesion"),
        column("radius"),
        column("initiative_bonus"),
    );
    let rows = (0..cohesion.len())
        .map(|level| {
            (
                level.to_string(),
                vec![
                    cohesion[level].to_string(),
                    radius
                        .get(level)
                        .map_or("-".to_string(), |r| format!("{r}\"")),
                    signed(initiative.get(level)),
                ],
            )
        })
        .collect();
    Reference::new(
        "Chart 2: by the commander's competence",
        "competence",
        &["cohesion", "radius", "initiative"],
        rows,
    )
}
