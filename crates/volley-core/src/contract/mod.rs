//! The JSON contract: what every front end (the command line's
//! `--format json`, `volley serve`'s API, the Python package) prints for an
//! answer, as serde types. The front ends fill them and serialize them; the
//! JSON Schema of each is generated from the same types ([`schemas`]) and
//! published in `docs/schema/`.
//!
//! Keys print in alphabetical order (the objects go through
//! `serde_json::Value`), as they always have.

mod answer;
mod catalog;
mod comparison;
mod effects;
mod frame_meta;
mod plan;
mod reading;
mod solve;
mod table;
mod tally_file;

pub use answer::{
    AnswerJson, CurveJson, HeadlineJson, MeanJson, MethodJson, OutcomeJson, PatchJson,
};
pub use catalog::{
    ActionJson, FieldJson, FieldKindJson, FieldsJson, NumberJson, OutcomeNoteJson, SystemJson,
};
pub use comparison::{ComparisonJson, ComparisonMethodJson, DifferenceJson, VariantJson};
pub use effects::{EffectJson, EffectsJson, HeadlineValueJson, MeanBaselineJson, SkippedStepJson};
pub use frame_meta::{
    ExperimentMetaJson, FrameVariantJson, GalleryMetaJson, HouseRuleFileJson, SensitivityMetaJson,
    SweepAxisJson, SweepTypeJson, VariantReadingsJson,
};
pub use plan::{BestJson, CheckJson, FixedJson, PlanJson, PolicyStateJson, RuleJson};
pub use reading::{AlternativeJson, MeasuredJson, PairedJson, ReadingJson};
pub use solve::{DirectionJson, SkippedValueJson, SolvedJson, TriedJson};
pub use table::{TableCellJson, TableJson, UsedReadingJson};
pub use tally_file::{MAX_SHARDS, TallyFile};

use serde::Serialize;

/// The JSON Schema of every document of the contract, by file name.
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("answer.schema.json", schemars::schema_for!(AnswerJson)),
        (
            "comparison.schema.json",
            schemars::schema_for!(ComparisonJson),
        ),
        ("effects.schema.json", schemars::schema_for!(EffectsJson)),
        ("solve.schema.json", schemars::schema_for!(SolvedJson)),
        ("plan.schema.json", schemars::schema_for!(PlanJson)),
        ("table.schema.json", schemars::schema_for!(TableJson)),
        (
            "systems.schema.json",
            schemars::schema_for!(Vec<SystemJson>),
        ),
        ("fields.schema.json", schemars::schema_for!(FieldsJson)),
        (
            "experiment-meta.schema.json",
            schemars::schema_for!(ExperimentMetaJson),
        ),
        (
            "sensitivity-meta.schema.json",
            schemars::schema_for!(SensitivityMetaJson),
        ),
        (
            "gallery-meta.schema.json",
            schemars::schema_for!(GalleryMetaJson),
        ),
    ]
}

/// `value` as a JSON value, every object's keys in alphabetical order: what
/// every front end hands out (the command line and the page as text, Python
/// as its own dicts and lists).
pub fn to_value<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// `value` as pretty JSON with its keys in alphabetical order, and a final
/// newline.
pub fn to_pretty_json<T: Serialize>(value: &T) -> String {
    let sorted = to_value(value);
    let mut text = serde_json::to_string_pretty(&sorted).unwrap_or_default();
    text.push('\n');
    text
}
