//! Helpers shared by the integration tests (the core's, and the front ends' that
//! include this file): run an action by name, and check that exact enumeration
//! and Monte Carlo agree.

#![allow(dead_code)]

use volley_core::ask::question::Question;
use volley_core::engine::{MethodRequest, RunConfig};
use volley_core::stats::{Summary, summarize};
use volley_core::systems::Origin;

/// Run `system action` with `fields` by `method` (seed 2024).
pub fn run(system: &str, action: &str, fields: &[(&str, &str)], method: MethodRequest) -> Summary {
    run_with_rules(system, action, fields, &[], method)
}

/// `set` a dotted chart path to a TOML value, as a house rule's text.
pub fn house_rule(path: &str, value: &str) -> String {
    format!("[set]\n\"{path}\" = {value}\n")
}

/// Run `system action` under house rules given as TOML texts.
pub fn run_with_rules(
    system: &str,
    action: &str,
    fields: &[(&str, &str)],
    rules: &[String],
    method: MethodRequest,
) -> Summary {
    let rules: Vec<_> = rules
        .iter()
        .map(|text| volley_core::rules::HouseRule::parse("test rule", text).unwrap())
        .collect();
    let question = Question::new(system, action, &rules, &raw_fields(fields)).unwrap();
    let config = RunConfig {
        method,
        seed: 2024,
        ..RunConfig::default()
    };
    summarize(&question.answer(&config).unwrap())
}

/// Like [`run`], but the error's message instead of a panic.
pub fn try_run(
    system: &str,
    action: &str,
    fields: &[(&str, &str)],
    method: MethodRequest,
) -> Result<Summary, String> {
    let question =
        Question::new(system, action, &[], &raw_fields(fields)).map_err(|e| e.to_string())?;
    let config = RunConfig {
        method,
        seed: 2024,
        ..RunConfig::default()
    };
    question
        .answer(&config)
        .map(|answer| summarize(&answer))
        .map_err(|e| e.to_string())
}

/// `(field, value)` pairs as command-line fields.
pub fn raw_fields(fields: &[(&str, &str)]) -> Vec<(String, String, Origin)> {
    Origin::arguments_of(fields)
}

/// Every exact figure lies within the Monte Carlo interval widened to about five
/// standard errors (a fixed seed makes this deterministic, not flaky).
pub fn assert_agree(system: &str, action: &str, fields: &[(&str, &str)], trials: u64) {
    assert_agree_under(system, action, fields, &[], trials);
}

/// [`assert_agree`] under house rules given as TOML texts.
pub fn assert_agree_under(
    system: &str,
    action: &str,
    fields: &[(&str, &str)],
    rules: &[String],
    trials: u64,
) {
    let exact = run_with_rules(system, action, fields, rules, MethodRequest::Exact);
    let mc = run_with_rules(system, action, fields, rules, MethodRequest::Trials(trials));
    assert!(exact.exact && !mc.exact);
    let first = &exact.outcomes[0].variable;
    let total: f64 = exact
        .outcomes
        .iter()
        .filter(|o| &o.variable == first)
        .map(|o| o.estimate.value)
        .sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "{action}: probabilities sum to {total}"
    );
    for (e, m) in exact.outcomes.iter().zip(&mc.outcomes) {
        assert_eq!((&e.variable, &e.value), (&m.variable, &m.value));
        let slack = 2.6 * m.estimate.half_width() + 1e-4;
        assert!(
            (e.estimate.value - m.estimate.value).abs() <= slack,
            "{system} {action} {fields:?}: {}={} exact {} vs MC {} (+/-{})",
            e.variable,
            e.value,
            e.estimate.value,
            m.estimate.value,
            m.estimate.half_width()
        );
    }
    for (e, m) in exact.means.iter().zip(&mc.means) {
        let slack = 2.6 * m.estimate.half_width() + 1e-4;
        assert!(
            (e.estimate.value - m.estimate.value).abs() <= slack,
            "{action}: mean {} {e:?} vs {m:?}",
            e.variable
        );
    }
    for (e, m) in exact.curves.iter().zip(&mc.curves) {
        let slack = 2.6 * m.estimate.half_width() + 1e-3;
        assert!(
            (e.estimate.value - m.estimate.value).abs() <= slack,
            "{action}: curve {} turn {}",
            e.variable,
            e.turn
        );
    }
}

/// P(variable = value) of a summary.
pub fn p(s: &Summary, variable: &str, value: &str) -> f64 {
    s.probability(variable, value).unwrap().value
}
