//! The solver on a game small enough to solve by hand, and the Micro Force
//! firefight's plan against the firefight the engine steps on its own.

use super::*;
use crate::dice::Dice;

mod carried;
mod two_sided;

/// A toy duel: each turn the decider fires (1 in 6 to win) or charges (3 in 6
/// to win, else lose). Two turns.
struct Toy;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Toy3 {
    Going,
    Won,
    Lost,
}

impl Decisions for Toy {
    type State = Toy3;
    fn start(&self) -> Toy3 {
        Toy3::Going
    }
    fn turn_limit(&self) -> u32 {
        2
    }
    fn is_over(&self, s: &Toy3) -> bool {
        *s != Toy3::Going
    }
    fn decider(&self) -> &'static str {
        "a"
    }
    fn all_choices(&self) -> Vec<&'static str> {
        vec!["fire", "charge"]
    }
    fn choices(&self, _: &Toy3) -> Vec<&'static str> {
        self.all_choices()
    }
    fn steps(&self, _: &Toy3, _: &str) -> u32 {
        1
    }
    fn play_step<D: Dice>(&self, _: &Toy3, choice: &str, _: u32, dice: &mut D) -> Toy3 {
        let roll = dice.d(6);
        match (choice, roll) {
            ("fire", 6) => Toy3::Won,
            ("fire", _) => Toy3::Going,
            (_, r) if r >= 4 => Toy3::Won,
            _ => Toy3::Lost,
        }
    }
    fn figures(&self, s: &Toy3) -> Figures {
        let won = if *s == Toy3::Won { "yes" } else { "no" };
        Figures {
            outcomes: vec![("won", won.to_string())],
            numbers: vec![],
        }
    }
    fn describe(&self, _: &Toy3) -> Vec<(&'static str, i64)> {
        vec![]
    }
}

