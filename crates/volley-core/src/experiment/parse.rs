//! Reading an experiment file: the raw TOML, then each section checked, every
//! error naming the file, the line and the key.

use super::file::{Axis, Experiment, PlotSpec, Variant, plain_file_name, value_line};
use crate::error::{InputError, line_of};
use crate::rules::HouseRule;
use crate::systems::Origin;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::{Spanned, Value};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExperiment {
    name: String,
    title: Option<String>,
    #[serde(default)]
    description: String,
    system: String,
    action: String,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default = "default_confidence")]
    confidence: f64,
    trials: Option<u64>,
    precision: Option<f64>,
    #[serde(default)]
    exact: bool,
    #[serde(default = "default_max_trials")]
    max_trials: u64,
    #[serde(default)]
    budget: Option<u64>,
    #[serde(default)]
    fields: BTreeMap<String, Spanned<Value>>,
    #[serde(default)]
    sweep: toml::map::Map<String, Value>,
    #[serde(default)]
    variant: Vec<RawVariant>,
    #[serde(default)]
    plot: Vec<PlotSpec>,
    plan: Option<super::plan_spec::PlanSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    name: String,
    #[serde(default)]
    house_rules: Vec<String>,
}

fn default_seed() -> u64 {
    crate::engine::DEFAULT_SEED
}

fn default_max_trials() -> u64 {
    1_000_000_000
}

fn default_confidence() -> f64 {
    crate::engine::DEFAULT_CONFIDENCE
}

/// A TOML scalar as the text a `key=value` argument would carry.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Float(f) => Some(f.to_string()),
        _ => None,
    }
}

impl Experiment {
    /// Parse an experiment; house-rule paths are relative to `folder`.
    pub fn parse(label: &str, text: &str, folder: &Path) -> Result<Self, InputError> {
        let raw: RawExperiment =
            toml::from_str(text).map_err(|e| InputError::toml(label, text, &e))?;
        let source = Source { label, text };
        source.check_name_and_method(&raw)?;
        if raw.plan.is_some() {
            let monte_carlo = [
                ("trials", raw.trials.is_some()),
                ("precision", raw.precision.is_some()),
            ];
            if let Some((key, _)) = monte_carlo.iter().find(|(_, given)| *given) {
                return Err(source.located(
                    key,
                    format!("an experiment of best play ([plan]) is solved exactly: drop `{key}`"),
                ));
            }
        }
        let fields = source.fields(raw.fields)?;
        let sweep = source.sweep(raw.sweep, &fields)?;
        let variants = source.variants(raw.variant, raw.precision.is_some(), folder)?;
        source.check_plots(&raw.plot, &sweep)?;
        Ok(Experiment {
            file: label.to_string(),
            text: text.to_string(),
            title: raw.title.unwrap_or_else(|| raw.name.clone()),
            name: raw.name,
            description: raw.description,
            system: raw.system,
            action: raw.action,
            seed: raw.seed,
            confidence: raw.confidence,
            trials: raw.trials,
            precision: raw.precision,
            exact: raw.exact,
            max_trials: raw.max_trials,
            budget: raw.budget,
            fields,
            sweep,
            variants,
            plots: raw.plot,
            plan: raw.plan,
        })
    }
}

/// An experiment file being parsed: its label (for messages) and its text
/// (for line numbers).
struct Source<'a> {
    label: &'a str,
    text: &'a str,
}

