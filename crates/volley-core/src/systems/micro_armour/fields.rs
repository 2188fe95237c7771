//! Scenario fields shared by several Micro Armour actions.

use super::charts::Charts;
use crate::action::FieldSpec;

pub use crate::systems::ghq::fields::{cohesion, impact_radius, strength};

pub fn tech_level(name: &'static str, default: i64, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, 1, 5, default, help)
}

pub fn terrain(name: &'static str, charts: &Charts, help: &'static str) -> FieldSpec {
    FieldSpec::choices(name, charts.terrain_names(), "clear", help)
}

/// The defense classes a ground or helicopter target may have.
pub const TARGET_CLASSES: [&str; 4] = ["personnel", "armored", "unarmored", "helicopter"];

pub fn target_class(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::choice(name, &TARGET_CLASSES, "personnel", help)
}

/// A target class a field gave, as the card names it (what a roll point
/// shows a rule).
pub fn class_named(class: &str) -> &'static str {
    TARGET_CLASSES
        .iter()
        .find(|c| **c == class)
        .copied()
        .unwrap_or("personnel")
}

/// The classes a stand in a ground attack (an overrun, a close assault) may
/// have: the card gives neither a way to reach a helicopter.
pub const GROUND_CLASSES: [&str; 3] = ["personnel", "armored", "unarmored"];

pub fn ground_class(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::choice(name, &GROUND_CLASSES, "personnel", help)
}

pub fn die_mod(name: &'static str, help: &'static str) -> FieldSpec {
    FieldSpec::int(name, -20, 20, 0, help)
}
