//! The firefight with a choice: at the start of each turn A may fire, as
//! the firefight plays it, or charge B. A charge is the charge procedure run
//! from both units as they stand (stands, beads, Disorder, first fire,
//! cover): the charge bonus and reach from `charge_distance` inches (Chart 9,
//! A's formation, open ground; the charge action's bounds and default, 4), B's opportunity fire at the charger in place of its volley,
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
//!
//! Against B at its best (`--opponent best`), B chooses too: posture is
//! marked in turn (the card: players alternate marking), A first, B knowing
//! A's mark. If A charges, B answers with its opportunity fire (a unit in
//! firing posture); if A fires, B may fire too (the turn of fire) or charge
//! A (the charge above with the roles swapped: A's opportunity fire at B,
//! then both rallies). Each turn has two decision points, A's and B's; B
//! takes whatever lowers A's goal.

use super::charge::{Charge, OpportunityFire};
use super::charge_steps::ChargeState;
use super::firefight::{BreaksFirst, Firefight, State};
use super::unit::{Arm, Unit};
use crate::dice::{Dice, OverBudget};
use crate::engine::{Engagement, SharedSteps, Stepped};
use crate::plan::{Decisions, Figures, Opponent};
use crate::tally::Category;
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// The choices, the usual one first.
pub const CHOICES: [&str; 2] = ["fire", "charge"];

/// The firefight's steps that rally A, then B (its last two).
const RALLY_A: u32 = 5;
const RALLY_B: u32 = 6;

/// Where a turn stands: between turns (and within a turn of fire), the
/// firefight's state; within a charge, the state the charge started from and
/// where the charge is (its steps merge like the firefight's); after a
/// charge, between A's rally and B's. Against B at its best, also where B
/// answers A's mark, and within B's charge on A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    Fight(State),
    Charging {
        from: State,
        charge: ChargeState,
    },
    /// A's mark made (to charge or not): B answers.
    Answer {
        from: State,
        a_charges: bool,
    },
    /// B's charge on A.
    BCharging {
        from: State,
        charge: ChargeState,
    },
    /// A charge over and A rallied: B's rally next.
    Rallying(State),
    /// A charge over, the rallies next: the plan's stage between a charge
    /// and A's rally (the steps played one by one never stop here).
    Charged(State),
}

impl Phase {
    /// The firefight's state: as it stands, or as the charge left it.
    fn fight(&self) -> State {
        match *self {
            Phase::Fight(s)
            | Phase::Rallying(s)
            | Phase::Charged(s)
            | Phase::Answer { from: s, .. } => s,
            Phase::Charging {
                from,
                charge: ChargeState::Over(end),
            } => State {
                a: end.attacker,
                b: end.defender,
                ..from
            },
            Phase::BCharging {
                from,
                charge: ChargeState::Over(end),
            } => State {
                a: end.defender,
                b: end.attacker,
                ..from
            },
            Phase::Charging { from, .. } | Phase::BCharging { from, .. } => from,
        }
    }

    /// Where a charge by A (or by B) stands.
    fn charging(from: State, charge: ChargeState, by_b: bool) -> Phase {
        if by_b {
            Phase::BCharging { from, charge }
        } else {
            Phase::Charging { from, charge }
        }
    }
}

/// The turn a decision point's choice plays: a charge (by B when `true`),
/// or a turn of fire.
enum TurnOf {
    Charge(bool),
    Fire,
}

/// A's choices in the firefight (and B's, against B at its best).
pub struct FirefightChoices {
    fight: Firefight,
    /// Inches A charges across (the firefight's `charge_distance`).
    distance: i32,
    opponent: Opponent,
    /// A unit's lone steps (a volley's effects, a rally), found once for
    /// the whole plan, whatever the state or thread that first meets them.
    lone_steps: SharedSteps<lone_unit::LoneUnit>,
    /// Charges solved, by the state they start from (who won the last
    /// initiative taken off: a charge reads none) and the charger (`true`:
    /// B): the routes of each initiative meet the same charges.
    charges: Mutex<FxHashMap<(State, bool), charge_turn::ChargeEnds>>,
}

impl FirefightChoices {
    pub fn new(fight: Firefight, distance: i32, opponent: Opponent) -> Self {
        FirefightChoices {
            fight,
            distance,
            opponent,
            lone_steps: SharedSteps::default(),
            charges: Mutex::new(FxHashMap::default()),
        }
    }

    /// Chart 9's charge allowance for `unit` as it stands (0: it cannot
    /// move).
    fn allowance(&self, unit: &Unit) -> i32 {
        let movement = &self.fight.charts.data.movement;
        let table = if unit.arm == Arm::Cavalry {
            &movement.cavalry
        } else {
            &movement.infantry
        };
        table
            .get(unit.formation_name())
            .and_then(|row| row.first())
            .copied()
            .unwrap_or(0)
    }

    /// May `unit` charge as it stands?
    fn can_charge(&self, unit: &Unit) -> bool {
        !unit.routed && self.allowance(unit) > 0 && unit.arm != Arm::Artillery
    }

