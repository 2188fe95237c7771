//! `compare`, `effects` and `solve`: the questions built on answers.

use super::{json_of, refused_naming};

#[test]
fn compare_prints_the_json_contract_and_refuses_a_bad_variant() {
    let v = json_of(&[
        "compare",
        "micro-squad",
        "fire",
        "terrain=woods",
        "--variant",
        "woods6:house_rules/woods_plus_6.toml",
        "--variant",
        "harder:die_mod=1",
        "--trials",
        "20000",
        "--format",
        "json",
    ]);
    for key in ["system", "action", "method", "trials", "seed", "confidence"] {
        assert!(!v[key].is_null(), "{key}");
    }
    assert_eq!(v["baseline"]["action"], "fire");
    let variants = v["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 2);
    assert_eq!(variants[1]["name"], "harder");
    assert_eq!(variants[1]["spec"], "die_mod=1");
    let row = &variants[0]["differences"][0];
    for key in [
        "variable",
        "value",
        "difference",
        "ci_low",
        "ci_high",
        "p_value",
    ] {
        assert!(row.get(key).is_some(), "{key}");
    }
    // variant minus baseline
    let value = row["value"].as_str().unwrap();
    let variable = row["variable"].as_str().unwrap();
    let p = |o: &serde_json::Value| {
        o["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["variable"] == variable && x["value"] == value)
            .unwrap()["probability"]
            .as_f64()
            .unwrap()
    };
    let d = row["difference"].as_f64().unwrap();
    assert!((d - (p(&variants[0]["result"]) - p(&v["baseline"]))).abs() < 1e-12);
    refused_naming(
        &["compare", "micro-squad", "fire", "--variant", "nocolon"],
        &["NAME:SPEC"],
    );
    refused_naming(
        &[
            "compare",
            "micro-squad",
            "fire",
            "--variant",
            "x:die_mod=99",
        ],
        &["die_mod"],
    );
}

#[test]
fn effects_are_sorted_exact_differences() {
    let v = json_of(&[
        "effects",
        "micro-squad",
        "fire",
        "terrain=woods",
        "--format",
        "json",
    ]);
    assert_eq!(v["headline"]["variable"], "result");
    // The JSON holds the scenario the steps start from, every field.
    assert_eq!(v["scenario"]["terrain"], "woods");
    assert_eq!(v["scenario"]["firepower"], 6);
    // The text names the scenario the steps start from, every field.
    let text = super::stdout_of(&["effects", "micro-squad", "fire", "terrain=woods"]);
    assert!(
        text.lines()
            .any(|l| l.starts_with("scenario: terrain=woods; defaults ")),
        "{text}"
    );
    let effects = v["effects"].as_array().unwrap();
    assert!(effects.len() > 5);
    let sizes: Vec<f64> = effects
        .iter()
        .map(|e| e["difference"].as_f64().unwrap().abs())
        .collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
    for key in [
        "field",
        "from",
        "to",
        "probability",
        "difference",
        "ci_low",
        "ci_high",
    ] {
        assert!(effects[0].get(key).is_some(), "{key}");
    }
    // die_mod 0 -> 1 equals the difference of the two exact answers.
    let step = effects
        .iter()
        .find(|e| e["field"] == "die_mod" && e["to"] == "1")
        .unwrap();
    let p = |die_mod: &str| {
        let o = json_of(&[
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            &format!("die_mod={die_mod}"),
            "--format",
            "json",
        ]);
        o["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["variable"] == "result" && x["value"] == v["headline"]["value"])
            .unwrap()["probability"]
            .as_f64()
            .unwrap()
    };
    let expected = p("1") - p("0");
    assert!((step["difference"].as_f64().unwrap() - expected).abs() < 1e-12);
    assert!((v["baseline"].as_f64().unwrap() - p("0")).abs() < 1e-12);
}

#[test]
fn solve_finds_the_smallest_value_meeting_the_target() {
    let v = json_of(&[
        "solve",
        "stand-and-die",
        "duel",
        "b_infantry=10",
        "--vary",
        "a_infantry",
        "--values",
        "8..14",
        "--target",
        "P(winner=a) >= 0.5",
        "--format",
        "json",
    ]);
    assert_eq!(v["field"], "a_infantry");
    assert_eq!(v["target"], "P(winner=a) >= 0.5");
    let answers = v["answers"].as_array().unwrap();
    let values: Vec<&str> = answers
        .iter()
        .map(|a| a["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["8", "9", "10", "11", "12", "13", "14"]);
    let first = answers
        .iter()
        .find(|a| a["probability"].as_f64().unwrap() >= 0.5)
        .unwrap();
    assert_eq!(v["value"], first["value"]);
    assert_eq!(v["monotone"], true);
    // A target nothing meets gives null.
    let v = json_of(&[
        "solve",
        "micro-squad",
        "fire",
        "--vary",
        "die_mod",
        "--values",
        "0..2",
        "--target",
        "P(result=E) >= 0.9",
        "--format",
        "json",
    ]);
    assert!(v["value"].is_null());
    refused_naming(
        &[
            "solve",
            "micro-squad",
            "fire",
            "--vary",
            "die_mod",
            "--target",
            "P(result=E) > 1",
        ],
        &["target"],
    );
}

#[test]
fn comparisons_and_tables_are_exact_where_every_side_fits_and_say_why_not() {
    // An engagement whose state space fits gets the full exact budget, as in
    // `odds`: both sides exact, the differences exact.
    let v = json_of(&[
        "compare",
        "micro-squad",
        "engagement",
        "a_stands=4",
        "b_stands=3",
        "b_terrain=woods",
        "--variant",
        "more:a_stands=5",
        "--format",
        "json",
    ]);
    assert_eq!(v["method"], "exact");
    assert!(v["exact_refused"].is_null());
    // A side over the budget sends the paired run to Monte Carlo, and says which.
    let v = json_of(&[
        "compare",
        "micro-squad",
        "fire",
        "--variant",
        "harder:die_mod=1",
        "--budget",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(v["method"], "monte-carlo-paired");
    let why = v["exact_refused"].as_str().unwrap();
    assert!(
        why.starts_with("the baseline: the dice tree has more than 1 branches"),
        "{why}"
    );
    let table_with = |more: &[&str]| {
        let base = ["table", "micro-squad", "fire", "--row", "die_mod=0,1"];
        super::stdout_of(&[&base[..], &["--budget", "1"], more].concat())
    };
    let table = table_with(&["--trials", "1000"]);
    assert!(
        !table.contains("not exact"),
        "Monte Carlo was asked for: {table}"
    );
    let table = table_with(&[]);
    assert!(
        table.contains(
            "not exact: die_mod=0: the dice tree has more than 1 branches (and 1 more cells)"
        ),
        "{table}"
    );
}

#[test]
fn a_variant_that_changes_nothing_says_so() {
    // At 1 AV per stand the two readings of the first-fire bonus coincide.
    let text = super::stdout_of(&[
        "compare",
        "micro-force",
        "firefight",
        "--variant",
        "ff2av:house_rules/mf_first_fire_av.toml",
    ]);
    assert!(
        text.contains("identical here: every outcome and every mean is the same"),
        "{text}"
    );
    assert!(!text.contains("+0.00 pts"), "no table of zeros: {text}");
    // And where it would differ: more AV a stand than 1.
    assert!(
        text.contains("it would differ with a_av_per_stand=0.5 (instead of 1)"),
        "{text}"
    );
    // Where they differ, the table is there.
    let text = super::stdout_of(&[
        "compare",
        "micro-force",
        "firefight",
        "a_av_per_stand=1.5",
        "--variant",
        "ff2av:house_rules/mf_first_fire_av.toml",
    ]);
    assert!(!text.contains("identical here"), "{text}");
}

#[test]
fn an_inline_variant_patches_a_chart_as_its_house_rule_does() {
    let compare = |spec: &str| {
        super::json_of(&[
            "compare",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--format",
            "json",
            "--variant",
            spec,
        ])
    };
    let differences = |json: &serde_json::Value| json["variants"][0]["differences"].clone();
    let inline = compare("w6:terrain.woods.personnel=6");
    let file = compare("w6:house_rules/woods_plus_6.toml");
    assert_eq!(differences(&inline), differences(&file));
    assert_ne!(differences(&inline)[0]["difference"], 0.0);
    // A misspelt cell is named on the command line, with what it may mean.
    let err = super::stderr_of(&[
        "compare",
        "micro-squad",
        "fire",
        "--variant",
        "w6:terrain.woods.personel=6",
    ]);
    assert!(
        err.starts_with("error: command line: field `terrain.woods.personel`: `terrain.woods` has no entry `personel`; did you mean `personnel`?"),
        "{err}"
    );
}

#[test]
fn a_comparison_states_its_headline_as_a_sentence() {
    // The CRT's +4 column: E on a modified 2D6 of 3 or less, 3/36; one worse
    // on the die, 2 or less, 1/36: 5.56 points lower.
    let text = super::stdout_of(&["compare", "micro-squad", "crt", "--variant", "d:die_mod=1"]);
    assert!(
        text.contains("d moves P(result = E) from 8.33% to 2.78%: 5.56 points lower (exact)."),
        "{text}"
    );
}
