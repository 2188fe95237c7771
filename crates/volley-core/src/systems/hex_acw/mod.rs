//! "The American Civil War" (Marchin' & Fightin'), seed file 003: a
//! small hex rule set counting figures. Actions: `fire` (up to three hexes on one
//! target) and `duel` (two hexes trading fire, exact by state stepping).

mod charts;
mod describe;
mod duel;
mod fire;
mod hex;
mod roll_points;

use crate::action::{ChartSystem, SystemAbout};
use charts::Charts;

/// The hex ACW system.
pub struct HexAcw;

const CHARTS: [&str; 3] = ["options", "firepower", "casualties"];

impl ChartSystem for HexAcw {
    type Charts = Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "hex-acw",
        title: "The American Civil War (Marchin' & Fightin'), hex rules",
        card: crate::rules::card!("hex_acw"),
        actions: &[&fire::FireAction, &duel::DuelAction],
        charts: &CHARTS,
        preamble: "",
        rolls: roll_points::ALL,
    };

    fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
        describe::describe_chart(charts, name, out);
    }
}
