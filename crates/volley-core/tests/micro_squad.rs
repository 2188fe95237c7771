//! Micro Squad: exact enumeration against Monte Carlo for every procedure, and
//! hand-computed probabilities for small cases.

use crate::common;

use volley_core::engine::MethodRequest;
use volley_core::stats::Summary;

pub(crate) fn run(action: &str, fields: &[(&str, &str)], method: MethodRequest) -> Summary {
    common::run("micro-squad", action, fields, method)
}

fn assert_agree(action: &str, fields: &[(&str, &str)], trials: u64) {
    common::assert_agree("micro-squad", action, fields, trials)
}

use common::p;

#[test]
fn fire_agrees() {
    assert_agree("fire", &[("firepower", "8"), ("defense", "5")], 300_000);
    assert_agree(
        "fire",
        &[
            ("firepower", "5"),
            ("defense", "4"),
            ("terrain", "woods+hilltop"),
            ("through_crest", "true"),
            ("target_suppressed_this_turn", "true"),
            ("target_disorganized", "true"),
            ("firer_suppressed", "true"),
        ],
        300_000,
    );
}

#[test]
fn artillery_agrees() {
    assert_agree(
        "direct-artillery",
        &[
            ("firepower", "9"),
            ("defense", "3"),
            ("mortar", "true"),
            ("impact_radius", "3"),
        ],
        300_000,
    );
    assert_agree(
        "direct-artillery",
        &[("firepower", "1"), ("defense", "8")],
        100_000,
    );
    assert_agree(
        "indirect-artillery",
        &[
            ("firepower", "7"),
            ("defense", "4"),
            ("impact_radius", "2"),
            ("terrain", "light-buildings"),
        ],
        300_000,
    );
}

#[test]
fn air_strike_agrees() {
    assert_agree(
        "air-strike",
        &[
            ("attack_value", "10"),
            ("defense", "4"),
            ("aa_small", "2"),
            ("aa_large", "1"),
            ("impact_radius", "6"),
        ],
        300_000,
    );
}

#[test]
fn overrun_and_close_assault_agree() {
    assert_agree(
        "overrun",
        &[("attackers", "2"), ("defender_class", "weapons")],
        300_000,
    );
    assert_agree(
        "close-assault",
        &[
            ("assaulters", "2"),
            ("engineers", "true"),
            ("defender_terrain", "woods"),
        ],
        300_000,
    );
    assert_agree(
        "close-assault",
        &[
            ("assaulters", "1"),
            ("mounted_cavalry", "true"),
            ("assaulter_firepower", "3"),
        ],
        200_000,
    );
}

#[test]
fn marker_removal_orders_move_and_mines_agree() {
    assert_agree("marker-removal", &[("disorganized", "true")], 200_000);
    assert_agree("orders", &[("modifier", "-1")], 200_000);
    assert_agree(
        "move",
        &[("order", "other-without-order"), ("hq_attached", "1")],
        200_000,
    );
    assert_agree("mine-attack", &[("minefield", "hasty")], 200_000);
}

#[test]
fn engagement_agrees() {
    assert_agree(
        "engagement",
        &[
            ("a_stands", "1"),
            ("b_stands", "1"),
            ("b_firepower", "6"),
            ("turns", "6"),
        ],
        200_000,
    );
    assert_agree(
        "engagement",
        &[
            ("a_stands", "2"),
            ("b_stands", "1"),
            ("turns", "4"),
            ("b_break", "1"),
        ],
        200_000,
    );
}

#[test]
fn hand_computed_fire() {
    // Cohesion 14 passes 14/20. Column +3, roll unmodified: 2-4 E (6/36),
    // 5-8 D (20/36), 9-12 S or (S) read as S (10/36).
    let s = run(
        "fire",
        &[("firepower", "8"), ("defense", "5")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "result", "no-fire") - 0.3).abs() < 1e-12);
    assert!((p(&s, "result", "E") - 0.7 * 6.0 / 36.0).abs() < 1e-12);
    assert!((p(&s, "result", "D") - 0.7 * 20.0 / 36.0).abs() < 1e-12);
    assert!((p(&s, "result", "S") - 0.7 * 10.0 / 36.0).abs() < 1e-12);
    // Already suppressed this turn: the (S) at 9-10 become D (7/36 more D).
    let s = run(
        "fire",
        &[
            ("firepower", "8"),
            ("defense", "5"),
            ("target_suppressed_this_turn", "true"),
        ],
        MethodRequest::Exact,
    );
    assert!((p(&s, "result", "D") - 0.7 * 27.0 / 36.0).abs() < 1e-12);
}

