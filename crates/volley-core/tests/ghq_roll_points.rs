//! The rolls the GHQ cards share (close assault, overrun, marker removal,
//! the move and orders rolls) under house rules: each against odds worked
//! out by hand, and exact against Monte Carlo under the rule.

use crate::common::{assert_agree_under, run_with_rules};
use crate::roll_rules::{close, exact};
use volley_core::engine::MethodRequest;

/// An engagement asked of a system with fields under house rules.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [String]);

/// A house rule's text from its tables.
fn rule(tables: &str) -> Vec<String> {
    vec![format!("name = \"test\"\n\n{tables}")]
}

/// The exact mean of `variable`.
fn mean(system: &str, action: &str, rules: &[String], variable: &str) -> f64 {
    let summary = run_with_rules(system, action, &[], rules, MethodRequest::Exact);
    summary
        .means
        .iter()
        .find(|m| m.variable == variable)
        .unwrap_or_else(|| panic!("{action} has no mean {variable}"))
        .estimate
        .value
}

#[test]
fn marker_removal_takes_a_modifier_and_a_then_step_that_calms_a_panic() {
    let steady =
        "[[roll]]\npoint = \"marker_removal\"\nwhen = \"stand.disorganized\"\nmodifier = -2\n";
    let calm = "[[script]]\npoint = \"marker_removal\"\ncode = '''\nfn then(roll) {\n    if roll.outcome == \"panic\" && d6() >= 4 { \"fail\" }\n}\n'''\n";
    let fields = [("suppressed", "true"), ("disorganized", "true")];
    // Cohesion 14 less S and D (Micro Squad +7, Micro Armour +6): a d20 of
    // 2-7 (2-8) recovers, 6 (7) faces in 20; at -2, two faces more.
    for (system, faces) in [("micro-squad", 6.0), ("micro-armour", 7.0)] {
        let p = |rules: &[String], value| {
            exact(system, "marker-removal", &fields, rules, ("roll", value))
        };
        assert!(close(p(&[], "recover"), faces / 20.0), "{system}");
        assert!(
            close(p(&rule(steady), "recover"), (faces + 2.0) / 20.0),
            "{system}"
        );
        // A natural 20 panics (1/20); the step turns half of them to fails.
        assert!(close(p(&rule(calm), "panic"), 0.025), "{system}");
        assert!(
            close(p(&rule(calm), "fail"), p(&[], "fail") + 0.025),
            "{system}"
        );
        let both = rule(&format!("{steady}\n{calm}"));
        assert_agree_under(system, "marker-removal", &fields, &both, 100_000);
    }
}

#[test]
fn a_close_assaults_cohesion_rolls_take_a_rule_by_side() {
    let bold = rule(
        "[[roll]]\npoint = \"assault_cohesion\"\nwhen = 'side == \"assaulter\"'\nmodifier = -3\n",
    );
    for system in ["micro-squad", "micro-armour"] {
        // The defender attacks first and its roll is the card's, so the
        // one assaulter is left standing as often, with the same markers;
        // at -3 its d20 passes on 3 faces more whatever they are (Micro
        // Squad at cohesion 14: 14, 10 with an S, 11 with a D, in 20).
        let card = mean(system, "close-assault", &[], "assaulting_attacks");
        let ruled = mean(system, "close-assault", &bold, "assaulting_attacks");
        let fields = [];
        let gone = exact(
            system,
            "close-assault",
            &fields,
            &[],
            ("first_assaulter_after", "E"),
        );
        assert!(
            close(ruled, card + 0.15 * (1.0 - gone)),
            "{system}: {card} -> {ruled}"
        );
        assert_agree_under(system, "close-assault", &[], &bold, 100_000);
    }
}

#[test]
fn an_overruns_rolls_take_a_threshold_and_a_reroll() {
    let shaky = rule(
        "[[roll]]\npoint = \"overrun_cohesion\"\nwhen = 'side == \"defender\"'\nthreshold_add = -2\n",
    );
    let twice = rule("[[roll]]\npoint = \"overrun_attack\"\nreroll = \"failed\"\n");
    for system in ["micro-squad", "micro-armour"] {
        // Two faces more of each defender's d20 fail: 0.1 more attacks on
        // it per overrunning stand (one, by default).
        let card = mean(system, "overrun", &[], "defender_attacks");
        let ruled = mean(system, "overrun", &shaky, "defender_attacks");
        assert!(close(ruled, card + 0.1), "{system}: {card} -> {ruled}");
        assert_agree_under(system, "overrun", &[], &shaky, 100_000);
        assert_agree_under(system, "overrun", &[], &twice, 100_000);
    }
}

