//! Micro Force's rolls outside the charge under house rules (the volley's
//! pre-fire check and Chart 6 roll, the S test, the rally, recovery and
//! initiative rolls): each against odds worked out by hand, and exact
//! against Monte Carlo under the rule.

use crate::common::assert_agree_under;
use crate::roll_rules::{close, exact};

/// A house rule's text from its tables.
fn rule(tables: &str) -> Vec<String> {
    vec![format!("name = \"test\"\n\n{tables}")]
}

#[test]
fn a_then_step_at_the_s_test_turns_a_rout_into_a_white_bead() {
    let steady = rule(
        "[[script]]\npoint = \"s_test\"\ncode = '''\nfn then(roll) {\n    if roll.outcome == \"fail-by-5\" { \"fail\" }\n}\n'''\n",
    );
    let after =
        |rules: &[String], level| exact("micro-force", "fire", &[], rules, ("morale_after", level));
    // A steady target routs in a volley only on an S test failed by 5 or
    // more (a fallen commander's death test cannot rout): read as a plain
    // failure, every rout is a Shaken instead.
    assert!(after(&[], "routed") > 0.1);
    assert!(close(after(&steady, "routed"), 0.0));
    assert!(close(
        after(&steady, "shaken"),
        after(&[], "shaken") + after(&[], "routed")
    ));
    assert_agree_under("micro-force", "fire", &[], &steady, 100_000);
    assert_agree_under("micro-force", "melee", &[], &steady, 100_000);
}

#[test]
fn the_volleys_rolls_take_a_rule() {
    let cool =
        rule("[[roll]]\npoint = \"pre_fire_check\"\nwhen = \"!firer.shaken\"\nmodifier = -3\n");
    let close_range =
        rule("[[roll]]\npoint = \"fire_roll\"\nwhen = 'target.cover == \"open\"'\nmodifier = -1\n");
    for rules in [&cool, &close_range] {
        assert_agree_under("micro-force", "fire", &[], rules, 100_000);
        assert_agree_under(
            "micro-force",
            "firefight",
            &[("turns", "3")],
            rules,
            100_000,
        );
    }
    // The firer's check passes on 14 faces of 20 (competence 0: cohesion
    // 14, no beads): the card's volley is 0.7 of one whose check always
    // passes and 0.3 of one whose check always fails.
    let always = rule("[[roll]]\npoint = \"pre_fire_check\"\nthreshold = 40\n");
    let never = rule("[[roll]]\npoint = \"pre_fire_check\"\nthreshold = 0\n");
    let steady = |rules: &[String]| {
        exact(
            "micro-force",
            "fire",
            &[],
            rules,
            ("morale_after", "steady"),
        )
    };
    assert!(steady(&always) < steady(&never));
    assert!(close(
        steady(&[]),
        0.7 * steady(&always) + 0.3 * steady(&never)
    ));
}

#[test]
fn the_rally_recovery_and_initiative_rolls_take_a_rule() {
    // A Shaken unit rallies on 9 faces of 20 (cohesion 14, +3 to rally, +2
    // its bead); a failed roll re-rolled:
    // 1 - 0.55^2.
    let again = rule("[[roll]]\npoint = \"rally_roll\"\nreroll = \"failed\"\n");
    let rallied = |rules: &[String]| exact("micro-force", "rally", &[], rules, ("rallied", "yes"));
    assert!(close(rallied(&[]), 0.45));
    assert!(close(rallied(&again), 1.0 - 0.55 * 0.55));
    // Resupply passes on 9 faces; -5 adds five.
    let wagons =
        rule("[[roll]]\npoint = \"recovery_test\"\nwhen = 'test == \"resupply\"'\nmodifier = -5\n");
    let supplied =
        |rules: &[String]| exact("micro-force", "resupply", &[], rules, ("passes", "yes"));
    assert!(close(supplied(&[]), 0.45));
    assert!(close(supplied(&wagons), 0.70));
    let rejoined = |rules: &[String]| exact("micro-force", "rejoin", &[], rules, ("passes", "yes"));
    assert!(close(rejoined(&wagons), rejoined(&[])));
    // Low wins: 20 off A's total wins every roll.
    let seized = rule("[[roll]]\npoint = \"initiative_roll\"\nmodifier = -20\n");
    let a_first =
        |rules: &[String]| exact("micro-force", "initiative", &[], rules, ("winner", "a"));
    assert!(a_first(&[]) < 0.9);
    assert!(close(a_first(&seized), 1.0));
    assert_agree_under("micro-force", "rally", &[], &again, 100_000);
    let subtle = rule("[[roll]]\npoint = \"initiative_roll\"\nmodifier = -1\n");
    assert_agree_under("micro-force", "initiative", &[], &subtle, 100_000);
}

#[test]
fn the_charge_bonus_the_run_back_and_the_officer_check_take_a_rule() {
    // At 8 inches the charger makes contact on 3 faces of its bonus die;
    // an inch more reaches on 4.
    let dash = rule("[[roll]]\npoint = \"charge_bonus\"\nmodifier = 1\n");
    let far = [("distance", "8")];
    let short = |rules: &[String]| {
        exact(
            "micro-force",
            "charge",
            &far,
            rules,
            ("charge", "no-contact"),
        )
    };
    assert!(close(short(&[]), 0.5));
    assert!(close(short(&dash), 2.0 / 6.0));
    // A skedaddler that always gets away is never caught and fought.
    let gone = rule("[[roll]]\npoint = \"skedaddle_run\"\nmodifier = 100\n");
    let fled = |rules: &[String]| {
        exact(
            "micro-force",
            "charge",
            &[],
            rules,
            ("charge", "defender-skedaddles"),
        )
    };
    assert!(fled(&gone) > fled(&[]));
    assert_agree_under("micro-force", "charge", &far, &dash, 100_000);
    assert_agree_under("micro-force", "charge", &[], &gone, 100_000);
    // A volley costs steps 2/3 of the time; the officer is hit on a 6, and
    // each Chart 8 row is 1 in 6: 1/54 a row. Hit on any face: 1/9.
    let exposed = rule("[[roll]]\npoint = \"officer_hit\"\nmodifier = 10\n");
    let minor = |rules: &[String]| {
        exact(
            "micro-force",
            "fire",
            &[],
            rules,
            ("officer", "minor-wound"),
        )
    };
    assert!(close(minor(&[]), 1.0 / 54.0));
    assert!(close(minor(&exposed), 1.0 / 9.0));
    assert_agree_under("micro-force", "fire", &[], &exposed, 100_000);
}
