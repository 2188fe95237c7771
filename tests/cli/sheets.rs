//! `volley sheet`: printable odds sheets, exact, with a house rule's changes
//! marked.

/// A Good Order unit's check at MMP 7 passes on 2D6 >= 7: 21/36 = 7/12.
#[test]
fn a_sheet_prints_exact_odds_with_their_fractions() {
    let html = super::stdout_of(&["sheet", "deadly-field"]);
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(html.contains("Morale check from Good Order, by MMP"));
    assert!(
        html.contains("<td>58.33%<small>7/12</small></td>"),
        "{html}"
    );
    assert!(!html.contains("class=\"changed\""));
    // Micro Squad's CRT, +4 column: E on a modified 2D6 of 4 or less, 6/36.
    let crt = super::stdout_of(&["sheet", "micro-squad"]);
    assert!(crt.contains("<td>16.67%<small>1/6</small></td>"), "{crt}");
}

#[test]
fn a_house_rules_sheet_marks_the_cells_it_changes() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("harsh.toml");
    std::fs::write(
        &rule,
        "name = \"harsh\"\nsystem = \"deadly-field\"\n[set]\n\"resolution.drop_two_at_or_below\" = -3\n",
    )
    .unwrap();
    let out = dir.path().join("sheet.html");
    let said = super::stdout_of(&[
        "sheet",
        "deadly-field",
        "--house-rule",
        rule.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(said.contains("wrote"), "{said}");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("under house rules harsh"), "{html}");
    assert!(html.contains("class=\"changed\""), "{html}");
    assert!(
        html.contains(
            "<li>harsh changes <code>resolution.drop_two_at_or_below: -5 -&gt; -3</code></li>"
        ),
        "{html}"
    );
    assert!(!html.contains("change none of the odds"), "{html}");
    // The same tables, row for row.
    let card = super::stdout_of(&["sheet", "deadly-field"]);
    assert_eq!(card.matches("<tr>").count(), html.matches("<tr>").count());
}

#[test]
fn a_sheet_says_when_its_house_rule_changes_none_of_its_tables() {
    let html = super::stdout_of(&[
        "sheet",
        "micro-squad",
        "--house-rule",
        "house_rules/woods_plus_6.toml",
    ]);
    assert!(
        html.contains(
            "change none of the odds on this sheet</strong>: they act on terrain.woods.personnel"
        ),
        "{html}"
    );
    assert!(
        html.contains("<code>terrain.woods.personnel: 4 -&gt; 6</code>"),
        "{html}"
    );
    // The modifier lists beside the odds read the patched card, the cell
    // it changed marked: the one mark on the sheet.
    assert!(
        html.contains("<th class=\"row\">woods</th><td class=\"changed\">+6</td><td>+2</td>"),
        "{html}"
    );
    assert_eq!(html.matches("class=\"changed\"").count(), 1, "{html}");
}

#[test]
fn a_sheet_says_what_its_results_mean() {
    let html = super::stdout_of(&["sheet", "micro-squad"]);
    holds_all(
        &html,
        &[
            "<b>S</b>: Suppressed: the S marker's penalty to the stand's cohesion rolls",
            "<b>(S)</b>: an S, or a D if the stand has already suffered a suppression this turn",
            "<b>D</b>: Disorganized",
            "<b>E</b>: Eliminated",
        ],
    );
    assert!(!html.contains("<b>no effect</b>: no effect"), "{html}");
    // Beside the odds, the modifiers that feed them, as the card has them.
    holds_all(
        &html,
        &[
            "Terrain: the CRT roll's modifier (personnel, other targets)",
            "Range: the CRT roll's modifier, infantry small arms",
            "Markers: added to the stand's cohesion rolls",
        ],
    );
    assert!(
        html.contains("<th class=\"row\">woods</th><td>+4</td><td>+2</td>"),
        "{html}"
    );
    // Deadly Field's rally says why rallying is rarer than passing.
    let html = super::stdout_of(&["sheet", "deadly-field"]);
    assert!(
        html.contains("a roll equal to the MMP passes but holds the level"),
        "{html}"
    );
    // ... and the odds of the decisions players ask: fire by cover, impact
    // by MMP, a charge by quality and distance.
    holds_all(
        &html,
        &[
            "Fire: a hit, by the target's cover and the range band",
            "Impact: who wins, by the impact MMPs",
            "Charge: it carries, by the charger's quality and distance",
        ],
    );
    // Micro Armour: its range chart by tech level, beside the odds.
    let html = super::stdout_of(&["sheet", "micro-armour"]);
    assert!(
        html.contains("<tr><th class=\"row\">0</th><td>2-5&quot;</td><td>2-8&quot;</td><td>2-10&quot;</td><td>2-12&quot;</td></tr>"),
        "{html}"
    );
    // The hex rules and Stand and Die!: the card's firepower and chances.
    let html = super::stdout_of(&["sheet", "hex-acw"]);
    assert!(
        html.contains("<tr><th class=\"row\">cavalry</th><td>3</td><td>1</td><td>-</td>"),
        "{html}"
    );
    let html = super::stdout_of(&["sheet", "stand-and-die"]);
    assert!(
        html.contains("<tr><th class=\"row\">gun</th><td>1.1</td><td>0.3</td><td>0.6</td><td>0.1</td><td>+0.5</td></tr>"),
        "{html}"
    );
    // Micro Force: "my charge works X%", by competence and distance.
    let html = super::stdout_of(&["sheet", "micro-force"]);
    assert!(
        html.contains("Charge: it works, by the charger's competence and distance"),
        "{html}"
    );
    // The hex rules' guns: range changes nothing on the card, and the
    // columns are the table's own numbers.
    let html = super::stdout_of(&["sheet", "hex-acw"]);
    assert!(html.contains("the range changes nothing"), "{html}");
    assert!(html.contains("<th>14</th><th>21</th>"), "{html}");
}

