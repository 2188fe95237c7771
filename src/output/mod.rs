//! Renderings of a run for people and scripts: a terminal table, the JSON contract,
//! tidy CSV and Markdown. Every probability is printed exact or with its interval.

mod grid;
mod single;
mod tally_file;

pub use grid::{Grid, GridCell, render_grid};
pub use single::{Answer, render_answer};
pub use tally_file::TallyFile;

use clap::ValueEnum;

/// Output formats of `odds` and `table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
    Markdown,
}

/// A probability as a percentage, with its interval unless exact.
pub fn percent(e: &crate::stats::Estimate, exact: bool) -> String {
    if exact {
        format!("{:.2}%", 100.0 * e.value)
    } else {
        format!(
            "{:.2}% [{:.2}, {:.2}]",
            100.0 * e.value,
            100.0 * e.low,
            100.0 * e.high
        )
    }
}

/// A mean, with its interval unless exact.
pub fn number(e: &crate::stats::Estimate, exact: bool) -> String {
    if exact {
        format!("{:.4}", e.value)
    } else {
        format!("{:.4} [{:.4}, {:.4}]", e.value, e.low, e.high)
    }
}

/// Quote a CSV field when needed.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
