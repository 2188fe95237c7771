//! The house rules of `house_rules/` that carry a script (`[[script]]`
//! tables): each against odds worked out by hand in a simple case, and
//! exact against Monte Carlo under it; and a script that stops at a roll
//! refuses the answer with its file and line.

use crate::common::{assert_agree_under, raw_fields};
use crate::roll_rules::{CAVALRY_CHARGE, cavalry_falters, close, exact, shipped};
use volley_core::ask::question::{Question, QuestionError};
use volley_core::engine::{MethodRequest, RunConfig};

#[test]
fn a_colonel_steadies_a_failed_morale_check_on_a_die_of_his_own() {
    let rule = [shipped("adf_colonel_rally")];
    let passed = |action, quality, rules: &[String]| {
        let fields = [("mmp", "7"), ("quality", quality)];
        exact("deadly-field", action, &fields, rules, ("passed", "yes"))
    };
    // 2D6 >= 7 fails 15/36 on the card. A failed check is taken again on
    // 4+ of 1D6 (1/2; green: 5+, 1/3), the second roll standing.
    let f = 15.0 / 36.0;
    assert!(close(passed("morale-check", "trained", &[]), 1.0 - f));
    let trained = 1.0 - (f * 0.5 + f * 0.5 * f);
    assert!(close(passed("morale-check", "trained", &rule), trained));
    let green = 1.0 - (f * 2.0 / 3.0 + f / 3.0 * f);
    assert!(close(passed("morale-check", "green", &rule), green));
    // A rally attempt gets no help.
    assert!(close(
        passed("rally", "trained", &rule),
        passed("rally", "trained", &[])
    ));
    assert_agree_under(
        "deadly-field",
        "morale-check",
        &[("stands_lost", "1")],
        &rule,
        100_000,
    );
}

#[test]
fn a_bugle_call_eases_the_chargers_check_on_a_six() {
    let rule = [shipped("mf_bugle_call")];
    // On a 6 (1/6) three more faces of the d20 pass the charger's check
    // (its cohesion well inside 1-19), and nothing before it can stop it.
    assert!(close(
        cavalry_falters(&rule),
        cavalry_falters(&[]) - 3.0 / 20.0 / 6.0
    ));
    assert_agree_under("micro-force", "charge", &CAVALRY_CHARGE, &rule, 100_000);
}

#[test]
fn low_ammunition_reads_the_casualty_die_lower_on_a_one_at_long_range() {
    let rule = [shipped("hex_low_ammunition")];
    let none = |range, rules: &[String]| {
        let fields = [("infantry", "0"), ("guns", "2"), ("range", range)];
        exact("hex-acw", "fire", &fields, rules, ("casualties", "0"))
    };
    // Two guns: faces 1-6 read 0, 1, 2, 3, 5, 7 casualties. On a 1 of the
    // first die (1/6) the face is read 2 lower (1-3 all read 0): 3/6.
    assert!(close(none("3", &[]), 1.0 / 6.0));
    assert!(close(
        none("3", &rule),
        5.0 / 6.0 / 6.0 + 1.0 / 6.0 * 3.0 / 6.0
    ));
    assert!(close(none("2", &rule), 1.0 / 6.0));
    assert_agree_under(
        "hex-acw",
        "fire",
        &[("infantry", "0"), ("guns", "2"), ("range", "4")],
        &rule,
        100_000,
    );
}

#[test]
fn fire_discipline_fires_again_on_a_five_or_six_after_a_roll_that_does_nothing() {
    let rule = [shipped("ms_fire_discipline")];
    let none = |range, rules: &[String]| {
        let fields = [("range", range), ("defense", "8")];
        exact("micro-squad", "fire", &fields, rules, ("result", "none"))
    };
    // The firer fires on 14 of 20; the CRT roll then does nothing 15/36.
    // Within 10 inches that roll is made again on 5+ (1/3).
    let card = 0.7 * 15.0 / 36.0;
    assert!(close(none("8", &[]), card));
    assert!(close(
        none("8", &rule),
        card * (2.0 / 3.0 + 15.0 / 36.0 / 3.0)
    ));
    assert!(close(none("12", &rule), none("12", &[])));
    assert_agree_under(
        "micro-squad",
        "fire",
        &[("range", "6"), ("defense", "8")],
        &rule,
        100_000,
    );
}

#[test]
fn a_lucky_volley_reads_a_fraction_die_of_ten_as_one() {
    let rule = [shipped("sd_lucky_volley")];
    let four = |rules: &[String]| {
        let fields = [("infantry", "12")];
        exact(
            "stand-and-die",
            "attack",
            &fields,
            rules,
            ("casualties", "4"),
        )
    };
    // 12 infantry make 3.6 casualties: the fourth on a d10 of 1-6 (0.6);
    // a 10 read as 1 adds one face in ten.
    assert!(close(four(&[]), 0.6));
    assert!(close(four(&rule), 0.7));
    assert_agree_under("stand-and-die", "duel", &[], &rule, 100_000);
}

