//! The movement phase's attacks, on the GHQ core's
//! procedures with Micro Armour's numbers: the overrun (the defender's cohesion
//! at +3 against tracked vehicles, +2 more against an IFV carrying troops, so +5
//! for a tracked one; failures attacked at +6, failed attackers at +2) and the
//! close assault (-3; engineers or Type S infantry -3 more; mounted cavalry -3
//! against unarmored defenders; -1 for the closed range; defender first). Both
//! are made on the ground: the card gives neither a way to reach a helicopter,
//! so the class fields do not offer one.

use super::charts::{Attacker, Charts};
use super::fields;
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::close_assault::CloseAssault;
use crate::systems::ghq::fields::MarkerGroup;
use crate::systems::ghq::overrun::Overrun;
use crate::systems::ghq::{CohesionTest, Column, GhqCard, column_or_automatic};
use std::sync::Arc;

/// Does `-S-` suppress for an attacker of this tech level (ordinary attacks on
/// a ground stand)?
fn dash_s(charts: &Charts, tech_level: u32, target_class: &str) -> bool {
    charts.dash_s_suppresses(Attacker::Ordinary { tech_level }, target_class)
}

crate::action_fields! {
    /// The fields of `micro-armour overrun`.
    pub struct OverrunFields(charts: &Charts) {
        attackers: u32 = FieldSpec::int(1, 12, 1, "overrunning stands"),
        attacker_type: String = FieldSpec::choice(
            &["tracked", "wheeled"],
            "tracked",
            "the overrunning vehicles' running gear (tracked: +3 to the defender's rolls)",
        ),
        carrying_troops: bool = FieldSpec::flag(
            "the overrunning vehicles are IFVs carrying troops (+2 to the defender's rolls, on top of tracked +3)",
        ),
        attacker_tech_level: u32 = fields::tech_level(4, "the overrunning stands' tech level (-S-)"),
        defender_tech_level: u32 = fields::tech_level(4, "the defender's tech level (-S-)"),
        attacker_cohesion: i32 = fields::cohesion(charts, "attacking force's cohesion"),
        defender_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion"),
        defender_terrain: Vec<String> = fields::terrain(charts, "the defender's terrain"),
        defender_class: String = fields::ground_class("the defender's class for terrain (a helicopter cannot be overrun)"),
        attacker_terrain: Vec<String> = fields::terrain(charts, "the attackers' terrain"),
    }
    groups {
        attacker: MarkerGroup = MarkerGroup { prefix: "attacker", this_turn: false },
        defender: MarkerGroup = MarkerGroup { prefix: "defender", this_turn: false },
    }
}

/// `micro-armour overrun`.
pub struct OverrunAction;

impl ChartAction for OverrunAction {
    type Fields = OverrunFields;

    const ABOUT: &'static About = &About {
        name: "overrun",
        summary: "vehicles overrun one stand: the defender attacked at +6 per failed roll, failed attackers at +2",
        headline: Some(("defender_after", "E")),
        ..About::DEFAULT
    };

    fn build(&self, f: OverrunFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let table = &charts.data.overrun;
        // The card's two lines are separate facts and both apply.
        let tracked = if f.attacker_type == "tracked" {
            table.tracked
        } else {
            0
        };
        let troops = if f.carrying_troops {
            table.ifv_carrying_troops
        } else {
            0
        };
        let vehicle = tracked + troops;
        let penalties = charts.marker_penalties();
        let naturals = charts.naturals();
        let personnel = f.defender_class == "personnel";
        let column = |k: i32| (k.clamp(-3, 9) + 3) as usize;
        Ok(Box::new(ProcedureModel::new(Overrun {
            attackers: f.attackers,
            defender_test: CohesionTest {
                cohesion: f.defender_cohesion,
                modifier: vehicle + penalties.of(&f.defender),
                naturals,
            },
            attacker_test: CohesionTest {
                cohesion: f.attacker_cohesion,
                modifier: penalties.of(&f.attacker),
                naturals,
            },
            defender: f.defender,
            attacker: f.attacker,
            defender_drm: charts
                .terrain_drms(&f.defender_terrain, personnel, false, false, false)
                .1,
            attacker_drm: charts
                .terrain_drms(&f.attacker_terrain, false, false, false, false)
                .1,
            defender_column: column(table.defender_failure_column),
            attacker_column: column(table.attacker_failure_column),
            defender_dash_s: dash_s(charts, f.attacker_tech_level, &f.defender_class),
            // The overrunning stands are vehicles on the ground.
            attacker_dash_s: dash_s(charts, f.defender_tech_level, "armored"),
            charts: charts.clone(),
        })))
    }
}