    /// The charge of A on B from `s` (of B on A when `by_b`), the
    /// defender's opportunity fire at the charger in place of its volley.
    fn charge(&self, s: &State, by_b: bool) -> Charge {
        let (attacker, defender, situation) = if by_b {
            (s.b, s.a, self.fight.a_fire)
        } else {
            (s.a, s.b, self.fight.b_fire)
        };
        let fires = !defender.eliminated()
            && (!defender.routed || self.fight.charts.data.options.mf_routed_can_fire());
        Charge {
            charts: self.fight.charts.clone(),
            attacker,
            defender,
            distance: self.distance,
            allowance: self.allowance(&attacker),
            mods: (0, 0),
            flank_or_rear: false,
            defender_woods: false,
            defender_higher: false,
            opportunity_fire: fires.then_some(OpportunityFire { situation }),
        }
    }

    /// Step `step` of a charge turn by A (by B when `by_b`) from `from`,
    /// the charge at `charge`: the charge's steps, then A's rally from the
    /// units as the charge left them (B's follows from [`Phase::Rallying`]).
    fn charge_step<D: Dice>(
        &self,
        from: State,
        charge: ChargeState,
        by_b: bool,
        step: u32,
        dice: &mut D,
    ) -> Phase {
        let procedure = self.charge(&from, by_b);
        let here = Phase::charging(from, charge, by_b);
        if step < procedure.steps() {
            if procedure.finished(&charge).is_some() {
                return here;
            }
            let charge = procedure.play_step(&charge, step, dice);
            return Phase::charging(from, charge, by_b);
        }
        Phase::Rallying(self.fight.play_step(&here.fight(), RALLY_A, dice))
    }

    /// The turn `choice` plays from decision point `s` (`None`: A's mark
    /// against B at its best, a step without dice).
    fn turn_of(&self, s: &Phase, choice: &str) -> Option<TurnOf> {
        let best = self.opponent == Opponent::Best;
        match (*s, choice) {
            (Phase::Fight(_), _) if best => None,
            (Phase::Fight(_), "charge")
            | (
                Phase::Answer {
                    a_charges: true, ..
                },
                _,
            ) => Some(TurnOf::Charge(false)),
            (Phase::Answer { .. }, "charge") => Some(TurnOf::Charge(true)),
            (Phase::Fight(_) | Phase::Answer { .. }, _) => Some(TurnOf::Fire),
            _ => None,
        }
    }

    /// Steps of a charge turn: the charge's, then the two rallies.
    fn charge_turn_steps(&self) -> u32 {
        self.charge(&self.fight.start(), false).steps() + 2
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

    fn points_per_turn(&self) -> u32 {
        self.opponent.points_per_turn()
    }

    fn chooser(&self, s: &Phase) -> &'static str {
        if matches!(s, Phase::Answer { .. }) {
            "b"
        } else {
            "a"
        }
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

    /// B's choices, less `charge` for guns (they never charge).
    fn opponent_choices(&self) -> Vec<&'static str> {
        match self.opponent {
            Opponent::Usual => Vec::new(),
            Opponent::Best if self.fight.b.arm == Arm::Artillery => vec!["fire"],
            Opponent::Best => CHOICES.to_vec(),
        }
    }

