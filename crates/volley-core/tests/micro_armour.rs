//! Micro Armour: exact enumeration against Monte Carlo for every action, and
//! hand-computed probabilities read off the card's CRT (RULES 3.3.3) by hand.

use crate::common;

use common::p;
use volley_core::engine::MethodRequest;
use volley_core::stats::Summary;

pub(crate) fn run(action: &str, fields: &[(&str, &str)]) -> Summary {
    common::run("micro-armour", action, fields, MethodRequest::Exact)
}

pub(crate) fn run_with(action: &str, fields: &[(&str, &str)], path: &str, value: &str) -> Summary {
    common::run_with_rules(
        "micro-armour",
        action,
        fields,
        &[common::house_rule(path, value)],
        MethodRequest::Exact,
    )
}

/// The firer passes cohesion 15 (a natural 20 always fails): 15/20.
pub(crate) const PASS: f64 = 0.75;

#[test]
fn every_action_agrees() {
    let agree = |action: &str, fields: &[(&str, &str)]| {
        common::assert_agree("micro-armour", action, fields, 200_000)
    };
    agree(
        "fire",
        &[
            ("target", "armored"),
            ("ap_firepower", "9"),
            ("facing", "flank"),
            ("terrain", "woods+hilltop"),
            ("through_crest", "true"),
            ("target_suppressed", "true"),
            ("firer_disorganized", "true"),
        ],
    );
    agree("marker-removal", &[("disorganized", "true")]);
    agree(
        "overrun",
        &[("attackers", "3"), ("defender_suppressed", "true")],
    );
    agree(
        "close-assault",
        &[("assaulters", "2"), ("engineers", "true")],
    );
    agree("orders", &[("generation", "IV")]);
    agree("move", &[("suppressed", "true"), ("hq_attached", "1")]);
    agree("posture", &[("a_cohesion", "16"), ("b_cohesion", "13")]);
}

#[test]
fn fire_at_each_tech_level_reads_its_range_band() {
    // Differential +4 (8 against 4), clear: column +4 is E on rows 0-5. At 9"
    // TL1 and TL2 read +1 (so 2D6 <= 4: 6/36), TL3-5 read 0 (2D6 <= 5: 10/36).
    for (tl, ways) in [(1, 6.0), (2, 6.0), (3, 10.0), (4, 10.0), (5, 10.0)] {
        let s = run(
            "fire",
            &[
                ("firepower", "8"),
                ("range", "9"),
                ("tech_level", &tl.to_string()),
            ],
        );
        let expected = PASS * ways / 36.0;
        assert!((p(&s, "result", "E") - expected).abs() < 1e-12, "TL{tl}");
    }
    // At 13" TL4 reads +1 (2D6 <= 4); TL5 reads TL4, or 0 when extrapolated.
    let fields = [("firepower", "8"), ("range", "13"), ("tech_level", "5")];
    let s = run("fire", &fields);
    assert!((p(&s, "result", "E") - PASS * 6.0 / 36.0).abs() < 1e-12);
    let s = run_with("fire", &fields, "options.ma_tl5_range", "\"extrapolate\"");
    assert!((p(&s, "result", "E") - PASS * 10.0 / 36.0).abs() < 1e-12);
    // Above +9 the result is E without a roll.
    let s = run("fire", &[("firepower", "20")]);
    assert!((p(&s, "result", "E") - PASS).abs() < 1e-12);
}

#[test]
fn dash_s_is_read_by_the_attacker() {
    // Differential -3 (1 against 4), an ATGM (no range DRM): column -3 is (S) on
    // rows 2-3 and S on 4-5 (S either way on a clean target: 10/36), -S- on 6-12.
    let base = [("firepower", "1"), ("atgm", "true")];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut fields = base.to_vec();
        fields.extend_from_slice(extra);
        run("fire", &fields)
    };
    let s = with(&[("tech_level", "2")]);
    assert!((p(&s, "result", "S") - PASS * 10.0 / 36.0).abs() < 1e-12);
    let s = with(&[("tech_level", "3")]);
    assert!((p(&s, "result", "S") - PASS).abs() < 1e-12);
    let s = with(&[("tech_level", "3"), ("target", "helicopter")]);
    assert!((p(&s, "result", "S") - PASS * 10.0 / 36.0).abs() < 1e-12);
    let s = with(&[("tech_level", "2"), ("support", "true")]);
    assert!((p(&s, "result", "S") - PASS).abs() < 1e-12);
    let s = run_with(
        "fire",
        &[("firepower", "1"), ("atgm", "true"), ("tech_level", "3")],
        "options.ma_dash_s_tl3plus",
        "\"no_effect\"",
    );
    assert!((p(&s, "result", "S") - PASS * 10.0 / 36.0).abs() < 1e-12);
}

