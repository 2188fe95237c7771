//! Close assault: a defender not in movement posture
//! rolls cohesion and, if it passes, attacks one assaulting stand; each
//! assaulting stand rolls cohesion and, if it passes, attacks the defender. Each
//! card sets the modifiers and the order (defender first, or simultaneous).

use super::attack::{CrtAttack, attack_side};
use super::card::GhqCard;
use super::cohesion::CohesionTest;
use super::crt::Column;
use super::roll_points::{ASSAULT_ATTACK, ASSAULT_COHESION, side_shown};
use super::stand::{Stand, StandState};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
use crate::tally::{Mean, Outcome};
use std::sync::Arc;

/// A close assault by a group of identical stands on one defender.
#[derive(Clone, Debug)]
pub struct CloseAssault<C> {
    pub charts: Arc<C>,
    pub assaulters: u32,
    pub assaulter: Stand,
    pub defender: Stand,
    pub assaulter_cohesion: i32,
    pub defender_cohesion: i32,
    /// `None` when the defender is in movement posture or may not attack (< -3).
    pub defender_column: Option<Column>,
    /// CRT modifier of the assaulters' attacks on the defender.
    pub defender_drm: i32,
    /// `None` when the assaulters' differential is below -3 (no attack allowed).
    pub assaulter_column: Option<Column>,
    /// CRT modifier of the defender's attack on an assaulter.
    pub assaulter_drm: i32,
    pub simultaneous: bool,
    /// `-S-` is S in the assaulters' attacks.
    pub assaulter_dash_s: bool,
    /// `-S-` is S in the defender's attack.
    pub defender_dash_s: bool,
}

/// Defender's and the first assaulter's state, assaulters eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssaultOutcome {
    pub defender_after: StandState,
    pub first_assaulter_after: StandState,
    pub assaulting_attacks: u32,
}

impl<C: GhqCard> CloseAssault<C> {
    fn test(&self, stand: &Stand, cohesion: i32) -> CohesionTest {
        self.charts.cohesion_test(cohesion, stand, 0)
    }

    /// `side`'s cohesion roll for `stand`, at the assault's roll point.
    fn passes<D: Dice>(&self, dice: &mut D, side: &'static str, stand: &Stand) -> bool {
        let cohesion = match side {
            "defender" => self.defender_cohesion,
            _ => self.assaulter_cohesion,
        };
        self.test(stand, cohesion)
            .rolled_at(self.charts.rolls(), &ASSAULT_COHESION, dice, || {
                side_shown(side, stand, self.assaulters)
            })
    }
}

/// Where [`CloseAssault`] records.
pub struct AssaultRecord {
    defender_after: Outcome<StandState>,
    first_assaulter_after: Outcome<StandState>,
    assaulting_attacks: Mean,
}

impl<C: GhqCard + Send + Sync> Procedure for CloseAssault<C> {
    type Outcome = AssaultOutcome;
    type Record = AssaultRecord;

    fn declare(&self, schema: &mut Schema) -> AssaultRecord {
        AssaultRecord {
            defender_after: schema.outcome("defender_after"),
            first_assaulter_after: schema.outcome("first_assaulter_after"),
            assaulting_attacks: schema.mean_within(
                "assaulting_attacks",
                0.0,
                f64::from(self.assaulters),
            ),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> AssaultOutcome {
        let card = &*self.charts;
        let mut defender = self.defender;
        let mut first = self.assaulter;
        let first_before = first;
        if let Some(column) = self.defender_column
            && self.passes(dice, "defender", &defender)
        {
            let attack = CrtAttack {
                column,
                drm: self.assaulter_drm,
                dash_s_suppresses: self.defender_dash_s,
            };
            let side = ("assaulter", self.assaulters);
            attack_side(dice, card, &ASSAULT_ATTACK, side, attack, &mut first);
        }
        let mut attacks = 0;
        for i in 0..self.assaulters {
            let stand = if i == 0 {
                // Simultaneous: every roll is made before any result, so the
                // first assaulter attacks as it stood, even if the defender's
                // attack eliminates it.
                if self.simultaneous {
                    first_before
                } else if first.eliminated {
                    continue;
                } else {
                    first
                }
            } else {
                self.assaulter
            };
            if self.passes(dice, "assaulter", &stand)
                && let Some(column) = self.assaulter_column
            {
                attacks += 1;
                let attack = CrtAttack {
                    column,
                    drm: self.defender_drm,
                    dash_s_suppresses: self.assaulter_dash_s,
                };
                let side = ("defender", self.assaulters);
                attack_side(dice, card, &ASSAULT_ATTACK, side, attack, &mut defender);
            }
        }
        AssaultOutcome {
            defender_after: defender.state(),
            first_assaulter_after: first.state(),
            assaulting_attacks: attacks,
        }
    }

    fn record(&self, rec: &AssaultRecord, o: &AssaultOutcome, tally: &mut Tally, w: f64) {
        tally.count(rec.defender_after, o.defender_after, w);
        tally.count(rec.first_assaulter_after, o.first_assaulter_after, w);
        tally.add(rec.assaulting_attacks, f64::from(o.assaulting_attacks), w);
    }
}
