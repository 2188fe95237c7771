//! "Stand and Die!" (16th-19th century), seed file 003: figures in
//! hexes, chances per figure by the target's posture and cover. Actions: `attack`
//! and `duel` (exact by stepping the distribution over both hexes' figures).

mod attack;
mod charts;
mod describe;
mod duel;
mod hex;
mod roll_points;

use crate::action::Action;
pub(super) use charts::Charts;

pub(super) use describe::describe_chart;
pub(super) use roll_points::ALL as ROLLS;

/// The Stand and Die! system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct StandAndDie;

/// The charts `volley rules` prints, `options` first.
pub(super) const CHARTS: [&str; 3] = ["options", "chances", "casualties"];

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[&attack::AttackAction, &duel::DuelAction];
