//! Roll rules by hand: conditions read against a point's reads, and a
//! re-roll, a modifier and a threshold worked out on small rolls.

use super::*;
use crate::dice::{Enumerator, Roll, Sampler};

const WORDS: [&str; 3] = ["elite", "veteran", "green"];

pub(super) const POINT: RollPoint = RollPoint {
    name: "check",
    actions: "test",
    roll: "1D6 at or above 4 passes",
    modifier: "added to the die",
    threshold: Some("4"),
    failed: "below the threshold",
    totals: Some((1, 6)),
    outcomes: None,
    reads: &[
        Read::word("unit.quality", &WORDS, "quality"),
        Read::number("distance", "inches"),
        Read::flag("charging", "charging"),
    ],
};

fn shown(quality: &'static str, distance: i64, charging: bool) -> Vec<Value> {
    vec![
        Value::Word(quality),
        Value::Number(distance),
        Value::Flag(charging),
    ]
}

#[test]
fn conditions_read_names_words_numbers_and_flags() {
    let c = Condition::parse(r#"unit.quality == "veteran" && distance <= 2"#, POINT.reads).unwrap();
    assert!(c.holds(&shown("veteran", 2, false)));
    assert!(!c.holds(&shown("veteran", 3, false)));
    assert!(!c.holds(&shown("green", 1, false)));
    let c = Condition::parse(r#"!(charging || unit.quality != "elite") "#, POINT.reads).unwrap();
    assert!(c.holds(&shown("elite", 0, false)));
    assert!(!c.holds(&shown("elite", 0, true)));
    assert!(!c.holds(&shown("green", 0, false)));
    let c = Condition::parse("distance > -1 && charging == true", POINT.reads).unwrap();
    assert!(c.holds(&shown("green", 0, true)));
}

#[test]
fn a_condition_that_names_what_the_point_does_not_show_is_refused_with_why() {
    let err = |text: &str| Condition::parse(text, POINT.reads).unwrap_err();
    assert!(
        err("range < 3").contains("shows no `range`; it shows"),
        "{}",
        err("range < 3")
    );
    assert!(err(r#"unit.quality == "vet""#).contains("never \"vet\""));
    assert!(err(r#"unit.quality < "elite""#).contains("== or != only"));
    assert!(err("distance == \"two\"").contains("a whole number"));
    assert!(err("unit.quality == veteran").contains("in quotes: write \"veteran\""));
    assert!(err("distance").contains("compare it"));
    assert!(err("(charging").contains("not closed"));
    assert!(err("charging &&").contains("ends too soon"));
    assert!(err("charging charging").contains("unexpected `charging`"));
    assert!(err("distance <= 2 ; 1").contains("`;` has no meaning"));
    assert!(err("").contains("empty"));
}

/// The test point's roll: 1D6 + modifier at or above the threshold.
pub(super) fn check<D: crate::dice::Dice>(
    rules: &RollRules,
    dice: &mut D,
    quality: &'static str,
) -> bool {
    rules.roll(
        &POINT,
        dice,
        || shown(quality, 1, false),
        |dice, adjust| {
            let need = adjust.threshold(4);
            let passed = dice.classify(Roll::Die(6), |face| {
                adjust.total(face) as i32 + adjust.modifier >= need
            });
            (passed, Verdict::failed_if(!passed))
        },
    )
}

fn rule(text: &str) -> RollRules {
    let house = crate::rules::HouseRule::parse("test.toml", text).unwrap();
    let points: &'static [RollPoint] = Box::leak(Box::new([POINT]));
    RollRules::new(
        house
            .rolls
            .iter()
            .map(|r| r.check("test.toml", "test", points).unwrap())
            .collect(),
        house
            .scripts
            .iter()
            .map(|s| s.compile("test.toml", "test", points).unwrap())
            .collect(),
    )
}

fn exact_pass(rules: &RollRules, quality: &'static str) -> f64 {
    let mut passed = 0.0;
    Enumerator::new(1000)
        .explore(
            |dice| check(rules, dice, quality),
            |p, w| passed += if p { w } else { 0.0 },
        )
        .unwrap();
    passed
}

#[test]
fn a_reroll_a_modifier_and_a_threshold_give_the_hand_computed_odds() {
    // The card: 4+ on 1D6, 1/2.
    assert_eq!(exact_pass(&RollRules::default(), "green"), 0.5);
    // A failed roll re-rolled once: 1 - (1/2)^2 = 3/4, for veterans only.
    let reroll = rule(
        "[[roll]]\npoint = \"check\"\nwhen = 'unit.quality == \"veteran\"'\nreroll = \"failed\"\n",
    );
    assert_eq!(exact_pass(&reroll, "veteran"), 0.75);
    assert_eq!(exact_pass(&reroll, "green"), 0.5);
    // +1 to the die: 3+ passes, 4/6; threshold 6: 1/6; threshold +1 with
    // +1 to the die: 4+ again.
    let plus = rule("[[roll]]\npoint = \"check\"\nmodifier = 1\n");
    assert!((exact_pass(&plus, "green") - 4.0 / 6.0).abs() < 1e-15);
    let six = rule("[[roll]]\npoint = \"check\"\nthreshold = 6\n");
    assert!((exact_pass(&six, "green") - 1.0 / 6.0).abs() < 1e-15);
    let both = rule("[[roll]]\npoint = \"check\"\nmodifier = 1\nthreshold_add = 1\n");
    assert_eq!(exact_pass(&both, "green"), 0.5);
    // A passed roll re-rolled (the enemy's choice): 1/2 * 1/2 = 1/4.
    let forced = rule("[[roll]]\npoint = \"check\"\nreroll = \"passed\"\n");
    assert_eq!(exact_pass(&forced, "elite"), 0.25);
}

#[test]
fn monte_carlo_agrees_with_the_exact_reroll() {
    let rules = rule("[[roll]]\npoint = \"check\"\nmodifier = -1\nreroll = \"failed\"\n");
    // 5+ on 1D6 (1/3), re-rolled once on a fail: 1 - (2/3)^2 = 5/9.
    let exact = exact_pass(&rules, "green");
    assert!((exact - 5.0 / 9.0).abs() < 1e-15);
    let n = 200_000;
    let mut sampler = Sampler::new(5);
    let passed = (0..n)
        .filter(|_| check(&rules, &mut sampler, "green"))
        .count();
    let observed = passed as f64 / n as f64;
    let sd = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!((observed - exact).abs() < 5.0 * sd, "{observed} vs {exact}");
}

#[test]
fn a_roll_rule_that_names_no_point_or_no_change_is_refused_with_its_line() {
    let points: &'static [RollPoint] = Box::leak(Box::new([POINT]));
    let house = crate::rules::HouseRule::parse(
        "h.toml",
        "name = \"x\"\n\n[[roll]]\npoint = \"chek\"\nreroll = \"failed\"\n",
    )
    .unwrap();
    let err = house.rolls[0].check("h.toml", "x", points).unwrap_err();
    assert_eq!((err.line, err.field.as_str()), (Some(4), "roll.point"));
    assert!(
        err.message
            .contains("no roll point `chek`; there are `check`"),
        "{}",
        err.message
    );
    let err =
        crate::rules::HouseRule::parse("h.toml", "[[roll]]\npoint = \"check\"\n").unwrap_err();
    assert!(
        err.message.contains("give it a `modifier`"),
        "{}",
        err.message
    );
    let err = crate::rules::HouseRule::parse(
        "h.toml",
        "[[roll]]\npoint = \"check\"\nreroll = \"always\"\n",
    )
    .unwrap_err();
    assert_eq!((err.line, err.field.as_str()), (Some(3), "roll.reroll"));
    let house = crate::rules::HouseRule::parse(
        "h.toml",
        "[[roll]]\npoint = \"check\"\n\nwhen = \"range < 2\"\nmodifier = 1\n",
    )
    .unwrap();
    let err = house.rolls[0].check("h.toml", "x", points).unwrap_err();
    assert_eq!((err.line, err.field.as_str()), (Some(4), "roll.when"));
}
