//! What a house rule that changes a roll costs an exact answer: each
//! question timed on the card and under a shipped `[[roll]]` rule (the
//! issue's budget: at most 1.5x the card's time for a declarative rule).
//! `docs/performance.md` gives the figures.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use volley::ask::question::Question;
use volley::engine::{MethodRequest, RunConfig};
use volley::rules::HouseRule;
use volley::systems::Origin;

/// The question `system action fields`, under the shipped house rule
/// `rule` (none: the card).
fn question(system: &str, action: &str, fields: &[(&str, &str)], rule: Option<&str>) -> Question {
    let raw: Vec<_> = fields
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string(), Origin::arguments()))
        .collect();
    let rules: Vec<HouseRule> = rule
        .map(|name| {
            let path = format!("{}/house_rules/{name}.toml", env!("CARGO_MANIFEST_DIR"));
            HouseRule::from_file(std::path::Path::new(&path)).unwrap()
        })
        .into_iter()
        .collect();
    Question::new(system, action, &rules, &raw).unwrap()
}

/// A question (system, action, fields) and the shipped rule it is timed under.
type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str);

fn house_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("house rules");
    group.sample_size(20);
    let config = RunConfig {
        method: MethodRequest::Exact,
        ..RunConfig::default()
    };
    let cases: [Case; 4] = [
        (
            "deadly-field",
            "charge",
            &[("defender_quality", "veteran")],
            "adf_veterans_reroll",
        ),
        (
            "micro-force",
            "charge",
            &[("attacker_arm", "cavalry"), ("attacker_formation", "line")],
            "mf_cavalry_elan",
        ),
        ("micro-squad", "fire", &[("range", "3")], "ms_point_blank"),
        ("stand-and-die", "duel", &[], "sd_massed_volley"),
    ];
    for (system, action, fields, rule) in cases {
        for (label, under) in [("card", None), (rule, Some(rule))] {
            let asked = question(system, action, fields, under);
            group.bench_function(format!("{system} {action}: {label}"), |b| {
                b.iter(|| {
                    let answer = asked.answer(&config).unwrap();
                    black_box(answer)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, house_rules);
criterion_main!(benches);