#[test]
fn combined_markers_are_capped_at_7() {
    // With S at +6 (a house rule), S + D would be +9: capped at +7, the firer
    // passes on 8 or less (8/20), not 6 or less.
    let s = run_with(
        "fire",
        &[("firer_suppressed", "true"), ("firer_disorganized", "true")],
        "markers.suppressed",
        "6",
    );
    assert!((1.0 - p(&s, "result", "no-fire") - 8.0 / 20.0).abs() < 1e-12);
}

#[test]
fn hand_computed_overrun_and_marker_removal() {
    // One tracked vehicle: the defender (cohesion 15) rolls at +3 and fails on
    // 13+ (8/20); the attack on column +6 is E on rows 0-8 (2D6 <= 8: 26/36).
    let s = run("overrun", &[]);
    assert!((p(&s, "defender_after", "E") - 0.4 * 26.0 / 36.0).abs() < 1e-12);
    // A wheeled IFV carrying troops: +2, the defender fails on 14+ (7/20).
    let s = run(
        "overrun",
        &[("attacker_type", "wheeled"), ("carrying_troops", "true")],
    );
    assert!((p(&s, "defender_after", "E") - 0.35 * 26.0 / 36.0).abs() < 1e-12);
    // A tracked IFV carrying troops: both lines, +5, fails on 11+ (10/20).
    let s = run("overrun", &[("carrying_troops", "true")]);
    assert!((p(&s, "defender_after", "E") - 0.5 * 26.0 / 36.0).abs() < 1e-12);
    // Marker removal of S at cohesion 15: recover on 2-11 (+4), rally on 1, panic
    // on 20 (the (S) on a suppressed stand is a D: S+D): ok 11/20, S+D 1/20.
    let s = run("marker-removal", &[]);
    assert!((p(&s, "after", "ok") - 11.0 / 20.0).abs() < 1e-12);
    assert!((p(&s, "after", "S+D") - 1.0 / 20.0).abs() < 1e-12);
}

#[test]
fn hand_computed_artillery_and_air() {
    // Direct artillery 8 against 4 (+4), cohesion 15: E on rows 0-5 (10/36).
    let s = run("direct-artillery", &[]);
    assert!((p(&s, "result", "E") - PASS * 10.0 / 36.0).abs() < 1e-12);
    // Against armor the defense is halved: 8 against 2 (+6), E on rows 0-8.
    let s = run("direct-artillery", &[("target", "armored")]);
    assert!((p(&s, "result", "E") - PASS * 26.0 / 36.0).abs() < 1e-12);
    // Indirect: the deviation roll fails a quarter of the time, and any drift
    // (1D8 / 2, at least 1") leaves a lone stand.
    let s = run("indirect-artillery", &[]);
    assert!((p(&s, "result", "off-target") - PASS * 0.25).abs() < 1e-12);
    // One TL4 AA stand (HE 6) against a TL4 aircraft (defense 5): column +1, E on
    // rows 0-2 (1/36). A TL5 AA stand against a TL1 aircraft shifts 4 right:
    // column +5, E on rows 0-7 (21/36).
    let s = run("anti-aircraft", &[]);
    assert!((p(&s, "aircraft_after", "E") - PASS / 36.0).abs() < 1e-12);
    let s = run(
        "anti-aircraft",
        &[("aa_tech_level", "5"), ("aircraft_tech_level", "1")],
    );
    assert!((p(&s, "aircraft_after", "E") - PASS * 21.0 / 36.0).abs() < 1e-12);
    // An air strike with no AA: it arrives (3/4), holds its aim (3/4; a drift of
    // 1-10" misses a lone stand), then 10 against 4 is column +6: E on rows 0-8.
    let s = run("air-strike", &[("aa_stands", "0")]);
    assert!((p(&s, "result", "E") - PASS * PASS * 26.0 / 36.0).abs() < 1e-12);
    assert!((p(&s, "result", "aborted") - 0.25).abs() < 1e-12);
}

