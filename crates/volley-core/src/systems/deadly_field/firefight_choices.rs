//! The firefight with choices: at the start of its active phase A may fire,
//! as the firefight plays it; reform, when it is Disordered, spending its
//! first action returning to Good Order (automatic); or charge B. The
//! `reform` field then says only what B does; A's choice is the plan's.
//!
//! A charge is the charge procedure run from both regiments as they stand
//! (figures, morale level, opening volley): A advances `charge_distance`
//! inches over `charge_terrain`, B answers with its reaction fire at the
//! firefight's band (when the firefight has reactions), then the pre-impact
//! check, impact, melee or stop-short volleys and aftermath. The charge is
//! A's whole active phase; B's active phase follows as the firefight plays
//! it, from the regiments as the charge left them.
//!
//! Readings this takes, where the card leaves the sequence open:
//! - A charge that neither breaks a regiment nor ends the fight leaves both
//!   at the firefight's band: a fall-back or a repulse is not followed on
//!   the table, only its losses and morale levels.
//! - The charge starts from `charge_distance` inches, a field of its own:
//!   the card gives the normal range of each weapon (3 inches for
//!   rifle-muskets, the default) but no band's inches to derive it from.

use super::charge::Charge;
use super::charge_action::charge_of;
use super::charge_steps::ChargeState;
use super::firefight::{BreaksFirst, Firefight, State};
use crate::dice::{Dice, Enumerator, OverBudget};
use crate::engine::{Engagement, SharedSteps, Stepped, exact_ends_shared};
use crate::plan::{Decisions, Figures, Turn};
use crate::tally::Category;
use rustc_hash::FxHashMap;

/// The choices, the usual one first.
pub const CHOICES: [&str; 3] = ["fire", "reform", "charge"];

/// The firefight's steps of B's active phase (action, A's reaction, action).
const B_PHASE: std::ops::Range<u32> = 3..STEPS;

/// The firefight's steps in a turn.
const STEPS: u32 = 6;

/// Where a turn stands: between turns (and within a turn of fire), the
/// firefight's state; within a charge, the state it started from and where
/// the charge is.
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
                ChargeState::Over(end) => State {
                    a: end.attacker,
                    b: end.defender,
                },
                _ => from,
            },
        }
    }
}

/// A's choices in the firefight.
pub struct FirefightChoices {
    fight: Firefight,
    /// A's charge from the start, checked once (`None`: A cannot charge, an
    /// arm or a formation that may not, or ground it may not cross).
    charge: Option<Charge>,
    /// The charge's steps after the advance, shared by the charges from
    /// every state: only the advance reads how the regiments stood.
    charge_steps: SharedSteps<ChargeState>,
    /// The firefight's steps, shared by the turns from every state (fire
    /// turns, and B's active phase after a charge): turns from different
    /// states meet the same states within them.
    fight_steps: SharedSteps<State>,
}

impl FirefightChoices {
    pub fn new(fight: Firefight, distance: u32, terrain: &str) -> Self {
        let reaction = if fight.reactions {
            fight.situation.band
        } else {
            "none"
        };
        let charge = charge_of(
            &fight.charts,
            fight.a.clone(),
            fight.b.clone(),
            distance,
            terrain,
            reaction,
            "none",
        )
        .ok();
        FirefightChoices {
            fight,
            charge,
            charge_steps: SharedSteps::default(),
            fight_steps: SharedSteps::default(),
        }
    }

    /// The charge of A on B from `s`.
    fn charge_from(&self, s: &State) -> Option<Charge> {
        let mut charge = self.charge.clone()?;
        charge.attacker.now = s.a;
        charge.defender.now = s.b;
        Some(charge)
    }

    /// A charge turn from `from`, exactly: the charge's ends (the procedure
    /// built once for its whole dice tree), each mapped back into the
    /// firefight, then B's active phase, as [`Decisions::play_step`] plays it.
    fn charge_turn(&self, from: &State, budget: u64) -> Result<Turn<Phase>, OverBudget> {
        let procedure = self
            .charge_from(from)
            .expect("charge is open only where it is built");
        let now: Vec<(State, f64)> = exact_ends_shared(&procedure, &self.charge_steps, budget)?
            .into_iter()
            .map(|(end, p)| {
                let s = State {
                    a: end.attacker,
                    b: end.defender,
                };
                (s, p)
            })
            .collect();
        self.fight_steps_from(now, B_PHASE, false, budget)
    }

    /// The firefight's `steps` from the distribution `now`, as
    /// [`Decisions::play_step`] plays them (a state whose fight is over
    /// stays), A reforming at step 0 when `reforms`; every step but a reform
    /// shared with the other turns.
    fn fight_steps_from(
        &self,
        mut now: Vec<(State, f64)>,
        steps: std::ops::Range<u32>,
        reforms: bool,
        budget: u64,
    ) -> Result<Turn<Phase>, OverBudget> {
        let mut enumerator = Enumerator::new(budget);
        for step in steps {
            let mut next: FxHashMap<State, f64> = FxHashMap::default();
            for (s, w) in now.drain(..) {
                if self.fight.is_over(&s) {
                    *next.entry(s).or_insert(0.0) += w;
                } else if step == 0 && reforms {
                    enumerator.explore(
                        |dice| self.fight.step_with(&s, step, dice, true),
                        |after, p| *next.entry(after).or_insert(0.0) += p * w,
                    )?;
                } else {
                    let moves = self
                        .fight_steps
                        .moves(step, &s, &mut enumerator, |s, dice| {
                            self.fight.step_with(s, step, dice, false)
                        })?;
                    for (after, p) in moves.iter() {
                        *next.entry(*after).or_insert(0.0) += p * w;
                    }
                }
            }
            now.extend(next);
        }
        let mut kernel: Vec<(Phase, f64)> =
            now.into_iter().map(|(s, p)| (Phase::Fight(s), p)).collect();
        kernel.sort_by_key(|a| a.0);
        Ok(kernel)
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

    /// Every choice, less `charge` where A cannot charge at all.
    fn all_choices(&self) -> Vec<&'static str> {
        CHOICES
            .into_iter()
            .filter(|c| *c != "charge" || self.charge.is_some())
            .collect()
    }

