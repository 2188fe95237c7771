//! A table as Markdown, for reports.

use super::Grid;
use crate::output::{markdown, probability_text};
use std::fmt::Write;

pub(super) fn markdown_grid(grid: &Grid) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}**\n\n{}\n\nScenario: `{}`.\n",
        grid.title, grid.method, grid.scenario
    );
    if let Some(reason) = &grid.provisional {
        let _ = writeln!(out, "> **PROVISIONAL:** {reason}.\n");
    }
    if !grid.readings.is_empty() {
        let _ = writeln!(
            out,
            "Readings of the card the cells rest on: `{}` (`volley odds` on a cell measures the others).\n",
            crate::ask::readings::line(&grid.readings)
        );
    }
    let mut header = vec![format!("{} \\ {}", grid.row_field, grid.column_field)];
    header.extend(grid.columns.iter().cloned());
    let rows: Vec<Vec<String>> = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .map(|(row, cells)| {
            let mut line = vec![row.clone()];
            line.extend(
                cells
                    .iter()
                    .map(|c| probability_text(&c.estimate, c.exact, grid.fractions)),
            );
            line
        })
        .collect();
    out.push_str(&markdown::table(&header, &rows));
    out
}
