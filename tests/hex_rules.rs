//! The blog's hex rules (hex-acw, stand-and-die): exact against Monte Carlo, and
//! hand-computed cases.

mod common;

use common::{assert_agree, p, run};
use volley::engine::MethodRequest;

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
    assert_eq!(p(&s, "winner", "undecided"), 1.0);
    assert_eq!(s.mean("turns").unwrap().value, 0.0);
}
