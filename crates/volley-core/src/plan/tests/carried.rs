//! A turn that carries part of its state through untouched: the solver
//! steps it once for every label (one track of stages) and gives each
//! label back at its end; the plan is the one solved without the sharing.

use super::super::chain::chain;
use super::super::*;
use super::Toy3;
use crate::dice::Dice;

/// A duel over three turns whose state holds a label (0 to 2) beside how it
/// stands. Fire wins on a 6 (on a 5 or 6 with label 2) and, on a 1, moves
/// the label on; a charge wins on a 5 or 6, loses on a 1, and neither
/// reads nor changes the label, which it carries through when `shares`.
struct Labelled {
    shares: bool,
}

type Standing = (Toy3, u8);

impl Decisions for Labelled {
    type State = Standing;
    fn start(&self) -> Standing {
        (Toy3::Going, 0)
    }
    fn turn_limit(&self) -> u32 {
        3
    }
    fn is_over(&self, s: &Standing) -> bool {
        s.0 != Toy3::Going
    }
    fn decider(&self) -> &'static str {
        "a"
    }
    fn all_choices(&self) -> Vec<&'static str> {
        vec!["fire", "charge"]
    }
    fn choices(&self, _: &Standing) -> Vec<&'static str> {
        self.all_choices()
    }
    fn steps(&self, _: &Standing, _: &str) -> u32 {
        1
    }
    fn play_step<D: Dice>(&self, s: &Standing, choice: &str, _: u32, dice: &mut D) -> Standing {
        let (roll, label) = (dice.d(6), s.1);
        match choice {
            "fire" if roll == 6 || (roll == 5 && label == 2) => (Toy3::Won, label),
            "fire" if roll == 1 => (Toy3::Going, (label + 1) % 3),
            "fire" => (Toy3::Going, label),
            _ if roll >= 5 => (Toy3::Won, label),
            _ if roll == 1 => (Toy3::Lost, label),
            _ => (Toy3::Going, label),
        }
    }
    fn carried(&self, from: &Standing, choice: &str) -> Option<(Standing, u32)> {
        (self.shares && choice == "charge").then(|| ((from.0, 0), u32::from(from.1)))
    }
    fn restored(&self, state: Standing, label: u32) -> Standing {
        (state.0, label as u8)
    }
    fn figures(&self, s: &Standing) -> Figures {
        let won = if s.0 == Toy3::Won { "yes" } else { "no" };
        Figures {
            outcomes: vec![("won", won.to_string())],
            numbers: vec![],
        }
    }
    fn describe(&self, s: &Standing) -> Vec<(&'static str, i64)> {
        vec![("label", i64::from(s.1))]
    }
}

#[test]
fn a_turn_that_carries_a_label_is_stepped_once_and_solves_as_if_it_did_not() {
    let goal = Goal::parse("P(won=yes)").unwrap();
    let solve_by = |shares| solve(&Labelled { shares }, goal.clone(), 1000, &Watch::default());
    let (shared, whole) = (solve_by(true).unwrap(), solve_by(false).unwrap());
    // The same plan to the last bit: values, fixed policies, every state's
    // choice, reach and values.
    assert_eq!(shared.best.to_bits(), whole.best.to_bits());
    assert_eq!(format!("{:?}", shared.fixed), format!("{:?}", whole.fixed));
    assert_eq!(
        format!("{:?}", shared.policy),
        format!("{:?}", whole.policy)
    );
    // Label 2 makes firing better, so best play's choice reads the label.
    assert!(shared.policy.iter().any(|r| r.choice == "fire"));
    assert!(shared.policy.iter().any(|r| r.choice == "charge"));
    // The charge's stage holds one state for the three labels, and the
    // three routes along it each number their own ends.
    let held = |shares| {
        let chain = chain(&Labelled { shares }, 1000, &Watch::default()).unwrap();
        let charge: Vec<_> = chain
            .routes
            .iter()
            .filter(|r| r.choice == "charge")
            .collect();
        let tracks: std::collections::BTreeSet<_> = charge.iter().map(|r| r.track).collect();
        (
            charge.len(),
            tracks.len(),
            chain.tracks[*tracks.first().unwrap()].levels[0].len(),
        )
    };
    assert_eq!(held(true), (3, 1, 1));
    assert_eq!(held(false), (1, 1, 3));
}
