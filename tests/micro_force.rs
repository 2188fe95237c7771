//! Micro Force: exact enumeration against Monte Carlo for every action, and
//! hand-computed probabilities for small cases.

mod common;

use common::p;
use volley::engine::MethodRequest;
use volley::stats::Summary;

fn run(action: &str, fields: &[(&str, &str)], method: MethodRequest) -> Summary {
    common::run("micro-force", action, fields, method)
}

fn assert_agree(action: &str, fields: &[(&str, &str)], trials: u64) {
    common::assert_agree("micro-force", action, fields, trials)
}

#[test]
fn fire_agrees() {
    assert_agree(
        "fire",
        &[("av_per_stand", "1.5"), ("first_fire", "true")],
        300_000,
    );
    assert_agree(
        "fire",
        &[
            ("av_per_stand", "2"),
            ("target_arm", "artillery"),
            ("target_formation", "unlimbered"),
            ("target_stands", "2"),
            ("target_cover", "light"),
            ("firer_shaken", "true"),
        ],
        300_000,
    );
    assert_agree(
        "fire",
        &[
            ("av_per_stand", "1"),
            ("target_steps_lost", "4"),
            ("target_shaken", "true"),
            ("firer_formation", "skirmish"),
        ],
        300_000,
    );
}

#[test]
fn charge_and_melee_agree() {
    assert_agree("charge", &[], 300_000);
    assert_agree(
        "charge",
        &[
            ("attacker_arm", "cavalry"),
            ("attacker_formation", "line"),
            ("distance", "6"),
            ("defender_cover", "light"),
            ("defender_stands", "2"),
        ],
        300_000,
    );
    assert_agree(
        "charge",
        &[
            ("distance", "7"),
            ("attacker_formation", "line"),
            ("defender_shaken", "true"),
        ],
        300_000,
    );
    assert_agree(
        "melee",
        &[
            ("attacker_stands", "6"),
            ("defender_stands", "2"),
            ("defender_heavy_cover", "true"),
        ],
        300_000,
    );
}

#[test]
fn recovery_and_initiative_agree() {
    assert_agree(
        "rally",
        &[("unit_routed", "true"), ("unit_competence", "2")],
        200_000,
    );
    assert_agree("cease-fire", &[("unit_shaken", "true")], 200_000);
    assert_agree("rejoin", &[("unit_steps_lost", "3")], 200_000);
    assert_agree("resupply", &[], 200_000);
    assert_agree("initiative", &[("a_competence", "2")], 200_000);
}

#[test]
fn firefight_agrees() {
    let fields = [
        ("a_stands", "1"),
        ("b_stands", "1"),
        ("a_officer", "false"),
        ("b_officer", "false"),
        ("a_av_per_stand", "2"),
        ("b_av_per_stand", "1.5"),
        ("turns", "3"),
    ];
    assert_agree("firefight", &fields, 200_000);
}

#[test]
fn hand_computed_fire() {
    // AV 4 x 1 = 4 against DV 2 (line, open): column +2. The firer passes cohesion
    // 14 on 14/20 and rolls unmodified: 10-12 is S (no loss). On a failure (+4) any
    // roll of 6 or more reads 10+: S or nothing. P(no step lost) = 0.7 x 6/36 +
    // 0.3 x 26/36 = 1/3.
    let s = run("fire", &[("target_officer", "false")], MethodRequest::Exact);
    assert!((p(&s, "steps_lost", "0") - 1.0 / 3.0).abs() < 1e-12);
}

#[test]
fn hand_computed_rally_and_melee() {
    // RULES.md 1.8: cohesion 15, routed (+4), rally (+5): 6/20 pass, plus the
    // natural-20 miracle: 7/20.
    let s = run(
        "rally",
        &[
            ("unit_routed", "true"),
            ("unit_shaken", "false"),
            ("unit_competence", "1"),
        ],
        MethodRequest::Exact,
    );
    assert!((p(&s, "rallied", "yes") - 7.0 / 20.0).abs() < 1e-12);
    // 1:1 melee, 3D6 each, highest die: P(tie) = sum over k of P(max = k)^2.
    let s = run("melee", &[], MethodRequest::Exact);
    let tie: f64 = (1..=6)
        .map(|k: i32| f64::from(k.pow(3) - (k - 1).pow(3)).powi(2))
        .sum::<f64>()
        / 216f64.powi(2);
    assert!((p(&s, "difference", "0") - tie).abs() < 1e-12);
    // Equal commanders on the first turn: an even roll-off.
    let s = run("initiative", &[], MethodRequest::Exact);
    assert!((p(&s, "winner", "a") - 0.5).abs() < 1e-12);
}

#[test]
fn a_charge_out_of_reach_never_makes_contact() {
    // Line moves 4" (open), bonus at most +4: 10" away needs 9" of move.
    let s = run(
        "charge",
        &[("attacker_formation", "line"), ("distance", "10")],
        MethodRequest::Exact,
    );
    assert_eq!(p(&s, "charge", "no-contact"), 1.0);
}
