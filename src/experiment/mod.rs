//! Experiment files: one action of one system, fixed fields, sweep axes, rule
//! variants (house rules), a method, and plots. Running one writes, into
//! `reports/NAME/`: `results.parquet` and `results.csv` (the tidy frame), each plot
//! as PNG and SVG, and `README.md`, the report.
//!
//! Variants run paired: at each sweep point every variant is answered on the same
//! trials as the first (common random numbers, trial by trial), or exactly, and
//! its difference to the first comes with a paired interval and p-value.

mod file;
pub mod gallery;
mod report;

pub use file::{Experiment, PlotSpec};

use crate::compare::Comparison;
use crate::engine::{self, MethodRequest, RunConfig};
use crate::error::InputError;
use crate::frame::{self, Row};
use crate::question::{Question, QuestionError};
use crate::stats::{Summary, summarize};
use std::path::{Path, PathBuf};

/// One run of the sweep.
pub struct Point {
    pub variant: String,
    pub values: Vec<String>,
    pub summary: Summary,
    /// Why this point's answer is provisional, if it is.
    pub provisional: Option<String>,
    /// The differences to the first variant at the same sweep point (none for the
    /// first variant itself).
    pub differences: Vec<crate::compare::DifferenceRow>,
}

/// What a finished experiment produced.
pub struct Outcome {
    pub folder: PathBuf,
    pub points: usize,
    pub files: Vec<PathBuf>,
}

/// Run an experiment and write its outputs under `reports_root/NAME/`.
/// Sweep points `volley run` takes without `--max-points`.
pub const MAX_POINTS: u64 = 100_000;

/// How a run reports its progress: trials within a point (the engine's
/// callback), and sweep points done out of all.
#[derive(Clone, Default)]
pub struct Hooks {
    pub trials: Option<crate::engine::Progress>,
    pub points: Option<crate::engine::Progress>,
}

