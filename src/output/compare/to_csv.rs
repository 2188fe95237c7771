//! A comparison as CSV: one row a difference, with both sides' estimates.

use crate::ask::compare::Compared;
use crate::frame::{self, FrameColumn};
use crate::output::Answer;

pub(super) fn csv_compared(compared: &Compared, base: &Answer, variants: &[Answer]) -> String {
    let mut columns: [Vec<String>; 4] = Default::default();
    let (mut base_values, mut variant_values) = (Vec::new(), Vec::new());
    let (mut diff, mut low, mut high, mut p) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut marks = Vec::new();
    let mut readings = Vec::new();
    for (v, answer) in compared.variants.iter().zip(variants) {
        for row in &v.differences {
            columns[0].push(v.name.clone());
            columns[1].push(
                if row.value.is_some() {
                    "probability"
                } else {
                    "mean"
                }
                .to_string(),
            );
            columns[2].push(row.variable.clone());
            columns[3].push(row.value.clone().unwrap_or_default());
            let of = |a: &Answer| match &row.value {
                Some(value) => a.summary.probability(&row.variable, value).map(|e| e.value),
                None => a.summary.mean(&row.variable).map(|e| e.value),
            };
            base_values.push(of(base).unwrap_or(f64::NAN));
            variant_values.push(of(answer).unwrap_or(f64::NAN));
            diff.push(row.difference.value);
            low.push(row.difference.low);
            high.push(row.difference.high);
            p.push(row.difference.p_value.unwrap_or(f64::NAN));
            marks.push(answer.provisional.clone().unwrap_or_default());
            readings.push(crate::ask::readings::line(&crate::ask::readings::pairs(
                &answer.readings,
            )));
        }
    }
    let [names, kinds, variables, values] = columns;
    frame::csv_of(vec![
        ("variant", FrameColumn::Text(names)),
        ("kind", FrameColumn::Text(kinds)),
        ("variable", FrameColumn::Text(variables)),
        ("value", FrameColumn::Text(values)),
        ("baseline", FrameColumn::Number(base_values)),
        ("estimate", FrameColumn::Number(variant_values)),
        ("difference", FrameColumn::Number(diff)),
        ("diff_low", FrameColumn::Number(low)),
        ("diff_high", FrameColumn::Number(high)),
        ("p_value", FrameColumn::Number(p)),
        ("provisional", FrameColumn::Text(marks)),
        ("readings", FrameColumn::Text(readings)),
    ])
}
