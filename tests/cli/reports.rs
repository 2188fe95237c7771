//! What a run writes: its plots, its typed results frame and the gallery.

use super::{experiment_in, run_experiment, run_refused, stdout_of};

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
    run_experiment(&exp, &reports);
    let svg = std::fs::read_to_string(reports.join("ladder/ladder.svg")).unwrap();
    // One row per level; from Shaken at MMP 8, 52.78% end Routed (the Good Order
    // row would read 2.78%).
    for level in ["good-order", "disorder", "shaken", "routed"] {
        assert!(svg.contains(level), "{level}");
    }
    assert!(svg.contains("52.78%"), "the Shaken slice");
    // An axis value that was not swept is refused at its line.
    std::fs::write(&exp, text.replace("\"shaken\" }", "\"routed\" }")).unwrap();
    let e = run_refused(&exp, &reports);
    assert!(
        e.contains("ladder.toml:") && e.contains("not one of the swept values"),
        "{e}"
    );
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
        let e = run_refused(&exp, &reports);
        assert!(e.contains("exp.toml:9:") && e.contains("file"), "{e}");
        assert!(!reports.exists(), "nothing written for {file:?}");
    }
    assert!(!dir.path().join("escaped.png").exists());
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
    run_experiment(&exp, &reports);
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
    crate::common::assert_contract("experiment-meta", &meta);
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
    let run = |file: &std::path::Path| run_experiment(file, &reports);
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
fn a_plot_says_at_which_values_it_holds_the_axes_it_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"held\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\ndie_mod = [0, 1, 2]\nterrain = [\"clear\", \"woods\"]\nrange = [5, 10]\n\
         [[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nseries = \"terrain\"\ny = \"result=E\"\n\
         file = \"by_die\"\nat = { range = 10 }\n",
    );
    run_experiment(&exp, &reports);
    let svg = std::fs::read_to_string(reports.join("held/by_die.svg")).unwrap();
    assert!(svg.contains("at range = 10"), "no subtitle");
    // The legend names both series, in a column of its own.
    assert!(svg.contains("terrain=clear") && svg.contains("terrain=woods"));
    // A probability axis runs 0% to 100%.
    assert!(svg.contains("100%"));
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
    run_experiment(&exp, &reports);
    let svg = std::fs::read_to_string(reports.join("byvalue/by_value.svg")).unwrap();
    assert!(
        svg.contains("card E") && svg.contains("woods6 E"),
        "one series per variant and value"
    );
}

#[test]
fn every_committed_reports_metadata_is_the_published_schema() {
    let mut read = 0;
    for entry in std::fs::read_dir("reports").unwrap() {
        let meta = entry.unwrap().path().join("meta.json");
        let Ok(text) = std::fs::read_to_string(&meta) else {
            continue;
        };
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let name = json["experiment"].as_str().unwrap_or_default();
        let schema = if name.starts_with("sensitivity-") {
            "sensitivity-meta"
        } else if name == "house-rule-gallery" {
            "gallery-meta"
        } else {
            "experiment-meta"
        };
        crate::common::assert_contract(schema, &json);
        read += 1;
    }
    assert!(read >= 20, "only {read} reports with a meta.json");
}

#[test]
fn the_house_rule_gallery_is_the_committed_report_and_refuses_a_rule_without_a_question() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().to_str().unwrap();
    stdout_of(&["gallery", "house_rules", "--out", dir]);
    for file in ["README.md", "results.csv", "meta.json"] {
        let fresh =
            std::fs::read_to_string(out.path().join("house-rule-gallery").join(file)).unwrap();
        let committed =
            std::fs::read_to_string(std::path::Path::new("reports/house-rule-gallery").join(file))
                .unwrap();
        assert_eq!(
            fresh, committed,
            "reports/house-rule-gallery/{file} is stale: run `volley gallery`"
        );
    }
    let rules = tempfile::tempdir().unwrap();
    std::fs::write(
        rules.path().join("plain.toml"),
        "system = \"micro-squad\"\n[set]\n\"terrain.woods.personnel\" = 5\n",
    )
    .unwrap();
    super::refused_naming(
        &["gallery", rules.path().to_str().unwrap(), "--out", dir],
        &["plain.toml", "[question]"],
    );
}
