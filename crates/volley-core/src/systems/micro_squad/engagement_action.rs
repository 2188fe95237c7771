//! `micro-squad engagement`: its fields, and the engagement they build (see
//! [`super::engagement`]).

use super::charts::{BreakPointRule, Charts, TerrainContext};
use super::engagement::*;
use super::fields;
use super::roll_points::INITIATIVE_ROLL;
use super::sides::{Fire, Side};
use crate::action::{FieldSpec, Scenario};
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::Column;
use crate::systems::ghq::RemovalTable;
use crate::systems::ghq::engagement_action::EngagementRule;
use crate::systems::ghq::engagement_side::{EngagementSide, SideFields, Which};
use crate::systems::ghq::fire_phase::{self};
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-squad engagement`: side A's, side B's, and the range.
    pub struct EngagementFields(charts: &Charts)
    groups {
        a: SideFields<SideView> = SideFields::<SideView>::new(charts, Which::A),
        b: SideFields<SideView> = SideFields::<SideView>::new(charts, Which::B),
    }
    {
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
#[derive(Clone, Debug)]
pub struct SideView {
    stands: u8,
    firepower: i64,
    defense: i64,
    cohesion: i32,
    terrain: Vec<String>,
    personnel: bool,
    context: TerrainContext,
    break_point: u8,
}

impl EngagementSide for SideView {
    type Charts = Charts;

    fn specs(charts: &Charts, side: Which) -> Vec<FieldSpec> {
        let (field, help) = (|name| side.field(name), |text| side.help(text));
        // Side B is the one that answers A's fire.
        let holds_fire = if side == Which::A {
            "{side}'s firepower against {enemy}'s class (0: {side} does not fire)"
        } else {
            "{side}'s firepower against {enemy}'s class (0: {side} does not fire back)"
        };
        vec![
            fields::strength(field("firepower"), 6, help(holds_fire)),
            fields::strength(field("defense"), 4, help("{side}'s defense strength")),
            fields::cohesion(field("cohesion"), charts, help("{side}'s force cohesion")),
            fields::terrain(field("terrain"), charts, help("{side}'s terrain")),
            fields::target_class(field("class"), help("{side}'s class for terrain")),
            FieldSpec::flag(
                field("moving"),
                help("{side} is in movement posture (soft sand, ford: -1 to fire at it)"),
            ),
            FieldSpec::flag(
                field("through_crest"),
                help(
                    "fire at {side} comes through the ridge crest or from below (slopes, hilltop)",
                ),
            ),
        ]
    }

    fn read(side: Which, s: &Scenario) -> SideView {
        SideView {
            stands: side.stands(s),
            firepower: side.get(s, "firepower"),
            defense: side.get(s, "defense"),
            cohesion: side.get(s, "cohesion"),
            terrain: side.get(s, "terrain"),
            personnel: side.get::<String>(s, "class") == "personnel",
            context: TerrainContext {
                target_moving: side.get(s, "moving"),
                through_crest: side.get(s, "through_crest"),
            },
            break_point: side.break_point(s),
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
        charts.terrain_drms(&target.terrain, target.personnel, &target.context);
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
        let side = |view: &SideView, fire: Option<Fire>| Side {
            stands: view.stands,
            cohesion: view.cohesion,
            fire,
            break_point: if breaks { view.break_point } else { 0 },
        };
        let a = side(&f.a, fire(&f, &charts, &f.a, &f.b)?);
        let b = side(&f.b, fire(&f, &charts, &f.b, &f.a)?);
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
