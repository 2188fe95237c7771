//! `micro-squad overrun`: the GHQ overrun with Micro Squad's
//! columns (+5 on the defender, +2 on failed attackers) and vehicle modifiers.

use super::charts::Charts;
use super::fields::{self, AttackStandsFields};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::Stand;
use crate::systems::ghq::overrun::Overrun;
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-squad overrun`.
    pub struct OverrunFields(charts: &Charts) {
        attackers: u32 = FieldSpec::int(1, 12, 1, "overrunning stands"),
        attacker_type: String = FieldSpec::choice(&["tracked", "wheeled"], "tracked", "overrunning vehicles"),
        defender_class: String = FieldSpec::choice(
            &["personnel", "weapons", "vehicle"],
            "personnel",
            "the overrun stand",
        ),
        attacker_cohesion: i32 = fields::cohesion(charts, "attacking force's cohesion"),
        defender_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion"),
        defender_terrain: Vec<String> = fields::terrain(charts, "defender's terrain"),
        attacker_terrain: Vec<String> = fields::terrain(
            charts,
            "attackers' terrain (for the attacks on failed attackers)",
        ),
    }
    groups {
        stands: AttackStandsFields = AttackStandsFields { attacker: "attacker", attacked: "defender" },
    }
}

/// `micro-squad overrun`.
pub struct OverrunAction;

impl ChartAction for OverrunAction {
    type Fields = OverrunFields;

    const ABOUT: &'static About = &About {
        name: "overrun",
        summary: "vehicles overrun one stand: defender attacked at +5 per failed roll, failed attackers at +2",
        headline: Some(("defender_after", "E")),
        ..About::DEFAULT
    };

    fn build(&self, f: OverrunFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let table = &charts.data.overrun;
        let tracked = f.attacker_type == "tracked";
        let class = f.defender_class.as_str();
        let vehicle_drm = match (tracked, class) {
            (true, "personnel") => table.tracked_vs_personnel,
            (true, "weapons") => table.tracked_vs_weapons,
            (false, "weapons") => table.wheeled_vs_weapons,
            _ => 0,
        };
        let own = |stand: &Stand| charts.marker_penalties().of(stand);
        let defender_own = if charts.data.options.ms_overrun_defender_markers() {
            own(&f.stands.attacked)
        } else {
            0
        };
        let naturals = charts.data.options.ms_naturals();
        let column = |k: i32| (k.clamp(-3, 9) + 3) as usize;
        Ok(Box::new(ProcedureModel::new(Overrun {
            attackers: f.attackers,
            defender_test: CohesionTest {
                cohesion: f.defender_cohesion,
                modifier: vehicle_drm + defender_own,
                naturals,
            },
            attacker_test: CohesionTest {
                cohesion: f.attacker_cohesion,
                modifier: own(&f.stands.attacker),
                naturals,
            },
            defender: f.stands.attacked,
            attacker: f.stands.attacker,
            defender_drm: charts
                .terrain_drms(
                    &f.defender_terrain,
                    class == "personnel",
                    &f.stands.conditions,
                )
                .1,
            attacker_drm: charts
                .terrain_drms(&f.attacker_terrain, false, &f.stands.conditions)
                .1,
            defender_column: column(table.defender_failure_column),
            attacker_column: column(table.attacker_failure_column),
            defender_dash_s: false,
            attacker_dash_s: false,
            charts: charts.clone(),
        })))
    }
}