/// Run an experiment of at most `max_points` sweep points and write its
/// outputs under `reports_root/NAME/`.
pub fn run(
    experiment: &Experiment,
    reports_root: &Path,
    hooks: Hooks,
    max_points: u64,
) -> anyhow::Result<Outcome> {
    let progress = hooks.trials;
    let base = Question::new(
        &experiment.system,
        &experiment.action,
        &[],
        &experiment.fields,
    )
    .map_err(|e| match e.field.as_str() {
        "system" | "action" => {
            let line = experiment.line_of(&e.field);
            e.in_file(&experiment.file, line)
        }
        _ => e,
    })?;
    let config = RunConfig {
        method: experiment.method(),
        seed: experiment.seed,
        confidence: experiment.confidence,
        // A batch job can afford the whole budget before settling for Monte Carlo.
        budget: experiment.budget,
        auto_budget: experiment.budget,
        max_trials: experiment.max_trials,
        progress,
        ..RunConfig::default()
    };
    // Count the points before building any, and read every axis value alone,
    // so that a huge or a wrong sweep fails at once, not gigabytes later.
    let sizes: Vec<String> = experiment
        .sweep
        .iter()
        .map(|a| a.values.len().to_string())
        .collect();
    let count = experiment
        .sweep
        .iter()
        .try_fold(1u64, |n, a| n.checked_mul(a.values.len() as u64));
    if count.is_none_or(|n| n > max_points) {
        let count = count.map_or("more than 2^64".to_string(), |n| n.to_string());
        return Err(crate::error::InputError {
            file: experiment.file.clone(),
            line: experiment.sweep.first().and_then(|a| a.origin.line),
            field: "sweep".to_string(),
            message: format!(
                "{count} points ({}); volley runs at most {max_points} without --max-points",
                sizes.join(" x ")
            ),
        }
        .into());
    }
    for axis in &experiment.sweep {
        for value in &axis.values {
            base.with(&[(axis.field.clone(), value.clone(), axis.origin.clone())])?;
        }
    }
    let columns = sweep_columns(experiment, &base);
    // One question per variant: its house rules applied and its charts compiled
    // once; each sweep point sets the axis fields on it.
    let questions = experiment
        .variants
        .iter()
        .map(|variant| base.under(&variant.rules))
        .collect::<Result<Vec<_>, _>>()?;
    // An error answering a point names the point.
    let fail = |e: QuestionError, values: &[String]| {
        let e = match e {
            QuestionError::Input(e) => e.in_file(&experiment.file, None),
            QuestionError::Run(e) => experiment.run_error(e),
        };
        experiment.at_point(e, values)
    };
    let grid = experiment.grid();
    // Build every point's model, under every variant, before answering any: a
    // combination of values that no model accepts fails at once, naming it,
    // not after hours of the points before it.
    // What the models can answer, for checking the plots before any work.
    let mut answers = Answerable::default();
    for values in &grid {
        for question in &questions {
            let model = question
                .with(&experiment.point_fields(values))
                .and_then(|q| q.model())
                .map_err(|e| experiment.point_error(e, values))?;
            answers.add(&model.schema());
        }
    }
    let mut plotted = experiment.clone();
    if plotted.plots.is_empty() {
        plotted.plots = default_plots(experiment, &base);
    }
    for plot in &plotted.plots {
        answers.check(plot).map_err(|message| InputError {
            file: experiment.file.clone(),
            line: experiment.plot_line(plot),
            field: "plot".to_string(),
            message: format!("plot `{}`: {message}", plot.file),
        })?;
    }
    // Per variant, its points in grid order.
    let mut by_variant: Vec<Vec<Point>> = experiment.variants.iter().map(|_| Vec::new()).collect();
    for (done, values) in grid.iter().enumerate() {
        if let Some(points) = &hooks.points {
            (points.0)(done as u64, grid.len() as u64);
        }
        let fields = experiment.point_fields(values);
        let at_point = questions
            .iter()
            .map(|q| q.with(&fields))
            .collect::<Result<Vec<_>, _>>()?;
        if at_point.len() == 1 || matches!(config.method, MethodRequest::Precision(_)) {
            // One variant (or a precision target, which a paired run does not
            // take): each answered on its own.
            for (i, question) in at_point.iter().enumerate() {
                let result = question.answer(&config).map_err(|e| fail(e, values))?;
                by_variant[i].push(Point {
                    variant: experiment.variants[i].name.clone(),
                    values: values.clone(),
                    summary: summarize(&result),
                    provisional: question.provisional(),
                    differences: Vec::new(),
                });
            }
            continue;
        }
        let comparison = Comparison {
            baseline: at_point[0].clone(),
            variants: at_point[1..]
                .iter()
                .zip(&experiment.variants[1..])
                .map(|(question, variant)| crate::compare::Variant {
                    name: variant.name.clone(),
                    spec: variant.name.clone(),
                    question: question.clone(),
                })
                .collect(),
        };
        let compared = comparison.run(&config).map_err(|e| fail(e, values))?;
        by_variant[0].push(Point {
            variant: experiment.variants[0].name.clone(),
            values: values.clone(),
            summary: compared.baseline,
            provisional: at_point[0].provisional(),
            differences: Vec::new(),
        });
        for (i, answer) in compared.variants.into_iter().enumerate() {
            by_variant[i + 1].push(Point {
                variant: experiment.variants[i + 1].name.clone(),
                values: values.clone(),
                summary: answer.summary,
                provisional: at_point[i + 1].provisional(),
                differences: answer.differences,
            });
        }
    }
    if let Some(points) = &hooks.points {
        (points.0)(grid.len() as u64, grid.len() as u64);
    }
    let points: Vec<Point> = by_variant.into_iter().flatten().collect();
    let folder = reports_root.join(&experiment.name);
    let rows = rows(&points);
    let mut df = frame::frame(&columns, &rows)?;
    let parquet = folder.join("results.parquet");
    let csv = folder.join("results.csv");
    let mut files = vec![parquet.clone(), csv.clone(), folder.join("meta.json")];
    // Variants are compared with the first: plot the headline's differences.
    if let (true, Some((variable, value)), Some(first)) = (
        experiment.variants.len() > 1 && !plotted.plots.iter().any(|p| p.kind == "differences"),
        base.headline(),
        experiment.sweep.first(),
    ) {
        plotted.plots.push(PlotSpec {
            kind: "differences".to_string(),
            x: Some(first.field.clone()),
            series: None,
            y: Some(format!("{variable}={value}")),
            curves: Vec::new(),
            title: Some(format!(
                "Each variant minus {}: P({variable} = {value}) by {}",
                experiment.variants[0].name, first.field
            )),
            file: "differences".to_string(),
            at: Default::default(),
        });
    }
    let figures = report::plots(&plotted, &points, &folder)?;
    files.extend(figures.iter().flat_map(|f| [f.png.clone(), f.svg.clone()]));
    let mut meta = meta(experiment, &columns);
    meta["headline"] = serde_json::json!(headline_text(experiment, base.headline(), &points));
    // The readings each variant's points consulted (its sweep points share its
    // charts, so the list covers them all).
    meta["readings"] = serde_json::json!(
        questions
            .iter()
            .zip(&experiment.variants)
            .map(|(q, v)| {
                let used: Vec<serde_json::Value> = crate::readings::used(q)
                    .into_iter()
                    .map(|(option, value)| serde_json::json!({"option": option, "value": value}))
                    .collect();
                serde_json::json!({"variant": v.name, "readings": used})
            })
            .collect::<Vec<_>>()
    );
    let moved = readings_at_first_point(experiment, &questions[0], &points, &config)?;
    meta["figures"] = serde_json::json!(
        figures
            .iter()
            .filter_map(|f| f.png.file_name().map(|n| n.to_string_lossy().to_string()))
            .collect::<Vec<_>>()
    );
    frame::write(&mut df, &parquet, &csv, &meta)?;
    let text = report::markdown(
        experiment,
        base.headline(),
        &points,
        &figures,
        &config,
        &moved,
    );
    let readme = folder.join("README.md");
    frame::write_atomic(&readme, text.as_bytes())?;
    files.push(readme);
    Ok(Outcome {
        folder,
        points: points.len(),
        files,
    })
}

