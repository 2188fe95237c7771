//! The report of `volley sensitivity SYSTEM --out DIR`: every action's
//! default question with each reading of the card switched in turn, written to
//! `DIR/sensitivity-SYSTEM/` as a README, a tidy frame with its metadata, and a
//! tornado chart of the readings that move a headline most.

use super::SENSITIVITY_TRIALS;
use crate::action::System;
use crate::ask::effects::Effects;
use crate::ask::question::Question;
use crate::ask::sensitivity::{options, sensitivity};
use crate::contract::SensitivityMetaJson;
use crate::engine::RunConfig;
use crate::frame::{self, FrameColumn};
use crate::output::{EffectsDocument, Format, render};
use crate::plot::{Figure, Tornado};
use crate::systems;
use polars::prelude::DataFrame;
use rayon::prelude::*;
use std::fmt::Write;

/// A bar of the tornado: label, change and its interval, in points.
type Bar = (String, f64, f64, f64);

/// How an action's readings were measured: exact, or paired Monte Carlo.
fn method_of(effects: &Effects) -> String {
    let method = match (effects.exact, effects.trials) {
        (true, _) => "exact".to_string(),
        (false, Some(trials)) => format!("monte-carlo-paired ({trials} trials)"),
        (false, None) => "monte-carlo-paired".to_string(),
    };
    match &effects.exact_refused {
        Some(why) => format!("{method}; not exact: {why}"),
        None => method,
    }
}

/// What each column of a sensitivity frame means.
const SENSITIVITY_COLUMNS: [(&str, &str); 11] = [
    ("action", "the action whose headline probability is read"),
    ("option", "the reading (a rules option) changed"),
    ("from", "the card's default reading"),
    ("to", "the reading tried instead"),
    (
        "probability",
        "the headline probability under the default reading",
    ),
    (
        "difference",
        "the change in the headline probability (to minus from)",
    ),
    ("diff_low", "the lower end of the difference's interval"),
    ("diff_high", "the upper end of the difference's interval"),
    ("p_value", "the paired test's p-value, when there is one"),
    (
        "provisional",
        "why the figure rests on a reconstructed chart cell (empty when it does not)",
    ),
    ("method", "exact, or monte-carlo-paired (N trials)"),
];

/// Every action's default question, its readings switched one at a time.
pub(super) fn report(
    system: &str,
    dir: &std::path::Path,
    config: &RunConfig,
) -> anyhow::Result<String> {
    let found = systems::find(system)?;
    let folder = dir.join(format!("sensitivity-{}", found.name()));
    // Every action with a headline, over the thread pool, kept in the card's
    // order; the first error in that order is the one reported.
    let answered: Vec<anyhow::Result<(String, Effects)>> = found
        .actions()
        .into_par_iter()
        .filter(|action| action.headline().is_some())
        .map(|action| {
            let question = Question::new(found.name(), action.name(), &[], &[])?;
            let effects = sensitivity(&question, &[], None, config).map_err(crate::cli::explain)?;
            Ok((action.name().to_string(), effects))
        })
        .collect();
    let answers = answered.into_iter().collect::<anyhow::Result<Vec<_>>>()?;
    let card = systems::rulebook(found, &[])?;
    let (_, numbers) = options(&card)?;
    let bars = tornado_bars(&answers);
    let plotted = !bars.is_empty();
    let text = markdown(found, &answers, &numbers, plotted);
    std::fs::create_dir_all(&folder)?;
    let mut df = results_frame(&answers)?;
    frame::write(
        &mut df,
        &folder.join("results.parquet"),
        &folder.join("results.csv"),
        &meta(found, &answers, config, plotted),
    )?;
    if plotted {
        Tornado {
            title: format!(
                "{}{}: the readings that move a headline most",
                if answers.iter().all(|(_, e)| e.provisional.is_none()) {
                    ""
                } else {
                    "PROVISIONAL (partly reconstructed chart): "
                },
                found.name()
            ),
            x_label: "change in the action's headline probability, points".to_string(),
            bars,
        }
        .write(&folder.join("tornado"))?;
    }
    frame::write_atomic(&folder.join("README.md"), text.as_bytes())?;
    Ok(format!(
        "sensitivity-{}: {} actions -> {}\n",
        found.name(),
        answers.len(),
        folder.join("README.md").display()
    ))
}

