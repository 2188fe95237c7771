//! Bad inputs: one clear message naming the field, file or line, and exit 1.

use super::{experiment_in, run_refused, stderr_of};

#[test]
fn bad_inputs_get_one_clear_message() {
    let e = stderr_of(&["odds", "micro-spud", "fire"]);
    assert!(
        e.contains("unknown system") && e.contains("micro-squad"),
        "{e}"
    );
    let e = stderr_of(&["odds", "micro-squad", "shoot"]);
    assert!(e.contains("no action `shoot`") && e.contains("fire"), "{e}");
    let e = stderr_of(&["odds", "micro-squad", "fire", "cohesion=21"]);
    assert!(e.contains("`cohesion`") && e.contains("1 to 20"), "{e}");
    let e = stderr_of(&["odds", "micro-squad", "fire", "firepower=1", "defense=6"]);
    assert!(e.contains("below -3"), "{e}");
    let e = stderr_of(&["odds", "micro-squad", "fire", "terrain=swamp"]);
    assert!(e.contains("`terrain`") && e.contains("swamp"), "{e}");
    let e = stderr_of(&["odds", "micro-squad", "fire", "wind=3"]);
    assert!(
        e.contains("unknown field; this action takes") && e.contains("`defense`"),
        "{e}"
    );
    // A misspelt field gets the nearest names, as a misspelt value does.
    let e = stderr_of(&["odds", "micro-squad", "fire", "defence=5"]);
    assert!(e.contains("unknown field; did you mean `defense`?"), "{e}");
    let e = stderr_of(&["odds", "deadly-field", "charge", "atacker_quality=elite"]);
    assert!(e.contains("did you mean `attacker_quality`?"), "{e}");
    let e = stderr_of(&["odds", "micro-squad", "overrun", "attackers=-1"]);
    assert!(e.contains("out of range"), "{e}");
    let e = stderr_of(&[
        "odds",
        "micro-squad",
        "engagement",
        "a_stands=3",
        "b_stands=3",
        "--exact",
        "--budget",
        "1000",
    ]);
    assert!(e.contains("--exact"), "{e}");
}

#[test]
fn bad_files_name_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("rule.toml");
    std::fs::write(&rule, "name = \"x\"\n[set]\n\"crt.a.rows.5.+12\" = \"E\"\n").unwrap();
    let e = stderr_of(&[
        "odds",
        "micro-squad",
        "fire",
        "--house-rule",
        rule.to_str().unwrap(),
    ]);
    assert!(
        e.contains("rule.toml:3") && e.contains("crt.a.rows.5.+12"),
        "{e}"
    );
    let exp = dir.path().join("exp.toml");
    std::fs::write(
        &exp,
        "name = \"x\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[fields]\nrange = 500\n",
    )
    .unwrap();
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        dir.path().to_str().unwrap(),
    ]);
    assert!(e.contains("exp.toml:5") && e.contains("`range`"), "{e}");
    std::fs::write(&exp, "name = \"x\"\nsystem = \n").unwrap();
    let e = stderr_of(&["run", exp.to_str().unwrap()]);
    assert!(e.contains("exp.toml:2"), "{e}");
}

#[test]
fn micro_force_bad_inputs_name_the_field() {
    let e = stderr_of(&[
        "odds",
        "micro-force",
        "charge",
        "attacker_arm=cavalry",
        "attacker_formation=attack_column",
    ]);
    assert!(
        e.contains("`attacker_formation`") && e.contains("cavalry has no formation"),
        "{e}"
    );
    let e = stderr_of(&[
        "odds",
        "micro-force",
        "fire",
        "target_arm=artillery",
        "target_formation=limbered",
        "target_cover=heavy",
    ]);
    assert!(
        e.contains("`target_cover`") && e.contains("limbered"),
        "{e}"
    );
    let e = stderr_of(&["odds", "micro-force", "fire", "firer_stands=12"]);
    assert!(e.contains("`firer_stands`") && e.contains("1 to 9"), "{e}");
    let e = stderr_of(&["odds", "micro-force", "fire", "target_steps_lost=8"]);
    assert!(e.contains("nothing"), "{e}");
}

