//! The registry: every system volley knows, one line each: its folder and
//! struct, volley's name for it, the card's title, and what `volley rules`
//! says before the charts. The card's TOML (`src/rules/<folder>.toml`) and
//! the charts, actions, chart names, chart printer and roll points the
//! folder exports (`Charts`, `ACTIONS`, `CHARTS`, `describe_chart`, `ROLLS`
//! in its `mod.rs`) are wired to it here; a system's folder holds its rules
//! and says what actions its card has, this file says what the system is.
//! Adding a system adds one line.

use super::{deadly_field, hex_acw, micro_armour, micro_force, micro_squad, stand_and_die};
use crate::action::{ChartSystem, DescribeChart, System, SystemAbout};
use crate::rules::card;

/// Each line: a system's `ChartSystem` impl, and its place in [`all`].
macro_rules! registry {
    ($($folder:ident::$system:ident = $name:literal, $title:literal, $preamble:expr;)+) => {
        /// Every system volley knows, in the order `volley systems` lists them.
        pub fn all() -> &'static [&'static dyn System] {
            &[$(&$folder::$system),+]
        }

        $(impl ChartSystem for $folder::$system {
            type Charts = $folder::Charts;

            const ABOUT: &'static SystemAbout = &SystemAbout {
                name: $name,
                title: $title,
                card: card!(stringify!($folder)),
                actions: $folder::ACTIONS,
                charts: &$folder::CHARTS,
                preamble: $preamble,
                rolls: $folder::ROLLS,
            };

            const DESCRIBE_CHART: DescribeChart<Self::Charts> = $folder::describe_chart;
        })+
    };
}

registry! {
    micro_force::MicroForce = "micro-force",
        "GHQ Micro Force: The Game (American Civil War)", micro_force::PREAMBLE;
    micro_squad::MicroSquad = "micro-squad", "GHQ Micro Squad (WWII)", "";
    micro_armour::MicroArmour = "micro-armour", "GHQ Micro Armour: The Game - Modern", "";
    hex_acw::HexAcw = "hex-acw",
        "The American Civil War (Marchin' & Fightin'), hex rules", "";
    stand_and_die::StandAndDie = "stand-and-die",
        "Stand and Die! (16th-19th century), hex rules", "";
    deadly_field::DeadlyField = "deadly-field",
        "Across A Deadly Field (ACW regiments)", deadly_field::PREAMBLE;
}
