//! Every action of every system, walked from the registry: its defaults resolve
//! into a fight, the model builds without reading a field it does not declare,
//! every declared field is read, `--help` renders, and where the exact tree fits,
//! exact agrees with Monte Carlo.

use crate::common;

use assert_cmd::Command;
use volley::ask::question::Question;
use volley::engine::{MethodRequest, RunConfig};
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

/// Every outcome an action's `--help` explains is an outcome its answers have
/// (a value that may appear only at other field values would fail here: none
/// does).
#[test]
fn every_explained_outcome_is_an_outcome_of_the_action() {
    let mut explained = 0;
    for system in volley::systems::all() {
        for action in system.actions() {
            let notes = action.outcome_notes();
            if notes.is_empty() {
                continue;
            }
            let question =
                volley::ask::question::Question::new(system.name(), action.name(), &[], &[])
                    .unwrap();
            let schema = question.model().unwrap().schema();
            for (variable, value, meaning) in notes {
                // A note may explain several values at once (`no-effect, MC ...
                // 4H`) or a mean's range (`0-24`): the variable must exist, and a
                // single categorical value must be one of its values.
                let categorical = schema.categorical.iter().find(|c| c.name == variable);
                let range = value
                    .split_once('-')
                    .is_some_and(|(a, b)| a.parse::<i64>().is_ok() && b.parse::<i64>().is_ok());
                let single = !value.contains([' ', ',']) && !range;
                let known = match categorical {
                    Some(c) if single => c.values.iter().any(|v| v == value),
                    Some(_) => true,
                    None => {
                        schema.conditionals.iter().any(|c| c.name == variable)
                            || schema.means.iter().any(|m| m.name == variable)
                    }
                };
                assert!(
                    known,
                    "{} {}: `{variable} = {value}` ({meaning}) is not an outcome",
                    system.name(),
                    action.name()
                );
                explained += 1;
            }
        }
    }
    assert!(explained > 20, "only {explained} outcomes explained");
}

/// Monte Carlo replays the steps of an engagement it has met before from its
/// memo: every action, at its defaults and at a few larger sizes, gives
/// exactly the tally of playing every step's rule code, on a fresh model and
/// on one whose memo is already warm.
#[test]
fn every_action_plays_the_same_trials_with_and_without_its_memo() {
    use volley::dice::Sampler;
    use volley::engine::Tally;
    type Case = (
        &'static str,
        &'static str,
        Vec<(&'static str, &'static str)>,
    );
    let mut cases: Vec<Case> = Vec::new();
    for system in systems::all() {
        for action in system.actions() {
            cases.push((system.name(), action.name(), vec![]));
        }
    }
    cases.extend([
        (
            "micro-squad",
            "engagement",
            vec![("a_stands", "10"), ("b_stands", "10")],
        ),
        (
            "micro-squad",
            "engagement",
            vec![("b_firepower", "0"), ("a_break", "2")],
        ),
        (
            "micro-armour",
            "engagement",
            vec![("a_stands", "6"), ("b_stands", "5")],
        ),
        (
            "stand-and-die",
            "duel",
            vec![("a_infantry", "10"), ("b_infantry", "10")],
        ),
    ]);
    for (system, action, fields) in cases {
        let raw = systems::Origin::arguments_of(&fields);
        let model = Question::new(system, action, &[], &raw)
            .unwrap_or_else(|e| panic!("{system} {action} {fields:?}: {e}"))
            .model()
            .unwrap();
        let schema = model.schema();
        let run = |plainly: bool, first: u64| {
            let mut tally = Tally::new(&schema);
            let mut sampler = Sampler::new(17);
            if plainly {
                model.simulate_plainly(&mut sampler, first, 3000, &mut tally);
            } else {
                model.simulate(&mut sampler, first, 3000, &mut tally);
            }
            // As JSON: equal text, equal bits (`==` on numbers would take
            // -0.0 for 0.0).
            serde_json::to_string(&tally).unwrap()
        };
        let plains: Vec<String> = [0, 1 << 20].map(|first| run(true, first)).into();
        for (plain, first) in plains.iter().zip([0, 1 << 20]) {
            assert!(
                *plain == run(false, first),
                "{system} {action} {fields:?}: the learning memo changed trials {first}.."
            );
        }
        // A chunk's worth of trials through the memo freezes it (if it
        // pays); from then on every thread replays the frozen memo.
        let mut scratch = Tally::new(&schema);
        let chunk = volley::engine::CHUNK_TRIALS;
        model.simulate(&mut Sampler::new(17), 1 << 30, chunk, &mut scratch);
        for (plain, first) in plains.iter().zip([0, 1 << 20]) {
            assert!(
                *plain == run(false, first),
                "{system} {action} {fields:?}: the frozen memo changed trials {first}.."
            );
        }
    }
}