/// The readings the first variant's first sweep point rests on, measured
/// exactly when its answer is exact (each alternative within the experiment's
/// budget): the report says in words which of them move its headline.
fn readings_at_first_point(
    experiment: &Experiment,
    question: &Question,
    points: &[Point],
    config: &RunConfig,
) -> anyhow::Result<report::ReadingsAt> {
    let Some(first) = points.first() else {
        return Ok(report::ReadingsAt::default());
    };
    let at = question.with(&experiment.point_fields(&first.values))?;
    let readings = crate::readings::measure(
        &at,
        &first.summary,
        &RunConfig {
            progress: None,
            ..config.clone()
        },
        false,
    )
    .map_err(|e| match e {
        QuestionError::Input(e) => anyhow::Error::from(e),
        QuestionError::Run(e) => anyhow::Error::from(experiment.run_error(e)),
    })?;
    Ok(report::ReadingsAt {
        point: experiment.point_label(&first.values),
        headline: question
            .headline()
            .and_then(|(variable, value)| first.summary.probability(variable, value))
            .map(|e| (e, first.summary.exact)),
        readings,
    })
}

/// The plots of an experiment file that asks for none, as the action declares
/// them: its headline over the first sweep axis (one line per value of the
/// second axis, or per variant), and an engagement's per-turn curves.
fn default_plots(experiment: &Experiment, question: &Question) -> Vec<PlotSpec> {
    let mut plots = Vec::new();
    if let (Some((variable, value)), Some(first)) = (question.headline(), experiment.sweep.first())
    {
        let series = match experiment.sweep.get(1) {
            Some(second) => second.field.clone(),
            None => "variant".to_string(),
        };
        plots.push(PlotSpec {
            kind: "lines".to_string(),
            x: Some(first.field.clone()),
            series: Some(series),
            y: Some(format!("{variable}={value}")),
            curves: Vec::new(),
            title: Some(format!("P({variable} = {value}) by {}", first.field)),
            file: "headline".to_string(),
            at: Default::default(),
        });
    }
    let curves = question.action().default_curves();
    if !curves.is_empty() {
        plots.push(PlotSpec {
            kind: "curves".to_string(),
            x: None,
            series: None,
            y: None,
            curves: curves.iter().map(|c| c.to_string()).collect(),
            title: Some("Per turn".to_string()),
            file: "curves".to_string(),
            at: Default::default(),
        });
    }
    plots
}

