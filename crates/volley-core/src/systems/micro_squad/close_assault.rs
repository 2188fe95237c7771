//! Close assault. A defender not in movement posture rolls
//! cohesion and, if it passes, attacks one assaulting stand at -3. Each assaulting
//! stand rolls cohesion and, if it passes, attacks the defender at -3 (engineers -6).
//! Mounted cavalry double their strength against unarmored stands. No range
//! modifiers; terrain applies. A defender left Disorganized must withdraw 1".

use super::charts::{Charts, CloseAssaultOrder, EngineerDrm};
use super::fields::{self, AttackStandsFields};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::close_assault::CloseAssault;
use std::sync::Arc;

/// `micro-squad close-assault`.
pub struct CloseAssaultAction;

crate::action_fields! {
    /// The fields of `micro-squad close-assault`.
    pub struct CloseAssaultFields(charts: &Charts) {
        assaulters: u32 = FieldSpec::int(1, 12, 1, "assaulting stands"),
        assaulter_firepower: i64 = fields::strength(6, "assaulters' firepower against the defender's class"),
        assaulter_defense: i64 = fields::strength(4, "assaulters' defense strength"),
        defender_firepower: i64 = fields::strength(6, "defender's firepower against the assaulters' class"),
        defender_defense: i64 = fields::strength(4, "defender's defense strength"),
        assaulter_cohesion: i32 = fields::cohesion(charts, "assaulting force's cohesion"),
        defender_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion"),
        defender_terrain: Vec<String> = fields::terrain(charts, "defender's terrain"),
        assaulter_terrain: Vec<String> = fields::terrain(charts, "assaulters' terrain"),
        defender_class: String = fields::target_class("defender's class for terrain"),
        assaulter_class: String = fields::target_class("assaulters' class for terrain"),
        engineers: bool = FieldSpec::flag("the assaulters are engineers (-6)"),
        mounted_cavalry: bool = FieldSpec::flag(
            "the assaulters are mounted cavalry (strength doubled against unarmored)",
        ),
        defender_armored: bool = FieldSpec::flag("the defender is armored (no cavalry doubling)"),
        defender_moving: bool = FieldSpec::flag("the defender is in movement posture (it does not fire)"),
    }
    groups {
        stands: AttackStandsFields = AttackStandsFields { attacker: "attacker", attacked: "defender" },
    }
}

impl ChartAction for CloseAssaultAction {
    type Fields = CloseAssaultFields;

    const ABOUT: &'static About = &About {
        name: "close-assault",
        summary: "stands close-assault one defender: defender fires first at -3, each assaulter attacks at -3",
        headline: Some(("defender_after", "E")),
        ..About::DEFAULT
    };

    fn build(
        &self,
        f: CloseAssaultFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let rules_ca = &charts.data.close_assault;
        let options = &charts.data.options;
        let assault_drm = if f.engineers {
            match options.ms_engineer_drm() {
                EngineerDrm::Total => rules_ca.engineer_drm,
                EngineerDrm::Additional => rules_ca.engineer_drm + rules_ca.drm,
            }
        } else {
            rules_ca.drm
        };
        let doubled = f.mounted_cavalry && !f.defender_armored;
        let firepower = f.assaulter_firepower
            * if doubled {
                i64::from(rules_ca.cavalry_strength_multiplier)
            } else {
                1
            };
        // The CRT modifier of a stand's terrain, for its class.
        let terrain_crt = |terrain: &[String], class: &str| {
            let conditions = &f.stands.conditions;
            charts
                .terrain_drms(terrain, class == "personnel", conditions)
                .1
        };
        let defender_terrain = terrain_crt(&f.defender_terrain, &f.defender_class);
        let assaulter_terrain = terrain_crt(&f.assaulter_terrain, &f.assaulter_class);
        // An attack below -3 is not allowed; only that attack is lost, the rest of
        // the close assault goes on.
        let defender_column = if f.defender_moving {
            None
        } else {
            fields::allowed_column(f.defender_firepower, f.assaulter_defense)
        };
        Ok(Box::new(ProcedureModel::new(CloseAssault {
            assaulters: f.assaulters,
            assaulter: f.stands.attacker,
            defender: f.stands.attacked,
            assaulter_cohesion: f.assaulter_cohesion,
            defender_cohesion: f.defender_cohesion,
            defender_column,
            defender_drm: defender_terrain + assault_drm,
            assaulter_column: fields::allowed_column(firepower, f.defender_defense),
            assaulter_drm: assaulter_terrain + rules_ca.drm,
            simultaneous: options.ms_close_assault_order() == CloseAssaultOrder::Simultaneous,
            assaulter_dash_s: false,
            defender_dash_s: false,
            charts: charts.clone(),
        })))
    }
}
