//! Scenario fields shared by the GHQ cards: a force's cohesion, a strength,
//! an impact's radius, a stand's S and D flags under a role prefix, read
//! into a [`Stand`], and the order statuses the movement chart reads.

use super::card::GhqCard;
use super::stand::Stand;
use crate::action::{FieldGroup, FieldSpec, Scenario, interned};
use crate::error::InputError;

/// A force's cohesion (1 to 20), by default the card's.
pub fn cohesion<C: GhqCard>(name: &'static str, charts: &C, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, 1, 20, charts.cohesion_by_default(), help)
}

/// How far (0 to 24 inches) a deviated `impact` (an artillery impact, an
/// air strike) may drift and still cover its target: the radius of its
/// effect, which the card leaves to the scenario.
pub fn impact_radius(name: &'static str, impact: &str) -> FieldSpec {
    let help = format!("inches a deviated {impact} may drift and still cover the target");
    FieldSpec::int(name, 0, 24, 0, interned(help))
}

/// A firepower or defense strength (0 to 60).
pub fn strength(name: &'static str, default: i64, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, 0, 60, default, help)
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

/// A unit or group's order status, as the movement chart reads it.
pub const ORDERS: [&str; 3] = ["under-order", "r-without-order", "other-without-order"];
