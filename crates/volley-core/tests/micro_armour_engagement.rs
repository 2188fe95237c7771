//! Micro Armour's engagement: what a tech level is worth, exact against Monte Carlo, one attack per target per fire phase.

use crate::common;
use crate::micro_armour::{PASS, run, run_with};
use common::p;
use volley_core::engine::MethodRequest;

#[test]
fn the_engagement_agrees_and_shows_what_a_tech_level_is_worth() {
    common::assert_agree(
        "micro-armour",
        "engagement",
        &[
            ("a_stands", "2"),
            ("b_stands", "1"),
            ("turns", "4"),
            ("a_tech_level", "3"),
        ],
        100_000,
    );
    // One shot, one turn: A (TL4, 8) at B (defense 6) at 20" (+1): column +2 is
    // E on rows 0-3, so 2D6 + 1 <= 3: 1/36, after a 15/20 cohesion roll.
    let s = run(
        "engagement",
        &[
            ("a_stands", "1"),
            ("b_stands", "1"),
            ("b_firepower", "0"),
            ("turns", "1"),
        ],
    );
    assert!((p(&s, "winner", "a") - PASS / 36.0).abs() < 1e-12);
    // Equal platoons, one a tech level behind: the TL4 side fires first every
    // turn (1st fire phase) and wins more often.
    let s = common::run(
        "micro-armour",
        "engagement",
        &[("a_tech_level", "3")],
        MethodRequest::Trials(100_000),
    );
    assert!(s.probability("winner", "b").unwrap().low > s.probability("winner", "a").unwrap().high);
}

/// The engagement is played shot by shot with counted stands; on 1 against 1
/// it gives what the whole-turn enumeration gave before (values recorded from
/// it), to 1e-12.
#[test]
fn step_level_exact_equals_the_turn_level_answers() {
    // (fields, [P(a), P(b), P(none), P(turn-limit), mean turns, mean a_lost])
    type Case<'a> = (&'a [(&'a str, &'a str)], [f64; 6]);
    let cases: [Case; 3] = [
        (
            &[],
            [
                0.48841527276103547,
                0.4884152727610355,
                0.006145786039503239,
                0.017023668438426138,
                4.152432770578808,
                0.4945610588005388,
            ],
        ),
        (
            &[
                ("b_terrain", "woods"),
                ("a_tech_level", "3"),
                ("b_tech_level", "5"),
            ],
            [
                0.06319771379590651,
                0.8515573547011925,
                0.002767709710015799,
                0.08247722179288577,
                5.203312574788869,
                0.8543250644112084,
            ],
        ),
        (
            &[
                ("a_class", "armored"),
                ("b_class", "armored"),
                ("a_facing", "flank"),
                ("turns", "6"),
            ],
            [
                0.2853651938059804,
                0.6678242625563757,
                0.004611360519240787,
                0.04219918311840373,
                3.0210052764833195,
                0.6724356230756164,
            ],
        ),
    ];
    for (fields, expected) in cases {
        let mut fields = fields.to_vec();
        fields.extend([("a_stands", "1"), ("b_stands", "1")]);
        let s = run("engagement", &fields);
        let got = [
            p(&s, "winner", "a"),
            p(&s, "winner", "b"),
            p(&s, "winner", "none"),
            p(&s, "winner", "turn-limit"),
            s.mean("turns").unwrap().value,
            s.mean("a_lost").unwrap().value,
        ];
        for (g, e) in got.iter().zip(expected) {
            assert!((g - e).abs() < 1e-12, "{fields:?}: {got:?}");
        }
    }
}

#[test]
fn three_and_four_platoon_stands_a_side_are_exact_and_agree_with_monte_carlo() {
    for n in ["3", "4"] {
        let fields = [
            ("a_stands", n),
            ("b_stands", n),
            ("a_tech_level", "3"),
            ("b_terrain", "woods"),
            ("b_class", "armored"),
        ];
        let auto = common::run("micro-armour", "engagement", &fields, MethodRequest::Auto);
        assert!(auto.exact, "{n} against {n} is exact");
        common::assert_agree("micro-armour", "engagement", &fields, 200_000);
    }
}

