//! Overrun: the defender rolls cohesion once per
//! overrunning stand and suffers an attack on a fixed column for each failure;
//! each attacker rolls cohesion and suffers an attack on another fixed column if
//! it fails. All rolls before any result; each attack is 2D6 plus the victim's
//! terrain, no range. Each card sets the columns and modifiers.

use super::attack::{Column, attack_by};
use super::card::GhqCard;
use super::cohesion::CohesionTest;
use super::stand::{Effect, STATE_LABELS, Stand};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
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

/// Defender state index, attacks suffered by each side, attackers eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverrunOutcome {
    pub defender_after: usize,
    pub defender_attacks: u32,
    pub attacker_attacks: u32,
    pub attackers_eliminated: u32,
}

impl<C: GhqCard + Send + Sync> Procedure for Overrun<C> {
    type Outcome = OverrunOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("defender_after", STATE_LABELS)
            .count("attackers_eliminated", self.attackers)
            .mean_within("defender_attacks", 0.0, f64::from(self.attackers))
            .mean_within("attacker_attacks", 0.0, f64::from(self.attackers))
            .mean("attackers_eliminated")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> OverrunOutcome {
        let defender_failures = (0..self.attackers)
            .filter(|_| !self.defender_test.roll(dice))
            .count() as u32;
        let attacker_failures = (0..self.attackers)
            .filter(|_| !self.attacker_test.roll(dice))
            .count() as u32;
        let mut defender = self.defender;
        for _ in 0..defender_failures {
            attack_by(
                dice,
                &*self.charts,
                Column::Index(self.defender_column),
                self.defender_drm,
                self.defender_dash_s,
                &mut defender,
            );
        }
        let mut eliminated = 0;
        for _ in 0..attacker_failures {
            let mut attacker = self.attacker;
            let effect = attack_by(
                dice,
                &*self.charts,
                Column::Index(self.attacker_column),
                self.attacker_drm,
                self.attacker_dash_s,
                &mut attacker,
            );
            eliminated += u32::from(effect == Effect::Eliminated);
        }
        OverrunOutcome {
            defender_after: defender.state_index(),
            defender_attacks: defender_failures,
            attacker_attacks: attacker_failures,
            attackers_eliminated: eliminated,
        }
    }

    fn record(&self, o: &OverrunOutcome, tally: &mut Tally, w: f64) {
        tally.count(0, o.defender_after, w);
        tally.count(1, o.attackers_eliminated as usize, w);
        tally.add(0, f64::from(o.defender_attacks), w);
        tally.add(1, f64::from(o.attacker_attacks), w);
        tally.add(2, f64::from(o.attackers_eliminated), w);
    }
}