#[test]
fn every_system_has_a_sheet_and_a_bad_one_is_refused() {
    // The tests' list is the registry's, in any order.
    let mut known: Vec<&str> = volley::systems::all().iter().map(|s| s.name()).collect();
    let mut listed = crate::common::SYSTEMS.to_vec();
    known.sort_unstable();
    listed.sort_unstable();
    assert_eq!(listed, known);
    for system in crate::common::SYSTEMS {
        let html = super::stdout_of(&["sheet", system]);
        assert!(html.matches("<table>").count() >= 1, "{system}");
        assert!(!html.contains("NaN"), "{system}");
    }
    let err = super::stderr_of(&["sheet", "nope"]);
    assert!(err.contains("unknown system `nope`"), "{err}");
}

#[test]
fn micro_force_and_deadly_field_sheets_list_the_modifiers_beside_their_odds() {
    let html = super::stdout_of(&["sheet", "micro-force"]);
    holds_all(
        &html,
        &[
            // Chart 5: infantry in the open, line to attack column.
            "<tr><th class=\"row\">open</th><td>2</td><td>3</td><td>1</td><td>1</td><td>0</td></tr>",
            // Chart 6's roll: a failed cohesion roll adds 4 (lower is deadlier).
            "<th class=\"row\">firer failed its cohesion roll</th><td>+4</td>",
            // Chart 10: heavy cover adds 2 to the defender's die, not the attacker's.
            "<th class=\"row\">defender in heavy cover</th><td>-</td><td>+2</td>",
            // Chart 2: the best commander.
            "<th class=\"row\">3</th><td>17</td><td>14&quot;</td><td>-3</td>",
            "<th class=\"row\">rally a black bead, + the beads'</th><td>+5</td>",
        ],
    );
    let html = super::stdout_of(&["sheet", "deadly-field"]);
    holds_all(
        &html,
        &[
            "<th class=\"row\">elite</th><td>3</td><td>4</td><td>6</td>",
            "<th class=\"row\">charging (mounted)</th><td>-1 (-2)</td>",
            "<th class=\"row\">level Disorder, Shaken, Routed</th><td>+2, +4, +6</td>",
            "<th class=\"row\">in heavy-woods</th><td>-2</td><td>-1</td>",
            // MMP 0 to 4 read alike from Good Order: only a natural 2 or 3
            // (3 in 36) fails to keep the unit in Good Order; MMP 5 needs 5+.
            "<th class=\"row\">0 to 4</th><td>91.67%<small>11/12</small></td>",
            "<th class=\"row\">5</th><td>83.33%<small>5/6</small></td>",
        ],
    );
    // Why the fire tables are provisional, said once; each such table marked.
    assert_eq!(html.matches("Provisional (the tables marked").count(), 1);
    assert!(html.contains("the range band \u{2020}</h2>"), "{html}");
    // A house rule on a list marks its cell there.
    let html = micro_force_sheet_under("[add]\n\"dv.infantry.open.line\" = 1\n");
    assert!(
        html.contains("<tr><th class=\"row\">open</th><td class=\"changed\">3</td><td>3</td>"),
        "{html}"
    );
    // A rule that sets every value to the card's own says it changes nothing.
    let html = micro_force_sheet_under("[add]\n\"fire_modifiers.rear\" = 0\n");
    assert!(html.contains("These house rules change nothing"), "{html}");
    assert!(!html.contains("class=\"changed\""), "{html}");
}

/// Micro Force's sheet under a house rule whose tables are `tables`.
fn micro_force_sheet_under(tables: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("rule.toml");
    let text = format!("name = \"house\"\nsystem = \"micro-force\"\n{tables}");
    std::fs::write(&rule, text).unwrap();
    super::stdout_of(&[
        "sheet",
        "micro-force",
        "--house-rule",
        rule.to_str().unwrap(),
    ])
}

/// `html` holds every one of `parts`.
fn holds_all(html: &str, parts: &[&str]) {
    for part in parts {
        assert!(html.contains(part), "{part}: {html}");
    }
}
