//! The tidy frame of an experiment: one row per point and variant, its sweep
//! columns typed by their fields' kinds, and the metadata that travels with
//! `results.parquet`.

use super::{Experiment, Point};
use crate::engine::MethodRequest;
use crate::frame::{self, Row};
use crate::question::Question;

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
/// column means.
pub(super) fn meta(experiment: &Experiment, columns: &[frame::SweepColumn]) -> serde_json::Value {
    use serde_json::json;
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
    // Values as JSON numbers and booleans where they read as such.
    let typed = |value: &str| -> serde_json::Value {
        if let Ok(i) = value.parse::<i64>() {
            json!(i)
        } else if let Ok(x) = value.parse::<f64>() {
            json!(x)
        } else if let Ok(b) = value.parse::<bool>() {
            json!(b)
        } else {
            json!(value)
        }
    };
    let fixed: serde_json::Map<String, serde_json::Value> = experiment
        .fields
        .iter()
        .map(|(name, value, _)| (name.clone(), typed(value)))
        .collect();
    let sweep: Vec<_> = experiment
        .sweep
        .iter()
        .zip(columns)
        .map(|(axis, column)| {
            json!({
                "field": axis.field,
                "type": format!("{:?}", column.kind).to_lowercase(),
                "values": axis.values.iter().map(|v| match column.kind {
                    frame::SweepKind::Text => json!(v),
                    _ => typed(v),
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let variants: Vec<_> = experiment
        .variants
        .iter()
        .map(|v| {
            json!({
                "name": v.name,
                "house_rules": v.rules.iter().map(|r| json!({"name": r.name, "file": r.file})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut meta = json!({
        "experiment": experiment.name,
        "title": experiment.title,
        "description": experiment.description,
        "file": experiment.file,
        "system": experiment.system,
        "action": experiment.action,
        "method": method,
        "seed": experiment.seed,
        "confidence": experiment.confidence,
        "volley_version": env!("CARGO_PKG_VERSION"),
        "fixed_fields": fixed,
        "sweep": sweep,
        "variants": variants,
        "columns": {
            "variant": "the rule variant (the card, or the card with house rules: see variants)",
            "kind": "probability (of variable = value), mean (of variable) or curve (mean of variable at the end of turn)",
            "variable": "the outcome variable",
            "value": "the outcome of a probability row (null for means and curves)",
            "turn": "the turn of a curve row (0 is the start)",
            "estimate": "the probability or mean",
            "ci_low": "the lower end of its confidence interval (equal to the estimate when exact)",
            "ci_high": "the upper end of its confidence interval",
            "exact": "true when the figure is exact",
            "method": "exact or monte-carlo",
            "trials": "Monte Carlo trials at this point (null when exact)",
            "baseline": "the first variant's estimate at the same point (other variants only)",
            "difference": "this variant minus the first, on the same dice (paired)",
            "diff_low": "the lower end of the difference's interval",
            "diff_high": "the upper end of the difference's interval",
            "p_value": "the paired test's p-value (McNemar or paired t), when there is one",
            "provisional": "why the figure rests on a reconstructed chart cell (empty when it does not)",
        },
    });
    for column in columns {
        meta["columns"][&column.name] = json!(format!(
            "the sweep field `{}` ({})",
            column.name,
            format!("{:?}", column.kind).to_lowercase()
        ));
    }
    meta
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
