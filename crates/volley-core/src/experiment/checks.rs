//! What a run refuses before any work: a sweep too large or with a value its
//! field does not take, a point no model accepts, a plot asking for what the
//! models do not answer.

use super::answers::Answerable;
use super::{Experiment, PlotSpec};
use crate::ask::question::Question;
use crate::error::InputError;
use rayon::prelude::*;

/// Refuse a sweep of more than `max_points` points, or with a value its field
/// does not take, before building any: so that a huge or a wrong sweep fails
/// at once, not gigabytes later.
pub(crate) fn check_sweep(
    experiment: &Experiment,
    base: &Question,
    max_points: u64,
) -> Result<(), InputError> {
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
                "{count} points ({}); volley runs at most {max_points} without {}",
                sizes.join(" x "),
                crate::error::Key::MaxPoints.named()
            ),
        });
    }
    for axis in &experiment.sweep {
        for value in &axis.values {
            base.with(&[(axis.field.clone(), value.clone(), axis.origin.clone())])?;
        }
    }
    Ok(())
}

/// Build every point's model, under every variant, before answering any: a
/// combination of values that no model accepts fails at once, naming it, not
/// after hours of the points before it. And check that every plot asks for
/// what the models answer.
pub(crate) fn check_points_and_plots(
    experiment: &Experiment,
    questions: &[Question],
    grid: &[Vec<String>],
    plots: &[PlotSpec],
) -> Result<(), InputError> {
    // Built over the thread pool, read in grid order: the first point no
    // model accepts is the error.
    let schemas: Vec<Result<Vec<_>, InputError>> = grid
        .par_iter()
        .map(|values| {
            questions
                .iter()
                .map(|question| {
                    let model = question
                        .with(&experiment.point_fields(values))
                        .and_then(|q| q.model())
                        .map_err(|e| experiment.point_error(e, values))?;
                    Ok(model.schema())
                })
                .collect()
        })
        .collect();
    let mut answers = Answerable::default();
    for point in schemas {
        for schema in point? {
            if experiment.plan.is_none() {
                answers.add(&schema);
            }
        }
    }
    if let Some(spec) = &experiment.plan {
        for question in questions {
            let (means, outcomes) = super::plans::plan_figures(
                &spec.choices(question),
                &spec.opponent_choices(question),
            );
            answers.add_figures(means, outcomes);
        }
    }
    for plot in plots {
        answers.check(plot).map_err(|message| InputError {
            file: experiment.file.clone(),
            line: experiment.plot_line(plot),
            field: "plot".to_string(),
            message: format!("plot `{}`: {message}", plot.file),
        })?;
    }
    Ok(())
}
