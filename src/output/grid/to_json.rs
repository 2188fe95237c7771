//! A table as the contract's JSON (`TableJson`).

use super::Grid;
use crate::contract::{self, TableCellJson, TableJson, UsedReadingJson};

pub(super) fn json_grid(grid: &Grid) -> String {
    let cells = grid
        .rows
        .iter()
        .zip(&grid.cells)
        .flat_map(|(row, cells)| {
            grid.columns
                .iter()
                .zip(cells)
                .map(|(column, cell)| TableCellJson {
                    row: row.clone(),
                    column: column.clone(),
                    probability: cell.estimate.value,
                    ci_low: cell.estimate.low,
                    ci_high: cell.estimate.high,
                    exact: cell.exact,
                })
        })
        .collect();
    contract::to_pretty_json(&TableJson {
        title: grid.title.clone(),
        row_field: grid.row_field.clone(),
        column_field: grid.column_field.clone(),
        method: grid.method.clone(),
        scenario: grid.scenario.clone(),
        cells,
        provisional: grid.provisional.clone(),
        readings: UsedReadingJson::list(&grid.readings),
    })
}
