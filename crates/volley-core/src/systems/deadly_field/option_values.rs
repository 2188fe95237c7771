//! The values of Across A Deadly Field's rules options: every reading the
//! garbled card leaves open, as the chart file names it.

use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeBonus {
    HalfUp,
    HalfDown,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Melee {
    FireBoth,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandLoss {
    Ceil,
    Floor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedImprove {
    AsPrinted,
    NoImprove,
}

/// Which Charge Morale Modifier a Disordered or Shaken unit reads at impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImpactCmm {
    LevelRow,
    Formation,
}

/// Which reconstruction of the Fire Combat Results table to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum FcrCandidate {
    A,
    B,
}

/// Whether the table's rows are the firer's arm or the target's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FcrRowBy {
    Firer,
    Target,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HalfRound {
    Floor,
    Up,
}

/// The order of the mounted-cavalry target modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrmOrder {
    AsPrinted,
    Swapped,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Natural23 {
    WorseOf,
    AsPrinted,
}

/// A drop below Routed: the only reading built (the level scale ends there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropBelowRouted {
    StayRouted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NaturalFallBack {
    Margin,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    HalfDown,
    HalfUp,
}

/// A charged Routed unit: an impact roll as usual, or surrender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutedCharged {
    Fiv,
    Surrender,
}