#[test]
fn a_pursuit_drives_a_won_impact_one_band_further_on_a_five_or_six() {
    let rule = [shipped("adf_pursuit")];
    fn band(arm: &str, class: &str, rules: &[String]) -> f64 {
        // The charger's FIV is 2D6 + 12 (12 figures less an MMP of 0), the
        // defender's 2D6 + 0: a difference of 12 + (2D6 - 2D6).
        let formation = if arm == "infantry" {
            "attack-column"
        } else {
            "line"
        };
        let fields = [
            ("attacker_type", arm),
            ("attacker_formation", formation),
            ("attacker_figs", "12"),
            ("attacker_mmp", "0"),
            ("defender_mmp", "12"),
        ];
        exact("deadly-field", "impact", &fields, rules, ("impact", class))
    }
    // Two 2D6 tie 146 times in 1,296, so the charger's 2D6 is at least the
    // defender's (a win by 12 or more) (1,296 + 146) / 2 times.
    assert!(close(
        band("infantry", "attacker-wins-12+", &[]),
        721.0 / 1296.0
    ));
    // A win moves one band up on 5-6 of 1D6 (mounted cavalry: 4-6).
    for (arm, pursues) in [("infantry", 1.0 / 3.0), ("mounted-cavalry", 0.5)] {
        let card = |class: &str| band(arm, class, &[]);
        let ruled = |class: &str| band(arm, class, &rule);
        let wins = ["2-4", "5-7", "8-11", "12+"].map(|b| format!("attacker-wins-{b}"));
        for (i, class) in wins.iter().enumerate() {
            let stays = if i == 3 { 1.0 } else { 1.0 - pursues };
            let from_below = if i == 0 {
                0.0
            } else {
                card(&wins[i - 1]) * pursues
            };
            assert!(
                close(ruled(class), card(class) * stays + from_below),
                "{arm} {class}"
            );
        }
        for class in ["melee", "stop-short", "defender-wins-2-4"] {
            assert!(close(ruled(class), card(class)), "{arm} {class}");
        }
    }
    assert_agree_under(
        "deadly-field",
        "charge",
        &[
            ("attacker_type", "mounted-cavalry"),
            ("attacker_formation", "line"),
        ],
        &rule,
        100_000,
    );
}

#[test]
fn a_script_that_stops_at_a_roll_refuses_the_answer_with_its_file_and_line() {
    let text = "name = \"broken\"\n\n[[script]]\npoint = \"pre_impact_check\"\ncode = '''\nfn before(roll) {\n    roll.defender.qualty == \"veteran\"\n}\n'''\n";
    let rule = volley_core::rules::HouseRule::parse("broken.toml", text).unwrap();
    let question = Question::new("deadly-field", "charge", &[rule], &raw_fields(&[])).unwrap();
    for method in [MethodRequest::Exact, MethodRequest::Trials(1_000)] {
        let config = RunConfig {
            method,
            ..RunConfig::default()
        };
        match question.answer(&config) {
            Err(QuestionError::Input(e)) => {
                assert_eq!(e.file, "broken.toml");
                assert_eq!(e.line, Some(7), "{e}");
                assert_eq!(e.field, "script.code");
                assert!(e.message.contains("qualty"), "{e}");
            }
            other => panic!("answered: {:?}", other.map(|_| ())),
        }
    }
}

#[test]
fn a_script_at_a_roll_the_action_does_not_make_is_noted() {
    let rule = volley_core::rules::HouseRule::parse("bugle", &shipped("mf_bugle_call")).unwrap();
    let fire = Question::new("micro-force", "fire", &[rule], &raw_fields(&[])).unwrap();
    let notes = fire.notes();
    assert!(
        notes
            .iter()
            .any(|n| n
                .contains("`charger_check` (made by charge, firefight); fire makes it, if at all")),
        "{notes:?}"
    );
}

#[test]
fn a_then_step_needs_a_roll_that_names_its_outcomes_and_returns_one_of_them() {
    let script = |point: &str, body: &str| {
        format!(
            "name = \"step\"\n\n[[script]]\npoint = \"{point}\"\ncode = '''\nfn then(roll) {{\n    {body}\n}}\n'''\n"
        )
    };
    // The morale check's procedure names no outcomes: refused as read.
    let rule =
        volley_core::rules::HouseRule::parse("step.toml", &script("morale_check", "()")).unwrap();
    let e = match Question::new("deadly-field", "morale-check", &[rule], &raw_fields(&[])) {
        Err(e) => e,
        other => panic!("asked: {:?}", other.map(|_| ())),
    };
    assert_eq!((e.line, e.field.as_str()), (Some(6), "script.code"), "{e}");
    assert!(e.message.contains("no outcomes"), "{e}");
    // A word the impact never comes to: refused at the roll, with its line.
    let rule =
        volley_core::rules::HouseRule::parse("step.toml", &script("impact", "\"routs\"")).unwrap();
    let question = Question::new("deadly-field", "impact", &[rule], &raw_fields(&[])).unwrap();
    match question.answer(&RunConfig::default()) {
        Err(QuestionError::Input(e)) => {
            assert_eq!((e.file.as_str(), e.line), ("step.toml", Some(6)), "{e}");
            assert!(e.message.contains("not routs"), "{e}");
        }
        other => panic!("answered: {:?}", other.map(|_| ())),
    }
}