/// "Any one stand may only be the target of one attack per fire phase", and a
/// stand that held its fire for want of a target keeps its one shot of the
/// turn for the 2nd phase ("All qualified stands fire in this phase").
#[test]
fn a_stand_is_attacked_once_per_fire_phase_and_keeps_a_held_shot() {
    // 20 against 6 is E without a roll, so a shot kills when its firer passes
    // cohesion (p = 3/4). Two A stands (TL4) against one B stand, one turn.
    // A first: A1 kills with p; a miss spends B1's one attack this phase, so
    // A2 holds; B1 then kills an A stand yet to fire (A2) with p, or misses
    // and A2 fires in the 2nd phase: p + (1-p)(1-p)p. B first: B1 kills A2
    // (p), then A1 gets one shot: p*p; B1 misses, then A1 fires (p) or misses
    // and A2, holding in the 1st phase, fires in the 2nd: (1-p)(p + (1-p)p).
    // Both come to 51/64. Three A stands: a miss leaves two A stands' shots
    // for the 2nd phase, and B1 can take only one of them: p + (1-p)p either
    // way, 15/16.
    let p_pass = PASS;
    let two = p_pass + (1.0 - p_pass).powi(2) * p_pass;
    assert!((two - 51.0 / 64.0).abs() < 1e-15);
    let three = p_pass + (1.0 - p_pass) * p_pass;
    for (a_stands, expected) in [("2", two), ("3", three)] {
        let fields = [
            ("a_stands", a_stands),
            ("b_stands", "1"),
            ("a_firepower", "20"),
            ("b_firepower", "20"),
            ("turns", "1"),
        ];
        let once = run("engagement", &fields);
        let got = p(&once, "winner", "a");
        assert!((got - expected).abs() < 1e-12, "{a_stands} stands: {got}");
        common::assert_agree("micro-armour", "engagement", &fields, 100_000);
    }
    // Attacking again (the old reading): A's second stand fires in the 1st
    // phase after a miss, and nobody is left to fire in the 2nd: 51/64 too.
    let fields = [
        ("a_stands", "2"),
        ("b_stands", "1"),
        ("a_firepower", "20"),
        ("b_firepower", "20"),
        ("turns", "1"),
    ];
    let again = run_with(
        "engagement",
        &fields,
        "options.ma_engagement_attack_again",
        "true",
    );
    assert!((p(&again, "winner", "a") - 51.0 / 64.0).abs() < 1e-12);
}

#[test]
fn the_bounds_allow_the_shots_per_turn_the_charts_accept() {
    let rule = |value: &str| {
        let text = common::house_rule("options.ma_shots_per_turn", value);
        volley_core::rules::HouseRule::parse("shots", &text).unwrap()
    };
    let e =
        volley_core::ask::question::Question::new("micro-armour", "engagement", &[rule("3")], &[])
            .err()
            .expect("3 shots a turn is refused");
    assert!(
        e.message.contains("1 to 2")
            || e.message.contains("1-2")
            || e.message.contains("at most 2"),
        "{}",
        e.message
    );
    assert!(
        volley_core::ask::question::Question::new("micro-armour", "engagement", &[rule("2")], &[])
            .is_ok()
    );
}

/// The engagement's marker removal reads the card's optional chart when that
/// option is on, as one stand's `marker-removal` does (it once rolled the d20
/// whatever the option said): the answer moves, and exact enumeration over
/// the d100 agrees with Monte Carlo.
#[test]
fn the_engagement_removes_markers_by_the_optional_chart_when_it_is_on() {
    let chart = [common::house_rule(
        "options.ma_optional_marker_chart",
        "true",
    )];
    let fields = [("a_stands", "2"), ("b_stands", "2"), ("turns", "3")];
    let d20 = run("engagement", &fields);
    let exact = common::run_with_rules(
        "micro-armour",
        "engagement",
        &fields,
        &chart,
        MethodRequest::Exact,
    );
    assert!(exact.exact);
    let moved = (p(&exact, "winner", "a") - p(&d20, "winner", "a")).abs();
    assert!(
        moved > 1e-4,
        "the optional chart moves the answer ({moved})"
    );
    common::assert_agree_under("micro-armour", "engagement", &fields, &chart, 200_000);
}