/// The README: what was switched, the tornado, then each action's moves.
fn markdown(
    found: &dyn System,
    answers: &[(String, Effects)],
    numbers: &[(String, String)],
    plotted: bool,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Which readings of the {} card matter\n\n\
         Every rules option of `{}` (each a reading the card leaves open; `volley rules {} options` \
         gives the notes) switched, one at a time, to each alternative reading, and the change that \
         makes in the headline answer of each action's default question. Exact where every side \
         fits the exact budget; otherwise {} paired Monte Carlo trials, every reading on the same \
         dice (paired 95% intervals: Tango's score interval, p from McNemar's test, which it inverts). A reading that \
         moves nothing here may still matter in other scenarios.\n\n\
         Made by `volley sensitivity {} --out reports`.\n",
        found.title(),
        found.name(),
        found.name(),
        SENSITIVITY_TRIALS,
        found.name()
    );
    if !numbers.is_empty() {
        let names: Vec<String> = numbers
            .iter()
            .map(|(o, why)| format!("`{o}` ({why})"))
            .collect();
        let _ = writeln!(text, "Not switched: {}.\n", names.join("; "));
    }
    let provisional: Vec<&str> = answers
        .iter()
        .filter(|(_, e)| e.provisional.is_some())
        .map(|(a, _)| a.as_str())
        .collect();
    if let Some(reason) = answers.iter().find_map(|(_, e)| e.provisional.as_deref()) {
        let _ = writeln!(
            text,
            "> **PROVISIONAL** (`{}`): {reason}.\n",
            provisional.join("`, `")
        );
    }
    if plotted {
        text.push_str(
            "![The readings that move a headline most](tornado.png)\n\n([SVG](tornado.svg))\n\n",
        );
    }
    for (action, effects) in answers {
        let (variable, value) = &effects.headline;
        let _ = writeln!(text, "## `{action}`: P({variable} = {value})\n");
        let moved: Vec<_> = effects
            .effects
            .iter()
            .filter(|e| e.difference.value != 0.0)
            .collect();
        let still: Vec<String> = effects
            .effects
            .iter()
            .filter(|e| e.difference.value == 0.0)
            .map(|e| format!("`{}`", e.step.field.trim_start_matches("options.")))
            .collect();
        if moved.is_empty() {
            let _ = writeln!(text, "No reading changes this answer.\n");
        } else {
            let only_moved = Effects {
                effects: effects
                    .effects
                    .iter()
                    .filter(|e| e.difference.value != 0.0)
                    .cloned()
                    .collect(),
                skipped: Vec::new(),
                ..effects.clone()
            };
            let document = EffectsDocument {
                system: found.name(),
                action,
                title: "which of the card's readings matter",
                effects: &only_moved,
            };
            text.push_str(&render(&document, Format::Markdown));
            text.push('\n');
        }
        if !still.is_empty() {
            let mut still = still;
            still.dedup();
            let _ = writeln!(text, "No change from: {}.\n", still.join(", "));
        }
    }
    text
}

/// The readings that move a headline, largest first, at most 24.
fn tornado_bars(answers: &[(String, Effects)]) -> Vec<Bar> {
    let mut bars = Vec::new();
    for (action, effects) in answers {
        for e in &effects.effects {
            if e.difference.value != 0.0 {
                bars.push((
                    format!(
                        "{action}: {} -> {}",
                        e.step.field.trim_start_matches("options."),
                        e.step.to
                    ),
                    100.0 * e.difference.value,
                    100.0 * e.difference.low,
                    100.0 * e.difference.high,
                ));
            }
        }
    }
    bars.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    bars.truncate(24);
    bars.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    bars.truncate(24);
    bars
}

