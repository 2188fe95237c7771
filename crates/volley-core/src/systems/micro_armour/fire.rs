//! Standard fire: the firer's cohesion roll (markers capped at
//! +7, target terrain unless concealing terrain is waived, smoke), AP against
//! armor and HE otherwise, the defense by facing (armor) and halved for moving
//! personnel, differential above +9 is E without a roll and below -3 no attack,
//! 2D6 plus terrain and the range DRM of the firer's tech level (none for ATGMs),
//! and `-S-` read by the attacker and the target (see
//! [`Charts::dash_s_suppresses`]).

use super::charts::{Attacker, Charts, MovingDefense};
use super::fields;
use super::roll_points::{CRT_ROLL, FIRER_COHESION};
use crate::action::{About, ChartAction, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::systems::ghq::differential;
use crate::systems::ghq::fields::MarkerGroup;
use crate::systems::ghq::roll_points::fire_shown;
use crate::systems::ghq::{
    CohesionTest, Column, CrtAttack, FireRecord, FireResult, GhqCard, Stand, StandState,
    attack_read, column_or_automatic,
};
use std::sync::Arc;

/// One combat event.
#[derive(Clone, Debug)]
pub struct Fire {
    pub charts: Arc<Charts>,
    pub firer: CohesionTest,
    /// The CRT column, or an automatic E above +9.
    pub column: Column,
    pub crt_drm: i32,
    /// `-S-` is S for this attacker.
    pub dash_s_suppresses: bool,
    pub target: Stand,
    /// What its roll points show a house rule's condition.
    pub shown: Vec<Value>,
}

impl Procedure for Fire {
    type Outcome = (FireResult, StandState);
    type Record = FireRecord;

    fn declare(&self, schema: &mut Schema) -> FireRecord {
        FireRecord::declare(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (FireResult, StandState) {
        let rolls = &self.charts.rolls;
        let fires = self
            .firer
            .rolled_at(rolls, &FIRER_COHESION, dice, || self.shown.clone());
        if !fires {
            return (FireResult::NoFire, self.target.state());
        }
        rolls.roll(
            &CRT_ROLL,
            dice,
            || self.shown.clone(),
            |dice, adjust| {
                let mut target = self.target;
                let attack = CrtAttack {
                    column: self.column,
                    drm: self.crt_drm + adjust.modifier,
                    dash_s_suppresses: self.dash_s_suppresses,
                };
                let effect = attack_read(dice, &*self.charts, attack, &mut target, adjust);
                let result = FireResult::from(effect);
                (
                    (result, target.state()),
                    Verdict::failed_if(result == FireResult::None),
                )
            },
        )
    }

    fn record(&self, rec: &FireRecord, o: &(FireResult, StandState), tally: &mut Tally, w: f64) {
        rec.record(tally, o.0, o.1, w);
    }
}

crate::action_fields! {
    /// The fields of `micro-armour fire`.
    pub struct FireFields(charts: &Charts) {
        firepower: i64 = fields::strength(
            6,
            "the firer's HE firepower (against personnel, unarmored vehicles and helicopters)",
        ),
        ap_firepower: i64 = fields::strength(
            0,
            "the firer's AP firepower (against armored vehicles); 0: it has no AP weapon",
        ),
        defense: i64 = fields::strength(4, "the target's defense (an armored target's front value)"),
        flank_defense: i64 = fields::strength(2, "an armored target's flank defense (facing = flank)"),
        cohesion: i32 = fields::cohesion(charts, "the firing force's cohesion"),
        tech_level: u32 = fields::tech_level(4, "the firer's tech level (range DRM, -S-)"),
        range: i64 = FieldSpec::int(1, 400, 12, "range in inches (rounded up)"),
        terrain: Vec<String> = fields::terrain(
            charts,
            "the target's terrain (cumulative features joined by +)",
        ),
        target: String = fields::target_class("the target's defense class"),
        facing: String = FieldSpec::choice(
            &["none", "front", "flank"],
            "none",
            "an armored target's side facing the firer (none: front)",
        ),
        target_moving: bool = FieldSpec::flag(
            "the target is in movement posture (personnel defend at half; soft sand -1)",
        ),
        through_crest: bool = FieldSpec::flag(
            "fire comes through the ridgecrest or from below the hilltop",
        ),
        target_fired: bool = FieldSpec::flag(
            "the target has fired this turn (concealing terrain loses its cohesion penalty)",
        ),
        smoke: bool = FieldSpec::flag("firing into or out of smoke (+3)"),
        atgm: bool = FieldSpec::flag("the firer is an ATGM (no range DRM)"),
        support: bool = FieldSpec::flag(
            "the firer is a support stand, artillery or an infantry close support artillery vehicle (-S- is S)",
        ),
        die_mod: i32 = fields::die_mod("an extra modifier to the CRT roll"),
    }
    groups {
        firer: MarkerGroup = MarkerGroup { prefix: "firer", this_turn: false },
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: false },
    }
}

/// `micro-armour fire`.
pub struct FireAction;

impl FireAction {
    pub fn procedure(f: FireFields, charts: Arc<Charts>) -> Result<Fire, InputError> {
        let armored = f.target == "armored";
        if f.facing != "none" && !armored {
            return Err(InputError::argument(
                "facing",
                format!(
                    "facing applies to armored targets; a {} target has one defense value",
                    f.target
                ),
            ));
        }
        let firepower = if armored {
            if f.ap_firepower == 0 {
                return Err(InputError::argument(
                    "ap_firepower",
                    "an armored target is attacked with AP firepower, and this firer has none; give ap_firepower",
                ));
            }
            f.ap_firepower
        } else {
            f.firepower
        };
        let personnel = f.target == "personnel";
        let mut defense = if armored && f.facing == "flank" {
            f.flank_defense
        } else {
            f.defense
        };
        if personnel
            && f.target_moving
            && charts.data.options.ma_moving_personnel_defense() == MovingDefense::Half
        {
            defense = charts.halve(defense);
        }
        let differential = (firepower - defense).clamp(-100, 100) as i32;
        let Some(column) = column_or_automatic(differential, false) else {
            return Err(InputError::argument(
                if armored { "ap_firepower" } else { "firepower" },
                format!(
                    "the differential is {differential}: ordinary fire below -3 is not allowed (only artillery and air strikes attack below -3, with result S)"
                ),
            ));
        };
        let (terrain_cohesion, terrain_crt) = charts.terrain_drms(
            &f.terrain,
            personnel,
            f.target_moving,
            f.through_crest,
            f.target_fired,
        );
        let in_smoke = f.smoke && !f.terrain.iter().any(|t| t == "smoke");
        let smoke = if in_smoke {
            charts.data.terrain.get("smoke").map_or(0, |t| t.personnel)
        } else {
            0
        };
        let range = if f.atgm {
            0
        } else {
            charts.range_drm(f.tech_level, f.range)
        };
        let atgm_mod = if f.atgm {
            charts.atgm_cohesion_mod(f.tech_level)
        } else {
            0
        };
        let firer = charts.cohesion_test(f.cohesion, &f.firer, terrain_cohesion + smoke + atgm_mod);
        let attacker = if f.support {
            Attacker::Support
        } else {
            Attacker::Ordinary {
                tech_level: f.tech_level,
            }
        };
        let dash_s_suppresses = charts.dash_s_suppresses(attacker, &f.target);
        Ok(Fire {
            firer,
            column,
            crt_drm: terrain_crt + smoke + range + f.die_mod,
            dash_s_suppresses,
            target: f.target_stand,
            shown: fire_shown(
                &f.firer,
                &f.target_stand,
                &[
                    Value::Word(fields::class_named(&f.target)),
                    Value::Number(f.range),
                    Value::Number(i64::from(f.tech_level)),
                    Value::Flag(f.atgm),
                    Value::Flag(f.smoke || f.terrain.iter().any(|t| t == "smoke")),
                ],
            ),
            charts: charts.clone(),
        })
    }
}

impl ChartAction for FireAction {
    type Fields = FireFields;

    const ABOUT: &'static About = &differential::crt_about(
        "fire",
        "standard fire: a firing stand's cohesion roll and CRT attack, by tech level, facing and range",
        differential_against_defense_used,
    );

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        let mut notes = vec![
            ("result", "no-fire", "the firer failed its cohesion roll"),
            (
                "result",
                "none",
                "no effect (including a -S- that is no effect for this attacker)",
            ),
            (
                "result",
                "E",
                "eliminated (a differential above +9 is E without a roll)",
            ),
        ];
        // The card's S and D, as the GHQ cards share them.
        notes.extend(crate::systems::ghq::results::result_notes(&["S", "D"]));
        notes
    }

    fn build(&self, f: FireFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(Self::procedure(
            f,
            charts.clone(),
        )?)))
    }
}

/// The differential against the defense actually used: AP against an
/// armored target (its flank value when facing flank), HE otherwise.
fn differential_against_defense_used(
    value: &str,
    scenario: &Scenario,
) -> Result<Vec<(&'static str, String)>, String> {
    let armored = scenario.text("target") == "armored";
    let defense = if armored && scenario.text("facing") == "flank" {
        scenario.int("flank_defense")
    } else {
        scenario.int("defense")
    };
    let field = if armored { "ap_firepower" } else { "firepower" };
    differential::firepower_against(value, field, defense)
}
