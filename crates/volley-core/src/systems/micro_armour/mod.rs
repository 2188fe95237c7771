//! GHQ *Micro Armour: The Game - Modern*, seed card 002: stands with tech levels
//! 1-5, AP and HE firepower, front and flank defense, on the GHQ core (its CRT
//! with the `-S-` result, S and D capped at +7 together, marker removal).
//!
//! Charts are data (`src/rules/micro_armour.toml`, typed in [`charts`]). Actions:
//! fire, direct-artillery, indirect-artillery, air-strike, anti-aircraft,
//! marker-removal, overrun, close-assault, orders, move, posture, and the
//! multi-turn engagement.

mod air;
mod artillery;
mod assault;
pub mod charts;
mod command;
mod describe;
mod engagement;
mod engagement_action;
mod fields;
mod fire;
mod marker_removal;
mod roll_points;
mod sides;

use crate::action::Action;
use crate::systems::ghq::engagement_action::EngagementAction;
use crate::systems::ghq::marker_removal::MarkerRemovalAction;
use crate::systems::ghq::movement::MoveAction;
pub(super) use charts::Charts;

pub(super) use describe::{CHARTS, describe_chart};
pub(super) use roll_points::ALL as ROLLS;

/// The Micro Armour system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct MicroArmour;

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[
    &fire::FireAction,
    &MarkerRemovalAction::<Charts>::ON_CARD,
    &artillery::ArtilleryAction::<false>,
    &artillery::ArtilleryAction::<true>,
    &air::AirStrikeAction,
    &air::AntiAircraftAction,
    &assault::OverrunAction,
    &assault::CloseAssaultAction,
    &command::OrdersAction,
    &MoveAction::<Charts>::ON_CARD,
    &command::PostureAction,
    &EngagementAction::<Charts>::ON_CARD,
];
