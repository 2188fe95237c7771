//! *Across A Deadly Field* (ACW regiments), a heavily garbled quick-reference
//! card: the morale check and rally attempt (the Morale Point from quality, level
//! and situation, and the 2D6 resolution table), fire (firepower tables, range
//! bands, modifiers and the Fire Combat Results table, which the card does not
//! preserve: every answer that reads it is marked provisional), the charge
//! impact roll-off, the whole charge, and the firefight between two regiments.

mod charge;
mod charge_action;
mod charge_steps;
mod charge_volleys;
mod charts;
mod describe;
mod fcr;
mod fire;
mod fire_situation;
mod firefight;
mod firefight_action;
mod firefight_choices;
mod impact;
mod levels;
mod morale;
mod option_values;
mod regiment_fields;
mod roll_points;
mod shot;
mod shot_seen;
mod unit;
mod vocabulary;

pub use unit::COVERS;

use crate::action::Action;
use crate::error::InputError;
use crate::rules::RuleBook;
pub(super) use charts::Charts;
use std::sync::Arc;

pub(super) use describe::describe_chart;
pub(super) use roll_points::ALL as ROLLS;

/// The Across A Deadly Field system (named, and wired to what this folder
/// exports, in `systems/registry.rs`).
pub struct DeadlyField;

pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

/// The charts `volley rules` prints, `options` first.
pub(super) const CHARTS: [&str; 7] = [
    "options",
    "morale",
    "firepower",
    "fcr",
    "cmm",
    "movement",
    "impact",
];

/// What `volley rules deadly-field` says first: how to read the provenance
/// and confidence marks on its garbled charts.
pub(super) const PREAMBLE: &str = "Provenance: printed = read from the card; reconstructed = the card is garbled and this is volley's reading; assumed = the card is silent. Confidence: [H] high, [M] medium, [L] low (and [L-M], [M-H] between).";

/// Every action of the card, in the order `volley systems` lists them.
pub(super) const ACTIONS: &[&dyn Action] = &[
    &morale::MoraleAction::<false>,
    &morale::MoraleAction::<true>,
    &fire::FireAction,
    &impact::ImpactAction,
    &charge_action::ChargeAction,
    &firefight_action::FirefightAction,
];
