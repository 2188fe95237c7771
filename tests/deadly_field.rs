//! Across A Deadly Field: exact against Monte Carlo, and the morale check and
//! impact bands computed by hand from the card.

mod common;

use common::p;
use volley::engine::MethodRequest;
use volley::stats::Summary;

fn run(action: &str, fields: &[(&str, &str)]) -> Summary {
    common::run("deadly-field", action, fields, MethodRequest::Exact)
}

/// 2D6 totals: ways out of 36.
fn ways(total: u32) -> f64 {
    f64::from(6 - (7i32 - total as i32).unsigned_abs()) / 36.0
}

#[test]
fn every_action_agrees() {
    for (action, fields) in [
        ("morale-check", vec![("level", "shaken"), ("supports", "2")]),
        ("rally", vec![("quality", "green")]),
        ("impact", vec![("attacker_level", "good-order")]),
    ] {
        common::assert_agree("deadly-field", action, &fields, 200_000);
    }
}

#[test]
fn hand_computed_morale_check() {
    // MMP 8, Good Order, not Elite. Natural 2: Routed; natural 3: Shaken (both
    // "worse of" Good Order); 4-7 fail by 4..1: drop one level (Disorder), except
    // that 3 (fail by 5) is already the natural; 8+: stays Good Order.
    let s = run("morale-check", &[("mmp", "8")]);
    assert!((p(&s, "level_after", "routed") - ways(2)).abs() < 1e-12);
    assert!((p(&s, "level_after", "shaken") - ways(3)).abs() < 1e-12);
    let drop_one: f64 = (4..=7).map(ways).sum();
    assert!((p(&s, "level_after", "disorder") - drop_one).abs() < 1e-12);
    // MMP 10 from Disorder: 4 and 5 fail by 6 and 5, dropping two levels (to
    // Routed); 6-9 drop one (Shaken); 10 holds; 11 improves one; 12 is Good Order.
    let s = run("morale-check", &[("mmp", "10"), ("level", "disorder")]);
    let routed = ways(2) + ways(4) + ways(5);
    assert!((p(&s, "level_after", "routed") - routed).abs() < 1e-12);
    let shaken = ways(3) + (6..=9).map(ways).sum::<f64>();
    assert!((p(&s, "level_after", "shaken") - shaken).abs() < 1e-12);
    assert!((p(&s, "level_after", "good-order") - ways(11) - ways(12)).abs() < 1e-12);
    // Elite: natural 2 is Shaken, natural 3 Disorder.
    let s = run("morale-check", &[("mmp", "8"), ("elite", "true")]);
    assert_eq!(p(&s, "level_after", "routed"), 0.0);
    // The computed MMP: trained, 3 stands, none lost: BMP 5; Shaken +4; light
    // cover -1 and two supports -2 (the best two good: -1, -2): 5 + 4 - 3 = 6.
    let computed = run(
        "morale-check",
        &[("level", "shaken"), ("cover", "light"), ("supports", "2")],
    );
    let given = run("morale-check", &[("level", "shaken"), ("mmp", "6")]);
    assert_eq!(
        format!("{:?}", computed.outcomes),
        format!("{:?}", given.outcomes)
    );
}

#[test]
fn hand_computed_impact_bands() {
    // Equal sides with given MMPs and figures: FIV difference = 2D6 - 2D6. A tie
    // is melee (146/1296); a margin of 1 either way stops the attacker short.
    let s = run("impact", &[("attacker_mmp", "5"), ("defender_mmp", "5")]);
    assert!((p(&s, "impact", "melee") - 146.0 / 1296.0).abs() < 1e-12);
    let one: f64 = (2..=12)
        .flat_map(|a| (2..=12).map(move |d| (a, d)))
        .filter(|(a, d): &(u32, u32)| a.abs_diff(*d) == 1)
        .map(|(a, d)| ways(a) * ways(d))
        .sum();
    assert!((p(&s, "impact", "stop-short") - one).abs() < 1e-12);
    // The attacker 12 figures up: the dice move the margin by at most 10, so it
    // always wins by 2 or more (never melee), and by 12 or more (the defender
    // surrenders) whenever its 2D6 is at least the defender's.
    let s = run(
        "impact",
        &[
            ("attacker_mmp", "0"),
            ("defender_mmp", "0"),
            ("attacker_figs", "24"),
        ],
    );
    assert_eq!(p(&s, "impact", "melee"), 0.0);
    let surrender: f64 = (2..=12)
        .flat_map(|a| (2..=12).map(move |d| (a, d)))
        .filter(|(a, d): &(u32, u32)| *a as i32 - *d as i32 >= 0)
        .map(|(a, d)| ways(a) * ways(d))
        .sum();
    assert!((p(&s, "impact", "attacker-wins-12+") - surrender).abs() < 1e-12);
}