#[test]
fn artillery_and_air_agree() {
    let agree = |action: &str, fields: &[(&str, &str)]| {
        common::assert_agree("micro-armour", action, fields, 200_000)
    };
    agree(
        "direct-artillery",
        &[("mortar", "true"), ("terrain", "woods")],
    );
    agree(
        "indirect-artillery",
        &[("target_moving", "true"), ("impact_radius", "2")],
    );
    agree("air-strike", &[("aa_stands", "2"), ("aa_tech_level", "5")]);
    agree(
        "anti-aircraft",
        &[("aa_stands", "3"), ("aa_suppressed", "true")],
    );
}

#[test]
fn above_plus_9_is_e_without_a_roll_for_every_attack() {
    // Direct artillery 14 against 4 (+10) on personnel in woods: the arrival roll
    // carries the woods' +4 (passes on 11 or less), then E without a roll.
    let s = run(
        "direct-artillery",
        &[("firepower", "14"), ("terrain", "woods")],
    );
    assert!((p(&s, "result", "E") - 11.0 / 20.0).abs() < 1e-12);
    // A close assault at 16 against 4 on a defender in movement posture (it does
    // not strike back): each assaulter that passes cohesion eliminates it.
    let s = run(
        "close-assault",
        &[("assaulter_firepower", "16"), ("defender_moving", "true")],
    );
    assert!((p(&s, "defender_after", "E") - PASS).abs() < 1e-12);
}

#[test]
fn contract_inputs_and_terrain_names() {
    use volley_core::ask::question::Question;
    let refused = |fields: &[(&str, &str)]| {
        let q = Question::new("micro-armour", "fire", &[], &common::raw_fields(fields));
        match q {
            Err(e) => e.field,
            Ok(q) => q.model().err().map(|e| e.field).unwrap_or_default(),
        }
    };
    assert_eq!(refused(&[("facing", "front")]), "facing");
    assert_eq!(refused(&[("tech_level", "0")]), "tech_level");
    assert_eq!(refused(&[("target", "armored")]), "ap_firepower");
    assert_eq!(refused(&[("firepower", "0")]), "firepower");
    for terrain in [
        "clear",
        "woods",
        "grove",
        "wreck",
        "ford",
        "light-improved-position",
    ] {
        let s = run("fire", &[("terrain", terrain)]);
        assert!(p(&s, "result", "E") >= 0.0, "{terrain}");
    }
    // Facing flank reads the flank defense for armor.
    let front = run(
        "fire",
        &[
            ("target", "armored"),
            ("ap_firepower", "8"),
            ("facing", "front"),
        ],
    );
    let flank = run(
        "fire",
        &[
            ("target", "armored"),
            ("ap_firepower", "8"),
            ("facing", "flank"),
        ],
    );
    assert!(p(&flank, "result", "E") > p(&front, "result", "E"));
}

#[test]
fn concealing_terrain_loses_its_cohesion_penalty_once_the_target_has_fired() {
    // B (TL4) fires in the 1st phase from woods; A (TL3) fires at it in the 2nd,
    // without the woods' cohesion penalty, so more of A's shots go off.
    let fields = [
        ("a_stands", "1"),
        ("b_stands", "1"),
        ("a_tech_level", "3"),
        ("a_firepower", "14"),
        ("b_terrain", "woods"),
        ("b_class", "armored"),
        ("turns", "1"),
    ];
    let waived = run("engagement", &fields);
    let kept = run_with("engagement", &fields, "terrain.woods.concealing", "false");
    assert!(p(&waived, "winner", "a") > p(&kept, "winner", "a") + 1e-6);
}

#[test]
fn the_optional_chart_reads_one_row_for_cohesion_10_or_less() {
    // Cohesion 8, S only: d100 + 20 <= 50 recovers (2-30), a natural 1 rallies,
    // d100 + 20 >= 99 panics (79-100).
    let s = run_with(
        "marker-removal",
        &[("cohesion", "8")],
        "options.ma_optional_marker_chart",
        "true",
    );
    assert!((p(&s, "after", "ok") - 0.30).abs() < 1e-12);
    assert!((p(&s, "after", "S+D") - 0.22).abs() < 1e-12);
}