/// One row per action and step: the tidy results.
fn results_frame(answers: &[(String, Effects)]) -> anyhow::Result<DataFrame> {
    let mut marks = Vec::new();
    let mut methods = Vec::new();
    let mut rows: [Vec<String>; 4] = Default::default();
    let mut numbers_cols: [Vec<f64>; 5] = Default::default();
    for (action, effects) in answers {
        for e in &effects.effects {
            marks.push(effects.provisional.clone().unwrap_or_default());
            methods.push(method_of(effects));
            rows[0].push(action.clone());
            rows[1].push(e.step.field.trim_start_matches("options.").to_string());
            rows[2].push(e.step.from.clone());
            rows[3].push(e.step.to.clone());
            numbers_cols[0].push(e.probability.value);
            numbers_cols[1].push(e.difference.value);
            numbers_cols[2].push(e.difference.low);
            numbers_cols[3].push(e.difference.high);
            numbers_cols[4].push(e.difference.p_value.unwrap_or(f64::NAN));
        }
    }
    let [actions, option_names, from, to] = rows;
    let [probability, difference, low, high, p] = numbers_cols;
    Ok(frame::columns(vec![
        ("action", FrameColumn::Text(actions)),
        ("option", FrameColumn::Text(option_names)),
        ("from", FrameColumn::Text(from)),
        ("to", FrameColumn::Text(to)),
        ("probability", FrameColumn::Number(probability)),
        ("difference", FrameColumn::Number(difference)),
        ("diff_low", FrameColumn::Number(low)),
        ("diff_high", FrameColumn::Number(high)),
        ("p_value", FrameColumn::Number(p)),
        ("provisional", FrameColumn::Text(marks)),
        ("method", FrameColumn::Text(methods)),
    ])?)
}

/// What travels with the frame.
fn meta(
    found: &dyn System,
    answers: &[(String, Effects)],
    config: &RunConfig,
    plotted: bool,
) -> SensitivityMetaJson {
    // The reading that moves a headline most.
    let biggest = answers
        .iter()
        .flat_map(|(action, effects)| effects.effects.iter().map(move |e| (action, e)))
        .filter(|(_, e)| !e.difference.value.is_nan())
        .max_by(|a, b| {
            a.1.difference
                .value
                .abs()
                .total_cmp(&b.1.difference.value.abs())
        });
    let headline = biggest.map_or_else(String::new, |(action, e)| {
        format!(
            "the largest move: `{}` from {} to {} changes {action}'s headline by {:+.2} points",
            e.step.field.trim_start_matches("options."),
            e.step.from,
            e.step.to,
            100.0 * e.difference.value
        )
    });
    let methods = answers
        .iter()
        .map(|(action, effects)| (action.clone(), method_of(effects)))
        .collect();
    let columns = SENSITIVITY_COLUMNS
        .iter()
        .map(|(name, meaning)| (name.to_string(), meaning.to_string()))
        .collect();
    SensitivityMetaJson {
        headline,
        method: format!(
            "exact where every reading fits the exact budget ({} branches), otherwise {SENSITIVITY_TRIALS} paired Monte Carlo trials; each action's in `methods`",
            config.budget.min(config.auto_budget)
        ),
        methods,
        seed: config.seed,
        confidence: config.confidence,
        figures: if plotted {
            vec!["tornado.png".to_string()]
        } else {
            Vec::new()
        },
        experiment: format!("sensitivity-{}", found.name()),
        title: format!(
            "{}: how much each reading of the card moves each action's headline",
            found.name()
        ),
        system: found.name().to_string(),
        volley_version: env!("CARGO_PKG_VERSION").to_string(),
        columns,
    }
}
