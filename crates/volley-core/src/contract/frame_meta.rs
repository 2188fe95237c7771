//! What travels with a results frame, in its `meta.json` and its Parquet
//! metadata: the experiment (or sensitivity study) it comes from, how it was
//! computed, and what each column means.

use super::table::UsedReadingJson;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An experiment's frame (`volley run`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExperimentMetaJson {
    /// The experiment's name (its report folder).
    pub experiment: String,
    pub title: String,
    pub description: String,
    /// The experiment file, as given.
    pub file: String,
    pub system: String,
    pub action: String,
    /// How the points were computed, in words.
    pub method: String,
    pub seed: u64,
    pub confidence: f64,
    pub volley_version: String,
    /// The fields every point shares, as numbers and booleans where they read
    /// as such.
    pub fixed_fields: BTreeMap<String, serde_json::Value>,
    pub sweep: Vec<SweepAxisJson>,
    pub variants: Vec<FrameVariantJson>,
    /// What each column of the frame means.
    pub columns: BTreeMap<String, String>,
    /// The report's first sentence.
    pub headline: String,
    /// The readings of the card each variant's points consulted.
    pub readings: Vec<VariantReadingsJson>,
    /// The report's figures (PNG file names).
    pub figures: Vec<String>,
}

/// One sweep axis: its field, the column's type, and its values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SweepAxisJson {
    pub field: String,
    #[serde(rename = "type")]
    pub kind: SweepTypeJson,
    /// Numbers and booleans as such, words as strings.
    pub values: Vec<serde_json::Value>,
}

/// A sweep column's type in the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SweepTypeJson {
    Int,
    Decimal,
    Flag,
    Text,
}

/// One rule variant and its house-rule files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FrameVariantJson {
    pub name: String,
    pub house_rules: Vec<HouseRuleFileJson>,
}

/// A house rule: its name and file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HouseRuleFileJson {
    pub name: String,
    pub file: String,
}

/// The readings one variant's points consulted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantReadingsJson {
    pub variant: String,
    pub readings: Vec<UsedReadingJson>,
}

/// A sensitivity study's frame (`volley sensitivity --out`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SensitivityMetaJson {
    /// `sensitivity-SYSTEM`.
    pub experiment: String,
    pub title: String,
    pub system: String,
    /// The largest move, in words.
    pub headline: String,
    pub method: String,
    /// Each action's method (`exact`, `monte-carlo-paired (N trials)`).
    pub methods: BTreeMap<String, String>,
    pub seed: u64,
    pub confidence: f64,
    pub figures: Vec<String>,
    pub volley_version: String,
    pub columns: BTreeMap<String, String>,
}

/// The house-rule gallery's results (`volley gallery`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GalleryMetaJson {
    /// `house-rule-gallery`.
    pub experiment: String,
    pub title: String,
    /// How many rules move their question, in words.
    pub headline: String,
    /// The house rules compared, by name and file, in the report's order.
    pub house_rules: Vec<HouseRuleFileJson>,
    pub method: String,
    pub seed: u64,
    pub figures: Vec<String>,
    pub volley_version: String,
    pub columns: BTreeMap<String, String>,
}
