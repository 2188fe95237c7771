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

use crate::action::{ChartSystem, SystemAbout};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::engagement_action::EngagementAction;
use crate::systems::ghq::marker_removal::MarkerRemovalAction;
use crate::systems::ghq::movement::MoveAction;
use charts::Charts;
use std::sync::Arc;

/// `micro-squad engagement`, for the tests and benchmarks that build its
/// engagement by hand.
pub type MsEngagementAction = EngagementAction<Charts>;

/// The Micro Squad system.
pub struct MicroSquad;

/// Typed, compiled charts from a (possibly patched) rule book.
pub fn charts_of(rules: &RuleBook) -> Result<Arc<Charts>, InputError> {
    crate::action::charts_of(rules)
}

impl ChartSystem for MicroSquad {
    type Charts = Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "micro-squad",
        title: "GHQ Micro Squad (WWII)",
        card: crate::rules::card!("micro_squad"),
        actions: &[
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
        ],
        charts: &describe::CHARTS,
        preamble: "",
        rolls: roll_points::ALL,
    };

    fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
        describe::describe_chart(charts, name, out);
    }
}
