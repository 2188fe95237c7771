//! `micro-armour engagement`: its fields, and the engagement they build
//! (see [`super::engagement`]).

use super::charts::{Attacker, BreakPointRule, Charts};
use super::command::Posture;
use super::engagement::Engagement;
use super::fields;
use super::sides::{Fire, Side};
use crate::action::{FieldSpec, Scenario};
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::engagement_action::EngagementRule;
use crate::systems::ghq::engagement_side::{EngagementSide, SideFields, Which};
use crate::systems::ghq::fire_phase;
use crate::systems::ghq::roll_off::RollOff;
use crate::systems::ghq::{RemovalTable, column_or_automatic};
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-armour engagement`.
    pub struct EngagementFields(charts: &Charts)
    groups {
        a: SideFields<SideView> = SideFields::<SideView>::new(charts, Which::A),
        b: SideFields<SideView> = SideFields::<SideView>::new(charts, Which::B),
    }
    {
        range: i64 = FieldSpec::int(1, 400, 20, "range between the groups in inches"),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
}

/// One side's fields as the engagement reads them.
#[derive(Clone, Debug)]
pub struct SideView {
    stands: u8,
    tech_level: u32,
    firepower: i64,
    defense: i64,
    flank_defense: i64,
    facing: String,
    cohesion: i32,
    terrain: Vec<String>,
    class: String,
    atgm: bool,
    break_point: u8,
}

impl SideView {
    /// The defense it shows: its flank value when armored and turned so.
    fn shown_defense(&self) -> i64 {
        if self.class == "armored" && self.facing == "flank" {
            self.flank_defense
        } else {
            self.defense
        }
    }
}

impl EngagementSide for SideView {
    type Charts = Charts;

    fn specs(charts: &Charts, side: Which) -> Vec<FieldSpec> {
        let (field, help) = (|name| side.field(name), |text| side.help(text));
        vec![
            fields::tech_level(field("tech_level"), 4, help("side {side}'s tech level")),
            fields::strength(
                field("firepower"),
                8,
                help("{side}'s firepower against {enemy}'s class (AP against armor)"),
            ),
            fields::strength(field("defense"), 6, help("{side}'s defense (front)")),
            fields::strength(
                field("flank_defense"),
                4,
                help("{side}'s flank defense (armored, {prefix}_facing = flank)"),
            ),
            FieldSpec::choice(
                field("facing"),
                &["front", "flank"],
                "front",
                help("the side armored {side} turns to {enemy}"),
            ),
            fields::cohesion(field("cohesion"), charts, help("{side}'s force cohesion")),
            fields::terrain(field("terrain"), charts, help("{side}'s terrain")),
            fields::target_class(field("class"), help("{side}'s defense class")),
            FieldSpec::flag(field("atgm"), help("{side} fires ATGMs (no range DRM)")),
        ]
    }

    fn read(side: Which, s: &Scenario) -> SideView {
        SideView {
            stands: side.stands(s),
            tech_level: side.get(s, "tech_level"),
            firepower: side.get(s, "firepower"),
            defense: side.get(s, "defense"),
            flank_defense: side.get(s, "flank_defense"),
            facing: side.get(s, "facing"),
            cohesion: side.get(s, "cohesion"),
            terrain: side.get(s, "terrain"),
            class: side.get(s, "class"),
            atgm: side.get(s, "atgm"),
            break_point: side.break_point(s),
        }
    }
}

/// How a side fires at the other; `None` when it cannot.
fn fire(charts: &Charts, firer: &SideView, target: &SideView, range: i64) -> Option<Fire> {
    let (tech_level, terrain, class) = (firer.tech_level, &target.terrain, target.class.as_str());
    if firer.firepower == 0 {
        return None;
    }
    let differential = (firer.firepower - target.shown_defense()).clamp(-100, 100) as i32;
    // Below -3 no attack is allowed: this side holds its fire.
    let column = column_or_automatic(differential, false)?;
    let (cohesion_drm, crt_drm) =
        charts.terrain_drms(terrain, class == "personnel", false, false, false);
    let (cohesion_drm_fired, _) =
        charts.terrain_drms(terrain, class == "personnel", false, false, true);
    let range_drm = if firer.atgm {
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
            Value::Flag(firer.atgm),
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
        let a_fire = fire(&charts, &f.a, &f.b, f.range);
        let b_fire = fire(&charts, &f.b, &f.a, f.range);
        if a_fire.is_none() && b_fire.is_none() {
            return Err(InputError::argument(
                "a_firepower",
                "neither side can fire: each side's firepower is 0 or more than 3 below the enemy's defense",
            ));
        }
        let side = |view: &SideView, fire| Side {
            stands: view.stands,
            tech_level: view.tech_level,
            cohesion: view.cohesion,
            fire,
            break_point: if breaks { view.break_point } else { 0 },
        };
        let mut engagement = Engagement {
            a: side(&f.a, a_fire),
            b: side(&f.b, b_fire),
            turns: f.turns,
            posture: Posture {
                roll_off: RollOff::higher_wins(f.a.cohesion, f.b.cohesion),
                tie: charts.data.options.ma_posture_tie(),
                rolls: charts.rolls.clone(),
            },
            best_first: fire_phase::best_first(&*charts),
            phases: Vec::new(),
            attack_again: charts.data.options.ma_engagement_attack_again(),
            removal: [f.a.cohesion, f.b.cohesion].map(|c| RemovalTable::new(&*charts, c)),
            charts: charts.clone(),
        };
        engagement.phases = engagement.phases_played();
        Ok(engagement)
    }
}
