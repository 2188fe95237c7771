//! Across A Deadly Field: exact against Monte Carlo for every action, and the
//! morale check, the impact bands, one fire at each band and the charge's
//! simplest branches computed by hand from the card; the reconstructed Fire
//! Combat Results table marked provisional until the user supplies one.

use crate::common;

use common::{house_rule, p, run_with_rules};
use volley_core::engine::MethodRequest;
use volley_core::stats::Summary;

pub(crate) fn run(action: &str, fields: &[(&str, &str)]) -> Summary {
    common::run("deadly-field", action, fields, MethodRequest::Exact)
}

/// 2D6 totals: ways out of 36.
pub(crate) fn ways(total: u32) -> f64 {
    f64::from(6 - (7i32 - total as i32).unsigned_abs()) / 36.0
}

#[test]
fn every_action_agrees() {
    for (action, fields) in [
        ("morale-check", vec![("level", "shaken"), ("supports", "2")]),
        ("rally", vec![("quality", "green")]),
        ("impact", vec![("attacker_level", "good-order")]),
        ("fire", vec![("band", "short"), ("target_quality", "green")]),
        (
            "fire",
            vec![
                ("firer_type", "artillery"),
                ("firer_formation", "unlimbered"),
                ("firer_figures", "2"),
                ("band", "canister"),
                ("pass_through", "true"),
            ],
        ),
        ("charge", vec![]),
        (
            "charge",
            vec![
                ("reaction_fire", "desperation"),
                ("attacker_quality", "veteran"),
                ("distance", "9"),
            ],
        ),
        ("firefight", vec![("turns", "3"), ("band", "long")]),
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

/// k dice of 6 totalling at most `at_most`: ways out of 6^k.
fn at_most(k: u32, at_most: u32) -> f64 {
    let mut ways = vec![1.0f64];
    for _ in 0..k {
        let mut next = vec![0.0; ways.len() + 6];
        for (total, w) in ways.iter().enumerate() {
            for face in 1..=6 {
                next[total + face] += w;
            }
        }
        ways = next;
    }
    let all: f64 = ways.iter().sum();
    ways.iter().take(at_most as usize + 1).sum::<f64>() / all
}

pub(crate) fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} != {b}");
}

#[test]
fn hand_computed_fire_at_each_band() {
    // Six figures of rifle-muskets: FP 6; a Trained target gives infantry fire no
    // modifier. Candidate A, infantry row: 9-10 MC, 11 1MC, 12-13 2MC, 14-16 1H,
    // 17-19 2H, 20-22 3H, 23+ 4H.
    let fire = |band: &str| run("fire", &[("band", band)]);
    // Normal, 6 + 2D6: a hit from 14, 2D6 >= 8: 15/36 (the card study's 42 %).
    close(p(&fire("normal"), "hit", "yes"), 15.0 / 36.0);
    // Long (and desperation), 6 + 1D6 = 7..12: never a hit; MC on 3 and 4.
    for band in ["long", "desperation"] {
        let s = fire(band);
        close(p(&s, "hit", "yes"), 0.0);
        close(p(&s, "result", "MC"), 2.0 / 6.0);
        close(p(&s, "result", "no-effect"), 2.0 / 6.0);
    }
    // Short, 6 + 3D6: a hit when 3D6 >= 8.
    close(p(&fire("short"), "hit", "yes"), 1.0 - at_most(3, 7));
    // Point-blank, 6 + 4D6: a hit when 4D6 >= 8.
    close(p(&fire("point-blank"), "hit", "yes"), 1.0 - at_most(4, 7));
    // Canister: a 3-section Napoleon battery (US FP 8), smoothbore 4D6; a Trained
    // target is +1 to artillery fire. Artillery row: 1H from 16, so 4D6 >= 7.
    let s = run(
        "fire",
        &[
            ("firer_type", "artillery"),
            ("firer_formation", "unlimbered"),
            ("firer_figures", "3"),
            ("band", "canister"),
        ],
    );
    close(p(&s, "hit", "yes"), 1.0 - at_most(4, 6));
    // Disordered: half FP (3); 3 + 2D6 hits from 11 on the dice.
    let s = run("fire", &[("firer_level", "disorder")]);
    close(p(&s, "hit", "yes"), 3.0 / 36.0);
    // Shaken: half FP and a die lost, 3 + 1D6: at best 9, an MC on a 6.
    let s = run("fire", &[("firer_level", "shaken")]);
    close(p(&s, "result", "MC"), 1.0 / 6.0);
    // The opening volley, +2: a hit when 2D6 >= 6.
    let s = run("fire", &[("firer_opening_volley_used", "false")]);
    close(p(&s, "hit", "yes"), 26.0 / 36.0);
    // Candidate B: the infantry row's first hit is at 17, 2D6 >= 11 (the card
    // study's 8 %).
    let b = house_rule("options.adf_fcr_candidate", "\"B\"");
    let s = run_with_rules("deadly-field", "fire", &[], &[b], MethodRequest::Exact);
    close(p(&s, "hit", "yes"), 3.0 / 36.0);
}

