//! The registry: every system volley knows, with what it is called, the card
//! it reads, and the charts, actions and named rolls its folder defines. A
//! system's folder holds its rules and says what actions its card has
//! (`ACTIONS` in its `mod.rs`); this file says what the system is. Adding a
//! system adds one block here and one line to [`all`].

use super::{deadly_field, hex_acw, micro_armour, micro_force, micro_squad, stand_and_die};
use crate::action::{ChartSystem, DescribeChart, System, SystemAbout};
use crate::rules::card;

/// Every system volley knows, in the order `volley systems` lists them.
pub fn all() -> &'static [&'static dyn System] {
    &[
        &micro_force::MicroForce,
        &micro_squad::MicroSquad,
        &micro_armour::MicroArmour,
        &hex_acw::HexAcw,
        &stand_and_die::StandAndDie,
        &deadly_field::DeadlyField,
    ]
}

impl ChartSystem for micro_force::MicroForce {
    type Charts = micro_force::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "micro-force",
        title: "GHQ Micro Force: The Game (American Civil War)",
        card: card!("micro_force"),
        actions: micro_force::ACTIONS,
        charts: &micro_force::CHARTS,
        preamble: micro_force::PREAMBLE,
        rolls: micro_force::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = micro_force::describe_chart;
}

impl ChartSystem for micro_squad::MicroSquad {
    type Charts = micro_squad::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "micro-squad",
        title: "GHQ Micro Squad (WWII)",
        card: card!("micro_squad"),
        actions: micro_squad::ACTIONS,
        charts: &micro_squad::CHARTS,
        preamble: "",
        rolls: micro_squad::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = micro_squad::describe_chart;
}

impl ChartSystem for micro_armour::MicroArmour {
    type Charts = micro_armour::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "micro-armour",
        title: "GHQ Micro Armour: The Game - Modern",
        card: card!("micro_armour"),
        actions: micro_armour::ACTIONS,
        charts: &micro_armour::CHARTS,
        preamble: "",
        rolls: micro_armour::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = micro_armour::describe_chart;
}

impl ChartSystem for hex_acw::HexAcw {
    type Charts = hex_acw::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "hex-acw",
        title: "The American Civil War (Marchin' & Fightin'), hex rules",
        card: card!("hex_acw"),
        actions: hex_acw::ACTIONS,
        charts: &hex_acw::CHARTS,
        preamble: "",
        rolls: hex_acw::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = hex_acw::describe_chart;
}

impl ChartSystem for stand_and_die::StandAndDie {
    type Charts = stand_and_die::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "stand-and-die",
        title: "Stand and Die! (16th-19th century), hex rules",
        card: card!("stand_and_die"),
        actions: stand_and_die::ACTIONS,
        charts: &stand_and_die::CHARTS,
        preamble: "",
        rolls: stand_and_die::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = stand_and_die::describe_chart;
}

impl ChartSystem for deadly_field::DeadlyField {
    type Charts = deadly_field::Charts;

    const ABOUT: &'static SystemAbout = &SystemAbout {
        name: "deadly-field",
        title: "Across A Deadly Field (ACW regiments)",
        card: card!("deadly_field"),
        actions: deadly_field::ACTIONS,
        charts: &deadly_field::CHARTS,
        preamble: deadly_field::PREAMBLE,
        rolls: deadly_field::ROLLS,
    };

    const DESCRIBE_CHART: DescribeChart<Self::Charts> = deadly_field::describe_chart;
}
