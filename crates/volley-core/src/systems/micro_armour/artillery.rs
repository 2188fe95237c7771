//! Artillery: the firing stand's cohesion roll, a
//! deviation roll (mortars in direct fire, every plotted indirect mission: 1D8
//! direction, 1D8 / 2 inches rounded up), the armored defense halved (and moving
//! personnel's in indirect fire), below -3 the result is S, 2D6 plus terrain (no
//! range), and `-S-` is S (no effect on a helicopter, see
//! [`Charts::dash_s_suppresses`]). The strike itself is the GHQ one
//! ([`crate::systems::ghq::strike`]); this file gives it the card's roll points,
//! its fields and its two actions.

use super::charts::{Attacker, Charts};
use super::fields;
use super::roll_points::{DEVIATION_ROLL, STRIKE_ATTACK, STRIKE_COHESION};
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::rules::RollPoint;
use crate::systems::ghq::fields::MarkerGroup;
use crate::systems::ghq::roll_points::strike_shown;
use crate::systems::ghq::strike::{Drift, DriftDistance, Strike, StrikeRule};
use crate::systems::ghq::{Column, GhqCard, column_or_automatic};
use std::sync::Arc;

/// Micro Armour's strikes roll at its own roll points.
impl StrikeRule for Charts {
    const STRIKE_COHESION: &'static RollPoint = &STRIKE_COHESION;
    const DEVIATION_ROLL: &'static RollPoint = &DEVIATION_ROLL;
    const STRIKE_ATTACK: &'static RollPoint = &STRIKE_ATTACK;
    const KEEPS_DEVIATION: bool = false;
}

/// The column of an artillery or air attack: below -3 an automatic S, above +9
/// an automatic E.
pub fn strike_column(attack: i64, defense: i64) -> Column {
    let differential = (attack - defense).clamp(-100, 100) as i32;
    column_or_automatic(differential, true).unwrap_or(Column::AutomaticSuppression)
}

crate::action_fields! {
    /// The fields of both artillery actions.
    pub struct ArtilleryFields(charts: &Charts) {
        firepower: i64 = fields::strength(8, "the artillery's firepower against the target's class"),
        defense: i64 = fields::strength(4, "the target's defense (armored: halved)"),
        cohesion: i32 = fields::cohesion(charts, "the firing force's cohesion"),
        terrain: Vec<String> = fields::terrain(charts, "the target's terrain (cumulative features joined by +)"),
        target: String = fields::target_class("the target's defense class"),
        target_moving: bool = FieldSpec::flag(
            "the target is in movement posture (indirect fire halves moving personnel's defense)",
        ),
        mortar: bool = FieldSpec::flag("direct fire by a mortar (rolls for deviation)"),
        tl_mod: i32 = FieldSpec::int(
            -5,
            5,
            0,
            "the indirect fire cohesion modifier for the firer's TL (not on the card: 0)",
        ),
        impact_radius: u32 = fields::impact_radius("impact"),
        die_mod: i32 = fields::die_mod("an extra modifier to the CRT roll"),
    }
    groups {
        firer: MarkerGroup = MarkerGroup { prefix: "firer", this_turn: false },
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: false },
    }
}

/// `micro-armour direct-artillery` (`ArtilleryAction<false>`) or
/// `indirect-artillery` (`ArtilleryAction<true>`): one procedure, two actions.
pub struct ArtilleryAction<const INDIRECT: bool>;

const DIRECT_ABOUT: About = About {
    name: "direct-artillery",
    summary: "direct artillery on one stand: cohesion (mortars deviate), armored defense halved, CRT",
    headline: Some(("result", "E")),
    ..About::DEFAULT
};

const INDIRECT_ABOUT: About = About {
    name: "indirect-artillery",
    summary: "a plotted indirect mission on one stand: cohesion, deviation (1D8, 1D8/2 in), halved defenses, CRT",
    ..DIRECT_ABOUT
};

impl<const INDIRECT: bool> ChartAction for ArtilleryAction<INDIRECT> {
    type Fields = ArtilleryFields;

    const ABOUT: &'static About = if INDIRECT {
        &INDIRECT_ABOUT
    } else {
        &DIRECT_ABOUT
    };

    fn build(
        &self,
        f: ArtilleryFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let personnel = f.target == "personnel";
        let halved = f.target == "armored" || (INDIRECT && personnel && f.target_moving);
        let defense = if halved {
            charts.halve(f.defense)
        } else {
            f.defense
        };
        let (terrain_cohesion, terrain_crt) =
            charts.terrain_drms(&f.terrain, personnel, f.target_moving, false, false);
        let tl_mod = if INDIRECT { f.tl_mod } else { 0 };
        let arrival = charts.cohesion_test(f.cohesion, &f.firer, terrain_cohesion + tl_mod);
        let deviation = &charts.data.deviation;
        let drift = (INDIRECT || f.mortar).then_some(Drift {
            check: arrival,
            direction_die: deviation.indirect_direction_die,
            distance: DriftDistance::Divided {
                die: deviation.indirect_distance_die,
                divisor: deviation.indirect_distance_divisor,
            },
            impact_radius: i64::from(f.impact_radius),
        });
        Ok(Box::new(ProcedureModel::new(Strike {
            arrival,
            drift,
            column: strike_column(f.firepower, defense),
            crt_drm: terrain_crt + f.die_mod,
            dash_s_suppresses: charts.dash_s_suppresses(Attacker::ArtilleryOrAir, &f.target),
            shown: strike_shown(
                Self::ABOUT.name,
                &f.firer,
                &f.target_stand,
                fields::class_named(&f.target),
            ),
            target: f.target_stand,
            charts: charts.clone(),
        })))
    }
}
