//! A probability table (`volley table --format json`): one outcome's
//! probability over one or two fields.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The table: its axes, the scenario its cells share, and every cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableJson {
    /// `P(result = E)`, the outcome every cell gives.
    pub title: String,
    pub row_field: String,
    pub column_field: String,
    /// How the cells were computed, in words.
    pub method: String,
    /// The fields the cells share (given, then defaults taken).
    pub scenario: String,
    /// Row by row, one entry a cell.
    pub cells: Vec<TableCellJson>,
    /// Why the table is provisional (a reconstructed chart), or `null`.
    pub provisional: Option<String>,
    /// The card's unsure readings the cells rest on, with the values used.
    pub readings: Vec<UsedReadingJson>,
}

/// One cell: the probability at one row and column value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableCellJson {
    pub row: String,
    pub column: String,
    pub probability: f64,
    /// The interval's ends (equal to `probability` when exact).
    pub ci_low: f64,
    pub ci_high: f64,
    pub exact: bool,
}

/// A reading of the card (a rules option) and the value used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UsedReadingJson {
    pub option: String,
    pub value: String,
}

impl UsedReadingJson {
    /// The list of `(option, value)` pairs as the contract writes it.
    pub fn list(readings: &[(String, String)]) -> Vec<UsedReadingJson> {
        readings
            .iter()
            .map(|(option, value)| UsedReadingJson {
                option: option.clone(),
                value: value.clone(),
            })
            .collect()
    }
}
