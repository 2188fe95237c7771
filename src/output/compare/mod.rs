//! A comparison (`volley compare`): the baseline, each variant, and every
//! difference with its paired interval and test.

#[cfg(feature = "native")]
mod to_csv;
mod to_text;

use super::{Answer, Document, Format, answer_contract, render};
use crate::ask::compare::{Compared, Comparison};
use crate::contract::{self, ComparisonJson};

/// A finished comparison in `format`, each side's answer from its question:
/// what `volley compare` prints and the page's API returns.
pub fn render_comparison(comparison: &Comparison, compared: &Compared, format: Format) -> String {
    let (base, variants) = answers(comparison, compared);
    render(
        &ComparedDocument {
            compared,
            base: &base,
            variants: &variants,
        },
        format,
    )
}

/// A finished comparison as its JSON contract (what `--format json` prints).
pub fn comparison_json(comparison: &Comparison, compared: &Compared) -> ComparisonJson {
    let (base, variants) = answers(comparison, compared);
    contract_of(compared, &base, &variants)
}

/// Each side's answer from its question: the baseline, then each variant.
fn answers<'a>(
    comparison: &'a Comparison,
    compared: &'a Compared,
) -> (Answer<'a>, Vec<Answer<'a>>) {
    let base = Answer::of(&comparison.baseline, &compared.baseline);
    let variants = comparison
        .variants
        .iter()
        .zip(&compared.variants)
        .map(|(v, a)| Answer::of(&v.question, &a.summary))
        .collect();
    (base, variants)
}

fn contract_of(compared: &Compared, base: &Answer, variants: &[Answer]) -> ComparisonJson {
    ComparisonJson::new(
        compared,
        answer_contract(base),
        variants.iter().map(answer_contract).collect(),
    )
}

/// A comparison run; `base` and `variants` are the answers of each side (as
/// `volley odds` would print them).
pub struct ComparedDocument<'a> {
    pub compared: &'a Compared,
    pub base: &'a Answer<'a>,
    pub variants: &'a [Answer<'a>],
}

impl Document for ComparedDocument<'_> {
    fn json(&self) -> String {
        contract::to_pretty_json(&contract_of(self.compared, self.base, self.variants))
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        to_csv::csv_compared(self.compared, self.base, self.variants)
    }

    fn text(&self, markdown: bool) -> String {
        to_text::text_compared(self.compared, self.base, self.variants, markdown)
    }
}
