//! Generated hostile and careless input: field values, house-rule patches,
//! experiment files and tampered tally files, drawn from a seeded generator (so a
//! failure names a case that can be replayed). volley must answer or refuse with
//! one message: never panic, never run past a time bound, never hold gigabytes.
//! The case counts keep the suite fast; `VOLLEY_GENERATED_CASES` raises them.

use crate::common;

use common::generate::Gen;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};
use volley::ask::question::Question;
use volley::engine::{MethodRequest, RunConfig};
use volley::experiment::Experiment;
use volley::rules::HouseRule;
use volley::systems::{self, Origin};

/// Cases per property.
fn cases() -> u64 {
    std::env::var("VOLLEY_GENERATED_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Small runs: the point is the answer-or-refusal, not the answer.
fn small() -> RunConfig {
    RunConfig {
        method: MethodRequest::Auto,
        budget: 50_000,
        auto_budget: 50_000,
        auto_trials: 2_000,
        ..RunConfig::default()
    }
}

/// Each answer (or refusal) within this.
const TIME_BOUND: Duration = Duration::from_secs(20);

/// The test process's resident memory stays below this (checked where the
/// system reports it, under `/proc`).
const MEMORY_BOUND_BYTES: u64 = 2 << 30;

/// Resident memory of this process, where the system reports it.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Run `f`; a panic or a run past the time bound fails the test, naming `case`.
fn bounded<T>(case: &str, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(f));
    let took = started.elapsed();
    match outcome {
        Ok(value) => {
            assert!(took < TIME_BOUND, "{case}: took {took:?}");
            if let Some(bytes) = resident_bytes() {
                assert!(bytes < MEMORY_BOUND_BYTES, "{case}: {bytes} bytes resident");
            }
            value
        }
        Err(_) => panic!("{case}: volley panicked"),
    }
}

/// A refusal is one line that names what it refuses; `false` (not answered).
fn refused(case: &str, message: &str) -> bool {
    assert!(
        !message.trim().is_empty() && !message.contains('\n'),
        "{case}: {message:?}"
    );
    false
}

/// How many generated cases were answered and how many refused: a generator
/// that only ever produces one kind tests little.
#[derive(Default)]
struct Outcomes {
    answered: u64,
    refused: u64,
}

impl Outcomes {
    fn see(&mut self, answered: bool) {
        if answered {
            self.answered += 1;
        } else {
            self.refused += 1;
        }
    }

    fn check(&self, what: &str) {
        eprintln!(
            "{what}: {} answered, {} refused",
            self.answered, self.refused
        );
        assert!(
            self.answered > 0 && self.refused > 0,
            "{what}: {} answered, {} refused",
            self.answered,
            self.refused
        );
    }
}

#[test]
fn generated_field_values_are_answered_or_refused() {
    let mut g = Gen::new(1);
    let mut tally = Outcomes::default();
    let actions: Vec<_> = systems::all()
        .iter()
        .flat_map(|s| s.actions().into_iter().map(move |a| (s.name(), a.name())))
        .collect();
    for case in 0..cases() {
        let (system, action) = *g.pick(&actions);
        let question = Question::new(system, action, &[], &[]).unwrap();
        let specs = question.fields().to_vec();
        let mut raw = Vec::new();
        for _ in 0..1 + g.below(4) {
            let (name, value) = if g.chance(10) || specs.is_empty() {
                ("no_such_field".to_string(), g.junk())
            } else {
                let spec = g.pick(&specs);
                (spec.name.to_string(), g.value_for(&spec.kind))
            };
            raw.push((name, value, Origin::arguments()));
        }
        let label = format!("case {case}: {system} {action} {raw:?}");
        let answered = bounded(&label, || match Question::new(system, action, &[], &raw) {
            Err(e) => refused(&label, &e.to_string()),
            Ok(q) => match q.answer(&small()) {
                Ok(_) => true,
                Err(e) => refused(&label, &e.to_string()),
            },
        });
        tally.see(answered);
    }
    tally.check("field values");
}

/// Every dotted path to a number, string or boolean in a rule book.
fn leaf_paths(value: &toml::Value, prefix: &str, out: &mut Vec<(String, toml::Value)>) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                leaf_paths(v, &path, out);
            }
        }
        toml::Value::Array(items) if items.iter().all(|i| !i.is_table()) => {
            out.push((prefix.to_string(), value.clone()));
        }
        toml::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaf_paths(v, &format!("{prefix}.{i}"), out);
            }
        }
        other => out.push((prefix.to_string(), other.clone())),
    }
}

