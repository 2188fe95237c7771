//! Renderings of a run for people and scripts: a terminal table, the JSON contract,
//! tidy CSV and Markdown. Every probability is printed exact or with its interval.

mod answer;
mod compare;
mod document;
mod effects;
mod grid;
pub mod markdown;
mod plan;
pub mod readings;
mod solve;

pub use crate::contract::TallyFile;
pub use answer::{Answer, Look, answer_contract, render_odds};
pub use compare::{ComparedDocument, comparison_json, render_comparison};
pub use document::{Document, render};
pub use effects::EffectsDocument;
pub use grid::{Grid, GridCell, TableAsk, tabulate};
pub use plan::PlanDocument;
#[cfg(feature = "native")]
pub use plan::policy_map;
pub use solve::SolvedDocument;

use clap::ValueEnum;

/// Output formats of `odds` and `table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Json,
    #[cfg(feature = "native")]
    Csv,
    Markdown,
}

pub use crate::stats::text::{
    MAX_DENOMINATOR, fraction, percent, percent_digits, probability_text,
};

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

/// A p-value as printed: four decimals, `< 0.0001` below that (never
/// `5.2e-84`), `exact` for an exact difference (no test).
pub fn p_value_text(p: Option<f64>) -> String {
    match p {
        None => "exact".to_string(),
        Some(p) if p < 0.0001 => "< 0.0001".to_string(),
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

#[cfg(test)]
mod fraction_tests {
    use super::*;

    #[test]
    fn exact_dice_probabilities_read_as_fractions() {
        assert_eq!(fraction(7.0 / 36.0), Some((7, 36)));
        assert_eq!(fraction(0.0), Some((0, 1)));
        assert_eq!(fraction(1.0), Some((1, 1)));
        assert_eq!(fraction(61.0 / 720.0 + 1e-16), Some((61, 720)));
        // A sum of products, as the exact method computes one.
        let p = (1.0 / 6.0) * (5.0 / 6.0) + (1.0 / 36.0) * (11.0 / 20.0);
        assert_eq!(fraction(p), Some((37, 240)));
        // Not a fraction with a small denominator.
        assert_eq!(fraction(std::f64::consts::PI / 4.0), None);
        let e = crate::stats::Estimate::exact(7.0 / 36.0);
        assert_eq!(probability_text(&e, true, true), "7/36 (19.44%)");
        assert_eq!(probability_text(&e, true, false), "19.44%");
    }
}

#[cfg(test)]
mod percent_tests {
    use crate::stats::Estimate;

    #[test]
    fn tiny_probabilities_are_never_printed_as_zero() {
        let e = Estimate {
            value: 0.00002,
            low: 0.000001,
            high: 0.00004,
        };
        assert_eq!(super::percent(&e, false), "<0.01% [<0.01, <0.01]");
        assert_eq!(super::percent(&e, true), "<0.01%");
        assert_eq!(super::percent(&Estimate::exact(0.0), true), "0.00%");
    }
}