crate::action_fields! {
    /// The fields of `micro-armour close-assault`.
    pub struct CloseAssaultFields(charts: &Charts) {
        assaulters: u32 = FieldSpec::int(1, 12, 1, "assaulting stands"),
        assaulter_firepower: i64 = fields::strength(6, "the assaulters' firepower against the defender's class"),
        assaulter_defense: i64 = fields::strength(4, "the assaulters' defense"),
        defender_firepower: i64 = fields::strength(6, "the defender's firepower against the assaulters' class"),
        defender_defense: i64 = fields::strength(4, "the defender's defense"),
        assaulter_tech_level: u32 = fields::tech_level(4, "the assaulters' tech level (-S-)"),
        defender_tech_level: u32 = fields::tech_level(4, "the defender's tech level (-S-)"),
        assaulter_cohesion: i32 = fields::cohesion(charts, "assaulting force's cohesion"),
        defender_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion"),
        defender_terrain: Vec<String> = fields::terrain(charts, "the defender's terrain"),
        assaulter_terrain: Vec<String> = fields::terrain(charts, "the assaulters' terrain"),
        defender_class: String = fields::ground_class("the defender's class (a helicopter cannot be close-assaulted)"),
        assaulter_class: String = fields::ground_class("the assaulters' class for terrain"),
        engineers: bool = FieldSpec::flag("the assaulters are engineers or Type S infantry (-3 more)"),
        mounted_cavalry: bool = FieldSpec::flag(
            "the assaulters are mounted cavalry (-3 more against a defender that is not armored)",
        ),
        defender_moving: bool = FieldSpec::flag("the defender is in movement posture (it does not attack)"),
    }
    groups {
        attacker: MarkerGroup = MarkerGroup { prefix: "attacker", this_turn: false },
        defender: MarkerGroup = MarkerGroup { prefix: "defender", this_turn: false },
    }
}

/// `micro-armour close-assault`.
pub struct CloseAssaultAction;

/// The column of an ordinary attack: `None` below -3 (not allowed), an automatic
/// E above +9.
fn allowed(firepower: i64, defense: i64) -> Option<Column> {
    let differential = (firepower - defense).clamp(-100, 100) as i32;
    column_or_automatic(differential, false)
}

impl ChartAction for CloseAssaultAction {
    type Fields = CloseAssaultFields;

    const ABOUT: &'static About = &About {
        name: "close-assault",
        summary: "stands close-assault one defender: it attacks first at -3, each assaulter at -3 and the closed range",
        headline: Some(("defender_after", "E")),
        ..About::DEFAULT
    };

    fn build(
        &self,
        f: CloseAssaultFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let ca = &charts.data.close_assault;
        let mut assault_drm = ca.drm + ca.closed_range;
        if f.engineers {
            assault_drm += ca.engineer_or_type_s;
        }
        if f.mounted_cavalry && f.defender_class != "armored" {
            assault_drm += ca.cavalry_vs_unarmored;
        }
        let personnel = |class: &str| class == "personnel";
        let defender_terrain = charts
            .terrain_drms(
                &f.defender_terrain,
                personnel(&f.defender_class),
                false,
                false,
                false,
            )
            .1;
        let assaulter_terrain = charts
            .terrain_drms(
                &f.assaulter_terrain,
                personnel(&f.assaulter_class),
                false,
                false,
                false,
            )
            .1;
        let defender_column = if f.defender_moving {
            None
        } else {
            allowed(f.defender_firepower, f.assaulter_defense)
        };
        Ok(Box::new(ProcedureModel::new(CloseAssault {
            assaulters: f.assaulters,
            assaulter: f.attacker,
            defender: f.defender,
            assaulter_cohesion: f.assaulter_cohesion,
            defender_cohesion: f.defender_cohesion,
            defender_column,
            defender_drm: defender_terrain + assault_drm,
            assaulter_column: allowed(f.assaulter_firepower, f.defender_defense),
            assaulter_drm: assaulter_terrain + ca.drm,
            simultaneous: false,
            assaulter_dash_s: dash_s(charts, f.assaulter_tech_level, &f.defender_class),
            defender_dash_s: dash_s(charts, f.defender_tech_level, &f.assaulter_class),
            charts: charts.clone(),
        })))
    }
}