/// The CRT's notes: "Any stand firing at a Helicopter treats -S- as No Effect
/// regardless of Tech Level", in every action that can reach one.
#[test]
fn a_helicopter_target_reads_dash_s_as_no_effect_in_every_action() {
    // Direct artillery 4 against 4 (column 0), cohesion 15 (3/4): S or (S) on
    // rows 6-8 and -S- on rows 9-12. On the ground -S- is S: 3/4 x 30/36 =
    // 5/8; on a helicopter the -S- rows (2D6 >= 9: 10/36) do nothing: 5/12.
    let strike = |target: &'static str| [("firepower", "4"), ("defense", "4"), ("target", target)];
    let ground = run("direct-artillery", &strike("unarmored"));
    assert!((p(&ground, "result", "S") - 5.0 / 8.0).abs() < 1e-12);
    let helicopter = run("direct-artillery", &strike("helicopter"));
    assert!((p(&helicopter, "result", "S") - 5.0 / 12.0).abs() < 1e-12);
    assert!((p(&helicopter, "result", "none") - PASS * 10.0 / 36.0).abs() < 1e-12);
    // The other reading: artillery keeps its S against a helicopter.
    let support_s = run_with(
        "direct-artillery",
        &strike("helicopter"),
        "options.ma_helicopter_dash_s",
        "\"support_s\"",
    );
    assert!((p(&support_s, "result", "S") - 5.0 / 8.0).abs() < 1e-12);
    // A support stand's fire at a helicopter: no effect under the default, S
    // under support_s; ordinary fire is no effect under both.
    let fire = |support: &'static str| {
        [
            ("firepower", "4"),
            ("defense", "4"),
            ("target", "helicopter"),
            ("support", support),
            ("range", "5"),
        ]
    };
    let support = run("fire", &fire("true"));
    let ordinary = run("fire", &fire("false"));
    assert!((p(&support, "result", "S") - p(&ordinary, "result", "S")).abs() < 1e-12);
    let support_under_s = run_with(
        "fire",
        &fire("true"),
        "options.ma_helicopter_dash_s",
        "\"support_s\"",
    );
    assert!(p(&support_under_s, "result", "S") > p(&support, "result", "S") + 0.1);
    let ordinary_under_s = run_with(
        "fire",
        &fire("false"),
        "options.ma_helicopter_dash_s",
        "\"support_s\"",
    );
    assert!((p(&ordinary_under_s, "result", "S") - p(&ordinary, "result", "S")).abs() < 1e-12);
    // An air strike on a helicopter: -S- no effect as well.
    let air = |target: &'static str| {
        [
            ("target", target),
            ("aa_stands", "0"),
            ("attack_value", "4"),
            ("defense", "4"),
        ]
    };
    assert!(
        p(&run("air-strike", &air("helicopter")), "result", "S")
            < p(&run("air-strike", &air("unarmored")), "result", "S")
    );
    // Overruns and close assaults are made on the ground: refused, not
    // answered as if the helicopter were an unarmored stand.
    use volley_core::ask::question::Question;
    for (action, field) in [
        ("overrun", "defender_class"),
        ("close-assault", "defender_class"),
        ("close-assault", "assaulter_class"),
    ] {
        let e = Question::new(
            "micro-armour",
            action,
            &[],
            &common::raw_fields(&[(field, "helicopter")]),
        )
        .err()
        .expect("a helicopter is refused");
        assert_eq!(e.field, field);
        assert!(e.message.contains("helicopter"), "{}", e.message);
    }
}

#[test]
fn a_stand_with_only_d_has_no_s_to_recover() {
    // D alone at cohesion 15 (+3): only a natural 1 removes D; a roll that
    // passes removes nothing, so it is no "recover".
    let s = run(
        "marker-removal",
        &[("suppressed", "false"), ("disorganized", "true")],
    );
    assert_eq!(p(&s, "roll", "recover"), 0.0);
    assert!((p(&s, "roll", "rally") - 1.0 / 20.0).abs() < 1e-12);
    assert!((p(&s, "roll", "fail") - 18.0 / 20.0).abs() < 1e-12);
}
