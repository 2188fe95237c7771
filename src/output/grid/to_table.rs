//! A table as aligned text for the terminal.

use super::Grid;
use crate::output::probability_text;
use std::fmt::Write;

pub(super) fn text_grid(grid: &Grid) -> String {
    let mut out = String::new();
    let texts: Vec<Vec<String>> = grid
        .cells
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| probability_text(&c.estimate, c.exact, grid.fractions))
                .collect()
        })
        .collect();
    let head = format!("{} \\ {}", grid.row_field, grid.column_field);
    let first = grid
        .rows
        .iter()
        .map(String::len)
        .chain([head.len()])
        .max()
        .unwrap_or(4);
    let width = texts
        .iter()
        .flatten()
        .map(String::len)
        .chain(grid.columns.iter().map(String::len))
        .max()
        .unwrap_or(6);
    let _ = writeln!(
        out,
        "{}\n{}\nscenario: {}",
        grid.title, grid.method, grid.scenario
    );
    if let Some(reason) = &grid.provisional {
        let _ = writeln!(out, "PROVISIONAL: {reason}.");
    }
    if !grid.readings.is_empty() {
        let _ = writeln!(
            out,
            "readings: {} (`volley odds` on a cell measures the others)",
            crate::ask::readings::line(&grid.readings)
        );
    }
    out.push('\n');
    let _ = write!(out, "{head:<first$}");
    for c in &grid.columns {
        let _ = write!(out, "  {c:>width$}");
    }
    out.push('\n');
    for (r, row) in grid.rows.iter().enumerate() {
        let _ = write!(out, "{row:<first$}");
        for t in &texts[r] {
            let _ = write!(out, "  {t:>width$}");
        }
        out.push('\n');
    }
    out
}
