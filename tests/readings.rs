//! Every answer says which of the card's unsure readings it rests on: the
//! options its procedure actually consulted, the value used, and what each
//! alternative makes of the headline (exact answers; Monte Carlo with
//! `--readings`, paired), in every output that prints a probability.

use crate::common;

use assert_cmd::Command;
use common::volley_json;
use serde_json::Value;
use volley::ask::question::Question;
use volley::ask::readings::{self, Measured};
use volley::engine::{MethodRequest, RunConfig};
use volley::stats::summarize;

fn measured(system: &str, action: &str, fields: &[(&str, &str)]) -> Vec<readings::Reading> {
    let question = Question::new(system, action, &[], &common::raw_fields(fields)).unwrap();
    let config = RunConfig {
        method: MethodRequest::Exact,
        ..RunConfig::default()
    };
    let answer = summarize(&question.answer(&config).unwrap());
    readings::measure(&question, &answer, &config, false).unwrap()
}

fn option<'a>(readings: &'a [readings::Reading], name: &str) -> Option<&'a readings::Reading> {
    readings.iter().find(|r| r.option == name)
}

#[test]
fn the_impact_says_the_formation_reading_moves_it_by_tens_of_points() {
    let v = volley_json(&["odds", "deadly-field", "impact"]);
    let list = v["readings"].as_array().unwrap();
    let cmm = list
        .iter()
        .find(|r| r["option"] == "adf_impact_cmm")
        .expect("the impact reads the CMM option");
    assert_eq!(cmm["value"], "level_row");
    assert_eq!(cmm["measured"], "exact");
    let alternative = &cmm["alternatives"][0];
    assert_eq!(alternative["value"], "formation");
    assert_eq!(alternative["exact"], true);
    let base = v["headline"]["text"].as_str().unwrap().to_string();
    let p = alternative["probability"].as_f64().unwrap();
    let d = alternative["difference"].as_f64().unwrap();
    assert!(
        d > 0.2,
        "the formation row moves it by tens of points: {d} ({base})"
    );
    // difference = alternative minus the answer.
    let answer = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["variable"] == "attacker_wins" && o["value"] == "yes")
        .unwrap()["probability"]
        .as_f64()
        .unwrap();
    assert!((p - answer - d).abs() < 1e-12);
    // The terminal says it too.
    let out = Command::cargo_bin("volley")
        .unwrap()
        .args(["odds", "deadly-field", "impact"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("adf_impact_cmm = level_row; under formation:"),
        "{text}"
    );
}

#[test]
fn the_list_is_what_the_procedure_read_not_a_declared_list() {
    // A morale check reads no fire table, a marker removal no range chart.
    let morale = measured("deadly-field", "morale-check", &[]);
    assert!(option(&morale, "adf_fcr_candidate").is_none());
    assert!(option(&morale, "adf_impact_cmm").is_none());
    assert!(option(&morale, "adf_natural_2_3").is_some());
    let removal = measured("micro-armour", "marker-removal", &[]);
    assert!(option(&removal, "ma_optional_marker_chart").is_some());
    assert!(option(&removal, "ma_tl5_range").is_none());
    // Fire by a TL5 stand reads the TL5 range reading; by TL4 it does not.
    let tl5 = measured("micro-armour", "fire", &[("tech_level", "5")]);
    let tl4 = measured("micro-armour", "fire", &[("tech_level", "4")]);
    assert!(option(&tl5, "ma_tl5_range").is_some());
    assert!(option(&tl4, "ma_tl5_range").is_none());
    // A cohesion given on the command line does not rest on the default's option.
    assert!(option(&tl4, "ma_cohesion").is_none());
}

#[test]
fn a_reading_that_changes_nothing_is_listed_with_no_alternatives() {
    // Micro Squad's CRT alignment moves fire at some differentials, not others:
    // wherever an alternative moves less than a point it is not listed, but the
    // option still is, measured.
    let fire = measured("micro-squad", "fire", &[]);
    for r in &fire {
        if let Measured::Exact = r.measured {
            for a in &r.alternatives {
                assert!(a.difference.value.abs() >= readings::MOVES, "{r:?}");
            }
        }
    }
    let naturals = option(&fire, "ms_naturals").expect("fire reads the naturals");
    assert_eq!(naturals.measured, Measured::Exact);
}

