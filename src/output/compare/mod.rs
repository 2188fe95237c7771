//! A comparison (`volley compare`): the baseline, each variant, and every
//! difference with its paired interval and test.

mod to_csv;
mod to_text;

use super::{Answer, Format, answer_contract};
use crate::compare::{Compared, Comparison};
use crate::contract::{self, ComparisonJson};

/// A finished comparison in `format`, each side's answer from its question:
/// what `volley compare` prints and the page's API returns.
pub fn render_comparison(comparison: &Comparison, compared: &Compared, format: Format) -> String {
    let base = Answer::of(&comparison.baseline, &compared.baseline);
    let variants: Vec<Answer> = comparison
        .variants
        .iter()
        .zip(&compared.variants)
        .map(|(v, a)| Answer::of(&v.question, &a.summary))
        .collect();
    render_compared(compared, &base, &variants, format)
}

/// Render a comparison in `format`; `base` and `variants` are the answers of
/// each side (as `volley odds` would print them).
pub fn render_compared(
    compared: &Compared,
    base: &Answer,
    variants: &[Answer],
    format: Format,
) -> String {
    match format {
        Format::Json => contract::to_pretty_json(&ComparisonJson::new(
            compared,
            answer_contract(base),
            variants.iter().map(answer_contract).collect(),
        )),
        Format::Csv => to_csv::csv_compared(compared, base, variants),
        Format::Table => to_text::text_compared(compared, base, variants, false),
        Format::Markdown => to_text::text_compared(compared, base, variants, true),
    }
}
