//! Every output format says the same things: the scenario, the working, what is provisional; and the generated pages and completions.

use super::{stdout_of, volley};

#[test]
fn deadly_field_fire_is_marked_provisional_in_every_format() {
    let run = |format: &str| stdout_of(&["odds", "deadly-field", "fire", "--format", format]);
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
    let text = stdout_of(&["odds", "deadly-field", "fire", "firer_level=disorder"]);
    assert!(text.contains("halved for disorder: 3"), "{text}");
}

#[test]
fn the_generated_pages_of_the_guide_are_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    crate::common::succeeded(volley().args(["guide", "--out"]).arg(dir.path()));
    // Every page it writes, the roll points' and every schema among them.
    let mut pages = Vec::new();
    for folder in [dir.path().to_path_buf(), dir.path().join("schema")] {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                let page = path.strip_prefix(dir.path()).unwrap();
                pages.push(page.to_string_lossy().to_string());
            }
        }
    }
    assert!(
        pages.len() >= 4 && pages.iter().any(|p| p == "rolls.md"),
        "{pages:?}"
    );
    for page in &pages {
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
fn outputs_echo_the_scenario_and_the_defaults_taken() {
    // The fields given; every field with --verbose (and in the JSON).
    let text = stdout_of(&["odds", "micro-squad", "fire", "terrain=woods"]);
    assert!(
        text.contains("\nscenario: terrain=woods; every other field at its default\n"),
        "{text}"
    );
    // A field another sets is named with it (`differential` sets `firepower`).
    let text = stdout_of(&["odds", "micro-squad", "fire", "differential=3"]);
    assert!(
        text.contains("\nscenario: differential=3 firepower=7; every other field at its default\n"),
        "{text}"
    );
    let text = stdout_of(&["odds", "micro-squad", "fire", "terrain=woods", "--verbose"]);
    assert!(
        text.contains("scenario: terrain=woods; defaults ") && text.contains("firepower=6"),
        "{text}"
    );
    let text = stdout_of(&["odds", "micro-squad", "fire", "--format", "markdown"]);
    assert!(
        text.contains("Scenario: `every field at its default`"),
        "{text}"
    );
    let text = stdout_of(&[
        "odds",
        "micro-squad",
        "fire",
        "--format",
        "markdown",
        "--verbose",
    ]);
    assert!(text.contains("Scenario: `defaults "), "{text}");
    // A table names what its cells share, not its axes (nor what they derive).
    let text = stdout_of(&["table", "micro-squad", "fire", "terrain=woods"]);
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
    let text = stdout_of(&["odds", "hex-acw", "duel", "--format", "markdown"]);
    assert!(
        text.contains("Per turn") && text.contains("| turn |"),
        "{text}"
    );
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let text = stdout_of(&["completions", shell]);
        assert!(text.contains("volley") && text.contains("odds"), "{shell}");
    }
    let out = volley().args(["completions", "cmd.exe"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value"));
}

#[test]
fn a_tables_json_is_the_published_schema_cell_by_cell() {
    // `json_of` checks it against docs/schema/table.schema.json.
    let table = super::json_of(&[
        "table",
        "micro-squad",
        "fire",
        "--row",
        "die_mod=-1..1",
        "--col",
        "differential=0..3",
        "--format",
        "json",
    ]);
    let cells = table["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 3 * 4, "rows x columns");
    assert_eq!(table["row_field"], "die_mod");
    assert_eq!(table["column_field"], "differential");
    assert!(cells.iter().all(|c| c["exact"] == true));
    // Higher differentials eliminate more often, at each modifier.
    let p = |row: &str, column: &str| {
        cells
            .iter()
            .find(|c| c["row"] == row && c["column"] == column)
            .unwrap()["probability"]
            .as_f64()
            .unwrap()
    };
    assert!(p("0", "3") > p("0", "0"), "{table}");
}

#[test]
fn a_reader_that_stops_early_is_no_error() {
    // `volley ... | head`: the reader closes the pipe before the output is
    // written (a plan's JSON is far larger than a pipe's buffer).
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("volley"))
        .args([
            "plan",
            "micro-force",
            "firefight",
            "turns=3",
            "--check-trials",
            "0",
            "--format",
            "json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(err.is_empty(), "{err}");
}
