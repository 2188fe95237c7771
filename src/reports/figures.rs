//! An experiment's figures: one per plot the experiment file asks for (or its
//! defaults), a line chart over one swept field or a heatmap over two, the
//! other fields held at a value the subtitle names.

use super::{Experiment, PlotSpec, Point};
use crate::plot::{Figure as _, Heatmap, Join, Lines, Series};
use crate::stats::Estimate;
use std::path::{Path, PathBuf};

/// A written figure.
pub struct Figure {
    pub title: String,
    pub png: PathBuf,
    pub svg: PathBuf,
}

fn axis_index(experiment: &Experiment, field: &str) -> Option<usize> {
    experiment.sweep.iter().position(|a| a.field == field)
}

/// Points where every axis other than `free` holds the value the plot names in
/// `at`, or else its first value.
fn slice<'a>(
    experiment: &Experiment,
    spec: &PlotSpec,
    points: &'a [Point],
    free: &[usize],
) -> Vec<&'a Point> {
    points
        .iter()
        .filter(|p| {
            experiment.sweep.iter().enumerate().all(|(i, axis)| {
                free.contains(&i)
                    || p.values[i]
                        == spec
                            .at_value(&axis.field)
                            .unwrap_or_else(|| axis.values[0].clone())
            })
        })
        .collect()
}

/// The subtitle of a plot that holds sweep axes fixed: the values it shows
/// them at (the axes in `free` are drawn).
fn held(experiment: &Experiment, spec: &PlotSpec, free: &[usize]) -> Option<String> {
    let fixed: Vec<String> = experiment
        .sweep
        .iter()
        .enumerate()
        .filter(|(i, axis)| !free.contains(i) && axis.values.len() > 1)
        .map(|(_, axis)| {
            let value = spec
                .at_value(&axis.field)
                .unwrap_or_else(|| axis.values[0].clone());
            format!("{} = {value}", axis.field)
        })
        .collect();
    (!fixed.is_empty()).then(|| format!("at {}", fixed.join(", ")))
}

/// How a line joins points over the sweep values `x_values`: steps on a
/// whole-number axis, straight on a continuous one, not at all between names.
fn join_for(x_values: &[String]) -> Join {
    let whole = x_values.iter().all(|v| v.parse::<i64>().is_ok());
    let numeric = x_values.iter().all(|v| v.parse::<f64>().is_ok());
    match (whole, numeric) {
        (true, _) => Join::Mid,
        (false, true) => Join::Straight,
        (false, false) => Join::Points,
    }
}

/// Where a sweep value sits on a plot's x axis: the number itself on a numeric
/// axis, its position among the swept values otherwise.
fn x_coordinate(x_values: &[String], value: &str, numeric: bool) -> Option<f64> {
    let position = x_values.iter().position(|v| v == value)? as f64;
    Some(if numeric {
        value.parse().unwrap_or(position)
    } else {
        position
    })
}

fn split_y(y: &str) -> (String, String) {
    match y.split_once('=') {
        Some((v, x)) => (v.to_string(), crate::tally::current_label(x).to_string()),
        None => (y.to_string(), String::new()),
    }
}

/// Draw every plot the experiment asks for.
pub fn plots(
    experiment: &Experiment,
    points: &[Point],
    folder: &Path,
) -> anyhow::Result<Vec<Figure>> {
    let mut figures = Vec::new();
    for spec in &experiment.plots {
        let mut title = spec
            .title
            .clone()
            .unwrap_or_else(|| experiment.title.clone());
        if points.iter().any(|p| p.provisional.is_some()) {
            title.insert_str(0, "PROVISIONAL (reconstructed chart): ");
        }
        let plot = Plot {
            experiment,
            spec,
            points,
            title,
            stem: folder.join(&spec.file),
        };
        let (png, svg) = match spec.kind.as_str() {
            "differences" => plot.differences()?,
            "lines" | "heatmap" => plot.by_value()?,
            _ => plot.curves()?,
        };
        figures.push(Figure {
            title: plot.title,
            png,
            svg,
        });
    }
    Ok(figures)
}

/// One plot being drawn: what it shows and where it goes.
struct Plot<'a> {
    experiment: &'a Experiment,
    spec: &'a PlotSpec,
    points: &'a [Point],
    title: String,
    stem: PathBuf,
}

/// The named series of a plot over one axis, each with its points and their
/// estimates.
type Groups<'a> = Vec<(String, Vec<(&'a Point, Estimate)>)>;

