//! A comparison (`volley compare`): the baseline, each variant, and every
//! difference with its paired interval and test.

use super::{
    Answer, Format, aligned, answer_contract, markdown, number_digits, p_value_text, percent_digits,
};
use crate::compare::{Compared, Comparison, DifferenceRow};
use crate::contract::{self, ComparisonJson};
use crate::frame::{self, FrameColumn};
use std::fmt::Write;

/// A difference in percentage points (probabilities) or in the mean's unit, with
/// its interval unless exact.
fn difference_text(row: &DifferenceRow, exact: bool) -> String {
    let d = &row.difference;
    let scale = |x: f64| match row.value {
        Some(_) => format!("{:+.2}", 100.0 * x),
        None => {
            let text = number_digits(x.abs());
            if x < 0.0 {
                format!("-{text}")
            } else {
                format!("+{text}")
            }
        }
    };
    let unit = if row.value.is_some() { " pts" } else { "" };
    if exact {
        format!("{}{unit}", scale(d.value))
    } else {
        format!(
            "{}{unit} [{}, {}]",
            scale(d.value),
            scale(d.low),
            scale(d.high)
        )
    }
}

fn p_text(row: &DifferenceRow) -> String {
    p_value_text(row.difference.p_value)
}

/// The baseline's or a variant's estimate of a row's outcome or mean.
fn estimate_text(answer: &Answer, row: &DifferenceRow) -> String {
    let s = answer.summary;
    match &row.value {
        Some(value) => s
            .probability(&row.variable, value)
            .map_or("-".to_string(), |e| format!("{}%", percent_digits(e.value))),
        None => s
            .mean(&row.variable)
            .map_or("-".to_string(), |e| number_digits(e.value)),
    }
}

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
        Format::Csv => {
            let mut columns: [Vec<String>; 4] = Default::default();
            let (mut base_values, mut variant_values) = (Vec::new(), Vec::new());
            let (mut diff, mut low, mut high, mut p) =
                (Vec::new(), Vec::new(), Vec::new(), Vec::new());
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
                    readings.push(crate::readings::line(&crate::readings::pairs(
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
        Format::Table | Format::Markdown => {
            let md = format == Format::Markdown;
            let mut out = String::new();
            let method = if compared.exact {
                "exact: every side enumerated, the differences are exact".to_string()
            } else {
                format!(
                    "Monte Carlo, {} paired trials (every side on the same dice), seed {}; {:.0}% paired intervals; p: McNemar's exact test (probabilities), paired t test (means)",
                    compared.trials.unwrap_or(0),
                    compared.seed,
                    100.0 * compared.confidence
                )
            };
            if md {
                let _ = writeln!(
                    out,
                    "### {} {}: compared\n\n{method}.\n",
                    base.system, base.action
                );
            } else {
                let _ = writeln!(out, "{} {}: compared\n{method}", base.system, base.action);
            }
            if let Some(reason) = &base.provisional {
                let _ = writeln!(out, "PROVISIONAL (baseline): {reason}.");
            }
            let used = |a: &Answer| crate::readings::pairs(&a.readings);
            if !base.readings.is_empty() {
                let _ = writeln!(
                    out,
                    "readings (baseline): {}",
                    crate::readings::line(&used(base))
                );
            }
            for (v, answer) in compared.variants.iter().zip(variants) {
                let title = format!("{} ({}) against the baseline", v.name, v.spec);
                let headline = base.headline.and_then(|(variable, value)| {
                    v.differences
                        .iter()
                        .find(|r| r.variable == variable && r.value.as_deref() == Some(value))
                });
                let variant_mark = answer
                    .provisional
                    .as_ref()
                    .filter(|r| Some(*r) != base.provisional.as_ref());
                let mut rows = Vec::new();
                for row in &v.differences {
                    rows.push(vec![
                        row.variable.clone(),
                        row.value.clone().unwrap_or_else(|| "(mean)".to_string()),
                        estimate_text(base, row),
                        estimate_text(answer, row),
                        difference_text(row, compared.exact),
                        p_text(row),
                    ]);
                }
                let header: Vec<String> =
                    ["variable", "value", "baseline", &v.name, "difference", "p"]
                        .iter()
                        .map(|s| s.to_string())
                        .collect();
                let variant_readings =
                    Some(used(answer)).filter(|r| !r.is_empty() && *r != used(base));
                if md {
                    let _ = writeln!(out, "\n#### {title}\n");
                    if let Some(r) = &variant_readings {
                        let _ = writeln!(
                            out,
                            "Readings ({}): `{}`.\n",
                            v.name,
                            crate::readings::line(r)
                        );
                    }
                    if let Some(reason) = variant_mark {
                        let _ = writeln!(out, "> **PROVISIONAL** ({}): {reason}.\n", v.name);
                    }
                    if let Some(h) = headline {
                        let _ = writeln!(
                            out,
                            "**P({}={}) changes by {} (p {}).**\n",
                            h.variable,
                            h.value.as_deref().unwrap_or_default(),
                            difference_text(h, compared.exact),
                            p_text(h)
                        );
                    }
                    out.push_str(&markdown::table(&header, &rows));
                } else {
                    let _ = writeln!(out, "\n{title}");
                    if let Some(r) = &variant_readings {
                        let _ =
                            writeln!(out, "readings ({}): {}", v.name, crate::readings::line(r));
                    }
                    if let Some(reason) = variant_mark {
                        let _ = writeln!(out, "PROVISIONAL ({}): {reason}.", v.name);
                    }
                    if let Some(h) = headline {
                        let _ = writeln!(
                            out,
                            "P({}={}) changes by {} (p {})",
                            h.variable,
                            h.value.as_deref().unwrap_or_default(),
                            difference_text(h, compared.exact),
                            p_text(h)
                        );
                    }
                    out.push_str(&aligned(&header, &rows, 2));
                }
            }
            out
        }
    }
}