#[test]
fn generated_house_rules_are_applied_or_refused() {
    let mut g = Gen::new(2);
    let mut tally = Outcomes::default();
    for case in 0..cases() {
        let system = *g.pick(&systems::all().iter().map(|s| s.name()).collect::<Vec<_>>());
        let actions = actions_of(system);
        let book = Question::new(system, g.pick(&actions).as_str(), &[], &[])
            .unwrap()
            .book()
            .clone();
        let mut leaves = Vec::new();
        leaf_paths(&toml::Value::Table(book.tree.clone()), "", &mut leaves);
        let mut lines = Vec::new();
        for _ in 0..1 + g.below(3) {
            let (path, old) = g.pick(&leaves).clone();
            let path = if g.chance(10) {
                format!("{path}.nope")
            } else {
                path
            };
            let value = match (g.below(6), &old) {
                (0, _) => "\"lots\"".to_string(),
                (1, _) => "2000000000".to_string(),
                (2, _) => "-7".to_string(),
                (3, _) => "[1, 2]".to_string(),
                (_, toml::Value::Integer(i)) => (i + g.below(7) as i64 - 3).to_string(),
                (_, toml::Value::Float(f)) => format!("{:.3}", f * 1.5),
                (_, toml::Value::Boolean(b)) => (!b).to_string(),
                (_, other) => other.to_string(),
            };
            lines.push(format!("\"{path}\" = {value}"));
        }
        let text = format!("[set]\n{}\n", lines.join("\n"));
        let label = format!("case {case}: {system} with {text:?}");
        let answered = bounded(&label, || {
            let rule = match HouseRule::parse("generated.toml", &text) {
                Ok(rule) => rule,
                Err(e) => return refused(&label, &e.to_string()),
            };
            let action = actions_of(system)[0].clone();
            match Question::new(system, &action, &[rule], &[]) {
                Err(e) => refused(&label, &e.to_string()),
                Ok(q) => match q.answer(&small()) {
                    Ok(_) => true,
                    Err(e) => refused(&label, &e.to_string()),
                },
            }
        });
        tally.see(answered);
    }
    tally.check("house rules");
}

fn actions_of(system: &str) -> Vec<String> {
    systems::find(system)
        .unwrap()
        .actions()
        .iter()
        .map(|a| a.name().to_string())
        .collect()
}

#[test]
fn generated_experiment_files_are_read_or_refused() {
    let mut g = Gen::new(3);
    let mut tally = Outcomes::default();
    let dir = tempfile::tempdir().unwrap();
    // Each part of the file from good and bad choices, so that some files
    // run and others fail in every part.
    let names = ["name = \"gen\"", "name = \"../up\"", "name = \"\""];
    let systems = ["system = \"micro-squad\"", "system = \"chess\""];
    let actions = [
        "action = \"fire\"",
        "action = \"overrun\"",
        "action = \"castle\"",
    ];
    let methods = [
        "",
        "trials = 1000",
        "trials = 0",
        "precision = 0.05",
        "precision = -1",
        "exact = true",
        "trials = 1000\nexact = true",
        "confidence = 5",
        "budget = 10\nexact = true",
    ];
    let fields = [
        "",
        "[fields]\nfirepower = 8",
        "[fields]\nterrain = \"woods+woods\"",
        "[fields]\ndefense = 999",
        "[fields]\nnonsense = 1",
    ];
    let sweeps = [
        "",
        "[sweep]\ndie_mod = [0, 1]",
        "[sweep]\ndie_mod = [0, 1]\ndefense = \"2..4\"",
        "[sweep]\ndefense = \"9..1\"",
        "[sweep]\ndie_mod = []",
        "[sweep]\nfirepower = \"0..60\"\ndefense = \"0..60\"",
    ];
    let extras = [
        "",
        "[[variant]]\nname = \"card\"",
        "[[variant]]\nname = \"a\"\n[[variant]]\nname = \"a\"",
        "[[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"p\"",
        "[[plot]]\nkind = \"lines\"\nx = \"die_mod\"\nfile = \"../x\"",
        "[[plot]]\nkind = \"pie\"\nx = \"die_mod\"\nfile = \"p\"",
        "= =",
    ];
    for case in 0..cases() {
        let good = g.chance(50);
        let mut part = |options: &[&'static str]| -> &'static str {
            if good {
                options[0]
            } else {
                options[g.below(options.len() as u64) as usize]
            }
        };
        let text = [
            part(&names),
            part(&systems),
            part(&actions),
            part(&methods),
            part(&fields),
            part(&sweeps),
            part(&extras),
        ]
        .join("\n")
            + "\n";
        let path = dir.path().join(format!("case{case}.toml"));
        std::fs::write(&path, &text).unwrap();
        let label = format!("case {case}: {text:?}");
        let answered = bounded(&label, || match Experiment::from_file(&path) {
            Err(e) => refused(&label, &e.to_string()),
            Ok(experiment) => {
                let reports = dir.path().join(format!("reports{case}"));
                match volley::reports::run(
                    &experiment,
                    &reports,
                    Default::default(),
                    1_000,
                    &Default::default(),
                ) {
                    Ok(_) => true,
                    Err(e) => refused(&label, &format!("{e:#}")),
                }
            }
        });
        tally.see(answered);
    }
    tally.check("experiment files");
}

#[test]
fn tampered_tally_files_are_merged_or_refused() {
    let mut g = Gen::new(4);
    let mut tally = Outcomes::default();
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.json");
    let question = Question::new(
        "micro-squad",
        "engagement",
        &[],
        &[("a_stands".to_string(), "1".to_string(), Origin::arguments())],
    )
    .unwrap();
    let config = RunConfig {
        method: MethodRequest::Trials(70_000),
        shard: Some(volley::engine::Shard { index: 0, count: 1 }),
        ..RunConfig::default()
    };
    let result = question.answer(&config).unwrap();
    let file = volley::output::TallyFile {
        system: "micro-squad".to_string(),
        action: "engagement".to_string(),
        scenario: serde_json::json!({}),
        house_rules: Vec::new(),
        seed: 1,
        trials: 70_000,
        confidence: 0.95,
        shard: volley::engine::Shard { index: 0, count: 1 },
        schema: result.schema.clone(),
        tally: result.tally.clone(),
        notes: Vec::new(),
        provisional: None,
        readings: Vec::new(),
    };
    std::fs::write(&good, serde_json::to_string(&file).unwrap()).unwrap();
    let original: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    let mut numbers = Vec::new();
    collect_number_paths(&original, &mut Vec::new(), &mut numbers);
    for case in 0..cases() {
        let mut v = original.clone();
        for _ in 0..1 + g.below(3) {
            let path = g.pick(&numbers).clone();
            let new: serde_json::Value = match g.below(5) {
                0 => (-1).into(),
                1 => u64::MAX.into(),
                2 => 1e300.into(),
                3 => serde_json::Value::Null,
                _ => (g.below(100)).into(),
            };
            *pointer(&mut v, &path) = new;
        }
        let file = dir.path().join(format!("t{case}.json"));
        std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
        let label = format!("case {case}");
        let answered = bounded(&label, || match volley::output::TallyFile::load(&file) {
            Err(e) => refused(&label, &e.to_string()),
            Ok(t) => {
                let name = file.display().to_string();
                match volley::output::TallyFile::merge(&[(name, t)]) {
                    Ok(_) => true,
                    Err(e) => refused(&label, &e.to_string()),
                }
            }
        });
        tally.see(answered);
    }
    tally.check("tally files");
}

fn collect_number_paths(v: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Number(_) => out.push(at.clone()),
        serde_json::Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                at.push(i.to_string());
                collect_number_paths(x, at, out);
                at.pop();
            }
        }
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                at.push(k.clone());
                collect_number_paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn pointer<'a>(v: &'a mut serde_json::Value, path: &[String]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |node, key| match node {
        serde_json::Value::Array(items) => &mut items[key.parse::<usize>().unwrap()],
        other => &mut other[key.as_str()],
    })
}

