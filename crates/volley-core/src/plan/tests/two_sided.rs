//! Against an opponent at its best: a two-player duel solved by hand, and
//! both firefights' minimax against the plans where B plays its usual way.

use super::super::*;
use super::plan_of;
use crate::dice::Dice;

/// A two-player duel, two turns. A fires (1 in 6 to win, else B answers)
/// or charges (3 in 6 to win, else lose). B answers A's fire: it fires (1
/// in 6 to win, else the next turn) or charges (3 in 6 to win, else lose).
struct Duel;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Duel4 {
    /// A chooses.
    Going,
    /// B answers A's fire.
    Answer,
    Won,
    Lost,
}

impl Decisions for Duel {
    type State = Duel4;
    fn start(&self) -> Duel4 {
        Duel4::Going
    }
    fn turn_limit(&self) -> u32 {
        2
    }
    fn points_per_turn(&self) -> u32 {
        2
    }
    fn chooser(&self, s: &Duel4) -> &'static str {
        if *s == Duel4::Answer { "b" } else { "a" }
    }
    fn is_over(&self, s: &Duel4) -> bool {
        matches!(s, Duel4::Won | Duel4::Lost)
    }
    fn decider(&self) -> &'static str {
        "a"
    }
    fn all_choices(&self) -> Vec<&'static str> {
        vec!["fire", "charge"]
    }
    fn opponent_choices(&self) -> Vec<&'static str> {
        vec!["fire", "charge"]
    }
    fn choices(&self, _: &Duel4) -> Vec<&'static str> {
        self.all_choices()
    }
    fn steps(&self, _: &Duel4, _: &str) -> u32 {
        1
    }
    fn play_step<D: Dice>(&self, s: &Duel4, choice: &str, _: u32, dice: &mut D) -> Duel4 {
        let roll = dice.d(6);
        let b = *s == Duel4::Answer;
        let (win, lose) = if b {
            (Duel4::Lost, Duel4::Won)
        } else {
            (Duel4::Won, Duel4::Lost)
        };
        match (choice, roll) {
            ("fire", 6) => win,
            ("fire", _) if b => Duel4::Going,
            ("fire", _) => Duel4::Answer,
            (_, r) if r >= 4 => win,
            _ => lose,
        }
    }
    fn figures(&self, s: &Duel4) -> Figures {
        let won = if *s == Duel4::Won { "yes" } else { "no" };
        Figures {
            outcomes: vec![("won", won.to_string())],
            numbers: vec![],
        }
    }
    fn describe(&self, _: &Duel4) -> Vec<(&'static str, i64)> {
        vec![]
    }
}

#[test]
fn a_two_player_duel_solved_by_hand() {
    let plan = solve(
        &Duel,
        Goal::parse("P(won=yes)").unwrap(),
        1000,
        &Watch::default(),
    )
    .unwrap();
    // Turn 2: after A's fire misses, B fires (A then cannot win: 0) rather
    // than charge (1/2); so A's fire is worth 1/6, its charge 1/2: A charges.
    // Turn 1: after A's fire misses, B's fire leaves A 5/6 x 1/2 = 5/12,
    // its charge 1/2: B fires. A's fire is worth 1/6 + 5/6 x 5/12 = 37/72,
    // its charge 1/2 = 36/72: A fires first.
    assert!((plan.best - 37.0 / 72.0).abs() < 1e-15, "{}", plan.best);
    let fixed: std::collections::BTreeMap<_, _> = plan.fixed.iter().cloned().collect();
    // Always fire, B answering at its best (fire): 1/6 + 5/6 x 5/6 x 1/6.
    assert!((fixed["always fire"] - 61.0 / 216.0).abs() < 1e-15);
    assert!((fixed["always charge"] - 0.5).abs() < 1e-15);
    assert!((fixed["charge at once, then fire"] - 0.5).abs() < 1e-15);
    let rows: Vec<(u32, &str, &str)> = plan
        .policy
        .iter()
        .map(|r| (r.turn, r.side, r.choice))
        .collect();
    assert_eq!(
        rows,
        [(1, "a", "fire"), (1, "b", "fire"), (2, "a", "charge")]
    );
    assert!((plan.policy[1].reach - 5.0 / 6.0).abs() < 1e-15);
    assert!((plan.policy[2].reach - 25.0 / 36.0).abs() < 1e-15);
    // B's margin: charging would give A 1/2 - 5/12 more.
    assert!((plan.policy[1].gain() - 1.0 / 12.0).abs() < 1e-15);
    // Both sides' policies played by Monte Carlo give the exact value.
    let e = plan.simulate(&Duel, 200_000, 5, 0.999);
    assert!(e.low <= plan.best && plan.best <= e.high, "{e:?}");
}

/// Best play against B at its best, beside best play against B's usual
/// way: never better for A, never below A's fixed policies met by B's best
/// answers, and checked by Monte Carlo.
fn assert_minimax_holds(system: &str, fields: &[(&str, &str)]) {
    let (_, usual) = plan_of(system, fields, None, Opponent::Usual, 0);
    let (_, best) = plan_of(system, fields, None, Opponent::Best, 60_000);
    assert!(
        best.best <= usual.best + 1e-12,
        "{system} {fields:?}: B at its best {} > B's usual way {}",
        best.best,
        usual.best
    );
    for ((name, against_best), (_, against_usual)) in best.fixed.iter().zip(&usual.fixed) {
        assert!(
            best.best >= against_best - 1e-12,
            "{system} {fields:?}: {name}"
        );
        assert!(
            against_best <= &(against_usual + 1e-12),
            "{system} {fields:?}: {name}"
        );
    }
    let (_, e) = best.check.unwrap();
    assert!(
        e.low <= best.best && best.best <= e.high,
        "{system} {fields:?}: {} outside {e:?}",
        best.best
    );
    // B decides somewhere, and both sides' rows add up.
    assert!(best.policy.iter().any(|r| r.side == "b"));
    for side in ["a", "b"] {
        for turn in 1..=best.turn_limit {
            let reach: f64 = best
                .policy
                .iter()
                .filter(|r| r.turn == turn && r.side == side)
                .map(|r| r.reach)
                .sum();
            assert!(reach <= 1.0 + 1e-12);
        }
    }
}

#[test]
fn micro_force_minimax_is_never_better_for_a_than_b_firing_and_monte_carlo_agrees() {
    assert_minimax_holds("micro-force", &[("turns", "3"), ("range", "4")]);
    assert_minimax_holds("micro-force", &[("turns", "2"), ("b_cover", "medium")]);
}

#[test]
fn deadly_field_minimax_is_never_better_for_a_than_b_playing_its_way() {
    // B's usual way reforms (the `reform` field), so B at its best may only
    // gain by charging or by firing where it would reform.
    assert_minimax_holds("deadly-field", &[("turns", "3")]);
    assert_minimax_holds("deadly-field", &[("turns", "2"), ("b_quality", "veteran")]);
}
