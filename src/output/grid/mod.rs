//! A probability table over one or two swept fields (`volley table`).

mod tabulate;
#[cfg(feature = "native")]
mod to_csv;
mod to_json;
mod to_markdown;
mod to_table;

pub use tabulate::{TableAsk, tabulate};

use super::Document;
use crate::stats::Estimate;

/// One cell: the estimate and whether it is exact.
#[derive(Clone, Debug)]
pub struct GridCell {
    pub estimate: Estimate,
    pub exact: bool,
}

/// Rows x columns of estimates, with their labels.
#[derive(Clone, Debug)]
pub struct Grid {
    pub title: String,
    pub row_field: String,
    pub column_field: String,
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    pub cells: Vec<Vec<GridCell>>,
    pub method: String,
    /// The scenario the cells share, in words (the fields given, then the
    /// defaults taken; the axes vary).
    pub scenario: String,
    /// Show exact probabilities as fractions where the denominator is small.
    pub fractions: bool,
    /// Why the table is provisional (it reads a reconstructed chart), if it is.
    pub provisional: Option<String>,
    /// The rules options the cells consulted, with the values used.
    pub readings: Vec<(String, String)>,
}

impl Document for Grid {
    fn json(&self) -> String {
        to_json::json_grid(self)
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        to_csv::csv_grid(self)
    }

    fn text(&self, markdown: bool) -> String {
        if markdown {
            to_markdown::markdown_grid(self)
        } else {
            to_table::text_grid(self)
        }
    }
}