/// Pieces of a hook's body: sound ones, careless ones and hostile ones.
const SCRIPT_BODIES: [&str; 25] = [
    "#{ modifier: 1 }",
    "#{ modifier: -2, reroll: \"failed\" }",
    "#{ threshold_add: 1 }",
    "if d6() >= 4 { \"reroll\" } else { \"keep\" }",
    "if dice(2, 6) >= 10 { -3 }",
    "roll.total",
    "if roll.total > 3 { roll.total - 1 } else { roll.total }",
    "roll.failed",
    "loop { }",
    "let s = \"x\"; loop { s += s; }",
    "let a = []; loop { a.push(1); }",
    "again(roll)",
    "let n = 0; for i in 0..50 { n += d(6); } n",
    "d(1)",
    "roll.nope",
    "1 / 0",
    "\"plus one\"",
    "#{ modifer: 1 }",
    "eval(\"1\")",
    "99999999999",
    "#{ threshold: 3 }",
    "let x = ;",
    "roll.outcome",
    "if d6() == 6 { \"attacker-wins-12+\" }",
    "if roll.outcome == \"melee\" { \"stop-short\" } else { \"routs\" }",
];

#[test]
fn generated_roll_scripts_are_answered_or_refused() {
    let mut g = Gen::new(3);
    let mut tally = Outcomes::default();
    for case in 0..cases() / 3 {
        let system = *g.pick(&systems::all().iter().map(|s| s.name()).collect::<Vec<_>>());
        let points = systems::find(system).unwrap().roll_points();
        let point = g.pick(points);
        let action = point.actions.split(", ").next().unwrap();
        let hook = *g.pick(&["before", "result", "after", "then", "helper"]);
        let body = *g.pick(&SCRIPT_BODIES);
        let code = format!("fn again(roll) {{ again(roll) }}\nfn {hook}(roll) {{ {body} }}");
        let text = format!(
            "[[script]]\npoint = \"{}\"\ncode = '''\n{code}\n'''\n",
            point.name
        );
        let label = format!("case {case}: {system} {action} with {text:?}");
        let answered = bounded(&label, || {
            let rule = match HouseRule::parse("generated.toml", &text) {
                Ok(rule) => rule,
                Err(e) => return refused(&label, &e.to_string()),
            };
            match Question::new(system, action, &[rule], &[]) {
                Err(e) => refused(&label, &e.to_string()),
                Ok(q) => match q.answer(&small()) {
                    Ok(_) => true,
                    Err(e) => refused(&label, &e.to_string()),
                },
            }
        });
        tally.see(answered);
    }
    tally.check("roll scripts");
}
