//! The plots an experiment draws unless its file names them: the action's
//! headline (or, for best play, its gain) over the first axis, an
//! engagement's per-turn curves, and each variant's differences to the first.

use super::{Experiment, PlotSpec};
use crate::ask::question::Question;

/// A `lines` plot of `y` over the first axis, one line per value of the
/// second axis (or per variant).
fn lines_over_first_axis(
    experiment: &Experiment,
    y: String,
    title: &str,
    file: &str,
) -> Option<PlotSpec> {
    let first = experiment.sweep.first()?;
    let series = match experiment.sweep.get(1) {
        Some(second) => second.field.clone(),
        None => "variant".to_string(),
    };
    Some(PlotSpec {
        kind: "lines".to_string(),
        x: Some(first.field.clone()),
        series: Some(series),
        y: Some(y),
        curves: Vec::new(),
        title: Some(format!("{title} by {}", first.field)),
        file: file.to_string(),
        at: Default::default(),
    })
}

/// Variants are compared with the first: plot the headline's differences over
/// the first sweep axis, unless the file already plots differences.
pub(super) fn add_differences_plot(experiment: &mut Experiment, base: &Question) {
    if let (true, Some((variable, value)), Some(first)) = (
        experiment.variants.len() > 1
            && experiment.plan.is_none()
            && !experiment.plots.iter().any(|p| p.kind == "differences"),
        base.headline(),
        experiment.sweep.first(),
    ) {
        let title = format!(
            "Each variant minus {}: P({variable} = {value}) by {}",
            experiment.variants[0].name, first.field
        );
        let x = first.field.clone();
        experiment.plots.push(PlotSpec {
            kind: "differences".to_string(),
            x: Some(x),
            series: None,
            y: Some(format!("{variable}={value}")),
            curves: Vec::new(),
            title: Some(title),
            file: "differences".to_string(),
            at: Default::default(),
        });
    }
}

/// The plots of an experiment file that asks for none, as the action declares
/// them: its headline over the first sweep axis (one line per value of the
/// second axis, or per variant), and an engagement's per-turn curves; for
/// best play, what playing well gains over the first axis.
pub(super) fn default_plots(experiment: &Experiment, question: &Question) -> Vec<PlotSpec> {
    if experiment.plan.is_some() {
        let gain = "What best play gains";
        return lines_over_first_axis(experiment, "mean:gain".to_string(), gain, "gain")
            .into_iter()
            .collect();
    }
    let mut plots = Vec::new();
    if let Some((variable, value)) = question.headline() {
        let title = format!("P({variable} = {value})");
        plots.extend(lines_over_first_axis(
            experiment,
            format!("{variable}={value}"),
            &title,
            "headline",
        ));
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