#[test]
fn a_plan_tells_its_progress_and_stops_when_told() {
    use crate::engine::{Cancel, Progress};
    use std::sync::{Arc, Mutex};
    let told: Arc<Mutex<Vec<(u64, u64)>>> = Arc::default();
    let heard = told.clone();
    let watch = Watch {
        progress: Some(Progress(Arc::new(move |done, planned| {
            heard.lock().unwrap().push((done, planned));
        }))),
        cancel: None,
    };
    solve(&Toy, Goal::parse("P(won=yes)").unwrap(), 1000, &watch).unwrap();
    // Two decision points: built forward (0, 1), valued backward (2, 3).
    assert_eq!(
        *told.lock().unwrap(),
        [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    );
    let cancel = Cancel::default();
    cancel.stop();
    let stopped = Watch {
        progress: None,
        cancel: Some(cancel),
    };
    let solved = solve(&Toy, Goal::parse("P(won=yes)").unwrap(), 1000, &stopped);
    assert!(matches!(solved, Err(PlanError::Stopped)));
}

#[test]
fn a_two_turn_duel_solved_by_hand() {
    let plan = solve(
        &Toy,
        Goal::parse("P(won=yes)").unwrap(),
        1000,
        &Watch::default(),
    )
    .unwrap();
    // Fire first (1/6), then charge if still going (5/6 x 1/2): 7/12, better
    // than charging at once (1/2) or firing twice (1 - 25/36 = 11/36).
    assert!((plan.best - 7.0 / 12.0).abs() < 1e-15, "{}", plan.best);
    let fixed: std::collections::BTreeMap<_, _> = plan.fixed.iter().cloned().collect();
    assert!((fixed["always fire"] - 11.0 / 36.0).abs() < 1e-15);
    assert!((fixed["always charge"] - 0.5).abs() < 1e-15);
    assert!((fixed["charge at once, then fire"] - 0.5).abs() < 1e-15);
    let turns: Vec<(u32, &str)> = plan.policy.iter().map(|r| (r.turn, r.choice)).collect();
    assert_eq!(turns, [(1, "fire"), (2, "charge")]);
    assert!((plan.policy[1].reach - 5.0 / 6.0).abs() < 1e-15);
    // Played by Monte Carlo, the policy gives its exact value.
    let e = plan.simulate(&Toy, 200_000, 3, 0.999);
    assert!(e.low <= plan.best && plan.best <= e.high, "{e:?}");
    // Where charging is best, in words: on the last turn.
    assert_eq!(
        simple_rule(&Toy, &plan, "a", "charge").text("charge", "fire"),
        "charge when turns_left <= 1; otherwise fire"
    );
}

fn firefight_plan(
    fields: &[(&str, &str)],
    check_trials: u64,
) -> (crate::ask::question::Question, PlanAnswer) {
    plan_of(
        "micro-force",
        fields,
        Some("a:fire,charge"),
        Opponent::Usual,
        check_trials,
    )
}

/// `system`'s firefight at `fields`, as given on the command line.
pub(crate) fn firefight_question(
    system: &str,
    fields: &[(&str, &str)],
) -> crate::ask::question::Question {
    let raw: Vec<_> = fields
        .iter()
        .map(|(k, v)| {
            let origin = crate::systems::Origin::arguments();
            (k.to_string(), v.to_string(), origin)
        })
        .collect();
    crate::ask::question::Question::new(system, "firefight", &[], &raw).unwrap()
}

/// The plan of `system`'s firefight at `fields`, for P(breaks_first=b).
fn plan_of(
    system: &str,
    fields: &[(&str, &str)],
    choices: Option<&str>,
    opponent: Opponent,
    check_trials: u64,
) -> (crate::ask::question::Question, PlanAnswer) {
    let question = firefight_question(system, fields);
    let ask = Ask {
        choices: choices.map(str::to_string),
        goal: Goal::parse("P(breaks_first=b)").unwrap(),
        opponent,
        budget: 2_000_000,
        check_trials,
        seed: 7,
        confidence: 0.999,
        watch: Watch::default(),
    };
    let plan = question.plan(&ask).unwrap();
    (question, plan)
}

#[test]
fn always_firing_is_the_firefight_the_engine_steps() {
    for fields in [
        vec![("turns", "3"), ("a_stands", "1"), ("b_stands", "1")],
        vec![("turns", "4"), ("b_cover", "light")],
    ] {
        let (question, plan) = firefight_plan(&fields, 0);
        let config = crate::engine::RunConfig {
            method: crate::engine::MethodRequest::Exact,
            ..Default::default()
        };
        let summary = crate::stats::summarize(&question.answer(&config).unwrap());
        let engine = summary.probability("breaks_first", "b").unwrap().value;
        let always_fire = plan.fixed.iter().find(|f| f.0 == "always fire").unwrap().1;
        assert!(
            (always_fire - engine).abs() < 1e-12,
            "{fields:?}: {always_fire} vs {engine}"
        );
    }
}

#[test]
fn best_play_is_never_below_a_fixed_policy_and_monte_carlo_agrees() {
    for turns in ["1", "3"] {
        for cover in ["open", "medium"] {
            let fields = [("turns", turns), ("b_cover", cover), ("range", "4")];
            let (_, plan) = firefight_plan(&fields, 50_000);
            for (name, value) in &plan.fixed {
                assert!(
                    plan.best >= value - 1e-12,
                    "{fields:?}: best {} < {name} {value}",
                    plan.best
                );
            }
            let (_, e) = plan.check.unwrap();
            assert!(
                e.low <= plan.best && plan.best <= e.high,
                "{fields:?}: {} outside {e:?}",
                plan.best
            );
            // The policy's states add up: each turn's reach is at most 1.
            for turn in 1..=plan.turn_limit {
                let reach: f64 = plan
                    .policy
                    .iter()
                    .filter(|r| r.turn == turn)
                    .map(|r| r.reach)
                    .sum();
                assert!(reach <= 1.0 + 1e-12);
            }
        }
    }
}

#[test]
fn deadly_field_reforming_always_is_the_firefight_the_engine_steps_and_best_play_checks() {
    let question = firefight_question("deadly-field", &[("turns", "3")]);
    let ask = Ask {
        choices: None,
        goal: Goal::parse("P(breaks_first=b)").unwrap(),
        opponent: Opponent::Usual,
        budget: 2_000_000,
        check_trials: 200_000,
        seed: 1,
        confidence: 0.999,
        watch: Watch::default(),
    };
    let plan = question.plan(&ask).unwrap();
    let config = crate::engine::RunConfig {
        method: crate::engine::MethodRequest::Exact,
        ..Default::default()
    };
    let summary = crate::stats::summarize(&question.answer(&config).unwrap());
    let engine = summary.probability("breaks_first", "b").unwrap().value;
    // The `reform` field (on by default) is what B does, and A's "always reform".
    let always_reform = plan
        .fixed
        .iter()
        .find(|f| f.0 == "always reform")
        .unwrap()
        .1;
    assert!(
        (always_reform - engine).abs() < 1e-12,
        "{always_reform} vs {engine}"
    );
    for (name, value) in &plan.fixed {
        assert!(
            plan.best >= value - 1e-12,
            "best {} < {name} {value}",
            plan.best
        );
    } // Charging is among the choices, and best play played by Monte Carlo
    // (the step-by-step turns) gives its exact value (the whole turns).
    assert!(plan.choices.contains(&"charge"));
    let (_, e) = plan.check.unwrap();
    assert!(
        e.low <= plan.best && plan.best <= e.high,
        "{} outside {e:?}",
        plan.best
    );
}

/// A Micro Force plan charges across `charge_distance` inches (the charge
/// action's bounds and default), not the firefight's `range`, which only a
/// weapon reads.
#[test]
fn micro_force_plans_charge_from_their_charge_distance() {
    let always_charge = |fields: &[(&str, &str)]| {
        let mut fields = fields.to_vec();
        fields.push(("turns", "1"));
        let (_, plan) = firefight_plan(&fields, 0);
        plan.fixed
            .iter()
            .find(|f| f.0 == "always charge")
            .unwrap()
            .1
    };
    let default = always_charge(&[]);
    assert_eq!(default, always_charge(&[("charge_distance", "4")]));
    assert_eq!(default, always_charge(&[("range", "12")]));
    assert_ne!(default, always_charge(&[("charge_distance", "1")]));
    // The charge action's bounds: 1 to 40 inches.
    for bad in ["0", "41"] {
        let raw = [(
            "charge_distance".to_string(),
            bad.to_string(),
            crate::systems::Origin::arguments(),
        )];
        assert!(
            crate::ask::question::Question::new("micro-force", "firefight", &[], &raw).is_err()
        );
    }
}

/// Every policy row of a Deadly Field plan is a state of its own as printed:
/// a regiment below its original strength that regains a figure (a natural
/// 12) shows its figures, not a loss floored at 0.
#[test]
fn deadly_field_plan_rows_print_distinct_states() {
    let fields = [
        ("turns", "3"),
        ("a_figures", "10"),
        ("a_original_figures", "12"),
        ("b_figures", "9"),
        ("b_original_figures", "12"),
    ];
    let (_, plan) = plan_of("deadly-field", &fields, None, Opponent::Usual, 0);
    let mut seen = std::collections::BTreeSet::new();
    for row in &plan.policy {
        assert!(
            seen.insert((row.turn, row.side, row.state.clone())),
            "printed twice: turn {} {:?}",
            row.turn,
            row.state
        );
    }
    assert!(
        plan.policy.iter().any(|r| r
            .state
            .iter()
            .any(|&(name, v)| name == "a_figures" && v == 11)),
        "a regained figure shows"
    );
    // The usual play is reforming (the firefight's default), and the plan
    // says so: its usual fixed policy is the firefight's own answer.
    assert_eq!(plan.choices[0], "reform");
}

/// From the start, `depth` turns deep over every open choice (at most
/// `most` states a turn, taken in their order): every turn the engagement
/// computes in stages of its own is the turn played step by step, state for
/// state, within 1e-14 (sums merge in another order).
pub(crate) fn assert_staged_turns_are_stepwise<G>(game: &G, depth: u32, most: usize)
where
    G: Decisions,
    G::State: std::fmt::Debug,
{
    let budget = 10_000_000;
    let mut frontier = vec![game.start()];
    let mut compared = 0;
    for _ in 0..depth {
        let mut next = std::collections::BTreeSet::new();
        for s in frontier.iter().take(most) {
            if game.is_over(s) {
                continue;
            }
            for choice in game.choices(s) {
                let stepped = super::stepwise_turn(game, s, choice, budget).unwrap();
                if game.stage(s, choice, 0, budget).is_some() {
                    let whole = super::staged_turn(game, s, choice, budget).unwrap();
                    assert_eq!(whole.len(), stepped.len(), "{choice} from {s:?}");
                    for ((x, p), (y, q)) in whole.iter().zip(&stepped) {
                        assert_eq!(x, y, "{choice} from {s:?}");
                        assert!((p - q).abs() < 1e-14, "{choice} from {s:?}: {p} vs {q}");
                    }
                    compared += 1;
                }
                let total: f64 = stepped.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-12, "{choice} from {s:?}: {total}");
                next.extend(stepped.into_iter().map(|(after, _)| after));
            }
        }
        frontier = next.into_iter().collect();
    }
    assert!(compared > 0, "no turn computed in stages of its own");
}

