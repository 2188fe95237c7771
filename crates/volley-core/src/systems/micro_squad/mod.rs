//! GHQ *Micro Squad* (WWII), seed card 001.
//!
//! Charts are data (`src/rules/micro_squad.toml`, typed in [`charts`]); each
//! procedure of the card is a file here: standard fire, direct and indirect
//! artillery, air strikes with AA fire, overrun, close assault, marker removal,
//! command efficiency and movement orders, mine attacks, and a multi-turn
//! engagement between two groups of stands.

mod air_strike;
mod artillery;
pub mod charts;
mod close_assault;
mod crt;
mod describe;
mod engagement;
mod engagement_action;
mod fields;
mod fire;
mod marker_removal;
mod mines;
mod orders;
mod overrun;
mod roll_points;
mod shot_table;
mod sides;

pub use engagement::{Engagement as MsEngagement, Winner as MsWinner};
pub use fire::{FireAction, StandardFire};
pub use sides::Side as MsSide;

use crate::action::Action;
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::engagement_action::EngagementAction;
use crate::systems::ghq::marker_removal::MarkerRemovalAction;
use crate::systems::ghq::movement::MoveAction;
pub(super) use charts::Charts;
use std::sync::Arc;

/// `micro-squad engagement`, for the tests and benchmarks that build its
/// engagement by hand.
pub type MsEngagementAction = EngagementAction<Charts>;

pub(super) use describe::{CHARTS, describe_chart};
pub(super) use roll_points::ALL as ROLLS;

/// The Micro Squad system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct MicroSquad;

/// Typed, compiled charts from a (possibly patched) rule book.
pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[
    &fire::FireAction,
    &crt::CrtAction,
    &artillery::DirectArtilleryAction,
    &artillery::IndirectArtilleryAction,
    &air_strike::AirStrikeAction,
    &overrun::OverrunAction,
    &close_assault::CloseAssaultAction,
    &MarkerRemovalAction::<Charts>::ON_CARD,
    &orders::CommandEfficiencyAction,
    &MoveAction::<Charts>::ON_CARD,
    &mines::MineAttackAction,
    &EngagementAction::<Charts>::ON_CARD,
];