#[test]
fn the_move_and_orders_rolls_take_a_reroll_and_a_modifier() {
    let again = rule("[[roll]]\npoint = \"move_cohesion\"\nreroll = \"failed\"\n");
    let moves = |rules: &[String]| exact("micro-squad", "move", &[], rules, ("move", "moves"));
    // 14 faces in 20 move; a failure is rolled again: 1 - 0.3^2.
    assert!(close(moves(&[]), 0.70));
    assert!(close(moves(&again), 0.91));
    let staff = rule("[[roll]]\npoint = \"orders_roll\"\nmodifier = 1\n");
    for system in ["micro-squad", "micro-armour"] {
        let orders = |rules: &[String], n| exact(system, "orders", &[], rules, ("orders", n));
        // No orders on a 2D6 of 2 or 3 (3 in 36); at +1, on a 2 alone.
        assert!(close(orders(&[], "0"), 3.0 / 36.0), "{system}");
        assert!(close(orders(&staff, "0"), 1.0 / 36.0), "{system}");
        assert_agree_under(system, "orders", &[], &staff, 100_000);
        assert_agree_under(system, "move", &[], &again, 100_000);
    }
}

#[test]
fn a_missions_deviation_roll_and_the_aa_rolls_take_rules() {
    let sure = rule("[[roll]]\npoint = \"deviation_roll\"\nreroll = \"failed\"\n");
    // A plotted mission fires on its cohesion roll (p) and deviates off the
    // target (impact radius 0) when its second roll fails (1 - p); re-rolled,
    // only when both fail. Micro Squad's force cohesion is 14 by default,
    // Micro Armour's 15.
    for (system, p) in [("micro-squad", 0.70), ("micro-armour", 0.75)] {
        let off = |rules: &[String]| {
            exact(
                system,
                "indirect-artillery",
                &[],
                rules,
                ("result", "off-target"),
            )
        };
        assert!(close(off(&[]), p * (1.0 - p)), "{system}");
        assert!(close(off(&sure), p * (1.0 - p) * (1.0 - p)), "{system}");
        assert_agree_under(system, "indirect-artillery", &[], &sure, 100_000);
    }
    // AA stands that fire only on a natural 1.
    let blind = rule("[[roll]]\npoint = \"aa_fire\"\nthreshold = 0\n");
    let one_small = [("aa_small", "1")];
    let aa = |rules: &[String]| {
        let summary = run_with_rules(
            "micro-squad",
            "air-strike",
            &one_small,
            rules,
            MethodRequest::Exact,
        );
        summary
            .means
            .iter()
            .find(|m| m.variable == "aa_modifier")
            .unwrap()
            .estimate
            .value
    };
    // One small AA stand adds +1 when it passes: 14 faces in 20, then 1.
    assert!(close(aa(&[]), 0.70));
    assert!(close(aa(&blind), 0.05));
    assert_agree_under("micro-squad", "air-strike", &one_small, &blind, 100_000);
    // Micro Armour's AA stand (cohesion 15) hits the aircraft only when it
    // fires: 1 in 20 instead of 15.
    let touched = |rules: &[String]| {
        1.0 - exact(
            "micro-armour",
            "anti-aircraft",
            &[],
            rules,
            ("aircraft_after", "ok"),
        )
    };
    assert!(close(touched(&blind), touched(&[]) / 15.0));
    let steady = rule("[[roll]]\npoint = \"aa_attack\"\nmodifier = 2\n");
    assert_agree_under("micro-armour", "air-strike", &[], &steady, 100_000);
    assert_agree_under("micro-armour", "anti-aircraft", &[], &steady, 100_000);
}

#[test]
fn micro_armours_engagement_fires_under_the_fire_rules() {
    // A firer that never passes (no naturals, a threshold below the die):
    // nobody fires, and every engagement runs to its turn limit.
    let silent = rule(
        "[set]\n\"options.ma_naturals\" = false\n\n[[roll]]\npoint = \"firer_cohesion\"\nthreshold = -100\n",
    );
    let limit = exact(
        "micro-armour",
        "engagement",
        &[],
        &silent,
        ("winner", "turn-limit"),
    );
    assert!(close(limit, 1.0));
    let card = exact(
        "micro-armour",
        "engagement",
        &[],
        &[],
        ("winner", "turn-limit"),
    );
    assert!(card < 0.5);
    // Hits on suppressed targets re-rolled by the target: exact against
    // Monte Carlo over whole engagements.
    let dug_in =
        rule("[[roll]]\npoint = \"crt_roll\"\nwhen = \"target.suppressed\"\nreroll = \"passed\"\n");
    assert_agree_under(
        "micro-armour",
        "engagement",
        &[("turns", "4")],
        &dug_in,
        20_000,
    );
}

