//! Micro Force: exact enumeration against Monte Carlo for every action, and
//! hand-computed probabilities for small cases.

use crate::common;

use common::p;
use volley_core::engine::MethodRequest;
use volley_core::stats::Summary;

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
    // A worked case: cohesion 15, routed (+4), rally (+5): 6/20 pass, plus the
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
    // Shaken alone at cohesion 14: +3 and the +2 bead pass on 9 or less. The
    // natural 20 belongs to the Routed rally only: 9/20.
    let s = run("rally", &[], MethodRequest::Exact);
    assert!((p(&s, "rallied", "yes") - 9.0 / 20.0).abs() < 1e-12);
    // Both beads, cohesion 14: Shaken first (+3+6: pass on 5 or less, and 20 is
    // no miracle there), then Routed at +5 plus what is left of the beads (+4 if
    // the Shaken rally passed: 5 or less; +6 if not: 3 or less), where a 20
    // clears both beads. Rallied = both gone:
    //   5/20 x (5/20 + 1/20)  +  15/20 x 1/20 [a 20 on the Routed roll].
    let s = run(
        "rally",
        &[("unit_routed", "true"), ("unit_shaken", "true")],
        MethodRequest::Exact,
    );
    let expected = 5.0 / 20.0 * (6.0 / 20.0) + 15.0 / 20.0 * (1.0 / 20.0);
    assert!((p(&s, "rallied", "yes") - expected).abs() < 1e-12);
    // 1:1 melee, 3D6 each, highest die: P(tie) = sum over k of P(max = k)^2.
    let s = run("melee", &[], MethodRequest::Exact);
    let tie: f64 = (1..=6)
        .map(|k: i32| f64::from(k.pow(3) - (k - 1).pow(3)).powi(2))
        .sum::<f64>()
        / 216f64.powi(2);
    assert!((p(&s, "difference", "0") - tie).abs() < 1e-12);
    // The headline: equal sides win equally often, each (1 - P(tie)) / 2.
    assert!((p(&s, "winner", "tie") - tie).abs() < 1e-12);
    assert!((p(&s, "winner", "attacker") - (1.0 - tie) / 2.0).abs() < 1e-12);
    assert!((p(&s, "winner", "defender") - (1.0 - tie) / 2.0).abs() < 1e-12);
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
    assert_eq!(p(&s, "works", "yes"), 0.0);
}

#[test]
fn a_charge_works_when_the_defender_skedaddles_or_loses_the_melee() {
    // Without opportunity fire the default charge works
    // 52.18% of the time: skedaddles 12.25%, melee won by 1-2 26.08%, by 3+
    // 13.84%. The old headline counted only the decisive wins and routs (38.80%).
    let s = run(
        "charge",
        &[("defender_fires", "false")],
        MethodRequest::Exact,
    );
    let works = p(&s, "works", "yes");
    assert!((works - 0.521_78).abs() < 0.000_01, "P(works) = {works}");
    let parts = p(&s, "charge", "defender-skedaddles")
        + p(&s, "charge", "attacker-wins-melee")
        + p(&s, "charge", "attacker-wins-melee-decisively");
    assert!((works - parts).abs() < 1e-12);
    // Conditional on contact: the attacker's melee wins among all melees.
    let melee: f64 = [
        "attacker-wins-melee",
        "attacker-wins-melee-decisively",
        "tie",
        "defender-wins-melee",
        "defender-wins-melee-decisively",
    ]
    .iter()
    .map(|v| p(&s, "charge", v))
    .sum();
    let wins =
        p(&s, "charge", "attacker-wins-melee") + p(&s, "charge", "attacker-wins-melee-decisively");
    assert!((p(&s, "works_given_contact", "yes") - wins / melee).abs() < 1e-12);
    // The melee difference distribution covers exactly the melees.
    assert!((1.0 - p(&s, "melee_difference", "no-melee") - melee).abs() < 1e-12);
}

#[test]
fn hand_computed_charge_without_fire() {
    // 1" away, attack column (5") with bonus 1D6-2: always in reach, 4"-9" spare
    // once 1" short. The charger falters on 15+ at cohesion 14: 6/20. The
    // defender fails 6/20 and runs 1D6"; it escapes when the run is at least the
    // spare move: (3 + 2 + 1) / 36 = 1/6 over the bonus and the run.
    let s = run(
        "charge",
        &[("distance", "1"), ("defender_fires", "false")],
        MethodRequest::Exact,
    );
    assert!((p(&s, "charge", "falter") - 0.3).abs() < 1e-12);
    assert!((p(&s, "charge", "defender-skedaddles") - 0.7 * 0.3 / 6.0).abs() < 1e-12);
    assert_eq!(p(&s, "charge", "stopped-by-fire"), 0.0);
}

#[test]
fn opportunity_fire_can_stop_the_charge() {
    let quiet = run(
        "charge",
        &[("defender_fires", "false")],
        MethodRequest::Exact,
    );
    let fired = run("charge", &[], MethodRequest::Exact);
    let heavy = run(
        "charge",
        &[("defender_av_per_stand", "3")],
        MethodRequest::Exact,
    );
    assert!(p(&fired, "charge", "stopped-by-fire") > 0.0);
    assert!(p(&heavy, "charge", "stopped-by-fire") > p(&fired, "charge", "stopped-by-fire"));
    assert!(p(&fired, "works", "yes") < p(&quiet, "works", "yes"));
    assert!(p(&heavy, "works", "yes") < p(&fired, "works", "yes"));
    // The charger's cover is its defence against that fire.
    let covered = run(
        "charge",
        &[("attacker_cover", "heavy"), ("attacker_formation", "line")],
        MethodRequest::Exact,
    );
    let open = run(
        "charge",
        &[("attacker_formation", "line")],
        MethodRequest::Exact,
    );
    assert!(p(&covered, "charge", "stopped-by-fire") < p(&open, "charge", "stopped-by-fire"));
}

