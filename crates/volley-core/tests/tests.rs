//! The core's integration tests, one binary with a module per theme: each rule
//! system's procedures against hand computations and exact against Monte
//! Carlo, paired comparisons, intervals and their calibration.

mod common;

mod calibration;
mod compare;
mod deadly_field;
mod deadly_field_charge;
mod ghq_roll_points;
mod hex_rules;
mod intervals;
mod layers;
mod micro_armour;
mod micro_armour_engagement;
mod micro_force;
mod micro_force_rolls;
mod micro_squad;
mod micro_squad_engagement;
mod roll_rules;
mod roll_scripts;
