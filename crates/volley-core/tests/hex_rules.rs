//! The blog's hex rules (hex-acw, stand-and-die): exact against Monte Carlo, and
//! hand-computed cases.

use crate::common;

use common::{assert_agree, p, run};
use volley_core::engine::MethodRequest;

#[test]
fn hex_acw_fire_and_duel_agree() {
    assert_agree(
        "hex-acw",
        "fire",
        &[
            ("infantry", "12"),
            ("guns", "1"),
            ("hex2_cavalry", "6"),
            ("hex2_range", "2"),
            ("cover", "true"),
        ],
        200_000,
    );
    assert_agree(
        "hex-acw",
        "duel",
        &[
            ("a_infantry", "8"),
            ("a_guns", "1"),
            ("b_infantry", "12"),
            ("b_cover", "true"),
            ("turns", "6"),
        ],
        200_000,
    );
}

#[test]
fn duels_with_ground_rolls_and_no_limit_agree() {
    assert_agree(
        "stand-and-die",
        "duel",
        &[
            ("a_infantry", "8"),
            ("b_infantry", "10"),
            ("a_posture", "fallback"),
            ("a_room", "2"),
            ("b_cover", "true"),
        ],
        200_000,
    );
    assert_agree(
        "hex-acw",
        "duel",
        &[
            ("a_infantry", "12"),
            ("b_infantry", "8"),
            ("b_guns", "1"),
            ("first", "roll"),
            ("turns", "0"),
            ("range", "2"),
        ],
        200_000,
    );
}

#[test]
fn stand_and_die_attack_and_duel_agree() {
    assert_agree(
        "stand-and-die",
        "attack",
        &[("infantry", "7"), ("guns", "1"), ("rear", "true")],
        200_000,
    );
    assert_agree(
        "stand-and-die",
        "duel",
        &[("a_infantry", "10"), ("b_infantry", "10")],
        200_000,
    );
    assert_agree(
        "stand-and-die",
        "duel",
        &[
            ("a_infantry", "6"),
            ("a_guns", "1"),
            ("b_infantry", "0"),
            ("b_cavalry", "8"),
            ("b_posture", "fallback"),
            ("a_cover", "true"),
            ("turns", "5"),
        ],
        200_000,
    );
}

#[test]
fn hand_computed_hex_acw() {
    // 20 infantry at range 2: firepower 40, halved by cover to 20: band <= 20,
    // casualties 0,0,0,1,2,3: P(0) = 1/2, mean = 1.
    let s = run(
        "hex-acw",
        "fire",
        &[("infantry", "20"), ("range", "2"), ("cover", "true")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "casualties", "0") - 0.5).abs() < 1e-12);
    assert!((s.mean("casualties").unwrap().value - 1.0).abs() < 1e-12);
    // Three hexes of 20 infantry (120) against open ground: band 101+.
    let three = [
        ("infantry", "20"),
        ("hex2_infantry", "20"),
        ("hex3_infantry", "20"),
    ];
    let s = run("hex-acw", "fire", &three, MethodRequest::Exact);
    assert!((s.mean("casualties").unwrap().value - 48.0 / 6.0).abs() < 1e-12);
}

#[test]
fn hand_computed_stand_and_die() {
    // 7 infantrymen against a standing hex in the open: 2.1 -> 2 certain, plus a
    // third on a d10 roll of 1: P(3) = 0.1.
    let s = run(
        "stand-and-die",
        "attack",
        &[("infantry", "7")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "casualties", "3") - 0.1).abs() < 1e-12);
    assert!((p(&s, "casualties", "2") - 0.9).abs() < 1e-12);
    // One man each, both standing in the open: each kills with 0.3, at the same
    // time. P(A alone wins a turn) = 0.3 x 0.7 and the fight ends with P 0.51, so
    // P(A wins) = 0.21 / 0.51, and P(both die) = 0.09 / 0.51.
    let s = run(
        "stand-and-die",
        "duel",
        &[("a_infantry", "1"), ("b_infantry", "1")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "winner", "a") - 0.21 / 0.51).abs() < 1e-12);
    assert!((p(&s, "winner", "none") - 0.09 / 0.51).abs() < 1e-12);
    assert!((s.mean("turns").unwrap().value - 1.0 / 0.51).abs() < 1e-9);
    // Infantry falling back in cover cannot be hurt by infantry: ends at once.
    let s = run(
        "stand-and-die",
        "duel",
        &[
            ("a_infantry", "5"),
            ("b_infantry", "5"),
            ("a_posture", "fallback"),
            ("a_cover", "true"),
            ("b_posture", "fallback"),
            ("b_cover", "true"),
        ],
        MethodRequest::Exact,
    );
    assert_eq!(p(&s, "winner", "stalemate"), 1.0);
    assert_eq!(s.mean("turns").unwrap().value, 0.0);
}

