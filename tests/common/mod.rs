//! Helpers shared by the front ends' integration tests: the core's (run an
//! action by name, check exact against Monte Carlo) and a generator of careless
//! inputs.

#![allow(dead_code)]

pub mod generate;

#[path = "../../crates/volley-core/tests/common/mod.rs"]
mod core_helpers;

#[allow(unused_imports)]
pub use core_helpers::*;

/// `volley ARGS --format json`, which must succeed, as JSON.
pub fn volley_json(args: &[&str]) -> serde_json::Value {
    use assert_cmd::Command;
    let out = Command::cargo_bin("volley")
        .unwrap()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = serde_json::from_slice(&out.stdout).unwrap();
    if args.first() == Some(&"odds") {
        assert_valid_answer(&json);
    }
    json
}

/// An answer's JSON is the contract: it validates against the published
/// schema (`docs/schema/answer.schema.json`) and reads back as
/// [`volley::contract::AnswerJson`], which refuses unknown keys.
pub fn assert_valid_answer(json: &serde_json::Value) {
    use std::sync::OnceLock;
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/schema/answer.schema.json"
        );
        let schema = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        jsonschema::validator_for(&schema).unwrap()
    });
    let errors: Vec<String> = validator.iter_errors(json).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "not the published schema: {errors:#?}");
    let typed: volley::contract::AnswerJson = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(&serde_json::to_value(typed).unwrap(), json);
}
