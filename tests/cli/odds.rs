//! `volley odds`, `table`, `rules`, `guide` and `completions` on good inputs: the answers, their formats and their help.

use super::{json_of, refused_naming, stdout_of, volley};

#[test]
fn odds_fire_is_exact_and_matches_the_json_contract() {
    let v = json_of(&[
        "odds",
        "micro-squad",
        "fire",
        "firepower=8",
        "defense=5",
        "--format",
        "json",
    ]);
    assert_eq!(v["system"], "micro-squad");
    assert_eq!(v["action"], "fire");
    assert_eq!(v["method"], "exact");
    assert!(v["trials"].is_null() && v["seed"].is_null());
    assert_eq!(v["scenario"]["cohesion"], 14);
    assert_eq!(v["scenario"]["terrain"], "clear");
    let results: Vec<&serde_json::Value> = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["variable"] == "result")
        .collect();
    let values: Vec<&str> = results
        .iter()
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["no-fire", "none", "S", "D", "E"]);
    let total: f64 = results
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    for o in &results {
        assert_eq!(o["ci_low"], o["probability"]);
        assert_eq!(o["ci_high"], o["probability"]);
    }
}

#[test]
fn monte_carlo_is_byte_identical_on_one_and_two_threads() {
    let args = [
        "odds",
        "micro-squad",
        "engagement",
        "--trials",
        "300000",
        "--seed",
        "9",
        "--format",
        "csv",
    ];
    let one = volley()
        .env("RAYON_NUM_THREADS", "1")
        .args(args)
        .output()
        .unwrap();
    let two = volley()
        .env("RAYON_NUM_THREADS", "2")
        .args(args)
        .output()
        .unwrap();
    assert!(one.status.success());
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn help_lists_the_fields_of_an_action() {
    let text = stdout_of(&["odds", "micro-squad", "fire", "--help"]);
    for field in [
        "firepower",
        "defense",
        "cohesion",
        "terrain",
        "range_table",
        "die_mod",
        "firer_suppressed",
        "target_disorganized",
    ] {
        assert!(text.contains(field), "missing {field}");
    }
    assert!(text.contains("light-buildings"));
}

#[test]
fn table_and_rules_print() {
    assert!(
        stdout_of(&["table", "micro-squad", "fire", "--format", "markdown"])
            .contains("| differential \\ die_mod |")
    );
    let text = stdout_of(&["rules", "micro-squad", "crt"]);
    assert!(text.contains("reconstructed") && text.contains("printed"));
}

#[test]
fn the_charge_answer_states_its_headline_first() {
    let text = stdout_of(&["odds", "micro-force", "charge"]);
    assert!(
        text.lines().nth(1).unwrap().starts_with("P(works) = "),
        "{text}"
    );
    assert!(text.contains("note: a tie leaves the melee open"), "{text}");
    let json = volley()
        .args(["odds", "micro-force", "charge", "--format", "json"])
        .output()
        .unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    assert!(json.contains("\"notes\""), "{json}");
}

#[test]
fn help_explains_every_outcome_value_and_the_crew_assumption() {
    let help = stdout_of;
    let text = help(&["odds", "micro-force", "charge", "--help"]);
    for value in [
        "defender-skedaddles",
        "attacker-wins-melee-decisively",
        "stopped-by-fire",
        "tie",
    ] {
        assert!(
            text.contains(&format!("charge = {value}")),
            "{value}: {text}"
        );
    }
    let text = help(&["odds", "hex-acw", "duel", "--help"]);
    for value in ["stalemate", "turn-limit", "unfinished"] {
        assert!(
            text.contains(&format!("winner = {value}")),
            "{value}: {text}"
        );
    }
    assert!(text.contains("ASSUMPTION"), "{text}");
    let text = help(&["odds", "stand-and-die", "duel", "--help"]);
    assert!(
        text.contains("winner = disengaged") && text.contains("a_room"),
        "{text}"
    );
}

#[test]
fn precision_stops_at_a_few_thousand_trials_when_that_is_enough() {
    let text = stdout_of(&[
        "odds",
        "micro-squad",
        "fire",
        "--precision",
        "0.02",
        "--format",
        "json",
    ]);
    assert!(text.contains("\"trials\": 4096"), "{text}");
}

#[test]
fn a_user_supplied_weapon_chart_replaces_the_av_field() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("weapons.toml");
    std::fs::write(
        &rule,
        "[set]\n\"weapons.rifled-musket\" = { ranges = [2, 6, 12], av = [2.0, 1.5, 1.0] }\n",
    )
    .unwrap();
    let rule = rule.to_str().unwrap();
    let by_weapon = volley()
        .args([
            "odds",
            "micro-force",
            "fire",
            "weapon=rifled-musket",
            "range=5",
            "--format",
            "csv",
            "--house-rule",
            rule,
        ])
        .output()
        .unwrap();
    let by_av = volley()
        .args([
            "odds",
            "micro-force",
            "fire",
            "av_per_stand=1.5",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert!(by_weapon.status.success());
    assert_eq!(by_weapon.stdout, by_av.stdout);
    refused_naming(
        &[
            "odds",
            "micro-force",
            "fire",
            "weapon=rifled-musket",
            "range=13",
            "--house-rule",
            rule,
        ],
        &["`range`", "12 inches"],
    );
}

#[test]
fn stand_and_die_duel_is_exact_at_once_and_rejects_mixed_hexes() {
    let v = json_of(&[
        "odds",
        "stand-and-die",
        "duel",
        "a_infantry=10",
        "b_infantry=10",
        "--exact",
        "--format",
        "json",
    ]);
    assert_eq!(v["method"], "exact");
    refused_naming(
        &[
            "odds",
            "stand-and-die",
            "duel",
            "a_infantry=5",
            "a_cavalry=3",
            "b_infantry=5",
        ],
        &["`a_cavalry`", "not cavalry with others"],
    );
}

#[test]
fn precision_mode_runs_until_every_interval_is_narrow_enough() {
    let v = json_of(&[
        "odds",
        "micro-squad",
        "fire",
        "firepower=7",
        "defense=4",
        "--precision",
        "0.002",
        "--format",
        "json",
    ]);
    assert_eq!(v["method"], "monte-carlo");
    for o in v["outcomes"].as_array().unwrap() {
        let half = (o["ci_high"].as_f64().unwrap() - o["ci_low"].as_f64().unwrap()) / 2.0;
        assert!(half < 0.002, "{o}");
    }
    // Whole chunks, doubling from 16: the run stops at a checkpoint.
    let trials = v["trials"].as_u64().unwrap();
    assert_eq!(trials % 65_536, 0);
}

#[test]
fn the_crt_alone_is_the_fire_table_without_the_cohesion_roll() {
    let p = |args: &[&str], value: &str| -> f64 {
        crate::common::volley_json(args)["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["variable"] == "result" && o["value"] == value)
            .unwrap()["probability"]
            .as_f64()
            .unwrap()
    };
    // Differential +2, no modifier: 2D6 of 11 or 12 is E on the card, 3 ways in 36.
    let alone = p(&["odds", "micro-squad", "crt"], "E");
    assert!((alone - 3.0 / 36.0).abs() < 1e-12, "{alone}");
    // Standard fire at the same column and no modifier: cohesion 14 passes 14 in 20.
    let fire = p(&["odds", "micro-squad", "fire"], "E");
    assert!((fire - 0.7 * alone).abs() < 1e-12, "{fire} vs {alone}");
    // As a fraction.
    let text = stdout_of(&["odds", "micro-squad", "crt", "--fractions"]);
    assert!(text.contains("P(result = E) = 1/12 (8.33%)"), "{text}");
    // The table of the chart alone, by differential and modifier.
    let text = stdout_of(&["table", "micro-squad", "crt"]);
    assert!(text.contains("differential \\ die_mod"), "{text}");
}

#[test]
fn per_turn_tables_fit_a_hundred_columns_unless_wide() {
    let per_turn = |extra: &[&str]| {
        let mut args = vec!["odds", "micro-squad", "engagement", "--trials", "2000"];
        args.extend_from_slice(extra);
        let text = super::stdout_of(&args);
        let at = text.find("per turn").expect("a per-turn table");
        text[at..].lines().map(str::to_string).collect::<Vec<_>>()
    };
    let narrow = per_turn(&[]);
    assert!(narrow.iter().all(|l| l.len() <= 100), "{narrow:#?}");
    // Every column is there, in blocks, each value's interval on the line below.
    for name in ["ended", "a_alive", "b_disorganized"] {
        assert!(narrow.iter().any(|l| l.contains(name)), "{name}");
    }
    assert!(narrow.iter().any(|l| l.trim_start().starts_with('[')));
    let wide = per_turn(&["--wide"]);
    assert!(wide.iter().any(|l| l.len() > 100));
    assert!(wide.iter().any(|l| l.contains("] ") || l.ends_with(']')));
}
