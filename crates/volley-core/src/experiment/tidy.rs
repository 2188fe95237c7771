//! The tidy frame of an experiment: one row per point and variant, its sweep
//! columns typed by their fields' kinds, and the metadata that travels with
//! `results.parquet`.

use super::{Experiment, Point};
use crate::ask::question::Question;
use crate::contract::{
    ExperimentMetaJson, FrameVariantJson, HouseRuleFileJson, SweepAxisJson, SweepTypeJson,
};
use crate::engine::MethodRequest;
use serde::Serialize;
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
        _ if experiment
            .plan
            .as_ref()
            .is_some_and(|p| p.opponent == crate::plan::Opponent::Best) =>
        {
            "exact: best play of both sides solved at every point (volley plan --opponent best)"
                .to_string()
        }
        _ if experiment.plan.is_some() => {
            "exact: best play solved at every point (volley plan)".to_string()
        }
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

/// The values of one column of the results frame, typed as the frame types
/// them (an optional type where the column has gaps).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "dtype", content = "values", rename_all = "snake_case")]
pub enum TidyValues {
    Text(Vec<String>),
    OptionalText(Vec<Option<String>>),
    OptionalInt(Vec<Option<i64>>),
    Float(Vec<f64>),
    OptionalFloat(Vec<Option<f64>>),
    Flag(Vec<bool>),
    OptionalFlag(Vec<Option<bool>>),
    /// A turn: a 32-bit whole number, null where it does not apply.
    OptionalTurn(Vec<Option<u32>>),
    /// A trial count: a 64-bit whole number, null when exact.
    OptionalCount(Vec<Option<u64>>),
}

/// One column of the results frame.
#[derive(Clone, Debug, Serialize)]
pub struct TidyColumn {
    pub name: String,
    #[serde(flatten)]
    pub values: TidyValues,
}

impl SweepColumn {
    /// The column of `values` (one per row, as the experiment wrote them).
    fn values(&self, values: Vec<&str>) -> TidyValues {
        match self.kind {
            SweepKind::Int => {
                TidyValues::OptionalInt(values.iter().map(|v| v.parse().ok()).collect())
            }
            SweepKind::Decimal => {
                TidyValues::OptionalFloat(values.iter().map(|v| v.parse().ok()).collect())
            }
            SweepKind::Flag => TidyValues::OptionalFlag(
                values
                    .iter()
                    .map(|v| match *v {
                        "true" | "yes" | "1" => Some(true),
                        "false" | "no" | "0" => Some(false),
                        _ => None,
                    })
                    .collect(),
            ),
            SweepKind::Text => TidyValues::Text(values.iter().map(|v| v.to_string()).collect()),
        }
    }
}

/// The results frame, column by column: the variant, the sweep columns
/// (`axes`, in the experiment's order), then the figure and its interval,
/// how it was found, and its paired difference to the first variant.
pub fn table(axes: &[SweepColumn], rows: &[Row]) -> Vec<TidyColumn> {
    use TidyValues::*;
    let text = |f: &dyn Fn(&Row) -> String| Text(rows.iter().map(f).collect());
    let float = |f: &dyn Fn(&Row) -> f64| Float(rows.iter().map(f).collect());
    let difference = |f: &dyn Fn(&Row, crate::stats::Difference) -> Option<f64>| {
        OptionalFloat(
            rows.iter()
                .map(|r| r.difference.and_then(|d| f(r, d)))
                .collect(),
        )
    };
    let mut columns = vec![("variant".to_string(), text(&|r| r.variant.clone()))];
    for (i, axis) in axes.iter().enumerate() {
        let values = rows.iter().map(|r| r.point[i].as_str()).collect();
        columns.push((axis.name.clone(), axis.values(values)));
    }
    columns.extend([
        ("kind".to_string(), text(&|r| r.kind.to_string())),
        ("variable".to_string(), text(&|r| r.variable.clone())),
        // A probability's outcome; means and curves have none (null, not "").
        (
            "value".to_string(),
            OptionalText(
                rows.iter()
                    .map(|r| (r.kind == "probability").then(|| r.value.clone()))
                    .collect(),
            ),
        ),
        (
            "turn".to_string(),
            OptionalTurn(rows.iter().map(|r| r.turn).collect()),
        ),
        ("estimate".to_string(), float(&|r| r.estimate)),
        ("ci_low".to_string(), float(&|r| r.ci_low)),
        ("ci_high".to_string(), float(&|r| r.ci_high)),
        (
            "exact".to_string(),
            Flag(rows.iter().map(|r| r.exact).collect()),
        ),
        (
            "method".to_string(),
            text(&|r| if r.exact { "exact" } else { "monte-carlo" }.to_string()),
        ),
        (
            "trials".to_string(),
            OptionalCount(rows.iter().map(|r| r.trials).collect()),
        ),
        // The first variant's estimate: this row's estimate less its difference.
        (
            "baseline".to_string(),
            difference(&|r, d| Some(r.estimate - d.value)),
        ),
        ("difference".to_string(), difference(&|_, d| Some(d.value))),
        ("diff_low".to_string(), difference(&|_, d| Some(d.low))),
        ("diff_high".to_string(), difference(&|_, d| Some(d.high))),
        ("p_value".to_string(), difference(&|_, d| d.p_value)),
        ("provisional".to_string(), text(&|r| r.provisional.clone())),
    ]);
    columns
        .into_iter()
        .map(|(name, values)| TidyColumn { name, values })
        .collect()
}
