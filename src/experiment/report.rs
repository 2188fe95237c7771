//! An experiment's figures and its Markdown report.

use super::{Experiment, PlotSpec, Point};
use crate::engine::{MethodRequest, RunConfig};
use crate::output::{markdown, number, p_value_text, percent};
use crate::plot::{Figure as _, Heatmap, Join, Lines, Series};
use crate::stats::Estimate;
use std::fmt::Write;
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
        Some((v, x)) => (v.to_string(), x.to_string()),
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
        let stem = folder.join(&spec.file);
        let mut title = spec
            .title
            .clone()
            .unwrap_or_else(|| experiment.title.clone());
        if points.iter().any(|p| p.provisional.is_some()) {
            title.insert_str(0, "PROVISIONAL (reconstructed chart): ");
        }
        let by_variant = spec.series.as_deref() == Some("variant");
        let series_axis = spec
            .series
            .as_deref()
            .and_then(|s| axis_index(experiment, s));
        let x_axis = spec.x.as_deref().and_then(|x| axis_index(experiment, x));
        let (png, svg) = match spec.kind.as_str() {
            "differences" => {
                let x = x_axis.ok_or_else(|| {
                    anyhow::anyhow!(
                        "{}: plot `{}` needs x = a sweep axis",
                        experiment.file,
                        spec.file
                    )
                })?;
                let (variable, value) = split_y(spec.y.as_deref().unwrap_or("result=E"));
                let chosen = slice(experiment, spec, points, &[x]);
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
                                    .find(|d| {
                                        d.variable == variable && d.value.as_deref() == Some(&value)
                                    })?
                                    .difference;
                                let xv = x_coordinate(x_values, &p.values[x], numeric)?;
                                Some((xv, 100.0 * d.value, 100.0 * d.low, 100.0 * d.high))
                            })
                            .collect(),
                    })
                    .collect();
                Lines {
                    title: title.clone(),
                    subtitle: held(experiment, spec, &[x]),
                    x_label: experiment.sweep[x].field.clone(),
                    y_label: format!("difference in P({variable} = {value}), points"),
                    x_ticks: (!numeric).then(|| x_values.clone()),
                    join: join_for(x_values),
                    percent: false,
                    series,
                }
                .write(&stem)?
            }
            "lines" | "heatmap" => {
                let x = x_axis.ok_or_else(|| {
                    anyhow::anyhow!(
                        "{}: plot `{}` needs x = a sweep axis",
                        experiment.file,
                        spec.file
                    )
                })?;
                let (variable, value) = split_y(spec.y.as_deref().unwrap_or("result=E"));
                let mut free = vec![x];
                free.extend(series_axis);
                let chosen = slice(experiment, spec, points, &free);
                let x_values = &experiment.sweep[x].values;
                let numeric = x_values.iter().all(|v| v.parse::<f64>().is_ok());
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
                for p in &chosen {
                    let k = key(p);
                    if !names.contains(&k) {
                        names.push(k);
                    }
                }
                // `y = "mean:NAME"` plots a mean; otherwise `VARIABLE=VALUE` a probability.
                let mean_of = variable.strip_prefix("mean:").map(str::to_string);
                let estimate = |p: &Point| match &mean_of {
                    Some(name) => p.summary.mean(name),
                    None => p.summary.probability(&variable, &value),
                };
                // `series = "value"`: one series per value of the y variable.
                let by_value = spec.series.as_deref() == Some("value");
                let y_text = match (&mean_of, by_value) {
                    (Some(name), _) => format!("mean {name}"),
                    (None, true) => format!("P({variable} = each value)"),
                    (None, false) => format!("P({variable} = {value})"),
                };
                let groups: Vec<(String, Vec<(&Point, Estimate)>)> = if by_value {
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
                    // One series per value, and per variant when there are several.
                    let several = experiment.variants.len() > 1;
                    experiment
                        .variants
                        .iter()
                        .flat_map(|variant| values.iter().map(move |v| (variant, v)))
                        .map(|(variant, v)| {
                            let found = chosen
                                .iter()
                                .filter(|p| p.variant == variant.name)
                                .filter_map(|p| Some((*p, p.summary.probability(&variable, v)?)))
                                .collect();
                            let name = if several {
                                format!("{} {v}", variant.name)
                            } else {
                                v.clone()
                            };
                            (name, found)
                        })
                        .collect()
                } else {
                    names
                        .iter()
                        .map(|name| {
                            let found = chosen
                                .iter()
                                .filter(|p| &key(p) == name)
                                .filter_map(|p| Some((*p, estimate(p)?)))
                                .collect();
                            (name.clone(), found)
                        })
                        .collect()
                };
                if spec.kind == "lines" {
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
                    Lines {
                        title: title.clone(),
                        subtitle: held(experiment, spec, &free),
                        x_label: experiment.sweep[x].field.clone(),
                        y_label: y_text.clone(),
                        x_ticks: (!numeric).then(|| x_values.clone()),
                        join: join_for(x_values),
                        percent: mean_of.is_none(),
                        series,
                    }
                    .write(&stem)?
                } else {
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
                        title: format!("{title}: {y_text}"),
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
                    .write(&stem)?
                }
            }
            _ => {
                let mut series = Vec::new();
                // The points the plot's `at` values select (every point without).
                let selected = points.iter().filter(|p| {
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
                                (
                                    c.turn as f64,
                                    c.estimate.value,
                                    c.estimate.low,
                                    c.estimate.high,
                                )
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
                    title: title.clone(),
                    subtitle: (!at.is_empty()).then(|| format!("at {}", at.join(", "))),
                    x_label: "turn (0: the start)".to_string(),
                    y_label: "mean at the end of the turn".to_string(),
                    x_ticks: None,
                    join: Join::Post,
                    percent: false,
                    series,
                }
                .write(&stem)?
            }
        };
        figures.push(Figure { title, png, svg });
    }
    Ok(figures)
}

