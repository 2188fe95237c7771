//! Micro Squad's engagement: hand-computed small fights, exact against Monte Carlo, and the step-level chain against whole turns.

use crate::common::{self, p};
use crate::micro_squad::run;
use volley_core::engine::MethodRequest;
use volley_core::stats::Summary;

#[test]
fn the_engagement_is_a_fight_and_reads_terrain_conditions() {
    // By default both sides fire.
    let s = run(
        "engagement",
        &[("a_stands", "1"), ("b_stands", "1")],
        MethodRequest::Exact,
    );
    assert!(p(&s, "winner", "b") > 0.1);
    // Soft sand counts only against a target in movement posture.
    let still = run(
        "engagement",
        &[
            ("a_stands", "1"),
            ("b_stands", "1"),
            ("b_terrain", "soft-sand"),
        ],
        MethodRequest::Exact,
    );
    let moving = run(
        "engagement",
        &[
            ("a_stands", "1"),
            ("b_stands", "1"),
            ("b_terrain", "soft-sand"),
            ("b_moving", "true"),
        ],
        MethodRequest::Exact,
    );
    assert!((p(&still, "winner", "a") - p(&s, "winner", "a")).abs() < 1e-12);
    assert!((p(&moving, "winner", "a") - p(&s, "winner", "a")).abs() > 1e-6);
}

#[test]
fn stands_left_to_fire_attack_again_once_every_enemy_stand_was_attacked() {
    // Three heavy firers against two stands: the third shot has no stand left
    // that was not attacked this phase; it attacks again, or (option off) holds.
    let fields = [
        ("a_stands", "3"),
        ("b_stands", "2"),
        ("a_firepower", "20"),
        ("b_firepower", "0"),
        ("turns", "1"),
    ];
    let again = run("engagement", &fields, MethodRequest::Exact);
    let hold = common::run_with_rules(
        "micro-squad",
        "engagement",
        &fields,
        &[common::house_rule(
            "options.ms_engagement_attack_again",
            "false",
        )],
        MethodRequest::Exact,
    );
    let lost = |s: &Summary| s.mean("b_lost").unwrap().value;
    assert!(
        lost(&again) > lost(&hold) + 0.01,
        "{} vs {}",
        lost(&again),
        lost(&hold)
    );
}

/// One shot a side, by hand: 1 stand against 1, one turn. Cohesion 14 on a d20
/// passes with 14/20 (11/20 with D's +3, 10/20 with S's +4). Firepower 6
/// against defense 4 is column +2; at 5 inches the range adds nothing, so 2D6
/// reads E on 2-3 (3/36), D on 4-8 (23/36), (S) on 9-10 and S on 11 (an S on a
/// fresh stand either way, 9/36), nothing on 12 (1/36).
#[test]
fn one_shot_a_side_by_hand() {
    let pass = 14.0 / 20.0;
    let kill = 3.0 / 36.0;
    let one_way = run(
        "engagement",
        &[
            ("a_stands", "1"),
            ("b_stands", "1"),
            ("b_firepower", "0"),
            ("turns", "1"),
        ],
        MethodRequest::Exact,
    );
    assert!((one_way.mean("b_lost").unwrap().value - pass * kill).abs() < 1e-12);

    // Both fire; equal cohesion, so each side has the initiative half the time.
    // Firing second, A has been shot at first: B's result decides A's test.
    let a_lost_firing_second = pass * kill;
    let a_lost_firing_first = pass * (23.0 / 36.0) * (11.0 / 20.0) * kill
        + pass * (9.0 / 36.0) * (10.0 / 20.0) * kill
        + (1.0 - pass + pass / 36.0) * pass * kill;
    let by_hand = 0.5 * a_lost_firing_first + 0.5 * a_lost_firing_second;
    let both = run(
        "engagement",
        &[("a_stands", "1"), ("b_stands", "1"), ("turns", "1")],
        MethodRequest::Exact,
    );
    let got = both.mean("a_lost").unwrap().value;
    assert!((got - by_hand).abs() < 1e-12, "{got} vs {by_hand}");
}

#[test]
fn an_engagement_side_below_minus_3_holds_its_fire() {
    // B's firepower 6 against A's defense 10 is -4: B may not attack, A still
    // fights. A cannot lose a stand.
    let s = run(
        "engagement",
        &[("a_stands", "1"), ("b_stands", "1"), ("a_defense", "10")],
        MethodRequest::Exact,
    );
    assert_eq!(s.mean("a_lost").unwrap().value, 0.0);
    assert!(p(&s, "winner", "a") > 0.5);
}

