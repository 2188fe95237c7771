//! Direct artillery and plotted indirect artillery (2.5.4).
//!
//! Both: the firing stand's cohesion roll, then (mortars in direct fire, every
//! indirect mission) a deviation roll, read as a second cohesion roll of the firer
//! without the target-terrain modifier (S9; `ms_deviation_terrain` adds it). A
//! failed deviation moves the impact 1D8 direction and 1D6 inches; the target stays
//! under it when the distance is within `impact_radius`. Then 2D6 plus target
//! terrain (no range) on the CRT; below -3 the result is S. The strike itself
//! is the GHQ one ([`crate::systems::ghq::strike`]); this file gives it the
//! card's roll points, its fields and its two actions.

use super::charts::Charts;
use super::fields::{self, AttackStandsFields, ShotFields};
use super::roll_points::{DEVIATION_ROLL, STRIKE_ATTACK, STRIKE_COHESION};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::rules::RollPoint;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::differential;
use crate::systems::ghq::roll_points::strike_shown;
use crate::systems::ghq::strike::{Drift, DriftDistance, Strike, StrikeRule};
use std::sync::Arc;

/// Micro Squad's strikes roll at its own roll points.
impl StrikeRule for Charts {
    const STRIKE_COHESION: &'static RollPoint = &STRIKE_COHESION;
    const DEVIATION_ROLL: &'static RollPoint = &DEVIATION_ROLL;
    const STRIKE_ATTACK: &'static RollPoint = &STRIKE_ATTACK;
    const KEEPS_DEVIATION: bool = true;
}

crate::action_fields! {
    /// The fields of both artillery actions.
    pub struct ArtilleryFields(charts: &Charts)
    groups {
        shot: ShotFields = ShotFields::new(charts, "artillery"),
    }
    {
        die_mod: i32 = fields::die_mod("extra modifier to the CRT roll"),
        impact_radius: i64 = fields::impact_radius("impact"),
    }
    groups {
        stands: AttackStandsFields = AttackStandsFields { attacker: "firer", attacked: "target" },
    }
}

crate::action_fields! {
    /// The extra field of direct artillery.
    pub struct MortarField(_charts: &Charts) {
        mortar: bool = FieldSpec::flag("the firer is a mortar (rolls for deviation)"),
    }
}

fn build(
    f: ArtilleryFields,
    charts: Arc<Charts>,
    mission: &'static str,
    deviates: bool,
) -> Result<Strike<Charts>, InputError> {
    let (terrain_cohesion, terrain_crt) = f.shot.terrain_drms(&charts, &f.stands.conditions);
    let arrival = charts.cohesion_test(f.shot.cohesion, &f.stands.attacker, terrain_cohesion);
    // The deviation roll is the firer's cohesion roll; the target's terrain counts
    // on it only under ms_deviation_terrain.
    let deviation_check = CohesionTest {
        modifier: if charts.data.options.ms_deviation_terrain() {
            arrival.modifier
        } else {
            arrival.modifier - terrain_cohesion
        },
        ..arrival
    };
    let drift = deviates.then(|| Drift {
        check: deviation_check,
        direction_die: charts.data.deviation.artillery_direction_die,
        distance: DriftDistance::Summed {
            dice: charts.data.deviation.artillery_distance_dice,
        },
        impact_radius: f.impact_radius,
    });
    Ok(Strike {
        arrival,
        drift,
        column: fields::crt_column(f.shot.firepower, f.shot.defense, true, "firepower")?,
        crt_drm: terrain_crt + f.die_mod,
        dash_s_suppresses: false,
        shown: strike_shown(
            mission,
            &f.stands.attacker,
            &f.stands.attacked,
            class_word(&f.shot.target),
        ),
        target: f.stands.attacked,
        charts,
    })
}

/// `micro-squad direct-artillery`.
pub struct DirectArtilleryAction;

impl ChartAction for DirectArtilleryAction {
    type Fields = (ArtilleryFields, MortarField);

    const ABOUT: &'static About = &differential::crt_about(
        "direct-artillery",
        "direct artillery on one stand under the impact area (mortars roll for deviation)",
        differential::firepower_for,
    );

    fn build(
        &self,
        (fields, mortar): Self::Fields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let strike = build(fields, charts.clone(), "direct-artillery", mortar.mortar)?;
        Ok(Box::new(ProcedureModel::new(strike)))
    }
}

/// `micro-squad indirect-artillery`.
pub struct IndirectArtilleryAction;

impl ChartAction for IndirectArtilleryAction {
    type Fields = ArtilleryFields;

    const ABOUT: &'static About = &differential::crt_about(
        "indirect-artillery",
        "a plotted indirect mission on one stand: cohesion, deviation (1D8 direction, 1D6 inches), CRT",
        differential::firepower_for,
    );

    fn build(
        &self,
        fields: ArtilleryFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(build(
            fields,
            charts.clone(),
            "indirect-artillery",
            true,
        )?)))
    }
}

/// A target class as the missions' roll points show it.
pub fn class_word(class: &str) -> &'static str {
    if class == "personnel" {
        "personnel"
    } else {
        "other"
    }
}