#[test]
fn a_hit_makes_the_target_check_with_the_add_on() {
    // 8 figures at long range: 8 + 1D6 = 9..14: MC, MC, 1MC, 2MC, 2MC, 1H. The
    // target, Trained, 2 figures in 2 stands: BMP 5, so the checks are at MMP 5,
    // 5, 6, 7, 7; after the hit it is down to its last stand (BMP 10) and checks
    // at 10 + 2 = 12.
    let s = run(
        "fire",
        &[
            ("firer_figures", "8"),
            ("band", "long"),
            ("target_figures", "2"),
            ("target_stands", "2"),
        ],
    );
    close(p(&s, "hits", "1"), 1.0 / 6.0);
    // Shaken: at MMP 5-7 only the natural 3; at 12 every roll 3..7 (the natural
    // 3 and the drops of two levels).
    let at_twelve: f64 = (3..=7).map(ways).sum();
    close(
        p(&s, "target_after", "shaken"),
        5.0 / 6.0 * ways(3) + 1.0 / 6.0 * at_twelve,
    );
    // A natural 12 recovers the lost figure: the target is never eliminated.
    close(p(&s, "target_after", "eliminated"), 0.0);
}

#[test]
fn the_published_table_removes_the_provisional_mark() {
    let question = |rules: &[String]| {
        let rules: Vec<_> = rules
            .iter()
            .map(|t| volley_core::rules::HouseRule::parse("published", t).unwrap())
            .collect();
        volley_core::ask::question::Question::new(
            "deadly-field",
            "fire",
            &rules,
            &common::raw_fields(&[]),
        )
        .unwrap()
    };
    let reason = question(&[])
        .provisional()
        .expect("candidate A is provisional");
    assert!(reason.contains("reconstruction A"), "{reason}");
    // Every column 1H: the published table, as a user would type it.
    let row = format!("[{}]", vec!["\"1H\""; 18].join(", "));
    let user = format!(
        "[set]\n\"fcr.user.infantry\" = {row}\n\"fcr.user.artillery\" = {row}\n\"fcr.user.cavalry\" = {row}\n"
    );
    let q = question(std::slice::from_ref(&user));
    assert_eq!(q.provisional(), None);
    let s = run_with_rules("deadly-field", "fire", &[], &[user], MethodRequest::Exact);
    // 6 + 2D6 is below the first column (9) only on a 2.
    close(p(&s, "hits", "1"), 35.0 / 36.0);
    // Two rows only: refused, naming what is missing.
    let partial = format!("[set]\n\"fcr.user.infantry\" = {row}\n");
    let rules = vec![volley_core::rules::HouseRule::parse("published", &partial).unwrap()];
    let error = volley_core::ask::question::Question::new("deadly-field", "fire", &rules, &[])
        .err()
        .expect("an incomplete table is refused");
    assert!(error.to_string().contains("needs all three"), "{error}");
    // A short row: the error is at the line that gives it, and says what a row needs.
    let short = format!(
        "[set]\n\"fcr.user.infantry\" = [\"MC\", \"1H\"]\n\"fcr.user.artillery\" = {row}\n\"fcr.user.cavalry\" = {row}\n"
    );
    let rules = vec![volley_core::rules::HouseRule::parse("published.toml", &short).unwrap()];
    let error = volley_core::ask::question::Question::new("deadly-field", "fire", &rules, &[])
        .err()
        .expect("a short row is refused");
    assert_eq!(error.line, Some(2), "{error}");
    assert_eq!(error.field, "fcr.user.infantry", "{error}");
    assert!(
        error.message.contains("has 2 results for 18 columns"),
        "{error}"
    );
    // Other actions that read the table are provisional too; the morale check is not.
    for (action, marked) in [
        ("charge", true),
        ("firefight", true),
        ("morale-check", false),
    ] {
        let q =
            volley_core::ask::question::Question::new("deadly-field", action, &[], &[]).unwrap();
        assert_eq!(q.provisional().is_some(), marked, "{action}");
    }
}