#[test]
fn an_axis_in_words_says_its_conditions_as_a_player_would() {
    use crate::plan::AxisWords;
    let lost = AxisWords::count("B's steps lost");
    assert_eq!(lost.condition(true, 2), "B's steps lost at least 2");
    assert_eq!(lost.condition(false, 3), "B's steps lost at most 3");
    assert_eq!(lost.condition(false, 0), "B's steps lost 0");
    assert_eq!(lost.value(3), "3");
    let shaken = AxisWords::flag("B Shaken", "B is Shaken", "B is not Shaken");
    assert_eq!(shaken.condition(true, 1), "B is Shaken");
    assert_eq!(shaken.condition(false, 0), "B is not Shaken");
    assert_eq!(
        (shaken.value(0), shaken.value(1)),
        ("no".into(), "yes".into())
    );
    let morale = AxisWords::coded("A's morale", &["Good Order", "Disorder", "Shaken"]);
    assert_eq!(morale.condition(true, 1), "A's morale Disorder or worse");
    assert_eq!(morale.condition(false, 1), "A's morale Disorder or better");
    assert_eq!(morale.condition(false, 0), "A's morale Good Order");
    assert_eq!(morale.value(2), "Shaken");
    // A rule reads its conditions through the words it is given.
    let rule = Rule::When {
        shape: Shape::Both(
            Condition {
                axis: "b_steps_lost",
                at_least: true,
                value: 3,
                flag: false,
            },
            Condition {
                axis: "turns_left",
                at_least: false,
                value: 1,
                flag: false,
            },
        ),
        departs: 0.0,
    };
    assert_eq!(
        rule.text("charge", "fire"),
        "charge when b_steps_lost >= 3 and turns_left <= 1; otherwise fire"
    );
    let said = rule.said("charge", "fire", &|c| match c.axis {
        "b_steps_lost" => lost.condition(c.at_least, c.value),
        _ => AxisWords::count("turns left").condition(c.at_least, c.value),
    });
    assert_eq!(
        said,
        "charge when B's steps lost at least 3 and turns left at most 1; otherwise fire"
    );
}
