//! A probability table over one or two swept fields (`volley table`).

use super::{Format, markdown, probability_text};
use crate::frame::{self, FrameColumn};
use crate::stats::Estimate;
use serde_json::json;
use std::fmt::Write;

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

/// Render a grid in `format`.
pub fn render_grid(grid: &Grid, format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Csv => {
            let (mut rows, mut columns, mut cells) = (Vec::new(), Vec::new(), Vec::new());
            for (r, row) in grid.rows.iter().enumerate() {
                for (c, column) in grid.columns.iter().enumerate() {
                    rows.push(row.clone());
                    columns.push(column.clone());
                    cells.push(&grid.cells[r][c]);
                }
            }
            out = frame::csv_of(vec![
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
                    FrameColumn::Text(vec![crate::readings::line(&grid.readings); cells.len()]),
                ),
            ]);
        }
        Format::Json => {
            let cells: Vec<_> = grid
                .rows
                .iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    grid.columns.iter().enumerate().map(move |(c, column)| (r, row, c, column))
                })
                .map(|(r, row, c, column)| {
                    let cell = &grid.cells[r][c];
                    json!({"row": row, "column": column, "probability": cell.estimate.value,
                           "ci_low": cell.estimate.low, "ci_high": cell.estimate.high, "exact": cell.exact})
                })
                .collect();
            let object = json!({"title": grid.title, "row_field": grid.row_field,
                                "column_field": grid.column_field, "method": grid.method, "scenario": grid.scenario, "cells": cells,
                                "provisional": grid.provisional,
                                "readings": grid.readings.iter().map(|(option, value)| json!({"option": option, "value": value})).collect::<Vec<_>>()});
            out = serde_json::to_string_pretty(&object).unwrap_or_default();
            out.push('\n');
        }
        Format::Markdown => {
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
                    crate::readings::line(&grid.readings)
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
        }
        Format::Table => {
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
                    crate::readings::line(&grid.readings)
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
        }
    }
    out
}