#[test]
fn hand_computed_marker_removal_and_orders() {
    // S only at cohesion 14: natural 1 rallies, 2-10 recover (d20 + 4 <= 14),
    // 11-19 fail, 20 panics: the (S) on a suppressed stand chains to D.
    let s = run("marker-removal", &[], MethodRequest::Exact);
    assert!((p(&s, "after", "ok") - 10.0 / 20.0).abs() < 1e-12);
    assert!((p(&s, "after", "S+D") - 1.0 / 20.0).abs() < 1e-12);
    assert!((p(&s, "roll", "panic") - 0.05).abs() < 1e-12);
    // Command Efficiency, 2D6: 3 or less gives no orders (3/36); 13+ impossible.
    let s = run("orders", &[], MethodRequest::Exact);
    assert!((p(&s, "orders", "0") - 3.0 / 36.0).abs() < 1e-12);
    assert!((p(&s, "orders", "5") - 0.0).abs() < 1e-12);
    // Mean: 1 x 12/36 (rolls 4-6) + 2 x 11/36 (7-8) + 3 x 7/36 (9-10) + 4 x 3/36 (11-12).
    assert!((s.mean("orders").unwrap().value - 67.0 / 36.0).abs() < 1e-12);
}

#[test]
fn same_seed_same_tally() {
    let a = run("engagement", &[], MethodRequest::Trials(150_000));
    let b = run("engagement", &[], MethodRequest::Trials(150_000));
    assert_eq!(format!("{:?}", a.outcomes), format!("{:?}", b.outcomes));
    assert_eq!(format!("{:?}", a.curves), format!("{:?}", b.curves));
}

pub(crate) fn run_with(
    action: &str,
    fields: &[(&str, &str)],
    option: &str,
    value: &str,
) -> Summary {
    common::run_with_rules(
        "micro-squad",
        action,
        fields,
        &[common::house_rule(&format!("options.{option}"), value)],
        MethodRequest::Exact,
    )
}

#[test]
fn a_close_assault_goes_on_when_the_defender_may_not_attack() {
    // Defender firepower 0 against defense 4: -4, below -3. Only the defender's
    // attack is lost; the assaulter (cohesion 14 with naturals: 14/20) attacks.
    let s = run(
        "close-assault",
        &[("defender_firepower", "0")],
        MethodRequest::Exact,
    );
    assert!((s.mean("assaulting_attacks").unwrap().value - 0.7).abs() < 1e-12);
    assert_eq!(p(&s, "first_assaulter_after", "ok"), 1.0);
}

#[test]
fn simultaneous_close_assault_rolls_everything_before_any_result() {
    // With every roll made first, the first assaulter attacks even if the
    // defender's attack eliminates it: its attacks are its own cohesion passes.
    let fields = [("defender_firepower", "30"), ("assaulter_defense", "1")];
    let s = run_with(
        "close-assault",
        &fields,
        "ms_close_assault_order",
        "\"simultaneous\"",
    );
    assert!((s.mean("assaulting_attacks").unwrap().value - 0.7).abs() < 1e-12);
    assert!(p(&s, "first_assaulter_after", "E") > 0.0);
    let sequential = run("close-assault", &fields, MethodRequest::Exact);
    assert!(sequential.mean("assaulting_attacks").unwrap().value < 0.7 - 1e-3);
}

#[test]
fn deviation_rolls_leave_out_target_terrain_and_aa() {
    // Indirect fire at cohesion 14 into woods: the arrival roll carries the woods
    // modifier, the deviation roll does not: it fails on 15+ (6/20), and any
    // deviation misses a lone stand (impact_radius 0).
    let s = run(
        "indirect-artillery",
        &[("terrain", "woods")],
        MethodRequest::Exact,
    );
    let arrives = 1.0 - p(&s, "result", "no-fire");
    assert!(arrives < 0.7);
    assert!((p(&s, "result", "off-target") - arrives * 0.3).abs() < 1e-12);
    // The old reading is kept as an option.
    let old = run_with(
        "indirect-artillery",
        &[("terrain", "woods")],
        "ms_deviation_terrain",
        "true",
    );
    assert!((p(&old, "result", "off-target") - arrives * (1.0 - arrives)).abs() < 1e-12);
    // Air strike, one small AA stand at cohesion 14 (14/20): +1 on the arrival
    // roll only. Arrival: 0.7 x 13/20 + 0.3 x 14/20; deviation fails on 15+.
    let s = run("air-strike", &[("aa_small", "1")], MethodRequest::Exact);
    let arrives = 0.7 * 0.65 + 0.3 * 0.7;
    assert!((p(&s, "result", "aborted") - (1.0 - arrives)).abs() < 1e-12);
    assert!((p(&s, "result", "off-target") - arrives * 0.3).abs() < 1e-12);
}

#[test]
fn aa_stands_roll_with_their_own_markers() {
    // A suppressed AA stand (+4) at cohesion 14 passes on 10 or less (1/2): the
    // strike arrives on 13 or less after a pass, 14 or less after a failure.
    let s = run(
        "air-strike",
        &[("aa_small", "1"), ("aa_suppressed", "true")],
        MethodRequest::Exact,
    );
    let arrives = 0.5 * 0.65 + 0.5 * 0.7;
    assert!((p(&s, "result", "aborted") - (1.0 - arrives)).abs() < 1e-12);
}
