//! The values of Micro Force's rules options: every reading the card leaves
//! open, as the chart file names it.

use serde::Deserialize;

/// Chart 6's cell at row -2, column +8: the reconstructed `6/2.5`, or the
/// card's printed `6/1.5`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub enum MinusTwoPlusEight {
    #[serde(rename = "6/2.5")]
    Reconstructed,
    #[serde(rename = "6/1.5")]
    Printed,
}

/// How a battery's losses read on Chart 7 (its own sub-table is lost, Q6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArtilleryCohesionLoss {
    /// Each half stand lost is one step on the infantry rows.
    InfantryRowsHalfstand,
    /// The designer's formula over half stands: round(15 x lost / (2 x stands)).
    Formula,
}

/// Who has the initiative after a tie on the first turn (no last-turn winner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstTurnTie {
    /// Roll again until someone wins.
    Reroll,
    /// Side A (the scenario's first side) keeps it.
    A,
    /// Side B keeps it.
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum MiracleFace {
    #[serde(rename = "20")]
    Twenty,
    #[serde(rename = "1")]
    One,
    #[serde(rename = "off")]
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstFire {
    Plus2Stands,
    #[serde(rename = "plus2_AV")]
    Plus2Av,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormationMods {
    ColumnAttackColumnSkirmish,
    Literal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BelowMinus5 {
    Clamp,
    NoEffect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rows89 {
    Printed,
    Formula,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CavHeavyCover {
    LightRow,
    Forbidden,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShakenOnShaken {
    NoChange,
    Rout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkedaddleBead {
    None,
    Shaken,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRounds {
    NextTurn,
    Immediate,
}
