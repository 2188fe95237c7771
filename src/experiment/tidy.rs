//! The tidy frame of an experiment: one row per point and variant, its sweep
//! columns typed by their fields' kinds, and the metadata that travels with
//! `results.parquet`.

use super::{Experiment, Point};
use crate::contract::{
    ExperimentMetaJson, FrameVariantJson, HouseRuleFileJson, SweepAxisJson, SweepTypeJson,
};
use crate::engine::MethodRequest;
use crate::frame::{self, Row};
use crate::question::Question;
use std::collections::BTreeMap;

/// The sweep columns, typed by their fields' kinds.
pub(super) fn sweep_columns(experiment: &Experiment, base: &Question) -> Vec<frame::SweepColumn> {
    use crate::action::FieldKind;
    experiment
        .sweep
        .iter()
        .map(|axis| {
            let kind = base
                .fields()
                .iter()
                .find(|f| f.name == axis.field)
                .map(|f| &f.kind);
            frame::SweepColumn {
                name: axis.field.clone(),
                kind: match kind {
                    Some(FieldKind::Int { .. }) => frame::SweepKind::Int,
                    Some(FieldKind::Decimal { .. }) => frame::SweepKind::Decimal,
                    Some(FieldKind::Bool) => frame::SweepKind::Flag,
                    // A derived axis (a differential): typed by its values.
                    None if axis.values.iter().all(|v| v.parse::<i64>().is_ok()) => {
                        frame::SweepKind::Int
                    }
                    _ => frame::SweepKind::Text,
                },
            }
        })
        .collect()
}

/// What a results frame is, for its Parquet metadata and `meta.json`: the
/// experiment, its question, method and seed, the fields it fixed, its sweep,
/// its variants with their house-rule files, volley's version, and what each
/// column means. The run adds the headline, readings and figures.
pub(super) fn meta(experiment: &Experiment, columns: &[frame::SweepColumn]) -> ExperimentMetaJson {
    let method = match experiment.method() {
        MethodRequest::Auto => {
            "automatic: exact where the dice tree fits, else Monte Carlo".to_string()
        }
        MethodRequest::Exact => "exact".to_string(),
        MethodRequest::Trials(n) => format!("monte-carlo: {n} trials a point"),
        MethodRequest::Precision(e) => format!(
            "monte-carlo: to a half-width of {e} (at most {} trials a point)",
            experiment.max_trials
        ),
    };
    let fixed_fields = experiment
        .fields
        .iter()
        .map(|(name, value, _)| (name.clone(), typed(value)))
        .collect();
    let sweep = experiment
        .sweep
        .iter()
        .zip(columns)
        .map(|(axis, column)| SweepAxisJson {
            field: axis.field.clone(),
            kind: sweep_type(column.kind),
            values: axis
                .values
                .iter()
                .map(|v| match column.kind {
                    frame::SweepKind::Text => serde_json::Value::from(v.as_str()),
                    _ => typed(v),
                })
                .collect(),
        })
        .collect();
    let variants = experiment
        .variants
        .iter()
        .map(|v| FrameVariantJson {
            name: v.name.clone(),
            house_rules: v
                .rules
                .iter()
                .map(|r| HouseRuleFileJson {
                    name: r.name.clone(),
                    file: r.file.clone(),
                })
                .collect(),
        })
        .collect();
    let mut columns_meant: BTreeMap<String, String> = COLUMNS
        .iter()
        .map(|(name, meaning)| (name.to_string(), meaning.to_string()))
        .collect();
    for column in columns {
        columns_meant.insert(
            column.name.clone(),
            format!(
                "the sweep field `{}` ({})",
                column.name,
                format!("{:?}", column.kind).to_lowercase()
            ),
        );
    }
    ExperimentMetaJson {
        experiment: experiment.name.clone(),
        title: experiment.title.clone(),
        description: experiment.description.clone(),
        file: experiment.file.clone(),
        system: experiment.system.clone(),
        action: experiment.action.clone(),
        method,
        seed: experiment.seed,
        confidence: experiment.confidence,
        volley_version: env!("CARGO_PKG_VERSION").to_string(),
        fixed_fields,
        sweep,
        variants,
        columns: columns_meant,
        headline: String::new(),
        readings: Vec::new(),
        figures: Vec::new(),
    }
}

