//! `micro-armour engagement`: its fields, and the engagement they build
//! (see [`super::engagement`]).

use super::charts::{Attacker, BreakPointRule, Charts};
use super::command::Posture;
use super::engagement::Engagement;
use super::fields;
use super::sides::{Fire, Side};
use crate::action::FieldSpec;
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::engagement_action::EngagementRule;
use crate::systems::ghq::fire_phase;
use crate::systems::ghq::group::MAX_STANDS;
use crate::systems::ghq::roll_off::RollOff;
use crate::systems::ghq::{RemovalTable, column_or_automatic};
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-armour engagement`.
    pub struct EngagementFields(charts: &Charts) {
        a_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side A's stands"),
        a_tech_level: u32 = fields::tech_level(4, "side A's tech level"),
        a_firepower: i64 = fields::strength(8, "A's firepower against B's class (AP against armor)"),
        a_defense: i64 = fields::strength(6, "A's defense (front)"),
        a_flank_defense: i64 = fields::strength(4, "A's flank defense (armored, a_facing = flank)"),
        a_facing: String = FieldSpec::choice(
            &["front", "flank"],
            "front",
            "the side armored A turns to B",
        ),
        a_cohesion: i32 = fields::cohesion(charts, "A's force cohesion"),
        a_terrain: Vec<String> = fields::terrain(charts, "A's terrain"),
        a_class: String = fields::target_class("A's defense class"),
        a_atgm: bool = FieldSpec::flag("A fires ATGMs (no range DRM)"),
        a_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "A's Break Point in stands lost (0: none)"),
        b_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side B's stands"),
        b_tech_level: u32 = fields::tech_level(4, "side B's tech level"),
        b_firepower: i64 = fields::strength(8, "B's firepower against A's class (AP against armor)"),
        b_defense: i64 = fields::strength(6, "B's defense (front)"),
        b_flank_defense: i64 = fields::strength(4, "B's flank defense (armored, b_facing = flank)"),
        b_facing: String = FieldSpec::choice(
            &["front", "flank"],
            "front",
            "the side armored B turns to A",
        ),
        b_cohesion: i32 = fields::cohesion(charts, "B's force cohesion"),
        b_terrain: Vec<String> = fields::terrain(charts, "B's terrain"),
        b_class: String = fields::target_class("B's defense class"),
        b_atgm: bool = FieldSpec::flag("B fires ATGMs (no range DRM)"),
        b_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "B's Break Point in stands lost (0: none)"),
        range: i64 = FieldSpec::int(1, 400, 20, "range between the groups in inches"),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
}

/// How a side fires at the other; `None` when it cannot.
#[allow(clippy::too_many_arguments)]
fn fire(
    charts: &Charts,
    tech_level: u32,
    firepower: i64,
    atgm: bool,
    defense: i64,
    terrain: &[String],
    class: &str,
    range: i64,
) -> Option<Fire> {
    if firepower == 0 {
        return None;
    }
    let differential = (firepower - defense).clamp(-100, 100) as i32;
    // Below -3 no attack is allowed: this side holds its fire.
    let column = column_or_automatic(differential, false)?;
    let (cohesion_drm, crt_drm) =
        charts.terrain_drms(terrain, class == "personnel", false, false, false);
    let (cohesion_drm_fired, _) =
        charts.terrain_drms(terrain, class == "personnel", false, false, true);
    let range_drm = if atgm {
        0
    } else {
        charts.range_drm(tech_level, range)
    };
    Some(Fire {
        column,
        cohesion_drm,
        cohesion_drm_fired,
        crt_drm: crt_drm + range_drm,
        dash_s_suppresses: charts.dash_s_suppresses(Attacker::Ordinary { tech_level }, class),
        shows: [
            Value::Word(fields::class_named(class)),
            Value::Number(range),
            Value::Number(i64::from(tech_level)),
            Value::Flag(atgm),
            Value::Flag(terrain.iter().any(|t| t == "smoke")),
        ],
    })
}

impl EngagementRule for Charts {
    type EngagementFields = EngagementFields;
    type Engagement = Engagement;
    const ENGAGEMENT_SUMMARY: &'static str = "two platoons trade fire turn after turn in the card's phase order: what a tech level is worth";

    fn engagement(f: EngagementFields, charts: Arc<Charts>) -> Result<Engagement, InputError> {
        let breaks = charts.data.options.ma_break_point() == BreakPointRule::Scenario;
        // The defense a side shows: its flank value when armored and turned so.
        let shown = |class: &str, facing: &str, front: i64, flank: i64| {
            if class == "armored" && facing == "flank" {
                flank
            } else {
                front
            }
        };
        let a_fire = fire(
            &charts,
            f.a_tech_level,
            f.a_firepower,
            f.a_atgm,
            shown(&f.b_class, &f.b_facing, f.b_defense, f.b_flank_defense),
            &f.b_terrain,
            &f.b_class,
            f.range,
        );
        let b_fire = fire(
            &charts,
            f.b_tech_level,
            f.b_firepower,
            f.b_atgm,
            shown(&f.a_class, &f.a_facing, f.a_defense, f.a_flank_defense),
            &f.a_terrain,
            &f.a_class,
            f.range,
        );
        if a_fire.is_none() && b_fire.is_none() {
            return Err(InputError::argument(
                "a_firepower",
                "neither side can fire: each side's firepower is 0 or more than 3 below the enemy's defense",
            ));
        }
        let side = |stands, tech_level, cohesion, fire, break_point: u8| Side {
            stands,
            tech_level,
            cohesion,
            fire,
            break_point: if breaks { break_point } else { 0 },
        };
        let mut engagement = Engagement {
            a: side(f.a_stands, f.a_tech_level, f.a_cohesion, a_fire, f.a_break),
            b: side(f.b_stands, f.b_tech_level, f.b_cohesion, b_fire, f.b_break),
            turns: f.turns,
            posture: Posture {
                roll_off: RollOff::higher_wins(f.a_cohesion, f.b_cohesion),
                tie: charts.data.options.ma_posture_tie(),
                rolls: charts.rolls.clone(),
            },
            best_first: fire_phase::best_first(&*charts),
            phases: Vec::new(),
            attack_again: charts.data.options.ma_engagement_attack_again(),
            removal: [f.a_cohesion, f.b_cohesion].map(|c| RemovalTable::new(&*charts, c)),
            charts: charts.clone(),
        };
        engagement.phases = engagement.phases_played();
        Ok(engagement)
    }
}