fn method_text(config: &RunConfig, points: &[Point]) -> String {
    let exact = points.iter().filter(|p| p.summary.exact).count();
    let requested = match config.method {
        MethodRequest::Auto => format!(
            "auto (exact where the dice tree has at most {} branches)",
            config.auto_budget
        ),
        MethodRequest::Exact => "exact".to_string(),
        MethodRequest::Trials(n) => format!("Monte Carlo, {n} trials per point"),
        MethodRequest::Precision(e) => format!("Monte Carlo until every half-width < {e}"),
    };
    let mut text = format!(
        "{requested}; {exact} of {} points exact; seed {}; Monte Carlo intervals at {:.0}% confidence",
        points.len(),
        config.seed,
        100.0 * config.confidence
    );
    let short: Vec<f64> = points
        .iter()
        .filter_map(|p| p.summary.precision_not_reached)
        .collect();
    if let (MethodRequest::Precision(target), false) = (config.method, short.is_empty()) {
        let widest = short.iter().copied().fold(0.0, f64::max);
        text.push_str(&format!(
            "\n- **warning**: {} of {} points stopped at the cap of {} trials before every half-width was below {target} (the widest is {widest:.4}); their intervals are wider than asked",
            short.len(),
            points.len(),
            config.max_trials
        ));
    }
    text
}

/// The report, in Markdown.
/// The readings of the card a report's first point rests on, measured.
#[derive(Default)]
pub struct ReadingsAt {
    /// The point, in words (empty when the sweep has none).
    pub point: String,
    /// The headline probability there, and whether it is exact.
    pub headline: Option<(crate::stats::Estimate, bool)>,
    pub readings: Vec<crate::readings::Reading>,
}