/// What each of the frame's own columns means.
const COLUMNS: [(&str, &str); 17] = [
    (
        "variant",
        "the rule variant (the card, or the card with house rules: see variants)",
    ),
    (
        "kind",
        "probability (of variable = value), mean (of variable) or curve (mean of variable at the end of turn)",
    ),
    ("variable", "the outcome variable"),
    (
        "value",
        "the outcome of a probability row (null for means and curves)",
    ),
    ("turn", "the turn of a curve row (0 is the start)"),
    ("estimate", "the probability or mean"),
    (
        "ci_low",
        "the lower end of its confidence interval (equal to the estimate when exact)",
    ),
    ("ci_high", "the upper end of its confidence interval"),
    ("exact", "true when the figure is exact"),
    ("method", "exact or monte-carlo"),
    (
        "trials",
        "Monte Carlo trials at this point (null when exact)",
    ),
    (
        "baseline",
        "the first variant's estimate at the same point (other variants only)",
    ),
    (
        "difference",
        "this variant minus the first, on the same dice (paired)",
    ),
    ("diff_low", "the lower end of the difference's interval"),
    ("diff_high", "the upper end of the difference's interval"),
    (
        "p_value",
        "the paired test's p-value (McNemar or paired t), when there is one",
    ),
    (
        "provisional",
        "why the figure rests on a reconstructed chart cell (empty when it does not)",
    ),
];

/// A value as a JSON number or boolean where it reads as one.
fn typed(value: &str) -> serde_json::Value {
    if let Ok(i) = value.parse::<i64>() {
        i.into()
    } else if let Ok(x) = value.parse::<f64>() {
        x.into()
    } else if let Ok(b) = value.parse::<bool>() {
        b.into()
    } else {
        value.into()
    }
}

fn sweep_type(kind: frame::SweepKind) -> SweepTypeJson {
    match kind {
        frame::SweepKind::Int => SweepTypeJson::Int,
        frame::SweepKind::Decimal => SweepTypeJson::Decimal,
        frame::SweepKind::Flag => SweepTypeJson::Flag,
        frame::SweepKind::Text => SweepTypeJson::Text,
    }
}

pub(super) fn rows(points: &[Point]) -> Vec<Row> {
    let mut rows = Vec::new();
    for p in points {
        let s = &p.summary;
        // The difference to the first variant of a probability (`value`) or mean.
        let difference = |variable: &str, value: Option<&str>| {
            p.differences
                .iter()
                .find(|d| d.variable == variable && d.value.as_deref() == value)
                .map(|d| d.difference)
        };
        let base = |kind, variable: &str, value: &str, turn, e: &crate::stats::Estimate| Row {
            variant: p.variant.clone(),
            point: p.values.clone(),
            kind,
            variable: variable.to_string(),
            value: value.to_string(),
            turn,
            estimate: e.value,
            ci_low: e.low,
            ci_high: e.high,
            exact: s.exact,
            trials: s.trials,
            provisional: p.provisional.clone().unwrap_or_default(),
            difference: None,
        };
        for o in &s.outcomes {
            rows.push(Row {
                difference: difference(&o.variable, Some(&o.value)),
                ..base("probability", &o.variable, &o.value, None, &o.estimate)
            });
        }
        for m in &s.means {
            rows.push(Row {
                difference: difference(&m.variable, None),
                ..base("mean", &m.variable, "", None, &m.estimate)
            });
        }
        for c in &s.curves {
            rows.push(base(
                "curve",
                &c.variable,
                "",
                Some(c.turn as u32),
                &c.estimate,
            ));
        }
    }
    rows
}
