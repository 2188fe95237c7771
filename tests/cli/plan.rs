//! `volley plan`: best play over an engagement's choices, its contract, and
//! what it refuses.

use super::{stderr_of, volley};

#[test]
fn a_plan_is_the_published_contract_and_never_below_a_fixed_policy() {
    let out = volley()
        .args([
            "plan",
            "micro-force",
            "firefight",
            "turns=2",
            "b_cover=light",
        ])
        .args(["--check-trials", "40000", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
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
    let out = volley()
        .args([
            "plan",
            "deadly-field",
            "firefight",
            "turns=2",
            "--check-trials",
            "0",
        ])
        .args(["--plot", plot.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(dir.path().join("policy.svg")).unwrap();
    assert!(svg.contains("when to reform"), "the title names the choice");
    assert!(
        svg.contains("reform minus fire"),
        "the subtitle says what a cell is"
    );
    assert!(std::fs::metadata(&plot).unwrap().len() > 1000);
}