/// The engagement's exact method steps shot by shot and splits marker removal
/// multinomially; on 1 against 1 it gives what the whole-turn enumeration gave
/// before (values recorded from it), to 1e-12.
#[test]
fn step_level_exact_equals_the_turn_level_answers() {
    // (fields, [P(a), P(b), P(none), P(undecided), mean turns, mean a_lost])
    type Case<'a> = (&'a [(&'a str, &'a str)], [f64; 6]);
    let cases: [Case; 2] = [
        (
            &[],
            [
                0.4972733016839847,
                0.49727330168398487,
                0.0037299028373194796,
                0.0017234937947107763,
                3.018314059823089,
                0.5010032045213043,
            ],
        ),
        (
            &[("b_terrain", "woods"), ("a_cohesion", "16")],
            [
                0.0718870384420933,
                0.896337016443092,
                0.0026407677205367037,
                0.029135177394278514,
                4.126373007102329,
                0.8989777841636285,
            ],
        ),
    ];
    for (fields, expected) in cases {
        let mut fields = fields.to_vec();
        fields.extend([("a_stands", "1"), ("b_stands", "1")]);
        let s = run("engagement", &fields, MethodRequest::Exact);
        let got = [
            p(&s, "winner", "a"),
            p(&s, "winner", "b"),
            p(&s, "winner", "none"),
            p(&s, "winner", "undecided"),
            s.mean("turns").unwrap().value,
            s.mean("a_lost").unwrap().value,
        ];
        for (g, e) in got.iter().zip(expected) {
            assert!((g - e).abs() < 1e-12, "{fields:?}: {got:?}");
        }
    }
}

#[test]
fn three_and_four_against_as_many_are_exact_and_agree_with_monte_carlo() {
    for n in ["3", "4"] {
        let fields = [("a_stands", n), ("b_stands", n), ("b_terrain", "woods")];
        let exact = run("engagement", &fields, MethodRequest::Auto);
        assert!(exact.exact, "{n} against {n} is exact");
        common::assert_agree("micro-squad", "engagement", &fields, 200_000);
    }
}

#[test]
fn ten_against_ten_is_refused_with_the_size_of_its_state_space() {
    let fields = [("a_stands", "10"), ("b_stands", "10")];
    let err =
        common::try_run("micro-squad", "engagement", &fields, MethodRequest::Exact).unwrap_err();
    assert!(err.contains("1,002,001 states"), "{err}");
    let auto = run("engagement", &fields, MethodRequest::Auto);
    assert!(!auto.exact);
}

#[test]
fn two_against_two_is_exact_and_agrees_with_monte_carlo() {
    let fields = [("a_stands", "2"), ("b_stands", "2"), ("turns", "4")];
    let exact = common::run_with_rules(
        "micro-squad",
        "engagement",
        &fields,
        &[],
        MethodRequest::Exact,
    );
    assert!(exact.exact);
    common::assert_agree("micro-squad", "engagement", &fields, 200_000);
}

/// Every state of a 3 v 3 engagement's first turn: each shot step's outcomes
/// listed directly (`step_outcomes`) are exactly the enumeration of the step
/// played with dice (`play_step`).
#[test]
fn listed_shot_outcomes_are_the_enumerated_step() {
    use std::collections::BTreeMap;
    use volley_core::dice::Enumerator;
    use volley_core::engine::Engagement;
    use volley_core::systems::micro_squad::{MsEngagementAction, charts_of};
    let question = volley_core::ask::question::Question::new(
        "micro-squad",
        "engagement",
        &[],
        &common::raw_fields(&[("b_terrain", "woods"), ("a_break", "2")]),
    )
    .unwrap();
    let game =
        MsEngagementAction::of_scenario(question.scenario(), charts_of(question.book()).unwrap())
            .unwrap();
    type State = <volley_core::systems::micro_squad::MsEngagement as Engagement>::State;
    let enumerate = |state: &State, step: u32| -> BTreeMap<State, f64> {
        let mut out = BTreeMap::new();
        Enumerator::new(1_000_000)
            .explore(
                |dice| game.play_step(state, step, dice),
                |after, p| *out.entry(after).or_insert(0.0) += p,
            )
            .unwrap();
        out
    };
    let mut states = enumerate(&game.start(), 0);
    let mut compared = 0;
    for step in 1..=6 {
        let mut next = BTreeMap::new();
        for state in states.keys() {
            let mut listed = BTreeMap::new();
            let n = game
                .step_outcomes(state, step, |after, p| {
                    *listed.entry(after).or_insert(0.0) += p
                })
                .expect("a shot step lists its outcomes");
            let enumerated = enumerate(state, step);
            assert!(n as usize >= listed.len());
            assert_eq!(listed.len(), enumerated.len(), "{state:?}");
            for ((x, p), (y, q)) in listed.iter().zip(&enumerated) {
                assert_eq!(x, y);
                assert!((p - q).abs() < 1e-15, "{p} vs {q}");
            }
            next.extend(listed);
            compared += 1;
        }
        states = next;
    }
    assert!(compared > 100, "only {compared} states compared");
    // Initiative and marker removal are left to the enumerator.
    assert!(game.step_outcomes(&game.start(), 0, |_, _| {}).is_none());
}