impl Source<'_> {
    /// An error at the line of `key`.
    fn located(&self, key: &str, message: String) -> InputError {
        let probe = Experiment::shell(self.label, self.text);
        InputError {
            file: self.label.to_string(),
            line: probe.line_of(key),
            field: key.to_string(),
            message,
        }
    }

    /// A plain folder name, and at most one method.
    fn check_name_and_method(&self, raw: &RawExperiment) -> Result<(), InputError> {
        let located = |key: &str, message: String| self.located(key, message);
        if raw.name.is_empty() || raw.name.contains(['/', '\\', '.']) {
            return Err(located(
                "name",
                "a name is a plain folder name (no /, \\ or .)".to_string(),
            ));
        }
        let methods: Vec<&str> = [
            ("trials", raw.trials.is_some()),
            ("precision", raw.precision.is_some()),
            ("exact", raw.exact),
        ]
        .into_iter()
        .filter_map(|(name, set)| set.then_some(name))
        .collect();
        if methods.len() > 1 {
            return Err(located(
                methods[1],
                format!(
                    "{} ask for different methods; give one (or none: exact where it fits)",
                    methods.join(" and ")
                ),
            ));
        }
        Ok(())
    }

    /// The fixed fields, each one value, with its line.
    fn fields(
        &self,
        raw: BTreeMap<String, Spanned<Value>>,
    ) -> Result<Vec<(String, String, Origin)>, InputError> {
        let (label, text) = (self.label, self.text);
        let mut fields = Vec::new();
        for (key, value) in raw {
            let line = line_of(text, value.span().start);
            let text_value = scalar(value.get_ref()).ok_or_else(|| InputError {
                file: label.to_string(),
                line: Some(line),
                field: key.clone(),
                message: "a field takes one value (an integer, a string or true/false)".to_string(),
            })?;
            fields.push((
                key,
                text_value,
                Origin {
                    file: label.to_string(),
                    line: Some(line),
                },
            ));
        }
        Ok(fields)
    }

    /// The sweep axes in the order the file gives them, none of them a fixed
    /// field too.
    fn sweep(
        &self,
        raw: toml::map::Map<String, Value>,
        fields: &[(String, String, Origin)],
    ) -> Result<Vec<Axis>, InputError> {
        let (label, text) = (self.label, self.text);
        let located = |key: &str, message: String| self.located(key, message);
        let mut sweep = Vec::new();
        for (field, value) in raw {
            let values = match &value {
                Value::Array(items) => items.iter().map(scalar).collect::<Option<Vec<_>>>(),
                Value::String(s) if s.contains("..") => {
                    crate::systems::range_values(s).map_err(|m| located(&field, m))?
                }
                other => scalar(other).map(|v| vec![v]),
            };
            let values = values.filter(|v| !v.is_empty()).ok_or_else(|| {
                located(
                    &field,
                    "a sweep axis is a list of values or a range \"a..b\"".to_string(),
                )
            })?;
            let origin = Origin {
                file: label.to_string(),
                line: sweep_line(text, &field),
            };
            sweep.push(Axis {
                field,
                values,
                origin,
            });
        }
        // Axes in the order the file gives them (the TOML table is sorted by
        // name): the first is the plots' x, the rest vary slowest first.
        sweep.sort_by_key(|axis| axis.origin.line);
        if let Some(axis) = sweep.iter().find(|a| fields.iter().any(|f| f.0 == a.field)) {
            return Err(InputError {
                line: axis.origin.line,
                ..located(
                    &axis.field,
                    format!(
                        "`{}` is both a fixed field and a sweep axis; give it in one place",
                        axis.field
                    ),
                )
            });
        }
        Ok(sweep)
    }

    /// The rule variants (the card alone when none is given), their house
    /// rules read.
    fn variants(
        &self,
        raw: Vec<RawVariant>,
        precision: bool,
        folder: &Path,
    ) -> Result<Vec<Variant>, InputError> {
        let text = self.text;
        let located = |key: &str, message: String| self.located(key, message);
        let mut variants: Vec<Variant> = Vec::new();
        for v in raw {
            if variants.iter().any(|known| known.name == v.name) {
                return Err(InputError {
                    line: value_line(text, "name", &v.name, 1),
                    ..located("name", format!("two variants are named `{}`", v.name))
                });
            }
            let rules = v
                .house_rules
                .iter()
                .map(|p| HouseRule::from_file(&folder.join(p)))
                .collect::<Result<Vec<_>, _>>()?;
            variants.push(Variant {
                name: v.name,
                rules,
            });
        }
        if variants.len() > 1 && precision {
            return Err(located(
                "precision",
                "variants are compared on the same trials, a fixed number of them: use `trials = N` (or no method: exact where it fits) with several variants".to_string(),
            ));
        }
        if variants.is_empty() {
            variants.push(Variant {
                name: "card".to_string(),
                rules: Vec::new(),
            });
        }
        Ok(variants)
    }

    /// Each plot writes its own plain file, of a known kind, at swept values.
    fn check_plots(&self, plots: &[PlotSpec], sweep: &[Axis]) -> Result<(), InputError> {
        let text = self.text;
        let located = |key: &str, message: String| self.located(key, message);
        let mut files: Vec<&str> = Vec::new();
        for plot in plots {
            // A plot's file name becomes a path under the report's folder.
            let earlier = files.iter().filter(|f| **f == plot.file).count();
            let file_error = |message: String| InputError {
                line: value_line(text, "file", &plot.file, earlier),
                ..located("file", message)
            };
            if let Err(why) = plain_file_name(&plot.file) {
                return Err(file_error(format!("plot file `{}`: {why}", plot.file)));
            }
            if files.contains(&plot.file.as_str()) {
                return Err(file_error(format!(
                    "two plots write the file `{}`",
                    plot.file
                )));
            }
            files.push(&plot.file);
            for field in plot.at.keys() {
                let Some(axis) = sweep.iter().find(|a| &a.field == field) else {
                    return Err(located(
                        "at",
                        format!("plot `{}`: `{field}` is not a sweep axis", plot.file),
                    ));
                };
                let value = plot.at_value(field).unwrap_or_default();
                if !axis.values.contains(&value) {
                    return Err(located(
                        "at",
                        format!(
                            "plot `{}`: {field} = {value} is not one of the swept values ({})",
                            plot.file,
                            axis.values.join(", ")
                        ),
                    ));
                }
            }
            if !["lines", "curves", "heatmap", "differences"].contains(&plot.kind.as_str()) {
                return Err(located(
                    "kind",
                    format!(
                        "unknown plot kind `{}`; use `lines`, `curves`, `heatmap` or `differences`",
                        plot.kind
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The line of `key = ...` in the `[sweep]` table of `text`.
fn sweep_line(text: &str, key: &str) -> Option<usize> {
    let mut in_sweep = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_start();
        if line.starts_with('[') {
            in_sweep = line.trim_end() == "[sweep]";
            continue;
        }
        let named = line
            .strip_prefix(key)
            .or_else(|| line.strip_prefix(&format!("\"{key}\"")))
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if in_sweep && named {
            return Some(i + 1);
        }
    }
    None
}
