//! The questions a player waits for, timed whole on all threads: an exact
//! effects table, an exact comparison of two engagements, a sweep of 80
//! exact charges (the experiment `adf_charge_carry.toml`, written to a
//! scratch folder), and best play in both firefights at their default sizes
//! (`volley plan ... --check-trials 0`). `docs/performance.md` gives the figures and the targets
//! they answer.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use volley::ask::compare::{Comparison, Variant};
use volley::ask::effects;
use volley::ask::question::Question;
use volley::engine::RunConfig;
use volley::experiment::{Experiment, Hooks};
use volley::systems::Origin;

fn question(system: &str, action: &str, fields: &[(&str, &str)]) -> Question {
    let raw = Origin::arguments_of(fields);
    Question::new(system, action, &[], &raw).unwrap()
}

fn questions(c: &mut Criterion) {
    let mut group = c.benchmark_group("questions");
    group.sample_size(10);
    let config = RunConfig::default();

    // `volley effects deadly-field charge`: every field one step, exact.
    let charge = question("deadly-field", "charge", &[]);
    group.bench_function("effects deadly-field charge", |b| {
        b.iter(|| {
            let (steps, skipped) = effects::steps(&charge, &[], 8);
            let e = effects::effects(&charge, steps, skipped, None, &config).unwrap();
            assert!(e.exact);
            black_box(e.baseline.value)
        })
    });

    // `volley compare micro-squad engagement a_stands=4 b_stands=3
    // b_terrain=woods --variant more:a_stands=5`, exact.
    let fields = [("a_stands", "4"), ("b_stands", "3"), ("b_terrain", "woods")];
    let baseline = question("micro-squad", "engagement", &fields);
    let more = ("a_stands".to_string(), "5".to_string(), Origin::arguments());
    let comparison = Comparison {
        variants: vec![Variant {
            name: "more".to_string(),
            spec: "a_stands=5".to_string(),
            question: baseline.with(&[more]).unwrap(),
        }],
        baseline,
    };
    group.bench_function(
        "compare micro-squad engagement 4 v 3 woods, a fifth stand",
        |b| {
            b.iter(|| {
                let compared = comparison.run(&config).unwrap();
                assert!(compared.exact);
                black_box(compared.variants.len())
            })
        },
    );

    // The 80 exact charges of the main job's largest sweep, report written.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/adf_charge_carry.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let sweep = Experiment::parse("adf_charge_carry.toml", &text, file.parent().unwrap()).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    group.bench_function("experiment adf_charge_carry (80 exact charges)", |b| {
        b.iter(|| {
            let done = volley::reports::run(
                &sweep,
                scratch.path(),
                Hooks::default(),
                1000,
                &Default::default(),
            )
            .unwrap();
            black_box(done.points)
        })
    });
    // `volley plan SYSTEM firefight --check-trials 0 [--opponent best]`:
    // every state of the default firefight solved, with its fixed policies;
    // against B at its best, B's decision points too.
    for system in ["micro-force", "deadly-field"] {
        let firefight = question(system, "firefight", &[]);
        for opponent in ["usual", "best"] {
            let ask = volley::request::PlanFlags {
                choices: None,
                goal: None,
                opponent: opponent.to_string(),
                check_trials: 0,
                seed: 1,
                confidence: 0.95,
                budget: volley::engine::EXACT_BUDGET,
            }
            .ask(&firefight)
            .unwrap();
            let name = match opponent {
                "usual" => format!("plan {system} firefight (defaults)"),
                _ => format!("plan {system} firefight (defaults, opponent best)"),
            };
            group.bench_function(name, |b| {
                b.iter(|| black_box(firefight.plan(&ask).unwrap().best))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, questions);
criterion_main!(benches);
