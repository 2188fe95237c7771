//! GHQ *Micro Force: The Game - American Civil War*, seed card 000.
//!
//! Charts are data (`src/rules/micro_force.toml`, typed in [`charts`]). The attack
//! value per stand (Charts 3 and 4, not on the card) is a scenario input. Actions:
//! fire, charge, melee (Chart 10 alone), the marker-recovery tests (rally,
//! cease-fire, rejoin, resupply), initiative, and a multi-turn firefight.

mod charge;
pub mod charts;
mod describe;
mod fields;
mod fire;
mod firefight;
mod initiative;
mod melee;
mod morale;
mod recovery;
pub mod unit;

use crate::action::{Action, System};
use crate::error::InputError;
use crate::rules::{Card, RuleBook};
use charts::Charts;
use std::sync::Arc;

/// The Micro Force system.
pub struct MicroForce;

/// Typed, compiled charts from a (possibly patched) rule book.
pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

impl System for MicroForce {
    fn name(&self) -> &'static str {
        "micro-force"
    }

    fn title(&self) -> &'static str {
        "GHQ Micro Force: The Game (American Civil War)"
    }

    fn card(&self) -> Card {
        Card {
            file: "crates/volley-core/src/rules/micro_force.toml",
            text: include_str!("../../rules/micro_force.toml"),
        }
    }

    fn actions(&self) -> Vec<&'static dyn Action> {
        vec![
            &fire::FireAction,
            &charge::ChargeAction,
            &melee::MeleeAction,
            &recovery::RecoveryAction { name: "rally" },
            &recovery::RecoveryAction { name: "cease-fire" },
            &recovery::RecoveryAction { name: "rejoin" },
            &recovery::RecoveryAction { name: "resupply" },
            &initiative::InitiativeAction,
            &firefight::FirefightAction,
        ]
    }

    fn check_rules(&self, rules: &RuleBook) -> Result<(), String> {
        crate::action::compile_charts::<Charts>(rules).map(|_| ())
    }

    fn describe_chart(
        &self,
        rules: &RuleBook,
        chart: &str,
        out: &mut String,
    ) -> Result<(), InputError> {
        describe::describe_chart(&*charts_of(rules)?, chart, out);
        Ok(())
    }

    fn describe_preamble(&self) -> &'static str {
        "Charts 3 & 4 (AV by weapon and range) are not on the card: give av_per_stand.\n"
    }

    fn chart_names(&self) -> Vec<&'static str> {
        describe::CHARTS.to_vec()
    }
}
