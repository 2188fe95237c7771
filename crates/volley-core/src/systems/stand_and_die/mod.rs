//! "Stand and Die!" (16th-19th century), seed file 003: figures in
//! hexes, chances per figure by the target's posture and cover. Actions: `attack`
//! and `duel` (exact by stepping the distribution over both hexes' figures).

mod attack;
mod charts;
mod describe;
mod duel;
mod hex;
mod roll_points;

use crate::action::{ChartSystem, SystemAbout};
use charts::Charts;

/// The Stand and Die! system.
pub struct StandAndDie;

const CHARTS: [&str; 3] = ["options", "chances", "casualties"];

impl ChartSystem for StandAndDie {
    type Charts = Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "stand-and-die",
        title: "Stand and Die! (16th-19th century), hex rules",
        card: crate::rules::card!("stand_and_die"),
        actions: &[&attack::AttackAction, &duel::DuelAction],
        charts: &CHARTS,
        preamble: "",
        rolls: roll_points::ALL,
    };

    fn describe_chart(charts: &Charts, name: &str, out: &mut String) {
        describe::describe_chart(charts, name, out);
    }
}
