//! The binary on real inputs, good and bad.

use assert_cmd::Command;

fn volley() -> Command {
    Command::cargo_bin("volley").unwrap()
}

fn stderr_of(args: &[&str]) -> String {
    let out = volley().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "args {args:?} should fail with exit 1"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "one clear message: {err}");
    err
}

#[test]
fn odds_fire_is_exact_and_matches_the_json_contract() {
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "firepower=8",
            "defense=5",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    let out = volley()
        .args(["odds", "micro-squad", "fire", "--help"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
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
    let out = volley()
        .args(["table", "micro-squad", "fire", "--format", "markdown"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("| differential \\ die_mod |")
    );
    let out = volley()
        .args(["rules", "micro-squad", "crt"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("reconstructed") && text.contains("printed"));
}

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
    assert!(e.contains("unknown field"), "{e}");
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
fn a_house_rule_changes_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("woods.toml");
    std::fs::write(&rule, "[set]\n\"terrain.woods.personnel\" = 0\n").unwrap();
    let base = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    let patched = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--format",
            "csv",
            "--house-rule",
            rule.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let clear = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=clear",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_ne!(base.stdout, patched.stdout);
    assert_eq!(patched.stdout, clear.stdout);
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
fn the_charge_answer_states_its_headline_first() {
    let out = volley()
        .args(["odds", "micro-force", "charge"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
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
    let help = |args: &[&str]| {
        let out = volley().args(args).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
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
fn precision_stops_at_a_few_thousand_trials_when_that_is_enough() {
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "--precision",
            "0.02",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
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
    let e = stderr_of(&[
        "odds",
        "micro-force",
        "fire",
        "weapon=rifled-musket",
        "range=13",
        "--house-rule",
        rule,
    ]);
    assert!(e.contains("`range`") && e.contains("12 inches"), "{e}");
}

#[test]
fn stand_and_die_duel_is_exact_at_once_and_rejects_mixed_hexes() {
    let out = volley()
        .args([
            "odds",
            "stand-and-die",
            "duel",
            "a_infantry=10",
            "b_infantry=10",
            "--exact",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["method"], "exact");
    let e = stderr_of(&[
        "odds",
        "stand-and-die",
        "duel",
        "a_infantry=5",
        "a_cavalry=3",
        "b_infantry=5",
    ]);
    assert!(
        e.contains("`a_cavalry`") && e.contains("not cavalry with others"),
        "{e}"
    );
}

#[test]
fn precision_mode_runs_until_every_interval_is_narrow_enough() {
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "firepower=7",
            "defense=4",
            "--precision",
            "0.002",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
fn shards_merge_into_the_single_machine_result_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let run = [
        "odds",
        "micro-squad",
        "engagement",
        "b_firepower=6",
        "--trials",
        "300000",
        "--seed",
        "5",
    ];
    let mut files = Vec::new();
    for k in 0..3 {
        let file = dir.path().join(format!("shard{k}.json"));
        let shard = format!("{k}/3");
        let out = volley()
            .args(run)
            .args(["--shard", &shard, "--save-tally", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success());
        files.push(file.to_str().unwrap().to_string());
    }
    files.reverse();
    let merged = volley()
        .arg("merge")
        .args(&files)
        .args(["--format", "csv"])
        .output()
        .unwrap();
    let single = volley()
        .args(run)
        .args(["--format", "csv"])
        .output()
        .unwrap();
    assert!(merged.status.success());
    assert_eq!(merged.stdout, single.stdout);
    let e = stderr_of(&["merge", &files[0], &files[1]]);
    assert!(e.contains("shards missing"), "{e}");
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
fn deadly_field_fire_is_marked_provisional_in_every_format() {
    let run = |format: &str| {
        let out = volley()
            .args(["odds", "deadly-field", "fire", "--format", format])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let v: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    let reason = v["provisional"].as_str().unwrap();
    assert!(reason.contains("not readable on the card"), "{reason}");
    let csv = run("csv");
    assert!(csv.lines().next().unwrap().contains("provisional"), "{csv}");
    assert!(
        csv.lines().nth(1).unwrap().contains("reconstruction A"),
        "{csv}"
    );
    assert!(run("table").contains("PROVISIONAL"));
    assert!(run("markdown").contains("PROVISIONAL"));
    // The morale check reads no fire table: not provisional.
    let out = volley()
        .args(["odds", "deadly-field", "morale-check", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["provisional"].is_null());
}

#[test]
fn a_plot_picks_the_other_axes_values_and_series_by_value() {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("ladder.toml");
    let text = "name = \"ladder\"\nsystem = \"deadly-field\"\naction = \"morale-check\"\n\
        [sweep]\nmmp = \"4..8\"\nlevel = [\"good-order\", \"shaken\"]\n\
        [[plot]]\nkind = \"heatmap\"\nx = \"mmp\"\nseries = \"value\"\ny = \"level_after\"\n\
        at = { level = \"shaken\" }\nfile = \"ladder\"\n";
    std::fs::write(&exp, text).unwrap();
    let reports = dir.path().join("reports");
    let out = volley()
        .args([
            "run",
            exp.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(reports.join("ladder/ladder.svg")).unwrap();
    // One row per level; from Shaken at MMP 8, 52.78% end Routed (the Good Order
    // row would read 2.78%).
    for level in ["good-order", "disorder", "shaken", "routed"] {
        assert!(svg.contains(level), "{level}");
    }
    assert!(svg.contains("52.78%"), "the Shaken slice");
    // An axis value that was not swept is refused at its line.
    std::fs::write(&exp, text.replace("\"shaken\" }", "\"routed\" }")).unwrap();
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(
        e.contains("ladder.toml:") && e.contains("not one of the swept values"),
        "{e}"
    );
}

#[test]
fn deadly_field_shows_its_working() {
    let out = volley()
        .args([
            "odds",
            "deadly-field",
            "morale-check",
            "level=shaken",
            "cover=light",
            "supports=2",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let working: Vec<&str> = v["working"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // BMP 5 (Trained, no stand lost), Shaken +4, light cover -1 and two supports
    // -2: MMP 6.
    assert!(working[0].starts_with("BMP 5"), "{working:?}");
    assert!(
        working.iter().any(|l| l.contains("shaken: +4")),
        "{working:?}"
    );
    assert!(working.last().unwrap().starts_with("MMP 6"), "{working:?}");
    let out = volley()
        .args(["odds", "deadly-field", "fire", "firer_level=disorder"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("halved for disorder: 3"), "{text}");
}

#[test]
fn compare_prints_the_json_contract_and_refuses_a_bad_variant() {
    let out = volley()
        .args([
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
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    let e = stderr_of(&["compare", "micro-squad", "fire", "--variant", "nocolon"]);
    assert!(e.contains("NAME:SPEC"), "{e}");
    let e = stderr_of(&[
        "compare",
        "micro-squad",
        "fire",
        "--variant",
        "x:die_mod=99",
    ]);
    assert!(e.contains("die_mod"), "{e}");
}

#[test]
fn experiment_variants_are_compared_with_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("woods.toml");
    let rule = std::fs::canonicalize("house_rules/woods_plus_6.toml").unwrap();
    let text = format!(
        "name = \"woods\"\nsystem = \"micro-squad\"\naction = \"fire\"\ntrials = 20000\n\
         [fields]\nterrain = \"woods\"\n[sweep]\ndie_mod = [0, 1]\n\
         [[variant]]\nname = \"card\"\n[[variant]]\nname = \"woods6\"\nhouse_rules = [{:?}]\n",
        rule.display().to_string()
    );
    std::fs::write(&exp, text).unwrap();
    let reports = dir.path().join("reports");
    let out = volley()
        .args([
            "run",
            exp.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(reports.join("woods/results.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    for column in ["baseline", "difference", "diff_low", "diff_high", "p_value"] {
        assert!(header.contains(&column), "{column} in {header:?}");
    }
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row = csv
        .lines()
        .find(|l| l.starts_with("woods6,0,probability,target_after,ok,"))
        .unwrap();
    let cells: Vec<&str> = row.split(',').collect();
    let estimate: f64 = cells[col("estimate")].parse().unwrap();
    let baseline: f64 = cells[col("baseline")].parse().unwrap();
    let difference: f64 = cells[col("difference")].parse().unwrap();
    assert!((estimate - baseline - difference).abs() < 1e-12);
    assert!(difference > 0.0, "woods +6 protects more");
    let p: f64 = cells[col("p_value")].parse().unwrap();
    assert!(p < 1e-6);
    let readme = std::fs::read_to_string(reports.join("woods/README.md")).unwrap();
    assert!(readme.contains("## Differences to `card`"), "{readme}");
    assert!(reports.join("woods/differences.png").exists());
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let out = volley().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
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
    let e = stderr_of(&[
        "solve",
        "micro-squad",
        "fire",
        "--vary",
        "die_mod",
        "--target",
        "P(result=E) > 1",
    ]);
    assert!(e.contains("target"), "{e}");
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

/// Write an experiment file in a fresh folder; run it into `reports` there.
fn experiment_in(dir: &std::path::Path, body: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, body).unwrap();
    (exp, dir.join("reports"))
}

#[test]
fn a_plot_file_is_a_plain_file_name() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["../../escaped", "sub/x", ".hidden", ""] {
        let body = format!(
            "name = \"paths\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
             [sweep]\ndie_mod = [0, 1]\n\
             [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"{file}\"\n"
        );
        let (exp, reports) = experiment_in(dir.path(), &body);
        let e = stderr_of(&[
            "run",
            exp.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ]);
        assert!(e.contains("exp.toml:9:") && e.contains("file"), "{e}");
        assert!(!reports.exists(), "nothing written for {file:?}");
    }
    assert!(!dir.path().join("escaped.png").exists());
}

#[test]
fn two_variants_or_two_plots_of_one_name_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let head =
        "name = \"dups\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1]\n";
    let (exp, reports) = experiment_in(
        dir.path(),
        &format!("{head}[[variant]]\nname = \"card\"\n[[variant]]\nname = \"card\"\n"),
    );
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(
        e.contains("two variants are named `card`") && e.contains("exp.toml:9:"),
        "{e}"
    );
    let (exp, reports) = experiment_in(
        dir.path(),
        &format!(
            "{head}[[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"p\"\n\
             [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"p\"\n"
        ),
    );
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(e.contains("two plots write the file `p`"), "{e}");
}

/// `kill -9` in the middle of `volley run`: every file left in the report folder
/// is whole (the old one or the new one), temporaries are hidden `*.tmp` files
/// that `.gitignore` covers, and the next run removes them.
#[test]
fn a_killed_run_leaves_whole_files_and_its_temporaries_go_with_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let body = "name = \"killed\"\nsystem = \"micro-squad\"\naction = \"fire\"\ntrials = 200000\n\
                [sweep]\ndie_mod = [0, 1, 2, 3]\nfirepower = [4, 6, 8, 10, 12]\n\
                [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"lines\"\n\
                [[plot]]\nkind = \"heatmap\"\nx = \"die_mod\"\nseries = \"firepower\"\ny = \"result=E\"\nfile = \"map\"\n";
    let (exp, reports) = experiment_in(dir.path(), body);
    let run = || {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("volley"))
            .args([
                "run",
                exp.to_str().unwrap(),
                "--reports",
                reports.to_str().unwrap(),
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    // A finished run first, so that a later kill finds old files to keep.
    assert!(run().wait().unwrap().success());
    let folder = reports.join("killed");
    let whole_csv = |text: &str| {
        let mut lines = text.lines();
        let width = lines.next().unwrap().split(',').count();
        text.ends_with('\n') && lines.all(|l| l.split(',').count() >= width)
    };
    for delay_ms in [5u64, 20, 40, 80, 120, 200, 300] {
        let mut child = run();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        child.kill().unwrap();
        child.wait().unwrap();
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".tmp") {
                assert!(name.starts_with(".volley-"), "{name}");
                continue;
            }
            let bytes = std::fs::read(entry.path()).unwrap();
            assert!(
                !bytes.is_empty(),
                "{name} is empty after a kill at {delay_ms} ms"
            );
            if name.ends_with(".csv") {
                assert!(whole_csv(&String::from_utf8_lossy(&bytes)), "{name} is cut");
            }
            if name.ends_with(".png") {
                assert!(bytes.ends_with(&[0xae, 0x42, 0x60, 0x82]), "{name} is cut");
            }
        }
    }
    assert!(run().wait().unwrap().success());
    let left: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
}

/// A tally file is input: `volley merge` refuses one whose fields do not add up,
/// with one message naming the file and the field, and never panics or
/// allocates what a count claims.
#[test]
fn merge_refuses_tampered_tally_files() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "engagement",
            "a_stands=1",
            "b_stands=1",
            "--trials",
            "70000",
            "--shard",
            "0/1",
            "--save-tally",
            good.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    // The untouched file merges.
    let out = volley()
        .args(["merge", good.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    type Tamper = fn(&mut serde_json::Value);
    let cases: [(&str, Tamper, &str); 9] = [
        ("index", |v| v["shard"]["index"] = 5.into(), "K runs from 0"),
        (
            "count",
            |v| v["shard"]["count"] = 1_000_000_000_000_000_000u64.into(),
            "shards",
        ),
        (
            "confidence",
            |v| v["confidence"] = 5.0.into(),
            "between 0 and 1",
        ),
        (
            "weight",
            |v| v["tally"]["weight"] = (-70000.0).into(),
            "trials",
        ),
        (
            "hits",
            |v| v["tally"]["hits"][0] = 999_999_999u64.into(),
            "add up",
        ),
        (
            "hits length",
            |v| {
                v["tally"]["hits"].as_array_mut().unwrap().pop();
            },
            "layout",
        ),
        (
            "sums",
            |v| v["tally"]["sums"][0][0] = 1e300.into(),
            "not possible",
        ),
        ("system", |v| v["system"] = "chess".into(), "unknown system"),
        ("action", |v| v["action"] = "castle".into(), "no action"),
    ];
    for (what, tamper, expected) in cases {
        let mut v = original.clone();
        tamper(&mut v);
        let bad = dir.path().join(format!("{what}.json"));
        std::fs::write(&bad, serde_json::to_string(&v).unwrap()).unwrap();
        let e = stderr_of(&["merge", bad.to_str().unwrap()]);
        assert!(e.contains(expected) && e.contains(".json"), "{what}: {e}");
    }
}

/// Shards of uneven sizes: each holds the trials of its own chunks.
#[test]
fn shard_trial_counts_cover_the_run_once() {
    use volley::engine::Shard;
    for trials in [1u64, 65_536, 65_537, 1_000_000, 3 * 65_536 + 5] {
        for count in 1..=7u64 {
            let total: u64 = (0..count)
                .map(|index| Shard { index, count }.trials_of(trials))
                .sum();
            assert_eq!(total, trials, "{trials} trials in {count} shards");
        }
    }
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
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(
        e.contains("exp.toml:5:") && e.contains("different methods"),
        "{e}"
    );
}

#[test]
fn sweep_axes_keep_the_order_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"order\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\nterrain = [\"clear\", \"woods\"]\ndie_mod = [0, 1]\n",
    );
    let out = volley()
        .args([
            "run",
            exp.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let readme = std::fs::read_to_string(reports.join("order/README.md")).unwrap();
    assert!(
        readme.contains("- sweep: terrain (2 values), die_mod (2 values)"),
        "{readme}"
    );
}

#[test]
fn a_huge_sweep_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"huge\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\nfirepower = \"0..60\"\ndefense = \"0..60\"\ndie_mod = \"-9..9\"\nrange = \"1..40\"\n",
    );
    let started = std::time::Instant::now();
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(
        e.contains("exp.toml:5:") && e.contains("--max-points"),
        "{e}"
    );
    assert!(e.contains("61 x 61 x 19 x 40"), "{e}");
    assert!(started.elapsed().as_secs() < 10);
    // A wrong value on an axis is found before the first point runs.
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"wrong\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\ndie_mod = [0, 1, 2]\nterrain = [\"woods\", \"lava\"]\n",
    );
    let e = stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(e.contains("exp.toml:6:") && e.contains("lava"), "{e}");
    assert!(!reports.exists());
}

#[test]
fn a_precision_run_that_hits_its_cap_says_so_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"cap\"\nsystem = \"micro-squad\"\naction = \"fire\"\nprecision = 0.0001\nmax_trials = 20000\n",
    );
    let out = volley()
        .args([
            "run",
            exp.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let readme = std::fs::read_to_string(reports.join("cap/README.md")).unwrap();
    assert!(
        readme.contains("**warning**: 1 of 1 points stopped at the cap of 20000 trials"),
        "{readme}"
    );
}

#[test]
fn a_house_rule_keeps_each_value_within_its_charts_scale() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let huge = rule(
        "huge.toml",
        "[set]\n\"terrain.woods.personnel\" = 2000000000\n",
    );
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &huge]);
    assert!(
        e.contains("huge.toml:2:") && e.contains("out of this chart's scale"),
        "{e}"
    );
    let negative = rule("negative.toml", "[set]\n\"options.ms_cohesion\" = -3\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &negative]);
    assert!(
        e.contains("negative.toml:2:") && e.contains("negative"),
        "{e}"
    );
    // A designer's move is within scale.
    let fine = rule("fine.toml", "[set]\n\"terrain.woods.personnel\" = 12\n");
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--house-rule",
            &fine,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_house_rule_keeps_each_value_within_its_cards_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    // Within ten times the values beside it, but not a chance in tenths.
    let sure = rule(
        "sure.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 30\n",
    );
    let e = stderr_of(&["odds", "stand-and-die", "attack", "--house-rule", &sure]);
    assert!(
        e.contains("sure.toml:3:")
            && e.contains("`chances.infantry.standing` = 30 is outside 0 to 10")
            && e.contains("tenths"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    // A cohesion penalty beyond the d20.
    let penalty = rule("penalty.toml", "[set]\n\"markers.suppressed\" = 25\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &penalty]);
    assert!(
        e.contains("penalty.toml:2:") && e.contains("outside 0 to 19"),
        "{e}"
    );
    // The bounds themselves are not a chart.
    let loosen = rule("loosen.toml", "[set]\n\"bounds.markers.*.max\" = 100\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &loosen]);
    assert!(
        e.contains("loosen.toml:2:") && e.contains("not a chart"),
        "{e}"
    );
    // Within bounds is fine.
    let fine = rule(
        "fine.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 10\n",
    );
    let out = volley()
        .args(["odds", "stand-and-die", "attack", "--house-rule", &fine])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_run_of_days_says_so_when_it_starts() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("volley"))
        .args([
            "odds",
            "micro-squad",
            "engagement",
            "--trials",
            "1000000000000",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.contains("1000000000000 trials") && line.contains("to go"),
        "{line}"
    );
}

#[test]
fn a_run_reports_its_progress_over_sweep_points() {
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"steps\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1, 2]\n",
    );
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let hooks = volley::experiment::Hooks {
        trials: None,
        points: Some(volley::engine::Progress(Arc::new(move |done, all| {
            record.lock().unwrap().push((done, all));
        }))),
    };
    let experiment = volley::experiment::Experiment::from_file(&exp).unwrap();
    volley::experiment::run(&experiment, &reports, hooks, 100).unwrap();
    assert_eq!(*seen.lock().unwrap(), vec![(0, 3), (1, 3), (2, 3), (3, 3)]);
}

#[test]
fn a_sweep_combination_no_model_accepts_fails_before_any_point_is_answered() {
    use std::sync::{Arc, Mutex};
    let dir = tempfile::tempdir().unwrap();
    // Each value is fine alone; both sides at firepower 0 is not.
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"combo\"\nsystem = \"micro-squad\"\naction = \"engagement\"\ntrials = 2000\n[sweep]\na_firepower = [6, 0]\nb_firepower = [6, 0]\n",
    );
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let hooks = volley::experiment::Hooks {
        trials: None,
        points: Some(volley::engine::Progress(Arc::new(move |done, all| {
            record.lock().unwrap().push((done, all));
        }))),
    };
    let experiment = volley::experiment::Experiment::from_file(&exp).unwrap();
    let Err(error) = volley::experiment::run(&experiment, &reports, hooks, 100) else {
        panic!("the sweep ran");
    };
    let error = error.to_string();
    assert!(
        error.contains("exp.toml:6:")
            && error.contains("a_firepower=0, b_firepower=0")
            && error.contains("neither side can fire"),
        "{error}"
    );
    assert!(seen.lock().unwrap().is_empty(), "no point was answered");
    assert!(!reports.join("combo").exists());
}

#[test]
fn a_results_frame_is_typed_and_says_what_it_is() {
    use polars::prelude::*;
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"typed\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[fields]\nfirepower = 8\n\
         [sweep]\ndie_mod = [-2, -1, 0]\nterrain = [\"clear\", \"woods\"]\n",
    );
    let out = volley()
        .args(["run", exp.to_str().unwrap(), "--reports"])
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let folder = reports.join("typed");
    let parquet = folder.join("results.parquet");
    let df = ParquetReader::new(std::fs::File::open(&parquet).unwrap())
        .finish()
        .unwrap();
    // Sweep columns carry their fields' types: -2 sorts before -1.
    assert_eq!(df.column("die_mod").unwrap().dtype(), &DataType::Int64);
    assert_eq!(df.column("terrain").unwrap().dtype(), &DataType::String);
    let die_mods: Vec<i64> = df
        .column("die_mod")
        .unwrap()
        .i64()
        .unwrap()
        .into_no_null_iter()
        .collect();
    assert_eq!(*die_mods.iter().min().unwrap(), -2);
    // A mean's value is null, a probability's is its outcome.
    let kinds = df.column("kind").unwrap().str().unwrap();
    let values = df.column("value").unwrap().str().unwrap();
    for i in 0..df.height() {
        let probability = kinds.get(i) == Some("probability");
        assert_eq!(values.get(i).is_some(), probability, "row {i}");
    }
    assert!(df.column("method").is_ok());
    // What it is: in the Parquet file itself and in meta.json beside the CSV.
    let bytes = std::fs::read(&parquet).unwrap();
    let has = |needle: &str| bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(has("volley_version") && has("micro-squad") && has("\"die_mod\""));
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["experiment"], "typed");
    assert_eq!(meta["action"], "fire");
    assert_eq!(meta["fixed_fields"]["firepower"], 8);
    assert_eq!(meta["sweep"][0]["values"][0], -2);
    assert_eq!(meta["sweep"][0]["type"], "int");
    assert_eq!(meta["seed"], 1);
    assert!(meta["columns"]["estimate"].is_string());
    // Written readable by all, like the committed reports.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for file in ["results.csv", "results.parquet", "meta.json", "README.md"] {
            let mode = std::fs::metadata(folder.join(file))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o644, "{file}");
        }
    }
}

#[test]
fn a_run_writes_the_gallery_of_every_report_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"gallery-one\"\ntitle = \"One fire table\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\ndie_mod = [0, 1]\n",
    );
    let run = |file: &std::path::Path| {
        let out = volley()
            .args(["run", file.to_str().unwrap(), "--reports"])
            .arg(&reports)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(&exp);
    // A second experiment, run alone: the gallery keeps the first.
    let second = dir.path().join("second.toml");
    std::fs::write(
        &second,
        "name = \"gallery-two\"\nsystem = \"micro-squad\"\naction = \"fire\"\n",
    )
    .unwrap();
    run(&second);
    let gallery = std::fs::read_to_string(reports.join("README.md")).unwrap();
    assert!(
        gallery.contains("## [One fire table](gallery-one/README.md)")
            && gallery.contains("gallery-two/README.md")
            && gallery.contains("- headline: P(result = E) from ")
            && gallery.contains("over 2 points (exact)")
            && gallery.contains("<img src=\"gallery-one/"),
        "{gallery}"
    );
}

#[test]
fn the_generated_pages_of_the_guide_are_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    let out = volley()
        .args(["guide", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for page in ["readings.md", "charts.md", "schema/answer.schema.json"] {
        let written = std::fs::read_to_string(dir.path().join(page)).unwrap();
        let committed = std::fs::read_to_string(format!("docs/{page}")).unwrap();
        assert!(
            written == committed,
            "docs/{page} is not what `volley guide` writes: run `cargo run --release -- guide`"
        );
    }
    // Every option of every system is there.
    let readings = std::fs::read_to_string(dir.path().join("readings.md")).unwrap();
    for option in [
        "ms_crt_alignment",
        "mf_naturals",
        "ma_tl5_range",
        "hx_half_round",
        "sd_combat",
        "adf_fcr_candidate",
    ] {
        assert!(readings.contains(&format!("`{option}`")), "{option}");
    }
}

#[test]
fn run_takes_a_folder_of_experiments() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("mine");
    std::fs::create_dir(&folder).unwrap();
    for (file, name) in [("a.toml", "first"), ("b.toml", "second")] {
        std::fs::write(
            folder.join(file),
            format!("name = \"{name}\"\nsystem = \"micro-squad\"\naction = \"fire\"\n"),
        )
        .unwrap();
    }
    let reports = dir.path().join("reports");
    let out = volley()
        .arg("run")
        .arg(&folder)
        .arg("--reports")
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(reports.join("first/README.md").exists() && reports.join("second/README.md").exists());
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let e = stderr_of(&["run", empty.to_str().unwrap()]);
    assert!(e.contains("no experiment files"), "{e}");
}

#[test]
fn a_plot_says_at_which_values_it_holds_the_axes_it_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"held\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\ndie_mod = [0, 1, 2]\nterrain = [\"clear\", \"woods\"]\nrange = [5, 10]\n\
         [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nseries = \"terrain\"\ny = \"result=E\"\n\
         file = \"by_die\"\nat = { range = 10 }\n",
    );
    let out = volley()
        .args(["run", exp.to_str().unwrap(), "--reports"])
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(reports.join("held/by_die.svg")).unwrap();
    assert!(svg.contains("at range = 10"), "no subtitle");
    // The legend names both series, in a column of its own.
    assert!(svg.contains("terrain=clear") && svg.contains("terrain=woods"));
    // A probability axis runs 0% to 100%.
    assert!(svg.contains("100%"));
}

#[test]
fn the_crt_alone_is_the_fire_table_without_the_cohesion_roll() {
    let p = |args: &[&str], value: &str| -> f64 {
        let out = volley()
            .args(args)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["outcomes"]
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
    let out = volley()
        .args(["odds", "micro-squad", "crt", "--fractions"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("P(result = E) = 1/12 (8.33%)"), "{text}");
    // The table of the chart alone, by differential and modifier.
    let out = volley()
        .args(["table", "micro-squad", "crt"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("differential \\ die_mod"),
        "{text}"
    );
}

#[test]
fn outputs_echo_the_scenario_and_the_defaults_taken() {
    let out = volley()
        .args(["odds", "micro-squad", "fire", "terrain=woods"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("scenario: terrain=woods; defaults ") && text.contains("firepower=6"),
        "{text}"
    );
    let out = volley()
        .args(["odds", "micro-squad", "fire", "--format", "markdown"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Scenario: `defaults "), "{text}");
    // A table names what its cells share, not its axes (nor what they derive).
    let out = volley()
        .args(["table", "micro-squad", "fire", "terrain=woods"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("scenario:"))
        .unwrap_or_default();
    assert!(
        line.contains("terrain=woods") && line.contains("rows differential, columns die_mod"),
        "{line}"
    );
    assert!(
        !line.contains("die_mod=") && !line.contains("firepower="),
        "{line}"
    );
}

#[test]
fn a_duel_in_markdown_keeps_its_per_turn_curves() {
    let out = volley()
        .args(["odds", "hex-acw", "duel", "--format", "markdown"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Per turn") && text.contains("| turn |"),
        "{text}"
    );
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let out = volley().args(["completions", shell]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("volley") && text.contains("odds"),
            "{shell}"
        );
    }
    let out = volley().args(["completions", "cmd.exe"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value"));
}

#[test]
fn an_experiment_refuses_what_it_could_not_do_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("woods.toml");
    std::fs::write(&rule, "[set]\n\"terrain.woods.personnel\" = 6\n").unwrap();
    let refused = |body: &str, wanted: &[&str]| {
        let (exp, _) = experiment_in(dir.path(), body);
        let e = stderr_of(&["run", exp.to_str().unwrap()]);
        assert!(wanted.iter().all(|w| e.contains(w)), "{e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
    };
    // Variants are compared on a fixed number of paired trials.
    refused(
        &format!(
            "name = \"p\"\nsystem = \"micro-squad\"\naction = \"fire\"\nprecision = 0.01\n\
             [[variant]]\nname = \"card\"\n[[variant]]\nname = \"w\"\nhouse_rules = [{:?}]\n",
            rule.to_str().unwrap()
        ),
        &["exp.toml:4:", "use `trials = N`"],
    );
    // A field fixed and swept.
    refused(
        "name = \"f\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[fields]\nterrain = \"woods\"\n\
         [sweep]\nterrain = [\"clear\", \"woods\"]\n",
        &["exp.toml:7:", "both a fixed field and a sweep axis"],
    );
    // A plot of an outcome the action never has.
    refused(
        "name = \"y\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1]\n\
         [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\ny = \"result=X\"\nfile = \"bad\"\n",
        &[
            "exp.toml:10:",
            "plot `bad`",
            "never takes the value `X`",
            "\"E\"",
        ],
    );
    refused(
        "name = \"y\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1]\n\
         [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\ny = \"reslt=E\"\nfile = \"bad\"\n",
        &["plot `bad`", "no outcome variable `reslt`"],
    );
}

#[test]
fn shards_are_refused_where_the_trials_cannot_be_split() {
    let e = stderr_of(&[
        "odds",
        "micro-squad",
        "fire",
        "--trials",
        "20000",
        "--shard",
        "1/2",
    ]);
    assert!(
        e.contains("blocks of 65536 trials") && e.contains("at most 1 shards"),
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

#[test]
fn a_reading_takes_only_the_values_volley_has_built() {
    let dir = tempfile::tempdir().unwrap();
    for (system, option) in [("micro-force", "mf_c6_m2_p8"), ("hex-acw", "hx_turn")] {
        let rule = dir.path().join(format!("{option}.toml"));
        std::fs::write(&rule, format!("[set]\n\"options.{option}\" = \"bogus\"\n")).unwrap();
        let e = stderr_of(&[
            "rules",
            system,
            "options",
            "--house-rule",
            rule.to_str().unwrap(),
        ]);
        assert!(
            e.contains(":2:") && e.contains("unknown variant `bogus`"),
            "{e}"
        );
    }
}

#[test]
fn an_exact_experiment_names_the_point_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, _) = experiment_in(
        dir.path(),
        "name = \"big\"\nsystem = \"micro-squad\"\naction = \"engagement\"\nexact = true\n\
         [sweep]\na_stands = [1, 6]\nb_stands = [6]\n",
    );
    let e = stderr_of(&["run", exp.to_str().unwrap()]);
    assert!(
        e.contains("exp.toml:4:")
            && e.contains("at the sweep point a_stands=6, b_stands=6")
            && e.contains("44,100 states"),
        "{e}"
    );
}

#[test]
fn a_plot_by_value_keeps_the_variants_apart() {
    let dir = tempfile::tempdir().unwrap();
    let rule = std::fs::canonicalize("house_rules/woods_plus_6.toml").unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        &format!(
            "name = \"byvalue\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[fields]\nterrain = \"woods\"\n\
             [sweep]\ndie_mod = [0, 1]\n[[variant]]\nname = \"card\"\n[[variant]]\nname = \"woods6\"\n\
             house_rules = [{:?}]\n[[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nseries = \"value\"\n\
             y = \"result\"\nfile = \"by_value\"\n",
            rule.to_str().unwrap()
        ),
    );
    let out = volley()
        .args(["run", exp.to_str().unwrap(), "--reports"])
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(reports.join("byvalue/by_value.svg")).unwrap();
    assert!(
        svg.contains("card E") && svg.contains("woods6 E"),
        "one series per variant and value"
    );
}

/// Where the card is open and volley builds one reading only, the rules page
/// and the readings page say so, with the card's words.
#[test]
fn readings_built_one_way_are_printed_with_the_cards_words() {
    let rules = |system: &str| {
        let out = volley()
            .args(["rules", system, "options"])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let field = rules("deadly-field");
    for words in [
        "charge_disorder",
        "strictly more than half",
        "desperation_fire",
        "never both at one charger",
        "columns_in_the_charge",
        "stop_short_ranges",
        "enemy_within_one_inch",
        "defender_support",
        "firefight_order",
        "the natural is kinder than the rolls just above it",
    ] {
        assert!(field.contains(words), "deadly-field options lack {words}");
    }
    let armour = rules("micro-armour");
    for words in [
        "posture_initiative",
        "winner fires first in every standard fire phase",
        "combined_attacks",
        "overrun_vehicles",
        "25% of original (round up)",
        "ma_helicopter_dash_s",
        "ma_engagement_attack_again",
    ] {
        assert!(armour.contains(words), "micro-armour options lack {words}");
    }
    let page = std::fs::read_to_string("docs/readings.md").unwrap();
    assert!(page.contains("`posture_initiative`") && page.contains("`charge_disorder`"));
}
