//! A probability table over one or two swept fields (`volley table`).

use super::{Format, csv_field, percent};
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
}

/// Render a grid in `format`.
pub fn render_grid(grid: &Grid, format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Csv => {
            let _ = writeln!(
                out,
                "{},{},estimate,ci_low,ci_high,exact",
                csv_field(&grid.row_field),
                csv_field(&grid.column_field)
            );
            for (r, row) in grid.rows.iter().enumerate() {
                for (c, column) in grid.columns.iter().enumerate() {
                    let cell = &grid.cells[r][c];
                    let _ = writeln!(
                        out,
                        "{},{},{},{},{},{}",
                        csv_field(row),
                        csv_field(column),
                        cell.estimate.value,
                        cell.estimate.low,
                        cell.estimate.high,
                        cell.exact
                    );
                }
            }
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
                                "column_field": grid.column_field, "method": grid.method, "cells": cells});
            out = serde_json::to_string_pretty(&object).unwrap_or_default();
            out.push('\n');
        }
        Format::Markdown => {
            let _ = writeln!(out, "**{}**\n\n{}\n", grid.title, grid.method);
            let _ = write!(out, "| {} \\ {} |", grid.row_field, grid.column_field);
            for c in &grid.columns {
                let _ = write!(out, " {c} |");
            }
            let _ = write!(out, "\n|---|");
            for _ in &grid.columns {
                out.push_str("---|");
            }
            out.push('\n');
            for (r, row) in grid.rows.iter().enumerate() {
                let _ = write!(out, "| {row} |");
                for cell in &grid.cells[r] {
                    let _ = write!(out, " {} |", percent(&cell.estimate, cell.exact));
                }
                out.push('\n');
            }
        }
        Format::Table => {
            let texts: Vec<Vec<String>> = grid
                .cells
                .iter()
                .map(|row| row.iter().map(|c| percent(&c.estimate, c.exact)).collect())
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
            let _ = writeln!(out, "{}\n{}\n", grid.title, grid.method);
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