/// Every figure the experiment's models answer: categorical outcomes (with
/// derived conditionals, `yes` or `no`), means and curves, over every point.
#[derive(Default)]
struct Answerable {
    outcomes: std::collections::BTreeSet<(String, String)>,
    means: std::collections::BTreeSet<String>,
    curves: std::collections::BTreeSet<String>,
}

impl Answerable {
    fn add(&mut self, schema: &crate::tally::Schema) {
        for c in &schema.categorical {
            for v in &c.values {
                self.outcomes.insert((c.name.clone(), v.clone()));
            }
        }
        for c in &schema.conditionals {
            for v in ["yes", "no"] {
                self.outcomes.insert((c.name.clone(), v.to_string()));
            }
        }
        self.means
            .extend(schema.means.iter().map(|m| m.name.clone()));
        self.curves
            .extend(schema.curves.iter().map(|c| c.name.clone()));
    }

    fn variables(&self) -> Vec<String> {
        let mut names: Vec<String> = self.outcomes.iter().map(|(v, _)| v.clone()).collect();
        names.dedup();
        names
    }

    /// Does `plot` ask for figures the models answer? An error names what
    /// there is instead.
    fn check(&self, plot: &PlotSpec) -> Result<(), String> {
        if plot.kind == "curves" {
            for curve in &plot.curves {
                if !self.curves.contains(curve) {
                    let known: Vec<&String> = self.curves.iter().collect();
                    return Err(format!("no curve `{curve}`; the curves are {known:?}"));
                }
            }
            return Ok(());
        }
        let y = plot.y.as_deref().unwrap_or("result=E");
        if let Some(name) = y.strip_prefix("mean:") {
            if !self.means.contains(name) {
                let known: Vec<&String> = self.means.iter().collect();
                return Err(format!("no mean `{name}`; the means are {known:?}"));
            }
            return Ok(());
        }
        let (variable, value) = match y.split_once('=') {
            Some((v, x)) => (v, Some(x)),
            None => (y, None),
        };
        if !self.outcomes.iter().any(|(v, _)| v == variable) {
            return Err(format!(
                "no outcome variable `{variable}`; there are {:?} (and `mean:NAME` for a mean)",
                self.variables()
            ));
        }
        match value {
            Some(value)
                if !self
                    .outcomes
                    .contains(&(variable.to_string(), value.to_string())) =>
            {
                let values: Vec<&String> = self
                    .outcomes
                    .iter()
                    .filter(|(v, _)| v == variable)
                    .map(|(_, x)| x)
                    .collect();
                Err(format!(
                    "`{variable}` never takes the value `{value}`; its values are {values:?}"
                ))
            }
            None if plot.series.as_deref() != Some("value") => Err(format!(
                "y = \"{variable}\" names no value: give y = \"{variable}=VALUE\", or series = \"value\" for a line per value"
            )),
            _ => Ok(()),
        }
    }
}

