//! Experiments: one action of one system, fixed fields, sweep axes, rule
//! variants (house rules), a method, and plots, read from a TOML file and
//! answered point by point. This module answers them and lays the answers out
//! as the rows of a tidy frame; the front ends write the frame, the figures
//! and the report (`volley run`), or hand the frame to Python.
//!
//! Variants run paired: at each sweep point every variant is answered on the same
//! trials as the first (common random numbers, trial by trial), or exactly, and
//! its difference to the first comes with a paired interval and p-value.
//!
//! [`slice`] cuts the same work into shards that separate machines run, and
//! puts their slices back together into the points of the single run.

mod answers;
mod checks;
mod file;
mod parse;
mod plan_memo;
mod plan_spec;
pub mod plans;
mod plots;
pub mod slice;
mod tidy;

pub use answers::headline_text;
use checks::{check_points_and_plots, check_sweep};
pub use file::{Axis, Experiment, PlotSpec, Variant};
pub use plan_memo::PlanMemo;
use plots::{add_differences_plot, default_plots};
pub use tidy::{
    Row, SweepColumn, SweepKind, TidyColumn, TidyValues, meta, rows, sweep_columns, table,
};

use crate::ask::compare::Comparison;
use crate::ask::question::{Question, QuestionError};
use crate::engine::{self, MethodRequest, RunConfig};
use crate::error::InputError;
use crate::stats::{Summary, summarize};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Sweep points of best play solved at once, each plan over the whole
/// thread pool: two keep both cores of a small machine busy while the
/// memory of a sweep stays that of two plans on any number of cores.
pub const PLANS_AT_ONCE: usize = 2;
/// One variant's answer at one sweep point.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Point {
    pub variant: String,
    pub values: Vec<String>,
    pub summary: Summary,
    /// Why this point's answer is provisional, if it is.
    pub provisional: Option<String>,
    /// Best play in words, for an experiment of best play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// The differences to the first variant at the same sweep point (none for the
    /// first variant itself).
    pub differences: Vec<crate::ask::compare::DifferenceRow>,
}

/// Sweep points a run takes unless told otherwise (`volley run --max-points`).
pub const MAX_POINTS: u64 = 100_000;

/// How a run reports its progress: trials within a point (the engine's
/// callback), and sweep points done out of all.
#[derive(Clone, Default)]
pub struct Hooks {
    pub trials: Option<crate::engine::Progress>,
    pub points: Option<crate::engine::Progress>,
}

/// An experiment checked and ready to answer: its questions built (one per
/// variant, house rules applied and charts compiled once), its grid of sweep
/// points, the plots it will draw, and the run's configuration.
pub struct Prepared {
    pub experiment: Experiment,
    pub base: Question,
    pub questions: Vec<Question>,
    pub grid: Vec<Vec<String>>,
    pub config: RunConfig,
    /// Plans answered, shared with the other experiments of the run
    /// ([`Prepared::sharing`]); its own otherwise.
    plans: Arc<PlanMemo>,
}

impl Prepared {
    /// Check an experiment of at most `max_points` sweep points and build its
    /// questions: everything that can be refused is refused here, before any
    /// work. The plots an experiment asks for none of are the action's
    /// defaults; variants add a plot of their differences.
    pub fn new(
        experiment: &Experiment,
        max_points: u64,
        trials_progress: Option<crate::engine::Progress>,
    ) -> Result<Self, InputError> {
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
        check_sweep(experiment, &base, max_points)?;
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
        add_differences_plot(&mut plotted, &base);
        let (budget, auto_budget) = RunConfig::budgets(experiment.budget);
        let config = RunConfig {
            method: experiment.method(),
            seed: experiment.seed,
            confidence: experiment.confidence,
            budget,
            auto_budget,
            max_trials: experiment.max_trials,
            // The trials' progress is told only for a single point, where it
            // means something.
            progress: if grid.len() == 1 {
                trials_progress
            } else {
                None
            },
            ..RunConfig::default()
        };
        Ok(Prepared {
            experiment: plotted,
            base,
            questions,
            grid,
            config,
            plans: Arc::default(),
        })
    }

