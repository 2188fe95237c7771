//! Experiment files: one action of one system, fixed fields, sweep axes, rule
//! variants (house rules), a method, and plots. Running one writes, into
//! `reports/NAME/`: `results.parquet` and `results.csv` (the tidy frame), each plot
//! as PNG and SVG, and `README.md`, the report.
//!
//! Variants run paired: at each sweep point every variant is answered on the same
//! trials as the first (common random numbers, trial by trial), or exactly, and
//! its difference to the first comes with a paired interval and p-value.

mod answers;
mod checks;
mod figures;
mod file;
pub mod gallery;
mod parse;
mod report;
mod tidy;

use answers::headline_text;
use checks::{check_points_and_plots, check_sweep};
pub use file::{Experiment, PlotSpec};
use tidy::{meta, rows, sweep_columns};

use crate::compare::Comparison;
use crate::contract::{ExperimentMetaJson, UsedReadingJson, VariantReadingsJson};
use crate::engine::{self, MethodRequest, RunConfig};
use crate::error::InputError;
use crate::frame::{self};
use crate::question::{Question, QuestionError};
use crate::stats::{Summary, summarize};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
        // The command line's rule: a budget given is the automatic one too.
        budget: experiment.budget.unwrap_or(crate::engine::EXACT_BUDGET),
        auto_budget: experiment.budget.unwrap_or(crate::engine::AUTO_BUDGET),
        max_trials: experiment.max_trials,
        progress: hooks.trials,
        ..RunConfig::default()
    };
    check_sweep(experiment, &base, max_points)?;
    // One question per variant: its house rules applied and its charts compiled
    // once; each sweep point sets the axis fields on it.
    let questions = experiment
        .variants
        .iter()
        .map(|variant| base.under(&variant.rules))
        .collect::<Result<Vec<_>, _>>()?;
    let grid = experiment.grid();
    let mut plotted = experiment.clone();
    if plotted.plots.is_empty() {
        plotted.plots = default_plots(experiment, &base);
    }
    check_points_and_plots(experiment, &questions, &grid, &plotted.plots)?;
    // The points over the thread pool (each point's own runs share it too),
    // answered in any order and kept in grid order: the same bytes on any
    // number of threads. The trials' progress is told only for a single point,
    // where it means something.
    let config = RunConfig {
        progress: if grid.len() == 1 {
            config.progress
        } else {
            None
        },
        ..config
    };
    // Counted under a lock, so that the hook hears 1, 2, 3... in order.
    let done = Mutex::new(0u64);
    let total = grid.len() as u64;
    if let Some(points) = &hooks.points {
        (points.0)(0, total);
    }
    let answered: Vec<anyhow::Result<Vec<Point>>> = grid
        .par_iter()
        .map(|values| {
            let points = answer_point(experiment, &questions, values, &config);
            if let Some(hook) = &hooks.points {
                let mut done = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                *done += 1;
                (hook.0)(*done, total);
            }
            points
        })
        .collect();
    // Per variant, its points in grid order; the first point that failed, in
    // grid order, is the error.
    let mut by_variant: Vec<Vec<Point>> = experiment.variants.iter().map(|_| Vec::new()).collect();
    for point in answered {
        for (i, point) in point?.into_iter().enumerate() {
            by_variant[i].push(point);
        }
    }
    let points: Vec<Point> = by_variant.into_iter().flatten().collect();
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
    write_report(
        &plotted,
        &base,
        &questions,
        &points,
        &config,
        &reports_root.join(&experiment.name),
    )
}

/// One sweep point under every variant, in the variants' order: each on its
/// own when there is one variant (or a precision target, which a paired run
/// does not take), otherwise every variant against the first on the same dice.
fn answer_point(
    experiment: &Experiment,
    questions: &[Question],
    values: &[String],
    config: &RunConfig,
) -> anyhow::Result<Vec<Point>> {
    // An error answering a point names the point.
    let fail = |e: QuestionError| {
        let e = match e {
            QuestionError::Input(e) => e.in_file(&experiment.file, None),
            QuestionError::Run(e) => experiment.run_error(e),
        };
        experiment.at_point(e, values)
    };
    let point = |i: usize, summary, provisional, differences| Point {
        variant: experiment.variants[i].name.clone(),
        values: values.to_vec(),
        summary,
        provisional,
        differences,
    };
    let fields = experiment.point_fields(values);
    let at_point = questions
        .iter()
        .map(|q| q.with(&fields))
        .collect::<Result<Vec<_>, _>>()?;
    if at_point.len() == 1 || matches!(config.method, MethodRequest::Precision(_)) {
        return at_point
            .iter()
            .enumerate()
            .map(|(i, question)| {
                let result = question.answer(config).map_err(fail)?;
                Ok(point(
                    i,
                    summarize(&result),
                    question.provisional(),
                    Vec::new(),
                ))
            })
            .collect();
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
    let compared = comparison.run(config).map_err(fail)?;
    let mut points = vec![point(
        0,
        compared.baseline,
        at_point[0].provisional(),
        Vec::new(),
    )];
    for (i, answer) in compared.variants.into_iter().enumerate() {
        points.push(point(
            i + 1,
            answer.summary,
            at_point[i + 1].provisional(),
            answer.differences,
        ));
    }
    Ok(points)
}

/// Write the report folder: the frame (Parquet, CSV, `meta.json`), the
/// figures and the README.
fn write_report(
    experiment: &Experiment,
    base: &Question,
    questions: &[Question],
    points: &[Point],
    config: &RunConfig,
    folder: &Path,
) -> anyhow::Result<Outcome> {
    let columns = sweep_columns(experiment, base);
    let rows = rows(points);
    let mut df = frame::frame(&columns, &rows)?;
    let parquet = folder.join("results.parquet");
    let csv = folder.join("results.csv");
    let mut files = vec![parquet.clone(), csv.clone(), folder.join("meta.json")];
    let figures = figures::plots(experiment, points, folder)?;
    files.extend(figures.iter().flat_map(|f| [f.png.clone(), f.svg.clone()]));
    // The readings each variant's points consulted (its sweep points share its
    // charts, so the list covers them all), before the alternatives are tried.
    let readings = questions
        .iter()
        .zip(&experiment.variants)
        .map(|(q, v)| VariantReadingsJson {
            variant: v.name.clone(),
            readings: UsedReadingJson::list(&crate::readings::used(q)),
        })
        .collect();
    let moved = readings_at_first_point(experiment, &questions[0], points, config)?;
    let meta = ExperimentMetaJson {
        headline: headline_text(experiment, base.headline(), points),
        readings,
        figures: figures
            .iter()
            .filter_map(|f| f.png.file_name().map(|n| n.to_string_lossy().to_string()))
            .collect(),
        ..meta(experiment, &columns)
    };
    frame::write(&mut df, &parquet, &csv, &meta)?;
    let text = report::markdown(
        experiment,
        base.headline(),
        points,
        &figures,
        config,
        &moved,
    );
    let readme = folder.join("README.md");
    frame::write_atomic(&readme, text.as_bytes())?;
    files.push(readme);
    Ok(Outcome {
        folder: folder.to_path_buf(),
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