/// The experiment's headline in words, for the first variant: the headline
/// probability at its one point, or its lowest and highest over the sweep
/// with the points where they are.
fn headline_text(
    experiment: &Experiment,
    headline: Option<(&'static str, &'static str)>,
    points: &[Point],
) -> String {
    let Some((variable, value)) = headline else {
        return String::new();
    };
    let first = &experiment.variants[0].name;
    let found: Vec<(&Point, &crate::stats::Estimate, bool)> = points
        .iter()
        .filter(|p| &p.variant == first)
        .filter_map(|p| {
            p.summary
                .outcomes
                .iter()
                .find(|o| o.variable == variable && o.value == value)
                .map(|o| (p, &o.estimate, p.summary.exact))
        })
        .filter(|(_, e, _)| !e.value.is_nan())
        .collect();
    let at = |p: &Point| experiment.point_label(&p.values);
    let all_exact = found.iter().all(|(_, _, exact)| *exact);
    let method = if all_exact {
        "exact".to_string()
    } else {
        format!(
            "Monte Carlo, {:.0}% intervals",
            100.0 * experiment.confidence
        )
    };
    let shown = |e: &crate::stats::Estimate, exact: bool| crate::output::percent(e, exact);
    match found.as_slice() {
        [] => String::new(),
        [(_, e, exact)] => format!("P({variable} = {value}) = {} ({method})", shown(e, *exact)),
        _ => {
            let by_value =
                |a: &&(&Point, &crate::stats::Estimate, bool),
                 b: &&(&Point, &crate::stats::Estimate, bool)| {
                    a.1.value.total_cmp(&b.1.value)
                };
            let low = found.iter().min_by(by_value).expect("two or more points");
            let high = found.iter().max_by(by_value).expect("two or more points");
            format!(
                "P({variable} = {value}) from {} ({}) to {} ({}) over {} points ({method})",
                shown(low.1, low.2),
                at(low.0),
                shown(high.1, high.2),
                at(high.0),
                found.len()
            )
        }
    }
}

/// The sweep columns, typed by their fields' kinds.
fn sweep_columns(experiment: &Experiment, base: &Question) -> Vec<frame::SweepColumn> {
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
fn meta(experiment: &Experiment, columns: &[frame::SweepColumn]) -> serde_json::Value {
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

fn rows(points: &[Point]) -> Vec<Row> {
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

/// Every experiment file in a folder, sorted by name.
pub fn discover(folder: &Path) -> Result<Vec<PathBuf>, InputError> {
    let entries = std::fs::read_dir(folder).map_err(|e| InputError {
        file: folder.display().to_string(),
        line: None,
        field: String::new(),
        message: format!("cannot list experiments: {e}"),
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

impl Experiment {
    /// An engine error, placed at the key of this file that asked for it.
    /// The sweep fields of one grid point (its values in axis order).
    fn point_fields(&self, values: &[String]) -> Vec<crate::question::RawField> {
        self.sweep
            .iter()
            .zip(values)
            .map(|(axis, value)| (axis.field.clone(), value.clone(), axis.origin.clone()))
            .collect()
    }

    /// The grid point `values` in words: `field=value` for every axis.
    pub fn point_label(&self, values: &[String]) -> String {
        self.sweep
            .iter()
            .zip(values)
            .map(|(axis, value)| format!("{}={value}", axis.field))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `error`, said to happen at the grid point `values` (when there is a
    /// sweep).
    fn at_point(&self, error: InputError, values: &[String]) -> InputError {
        if self.sweep.is_empty() {
            return error;
        }
        InputError {
            message: format!(
                "at the sweep point {}: {}",
                self.point_label(values),
                error.message
            ),
            ..error
        }
    }

    /// An error of the grid point `values`, named by its values, at the line
    /// of the field it names (a sweep axis or a fixed field) or of the sweep.
    fn point_error(&self, error: InputError, values: &[String]) -> InputError {
        if !error.file.is_empty() && error.line.is_some() {
            return error;
        }
        let line = self
            .sweep
            .iter()
            .find(|a| a.field == error.field)
            .and_then(|a| a.origin.line)
            .or_else(|| self.line_of(&error.field))
            .or_else(|| self.sweep.first().and_then(|a| a.origin.line));
        self.at_point(error, values).in_file(&self.file, line)
    }

    fn run_error(&self, error: engine::RunError) -> InputError {
        let key = match &error {
            engine::RunError::OverBudget(_) => "exact",
            engine::RunError::NoTrials
            | engine::RunError::ShardNeedsTrials
            | engine::RunError::Cancelled(_) => "trials",
            engine::RunError::BadPrecision(_) => "precision",
            engine::RunError::BadConfidence(_) => "confidence",
        };
        let message = match &error {
            engine::RunError::OverBudget(over) => format!("{over} (or raise `budget`)"),
            other => other.to_string(),
        };
        InputError {
            file: self.file.clone(),
            line: self.line_of(key),
            field: key.to_string(),
            message,
        }
    }

    fn method(&self) -> MethodRequest {
        MethodRequest::from_flags(self.exact, self.trials, self.precision)
    }
}
