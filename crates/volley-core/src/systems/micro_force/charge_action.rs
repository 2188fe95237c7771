//! `micro-force charge`: its fields, the checks on them, and the charge they
//! build (see [`super::charge`]).

use super::charge::*;
use super::charts::{Charts, TieRounds};
use super::fields::{self, UnitGroup};
use super::fire::Situation;
use super::unit::Arm;
use crate::action::{About, ChartAction, FieldSpec, notes_of};
use crate::engine::{Model, SteppedModel};
use crate::error::InputError;
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-force charge`.
    pub struct ChargeFields(charts: &Charts) {
        distance: i32 = FieldSpec::int(1, 40, 4, "inches between charger and target"),
        terrain: String = FieldSpec::choice(
            &["open", "road", "rough"],
            "open",
            "the ground crossed (Chart 9 column)",
        ),
        flank_or_rear: bool = FieldSpec::flag("the charge hits the defender's flank or rear (+2)"),
        defender_woods: bool = FieldSpec::flag(
            "the defender is in woods or rough terrain (+1 to the defender)",
        ),
        defender_higher: bool = FieldSpec::flag(
            "the defender is at a higher elevation (+1 to the defender)",
        ),
        attacker_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the attacker's highest melee die",
        ),
        defender_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the defender's highest melee die",
        ),
        defender_fires: bool = FieldSpec::flag_on(
            "the defender makes opportunity fire at the charger as it comes on (false: it cannot, e.g. it has fired this turn)",
        ),
        defender_first_fire: bool = FieldSpec::flag(
            "the defender's opportunity fire is its first fire of the game (+2 stands)",
        ),
        attacker_officer: bool = FieldSpec::flag_on(
            "an officer is with the charger (checked for casualties under fire)",
        ),
        fire_die_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "an extra modifier to the 2D6 of the defender's opportunity fire",
        ),
        defender_av_per_stand: f64 = fields::av_per_stand(
            "the defender's attack value per stand at the charge's closing range (Charts 3 & 4)",
        ),
        defender_weapon: String = fields::weapon(charts),
        range: f64 = fields::range(),
    }
    groups {
        attacker: UnitGroup<'static> = UnitGroup {
            charts,
            role: "attacker",
            arm: "infantry",
            formation: "attack_column",
            stands: 4,
        },
        defender: UnitGroup<'static> = UnitGroup {
            charts,
            role: "defender",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

/// `micro-force charge`.
pub struct ChargeAction;

impl ChargeAction {
    pub fn procedure(f: ChargeFields, charts: Arc<Charts>) -> Result<Charge, InputError> {
        let (attacker, mut defender) = (f.attacker, f.defender);
        if attacker.arm == Arm::Artillery {
            return Err(InputError::argument(
                "attacker_arm",
                "artillery does not charge; use infantry or cavalry",
            ));
        }
        if attacker.routed {
            return Err(InputError::argument(
                "attacker_routed",
                "a routed unit may not charge (it must move away from the enemy)",
            ));
        }
        let movement = &charts.data.movement;
        let table = if attacker.arm == Arm::Cavalry {
            &movement.cavalry
        } else {
            &movement.infantry
        };
        let column = match f.terrain.as_str() {
            "road" => 1,
            "rough" => 2,
            _ => 0,
        };
        let allowance = table
            .get(attacker.formation_name())
            .and_then(|r| r.get(column))
            .copied()
            .unwrap_or(0);
        if allowance == 0 {
            return Err(InputError::argument(
                "terrain",
                format!(
                    "{} in {} cannot move on {} (Chart 9: n/a)",
                    attacker.arm.name(),
                    attacker.formation_name(),
                    f.terrain
                ),
            ));
        }
        // A routed defender, or one told not to, holds its fire.
        let defender_can_fire = !defender.routed || charts.data.options.mf_routed_can_fire();
        let opportunity_fire = if f.defender_fires && defender_can_fire {
            defender.first_fire_used = !f.defender_first_fire;
            Some(OpportunityFire {
                situation: Situation {
                    av_per_stand: fields::attack_value_per_stand(
                        &charts,
                        f.defender_av_per_stand,
                        &f.defender_weapon,
                        f.range,
                    )?,
                    rear: false,
                    enfilade: false,
                    die_mod: f.fire_die_mod,
                    target_officer: f.attacker_officer,
                },
            })
        } else {
            None
        };
        Ok(Charge {
            distance: f.distance,
            allowance,
            mods: (f.attacker_mod, f.defender_mod),
            flank_or_rear: f.flank_or_rear,
            defender_woods: f.defender_woods,
            defender_higher: f.defender_higher,
            opportunity_fire,
            attacker,
            defender,
            charts: charts.clone(),
        })
    }
}

impl ChartAction for ChargeAction {
    type Fields = ChargeFields;

    const ABOUT: &'static About = &About {
        name: "charge",
        summary: "how likely is this charge to work: bonus, reach, opportunity fire, falter, skedaddle, melee",
        headline: Some(("works", "yes")),
        ..About::DEFAULT
    };

    fn field_specs(&self, charts: &Charts) -> Vec<FieldSpec> {
        let mut specs = ChargeFields::specs(charts);
        for spec in specs.iter_mut().filter(|s| s.name == "attacker_cover") {
            spec.help = "the charger's cover against the defender's opportunity fire (Chart 5)";
        }
        specs
    }

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        let mut notes = notes_of("charge", &CHARGE_MEANINGS);
        notes.extend([
            (
                "works",
                "yes",
                "charge is defender-skedaddles, attacker-wins-melee or attacker-wins-melee-decisively",
            ),
            (
                "works_given_contact",
                "yes",
                "P(works) among the charges that ended in melee (contact)",
            ),
            ("melee_difference", "no-melee", "the units never met in melee"),
            ("routed", "both", "both units end the charge routed"),
        ]);
        notes
    }

    fn answer_notes(&self, charts: &Charts) -> Vec<String> {
        let mut notes = vec![
            "works = defender-skedaddles + attacker-wins-melee + attacker-wins-melee-decisively"
                .to_string(),
        ];
        let immediate = charts.data.options.mf_tie_rounds() == TieRounds::Immediate;
        notes.push(if immediate {
            format!(
                "a tie is fought again at once (mf_tie_rounds = immediate), up to {MAX_ROUNDS} rounds; `tie` is what is left open after them"
            )
        } else {
            "a tie leaves the melee open: the units stay in contact and melee again in next turn's melee phase (mf_tie_rounds = immediate fights it out now)".to_string()
        });
        notes
    }

    fn build(&self, f: ChargeFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(SteppedModel::new(Self::procedure(
            f,
            charts.clone(),
        )?)))
    }
}
