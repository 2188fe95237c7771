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
//! budget = 2000000                  # optional: branches the exact method may explore per
//!                                   # point (default as on the command line: 250,000
//!                                   # when automatic, 2,000,000 with exact = true)
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
use toml::Value;

/// A parsed experiment.
#[derive(Clone, Debug)]
pub struct Experiment {
    pub file: String,
    pub(super) text: String,
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
    /// Branches the exact method may explore per point, when the file sets
    /// it (the automatic method's budget too, as `--budget` is).
    pub budget: Option<u64>,
    pub fields: Vec<(String, String, Origin)>,
    pub sweep: Vec<Axis>,
    pub variants: Vec<Variant>,
    pub plots: Vec<PlotSpec>,
    /// Best play instead of the odds, when the file has a `[plan]` table.
    pub plan: Option<super::plan_spec::PlanSpec>,
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

    pub(super) fn shell(label: &str, text: &str) -> Self {
        Experiment {
            file: label.to_string(),
            text: text.to_string(),
            name: String::new(),
            title: String::new(),
            description: String::new(),
            system: String::new(),
            action: String::new(),
            seed: crate::engine::DEFAULT_SEED,
            confidence: crate::engine::DEFAULT_CONFIDENCE,
            trials: None,
            precision: None,
            exact: false,
            max_trials: 1_000_000_000,
            budget: None,
            fields: Vec::new(),
            sweep: Vec::new(),
            variants: Vec::new(),
            plots: Vec::new(),
            plan: None,
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
pub(super) fn value_line(text: &str, key: &str, value: &str, nth: usize) -> Option<usize> {
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
