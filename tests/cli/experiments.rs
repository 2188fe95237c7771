//! `volley run`: experiment files, their reports, plots and frames, and what they refuse.

use super::{experiment_in, refused_naming, run_experiment, run_refused, stderr_of, volley};
use std::sync::{Arc, Mutex};

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
    run_experiment(&exp, &reports);
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

#[test]
fn two_variants_or_two_plots_of_one_name_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let head =
        "name = \"dups\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1]\n";
    let (exp, reports) = experiment_in(
        dir.path(),
        &format!("{head}[[variant]]\nname = \"card\"\n[[variant]]\nname = \"card\"\n"),
    );
    let e = run_refused(&exp, &reports);
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
    let e = run_refused(&exp, &reports);
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

#[test]
fn sweep_axes_keep_the_order_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"order\"\nsystem = \"micro-squad\"\naction = \"fire\"\n\
         [sweep]\nterrain = [\"clear\", \"woods\"]\ndie_mod = [0, 1]\n",
    );
    run_experiment(&exp, &reports);
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
    let e = run_refused(&exp, &reports);
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
    let e = run_refused(&exp, &reports);
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
    run_experiment(&exp, &reports);
    let readme = std::fs::read_to_string(reports.join("cap/README.md")).unwrap();
    assert!(
        readme.contains("**warning**: 1 of 1 points stopped at the cap of 20000 trials"),
        "{readme}"
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

/// Every report of progress over sweep points: (done, of all).
type PointsSeen = Arc<Mutex<Vec<(u64, u64)>>>;

/// Hooks that record every report of progress over sweep points, and the
/// record.
fn recording_points() -> (volley::experiment::Hooks, PointsSeen) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    let hooks = volley::experiment::Hooks {
        trials: None,
        points: Some(volley::engine::Progress(Arc::new(move |done, all| {
            record.lock().unwrap().push((done, all));
        }))),
    };
    (hooks, seen)
}

#[test]
fn a_run_reports_its_progress_over_sweep_points() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"steps\"\nsystem = \"micro-squad\"\naction = \"fire\"\n[sweep]\ndie_mod = [0, 1, 2]\n",
    );
    let (hooks, seen) = recording_points();
    let experiment = volley::experiment::Experiment::from_file(&exp).unwrap();
    volley::reports::run(&experiment, &reports, hooks, 100, &Default::default()).unwrap();
    assert_eq!(*seen.lock().unwrap(), vec![(0, 3), (1, 3), (2, 3), (3, 3)]);
}

#[test]
fn a_sweep_combination_no_model_accepts_fails_before_any_point_is_answered() {
    let dir = tempfile::tempdir().unwrap();
    // Each value is fine alone; both sides at firepower 0 is not.
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"combo\"\nsystem = \"micro-squad\"\naction = \"engagement\"\ntrials = 2000\n[sweep]\na_firepower = [6, 0]\nb_firepower = [6, 0]\n",
    );
    let (hooks, seen) = recording_points();
    let experiment = volley::experiment::Experiment::from_file(&exp).unwrap();
    let Err(error) = volley::reports::run(&experiment, &reports, hooks, 100, &Default::default())
    else {
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
    run_experiment(&folder, &reports);
    assert!(reports.join("first/README.md").exists() && reports.join("second/README.md").exists());
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    refused_naming(&["run", empty.to_str().unwrap()], &["no experiment files"]);
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
fn an_exact_experiment_names_the_point_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, _) = experiment_in(
        dir.path(),
        "name = \"big\"\nsystem = \"micro-squad\"\naction = \"engagement\"\nexact = true\n\
         [sweep]\na_stands = [1, 6]\nb_stands = [6]\n",
    );
    refused_naming(
        &["run", exp.to_str().unwrap()],
        &[
            "exp.toml:4:",
            "at the sweep point a_stands=6, b_stands=6",
            "44,100 states",
        ],
    );
}

#[test]
fn a_sweep_answered_over_threads_is_the_same_on_one() {
    // Points run over the thread pool; the frame and report must not depend on
    // how many threads there are (Monte Carlo and exact points, two variants).
    let dir = tempfile::tempdir().unwrap();
    let rule = std::fs::canonicalize("house_rules/woods_plus_6.toml").unwrap();
    let body = format!(
        "name = \"threads\"\nsystem = \"micro-squad\"\naction = \"engagement\"\ntrials = 20000\n\
         [sweep]\na_stands = [1, 2, 3]\nb_terrain = [\"clear\", \"woods\"]\n\
         [[variant]]\nname = \"card\"\n[[variant]]\nname = \"woods6\"\nhouse_rules = [{:?}]\n",
        rule.display().to_string()
    );
    let (exp, _) = experiment_in(dir.path(), &body);
    let frame_on = |threads: &str| {
        let reports = dir.path().join(format!("reports-{threads}"));
        crate::common::succeeded(
            volley()
                .env("RAYON_NUM_THREADS", threads)
                .args(["run", exp.to_str().unwrap(), "--reports"])
                .arg(&reports),
        );
        let folder = reports.join("threads");
        ["results.csv", "meta.json", "README.md"]
            .map(|f| std::fs::read_to_string(folder.join(f)).unwrap())
    };
    assert_eq!(frame_on("1"), frame_on("2"));
}
