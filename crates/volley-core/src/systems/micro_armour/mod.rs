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

use crate::action::{ChartSystem, SystemAbout};
use crate::systems::ghq::engagement_action::EngagementAction;
use crate::systems::ghq::marker_removal::MarkerRemovalAction;
use crate::systems::ghq::movement::MoveAction;
use charts::Charts;

/// The Micro Armour system.
pub struct MicroArmour;

impl ChartSystem for MicroArmour {
    type Charts = Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "micro-armour",
        title: "GHQ Micro Armour: The Game - Modern",
        card: crate::rules::card!("micro_armour"),
        actions: &[
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
        ],
        charts: &describe::CHARTS,
        preamble: "",
        rolls: roll_points::ALL,
    };

    fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
        describe::describe_chart(charts, name, out);
    }
}