/// Run `micro-force ACTION` exactly under a house rule given as TOML text.
fn run_with_house_rule(action: &str, fields: &[(&str, &str)], rule: &str) -> Summary {
    common::run_with_rules(
        "micro-force",
        action,
        fields,
        &[rule.to_string()],
        MethodRequest::Exact,
    )
}

#[test]
fn the_cavalry_half_move_bonus_counts_the_charge_bonus() {
    // Cavalry line, 6" allowance, 4" from a defender that stands: it moves 4"
    // into contact. The charge move is 6 - 2 + bonus: 4" is at least half of it
    // for bonus rolls 1 to 4 (a caught skedaddler runs it further still). So the
    // +1 applies part of the time: P(works) lies strictly between no +1 at all and
    // a +1 on every bonus roll. (Reading the allowance alone gave the +1 always.)
    let fields = [
        ("attacker_arm", "cavalry"),
        ("attacker_formation", "line"),
        ("distance", "4"),
        ("defender_fires", "false"),
    ];
    let s = run("charge", &fields, MethodRequest::Exact);
    let no_bonus = "[set]\n\"melee.modifiers.attacker_cavalry_line_half_move\" = 0\n";
    let never = run_with_house_rule("charge", &fields, no_bonus);
    let mut plus = fields.to_vec();
    plus.push(("attacker_mod", "1"));
    let always = run_with_house_rule("charge", &plus, no_bonus);
    let works = |s: &Summary| p(s, "works", "yes");
    assert!(works(&never) < works(&s) - 1e-6);
    assert!(works(&s) < works(&always) - 1e-6);
}

#[test]
fn every_micro_force_option_changes_something_or_is_refused() {
    // A first-turn initiative tie kept by A: P(A) = P(A rolls lower) + P(tie).
    let s = run_with_house_rule(
        "initiative",
        &[],
        "[set]\n\"options.mf_initiative_first_turn_tie\" = \"a\"\n",
    );
    // P(two 2D6 totals are equal) = sum over totals of P(t)^2 = 146/1296.
    let ways = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    let tie = ways.iter().map(|w: &f64| w * w).sum::<f64>() / 1296.0;
    assert!((p(&s, "winner", "a") - (1.0 - tie) / 2.0 - tie).abs() < 1e-12);
    // The designer's formula for a battery where it differs from the infantry
    // rows: 5 stands, 3 half stands lost: round(15 x 3 / 10) = round(4.5) = 5,
    // against the row's 4.
    let fields = [
        ("unit_arm", "artillery"),
        ("unit_formation", "unlimbered"),
        ("unit_stands", "5"),
        ("unit_steps_lost", "3"),
    ];
    let rows = run("resupply", &fields, MethodRequest::Exact);
    let formula = run_with_house_rule(
        "resupply",
        &fields,
        "[set]\n\"options.mf_art_cohesion_loss\" = \"formula\"\n",
    );
    // Resupply at +5, cohesion 14 - loss: pass on (9 - loss) or less.
    assert!((p(&rows, "passes", "yes") - 5.0 / 20.0).abs() < 1e-12);
    assert!((p(&formula, "passes", "yes") - 4.0 / 20.0).abs() < 1e-12);
    // An option that did nothing is gone: setting it is an error.
    let found = volley_core::systems::find("micro-force").unwrap();
    let rule = volley_core::rules::HouseRule::parse(
        "test rule",
        "[set]\n\"options.mf_split_cover_roll\" = \"better_on_1_to_3\"\n",
    )
    .unwrap();
    assert!(volley_core::systems::rulebook(found, &[rule]).is_err());
}

#[test]
fn a_routed_unit_may_not_charge() {
    let found = volley_core::systems::find("micro-force").unwrap();
    let action = volley_core::systems::find_action(found, "charge").unwrap();
    let book = volley_core::systems::rulebook(found, &[]).unwrap();
    let raw = vec![(
        "attacker_routed".to_string(),
        "true".to_string(),
        volley_core::systems::Origin::arguments(),
    )];
    let scenario =
        volley_core::systems::Scenario::resolve(&action.fields(&book).unwrap(), &raw).unwrap();
    let error = action.model(&scenario, &book).err().unwrap();
    assert_eq!(error.field, "attacker_routed");
}

/// The firefight steps (initiative, each volley, each rally) and merges states
/// between them: two 2-stand regiments are exact, and agree with Monte Carlo.
#[test]
fn a_firefight_of_two_stand_regiments_is_exact_and_agrees() {
    common::assert_agree(
        "micro-force",
        "firefight",
        &[("a_stands", "2"), ("b_stands", "2"), ("turns", "6")],
        200_000,
    );
}

/// Two 4-stand regiments (the defaults, ten turns) are exact, and agree with
/// Monte Carlo.
#[test]
fn a_firefight_of_four_stand_regiments_is_exact_and_agrees() {
    let fields = [("a_stands", "4"), ("b_stands", "4")];
    let auto = run("firefight", &fields, MethodRequest::Auto);
    assert!(auto.exact, "two 4-stand regiments are exact");
    assert_agree("firefight", &fields, 200_000);
}
