//! Helpers shared by the front ends' integration tests: the core's (run an
//! action by name, check exact against Monte Carlo) and a generator of careless
//! inputs.

#![allow(dead_code)]

pub mod generate;

#[path = "../../crates/volley-core/tests/common/mod.rs"]
mod core_helpers;

#[allow(unused_imports)]
pub use core_helpers::*;

/// Every system volley knows, by its command-line name (a sheet test holds
/// it to the registry).
pub const SYSTEMS: [&str; 6] = [
    "micro-squad",
    "micro-armour",
    "micro-force",
    "hex-acw",
    "stand-and-die",
    "deadly-field",
];

/// `command`'s output, which must have succeeded (its standard error shown
/// if it did not).
pub fn succeeded(command: &mut assert_cmd::Command) -> std::process::Output {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `volley ARGS --format json`, which must succeed, as JSON.
pub fn volley_json(args: &[&str]) -> serde_json::Value {
    use assert_cmd::Command;
    let out = succeeded(
        Command::cargo_bin("volley")
            .unwrap()
            .args(args)
            .args(["--format", "json"]),
    );
    let json = serde_json::from_slice(&out.stdout).unwrap();
    assert_contract(args.first().copied().unwrap_or_default(), &json);
    json
}

/// The JSON `volley COMMAND` printed is the published contract, where the
/// command has one (odds, compare, effects, solve, table), or a document named
/// by its schema (systems, fields, experiment-meta, sensitivity-meta).
pub fn assert_contract(command: &str, json: &serde_json::Value) {
    use volley::contract::*;
    match command {
        "odds" => assert_valid::<AnswerJson>(json, "answer"),
        "compare" => assert_valid::<ComparisonJson>(json, "comparison"),
        "effects" => assert_valid::<EffectsJson>(json, "effects"),
        "solve" => assert_valid::<SolvedJson>(json, "solve"),
        "plan" => assert_valid::<PlanJson>(json, "plan"),
        "table" => assert_valid::<TableJson>(json, "table"),
        "systems" => assert_valid::<Vec<SystemJson>>(json, "systems"),
        "fields" => assert_valid::<FieldsJson>(json, "fields"),
        "experiment-meta" => assert_valid::<ExperimentMetaJson>(json, "experiment-meta"),
        "sensitivity-meta" => assert_valid::<SensitivityMetaJson>(json, "sensitivity-meta"),
        _ => {}
    }
}

/// An answer's JSON is the contract (`docs/schema/answer.schema.json`).
pub fn assert_valid_answer(json: &serde_json::Value) {
    assert_contract("odds", json);
}

/// A comparison's JSON is the contract (`docs/schema/comparison.schema.json`).
pub fn assert_valid_comparison(json: &serde_json::Value) {
    assert_contract("compare", json);
}

/// `json` validates against `docs/schema/NAME.schema.json` and reads back as
/// `T` without losing or adding a key.
fn assert_valid<T: serde::de::DeserializeOwned + serde::Serialize>(
    json: &serde_json::Value,
    name: &str,
) {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    static VALIDATORS: OnceLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> =
        OnceLock::new();
    let validator = VALIDATORS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(name.to_string())
        .or_insert_with(|| {
            let path = format!(
                "{}/docs/schema/{name}.schema.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let schema = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            Arc::new(jsonschema::validator_for(&schema).unwrap())
        })
        .clone();
    let errors: Vec<String> = validator.iter_errors(json).map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "not the published {name} schema: {errors:#?}"
    );
    let typed: T = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(&serde_json::to_value(typed).unwrap(), json);
}
