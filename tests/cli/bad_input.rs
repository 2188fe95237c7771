//! Bad inputs: one clear message naming the field, file or line, and exit 1.

use super::{experiment_in, refused_naming, run_refused, stderr_of};

/// `command` (its words split at spaces) is refused with one clear message
/// that holds each of `names`.
fn refused(command: &str, names: &[&str]) {
    refused_naming(&command.split(' ').collect::<Vec<_>>(), names);
}

/// A Micro Squad fire under the house rule `text`, written to `file` in
/// `dir`, is refused with a message that holds each of `names`.
fn house_rule_refused(dir: &tempfile::TempDir, file: &str, text: &str, names: &[&str]) {
    let rule = dir.path().join(file);
    std::fs::write(&rule, text).unwrap();
    let rule = rule.to_str().unwrap();
    refused_naming(
        &["odds", "micro-squad", "fire", "--house-rule", rule],
        names,
    );
}

#[test]
fn bad_inputs_get_one_clear_message() {
    refused("odds micro-spud fire", &["unknown system", "micro-squad"]);
    refused("odds micro-squad shoot", &["no action `shoot`", "fire"]);
    refused(
        "odds micro-squad fire cohesion=21",
        &["`cohesion`", "1 to 20"],
    );
    refused("odds micro-squad fire firepower=1 defense=6", &["below -3"]);
    refused(
        "odds micro-squad fire terrain=swamp",
        &["`terrain`", "swamp"],
    );
    refused(
        "odds micro-squad fire wind=3",
        &["unknown field; this action takes", "`defense`"],
    );
    // A misspelt field gets the nearest names, as a misspelt value does.
    refused(
        "odds micro-squad fire defence=5",
        &["unknown field; did you mean `defense`?"],
    );
    refused(
        "odds deadly-field charge atacker_quality=elite",
        &["did you mean `attacker_quality`?"],
    );
    refused("odds micro-squad overrun attackers=-1", &["out of range"]);
    refused(
        "odds micro-squad engagement a_stands=3 b_stands=3 --exact --budget 1000",
        &["--exact"],
    );
}

#[test]
fn bad_files_name_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    house_rule_refused(
        &dir,
        "rule.toml",
        "name = \"x\"\n[set]\n\"crt.a.rows.5.+12\" = \"E\"\n",
        &["rule.toml:3", "crt.a.rows.5.+12"],
    );
    let exp = dir.path().join("exp.toml");
    std::fs::write(
        &exp,
        "name = \"x\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[fields]\nrange = 500\n",
    )
    .unwrap();
    refused_naming(
        &[
            "run",
            exp.to_str().unwrap(),
            "--reports",
            dir.path().to_str().unwrap(),
        ],
        &["exp.toml:5", "`range`"],
    );
    std::fs::write(&exp, "name = \"x\"\nsystem = \n").unwrap();
    refused_naming(&["run", exp.to_str().unwrap()], &["exp.toml:2"]);
}

#[test]
fn micro_force_bad_inputs_name_the_field() {
    refused(
        "odds micro-force charge attacker_arm=cavalry attacker_formation=attack_column",
        &["`attacker_formation`", "cavalry has no formation"],
    );
    refused(
        "odds micro-force fire target_arm=artillery target_formation=limbered target_cover=heavy",
        &["`target_cover`", "limbered"],
    );
    refused(
        "odds micro-force fire firer_stands=12",
        &["`firer_stands`", "1 to 9"],
    );
    refused("odds micro-force fire target_steps_lost=8", &["nothing"]);
}

#[test]
fn a_routed_charger_and_a_lone_gun_hex_are_refused() {
    refused(
        "odds micro-force charge attacker_routed=true",
        &["attacker_routed", "may not charge"],
    );
    refused("odds stand-and-die duel a_infantry=0 a_guns=2", &["a_guns"]);
}

#[test]
fn deadly_field_refuses_impossible_units_naming_the_field() {
    refused(
        "odds deadly-field fire band=canister",
        &["`band`", "canister"],
    );
    refused(
        "odds deadly-field fire firer_figures=14 firer_original_figures=12",
        &["`firer_figures`", "original 12"],
    );
    refused(
        "odds deadly-field fire firer_formation=attack-column",
        &["`firer_formation`", "cannot fire"],
    );
    refused(
        "odds deadly-field fire firer_formation=line",
        &["`firer_formation`", "battle-line"],
    );
    refused(
        "odds deadly-field charge attacker_type=artillery attacker_formation=unlimbered attacker_figures=3",
        &["`attacker_type`", "does not charge"],
    );
    refused(
        "odds deadly-field charge attacker_level=routed",
        &["`attacker_level`"],
    );
    refused("odds deadly-field morale-check mmp=13", &["`mmp`"]);
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
    refused(
        "compare micro-squad fire --variant baseline:die_mod=1",
        &["baseline"],
    );
    refused(
        "compare micro-squad fire --variant x:die_mod",
        &["neither field=value"],
    );
    refused("sensitivity micro-squad", &["--out DIR"]);
}

#[test]
fn quiet_acceptance_is_now_an_error() {
    refused(
        "odds micro-squad fire firepower=8 firepower=2",
        &["`firepower`", "given twice"],
    );
    refused(
        "odds micro-squad fire terrain=woods+woods",
        &["`woods` is listed twice"],
    );
    refused(
        "odds micro-force melee defender_light_cover=true defender_medium_cover=true defender_heavy_cover=true",
        &["one cover at most"],
    );
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
    house_rule_refused(
        &dir,
        "typo.toml",
        "[set]\n\"terrain.woods.tracked\" = 1000\n",
        &["typo.toml:2:", "has no entry `tracked`"],
    );
}

#[test]
fn a_site_never_replaces_a_folder_it_did_not_write() {
    // Refused before anything is built: the folder holds someone's files.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.md"), "mine").unwrap();
    let err = super::stderr_of(&["site", "--out", dir.path().to_str().unwrap()]);
    assert!(err.contains("is not a site volley wrote"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.md")).unwrap(),
        "mine"
    );
}
