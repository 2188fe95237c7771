//! Every action of every system, walked from the registry: its defaults resolve
//! into a fight, the model builds without reading a field it does not declare,
//! every declared field is read, `--help` renders, and where the exact tree fits,
//! exact agrees with Monte Carlo.

mod common;

use assert_cmd::Command;
use volley::engine::{MethodRequest, RunConfig};
use volley::question::Question;
use volley::stats::summarize;
use volley::systems;

#[test]
fn every_action_answers_with_its_defaults() {
    let mut unread = Vec::new();
    for system in systems::all() {
        for action in system.actions() {
            let name = format!("{} {}", system.name(), action.name());
            let question = Question::new(system.name(), action.name(), &[], &[])
                .unwrap_or_else(|e| panic!("{name}: defaults do not resolve: {e}"));
            question
                .model()
                .unwrap_or_else(|e| panic!("{name}: no model from the defaults: {e}"));
            let scenario = question.scenario();
            assert!(
                scenario.misreads().is_empty(),
                "{name}: {:?}",
                scenario.misreads()
            );
            let reads = scenario.reads();
            for field in scenario.names() {
                if !reads.contains(&field) {
                    unread.push(format!("{name}: {field}"));
                }
            }
            let help = Command::cargo_bin("volley")
                .unwrap()
                .args(["odds", system.name(), action.name(), "--help"])
                .output()
                .unwrap();
            let text = String::from_utf8(help.stdout).unwrap();
            assert!(
                help.status.success() && text.contains("fields:"),
                "{name}: {text}"
            );
        }
    }
    assert!(unread.is_empty(), "declared but never read: {unread:#?}");
}

#[test]
fn every_action_agrees_exact_and_monte_carlo_where_the_tree_fits() {
    for system in systems::all() {
        for action in system.actions() {
            let question = Question::new(system.name(), action.name(), &[], &[]).unwrap();
            let exact = question.answer(&RunConfig {
                method: MethodRequest::Exact,
                budget: 250_000,
                ..RunConfig::default()
            });
            if exact.is_err() {
                continue;
            }
            common::assert_agree(system.name(), action.name(), &[], 40_000);
            let _ = summarize(&exact.unwrap());
        }
    }
}