    /// The same experiment answering its plans through `plans`, shared by
    /// the experiments of one run: a plan another of them has solved at
    /// the same point is not solved again.
    pub fn sharing(self, plans: Arc<PlanMemo>) -> Self {
        Prepared { plans, ..self }
    }

    /// Answer every point under every variant: per variant, its points in
    /// grid order. The points run over the thread pool (each point's own runs
    /// share it too), in any order, and are kept in grid order: the same
    /// bytes on any number of threads. `points` hears 1, 2, 3... of all.
    pub fn answer(
        &self,
        points: Option<&crate::engine::Progress>,
    ) -> Result<Vec<Point>, InputError> {
        let all: Vec<usize> = (0..self.grid.len()).collect();
        let answered = self.answer_points(&all, points, |p| {
            self.answer_point(&self.grid[p], &self.config)
        })?;
        Ok(self.by_variant(answered))
    }

    /// Run `answer` on the grid points `indices` over the thread pool, telling
    /// `progress` of each done, in order; the first failure in grid order is
    /// the error.
    fn answer_points<T: Send>(
        &self,
        indices: &[usize],
        progress: Option<&crate::engine::Progress>,
        answer: impl Fn(usize) -> Result<T, InputError> + Sync,
    ) -> Result<Vec<T>, InputError> {
        // Counted under a lock, so that the hook hears 1, 2, 3... in order.
        let done = Mutex::new(0u64);
        let total = indices.len() as u64;
        if let Some(progress) = progress {
            (progress.0)(0, total);
        }
        let one = |i: &usize| {
            let answered = answer(*i);
            if let Some(hook) = progress {
                let mut done = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                *done += 1;
                (hook.0)(*done, total);
            }
            answered
        };
        // A plan holds its whole chain while it is solved (hundreds of MB),
        // and solves it over the thread pool itself: its points are admitted
        // a few at a time, so that memory does not grow with the cores.
        let at_once = if self.experiment.plan.is_some() {
            PLANS_AT_ONCE
        } else {
            indices.len().max(1)
        };
        indices
            .chunks(at_once)
            .flat_map(|chunk| chunk.par_iter().map(one).collect::<Vec<_>>())
            .collect()
    }

    /// Points answered per grid point (every variant's), regrouped per
    /// variant, each in grid order.
    fn by_variant(&self, answered: Vec<Vec<Point>>) -> Vec<Point> {
        let mut by_variant: Vec<Vec<Point>> = self
            .experiment
            .variants
            .iter()
            .map(|_| Vec::new())
            .collect();
        for point in answered {
            for (i, point) in point.into_iter().enumerate() {
                by_variant[i].push(point);
            }
        }
        by_variant.into_iter().flatten().collect()
    }

    /// An error answering the point `values`, naming the point.
    fn failed(&self, error: QuestionError, values: &[String]) -> InputError {
        let e = match error {
            QuestionError::Input(e) => e.in_file(&self.experiment.file, None),
            QuestionError::Run(e) => self.experiment.run_error(e),
        };
        self.experiment.at_point(e, values)
    }

    /// The questions of the sweep point `values`, one per variant.
    fn questions_at(&self, values: &[String]) -> Result<Vec<Question>, InputError> {
        let fields = self.experiment.point_fields(values);
        self.questions.iter().map(|q| q.with(&fields)).collect()
    }

    /// Does this point run every variant on its own (one variant, or a
    /// precision target, which a paired run does not take)?
    fn unpaired(&self) -> bool {
        self.questions.len() == 1
            || matches!(self.config.method, MethodRequest::Precision(_))
            || self.experiment.plan.is_some()
    }

