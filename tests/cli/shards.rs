//! Shards and `merge`: a run split anywhere and put back together exactly.

use super::{refused_naming, stderr_of, volley};

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
    refused_naming(&["merge", &files[0], &files[1]], &["shards missing"]);
}

/// A tally file is input: `volley merge` refuses one whose fields do not add up,
/// with one message naming the file and the field, and never panics or
/// allocates what a count claims.
#[test]
fn merge_refuses_tampered_tally_files() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    crate::common::succeeded(volley().args([
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
    ]));
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    // The untouched file merges.
    crate::common::succeeded(volley().args(["merge", good.to_str().unwrap()]));
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
fn shards_are_refused_where_the_trials_cannot_be_split() {
    refused_naming(
        &[
            "odds",
            "micro-squad",
            "fire",
            "--trials",
            "20000",
            "--shard",
            "1/2",
        ],
        &["blocks of 65536 trials", "at most 1 shards"],
    );
}

/// Every file of a report folder, by name, with its bytes.
fn report_files(folder: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// Run `text` as one experiment, then as `n` shards in `n` processes at
/// once, merge their slices, and hold every report file to the single run's.
fn sharded_run_is_the_single_run(text: &str, name: &str, n: usize) {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("exp.toml");
    std::fs::write(&exp, text).unwrap();
    let whole = dir.path().join("whole");
    crate::common::succeeded(volley().args([
        "run",
        exp.to_str().unwrap(),
        "--reports",
        whole.to_str().unwrap(),
    ]));
    let shards = dir.path().join("shards");
    let jobs: Vec<_> = (0..n)
        .map(|k| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("volley"))
                .args([
                    "run",
                    exp.to_str().unwrap(),
                    "--reports",
                    shards.to_str().unwrap(),
                ])
                .args(["--shard", &format!("{k}/{n}")])
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut job in jobs {
        assert!(job.wait().unwrap().success());
    }
    let mut slices: Vec<String> = (0..n)
        .map(|k| {
            let slice = shards.join(format!("{name}/slices/{k}-of-{n}.json"));
            slice.to_str().unwrap().to_string()
        })
        .collect();
    slices.reverse();
    let merged = dir.path().join("merged");
    crate::common::succeeded(
        volley()
            .arg("merge")
            .args(&slices)
            .args(["--reports", merged.to_str().unwrap()]),
    );
    let single = report_files(&whole.join(name));
    let put_together = report_files(&merged.join(name));
    assert_eq!(
        single.iter().map(|f| &f.0).collect::<Vec<_>>(),
        put_together.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((file, a), (_, b)) in single.iter().zip(&put_together) {
        assert!(
            a == b,
            "{file} differs between the single run and the merged shards"
        );
    }
}

#[test]
fn an_experiment_split_over_processes_merges_into_the_single_runs_report() {
    // Paired variants with a trial count: blocks of trials go to the shards.
    let rule = std::fs::canonicalize("house_rules/woods_plus_6.toml").unwrap();
    let paired = format!(
        "name = \"woods\"\nsystem = \"micro-squad\"\naction = \"engagement\"\ntrials = 200000\nseed = 4\n\
         [fields]\nb_terrain = \"woods\"\n[sweep]\na_firepower = [9, 11]\n\
         [[variant]]\nname = \"card\"\n[[variant]]\nname = \"woods6\"\nhouse_rules = [{:?}]\n",
        rule.display().to_string()
    );
    sharded_run_is_the_single_run(&paired, "woods", 3);
    // Exact points go whole, dealt in turn; one shard more than points is idle.
    let exact = "name = \"table\"\nsystem = \"micro-squad\"\naction = \"fire\"\nexact = true\n\
                 [sweep]\ndie_mod = [-1, 0, 1]\n";
    sharded_run_is_the_single_run(exact, "table", 4);
}

#[test]
fn slices_of_another_run_or_a_missing_shard_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let exp = dir.path().join("exp.toml");
    let text = "name = \"t\"\nsystem = \"micro-squad\"\naction = \"fire\"\ntrials = 140000\n";
    std::fs::write(&exp, text).unwrap();
    let reports = dir.path().join("r");
    for k in 0..2 {
        let out = volley()
            .args([
                "run",
                exp.to_str().unwrap(),
                "--reports",
                reports.to_str().unwrap(),
            ])
            .args(["--shard", &format!("{k}/2")])
            .output()
            .unwrap();
        assert!(out.status.success());
    }
    let slice = |k: usize| {
        reports
            .join(format!("t/slices/{k}-of-2.json"))
            .to_str()
            .unwrap()
            .to_string()
    };
    let err = stderr_of(&["merge", &slice(0)]);
    assert!(err.contains("shards missing: 1/2"), "{err}");
    // The file changed after the shards ran: its slices are not its run's.
    std::fs::write(&exp, text.replace("140000", "150000")).unwrap();
    let err = stderr_of(&["merge", &slice(0), &slice(1)]);
    assert!(err.contains("the experiment file changed"), "{err}");
}
