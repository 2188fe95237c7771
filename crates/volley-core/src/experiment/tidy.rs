//! The tidy frame of an experiment: one row per point and variant, its sweep
//! columns typed by their fields' kinds, and the metadata that travels with
//! `results.parquet`.

use super::{Experiment, Point};
use crate::contract::{
    ExperimentMetaJson, FrameVariantJson, HouseRuleFileJson, SweepAxisJson, SweepTypeJson,
};
use crate::engine::MethodRequest;
use crate::question::Question;
use std::collections::BTreeMap;

/// One figure of one run, in long form: a row of the results frame.
#[derive(Clone, Debug)]
pub struct Row {
    pub variant: String,
    /// Sweep field values, in the experiment's axis order.
    pub point: Vec<String>,
    /// `probability`, `mean` or `curve`.
    pub kind: &'static str,
    pub variable: String,
    pub value: String,
    /// Turn, for curves.
    pub turn: Option<u32>,
    pub estimate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub exact: bool,
    pub trials: Option<u64>,
    /// Why the figure is provisional (empty when it is not).
    pub provisional: String,
    /// The paired difference to the first variant at the same sweep point (the
    /// first variant's own rows and curves have none).
    pub difference: Option<crate::stats::Difference>,
}

/// A sweep column: its field, and the type its values are written as (so
/// that `-1` sorts after `-2` in Parquet as in the CSV).
#[derive(Clone, Debug)]
pub struct SweepColumn {
    pub name: String,
    pub kind: SweepKind,
}

/// How a sweep field's values are typed in a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepKind {
    /// Whole numbers (64-bit integers).
    Int,
    /// Decimal numbers.
    Decimal,
    /// `true` or `false`.
    Flag,
    /// Words: choices, terrain lists, or a number that may be a word
    /// (`unlimited`).
    Text,
}

/// The sweep columns, typed by their fields' kinds.
pub fn sweep_columns(experiment: &Experiment, base: &Question) -> Vec<SweepColumn> {
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
            SweepColumn {
                name: axis.field.clone(),
                kind: match kind {
                    Some(FieldKind::Int { .. }) => SweepKind::Int,
                    Some(FieldKind::Decimal { .. }) => SweepKind::Decimal,
                    Some(FieldKind::Bool) => SweepKind::Flag,
                    // A derived axis (a differential): typed by its values.
                    None if axis.values.iter().all(|v| v.parse::<i64>().is_ok()) => SweepKind::Int,
                    _ => SweepKind::Text,
                },
            }
        })
        .collect()
}

/// What a results frame is, for its Parquet metadata and `meta.json`: the
/// experiment, its question, method and seed, the fields it fixed, its sweep,
/// its variants with their house-rule files, volley's version, and what each
/// column means. The run adds the headline, readings and figures.
pub fn meta(experiment: &Experiment, columns: &[SweepColumn]) -> ExperimentMetaJson {
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
                    SweepKind::Text => serde_json::Value::from(v.as_str()),
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

fn sweep_type(kind: SweepKind) -> SweepTypeJson {
    match kind {
        SweepKind::Int => SweepTypeJson::Int,
        SweepKind::Decimal => SweepTypeJson::Decimal,
        SweepKind::Flag => SweepTypeJson::Flag,
        SweepKind::Text => SweepTypeJson::Text,
    }
}

pub fn rows(points: &[Point]) -> Vec<Row> {
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