    /// One sweep point under every variant, in the variants' order: each on its
    /// own when unpaired, otherwise every variant against the first on the
    /// same dice.
    fn answer_point(
        &self,
        values: &[String],
        config: &RunConfig,
    ) -> Result<Vec<Point>, InputError> {
        let at_point = self.questions_at(values)?;
        if let Some(spec) = &self.experiment.plan {
            return at_point
                .iter()
                .enumerate()
                .map(|(i, question)| {
                    let (summary, policy) =
                        plans::answer_plan(spec, question, self.experiment.confidence, &self.plans)
                            .map_err(|e| self.failed(e, values))?;
                    let mut point = self.point(i, values, summary, question, Vec::new());
                    point.policy = Some(policy);
                    Ok(point)
                })
                .collect();
        }
        if self.unpaired() {
            return at_point
                .iter()
                .enumerate()
                .map(|(i, question)| {
                    let result = question
                        .answer(config)
                        .map_err(|e| self.failed(e, values))?;
                    Ok(self.point(i, values, summarize(&result), question, Vec::new()))
                })
                .collect();
        }
        let compared = self
            .comparison(&at_point)
            .run(config)
            .map_err(|e| self.failed(e, values))?;
        Ok(self.points_of(values, &at_point, compared))
    }

    /// The comparison of a point's questions: every variant against the first.
    fn comparison(&self, at_point: &[Question]) -> Comparison {
        Comparison {
            baseline: at_point[0].clone(),
            variants: at_point[1..]
                .iter()
                .zip(&self.experiment.variants[1..])
                .map(|(question, variant)| crate::ask::compare::Variant {
                    name: variant.name.clone(),
                    spec: variant.name.clone(),
                    question: question.clone(),
                })
                .collect(),
        }
    }

    /// A compared point as one [`Point`] per variant.
    fn points_of(
        &self,
        values: &[String],
        at_point: &[Question],
        compared: crate::ask::compare::Compared,
    ) -> Vec<Point> {
        let mut points = vec![self.point(0, values, compared.baseline, &at_point[0], Vec::new())];
        for (i, answer) in compared.variants.into_iter().enumerate() {
            points.push(self.point(
                i + 1,
                values,
                answer.summary,
                &at_point[i + 1],
                answer.differences,
            ));
        }
        points
    }

    fn point(
        &self,
        variant: usize,
        values: &[String],
        summary: Summary,
        question: &Question,
        differences: Vec<crate::ask::compare::DifferenceRow>,
    ) -> Point {
        Point {
            variant: self.experiment.variants[variant].name.clone(),
            values: values.to_vec(),
            summary,
            provisional: question.provisional(),
            policy: None,
            differences,
        }
    }

    /// The tidy frame's sweep columns and rows, and what it is (its
    /// metadata, less the figures a front end draws).
    pub fn frame(
        &self,
        points: &[Point],
    ) -> (
        Vec<SweepColumn>,
        Vec<Row>,
        crate::contract::ExperimentMetaJson,
    ) {
        let columns = sweep_columns(&self.experiment, &self.base);
        let rows = rows(points);
        let readings = self
            .questions
            .iter()
            .zip(&self.experiment.variants)
            .map(|(q, v)| crate::contract::VariantReadingsJson {
                variant: v.name.clone(),
                readings: crate::contract::UsedReadingJson::list(&crate::ask::readings::used(q)),
            })
            .collect();
        let headline = match &self.experiment.plan {
            Some(_) => plans::plan_headline(&self.experiment, points),
            None => headline_text(&self.experiment, self.base.headline(), points),
        };
        let meta = crate::contract::ExperimentMetaJson {
            headline,
            readings,
            ..meta(&self.experiment, &columns)
        };
        (columns, rows, meta)
    }
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
    /// The sweep fields of one grid point (its values in axis order).
    pub fn point_fields(&self, values: &[String]) -> Vec<crate::ask::question::RawField> {
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

    /// An engine error, placed at the key of this file that asked for it.
    pub fn run_error(&self, error: engine::RunError) -> InputError {
        // The file's key for the part of the run at fault.
        let key = match error.key() {
            engine::RunKey::Method | engine::RunKey::Exact => "exact",
            engine::RunKey::Budget => "budget",
            engine::RunKey::Trials | engine::RunKey::Shard => "trials",
            engine::RunKey::Precision => "precision",
            engine::RunKey::Confidence => "confidence",
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

    pub fn method(&self) -> MethodRequest {
        if self.plan.is_some() {
            return MethodRequest::Exact;
        }
        MethodRequest::from_flags(self.exact, self.trials, self.precision)
    }
}