    /// Reforming is a choice only for a Disordered A.
    fn choices(&self, s: &Phase) -> Vec<&'static str> {
        let f = s.fight();
        self.all_choices()
            .into_iter()
            .filter(|c| *c != "reform" || f.a.level == 1)
            .collect()
    }

    /// Fire and reform: the firefight's six steps. Charge: the charge's
    /// steps, then B's active phase.
    fn steps(&self, choice: &str) -> u32 {
        match (&self.charge, choice) {
            (Some(charge), "charge") => charge.steps() + B_PHASE.len() as u32,
            _ => self.fight.steps(),
        }
    }

    fn play_step<D: Dice>(&self, s: &Phase, choice: &str, step: u32, dice: &mut D) -> Phase {
        if choice != "charge" {
            let reforms = choice == "reform";
            return Phase::Fight(self.fight.step_with(&s.fight(), step, dice, reforms));
        }
        let (from, charge) = match *s {
            Phase::Fight(from) => (from, ChargeState::Declared),
            Phase::Charging { from, charge } => (from, charge),
        };
        let template = self
            .charge
            .as_ref()
            .expect("charge is open only where it is built");
        let charge_steps = template.steps();
        if step < charge_steps {
            // Only the advance reads how the regiments stood (as the shared
            // steps hold): later steps play the template without a copy.
            let from_here;
            let procedure = if charge == ChargeState::Declared {
                from_here = self.charge_from(&from).expect("the template is built");
                &from_here
            } else {
                template
            };
            if procedure.finished(&charge).is_some() {
                return *s;
            }
            let charge = procedure.play_step(&charge, step, dice);
            return Phase::Charging { from, charge };
        }
        let b_step = B_PHASE.start + (step - charge_steps);
        Phase::Fight(self.fight.step_with(&s.fight(), b_step, dice, false))
    }

    fn whole_turn(
        &self,
        s: &Phase,
        choice: &str,
        budget: u64,
    ) -> Option<Result<Turn<Phase>, OverBudget>> {
        let Phase::Fight(from) = s else {
            return None;
        };
        Some(match choice {
            "charge" => self.charge_turn(from, budget),
            _ => self.fight_steps_from(vec![(*from, 1.0)], 0..STEPS, choice == "reform", budget),
        })
    }

    fn figures(&self, s: &Phase) -> Figures {
        let s = s.fight();
        let breaks_first = BreaksFirst::LABELS[Firefight::breaks_first(&s) as usize];
        Figures {
            outcomes: vec![("breaks_first", breaks_first.to_string())],
            numbers: vec![
                ("a_figures_lost", Firefight::lost(&self.fight.a, &s.a)),
                ("b_figures_lost", Firefight::lost(&self.fight.b, &s.b)),
            ],
        }
    }

    fn describe(&self, s: &Phase) -> Vec<(&'static str, i64)> {
        let s = s.fight();
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

#[cfg(test)]
mod tests {
    use super::super::firefight::{FirefightAction, FirefightFields};
    use super::*;
    use crate::action::ActionFields;
    use crate::plan::tests::assert_whole_turns_are_stepwise;

    fn game(fields: &[(&str, &str)]) -> FirefightChoices {
        let raw: Vec<_> = fields
            .iter()
            .map(|(k, v)| {
                (
                    k.to_string(),
                    v.to_string(),
                    crate::systems::Origin::command_line(),
                )
            })
            .collect();
        let question =
            crate::question::Question::new("deadly-field", "firefight", &[], &raw).unwrap();
        let charts = super::super::charts_of(question.book()).unwrap();
        let f = FirefightFields::read_fields(&charts, question.scenario()).unwrap();
        let (distance, terrain) = (f.charge_distance, f.charge_terrain.clone());
        FirefightChoices::new(
            FirefightAction::firefight(f, &charts).unwrap(),
            distance,
            &terrain,
        )
    }

    #[test]
    fn whole_turns_of_fire_reform_and_charge_are_the_turns_played_step_by_step() {
        assert_whole_turns_are_stepwise(&game(&[]), 2, 40);
        // A Green regiment that disorders often, charging over broken ground.
        let green = game(&[("a_quality", "green"), ("charge_terrain", "broken")]);
        assert!(green.all_choices().contains(&"charge"));
        assert_whole_turns_are_stepwise(&green, 2, 40);
    }

    #[test]
    fn a_regiment_that_may_not_charge_is_not_offered_the_charge() {
        // Artillery does not charge.
        let guns = game(&[
            ("a_type", "artillery"),
            ("a_formation", "unlimbered"),
            ("a_figures", "2"),
            ("a_original_figures", "2"),
        ]);
        assert_eq!(guns.all_choices(), ["fire", "reform"]);
    }
}