#[test]
fn audit_fixes_hold() {
    // A single smoothbore-flintlock figure has no firepower (half of 1): halving
    // it for Disorder must not raise it to the minimum of 1.
    let single = |level: &str| {
        run(
            "fire",
            &[
                ("firer_weapon", "smoothbore-flintlocks"),
                ("firer_figures", "1"),
                ("firer_level", level),
                ("band", "point-blank"),
            ],
        )
    };
    assert_eq!(
        format!("{:?}", single("good-order").outcomes),
        format!("{:?}", single("disorder").outcomes)
    );
    // The charger's opening volley is a field, and it acts (in the melee and the
    // stop-short volleys).
    let fresh = run("charge", &[("attacker_opening_volley_used", "false")]);
    let used = run("charge", &[]);
    assert!(p(&fresh, "carries", "yes") > p(&used, "carries", "yes"));
    // A charge that falls short has moved its whole distance: a Trained charger is
    // Disordered there too (here every charge that reaches is as well).
    let s = run(
        "charge",
        &[("attacker_formation", "battle-line"), ("distance", "12")],
    );
    close(p(&s, "attacker_after", "good-order"), 0.0);
    // The impact CMM of a Disordered charger: its level's row (+3) by default,
    // its formation's (attack column -2) under the option: 5 points of MMP.
    let level_row = run("impact", &[]);
    let rule = house_rule("options.adf_impact_cmm", "\"formation\"");
    let formation = run_with_rules("deadly-field", "impact", &[], &[rule], MethodRequest::Exact);
    assert!(p(&formation, "attacker_wins", "yes") > p(&level_row, "attacker_wins", "yes") + 0.2);
}

/// Every option of the card, switched, changes the answer of a question that
/// reads it (no option is a silent no-op).
#[test]
fn every_option_acts() {
    // (option, value, action, fields)
    type Case = (
        &'static str,
        &'static str,
        &'static str,
        Vec<(&'static str, &'static str)>,
    );
    let cases: [Case; 13] = [
        (
            "adf_natural_fall_back",
            "\"none\"",
            "morale-check",
            vec![("mmp", "9")],
        ),
        ("adf_fcr_candidate", "\"B\"", "fire", vec![]),
        (
            "adf_fcr_row_by",
            "\"target\"",
            "fire",
            vec![
                ("target_type", "mounted-cavalry"),
                ("target_formation", "line"),
            ],
        ),
        (
            "adf_half_round",
            "\"up\"",
            "fire",
            vec![("firer_figures", "5"), ("firer_level", "disorder")],
        ),
        (
            "adf_mtd_cav_drm_order",
            "\"swapped\"",
            "fire",
            vec![
                ("target_type", "mounted-cavalry"),
                ("target_formation", "line"),
            ],
        ),
        ("adf_impact_cmm", "\"formation\"", "impact", vec![]),
        (
            "adf_charge_bonus",
            "\"none\"",
            "charge",
            vec![("distance", "9")],
        ),
        ("adf_melee", "\"none\"", "charge", vec![]),
        (
            "adf_stand_loss_rule",
            "\"floor\"",
            "fire",
            vec![("target_figures", "11"), ("target_original_figures", "12")],
        ),
        (
            "adf_forced_improve",
            "\"no_improve\"",
            "fire",
            vec![("target_level", "disorder")],
        ),
        (
            "adf_routed_charged",
            "\"surrender\"",
            "charge",
            vec![("defender_level", "routed"), ("reaction_fire", "none")],
        ),
        (
            "adf_natural_2_3",
            "\"as_printed\"",
            "morale-check",
            vec![("level", "routed"), ("mmp", "5")],
        ),
        (
            "adf_cavalry_impact_figures",
            "\"half_up\"",
            "impact",
            vec![
                ("attacker_type", "mounted-cavalry"),
                ("attacker_formation", "line"),
                ("attacker_figs", "11"),
            ],
        ),
    ];
    for (option, value, action, fields) in cases {
        let card = run_with_rules("deadly-field", action, &fields, &[], MethodRequest::Exact);
        let rule = house_rule(&format!("options.{option}"), value);
        let switched = run_with_rules(
            "deadly-field",
            action,
            &fields,
            &[rule],
            MethodRequest::Exact,
        );
        assert_ne!(
            format!("{:?}", card.outcomes),
            format!("{:?}", switched.outcomes),
            "{option} = {value} changed nothing in {action} {fields:?}"
        );
    }
}