#[test]
fn micro_squads_engagement_rolls_its_fire_and_marker_removal_under_the_rules() {
    // A firer that never passes: nobody fires, every engagement runs to its
    // turn limit (the card's shot table would have it fire).
    let silent = rule(
        "[set]\n\"options.ms_naturals\" = false\n\n[[roll]]\npoint = \"firer_cohesion\"\nthreshold = -100\n",
    );
    let silenced = exact(
        "micro-squad",
        "engagement",
        &[],
        &silent,
        ("winner", "turn-limit"),
    );
    assert!(close(silenced, 1.0));
    // Point blank, and a second chance at marker removal: exact against
    // Monte Carlo over whole engagements, both moving the answer.
    let close_in = [("range", "3"), ("turns", "4")];
    let point_blank = vec![crate::roll_rules::shipped("ms_point_blank")];
    let rally = rule("[[roll]]\npoint = \"marker_removal\"\nreroll = \"failed\"\n");
    let cases: [Case; 3] = [
        ("micro-squad", &close_in, &point_blank),
        ("micro-squad", &close_in, &rally),
        ("micro-armour", &[("turns", "4")], &rally),
    ];
    for (system, fields, rules) in cases {
        let limit = |rules: &[String]| {
            exact(
                system,
                "engagement",
                fields,
                rules,
                ("winner", "turn-limit"),
            )
        };
        assert!(
            (limit(&[]) - limit(rules)).abs() > 1e-4,
            "{system}: {rules:?}"
        );
        assert_agree_under(system, "engagement", fields, rules, 20_000);
    }
}

#[test]
fn micro_squads_engagement_initiative_takes_a_rule() {
    // Like sides win alike on the card; A always first, A wins more.
    let first = rule("[[roll]]\npoint = \"initiative_roll\"\nmodifier = 10\n");
    let wins =
        |rules: &[String], side| exact("micro-squad", "engagement", &[], rules, ("winner", side));
    assert!(close(wins(&[], "a"), wins(&[], "b")));
    assert!(wins(&first, "a") > wins(&first, "b") + 0.01);
    let edge = rule("[[roll]]\npoint = \"initiative_roll\"\nmodifier = 1\nreroll = \"failed\"\n");
    assert_agree_under(
        "micro-squad",
        "engagement",
        &[("turns", "4")],
        &edge,
        20_000,
    );
}

#[test]
fn a_shot_tables_rerolls_match_the_shots_rolled_one_at_a_time() {
    // A re-roll at a shot's rolls is read into the engagement's shot table;
    // a script (here one that changes nothing) rolls each shot at the roll
    // points instead. Both ways give the same exact answer.
    let rerolls = [
        "[[roll]]\npoint = \"crt_roll\"\nwhen = \"!target.suppressed\"\nreroll = \"passed\"\n",
        "[[roll]]\npoint = \"firer_cohesion\"\nreroll = \"failed\"\n\n[[roll]]\npoint = \"crt_roll\"\nreroll = \"failed\"\nmodifier = 1\n",
    ];
    let idle = "\n[[script]]\npoint = \"crt_roll\"\ncode = '''\nfn before(roll) { }\n'''\n";
    // At 12 inches some CRT rolls do nothing, so a re-roll of either
    // verdict moves the answer.
    let fields = [("range", "12"), ("turns", "3")];
    for tables in rerolls {
        let at = |rules: &[String], value| {
            exact(
                "micro-squad",
                "engagement",
                &fields,
                rules,
                ("winner", value),
            )
        };
        let tabulated = rule(tables);
        let one_at_a_time = rule(&format!("{tables}{idle}"));
        for value in ["a", "b", "turn-limit"] {
            let (t, o) = (at(&tabulated, value), at(&one_at_a_time, value));
            assert!((t - o).abs() < 1e-12, "{tables}: {value} {t} vs {o}");
        }
        assert!((at(&tabulated, "turn-limit") - at(&[], "turn-limit")).abs() > 1e-4);
    }
}