/// What the report says of the readings its figures rest on: in words, which
/// of them move the headline, and the rest consulted.
fn readings_section(
    experiment: &Experiment,
    headline: Option<(&str, &str)>,
    at: &ReadingsAt,
) -> String {
    use crate::readings::Measured;
    if at.readings.is_empty() {
        return String::new();
    }
    let mut out = String::from("## Readings of the card these figures rest on\n\n");
    let event = headline.map_or("the headline".to_string(), |(v, x)| format!("P({v} = {x})"));
    let place = if at.point.is_empty() {
        String::new()
    } else {
        format!(" at {} (the first point)", at.point)
    };
    let shown = |option: &str, value: &str| format!("`{option} = {value}`");
    let (mut moving, mut still, mut unmeasured) = (Vec::new(), Vec::new(), Vec::new());
    for r in &at.readings {
        match &r.measured {
            Measured::Exact | Measured::Paired if !r.alternatives.is_empty() => {
                let under: Vec<String> = r
                    .alternatives
                    .iter()
                    .map(|a| {
                        format!(
                            "under `{}` it is {}% ({:+.2} points)",
                            a.value,
                            crate::output::percent_digits(a.probability.value),
                            100.0 * a.difference.value
                        )
                    })
                    .collect();
                moving.push(format!(
                    "- {}: {}.",
                    shown(&r.option, &r.value),
                    under.join("; ")
                ));
            }
            Measured::Exact | Measured::Paired => still.push(shown(&r.option, &r.value)),
            Measured::No(_) => unmeasured.push(shown(&r.option, &r.value)),
        }
    }
    if let Some((estimate, exact)) = &at.headline {
        let _ = writeln!(
            out,
            "{event}{place} is {}.",
            crate::output::percent(estimate, *exact)
        );
    }
    if moving.is_empty() {
        if !still.is_empty() {
            let _ = writeln!(
                out,
                "No reading of the card it consults moves it by a point or more."
            );
        }
    } else {
        let _ = writeln!(
            out,
            "**It rests on readings of the card that move it by a point or more:**\n"
        );
        for line in &moving {
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
    }
    if !still.is_empty() {
        let _ = writeln!(
            out,
            "Also consulted, each moving it by less than a point: {}.",
            still.join(", ")
        );
    }
    if !unmeasured.is_empty() {
        let _ = writeln!(
            out,
            "Consulted, not measured (a number, or a Monte Carlo answer): {}.",
            unmeasured.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "\n`volley rules {} options` says why each reading is taken; `volley sensitivity {} {}` measures every one.\n",
        experiment.system, experiment.system, experiment.action
    );
    out
}

pub fn markdown(
    experiment: &Experiment,
    headline: Option<(&str, &str)>,
    points: &[Point],
    figures: &[Figure],
    config: &RunConfig,
    readings: &ReadingsAt,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", experiment.title);
    let mut reasons: Vec<(&str, &str)> = points
        .iter()
        .filter_map(|p| p.provisional.as_deref().map(|r| (p.variant.as_str(), r)))
        .collect();
    reasons.dedup();
    for (variant, reason) in reasons {
        let _ = writeln!(
            out,
            "> **PROVISIONAL** (variant `{variant}`): {reason}. Every figure of this variant depends on it; the `provisional` column of the results says so row by row.\n"
        );
    }
    if !experiment.description.is_empty() {
        let _ = writeln!(out, "{}\n", experiment.description.trim());
    }
    let _ = writeln!(out, "- experiment: `{}`", experiment.file);
    let _ = writeln!(
        out,
        "- system and action: `{} {}`",
        experiment.system, experiment.action
    );
    let fixed: Vec<String> = experiment
        .fields
        .iter()
        .map(|f| format!("{}={}", f.0, f.1))
        .collect();
    let _ = writeln!(
        out,
        "- fixed fields: {}",
        if fixed.is_empty() {
            "defaults".to_string()
        } else {
            format!("`{}`", fixed.join(" "))
        }
    );
    let axes: Vec<String> = experiment
        .sweep
        .iter()
        .map(|a| format!("{} ({} values)", a.field, a.values.len()))
        .collect();
    let _ = writeln!(
        out,
        "- sweep: {}",
        if axes.is_empty() {
            "none".to_string()
        } else {
            axes.join(", ")
        }
    );
    let variants: Vec<String> = experiment
        .variants
        .iter()
        .map(|v| {
            let rules: Vec<&str> = v.rules.iter().map(|r| r.file.as_str()).collect();
            if rules.is_empty() {
                format!("{} (the card)", v.name)
            } else {
                format!("{} ({})", v.name, rules.join(", "))
            }
        })
        .collect();
    let _ = writeln!(out, "- variants: {}", variants.join("; "));
    let _ = writeln!(out, "- method: {}", method_text(config, points));
    let _ = writeln!(
        out,
        "- data: `results.parquet`, `results.csv` (tidy: one row per point and figure)\n"
    );
    out.push_str(&readings_section(experiment, headline, readings));
    for f in figures {
        let name = f
            .png
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let svg = f
            .svg
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "## {}\n\n![{}]({name})\n\n([SVG]({svg}))\n",
            f.title, f.title
        );
    }
    let Some(first) = points.first() else {
        return out;
    };
    let _ = writeln!(out, "## Results\n");
    let mut header = vec!["variant".to_string()];
    header.extend(experiment.sweep.iter().map(|axis| axis.field.clone()));
    // Every value of the headline variable (or of the first variable), so the
    // table shows the whole distribution of the answer.
    let variable = headline
        .map(|h| h.0.to_string())
        .unwrap_or_else(|| first.summary.outcomes[0].variable.clone());
    let shown: Vec<(String, String)> = first
        .summary
        .outcomes
        .iter()
        .filter(|o| o.variable == variable)
        .take(8)
        .map(|o| (o.variable.clone(), o.value.clone()))
        .collect();
    header.extend(shown.iter().map(|(v, x)| format!("P({v}={x})")));
    header.extend(
        first
            .summary
            .means
            .iter()
            .map(|m| format!("mean {}", m.variable)),
    );
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|p| {
            let mut line = vec![p.variant.clone()];
            line.extend(p.values.iter().cloned());
            line.extend(shown.iter().map(|(v, x)| {
                p.summary
                    .probability(v, x)
                    .map(|e| percent(&e, p.summary.exact))
                    .unwrap_or_default()
            }));
            line.extend(
                p.summary
                    .means
                    .iter()
                    .map(|m| number(&m.estimate, p.summary.exact)),
            );
            line
        })
        .collect();
    out.push_str(&markdown::table(&header, &rows));
    differences_table(&mut out, experiment, headline, points);
    out
}