#[test]
fn monte_carlo_lists_the_readings_and_measures_them_paired_when_asked() {
    // The CMM reading of the impact, answered by Monte Carlo (and `extra`).
    let cmm_of = |extra: &[&str]| {
        let args = [
            "odds",
            "deadly-field",
            "impact",
            "--trials",
            "20000",
            "--seed",
            "3",
        ];
        let answer = volley_json(&[&args[..], extra].concat());
        answer["readings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["option"] == "adf_impact_cmm")
            .unwrap()
            .clone()
    };
    let cmm = cmm_of(&[]);
    assert_eq!(cmm["alternatives"].as_array().unwrap().len(), 0);
    assert!(cmm["measured"].is_null());
    assert!(cmm["not_measured"].as_str().unwrap().contains("--readings"));
    let cmm = cmm_of(&["--readings"]);
    assert_eq!(cmm["measured"], "paired");
    let a = &cmm["alternatives"][0];
    assert_eq!(a["exact"], false);
    // The exact difference lies within the paired interval.
    let exact = measured("deadly-field", "impact", &[]);
    let d = option(&exact, "adf_impact_cmm").unwrap().alternatives[0]
        .difference
        .value;
    let (low, high) = (
        a["difference_ci_low"].as_f64().unwrap(),
        a["difference_ci_high"].as_f64().unwrap(),
    );
    assert!(low <= d && d <= high, "{d} outside [{low}, {high}]");
}

/// An exact answer measures its readings unasked only where that costs
/// little: a large engagement lists them and says how to ask, and measures
/// them with `--readings`, the same as a small one does unasked.
#[test]
fn a_large_engagement_measures_its_readings_only_when_asked() {
    let fields = common::raw_fields(&[("a_stands", "4"), ("b_stands", "4")]);
    let question = Question::new("micro-squad", "engagement", &[], &fields).unwrap();
    let config = RunConfig {
        method: MethodRequest::Exact,
        ..RunConfig::default()
    };
    let answer = summarize(&question.answer(&config).unwrap());
    let listed = readings::measure(&question, &answer, &config, false).unwrap();
    let alignment = option(&listed, "ms_crt_alignment").unwrap();
    match &alignment.measured {
        Measured::No(why) => assert!(why.contains("--readings"), "{why}"),
        other => panic!("measured unasked: {other:?}"),
    }
    let asked = readings::measure(&question, &answer, &config, true).unwrap();
    assert_eq!(
        option(&asked, "ms_crt_alignment").unwrap().measured,
        Measured::Exact
    );
    // Two stands a side is small: measured unasked.
    let small = measured(
        "micro-squad",
        "engagement",
        &[("a_stands", "2"), ("b_stands", "2"), ("turns", "3")],
    );
    assert_eq!(
        option(&small, "ms_crt_alignment").unwrap().measured,
        Measured::Exact
    );
}

#[test]
fn an_answers_readings_are_measured_unasked_only_while_their_work_is_small() {
    // The default Micro Force firefight enumerates about 4.6 million leaves;
    // its 11 alternatives would cost eleven times that: listed, not run.
    let config = RunConfig::default();
    let firefight = Question::new("micro-force", "firefight", &[], &[]).unwrap();
    let answer = summarize(&firefight.answer(&config).unwrap());
    assert!(answer.exact);
    assert!(
        answer.exact_work > readings::READINGS_WORK,
        "{}",
        answer.exact_work
    );
    let listed = readings::measure(&firefight, &answer, &config, false).unwrap();
    match &option(&listed, "mf_routed_can_fire").unwrap().measured {
        Measured::No(why) => assert!(why.contains("--readings"), "{why}"),
        other => panic!("measured unasked: {other:?}"),
    }
    // Counted, not timed: the same question counts the same work.
    let again = summarize(&firefight.answer(&config).unwrap());
    assert_eq!(again.exact_work, answer.exact_work);
    // Two stands a side: 11 alternatives within the work, measured unasked
    // (and a procedure, which counts no work, always is).
    let small = measured(
        "micro-force",
        "firefight",
        &[("a_stands", "2"), ("b_stands", "2")],
    );
    assert_eq!(
        option(&small, "mf_routed_can_fire").unwrap().measured,
        Measured::Exact
    );
    let charge = measured("micro-force", "charge", &[]);
    assert!(charge.iter().any(|r| r.measured == Measured::Exact));
}

#[test]
fn tables_comparisons_and_frames_carry_the_list() {
    let table = volley_json(&["table", "deadly-field", "charge"]);
    let list = table["readings"].as_array().unwrap();
    assert!(list.iter().any(|r| r["option"] == "adf_impact_cmm"));
    let compared = volley_json(&[
        "compare",
        "deadly-field",
        "impact",
        "--variant",
        "support:attacker_supports=1",
    ]);
    assert!(
        compared["baseline"]["readings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["option"] == "adf_impact_cmm")
    );
    // An experiment's frame says it in its metadata, and its report in words.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("impact.toml");
    std::fs::write(
        &file,
        "name = \"impact\"\ntitle = \"Impact\"\nsystem = \"deadly-field\"\naction = \"impact\"\n\n[sweep]\nattacker_figs = [6, 8]\n",
    )
    .unwrap();
    crate::common::succeeded(
        Command::cargo_bin("volley")
            .unwrap()
            .args(["run", file.to_str().unwrap(), "--reports"])
            .arg(dir.path()),
    );
    let meta: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("impact/meta.json")).unwrap())
            .unwrap();
    let first = &meta["readings"][0]["readings"];
    assert!(
        first
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["option"] == "adf_impact_cmm")
    );
    let report = std::fs::read_to_string(dir.path().join("impact/README.md")).unwrap();
    assert!(
        report.contains("- `adf_impact_cmm = level_row`: under `formation` it is"),
        "{report}"
    );
}
