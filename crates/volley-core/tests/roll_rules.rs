//! The eight house rules of `house_rules/` that change a procedure's rolls
//! (`[[roll]]` tables): each against odds worked out by hand in a simple
//! case, and exact against Monte Carlo under it.

use crate::common::{assert_agree_under, run_with_rules};
use volley_core::engine::MethodRequest;

/// The text of a shipped house rule.
pub fn shipped(name: &str) -> String {
    let path = format!(
        "{}/../../house_rules/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The exact probability of `variable = value` under `rules`.
pub fn exact(
    system: &str,
    action: &str,
    fields: &[(&str, &str)],
    rules: &[String],
    at: (&str, &str),
) -> f64 {
    let summary = run_with_rules(system, action, fields, rules, MethodRequest::Exact);
    assert!(summary.exact);
    summary
        .outcomes
        .iter()
        .find(|o| o.variable == at.0 && o.value == at.1)
        .unwrap_or_else(|| panic!("{system} {action} has no {at:?}"))
        .estimate
        .value
}

/// A cavalry line charging a defender that holds its fire: nothing before
/// the charger's check can stop it.
pub const CAVALRY_CHARGE: [(&str, &str); 3] = [
    ("attacker_arm", "cavalry"),
    ("attacker_formation", "line"),
    ("defender_fires", "false"),
];

/// The exact chance that [`CAVALRY_CHARGE`] falters under `rules`.
pub fn cavalry_falters(rules: &[String]) -> f64 {
    let falter = ("charge", "falter");
    exact("micro-force", "charge", &CAVALRY_CHARGE, rules, falter)
}

pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn green_nerves_checks_green_regiments_one_higher() {
    let rule = [shipped("adf_green_nerves")];
    let passed = |quality, rules: &[String]| {
        let fields = [("mmp", "7"), ("quality", quality)];
        exact(
            "deadly-field",
            "morale-check",
            &fields,
            rules,
            ("passed", "yes"),
        )
    };
    // 2D6 >= 7: 21/36 on the card; >= 8: 15/36 for green regiments only.
    assert!(close(passed("green", &[]), 21.0 / 36.0));
    assert!(close(passed("green", &rule), 15.0 / 36.0));
    assert!(close(passed("veteran", &rule), 21.0 / 36.0));
    assert_agree_under(
        "deadly-field",
        "morale-check",
        &[("quality", "green")],
        &rule,
        100_000,
    );
}

#[test]
fn point_blank_eases_the_firers_roll_at_four_inches_or_less() {
    let rule = [shipped("ms_point_blank")];
    let no_fire = |range, rules: &[String]| {
        let fields = [("range", range)];
        exact("micro-squad", "fire", &fields, rules, ("result", "no-fire"))
    };
    // The default force's d20 at or under 14 fires (6/20 does not); -2 on
    // the die: at or under 16 (4/20 does not), within 4 inches only.
    assert!(close(no_fire("3", &[]), 6.0 / 20.0));
    assert!(close(no_fire("3", &rule), 4.0 / 20.0));
    assert!(close(no_fire("5", &rule), 6.0 / 20.0));
    assert_agree_under("micro-squad", "fire", &[("range", "2")], &rule, 100_000);
}

#[test]
fn heavy_weapons_reroll_a_crt_roll_that_does_nothing() {
    let rule = [shipped("ms_heavy_weapons_reroll")];
    let fields = [("firepower", "8"), ("defense", "8")];
    let none = |rules: &[String]| exact("micro-squad", "fire", &fields, rules, ("result", "none"));
    // The stand fires on 14/20; 10 of 36 CRT rolls do nothing on the card,
    // and both rolls must do nothing under the rule.
    assert!(close(none(&[]), 0.7 * 10.0 / 36.0));
    assert!(close(none(&rule), 0.7 * (10.0 / 36.0) * (10.0 / 36.0)));
    assert_agree_under("micro-squad", "fire", &fields, &rule, 100_000);
}

#[test]
fn massed_volleys_reroll_a_fraction_die_that_adds_none() {
    let rule = [shipped("sd_massed_volley")];
    // 12 infantry: 3.6 casualties; the d10 adds the fourth on 1-6.
    let four = |rules: &[String]| {
        exact(
            "stand-and-die",
            "attack",
            &[("infantry", "12")],
            rules,
            ("casualties", "4"),
        )
    };
    assert!(close(four(&[]), 0.6));
    assert!(close(four(&rule), 1.0 - 0.4 * 0.4));
    assert_agree_under(
        "stand-and-die",
        "attack",
        &[("infantry", "12")],
        &rule,
        100_000,
    );
    assert_agree_under("stand-and-die", "duel", &[], &rule, 100_000);
}

#[test]
fn cavalry_elan_takes_two_off_the_chargers_roll() {
    let rule = [shipped("mf_cavalry_elan")];
    // Two faces of the d20 more pass the charger's check (its cohesion is
    // well inside 1-19), and nothing before the check can stop it.
    assert!(close(
        cavalry_falters(&rule),
        cavalry_falters(&[]) - 2.0 / 20.0
    ));
    let infantry = [("defender_fires", "false")];
    let card = exact(
        "micro-force",
        "charge",
        &infantry,
        &[],
        ("charge", "falter"),
    );
    assert!(close(
        exact(
            "micro-force",
            "charge",
            &infantry,
            &rule,
            ("charge", "falter")
        ),
        card
    ));
    assert_agree_under("micro-force", "charge", &CAVALRY_CHARGE, &rule, 100_000);
}

#[test]
fn stubborn_defenders_in_cover_reroll_a_failed_check() {
    let rule = [shipped("mf_stubborn_cover")];
    let fields = [("defender_cover", "heavy"), ("defender_fires", "false")];
    let skedaddles = |fields: &[(&str, &str)], rules: &[String]| {
        exact(
            "micro-force",
            "charge",
            fields,
            rules,
            ("charge", "defender-skedaddles"),
        )
    };
    // A defender that gets away must fail twice: the card's chance times
    // the chance of failing the check, (20 - 14) / 20 for the default
    // defender (cohesion 14: competence 0 on Chart 2, no losses or beads).
    assert!(close(
        skedaddles(&fields, &rule),
        skedaddles(&fields, &[]) * 6.0 / 20.0
    ));
    let open = [("defender_cover", "open"), ("defender_fires", "false")];
    assert!(close(skedaddles(&open, &rule), skedaddles(&open, &[])));
    assert_agree_under("micro-force", "charge", &fields, &rule, 100_000);
}

#[test]
fn veterans_reroll_a_failed_pre_impact_check() {
    let rule = [shipped("adf_veterans_reroll")];
    let routs = |quality, rules: &[String]| {
        let fields = [("defender_quality", quality)];
        exact(
            "deadly-field",
            "charge",
            &fields,
            rules,
            ("charge", "defender-routs-before-impact"),
        )
    };
    // A veteran that routs before impact failed its check twice, so the
    // rule takes routs to the card's chance times the chance of a failed
    // check; a trained defender is not touched.
    let (card, ruled) = (routs("veteran", &[]), routs("veteran", &rule));
    assert!(ruled > 0.0 && ruled < card, "{ruled} vs {card}");
    assert!(close(routs("trained", &rule), routs("trained", &[])));
    assert_agree_under(
        "deadly-field",
        "charge",
        &[("defender_quality", "veteran")],
        &rule,
        100_000,
    );
}

#[test]
fn a_brigadier_adds_one_to_the_chargers_impact() {
    let rule = [shipped("adf_brigadier_impact")];
    let carries = |leader, rules: &[String]| {
        let fields = [("attacker_leader_bonus", leader)];
        exact("deadly-field", "charge", &fields, rules, ("carries", "yes"))
    };
    assert!(carries("1", &rule) > carries("1", &[]));
    assert!(close(carries("0", &rule), carries("0", &[])));
    assert_agree_under(
        "deadly-field",
        "charge",
        &[("attacker_leader_bonus", "2")],
        &rule,
        100_000,
    );
}

#[test]
fn a_rule_that_moves_the_mmp_past_the_card_is_held_to_its_range() {
    // MMP 12 for mounted cavalry, and a rule that takes 4 off the roll: the
    // MMP would be 16; it is held at 12, where only a natural 12 passes.
    let rule = ["[[roll]]\npoint = \"morale_check\"\nmodifier = -4\n".to_string()];
    let fields = [("mmp", "12"), ("unit_type", "mounted-cavalry")];
    let passed = exact(
        "deadly-field",
        "morale-check",
        &fields,
        &rule,
        ("passed", "yes"),
    );
    assert!(close(passed, 1.0 / 36.0));
}

#[test]
fn a_duel_whose_rule_leaves_no_casualty_to_roll_is_a_stalemate() {
    // 5 infantry at 1 hex: the first band's d6, three down, reads its
    // first column (no casualty) on every face: neither side can hurt.
    let rule = ["[[roll]]\npoint = \"casualty_die\"\nmodifier = -5\n".to_string()];
    let fields = [("a_infantry", "5"), ("b_infantry", "5"), ("turns", "0")];
    let stalemate = exact("hex-acw", "duel", &fields, &rule, ("winner", "stalemate"));
    assert!(close(stalemate, 1.0), "{stalemate}");
}

#[test]
fn an_answer_says_when_its_rule_changes_a_roll_the_action_does_not_make() {
    use volley_core::ask::question::Question;
    let rule =
        volley_core::rules::HouseRule::parse("point-blank", &shipped("ms_point_blank")).unwrap();
    let raw = crate::common::raw_fields(&[]);
    let overrun =
        Question::new("micro-squad", "overrun", std::slice::from_ref(&rule), &raw).unwrap();
    let notes = overrun.notes();
    assert!(
        notes.iter().any(|n| n.contains(
            "`firer_cohesion` (made by fire, engagement); overrun makes it, if at all, as the card does"
        )),
        "{notes:?}"
    );
    let engagement = Question::new(
        "micro-squad",
        "engagement",
        std::slice::from_ref(&rule),
        &raw,
    )
    .unwrap();
    assert!(
        engagement
            .notes()
            .iter()
            .all(|n| !n.contains("as the card does"))
    );
    let fire = Question::new("micro-squad", "fire", &[rule], &raw).unwrap();
    assert!(fire.notes().iter().all(|n| !n.contains("as the card does")));
}

#[test]
fn a_fire_that_does_nothing_rerolled_does_nothing_only_twice_running() {
    // The fire roll point: a re-roll of a fire that has no effect. The
    // second roll stands, so no effect comes with the square of its chance.
    let rule = ["[[roll]]\npoint = \"fire_roll\"\nreroll = \"failed\"\n".to_string()];
    let none =
        |rules: &[String]| exact("deadly-field", "fire", &[], rules, ("result", "no-effect"));
    let card = none(&[]);
    assert!(card > 0.0);
    assert!(close(none(&rule), card * card));
    // The charge's fire at the charger rolls there too, and reads as such.
    let at_chargers = [
        "[[roll]]\npoint = \"fire_roll\"\nwhen = \"target.charging\"\nmodifier = -20\n".to_string(),
    ];
    let stopped = |rules: &[String]| {
        exact(
            "deadly-field",
            "charge",
            &[],
            rules,
            ("charge", "stopped-by-fire"),
        )
    };
    assert!(stopped(&[]) > 0.0);
    assert!(
        close(stopped(&at_chargers), 0.0),
        "{}",
        stopped(&at_chargers)
    );
    assert_agree_under("deadly-field", "fire", &[], &rule, 100_000);
}

#[test]
fn a_melee_round_lost_or_tied_rerolled_is_lost_only_twice_running() {
    // The melee roll point: the charger re-rolls a round it does not win;
    // the second stands. A +1 on the charger's highest die: it wins ties.
    let reroll = ["[[roll]]\npoint = \"melee_dice\"\nreroll = \"failed\"\n".to_string()];
    let won = |fields: &[(&str, &str)], rules: &[String]| {
        exact(
            "micro-force",
            "melee",
            fields,
            rules,
            ("winner", "attacker"),
        )
    };
    let card = won(&[], &[]);
    assert!(close(won(&[], &reroll), 1.0 - (1.0 - card) * (1.0 - card)));
    let plus = ["[[roll]]\npoint = \"melee_dice\"\nmodifier = 1\n".to_string()];
    let even = [("attacker_stands", "1"), ("defender_stands", "1")];
    // One stand each: three dice each, keep the highest. A tie of the
    // highest dice comes with the sum over faces of P(highest = k)^2,
    // P(highest = k) = (k^3 - (k-1)^3) / 216; the charger wins half of the
    // rest, and with +1 the ties too.
    let tie: f64 = (1..=6)
        .map(|k: i32| f64::from(k.pow(3) - (k - 1).pow(3)) / 216.0)
        .map(|p| p * p)
        .sum();
    assert!(
        close(won(&even, &[]), (1.0 - tie) / 2.0),
        "{}",
        won(&even, &[])
    );
    assert!(close(won(&even, &plus), (1.0 + tie) / 2.0));
    assert_agree_under("micro-force", "charge", &[], &reroll, 100_000);
}

#[test]
fn deadly_fields_charge_bonus_takes_a_modifier() {
    // At 12 inches the charger (a move of 8 and half its 2D6 rounded up)
    // reaches on a 2D6 of 7 or more: it falls short 15 times in 36; one
    // more on the dice, 10 times.
    let dash =
        ["name = \"dash\"\n\n[[roll]]\npoint = \"charge_bonus\"\nmodifier = 1\n".to_string()];
    let far = [("distance", "12")];
    let short = |rules: &[String]| {
        exact(
            "deadly-field",
            "charge",
            &far,
            rules,
            ("charge", "falls-short"),
        )
    };
    assert!(close(short(&[]), 15.0 / 36.0));
    assert!(close(short(&dash), 10.0 / 36.0));
    assert_agree_under("deadly-field", "charge", &far, &dash, 100_000);
}