#[test]
fn a_routed_charger_and_a_lone_gun_hex_are_refused() {
    let e = stderr_of(&["odds", "micro-force", "charge", "attacker_routed=true"]);
    assert!(
        e.contains("attacker_routed") && e.contains("may not charge"),
        "{e}"
    );
    let e = stderr_of(&["odds", "stand-and-die", "duel", "a_infantry=0", "a_guns=2"]);
    assert!(e.contains("a_guns"), "{e}");
}

#[test]
fn deadly_field_refuses_impossible_units_naming_the_field() {
    let e = stderr_of(&["odds", "deadly-field", "fire", "band=canister"]);
    assert!(e.contains("`band`") && e.contains("canister"), "{e}");
    let e = stderr_of(&[
        "odds",
        "deadly-field",
        "fire",
        "firer_figures=14",
        "firer_original_figures=12",
    ]);
    assert!(
        e.contains("`firer_figures`") && e.contains("original 12"),
        "{e}"
    );
    let e = stderr_of(&[
        "odds",
        "deadly-field",
        "fire",
        "firer_formation=attack-column",
    ]);
    assert!(
        e.contains("`firer_formation`") && e.contains("cannot fire"),
        "{e}"
    );
    let e = stderr_of(&["odds", "deadly-field", "fire", "firer_formation=line"]);
    assert!(
        e.contains("`firer_formation`") && e.contains("battle-line"),
        "{e}"
    );
    let e = stderr_of(&[
        "odds",
        "deadly-field",
        "charge",
        "attacker_type=artillery",
        "attacker_formation=unlimbered",
        "attacker_figures=3",
    ]);
    assert!(
        e.contains("`attacker_type`") && e.contains("does not charge"),
        "{e}"
    );
    let e = stderr_of(&["odds", "deadly-field", "charge", "attacker_level=routed"]);
    assert!(e.contains("`attacker_level`"), "{e}");
    let e = stderr_of(&["odds", "deadly-field", "morale-check", "mmp=13"]);
    assert!(e.contains("`mmp`"), "{e}");
}

#[test]
fn comparisons_refuse_a_confidence_outside_zero_to_one() {
    for args in [
        &[
            "compare",
            "micro-squad",
            "fire",
            "--variant",
            "h:die_mod=1",
            "--confidence",
            "1.5",
        ][..],
        &["effects", "micro-squad", "fire", "--confidence", "0"][..],
        &["sensitivity", "micro-squad", "fire", "--confidence", "1"][..],
    ] {
        let e = stderr_of(args);
        assert!(e.contains("confidence"), "{e}");
    }
    let e = stderr_of(&[
        "compare",
        "micro-squad",
        "fire",
        "--variant",
        "baseline:die_mod=1",
    ]);
    assert!(e.contains("baseline"), "{e}");
    let e = stderr_of(&["compare", "micro-squad", "fire", "--variant", "x:die_mod"]);
    assert!(e.contains("neither field=value"), "{e}");
    let e = stderr_of(&["sensitivity", "micro-squad"]);
    assert!(e.contains("--report"), "{e}");
}

#[test]
fn quiet_acceptance_is_now_an_error() {
    let e = stderr_of(&["odds", "micro-squad", "fire", "firepower=8", "firepower=2"]);
    assert!(
        e.contains("`firepower`") && e.contains("given twice"),
        "{e}"
    );
    let e = stderr_of(&["odds", "micro-squad", "fire", "terrain=woods+woods"]);
    assert!(e.contains("`woods` is listed twice"), "{e}");
    let e = stderr_of(&[
        "odds",
        "micro-force",
        "melee",
        "defender_light_cover=true",
        "defender_medium_cover=true",
        "defender_heavy_cover=true",
    ]);
    assert!(e.contains("one cover at most"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"m\"\nsystem = \"micro-squad\"\naction = \"fire\"\ntrials = 1000\nprecision = 0.01\nexact = true\n",
    );
    let e = run_refused(&exp, &reports);
    assert!(
        e.contains("exp.toml:5:") && e.contains("different methods"),
        "{e}"
    );
}

#[test]
fn a_house_rule_path_that_does_not_exist_says_so_whatever_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("typo.toml");
    std::fs::write(&rule, "[set]\n\"terrain.woods.tracked\" = 1000\n").unwrap();
    let e = stderr_of(&[
        "odds",
        "micro-squad",
        "fire",
        "--house-rule",
        rule.to_str().unwrap(),
    ]);
    assert!(
        e.contains("typo.toml:2:") && e.contains("has no entry `tracked`"),
        "{e}"
    );
}
