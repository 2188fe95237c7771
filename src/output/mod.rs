//! Renderings of a run for people and scripts: a terminal table, the JSON contract,
//! tidy CSV and Markdown. Every probability is printed exact or with its interval.

mod compare;
mod effects;
mod grid;
pub mod markdown;
mod single;
mod solve;
mod tally_file;

pub use compare::render_compared;
pub use effects::render_effects;
pub use grid::{Grid, GridCell, render_grid};
pub use single::{Answer, answer_object, render_answer};
pub use solve::render_solved;
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

/// A probability in percent to two decimals, never rounded to `0.00` or `100.00`
/// when it is not exactly 0 or 1 (`<0.01`, `>99.99`); `n/a` when undefined.
pub fn percent_digits(p: f64) -> String {
    if p.is_nan() {
        "n/a".to_string()
    } else if p > 0.0 && p < 0.00005 {
        "<0.01".to_string()
    } else if p < 1.0 && p > 0.99995 {
        ">99.99".to_string()
    } else {
        format!("{:.2}", 100.0 * p)
    }
}

/// A probability as a percentage, with its interval unless exact.
pub fn percent(e: &crate::stats::Estimate, exact: bool) -> String {
    if e.value.is_nan() {
        return "n/a (the condition never happens)".to_string();
    }
    if exact {
        format!("{}%", percent_digits(e.value))
    } else {
        format!(
            "{}% [{}, {}]",
            percent_digits(e.value),
            percent_digits(e.low),
            percent_digits(e.high)
        )
    }
}

/// A mean to four decimals, never rounded to `0.0000` when it is not 0.
pub fn number_digits(x: f64) -> String {
    if x > 0.0 && x < 0.00005 {
        "<0.0001".to_string()
    } else if x < 0.0 && x > -0.00005 {
        ">-0.0001".to_string()
    } else {
        format!("{x:.4}")
    }
}

/// A mean, with its interval unless exact.
pub fn number(e: &crate::stats::Estimate, exact: bool) -> String {
    if exact {
        number_digits(e.value)
    } else {
        format!(
            "{} [{}, {}]",
            number_digits(e.value),
            number_digits(e.low),
            number_digits(e.high)
        )
    }
}

/// A p-value as printed: four decimals, `<0.0001` below that, `exact` for an
/// exact difference (no test).
pub fn p_value_text(p: Option<f64>) -> String {
    match p {
        None => "exact".to_string(),
        Some(p) if p < 0.0001 => "<0.0001".to_string(),
        Some(p) => format!("{p:.4}"),
    }
}

/// A terminal table: every column padded to its widest cell, the first `left`
/// columns aligned left and the rest (numbers) right, indented two spaces.
pub fn aligned(header: &[String], rows: &[Vec<String>], left: usize) -> String {
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for line in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let cells: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(c, text)| {
                if c < left {
                    format!("{text:<w$}", w = widths[c])
                } else {
                    format!("{text:>w$}", w = widths[c])
                }
            })
            .collect();
        out.push_str("  ");
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
