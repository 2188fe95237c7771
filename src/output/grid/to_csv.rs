//! A table as CSV: one row a cell, with its interval and readings.

use super::Grid;
use crate::frame::{self, FrameColumn};

pub(super) fn csv_grid(grid: &Grid) -> String {
    let (mut rows, mut columns, mut cells) = (Vec::new(), Vec::new(), Vec::new());
    for (r, row) in grid.rows.iter().enumerate() {
        for (c, column) in grid.columns.iter().enumerate() {
            rows.push(row.clone());
            columns.push(column.clone());
            cells.push(&grid.cells[r][c]);
        }
    }
    frame::csv_of(vec![
        (grid.row_field.as_str(), FrameColumn::Text(rows)),
        (grid.column_field.as_str(), FrameColumn::Text(columns)),
        (
            "estimate",
            FrameColumn::Number(cells.iter().map(|c| c.estimate.value).collect()),
        ),
        (
            "ci_low",
            FrameColumn::Number(cells.iter().map(|c| c.estimate.low).collect()),
        ),
        (
            "ci_high",
            FrameColumn::Number(cells.iter().map(|c| c.estimate.high).collect()),
        ),
        (
            "exact",
            FrameColumn::Flag(cells.iter().map(|c| c.exact).collect()),
        ),
        (
            "provisional",
            FrameColumn::Text(vec![
                grid.provisional.clone().unwrap_or_default();
                cells.len()
            ]),
        ),
        (
            "readings",
            FrameColumn::Text(vec![
                crate::ask::readings::line(&grid.readings);
                cells.len()
            ]),
        ),
    ])
}
