//! "The American Civil War" (Marchin' & Fightin'), seed file 003: a
//! small hex rule set counting figures. Actions: `fire` (up to three hexes on one
//! target) and `duel` (two hexes trading fire, exact by state stepping).

mod charts;
mod describe;
mod duel;
mod fire;
mod hex;
mod roll_points;

use crate::action::Action;
pub(super) use charts::Charts;

pub(super) use describe::describe_chart;
pub(super) use roll_points::ALL as ROLLS;

/// The hex ACW system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct HexAcw;

/// The charts `volley rules` prints, `options` first.
pub(super) const CHARTS: [&str; 3] = ["options", "firepower", "casualties"];

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[&fire::FireAction, &duel::DuelAction];
