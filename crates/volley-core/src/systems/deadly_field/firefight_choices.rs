//! The firefight with a choice: when A is Disordered at the start of its
//! active phase it may spend its first action reforming to Good Order
//! (automatic) or fire with it. The `reform` field then says only what B
//! does; A's choice is the plan's.
//!
//! A charge from the firefight is not offered yet: the charge procedure
//! starts from its own approach (distance, terrain, the defender's reaction
//! band), which the firefight's range band does not settle.

use super::firefight::{BreaksFirst, Firefight, State};
use crate::dice::Dice;
use crate::engine::Engagement;
use crate::plan::{Decisions, Figures};
use crate::tally::Category;

/// The choices, the usual one first.
pub const CHOICES: [&str; 2] = ["fire", "reform"];

/// A's choices in the firefight.
pub struct FirefightChoices {
    pub fight: Firefight,
}

impl Decisions for FirefightChoices {
    type State = State;

    fn start(&self) -> State {
        self.fight.start()
    }

    fn turn_limit(&self) -> u32 {
        self.fight.turns
    }

    fn is_over(&self, s: &State) -> bool {
        self.fight.is_over(s)
    }

    fn decider(&self) -> &'static str {
        "a"
    }

    fn all_choices(&self) -> Vec<&'static str> {
        CHOICES.to_vec()
    }

    /// Reforming is a choice only for a Disordered A.
    fn choices(&self, s: &State) -> Vec<&'static str> {
        if s.a.level == 1 {
            CHOICES.to_vec()
        } else {
            vec!["fire"]
        }
    }

    fn steps(&self, _choice: &str) -> u32 {
        self.fight.steps()
    }

    fn play_step<D: Dice>(&self, s: &State, choice: &str, step: u32, dice: &mut D) -> State {
        self.fight.step_with(s, step, dice, choice == "reform")
    }

    fn figures(&self, s: &State) -> Figures {
        let breaks_first = BreaksFirst::LABELS[Firefight::breaks_first(s) as usize];
        Figures {
            outcomes: vec![("breaks_first", breaks_first.to_string())],
            numbers: vec![
                ("a_figures_lost", Firefight::lost(&self.fight.a, &s.a)),
                ("b_figures_lost", Firefight::lost(&self.fight.b, &s.b)),
            ],
        }
    }

    fn describe(&self, s: &State) -> Vec<(&'static str, i64)> {
        vec![
            (
                "a_figures_lost",
                Firefight::lost(&self.fight.a, &s.a) as i64,
            ),
            (
                "b_figures_lost",
                Firefight::lost(&self.fight.b, &s.b) as i64,
            ),
            // Morale levels: 0 Good Order, 1 Disorder, 2 Shaken.
            ("a_level", s.a.level as i64),
            ("b_level", s.b.level as i64),
            ("a_opening_volley", i64::from(!s.a.opening_volley_used)),
            ("b_opening_volley", i64::from(!s.b.opening_volley_used)),
        ]
    }
}