/// Each variant's difference to the first on the headline outcome, point by
/// point, with its paired interval and p-value.
fn differences_table(
    out: &mut String,
    experiment: &Experiment,
    headline: Option<(&str, &str)>,
    points: &[Point],
) {
    let Some((variable, value)) = headline else {
        return;
    };
    let compared: Vec<&Point> = points
        .iter()
        .filter(|p| !p.differences.is_empty())
        .collect();
    let Some(first_variant) = experiment.variants.first() else {
        return;
    };
    if compared.is_empty() {
        return;
    }
    let paired = compared.iter().any(|p| !p.summary.exact);
    let _ = writeln!(
        out,
        "\n## Differences to `{}`\n\nP({variable}={value}), each variant minus `{}` at the same point, {}.\n",
        first_variant.name,
        first_variant.name,
        if paired {
            "on the same trials (paired Monte Carlo: Agresti-Min paired interval, McNemar's exact test)"
        } else {
            "exact"
        }
    );
    let mut header = vec!["variant".to_string()];
    header.extend(experiment.sweep.iter().map(|axis| axis.field.clone()));
    header.extend([
        format!("P, {}", first_variant.name),
        "P, variant".to_string(),
        "difference (points)".to_string(),
        "p".to_string(),
    ]);
    let rows: Vec<Vec<String>> = compared
        .iter()
        .filter_map(|p| {
            let d = p
                .differences
                .iter()
                .find(|d| d.variable == variable && d.value.as_deref() == Some(value))?
                .difference;
            let mine = p.summary.probability(variable, value)?.value;
            let mut line = vec![p.variant.clone()];
            line.extend(p.values.iter().cloned());
            line.push(format!("{:.2}%", 100.0 * (mine - d.value)));
            line.push(format!("{:.2}%", 100.0 * mine));
            line.push(if d.p_value.is_some() {
                format!(
                    "{:+.2} [{:+.2}, {:+.2}]",
                    100.0 * d.value,
                    100.0 * d.low,
                    100.0 * d.high
                )
            } else {
                format!("{:+.2}", 100.0 * d.value)
            });
            line.push(p_value_text(d.p_value));
            Some(line)
        })
        .collect();
    out.push_str(&markdown::table(&header, &rows));
}