    /// A's choices, or B's answer: its opportunity fire at A's charge, or
    /// (when A fires) fire or charge.
    fn choices(&self, s: &Phase) -> Vec<&'static str> {
        let f = s.fight();
        let can_charge = match s {
            Phase::Answer {
                a_charges: true, ..
            } => false,
            Phase::Answer { .. } => self.can_charge(&f.b),
            _ => self.can_charge(&f.a),
        };
        if can_charge {
            CHOICES.to_vec()
        } else {
            vec!["fire"]
        }
    }

    /// Fire: the firefight's seven steps. Charge: the charge's steps, then
    /// A's rally and B's (the firefight's last two steps). Against B at its
    /// best, A's mark is one step without dice, and B's answer plays the
    /// turn: A's charge, B's, or the turn of fire.
    fn steps(&self, from: &Phase, choice: &str) -> u32 {
        match (from, choice) {
            (Phase::Fight(_), _) if self.opponent == Opponent::Best => 1,
            (
                Phase::Answer {
                    a_charges: true, ..
                },
                _,
            )
            | (_, "charge") => self.charge_turn_steps(),
            _ => self.fight.steps(),
        }
    }

    fn play_step<D: Dice>(&self, s: &Phase, choice: &str, step: u32, dice: &mut D) -> Phase {
        let best = self.opponent == Opponent::Best;
        match *s {
            Phase::Fight(from) if step == 0 && best => Phase::Answer {
                from,
                a_charges: choice == "charge",
            },
            Phase::Fight(from) if step == 0 && choice == "charge" => {
                self.charge_step(from, ChargeState::Declared, false, step, dice)
            }
            Phase::Answer {
                from,
                a_charges: true,
            } => self.charge_step(from, ChargeState::Declared, false, step, dice),
            Phase::Answer { from, .. } if choice == "charge" => {
                self.charge_step(from, ChargeState::Declared, true, step, dice)
            }
            Phase::Charging { from, charge } => self.charge_step(from, charge, false, step, dice),
            Phase::BCharging { from, charge } => self.charge_step(from, charge, true, step, dice),
            Phase::Rallying(f) => Phase::Fight(self.fight.play_step(&f, RALLY_B, dice)),
            // A turn of fire (from B's answer, at its first step).
            _ => Phase::Fight(self.fight.play_step(&s.fight(), step, dice)),
        }
    }

    /// A turn of fire in the firefight's seven steps; a charge turn in
    /// three: the whole charge, A's rally, B's.
    fn stages(&self, from: &Phase, choice: &str) -> u32 {
        match self.turn_of(from, choice) {
            Some(TurnOf::Charge(_)) => charge_turn::CHARGE_STAGES,
            Some(TurnOf::Fire) => self.fight.steps(),
            None => self.steps(from, choice),
        }
    }

    /// A charge turn reads no initiative: who won the last one is carried
    /// through it (label 0: nobody yet; 1: A; 2: B).
    fn carried(&self, from: &Phase, choice: &str) -> Option<(Phase, u32)> {
        let Some(TurnOf::Charge(_)) = self.turn_of(from, choice) else {
            return None;
        };
        let label = match from.fight().last_winner_a {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        };
        let strip = |s: State| State {
            last_winner_a: None,
            ..s
        };
        let stripped = match *from {
            Phase::Fight(s) => Phase::Fight(strip(s)),
            Phase::Answer { from, a_charges } => Phase::Answer {
                from: strip(from),
                a_charges,
            },
            _ => return None,
        };
        Some((stripped, label))
    }

    fn restored(&self, state: Phase, label: u32) -> Phase {
        match state {
            Phase::Fight(s) => Phase::Fight(State {
                last_winner_a: [None, Some(true), Some(false)][label as usize % 3],
                ..s
            }),
            _ => state,
        }
    }

    fn stage(
        &self,
        s: &Phase,
        choice: &str,
        stage: u32,
        budget: u64,
    ) -> Option<Result<crate::plan::Turn<Phase>, OverBudget>> {
        Some(match (*s, stage) {
            // A charge turn's rallies, A's then B's.
            (Phase::Charged(now), _) => self.fight_stage(now, RALLY_A, Phase::Rallying, budget),
            (Phase::Rallying(now), _) => self.fight_stage(now, RALLY_B, Phase::Fight, budget),
            (Phase::Fight(now), 1..) => self.fight_stage(now, stage, Phase::Fight, budget),
            (_, 0) => match self.turn_of(s, choice)? {
                TurnOf::Charge(by_b) => self.charge_ends(&s.fight(), by_b, budget),
                TurnOf::Fire => self.fight_stage(s.fight(), 0, Phase::Fight, budget),
            },
            _ => return None,
        })
    }

    fn figures(&self, s: &Phase) -> Figures {
        let s = s.fight();
        let breaks_first = BreaksFirst::LABELS[Firefight::breaks_first(&s) as usize];
        let [a_lost, b_lost] = self.fight.steps_lost(&s).map(f64::from);
        Figures {
            outcomes: vec![("breaks_first", breaks_first.to_string())],
            numbers: vec![("a_steps_lost", a_lost), ("b_steps_lost", b_lost)],
        }
    }

    fn describe(&self, phase: &Phase) -> Vec<(&'static str, i64)> {
        let s = phase.fight();
        let [a_lost, b_lost] = self.fight.steps_lost(&s).map(i64::from);
        let mut axes = vec![
            ("a_steps_lost", a_lost),
            ("b_steps_lost", b_lost),
            ("a_shaken", i64::from(s.a.shaken)),
            ("b_shaken", i64::from(s.b.shaken)),
            ("a_disordered", i64::from(s.a.disordered())),
            ("b_disordered", i64::from(s.b.disordered())),
            ("a_first_fire", i64::from(!s.a.first_fire_used)),
            ("b_first_fire", i64::from(!s.b.first_fire_used)),
            // The commanders: wounds taken, and competence (a replacement
            // of competence 0 takes over from one killed).
            ("a_commander_wounds", i64::from(s.a.wounds)),
            ("b_commander_wounds", i64::from(s.b.wounds)),
            ("a_competence", i64::from(s.a.competence)),
            ("b_competence", i64::from(s.b.competence)),
            // Who won the last initiative (the card's tie rule reads it).
            ("a_had_initiative", s.last_winner_a.map_or(-1, i64::from)),
        ];
        if self.opponent == Opponent::Best {
            // Where B answers: has A marked a charge?
            let a_charges = matches!(
                phase,
                Phase::Answer {
                    a_charges: true,
                    ..
                }
            );
            axes.push(("a_charging", i64::from(a_charges)));
        }
        axes
    }

    fn state_words(&self, phase: &Phase) -> String {
        state_words::of(self, phase)
    }

    fn axis_words(&self, axis: &str) -> Option<crate::plan::AxisWords> {
        state_words::axis(axis)
    }
}

mod charge_turn;
mod lone_unit;
mod state_words;

#[cfg(test)]
mod tests;
