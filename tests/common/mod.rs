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
    serde_json::from_slice(&out.stdout).unwrap()
}
