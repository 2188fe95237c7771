//! Micro Squad: exact enumeration against Monte Carlo for every procedure, and
//! hand-computed probabilities for small cases.

mod common;

use volley::engine::MethodRequest;
use volley::stats::Summary;

fn run(action: &str, fields: &[(&str, &str)], method: MethodRequest) -> Summary {
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
