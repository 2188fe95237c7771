//! The binary on real inputs, good and bad, one module per theme.

mod bad_input;
mod experiments;
mod formats;
mod house_rules;
mod odds;
mod plan;
mod questions;
mod reports;
mod shards;
mod sheets;

use assert_cmd::Command;

pub fn volley() -> Command {
    Command::cargo_bin("volley").unwrap()
}

pub fn stderr_of(args: &[&str]) -> String {
    let out = volley().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "args {args:?} should fail with exit 1"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "one clear message: {err}");
    err
}

/// `volley ARGS`, which must succeed, as JSON: the published contract where
/// the command has one.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    let json = serde_json::from_str(&stdout_of(args)).unwrap();
    crate::common::assert_contract(args.first().copied().unwrap_or_default(), &json);
    json
}

/// Write an experiment file in a fresh folder; run it into `reports` there.
pub fn experiment_in(
    dir: &std::path::Path,
    body: &str,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, body).unwrap();
    (exp, dir.join("reports"))
}

/// `volley ARGS`, which must succeed: its standard output.
pub fn stdout_of(args: &[&str]) -> String {
    let out = volley().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "args {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `volley run EXP --out REPORTS`, which must succeed: its standard output.
/// (The tests that call `volley run` themselves give `--reports`, the same
/// flag's older name, which scripts may still use.)
pub fn run_experiment(exp: &std::path::Path, reports: &std::path::Path) -> String {
    stdout_of(&[
        "run",
        exp.to_str().unwrap(),
        "--out",
        reports.to_str().unwrap(),
    ])
}

/// `args` are refused with one clear message (exit 1) that holds each of
/// `names`.
pub fn refused_naming(args: &[&str], names: &[&str]) {
    let e = stderr_of(args);
    for name in names {
        assert!(e.contains(name), "{args:?}: no {name:?} in {e}");
    }
}

/// The same run, which must fail with one clear message: that message.
pub fn run_refused(exp: &std::path::Path, reports: &std::path::Path) -> String {
    stderr_of(&[
        "run",
        exp.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ])
}
