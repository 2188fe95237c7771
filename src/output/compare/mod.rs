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
    let base = Answer::of(&comparison.baseline, &compared.baseline);
    let variants: Vec<Answer> = comparison
        .variants
        .iter()
        .zip(&compared.variants)
        .map(|(v, a)| Answer::of(&v.question, &a.summary))
        .collect();
    render(
        &ComparedDocument {
            compared,
            base: &base,
            variants: &variants,
        },
        format,
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
        contract::to_pretty_json(&ComparisonJson::new(
            self.compared,
            answer_contract(self.base),
            self.variants.iter().map(answer_contract).collect(),
        ))
    }

    #[cfg(feature = "native")]
    fn csv(&self) -> String {
        to_csv::csv_compared(self.compared, self.base, self.variants)
    }

    fn text(&self, markdown: bool) -> String {
        to_text::text_compared(self.compared, self.base, self.variants, markdown)
    }
}
