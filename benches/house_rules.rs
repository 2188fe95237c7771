//! What a house rule that changes a roll costs an exact answer: each
//! question timed on the card and under a shipped `[[roll]]` rule (the
//! budget: at most 1.5x the card's time for a declarative rule) or a
//! shipped `[[script]]` (at most 5x), and the veterans' re-roll written as
//! a script beside its declarative form. `docs/performance.md` gives the
//! figures.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use volley::ask::question::Question;
use volley::engine::{MethodRequest, RunConfig};
use volley::rules::HouseRule;
use volley::systems::Origin;

/// The question `system action fields`, under the shipped house rule
/// `rule` (none: the card), or the veterans' re-roll as a script.
fn question(system: &str, action: &str, fields: &[(&str, &str)], rule: Option<&str>) -> Question {
    let raw = Origin::arguments_of(fields);
    let rules: Vec<HouseRule> = rule
        .map(|name| match name {
            VETERANS_SCRIPT_NAME => HouseRule::parse(name, VETERANS_SCRIPT).unwrap(),
            _ => {
                let path = format!("{}/house_rules/{name}.toml", env!("CARGO_MANIFEST_DIR"));
                HouseRule::from_file(std::path::Path::new(&path)).unwrap()
            }
        })
        .into_iter()
        .collect();
    Question::new(system, action, &rules, &raw).unwrap()
}

/// `adf_veterans_reroll` as a script: what the same rule costs as code.
const VETERANS_SCRIPT_NAME: &str = "veterans_reroll_as_a_script";
const VETERANS_SCRIPT: &str = r#"
[[script]]
point = "pre_impact_check"
code = '''
fn before(roll) {
    if roll.defender.quality == "veteran" { #{ reroll: "failed" } }
}
'''
"#;

/// A question (system, action, fields) and the shipped rule it is timed under.
type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str);

fn house_rules(c: &mut Criterion) {
    let mut group = c.benchmark_group("house rules");
    group.sample_size(20);
    let config = RunConfig {
        method: MethodRequest::Exact,
        ..RunConfig::default()
    };
    let cases: [Case; 11] = [
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
        // Scripts (budget 5x).
        (
            "deadly-field",
            "charge",
            &[("defender_quality", "veteran")],
            VETERANS_SCRIPT_NAME,
        ),
        (
            "deadly-field",
            "morale-check",
            &[("quality", "trained"), ("stands_lost", "1")],
            "adf_colonel_rally",
        ),
        (
            "micro-force",
            "charge",
            &[
                ("attacker_arm", "infantry"),
                ("attacker_formation", "attack_column"),
            ],
            "mf_bugle_call",
        ),
        (
            "micro-squad",
            "fire",
            &[("range", "8"), ("defense", "8")],
            "ms_fire_discipline",
        ),
        (
            "hex-acw",
            "fire",
            &[("infantry", "0"), ("guns", "2"), ("range", "3")],
            "hex_low_ammunition",
        ),
        ("stand-and-die", "duel", &[], "sd_lucky_volley"),
        ("deadly-field", "charge", &[], "adf_pursuit"),
    ];

    for (system, action, fields, rule) in cases {
        let card = format!("card (beside {rule})");
        for (label, under) in [(card.as_str(), None), (rule, Some(rule))] {
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