impl<'a> Plot<'a> {
    /// The plot's x axis: a sweep axis, which it must name.
    fn x_axis(&self) -> anyhow::Result<usize> {
        self.spec
            .x
            .as_deref()
            .and_then(|x| axis_index(self.experiment, x))
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: plot `{}` needs x = a sweep axis",
                    self.experiment.file,
                    self.spec.file
                )
            })
    }

    /// Each variant minus the first, for one outcome, over the x axis.
    fn differences(&self) -> anyhow::Result<(PathBuf, PathBuf)> {
        let (experiment, spec) = (self.experiment, self.spec);
        let x = self.x_axis()?;
        let (variable, value) = split_y(spec.y.as_deref().unwrap_or("result=E"));
        let chosen = slice(experiment, spec, self.points, &[x]);
        let x_values = &experiment.sweep[x].values;
        let numeric = x_values.iter().all(|v| v.parse::<f64>().is_ok());
        let series = experiment.variants[1..]
            .iter()
            .map(|variant| Series {
                name: format!("{} - {}", variant.name, experiment.variants[0].name),
                points: chosen
                    .iter()
                    .filter(|p| p.variant == variant.name)
                    .filter_map(|p| {
                        let d = p
                            .differences
                            .iter()
                            .find(|d| d.variable == variable && d.value.as_deref() == Some(&value))?
                            .difference;
                        let xv = x_coordinate(x_values, &p.values[x], numeric)?;
                        Some((xv, 100.0 * d.value, 100.0 * d.low, 100.0 * d.high))
                    })
                    .collect(),
            })
            .collect();
        Lines {
            title: self.title.clone(),
            subtitle: held(experiment, spec, &[x]),
            x_label: experiment.sweep[x].field.clone(),
            y_label: format!("difference in P({variable} = {value}), points"),
            x_ticks: (!numeric).then(|| x_values.clone()),
            join: join_for(x_values),
            percent: false,
            series,
        }
        .write(&self.stem)
    }

    /// A probability or mean over the x axis: lines, or a heatmap with one row
    /// a series.
    fn by_value(&self) -> anyhow::Result<(PathBuf, PathBuf)> {
        let (experiment, spec) = (self.experiment, self.spec);
        let x = self.x_axis()?;
        let (variable, value) = split_y(spec.y.as_deref().unwrap_or("result=E"));
        let mut free = vec![x];
        free.extend(
            spec.series
                .as_deref()
                .and_then(|s| axis_index(experiment, s)),
        );
        let chosen = slice(experiment, spec, self.points, &free);
        // `y = "mean:NAME"` plots a mean; otherwise `VARIABLE=VALUE` a probability.
        let mean_of = variable.strip_prefix("mean:").map(str::to_string);
        // `series = "value"`: one series per value of the y variable.
        let by_value = spec.series.as_deref() == Some("value");
        let y_text = match (&mean_of, by_value) {
            (Some(name), _) => format!("mean {name}"),
            (None, true) => format!("P({variable} = each value)"),
            (None, false) => format!("P({variable} = {value})"),
        };
        let groups = if by_value {
            self.groups_by_outcome(&chosen, &variable)
        } else {
            self.groups_by_series(&chosen, |p: &Point| match &mean_of {
                Some(name) => p.summary.mean(name),
                None => p.summary.probability(&variable, &value),
            })
        };
        let x_values = &experiment.sweep[x].values;
        if spec.kind == "lines" {
            let numeric = x_values.iter().all(|v| v.parse::<f64>().is_ok());
            let series = groups
                .iter()
                .map(|(name, found)| Series {
                    name: name.clone(),
                    points: found
                        .iter()
                        .filter_map(|(p, e)| {
                            let xv = x_coordinate(x_values, &p.values[x], numeric)?;
                            Some((xv, e.value, e.low, e.high))
                        })
                        .collect(),
                })
                .collect();
            return Lines {
                title: self.title.clone(),
                subtitle: held(experiment, spec, &free),
                x_label: experiment.sweep[x].field.clone(),
                y_label: y_text,
                x_ticks: (!numeric).then(|| x_values.clone()),
                join: join_for(x_values),
                percent: mean_of.is_none(),
                series,
            }
            .write(&self.stem);
        }
        let cells = groups
            .iter()
            .map(|(_, found)| {
                x_values
                    .iter()
                    .map(|xv| {
                        found
                            .iter()
                            .find(|(p, _)| &p.values[x] == xv)
                            .map_or(f64::NAN, |(_, e)| e.value)
                    })
                    .collect()
            })
            .collect();
        Heatmap {
            diverging: false,
            title: format!("{}: {y_text}", self.title),
            subtitle: held(experiment, spec, &free),
            percent: mean_of.is_none(),
            x_label: experiment.sweep[x].field.clone(),
            y_label: if by_value {
                variable.clone()
            } else {
                spec.series.clone().unwrap_or_default()
            },
            columns: x_values.clone(),
            rows: groups.into_iter().map(|(name, _)| name).collect(),
            cells,
        }
        .write(&self.stem)
    }

    /// One series per value of `variable`, and per variant when there are
    /// several.
    fn groups_by_outcome(&self, chosen: &[&'a Point], variable: &str) -> Groups<'a> {
        let values: Vec<String> = chosen
            .first()
            .map(|p| {
                p.summary
                    .outcomes
                    .iter()
                    .filter(|o| o.variable == variable)
                    .map(|o| o.value.clone())
                    .collect()
            })
            .unwrap_or_default();
        let several = self.experiment.variants.len() > 1;
        self.experiment
            .variants
            .iter()
            .flat_map(|variant| values.iter().map(move |v| (variant, v)))
            .map(|(variant, v)| {
                let found = chosen
                    .iter()
                    .filter(|p| p.variant == variant.name)
                    .filter_map(|p| Some((*p, p.summary.probability(variable, v)?)))
                    .collect();
                let name = if several {
                    format!("{} {v}", variant.name)
                } else {
                    v.clone()
                };
                (name, found)
            })
            .collect()
    }

    /// One series per variant, or per value of the `series` axis (and variant,
    /// when there are several), in the order the points come.
    fn groups_by_series(
        &self,
        chosen: &[&'a Point],
        estimate: impl Fn(&Point) -> Option<Estimate>,
    ) -> Groups<'a> {
        let experiment = self.experiment;
        let by_variant = self.spec.series.as_deref() == Some("variant");
        let series_axis = self
            .spec
            .series
            .as_deref()
            .and_then(|s| axis_index(experiment, s));
        let key = |p: &Point| match (by_variant, series_axis) {
            (true, _) => p.variant.clone(),
            (false, Some(s)) => format!(
                "{}{}={}",
                if experiment.variants.len() > 1 {
                    format!("{} ", p.variant)
                } else {
                    String::new()
                },
                experiment.sweep[s].field,
                p.values[s]
            ),
            (false, None) => p.variant.clone(),
        };
        let mut names: Vec<String> = Vec::new();
        for p in chosen {
            let k = key(p);
            if !names.contains(&k) {
                names.push(k);
            }
        }
        names
            .into_iter()
            .map(|name| {
                let found = chosen
                    .iter()
                    .filter(|p| key(p) == name)
                    .filter_map(|p| Some((*p, estimate(p)?)))
                    .collect();
                (name, found)
            })
            .collect()
    }

    /// Per-turn curves of the points the plot's `at` values select (every
    /// point without), at most eight.
    fn curves(&self) -> anyhow::Result<(PathBuf, PathBuf)> {
        let (experiment, spec) = (self.experiment, self.spec);
        let mut series = Vec::new();
        let selected = self.points.iter().filter(|p| {
            experiment.sweep.iter().enumerate().all(|(i, axis)| {
                spec.at_value(&axis.field)
                    .is_none_or(|value| p.values[i] == value)
            })
        });
        for p in selected.take(8) {
            // The variant, and the point by its axes' names and values.
            let label = if p.values.is_empty() {
                p.variant.clone()
            } else {
                format!("{}, {}", p.variant, experiment.point_label(&p.values))
            };
            for curve in &spec.curves {
                let pts: Vec<_> = p
                    .summary
                    .curves
                    .iter()
                    .filter(|c| &c.variable == curve)
                    .map(|c| {
                        let e = &c.estimate;
                        (c.turn as f64, e.value, e.low, e.high)
                    })
                    .collect();
                if pts.is_empty() {
                    anyhow::bail!(
                        "{}: plot `{}`: no curve `{curve}`",
                        experiment.file,
                        spec.file
                    );
                }
                series.push(Series {
                    name: format!("{curve} ({label})"),
                    points: pts,
                });
            }
        }
        let at: Vec<String> = experiment
            .sweep
            .iter()
            .filter_map(|axis| {
                spec.at_value(&axis.field)
                    .map(|v| format!("{} = {v}", axis.field))
            })
            .collect();
        Lines {
            title: self.title.clone(),
            subtitle: (!at.is_empty()).then(|| format!("at {}", at.join(", "))),
            x_label: "turn (0: the start)".to_string(),
            y_label: "mean at the end of the turn".to_string(),
            x_ticks: None,
            join: Join::Post,
            percent: false,
            series,
        }
        .write(&self.stem)
    }
}
