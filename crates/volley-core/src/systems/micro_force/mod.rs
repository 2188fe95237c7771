//! GHQ *Micro Force: The Game - American Civil War*, seed card 000.
//!
//! Charts are data (`src/rules/micro_force.toml`, typed in [`charts`]). The attack
//! value per stand (Charts 3 and 4, not on the card) is a scenario input. Actions:
//! fire, charge, melee (Chart 10 alone), the marker-recovery tests (rally,
//! cease-fire, rejoin, resupply), initiative, and a multi-turn firefight.

mod bill_result;
mod charge;
mod charge_action;
mod charge_steps;
pub mod charts;
mod describe;
mod fields;
mod fire;
mod firefight;
mod firefight_action;
mod firefight_choices;
mod initiative;
mod melee;
mod melee_modifiers;
mod morale;
mod officer_result;
mod option_values;
mod recovery;
mod roll_points;
pub mod unit;

/// Chart 10's named modifiers and the side whose die each adds to, for a
/// front end that lists them (the sheet).
pub use melee::MODIFIERS as CHART_10_MODIFIERS;

use crate::action::Action;
use crate::error::InputError;
use crate::rules::RuleBook;
pub(super) use charts::Charts;
use std::sync::Arc;

pub(super) use describe::{CHARTS, describe_chart};
pub(super) use roll_points::ALL as ROLLS;

/// The Micro Force system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct MicroForce;

/// Typed, compiled charts from a (possibly patched) rule book.
pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

/// What `volley rules micro-force` says first: what the card lacks.
pub(super) const PREAMBLE: &str =
    "Charts 3 & 4 (AV by weapon and range) are not on the card: give av_per_stand.\n";

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[
    &fire::FireAction,
    &charge_action::ChargeAction,
    &melee::MeleeAction,
    &recovery::RecoveryAction::RALLY,
    &recovery::RecoveryAction::CEASE_FIRE,
    &recovery::RecoveryAction::REJOIN,
    &recovery::RecoveryAction::RESUPPLY,
    &initiative::InitiativeAction,
    &firefight_action::FirefightAction,
];
