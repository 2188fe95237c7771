//! The inverse question (`volley solve`): every value tried and the one found.

#[cfg(feature = "native")]
mod to_csv;
mod to_text;

use super::Document;
use crate::ask::solve::Solved;
use crate::contract::{self, SolvedJson};

/// A search of a system's action.
pub struct SolvedDocument<'a> {
    pub system: &'a str,
    pub action: &'a str,
    pub solved: &'a Solved,
}

impl Document for SolvedDocument<'_> {
    fn json(&self) -> String {
        contract::to_pretty_json(&SolvedJson::new(self.system, self.action, self.solved))
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        to_csv::csv_solved(self.solved)
    }

    fn text(&self, markdown: bool) -> String {
        to_text::text_solved(self.system, self.action, self.solved, markdown)
    }
}
