//! Scenario fields shared by several Micro Squad actions (among them a shot
//! at one stand, [`ShotFields`], and the two stands of an attack,
//! [`AttackStandsFields`]), the small steps that turn them into modifiers,
//! and the card's minefields.

use super::charts::{Charts, TerrainContext};
use crate::action::{FieldGroup, FieldSpec, FieldType, Scenario, interned};
use crate::error::InputError;
use crate::systems::ghq::Column;
use crate::systems::ghq::Stand;
use crate::systems::ghq::column;
pub use crate::systems::ghq::fields::MarkerGroup;
use crate::systems::ghq::fields::{markers, stand};

pub use crate::systems::ghq::fields::{cohesion, impact_radius, strength};

pub fn terrain(name: &'static str, charts: &Charts, help: &'static str) -> FieldSpec {
    FieldSpec::choices(name, charts.terrain_names(), "clear", help)
}

pub fn target_class(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::choice(name, &["personnel", "other"], "personnel", help)
}

pub fn die_mod(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, -20, 20, 0, help)
}

/// Names of the condition fields.
const TARGET_MOVING: &str = "target_moving";
const THROUGH_CREST: &str = "through_crest";

pub fn conditions() -> Vec<FieldSpec> {
    vec![
        FieldSpec::flag(
            TARGET_MOVING,
            "target is in movement posture (soft sand, ford: -1)",
        ),
        FieldSpec::flag(
            THROUGH_CREST,
            "fire comes through the ridge crest or from below (slopes, hilltop)",
        ),
    ]
}

pub fn context(s: &Scenario) -> TerrainContext {
    TerrainContext {
        target_moving: s.flag(TARGET_MOVING),
        through_crest: s.flag(THROUGH_CREST),
    }
}

/// The CRT column for `firepower - defense`, with the field named in errors.
pub fn crt_column(
    firepower: i64,
    defense: i64,
    artillery: bool,
    field: &str,
) -> Result<Column, InputError> {
    let differential = (firepower - defense).clamp(-100, 100) as i32;
    match column(differential, artillery) {
        Ok(Some(index)) => Ok(Column::Index(index)),
        Ok(None) => Ok(Column::AutomaticSuppression),
        Err(message) => Err(InputError::argument(field, message)),
    }
}

/// The CRT column of an ordinary attack, or `None` when its differential is below
/// -3 and the attack is not allowed.
pub fn allowed_column(firepower: i64, defense: i64) -> Option<Column> {
    let differential = (firepower - defense).clamp(-100, 100) as i32;
    match column(differential, false) {
        Ok(Some(index)) => Some(Column::Index(index)),
        _ => None,
    }
}

/// The conditions of conditional terrain modifiers (`target_moving`,
/// `through_crest`).
pub struct Conditions;

impl FieldGroup for Conditions {
    type Value = TerrainContext;

    fn specs(&self) -> Vec<FieldSpec> {
        conditions()
    }

    fn read(&self, s: &Scenario) -> Result<TerrainContext, InputError> {
        Ok(context(s))
    }
}

/// A shot at one stand as fields: the firepower (worded for who fires)
/// against the target's defense, the firing force's cohesion, and the
/// target's terrain and class. Standard fire and both artillery actions
/// read these, first among their fields.
pub struct ShotFields {
    specs: Vec<FieldSpec>,
}

impl ShotFields {
    /// The fields of a shot whose firepower is `firepower_of`'s (`"firer's"`,
    /// `"artillery"`).
    pub fn new(charts: &Charts, firepower_of: &str) -> Self {
        let firepower = format!("{firepower_of} firepower against the target's defense class");
        ShotFields {
            specs: vec![
                strength("firepower", 6, interned(firepower)),
                strength("defense", 4, "target's defense strength"),
                cohesion("cohesion", charts, "firing force's cohesion"),
                terrain(
                    "terrain",
                    charts,
                    "target's terrain (cumulative features joined by +)",
                ),
                target_class("target", "target class for the terrain modifier"),
            ],
        }
    }
}

/// What [`ShotFields`] reads.
#[derive(Clone, Debug)]
pub struct ShotAt {
    pub firepower: i64,
    pub defense: i64,
    pub cohesion: i32,
    pub terrain: Vec<String>,
    /// The target's class: `personnel` or `other`.
    pub target: String,
}

impl ShotAt {
    pub fn personnel(&self) -> bool {
        self.target == "personnel"
    }

    /// The target's terrain modifiers to the firer's cohesion roll and to
    /// the CRT roll, under `conditions`.
    pub fn terrain_drms(&self, charts: &Charts, conditions: &TerrainContext) -> (i32, i32) {
        charts.terrain_drms(&self.terrain, self.personnel(), conditions)
    }
}

impl FieldGroup for ShotFields {
    type Value = ShotAt;

    fn specs(&self) -> Vec<FieldSpec> {
        self.specs.clone()
    }

    fn read(&self, s: &Scenario) -> Result<ShotAt, InputError> {
        Ok(ShotAt {
            firepower: i64::read(s, "firepower"),
            defense: i64::read(s, "defense"),
            cohesion: i32::read(s, "cohesion"),
            terrain: Vec::read(s, "terrain"),
            target: String::read(s, "target"),
        })
    }
}

/// The two stands of an attack, as every Micro Squad attack of one stand on
/// another reads them (fire, artillery, overrun, close assault): the
/// attacker's markers under its role prefix, the attacked stand's under its
/// own (with this turn's suppression: an `(S)` on it becomes D), and the
/// conditions it is attacked under.
pub struct AttackStandsFields {
    pub attacker: &'static str,
    pub attacked: &'static str,
}

/// What [`AttackStandsFields`] reads.
#[derive(Clone, Copy, Debug)]
pub struct AttackStands {
    pub attacker: Stand,
    pub attacked: Stand,
    pub conditions: TerrainContext,
}

impl FieldGroup for AttackStandsFields {
    type Value = AttackStands;

    fn specs(&self) -> Vec<FieldSpec> {
        let mut specs = markers(self.attacker, false);
        specs.extend(markers(self.attacked, true));
        specs.extend(conditions());
        specs
    }

    fn read(&self, s: &Scenario) -> Result<AttackStands, InputError> {
        Ok(AttackStands {
            attacker: stand(s, self.attacker, false),
            attacked: stand(s, self.attacked, true),
            conditions: context(s),
        })
    }
}

/// The minefields of the card.
pub const MINEFIELDS: [&str; 3] = ["hasty", "prepared", "defensive"];
