//! The experiment file format (TOML), read with every value's line kept for errors.
//!
//! ```toml
//! name = "ms-fire-table"            # folder under reports/
//! title = "Micro Squad fire table"
//! system = "micro-squad"
//! action = "fire"
//! seed = 1                          # optional, default 1
//! trials = 200000                   # or precision = 0.002, or exact = true; default auto
//! max_trials = 1000000000           # with precision: the most trials a point may take
//! budget = 2000000                  # branches the exact method may explore per point
//! [fields]                          # fixed scenario fields
//! defense = 4
//! [sweep]                           # axes, in this order; integers, strings or "a..b"
//! differential = "-3..9"
//! terrain = ["clear", "woods"]
//! [[variant]]                       # optional; default one variant, the card
//! name = "woods+6"
//! house_rules = ["house_rules/woods.toml"]   # relative to the experiment file
//! [[plot]]
//! kind = "lines"                    # lines | curves | heatmap | differences (each
//!                                   # variant minus the first, with paired intervals)
//! x = "differential"
//! series = "terrain"                # a sweep axis, "variant", or "value": one
//! y = "result=E"                    # series per value of y's variable (y = "result")
//! at = { terrain = "woods" }        # optional: the other axes' values shown
//! ```

use crate::error::{InputError, line_of};
use crate::rules::HouseRule;
use crate::systems::Origin;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use toml::{Spanned, Value};

/// A parsed experiment.
#[derive(Clone, Debug)]
pub struct Experiment {
    pub file: String,
    text: String,
    pub name: String,
    pub title: String,
    pub description: String,
    pub system: String,
    pub action: String,
    pub seed: u64,
    pub confidence: f64,
    pub trials: Option<u64>,
    pub precision: Option<f64>,
    pub exact: bool,
    /// With `precision`: the most trials a point may take.
    pub max_trials: u64,
    /// Branches the exact method may explore per point.
    pub budget: u64,
    pub fields: Vec<(String, String, Origin)>,
    pub sweep: Vec<Axis>,
    pub variants: Vec<Variant>,
    pub plots: Vec<PlotSpec>,
}

/// One sweep axis.
#[derive(Clone, Debug)]
pub struct Axis {
    pub field: String,
    pub values: Vec<String>,
    pub origin: Origin,
}

/// A rule variant: the card plus house rules.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub rules: Vec<HouseRule>,
}

/// A figure to draw.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlotSpec {
    pub kind: String,
    #[serde(default)]
    pub x: Option<String>,
    #[serde(default)]
    pub series: Option<String>,
    /// `variable=value` for lines and heatmaps.
    #[serde(default)]
    pub y: Option<String>,
    /// Curve names for `curves` plots.
    #[serde(default)]
    pub curves: Vec<String>,
    #[serde(default)]
    pub title: Option<String>,
    pub file: String,
    /// Values of the sweep axes the plot does not show (`at = { band = "normal" }`);
    /// an axis not named here is shown at its first value.
    #[serde(default)]
    pub at: BTreeMap<String, Value>,
}

impl PlotSpec {
    /// The value `at` names for `field`, as a sweep value.
    pub fn at_value(&self, field: &str) -> Option<String> {
        self.at.get(field).map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    }
}

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
    #[serde(default = "default_budget")]
    budget: u64,
    #[serde(default)]
    fields: BTreeMap<String, Spanned<Value>>,
    #[serde(default)]
    sweep: toml::map::Map<String, Value>,
    #[serde(default)]
    variant: Vec<RawVariant>,
    #[serde(default)]
    plot: Vec<PlotSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    name: String,
    #[serde(default)]
    house_rules: Vec<String>,
}

fn default_seed() -> u64 {
    1
}

fn default_max_trials() -> u64 {
    1_000_000_000
}

fn default_budget() -> u64 {
    2_000_000
}

fn default_confidence() -> f64 {
    0.95
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
    /// Read an experiment file.
    pub fn from_file(path: &Path) -> Result<Self, InputError> {
        let label = path.display().to_string();
        let text = crate::error::read_file(path, "experiment")?;
        Self::parse(&label, &text, path.parent().unwrap_or(Path::new(".")))
    }

    /// The line of a plot's `file = "..."`, which names it.
    pub fn plot_line(&self, plot: &PlotSpec) -> Option<usize> {
        value_line(&self.text, "file", &plot.file, 0)
    }

    /// The 1-based line where `key = ...` is first written, if it is.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        let mut offset = 0;
        for line in self.text.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with(key) && trimmed[key.len()..].trim_start().starts_with('=') {
                return Some(line_of(&self.text, offset));
            }
            offset += line.len() + 1;
        }
        None
    }

    /// Parse an experiment; house-rule paths are relative to `folder`.
    pub fn parse(label: &str, text: &str, folder: &Path) -> Result<Self, InputError> {
        let raw: RawExperiment =
            toml::from_str(text).map_err(|e| InputError::toml(label, text, &e))?;
        let source = Source { label, text };
        source.check_name_and_method(&raw)?;
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
        })
    }

    fn shell(label: &str, text: &str) -> Self {
        Experiment {
            file: label.to_string(),
            text: text.to_string(),
            name: String::new(),
            title: String::new(),
            description: String::new(),
            system: String::new(),
            action: String::new(),
            seed: 1,
            confidence: 0.95,
            trials: None,
            precision: None,
            exact: false,
            max_trials: 1_000_000_000,
            budget: 2_000_000,
            fields: Vec::new(),
            sweep: Vec::new(),
            variants: Vec::new(),
            plots: Vec::new(),
        }
    }

    /// Every combination of sweep values, first axis slowest.
    pub fn grid(&self) -> Vec<Vec<String>> {
        let mut grid = vec![Vec::new()];
        for axis in &self.sweep {
            grid = grid
                .into_iter()
                .flat_map(|prefix| {
                    axis.values.iter().map(move |v| {
                        let mut next = prefix.clone();
                        next.push(v.clone());
                        next
                    })
                })
                .collect();
        }
        grid
    }
}

/// Is `name` a plain file name, safe to join to a folder: not empty, no path
/// separator, no `..`, not hidden, only printable characters?
pub fn plain_file_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a file name cannot be empty".to_string());
    }
    if name.contains(['/', '\\']) || name.contains("..") {
        return Err("a file name has no folder in it (no /, \\ or ..)".to_string());
    }
    if name.starts_with('.') || name.chars().any(|c| c.is_control() || c == ':') {
        return Err(
            "a file name does not start with a dot and has no control characters or colons"
                .to_string(),
        );
    }
    Ok(())
}

/// The line of the `nth` (from 0) `key = "value"` in `text`.
fn value_line(text: &str, key: &str, value: &str, nth: usize) -> Option<usize> {
    let quoted = format!("\"{value}\"");
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            line.starts_with(key) && line.contains(&quoted)
        })
        .nth(nth)
        .map(|(i, _)| i + 1)
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
