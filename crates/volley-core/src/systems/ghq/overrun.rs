//! Overrun: the defender rolls cohesion once per
//! overrunning stand and suffers an attack on a fixed column for each failure;
//! each attacker rolls cohesion and suffers an attack on another fixed column if
//! it fails. All rolls before any result; each attack is 2D6 plus the victim's
//! terrain, no range. Each card sets the columns and modifiers.

use super::attack::{CrtAttack, attack_side};
use super::card::GhqCard;
use super::cohesion::CohesionTest;
use super::crt::Column;
use super::roll_points::{OVERRUN_ATTACK, OVERRUN_COHESION, side_shown};
use super::stand::{Effect, Stand, StandState};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
use crate::tally::{Mean, Outcome};
use std::sync::Arc;

/// An overrun by a group of identical vehicles on one stand.
#[derive(Clone, Debug)]
pub struct Overrun<C> {
    pub charts: Arc<C>,
    pub attackers: u32,
    pub defender_test: CohesionTest,
    pub attacker_test: CohesionTest,
    pub defender: Stand,
    pub attacker: Stand,
    pub defender_drm: i32,
    pub attacker_drm: i32,
    pub defender_column: usize,
    pub attacker_column: usize,
    /// `-S-` is S in the attacks on the defender (by the overrunning stands).
    pub defender_dash_s: bool,
    /// `-S-` is S in the attacks on failed attackers (by the defender).
    pub attacker_dash_s: bool,
}

/// Defender state, attacks suffered by each side, attackers eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverrunOutcome {
    pub defender_after: StandState,
    pub defender_attacks: u32,
    pub attacker_attacks: u32,
    pub attackers_eliminated: u32,
}

/// Where [`Overrun`] records.
pub struct OverrunRecord {
    defender_after: Outcome<StandState>,
    attackers_eliminated: Outcome<u32>,
    defender_attacks: Mean,
    attacker_attacks: Mean,
    mean_attackers_eliminated: Mean,
}

impl<C: GhqCard> Overrun<C> {
    /// How many of `side`'s rolls with `test` fail, one per overrunning
    /// stand.
    fn failures<D: Dice>(&self, dice: &mut D, side: &'static str, test: &CohesionTest) -> u32 {
        let stand = match side {
            "defender" => &self.defender,
            _ => &self.attacker,
        };
        (0..self.attackers)
            .filter(|_| {
                !test.rolled_at(self.charts.rolls(), &OVERRUN_COHESION, dice, || {
                    side_shown(side, stand, self.attackers)
                })
            })
            .count() as u32
    }
}

impl<C: GhqCard + Send + Sync> Procedure for Overrun<C> {
    type Outcome = OverrunOutcome;
    type Record = OverrunRecord;

    fn declare(&self, schema: &mut Schema) -> OverrunRecord {
        let attackers = f64::from(self.attackers);
        OverrunRecord {
            defender_after: schema.outcome("defender_after"),
            attackers_eliminated: schema.count("attackers_eliminated", self.attackers),
            defender_attacks: schema.mean_within("defender_attacks", 0.0, attackers),
            attacker_attacks: schema.mean_within("attacker_attacks", 0.0, attackers),
            mean_attackers_eliminated: schema.mean("attackers_eliminated"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> OverrunOutcome {
        let defender_failures = self.failures(dice, "defender", &self.defender_test);
        let attacker_failures = self.failures(dice, "attacker", &self.attacker_test);
        let mut defender = self.defender;
        let on_defender = CrtAttack {
            column: Column::Index(self.defender_column),
            drm: self.defender_drm,
            dash_s_suppresses: self.defender_dash_s,
        };
        let (card, point) = (&*self.charts, &OVERRUN_ATTACK);
        for _ in 0..defender_failures {
            let side = ("defender", self.attackers);
            attack_side(dice, card, point, side, on_defender, &mut defender);
        }
        let on_attacker = CrtAttack {
            column: Column::Index(self.attacker_column),
            drm: self.attacker_drm,
            dash_s_suppresses: self.attacker_dash_s,
        };
        let mut eliminated = 0;
        for _ in 0..attacker_failures {
            let mut attacker = self.attacker;
            let side = ("attacker", self.attackers);
            let effect = attack_side(dice, card, point, side, on_attacker, &mut attacker);
            eliminated += u32::from(effect == Effect::Eliminated);
        }
        OverrunOutcome {
            defender_after: defender.state(),
            defender_attacks: defender_failures,
            attacker_attacks: attacker_failures,
            attackers_eliminated: eliminated,
        }
    }

    fn record(&self, rec: &OverrunRecord, o: &OverrunOutcome, tally: &mut Tally, w: f64) {
        tally.count(rec.defender_after, o.defender_after, w);
        tally.count(rec.attackers_eliminated, o.attackers_eliminated, w);
        tally.add(rec.defender_attacks, f64::from(o.defender_attacks), w);
        tally.add(rec.attacker_attacks, f64::from(o.attacker_attacks), w);
        tally.add(
            rec.mean_attackers_eliminated,
            f64::from(o.attackers_eliminated),
            w,
        );
    }
}
