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
use crate::dice::{Dice, Enumerator, OverBudget};
use crate::engine::{Engagement, Stepped, exact_ends};
use crate::plan::{Decisions, Figures};
use crate::tally::Category;
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// The choices, the usual one first.
pub const CHOICES: [&str; 2] = ["fire", "charge"];

/// The firefight's steps that rally A, then B (its last two).
const RALLY_A: u32 = 5;
const RALLY_B: u32 = 6;

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

/// A charge turn's next states, from a firefight state that won no
/// initiative (see [`FirefightChoices::charge_turn`]).
type ChargeTurn = Arc<Vec<(State, f64)>>;

/// A's choices in the firefight.
pub struct FirefightChoices {
    fight: Firefight,
    /// Inches between the units (the firefight's range, rounded up).
    distance: i32,
    /// Charge turns solved, by the units they start from: a charge reads no
    /// initiative, so the states that differ only in who won the last one
    /// share a turn (half the charge turns of a long fight).
    charge_turns: Mutex<FxHashMap<State, ChargeTurn>>,
}

impl FirefightChoices {
    pub fn new(fight: Firefight, distance: i32) -> Self {
        FirefightChoices {
            fight,
            distance,
            charge_turns: Mutex::new(FxHashMap::default()),
        }
    }

    /// A charge turn from `from`: the turn from the same units with no
    /// initiative won, solved once, and who won the last initiative carried
    /// through (neither the charge nor a rally reads it).
    fn charge_turn(&self, from: &State, budget: u64) -> Result<Vec<(Phase, f64)>, OverBudget> {
        let key = State {
            last_winner_a: None,
            ..*from
        };
        let cached = self.lock_charge_turns().get(&key).cloned();
        let shared = match cached {
            Some(turn) => turn,
            None => {
                let turn = Arc::new(self.solve_charge_turn(&key, budget)?);
                self.lock_charge_turns().insert(key, turn.clone());
                turn
            }
        };
        let mut kernel: Vec<(Phase, f64)> = shared
            .iter()
            .map(|(s, p)| {
                let s = State {
                    last_winner_a: from.last_winner_a,
                    ..*s
                };
                (Phase::Fight(s), *p)
            })
            .collect();
        kernel.sort_by_key(|a| a.0);
        Ok(kernel)
    }

    fn lock_charge_turns(&self) -> std::sync::MutexGuard<'_, FxHashMap<State, ChargeTurn>> {
        // A poisoned lock only means another thread panicked mid-insert of a
        // whole value: the map itself is sound.
        self.charge_turns
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

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

    /// A charge turn from `from`, exactly: the charge's ends (the procedure
    /// built once for its whole dice tree), each mapped back into the
    /// firefight, then A's rally and B's, as [`Decisions::play_step`] plays
    /// them (A's on every end, B's once the fight is not over).
    fn solve_charge_turn(
        &self,
        from: &State,
        budget: u64,
    ) -> Result<Vec<(State, f64)>, OverBudget> {
        let mut now: Vec<(State, f64)> = exact_ends(&self.charge(from), budget)?
            .into_iter()
            .map(|(end, p)| {
                let s = State {
                    a: end.attacker,
                    b: end.defender,
                    ..*from
                };
                (s, p)
            })
            .collect();
        let mut enumerator = Enumerator::new(budget);
        for (rally, when_over) in [(RALLY_A, true), (RALLY_B, false)] {
            let mut next: FxHashMap<State, f64> = FxHashMap::default();
            for (s, w) in now.drain(..) {
                if !when_over && self.fight.is_over(&s) {
                    *next.entry(s).or_insert(0.0) += w;
                    continue;
                }
                enumerator.explore(
                    |dice| self.fight.play_step(&s, rally, dice),
                    |after, p| *next.entry(after).or_insert(0.0) += p * w,
                )?;
            }
            now.extend(next);
        }
        Ok(now)
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
        let rally = if step == charge_steps {
            RALLY_A
        } else {
            RALLY_B
        };
        Phase::Fight(self.fight.play_step(&s.fight(), rally, dice))
    }

    fn whole_turn(
        &self,
        s: &Phase,
        choice: &str,
        budget: u64,
    ) -> Option<Result<crate::plan::Turn<Phase>, OverBudget>> {
        match (s, choice) {
            (Phase::Fight(from), "charge") => Some(self.charge_turn(from, budget)),
            _ => None,
        }
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

#[cfg(test)]
mod tests {
    use super::super::charts::Charts;
    use super::super::fire::Situation;
    use super::super::unit::{Arm, Unit};
    use super::*;
    use crate::action::compile_charts;
    use crate::plan::stepwise_turn;

    fn unit(steps_lost: u32, formation: u8, shaken: bool, first_fire_used: bool) -> Unit {
        Unit {
            arm: Arm::Infantry,
            original_stands: 4,
            steps_lost,
            formation,
            cover: 0,
            shaken,
            routed: false,
            moving: false,
            first_fire_used,
            competence: 0,
            wounds: 0,
        }
    }

    #[test]
    fn a_whole_charge_turn_is_the_turn_played_step_by_step() {
        let book =
            crate::systems::rulebook(crate::systems::find("micro-force").unwrap(), &[]).unwrap();
        let charts: Arc<Charts> = Arc::new(compile_charts(&book).unwrap());
        let fire = Situation {
            av_per_stand: 1.0,
            target_officer: true,
            ..Situation::default()
        };
        let fight = Firefight {
            charts,
            a: unit(0, 0, false, false),
            b: unit(0, 0, false, false),
            a_fire: fire,
            b_fire: fire,
            turns: 3,
        };
        let game = FirefightChoices::new(fight, 3);
        let states = [
            (unit(0, 0, false, false), unit(0, 0, false, false), None),
            (unit(1, 0, false, true), unit(2, 0, true, true), Some(true)),
            (
                unit(2, 4, true, true),
                unit(1, 0, false, false),
                Some(false),
            ),
            // The same units as the last, another initiative: a turn from
            // the cache, relabelled.
            (unit(2, 4, true, true), unit(1, 0, false, false), Some(true)),
        ];
        for (a, b, last_winner_a) in states {
            let s = Phase::Fight(State {
                a,
                b,
                last_winner_a,
                hit: Default::default(),
            });
            let whole = game.whole_turn(&s, "charge", 1_000_000).unwrap().unwrap();
            let stepped = stepwise_turn(&game, &s, "charge", 1_000_000).unwrap();
            assert_eq!(whole.len(), stepped.len(), "{s:?}");
            for ((x, p), (y, q)) in whole.iter().zip(&stepped) {
                assert_eq!(x, y);
                assert!((p - q).abs() < 1e-14, "{s:?}: {p} vs {q}");
            }
            let total: f64 = whole.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
    }
}
