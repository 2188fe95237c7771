//! The firefight with a choice: at the start of each turn A may fire, as
//! the firefight plays it, or charge B. A charge is the charge procedure run
//! from both units as they stand (stands, beads, Disorder, first fire,
//! cover): the charge bonus and reach from `range` (Chart 9, A's formation,
//! open ground), B's opportunity fire at the charger in place of its volley,
//! both cohesion checks, the melee; then each unit's rally, as after a turn
//! of fire. The units come out of it as the charge left them (losses,
//! Shaken, Routed, Disordered), and the firefight goes on from there, or ends
//! if one is routed or destroyed.
//!
//! Readings this takes, where the card leaves the sequence open:
//! - A decides before the turn's initiative roll; a charge turn rolls none
//!   (the charger moves, the defender answers with its opportunity fire).
//! - A charge that does not rout or destroy a side leaves both units at the
//!   firefight's range: a fall-back, a Skedaddle or an open melee (a tie) is
//!   not followed on the table, only its losses, beads and Disorder.
//! - A unit in Disorder stays in it (the firefight has no reform step), so a
//!   second charge is open only if Chart 9 gives Disordered infantry a move.

use super::charge::{Charge, OpportunityFire};
use super::charge_steps::ChargeState;
use super::firefight::{BreaksFirst, Firefight, State};
use crate::dice::Dice;
use crate::engine::{Engagement, Stepped};
use crate::plan::{Decisions, Figures};
use crate::tally::Category;

/// The choices, the usual one first.
pub const CHOICES: [&str; 2] = ["fire", "charge"];

/// Where a turn stands: between turns (and within a turn of fire), the
/// firefight's state; within a charge, the state the charge started from and
/// where the charge is (its steps merge like the firefight's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    Fight(State),
    Charging { from: State, charge: ChargeState },
}

impl Phase {
    /// The firefight's state: as it stands, or as the charge left it.
    fn fight(&self) -> State {
        match *self {
            Phase::Fight(s) => s,
            Phase::Charging { from, charge } => match charge {
                ChargeState::Over(outcome) => State {
                    a: outcome.attacker,
                    b: outcome.defender,
                    ..from
                },
                _ => from,
            },
        }
    }
}

/// A's choices in the firefight.
pub struct FirefightChoices {
    pub fight: Firefight,
    /// Inches between the units (the firefight's range, rounded up).
    pub distance: i32,
}

impl FirefightChoices {
    /// Chart 9's charge allowance for A as it stands (0: it cannot move).
    fn allowance(&self, s: &State) -> i32 {
        let movement = &self.fight.charts.data.movement;
        let table = if s.a.arm == super::unit::Arm::Cavalry {
            &movement.cavalry
        } else {
            &movement.infantry
        };
        table
            .get(s.a.formation_name())
            .and_then(|row| row.first())
            .copied()
            .unwrap_or(0)
    }

    /// The charge of A on B from `s`.
    fn charge(&self, s: &State) -> Charge {
        let b_fires = !s.b.eliminated()
            && (!s.b.routed || self.fight.charts.data.options.mf_routed_can_fire());
        Charge {
            charts: self.fight.charts.clone(),
            attacker: s.a,
            defender: s.b,
            distance: self.distance,
            allowance: self.allowance(s),
            mods: (0, 0),
            flank_or_rear: false,
            defender_woods: false,
            defender_higher: false,
            opportunity_fire: b_fires.then_some(OpportunityFire {
                situation: self.fight.b_fire,
            }),
        }
    }
}

impl Decisions for FirefightChoices {
    type State = Phase;

    fn start(&self) -> Phase {
        Phase::Fight(self.fight.start())
    }

    fn turn_limit(&self) -> u32 {
        self.fight.turns
    }

    fn is_over(&self, s: &Phase) -> bool {
        matches!(s, Phase::Fight(f) if self.fight.is_over(f))
    }

    fn decider(&self) -> &'static str {
        "a"
    }

    fn all_choices(&self) -> Vec<&'static str> {
        CHOICES.to_vec()
    }

    fn choices(&self, s: &Phase) -> Vec<&'static str> {
        let f = s.fight();
        let can_charge =
            !f.a.routed && self.allowance(&f) > 0 && f.a.arm != super::unit::Arm::Artillery;
        if can_charge {
            CHOICES.to_vec()
        } else {
            vec!["fire"]
        }
    }

    /// Fire: the firefight's seven steps. Charge: the charge's steps, then
    /// A's rally and B's (the firefight's last two steps).
    fn steps(&self, choice: &str) -> u32 {
        if choice == "charge" {
            self.charge(&self.fight.start()).steps() + 2
        } else {
            self.fight.steps()
        }
    }

    fn play_step<D: Dice>(&self, s: &Phase, choice: &str, step: u32, dice: &mut D) -> Phase {
        if choice != "charge" {
            return Phase::Fight(self.fight.play_step(&s.fight(), step, dice));
        }
        let (from, charge) = match *s {
            Phase::Fight(from) => (from, ChargeState::Declared),
            Phase::Charging { from, charge } => (from, charge),
        };
        let procedure = self.charge(&from);
        let charge_steps = procedure.steps();
        if step < charge_steps {
            if procedure.finished(&charge).is_some() {
                return *s;
            }
            let charge = procedure.play_step(&charge, step, dice);
            return Phase::Charging { from, charge };
        }
        // The firefight's rally steps, from the units as the charge left them.
        let rally = if step == charge_steps { 5 } else { 6 };
        Phase::Fight(self.fight.play_step(&s.fight(), rally, dice))
    }

    fn figures(&self, s: &Phase) -> Figures {
        let s = s.fight();
        let breaks_first = BreaksFirst::LABELS[Firefight::breaks_first(&s) as usize];
        Figures {
            outcomes: vec![("breaks_first", breaks_first.to_string())],
            numbers: vec![
                (
                    "a_steps_lost",
                    f64::from(s.a.steps_lost - self.fight.a.steps_lost),
                ),
                (
                    "b_steps_lost",
                    f64::from(s.b.steps_lost - self.fight.b.steps_lost),
                ),
            ],
        }
    }

    fn describe(&self, s: &Phase) -> Vec<(&'static str, i64)> {
        let s = s.fight();
        vec![
            (
                "a_steps_lost",
                i64::from(s.a.steps_lost - self.fight.a.steps_lost),
            ),
            (
                "b_steps_lost",
                i64::from(s.b.steps_lost - self.fight.b.steps_lost),
            ),
            ("a_shaken", i64::from(s.a.shaken)),
            ("b_shaken", i64::from(s.b.shaken)),
            ("a_disordered", i64::from(s.a.disordered())),
            ("b_disordered", i64::from(s.b.disordered())),
            ("a_first_fire", i64::from(!s.a.first_fire_used)),
            ("b_first_fire", i64::from(!s.b.first_fire_used)),
            // Who won the last initiative (the card's tie rule reads it).
            ("a_had_initiative", s.last_winner_a.map_or(-1, i64::from)),
        ]
    }
}
