//! Experiment reports. The core answers an experiment (its file, sweep,
//! variants and points: [`crate::experiment`]); this module writes what
//! `volley run` leaves in `reports/NAME/`: `results.parquet` and `results.csv`
//! (the tidy frame) with `meta.json`, each plot as PNG and SVG, and
//! `README.md`, the report. A sharded run writes a slice of the work instead,
//! and `volley merge` writes the report from all the slices.

mod figures;
pub mod gallery;
mod readme;

use crate::experiment::{Experiment, Hooks, PlanMemo, PlotSpec, Point, Prepared};

use crate::ask::question::QuestionError;
use crate::engine::{RunConfig, Shard};
use crate::frame;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a finished experiment produced.
pub struct Outcome {
    pub folder: PathBuf,
    pub points: usize,
    pub files: Vec<PathBuf>,
}

/// Run an experiment of at most `max_points` sweep points and write its
/// outputs under `reports_root/NAME/`; its plans are answered through
/// `plans`, which the experiments of one run share.
pub fn run(
    experiment: &Experiment,
    reports_root: &Path,
    hooks: Hooks,
    max_points: u64,
    plans: &Arc<PlanMemo>,
) -> anyhow::Result<Outcome> {
    let prepared = Prepared::new(experiment, max_points, hooks.trials)?.sharing(plans.clone());
    let points = prepared.answer(hooks.points.as_ref())?;
    write_report(&prepared, &points, &reports_root.join(&experiment.name))
}

/// Where shard `shard` of an experiment leaves its slice:
/// `REPORTS/NAME/slices/K-of-N.json`.
pub fn slice_path(reports_root: &Path, experiment: &Experiment, shard: Shard) -> PathBuf {
    reports_root
        .join(&experiment.name)
        .join("slices")
        .join(format!("{}-of-{}.json", shard.index, shard.count))
}

/// Run one shard of an experiment and save its slice (atomically), for
/// `volley merge` to put together with the others.
pub fn run_shard(
    experiment: &Experiment,
    reports_root: &Path,
    max_points: u64,
    shard: Shard,
) -> anyhow::Result<PathBuf> {
    let prepared = Prepared::new(experiment, max_points, None)?;
    let slice = prepared.slice(shard)?;
    let path = slice_path(reports_root, experiment, shard);
    frame::write_atomic(&path, serde_json::to_string(&slice)?.as_bytes())?;
    Ok(path)
}

/// Write the report of the experiment whose slices these are (each named by
/// its file): its file is read again, as it was named when the shards ran,
/// and must not have changed since.
pub fn merge_slices(
    slices: &[(String, crate::experiment::slice::Slice)],
    reports_root: &Path,
    max_points: u64,
) -> anyhow::Result<Outcome> {
    let Some((_, first)) = slices.first() else {
        anyhow::bail!("give the slices of every shard");
    };
    let experiment = Experiment::from_file(Path::new(&first.file))?;
    let prepared = Prepared::new(&experiment, max_points, None)?;
    let points = prepared.merge(slices)?;
    write_report(&prepared, &points, &reports_root.join(&experiment.name))
}

/// Write the report folder: the frame (Parquet, CSV, `meta.json`), the
/// figures and the README.
fn write_report(prepared: &Prepared, points: &[Point], folder: &Path) -> anyhow::Result<Outcome> {
    let experiment = &prepared.experiment;
    let (columns, rows, meta) = prepared.frame(points);
    let mut df = frame::frame(&columns, &rows)?;
    let parquet = folder.join("results.parquet");
    let csv = folder.join("results.csv");
    let mut files = vec![parquet.clone(), csv.clone(), folder.join("meta.json")];
    let figures = figures::plots(experiment, points, folder)?;
    files.extend(figures.iter().flat_map(|f| [f.png.clone(), f.svg.clone()]));
    let moved = readings_at_first_point(prepared, points)?;
    let meta = crate::contract::ExperimentMetaJson {
        figures: figures
            .iter()
            .filter_map(|f| f.png.file_name().map(|n| n.to_string_lossy().to_string()))
            .collect(),
        ..meta
    };
    frame::write(&mut df, &parquet, &csv, &meta)?;
    let text = readme::markdown(
        experiment,
        prepared.base.headline(),
        points,
        &figures,
        &prepared.config,
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
    prepared: &Prepared,
    points: &[Point],
) -> anyhow::Result<readme::ReadingsAt> {
    let Some(first) = points.first() else {
        return Ok(readme::ReadingsAt::default());
    };
    let experiment = &prepared.experiment;
    let question = &prepared.questions[0];
    let at = question.with(&experiment.point_fields(&first.values))?;
    let config = RunConfig {
        progress: None,
        ..prepared.config.clone()
    };
    let failed = |e| match e {
        QuestionError::Input(e) => anyhow::Error::from(e),
        QuestionError::Run(e) => anyhow::Error::from(experiment.run_error(e)),
    };
    // Best play rests on the readings the engagement consults; they are
    // measured on its odds under the usual play.
    let (summary, play) = match &experiment.plan {
        Some(spec) => {
            let usual = spec
                .choices(question)
                .into_iter()
                .next()
                .unwrap_or_default();
            let odds = at.answer(&config).map_err(failed)?;
            (
                crate::stats::summarize(&odds),
                format!(" under the usual play (always `{usual}`)"),
            )
        }
        None => (first.summary.clone(), String::new()),
    };
    // A report is batch work read at leisure: an exact first point's
    // readings are measured whatever they cost (a Monte Carlo one's only
    // where asked, as a question's are).
    let readings =
        crate::ask::readings::measure(&at, &summary, &config, summary.exact).map_err(failed)?;
    Ok(readme::ReadingsAt {
        point: experiment.point_label(&first.values),
        play,
        headline: question
            .headline()
            .and_then(|(variable, value)| summary.probability(variable, value))
            .map(|e| (e, summary.exact)),
        readings,
    })
}
