//! `volley plan`: best play over an engagement's choices, its contract, and
//! what it refuses.

use super::{experiment_in, json_of, run_experiment, run_refused, stderr_of, volley};

#[test]
fn a_plan_is_the_published_contract_and_never_below_a_fixed_policy() {
    let out = crate::common::succeeded(
        volley()
            .args([
                "plan",
                "micro-force",
                "firefight",
                "turns=2",
                "b_cover=light",
            ])
            .args(["--check-trials", "40000", "--format", "json"]),
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    crate::common::assert_contract("plan", &json);
    let best = json["best"]["value"].as_f64().unwrap();
    assert_eq!(json["best"]["exact"], true);
    assert_eq!(json["goal"], "P(breaks_first=b)", "the headline by default");
    for fixed in json["fixed"].as_array().unwrap() {
        assert!(best >= fixed["value"].as_f64().unwrap() - 1e-12, "{fixed}");
    }
    assert_eq!(json["check"]["agrees"], true, "{}", json["check"]);
    // The first decision is the start, reached for sure; its best choice's
    // value is the value of best play.
    let first = &json["policy"][0];
    assert_eq!(first["turn"], 1);
    assert_eq!(first["reach"], 1.0);
    let chosen = first["choice"].as_str().unwrap();
    assert_eq!(first["values"][chosen].as_f64().unwrap(), best);
    assert!(
        json["readings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["option"] == "mf_first_fire")
    );
}

#[test]
fn a_plan_refuses_what_it_cannot_answer_naming_the_flag() {
    let err = stderr_of(&["plan", "micro-squad", "fire"]);
    assert!(err.contains("has no choices to plan"), "{err}");
    assert!(err.contains("micro-force firefight"), "{err}");
    let err = stderr_of(&[
        "plan",
        "micro-force",
        "firefight",
        "--choices",
        "b:fire,charge",
    ]);
    assert!(
        err.contains("`choices`") && err.contains("`a` does"),
        "{err}"
    );
    let err = stderr_of(&[
        "plan",
        "micro-force",
        "firefight",
        "--choices",
        "a:fire,volley",
    ]);
    assert!(err.contains("`volley` is not a choice"), "{err}");
    let err = stderr_of(&[
        "plan",
        "micro-force",
        "firefight",
        "--goal",
        "P(breaks_first=c)",
    ]);
    assert!(err.contains("has no value `c`"), "{err}");
    let err = stderr_of(&["plan", "micro-force", "firefight", "--goal", "mean(hits)"]);
    assert!(err.contains("no number `hits`"), "{err}");
    let err = stderr_of(&[
        "plan",
        "micro-force",
        "firefight",
        "turns=3",
        "--budget",
        "100",
    ]);
    assert!(err.contains("budget"), "{err}");
}

#[test]
fn a_plan_draws_its_policy() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("policy.png");
    crate::common::succeeded(
        volley()
            .args([
                "plan",
                "deadly-field",
                "firefight",
                "turns=2",
                "--check-trials",
                "0",
            ])
            .args(["--plot", plot.to_str().unwrap()]),
    );
    let svg = std::fs::read_to_string(dir.path().join("policy.svg")).unwrap();
    // Reforming is the usual play (the firefight reforms by default): the
    // first map is for firing.
    assert!(svg.contains("when to fire"), "the title names the choice");
    assert!(
        svg.contains("fire minus reform"),
        "the subtitle says what a cell is"
    );
    // Its axes in the card's words: no code names, the levels by name.
    assert!(
        !svg.contains("b_figures") && !svg.contains("a_level"),
        "{svg}"
    );
    assert!(svg.contains("figures"), "{svg}");
    assert!(std::fs::metadata(&plot).unwrap().len() > 1000);
    // The third choice gets its own map beside the first.
    let charge = std::fs::read_to_string(dir.path().join("policy-charge.svg")).unwrap();
    assert!(
        charge.contains("when to charge"),
        "the title names the choice"
    );
    assert!(dir.path().join("policy-charge.png").exists());
}

#[test]
fn an_experiment_of_best_play_reports_each_points_plan() {
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"charge-or-fire\"\nsystem = \"micro-force\"\naction = \"firefight\"\n\
         [plan]\nchoices = \"a:fire,charge\"\n\
         [fields]\nturns = 2\ncharge_distance = 4\na_formation = \"attack_column\"\n\
         [sweep]\nb_cover = [\"open\", \"heavy\"]\n",
    );
    run_experiment(&exp, &reports);
    let folder = reports.join("charge-or-fire");
    let csv = std::fs::read_to_string(folder.join("results.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // Each point's figures are `volley plan`'s at that point, to the bit.
    for cover in ["open", "heavy"] {
        let plan = json_of(&[
            "plan",
            "micro-force",
            "firefight",
            "turns=2",
            "charge_distance=4",
            "a_formation=attack_column",
            &format!("b_cover={cover}"),
            "--check-trials",
            "0",
            "--format",
            "json",
        ]);
        let figure = |variable: &str| -> f64 {
            let row = csv
                .lines()
                .find(|l| l.starts_with(&format!("card,{cover},mean,{variable},")))
                .unwrap_or_else(|| panic!("{variable} at {cover} in {csv}"));
            row.split(',')
                .nth(col("estimate"))
                .unwrap()
                .parse()
                .unwrap()
        };
        assert_eq!(figure("best"), plan["best"]["value"].as_f64().unwrap());
        for fixed in plan["fixed"].as_array().unwrap() {
            let name = fixed["name"].as_str().unwrap();
            let figure_name = name.split(',').next().unwrap().replace(' ', "_");
            assert_eq!(
                figure(&figure_name),
                fixed["value"].as_f64().unwrap(),
                "{name}"
            );
        }
        let best_fixed = plan["fixed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["value"].as_f64().unwrap())
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(figure("gain") >= 0.0);
        assert!((figure("gain") - (figure("best") - best_fixed)).abs() < 1e-15);
    }
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(readme.contains("## Best play, point by point"), "{readme}");
    assert!(
        readme.contains("under the usual play (always `fire`)"),
        "{readme}"
    );
    // The default plot: the gain over the sweep.
    assert!(folder.join("gain.png").exists());
    let gallery = std::fs::read_to_string(reports.join("README.md")).unwrap();
    assert!(
        gallery.contains("`volley plan micro-force firefight`"),
        "{gallery}"
    );
}

#[test]
fn an_experiment_of_best_play_refuses_trials_and_unknown_keys() {
    let dir = tempfile::tempdir().unwrap();
    let head = "name = \"p\"\nsystem = \"micro-force\"\naction = \"firefight\"\n";
    let (exp, reports) = experiment_in(dir.path(), &format!("{head}trials = 1000\n[plan]\n"));
    let err = run_refused(&exp, &reports);
    assert!(
        err.contains("exp.toml:4:") && err.contains("solved exactly"),
        "{err}"
    );
    let (exp, reports) = experiment_in(dir.path(), &format!("{head}[plan]\ntactics = 1\n"));
    let err = run_refused(&exp, &reports);
    assert!(err.contains("tactics"), "{err}");
    let (exp, reports) = experiment_in(
        dir.path(),
        &format!(
            "{head}[plan]\n[sweep]\nturns = [1, 2]\n[[plot]]\nkind = \"lines\"\nx = \"turns\"\ny = \"mean:luck\"\nfile = \"f\"\n"
        ),
    );
    let err = run_refused(&exp, &reports);
    assert!(
        err.contains("no mean `luck`") && err.contains("uses_charge"),
        "{err}"
    );
}

#[test]
fn against_b_at_its_best_a_plan_is_a_minimax_never_better_for_a() {
    let plan = |opponent: &str| {
        json_of(&[
            "plan",
            "deadly-field",
            "firefight",
            "turns=3",
            "--opponent",
            opponent,
            "--check-trials",
            "30000",
            "--format",
            "json",
        ])
    };
    let (usual, best) = (plan("usual"), plan("best"));
    assert_eq!(best["opponent"], "best");
    assert_eq!(usual["opponent_choices"], serde_json::json!([]));
    let value = |j: &serde_json::Value| j["best"]["value"].as_f64().unwrap();
    assert!(value(&best) <= value(&usual) + 1e-12);
    assert_eq!(best["check"]["agrees"], true, "{}", best["check"]);
    let sides: std::collections::BTreeSet<&str> = best["policy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["side"].as_str().unwrap())
        .collect();
    assert_eq!(sides.into_iter().collect::<Vec<_>>(), ["a", "b"]);
    // B's rows: its best answer takes the lowest value of A's goal.
    for row in best["policy"].as_array().unwrap() {
        let values = row["values"].as_object().unwrap();
        let chosen = values[row["choice"].as_str().unwrap()].as_f64().unwrap();
        for v in values.values() {
            let v = v.as_f64().unwrap();
            if row["side"] == "b" {
                assert!(chosen <= v + 1e-12, "{row}");
            } else {
                assert!(chosen >= v - 1e-12, "{row}");
            }
        }
    }
    // A usage error, as clap reports it: exit 2, the values it takes.
    let out = volley()
        .args(["plan", "micro-force", "firefight", "--opponent", "worst"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("[possible values: usual, best]"), "{err}");
}

#[test]
fn a_plans_text_is_for_a_player_to_follow() {
    let text = |extra: &[&str]| {
        super::stdout_of(
            &[
                &[
                    "plan",
                    "deadly-field",
                    "firefight",
                    "turns=3",
                    "--check-trials",
                    "0",
                ][..],
                extra,
            ]
            .concat(),
        )
    };
    let short = text(&[]);
    // The reconstructed chart is marked, as in the JSON.
    assert!(
        short.contains("\nPROVISIONAL: the Fire Combat Results table"),
        "{short}"
    );
    assert!(
        short.contains("\nscenario: turns=3; every other field at its default\n"),
        "{short}"
    );
    // By default only the states where best play departs from the usual
    // play, in the card's words, with the usual choice beside the best.
    let table: Vec<&str> = short
        .lines()
        .skip_while(|l| !l.starts_with("Where best play departs"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        table[0].contains("state") && table[0].contains("usual"),
        "{short}"
    );
    assert!(table.len() > 1, "{short}");
    for row in &table[1..] {
        assert!(row.contains("A: ") && row.contains("figures"), "{row}");
        let cells: Vec<&str> = row.split_whitespace().collect();
        let (usual, best) = (cells[cells.len() - 2], cells[cells.len() - 1]);
        assert_ne!(usual, best, "{row}");
    }
    // One sentence a choice; where no rule fits, the states most reached.
    let default = super::stdout_of(&["plan", "deadly-field", "firefight", "--check-trials", "0"]);
    assert!(
        default.contains(
            "in some states, where no rule of one or two conditions fits; most often (turn 2: A: "
        ),
        "{default}"
    );
    // A rule that fits is said in the card's words, not the axes' codes.
    let charge_late = super::stdout_of(&[
        "plan",
        "micro-force",
        "firefight",
        "turns=2",
        "a_formation=attack_column",
        "b_first_fire=false",
        "b_steps_lost=3",
        "a_av_per_stand=0.5",
        "charge_distance=1",
        "--check-trials",
        "0",
    ]);
    assert!(
        charge_late.contains("Best play: charge when turns left at least 2; otherwise fire"),
        "{charge_late}"
    );
    let all = text(&["--all"]);
    assert!(all.contains("The policy, state by state"), "{all}");
    assert!(all.contains("scenario: turns=3; defaults "), "{all}");
    assert!(all.lines().count() > short.lines().count());
    // Against B at its best: the values are A's goal, said in the header;
    // every state in words told apart from the others of its turn and side.
    const MINIMAX: &[&str] = &[
        "plan",
        "micro-force",
        "firefight",
        "turns=3",
        "--opponent",
        "best",
        "--check-trials",
        "0",
    ];
    let minimax = super::stdout_of(&[MINIMAX, &["--all"]].concat());
    assert!(
        minimax.contains(
            "each choice's value is P(breaks_first=b) for A (where B chooses, it takes the lowest)"
        ),
        "{minimax}"
    );
    let json = json_of(&[MINIMAX, &["--format", "json"]].concat());
    let mut seen = std::collections::BTreeSet::new();
    for row in json["policy"].as_array().unwrap() {
        let key = (
            row["turn"].to_string(),
            row["side"].to_string(),
            row["words"].to_string(),
        );
        assert!(seen.insert(key), "two states read alike: {row}");
    }
}

/// The peak resident memory of `volley ARGS` run on `threads` threads, read
/// from `/proc` while it runs (the high-water mark only rises, so the last
/// reading before it exits is its peak); `None` where `/proc` does not say.
fn peak_memory_kib(args: &[&str], threads: usize) -> Option<u64> {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("volley"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = None;
    loop {
        if let Some(kib) = std::fs::read_to_string(&status_file).ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        }) {
            peak = Some(kib);
        }
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "volley {args:?} failed");
            return peak;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// A sweep of plans holds a few plans at a time, not one per thread: its
/// peak memory on 16 threads stays within a small multiple of its peak on
/// one (it was about one plan per thread).
#[test]
fn a_plan_sweeps_memory_does_not_grow_with_the_threads() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (exp, reports) = experiment_in(
        dir.path(),
        "name = \"sweep-of-plans\"\nsystem = \"deadly-field\"\naction = \"firefight\"\n\
         [plan]\n[fields]\nturns = 2\n\
         [sweep]\na_quality = [\"green\", \"trained\", \"veteran\", \"elite\"]\n\
         b_cover = [\"none\", \"heavy-woods\"]\n",
    );
    let args = [
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ];
    let (Some(one), Some(many)) = (peak_memory_kib(&args, 1), peak_memory_kib(&args, 16)) else {
        return;
    };
    eprintln!("peak {many} KiB on 16 threads against {one} KiB on one");
    assert!(
        many < 3 * one,
        "peak {many} KiB on 16 threads against {one} KiB on one"
    );
}

/// Two experiments of one run that ask the same plans (best play against
/// an opponent at its best also solves best play against its usual play,
/// the other's own) solve them once, and report exactly what each reports
/// run alone: the same figures to the bit, the same readings consulted.
#[test]
fn experiments_that_share_plans_report_as_they_do_alone() {
    let dir = tempfile::tempdir().unwrap();
    let body = |name: &str, opponent: &str| {
        format!(
            "name = \"{name}\"\nsystem = \"deadly-field\"\naction = \"firefight\"\n\
             [plan]\nchoices = \"a:fire,reform,charge\"\nopponent = \"{opponent}\"\n\
             [fields]\nturns = 2\n[sweep]\na_quality = [\"green\", \"elite\"]\n"
        )
    };
    let together = dir.path().join("together");
    std::fs::create_dir(&together).unwrap();
    for (name, opponent) in [("against-best", "best"), ("against-usual", "usual")] {
        std::fs::write(together.join(format!("{name}.toml")), body(name, opponent)).unwrap();
        let alone = dir.path().join(format!("{name}.toml"));
        std::fs::write(&alone, body(name, opponent)).unwrap();
        run_experiment(&alone, &dir.path().join("alone"));
    }
    run_experiment(&together, &dir.path().join("shared"));
    for name in ["against-best", "against-usual"] {
        for file in ["results.csv", "README.md"] {
            // Each report names its own experiment file; the rest is the same.
            let read = |run: &str| {
                let text =
                    std::fs::read_to_string(dir.path().join(run).join(name).join(file)).unwrap();
                let lines = text.lines().filter(|l| !l.starts_with("- experiment: "));
                lines.collect::<Vec<_>>().join("\n")
            };
            let shared = read("shared");
            assert_eq!(shared, read("alone"), "{name}/{file}");
            if file == "README.md" {
                assert!(
                    shared.contains("`adf_melee = "),
                    "the charge's readings: {shared}"
                );
            }
        }
    }
}

#[test]
fn a_plan_under_a_house_rule_lists_what_the_rule_changes() {
    let out = super::stdout_of(&[
        "plan",
        "deadly-field",
        "firefight",
        "--check-trials",
        "0",
        "--house-rule",
        "house_rules/adf_green_nerves.toml",
    ]);
    assert!(out.contains("house rules: green-nerves\n"), "{out}");
    assert!(
        out.contains("  changes rolls.morale_check: threshold +1, when unit.quality == \"green\""),
        "{out}"
    );
    let card = super::stdout_of(&["plan", "deadly-field", "firefight", "--check-trials", "0"]);
    assert!(!card.contains("house rules"));
}
