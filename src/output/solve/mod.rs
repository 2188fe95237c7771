//! The inverse question (`volley solve`): every value tried and the one found.

mod to_csv;
mod to_text;

use super::Format;
use crate::contract::{self, SolvedJson};
use crate::solve::Solved;

/// Render a search in `format`.
pub fn render_solved(system: &str, action: &str, s: &Solved, format: Format) -> String {
    match format {
        Format::Json => contract::to_pretty_json(&SolvedJson::new(system, action, s)),
        Format::Csv => to_csv::csv_solved(s),
        Format::Table => to_text::text_solved(system, action, s, false),
        Format::Markdown => to_text::text_solved(system, action, s, true),
    }
}
