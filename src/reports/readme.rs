//! An experiment's Markdown report: what was run and how, the readings it
//! rests on, every point's headline, and its figures.

use super::figures::Figure;
use super::{Experiment, Point};
use crate::engine::{MethodRequest, RunConfig};
use crate::output::{markdown, number, p_value_text, percent};
use std::fmt::Write;

fn method_text(experiment: &Experiment, config: &RunConfig, points: &[Point]) -> String {
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
    let refused: Vec<(&Point, &String)> = points
        .iter()
        .filter_map(|p| Some((p, p.summary.exact_refused.as_ref()?)))
        .collect();
    if let Some((point, why)) = refused.first() {
        let mut at = (experiment.sweep.iter().zip(&point.values))
            .map(|(axis, value)| format!("{}={value}", axis.field))
            .collect::<Vec<_>>()
            .join(" ");
        if experiment.variants.len() > 1 {
            at = format!("{at} ({})", point.variant);
        }
        let more = match refused.len() {
            1 => String::new(),
            n => format!(" (and {} more points)", n - 1),
        };
        text.push_str(&format!("\n- not exact at {at}: {why}{more}"));
    }
    let short: Vec<f64> = points
        .iter()
        .filter_map(|p| p.summary.precision_not_reached.map(|s| s.reached))
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
    /// The play the headline is measured under, in words (empty: the
    /// question's own).
    pub play: String,
    /// The headline probability there, and whether it is exact.
    pub headline: Option<(crate::stats::Estimate, bool)>,
    pub readings: Vec<crate::ask::readings::Reading>,
}

/// What the report says of the readings its figures rest on: in words, which
/// of them move the headline, and the rest consulted.
fn readings_section(
    experiment: &Experiment,
    headline: Option<(&str, &str)>,
    at: &ReadingsAt,
) -> String {
    use crate::ask::readings::Measured;
    if at.readings.is_empty() {
        return String::new();
    }
    let mut out = String::from("## Readings of the card these figures rest on\n\n");
    let event = headline.map_or("the headline".to_string(), |(v, x)| {
        format!("P({v} = {x}){}", at.play)
    });
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
    facts(&mut out, experiment, config, points);
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
    if experiment.plan.is_some() {
        plan_table(&mut out, experiment, points);
        return out;
    }
    results_table(&mut out, experiment, headline, points, first);
    differences_table(&mut out, experiment, headline, points);
    out
}

/// An experiment of best play, point by point: best play's value, each
/// fixed policy's, the gain, how often best play takes each other choice,
/// its first choice, and the policy in words.
fn plan_table(out: &mut String, experiment: &Experiment, points: &[Point]) {
    let _ = writeln!(
        out,
        "## Best play, point by point
"
    );
    let answered = experiment
        .plan
        .as_ref()
        .is_some_and(|p| p.opponent == crate::plan::Opponent::Best);
    let _ = writeln!(
        out,
        "Every figure exact. `gain`: best play over the best fixed policy; `uses_X`: the turns best play takes X, on average.{}\n",
        if answered {
            " The other side answers at its best: each fixed policy is met by its best answer; `opponent_uses_X`: the turns it takes X, on average; `best_against_usual`: best play where it plays its usual way instead; `cost_of_best_reply`: what its best play takes from that."
        } else {
            ""
        }
    );
    let probability = experiment.plan.as_ref().is_none_or(|p| p.is_probability());
    let several = experiment.variants.len() > 1;
    let mut header: Vec<String> = Vec::new();
    if several {
        header.push("variant".to_string());
    }
    header.extend(experiment.sweep.iter().map(|axis| axis.field.clone()));
    let means: Vec<String> = points[0]
        .summary
        .means
        .iter()
        .map(|m| m.variable.clone())
        .collect();
    header.extend(means.iter().cloned());
    header.push("first choice".to_string());
    header.push("best play in words".to_string());
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|p| {
            let mut line = Vec::new();
            if several {
                line.push(p.variant.clone());
            }
            line.extend(p.values.iter().cloned());
            for m in &p.summary.means {
                let count =
                    m.variable.starts_with("uses_") || m.variable.starts_with("opponent_uses_");
                let shown = if count {
                    format!("{:.3}", m.estimate.value)
                } else if !probability {
                    format!("{:.4}", m.estimate.value)
                } else if m.variable == "gain" || m.variable == "cost_of_best_reply" {
                    format!("{:+.3} pts", 100.0 * m.estimate.value)
                } else {
                    format!("{}%", crate::output::percent_digits(m.estimate.value))
                };
                line.push(shown);
            }
            let first = p
                .summary
                .outcomes
                .iter()
                .find(|o| o.variable == "first_choice" && o.estimate.value > 0.5)
                .map(|o| o.value.clone())
                .unwrap_or_default();
            line.push(first);
            line.push(p.policy.clone().unwrap_or_default());
            line
        })
        .collect();
    out.push_str(&markdown::table(&header, &rows));
}

/// The experiment in a list: its file, question, fixed fields, sweep,
/// variants, method and data files.
fn facts(out: &mut String, experiment: &Experiment, config: &RunConfig, points: &[Point]) {
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
    let _ = writeln!(out, "- method: {}", method_text(experiment, config, points));
    let _ = writeln!(
        out,
        "- data: `results.parquet`, `results.csv` (tidy: one row per point and figure)\n"
    );
}

/// Every point's answer: the distribution of the headline variable (or the
/// first variable) and every mean.
fn results_table(
    out: &mut String,
    experiment: &Experiment,
    headline: Option<(&str, &str)>,
    points: &[Point],
    first: &Point,
) {
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
            "on the same trials (paired Monte Carlo: Tango's score interval, McNemar's test, one test inverted)"
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
