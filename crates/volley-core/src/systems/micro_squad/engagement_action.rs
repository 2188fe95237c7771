//! `micro-squad engagement`: its fields, and the engagement they build (see
//! [`super::engagement`]).

use super::charts::{BreakPointRule, Charts, TerrainContext};
use super::engagement::*;
use super::fields;
use super::roll_points::INITIATIVE_ROLL;
use super::sides::{Fire, Side};
use crate::action::FieldSpec;
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::Column;
use crate::systems::ghq::RemovalTable;
use crate::systems::ghq::engagement_action::EngagementRule;
use crate::systems::ghq::fire_phase::{self};
use crate::systems::ghq::group::MAX_STANDS;
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-squad engagement`: side A's, side B's, and the range.
    pub struct EngagementFields(charts: &Charts) {
        a_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side A's stands"),
        a_firepower: i64 = fields::strength(6, "A's firepower against B's class (0: A does not fire)"),
        a_defense: i64 = fields::strength(4, "A's defense strength"),
        a_cohesion: i32 = fields::cohesion(charts, "A's force cohesion"),
        a_terrain: Vec<String> = fields::terrain(charts, "A's terrain"),
        a_class: String = fields::target_class("A's class for terrain"),
        a_moving: bool = FieldSpec::flag("A is in movement posture (soft sand, ford: -1 to fire at it)"),
        a_through_crest: bool = FieldSpec::flag(
            "fire at A comes through the ridge crest or from below (slopes, hilltop)",
        ),
        a_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "A's Break Point in stands lost (0: none)"),
        b_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side B's stands"),
        b_firepower: i64 = fields::strength(6, "B's firepower against A's class (0: B does not fire back)"),
        b_defense: i64 = fields::strength(4, "B's defense strength"),
        b_cohesion: i32 = fields::cohesion(charts, "B's force cohesion"),
        b_terrain: Vec<String> = fields::terrain(charts, "B's terrain"),
        b_class: String = fields::target_class("B's class for terrain"),
        b_moving: bool = FieldSpec::flag("B is in movement posture (soft sand, ford: -1 to fire at it)"),
        b_through_crest: bool = FieldSpec::flag(
            "fire at B comes through the ridge crest or from below (slopes, hilltop)",
        ),
        b_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "B's Break Point in stands lost (0: none)"),
        range: i64 = FieldSpec::int(1, 400, 5, "range in whole inches"),
        range_table: String = FieldSpec::choice(
            &["infantry", "general"],
            "infantry",
            "range table for both sides",
        ),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
}

/// One side as the engagement reads it: its own fields, and how it stands as a
/// target.
struct SideView<'a> {
    stands: u8,
    firepower: i64,
    defense: i64,
    cohesion: i32,
    terrain: &'a [String],
    personnel: bool,
    context: TerrainContext,
    break_point: u8,
}

impl EngagementFields {
    fn side_a(&self) -> SideView<'_> {
        SideView {
            stands: self.a_stands,
            firepower: self.a_firepower,
            defense: self.a_defense,
            cohesion: self.a_cohesion,
            terrain: &self.a_terrain,
            personnel: self.a_class == "personnel",
            context: TerrainContext {
                target_moving: self.a_moving,
                through_crest: self.a_through_crest,
            },
            break_point: self.a_break,
        }
    }

    fn side_b(&self) -> SideView<'_> {
        SideView {
            stands: self.b_stands,
            firepower: self.b_firepower,
            defense: self.b_defense,
            cohesion: self.b_cohesion,
            terrain: &self.b_terrain,
            personnel: self.b_class == "personnel",
            context: TerrainContext {
                target_moving: self.b_moving,
                through_crest: self.b_through_crest,
            },
            break_point: self.b_break,
        }
    }
}

/// How `firer` fires at `target`; `None` when it cannot.
fn fire(
    f: &EngagementFields,
    charts: &Charts,
    firer: &SideView,
    target: &SideView,
) -> Result<Option<Fire>, InputError> {
    if firer.firepower == 0 {
        return Ok(None);
    }
    // Below -3 no attack is allowed: that side holds its fire.
    let column = match fields::allowed_column(firer.firepower, target.defense) {
        Some(Column::Index(c)) => c,
        _ => return Ok(None),
    };
    let (cohesion_drm, crt_drm) =
        charts.terrain_drms(target.terrain, target.personnel, &target.context);
    let range = charts
        .range_drm(f.range, f.range_table == "infantry")
        .map_err(|m| InputError::argument("range", m))?;
    Ok(Some(Fire {
        column,
        cohesion_drm,
        crt_drm: crt_drm + range,
        shows: [
            Value::Word(if target.personnel {
                "personnel"
            } else {
                "other"
            }),
            Value::Number(f.range),
            Value::Number(firer.firepower),
            Value::Number(target.defense),
            Value::Flag(target.terrain.iter().any(|t| t == "smoke")),
        ],
    }))
}

impl EngagementRule for Charts {
    type EngagementFields = EngagementFields;
    type Engagement = Engagement;
    const ENGAGEMENT_SUMMARY: &'static str = "two groups of stands trade standard fire turn after turn, with marker removal, to a finish";

    fn engagement(f: EngagementFields, charts: Arc<Charts>) -> Result<Engagement, InputError> {
        let breaks = charts.data.options.ms_break_point() == BreakPointRule::Scenario;
        let (view_a, view_b) = (f.side_a(), f.side_b());
        let side = |view: &SideView, fire: Option<Fire>| Side {
            stands: view.stands,
            cohesion: view.cohesion,
            fire,
            break_point: if breaks { view.break_point } else { 0 },
        };
        let a = side(&view_a, fire(&f, &charts, &view_a, &view_b)?);
        let b = side(&view_b, fire(&f, &charts, &view_b, &view_a)?);
        if a.fire.is_none() && b.fire.is_none() {
            return Err(InputError::argument(
                "a_firepower",
                "neither side can fire: each side's firepower is 0 or more than 3 below the enemy's defense (no attack is allowed below -3)",
            ));
        }
        Ok(Engagement {
            initiative: initiative(a.cohesion, b.cohesion),
            best_first: fire_phase::best_first(&*charts),
            shots_of: [&a, &b]
                .map(|side| side.fire.as_ref().map(|f| ShotTable::new(&charts, side, f))),
            attack_again: charts.data.options.ms_engagement_attack_again(),
            removal: [&a, &b].map(|side| RemovalTable::new(&*charts, side.cohesion)),
            rolled_initiative: charts.rolls.touches(&INITIATIVE_ROLL),
            turns: f.turns,
            a,
            b,
            charts: charts.clone(),
        })
    }
}