#[test]
fn a_hex_acw_duel_no_one_can_hurt_ends_at_once() {
    // One cavalryman each at range 2: power 1, halved by cover to 0. Neither can
    // hurt the other: a stalemate at turn 0, not twenty turns of nothing.
    let s = run(
        "hex-acw",
        "duel",
        &[
            ("a_infantry", "0"),
            ("a_cavalry", "1"),
            ("b_infantry", "0"),
            ("b_cavalry", "1"),
            ("a_cover", "true"),
            ("b_cover", "true"),
            ("range", "2"),
        ],
        MethodRequest::Exact,
    );
    assert_eq!(p(&s, "winner", "stalemate"), 1.0);
    assert_eq!(s.mean("turns").unwrap().value, 0.0);
}

#[test]
fn hex_acw_duel_options_first_roll_turns_zero_and_one_cannot_hurt() {
    // Symmetric hexes with a rolled first side: even odds.
    let s = run(
        "hex-acw",
        "duel",
        &[("first", "roll"), ("turns", "0")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "winner", "a") - p(&s, "winner", "b")).abs() < 1e-12);
    assert!(p(&s, "winner", "a") > 0.45);
    assert!(p(&s, "winner", "turn-limit") == 0.0);
    assert!(p(&s, "winner", "unfinished") < 1e-12);
    // 10 infantry in cover against one cavalryman at range 2: his power 1 is
    // halved to 0, while the infantry's 20 can still hurt him. Under
    // when_one_cannot_hurt the harmless hex is beaten at once; by default the
    // duel goes on until he falls.
    let fields = [
        ("a_infantry", "10"),
        ("b_infantry", "0"),
        ("b_cavalry", "1"),
        ("a_cover", "true"),
        ("range", "2"),
    ];
    let rule = common::house_rule("options.hx_duel_end", "\"when_one_cannot_hurt\"");
    let s = common::run_with_rules("hex-acw", "duel", &fields, &[rule], MethodRequest::Exact);
    assert_eq!(p(&s, "winner", "a"), 1.0);
    assert_eq!(s.mean("turns").unwrap().value, 0.0);
    let s = run("hex-acw", "duel", &fields, MethodRequest::Exact);
    assert!(s.mean("turns").unwrap().value > 1.0);
}

#[test]
fn falling_back_gives_ground_for_men() {
    let fields = [
        ("a_infantry", "10"),
        ("b_infantry", "10"),
        ("a_posture", "fallback"),
    ];
    let s = run("stand-and-die", "duel", &fields, MethodRequest::Exact);
    // A falls back one hex every turn it is attacked and survives: its ground
    // lost is the length of the duel, less the last turn when it falls there.
    let turns = s.mean("turns").unwrap().value;
    let falls = p(&s, "winner", "b") + p(&s, "winner", "none");
    assert!((s.mean("a_ground_lost").unwrap().value - (turns - falls)).abs() < 1e-9);
    assert_eq!(s.mean("b_ground_lost").unwrap().value, 0.0);
    // With two hexes of room it then stands: fewer hexes given, more men lost.
    let mut boxed = fields.to_vec();
    boxed.push(("a_room", "2"));
    let b = run("stand-and-die", "duel", &boxed, MethodRequest::Exact);
    assert!(b.mean("a_ground_lost").unwrap().value <= 2.0 + 1e-12);
    assert!(b.mean("a_lost").unwrap().value > s.mean("a_lost").unwrap().value);
    // (A wins either way here; the boxed duel never does better.)
    assert!(p(&b, "winner", "a") <= p(&s, "winner", "a") + 1e-12);
    // No follow-up: the first fall-back ends the duel, disengaged.
    let rule = common::house_rule("options.sd_duel_contact", "\"disengage\"");
    let d = common::run_with_rules(
        "stand-and-die",
        "duel",
        &fields,
        &[rule],
        MethodRequest::Exact,
    );
    assert!(p(&d, "winner", "disengaged") > 0.9);
    assert!((d.mean("turns").unwrap().value - 1.0).abs() < 1e-12);
}

#[test]
fn stand_and_die_duel_answers_with_its_defaults_and_reports_the_turn_limit() {
    let s = run("stand-and-die", "duel", &[], MethodRequest::Exact);
    assert!((p(&s, "winner", "a") - p(&s, "winner", "b")).abs() < 1e-12);
    let s = run(
        "stand-and-die",
        "duel",
        &[("turns", "2")],
        MethodRequest::Exact,
    );
    assert!(p(&s, "winner", "turn-limit") > 0.5);
    assert_eq!(p(&s, "winner", "stalemate"), 0.0);
}
