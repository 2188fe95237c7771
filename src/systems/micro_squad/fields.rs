//! Scenario fields shared by several Micro Squad actions, and the small steps that
//! turn them into modifiers.

use super::charts::{Charts, TerrainContext};
use crate::action::{FieldGroup, FieldSpec, Scenario};
use crate::error::InputError;
use crate::systems::ghq::Column;
use crate::systems::ghq::Stand;
use crate::systems::ghq::column;

pub fn cohesion(name: &'static str, charts: &Charts, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, 1, 20, charts.data.options.ms_cohesion, help)
}

pub fn strength(name: &'static str, default: i64, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, 0, 60, default, help)
}

pub fn terrain(name: &'static str, charts: &Charts, help: &'static str) -> FieldSpec {
    FieldSpec::choices(name, charts.terrain_names(), "clear", help)
}

pub fn target_class(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::choice(name, &["personnel", "other"], "personnel", help)
}

pub fn die_mod(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, -20, 20, 0, help)
}

/// `{prefix}_suppressed`, `{prefix}_disorganized` (and `_suppressed_this_turn` for
/// targets) as flags.
pub fn markers(prefix: &'static str, this_turn: bool) -> Vec<FieldSpec> {
    let [suppressed, disorganized, this_turn_name] = marker_names(prefix);
    let mut specs = vec![
        FieldSpec::flag(suppressed, "carries an S marker (+4 to its cohesion rolls)"),
        FieldSpec::flag(
            disorganized,
            "carries a D marker (+3; a further D eliminates)",
        ),
    ];
    if this_turn {
        specs.push(FieldSpec::flag(
            this_turn_name,
            "already suffered a suppression result this turn (an (S) becomes D)",
        ));
    }
    specs
}

/// Field names are `&'static str`, so the marker fields of each role are spelled out.
fn marker_names(prefix: &str) -> [&'static str; 3] {
    match prefix {
        "firer" => [
            "firer_suppressed",
            "firer_disorganized",
            "firer_suppressed_this_turn",
        ],
        "target" => [
            "target_suppressed",
            "target_disorganized",
            "target_suppressed_this_turn",
        ],
        "attacker" => [
            "attacker_suppressed",
            "attacker_disorganized",
            "attacker_suppressed_this_turn",
        ],
        "defender" => [
            "defender_suppressed",
            "defender_disorganized",
            "defender_suppressed_this_turn",
        ],
        "aa" => [
            "aa_suppressed",
            "aa_disorganized",
            "aa_suppressed_this_turn",
        ],
        _ => ["suppressed", "disorganized", "suppressed_this_turn"],
    }
}

/// The stand described by the marker fields with this prefix.
pub fn stand(s: &Scenario, prefix: &str, this_turn: bool) -> Stand {
    let [suppressed, disorganized, this_turn_name] = marker_names(prefix);
    let mut stand = Stand::with_markers(s.flag(suppressed), s.flag(disorganized));
    if this_turn {
        stand.suppressed_this_turn = s.flag(this_turn_name);
        stand.suppressed |= stand.suppressed_this_turn;
    }
    stand
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

/// A stand's marker fields under a prefix (`firer_suppressed`, ...).
pub struct MarkerGroup {
    pub prefix: &'static str,
    /// Also `{prefix}_suppressed_this_turn` (targets).
    pub this_turn: bool,
}

impl FieldGroup for MarkerGroup {
    type Value = Stand;

    fn specs(&self) -> Vec<FieldSpec> {
        markers(self.prefix, self.this_turn)
    }

    fn read(&self, s: &Scenario) -> Result<Stand, InputError> {
        Ok(stand(s, self.prefix, self.this_turn))
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
