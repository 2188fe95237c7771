//! Throughput: raw generator words, Micro Squad standard fire by Monte Carlo
//! (one thread and all threads) beside the plain loop it is held to
//! (`fire_by_hand.rs`), the exact fire table, and the multi-turn
//! engagement through the engine (with and without its step memo) beside a
//! hand-written loop of the same engagement (`ms_engagement_by_hand.rs`), all
//! measured in the same run.

mod fire_by_hand;
mod ms_engagement_by_hand;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use volley::ask::question::Question;
use volley::dice::Sampler;
use volley::engine::{self, MethodRequest, Model, RunConfig, Schema, Tally};
use volley::systems::Origin;
use volley::systems::micro_squad::{self, MsEngagementAction};

fn model(action: &str, fields: &[(&str, &str)]) -> Box<dyn Model> {
    model_of("micro-squad", action, fields)
}

fn question(system: &str, action: &str, fields: &[(&str, &str)]) -> Question {
    let raw = Origin::arguments_of(fields);
    Question::new(system, action, &[], &raw).unwrap()
}

fn model_of(system: &str, action: &str, fields: &[(&str, &str)]) -> Box<dyn Model> {
    question(system, action, fields).model().unwrap()
}

/// Bench `play` on one thread, each iteration into a fresh tally of
/// `schema`, the sampler going on from one iteration to the next.
fn on_one_thread(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    schema: &Schema,
    play: impl Fn(&mut Sampler, &mut Tally),
) {
    group.bench_function(name, |b| {
        let mut sampler = Sampler::new(1);
        b.iter(|| {
            let mut tally = Tally::new(schema);
            play(&mut sampler, &mut tally);
            black_box(tally.weight)
        })
    });
}

/// Bench `games` trials of an engagement through the engine on one thread,
/// with its step memo and without (`sides`: "3 vs 3" and the like).
fn with_and_without_memo(
    group: &mut BenchmarkGroup<WallTime>,
    sides: &str,
    game: &dyn Model,
    games: u64,
) {
    let schema = game.schema();
    let engine = format!("{sides}, 10 turns, engine, one thread");
    on_one_thread(group, &engine, &schema, |s, t| {
        game.simulate(s, 0, games, t)
    });
    let plainly = format!("{sides}, 10 turns, engine without its memo, one thread");
    on_one_thread(group, &plainly, &schema, |s, t| {
        game.simulate_plainly(s, 0, games, t)
    });
}

fn benches(c: &mut Criterion) {
    const N: u64 = 1 << 22;
    let mut group = c.benchmark_group("micro-squad");
    group.sample_size(20);
    group.throughput(Throughput::Elements(N));
    group.bench_function("generator words", |b| {
        let mut sampler = Sampler::new(1);
        b.iter(|| {
            let mut x = 0u64;
            for _ in 0..N {
                x ^= sampler.next_word();
            }
            black_box(x)
        })
    });
    group.bench_function("fire events, plain loop, a draw per die", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(fire_by_hand::fire_events(seed, N))
        })
    });
    let fire = model("fire", &[("firepower", "8"), ("defense", "5")]);
    let events = "fire events, one thread";
    on_one_thread(&mut group, events, &fire.schema(), |s, t| {
        fire.simulate(s, 0, N, t)
    });
    group.bench_function("fire events, all threads", |b| {
        let config = RunConfig {
            method: MethodRequest::Trials(N),
            ..RunConfig::default()
        };
        b.iter(|| black_box(engine::run(fire.as_ref(), &config).unwrap().tally.weight))
    });
    group.finish();

    let mut group = c.benchmark_group("micro-squad exact");
    group.throughput(Throughput::Elements(1));
    group.bench_function("fire table", |b| {
        b.iter(|| black_box(fire.exact(1_000_000).unwrap().weight))
    });
    group.finish();

    const GAMES: u64 = 1 << 14;
    let mut group = c.benchmark_group("micro-squad engagement");
    group.sample_size(20);
    group.throughput(Throughput::Elements(GAMES));
    let fields = [("b_firepower", "6"), ("b_terrain", "woods")];
    let game = model("engagement", &fields);
    let schema = game.schema();
    with_and_without_memo(&mut group, "3 vs 3", &*game, GAMES);
    let question = question("micro-squad", "engagement", &fields);
    let hand = ms_engagement_by_hand::HandLoop::new(
        &MsEngagementAction::of_scenario(
            question.scenario(),
            micro_squad::charts_of(question.book()).unwrap(),
        )
        .unwrap(),
    );
    let by_hand = "3 vs 3, 10 turns, by hand, one thread";
    on_one_thread(&mut group, by_hand, &schema, |s, t| {
        hand.simulate(s, 0, GAMES, t)
    });
    // Too many situations for the memo to hold: it fills, then steps aside.
    let large = model("engagement", &[("a_stands", "10"), ("b_stands", "10")]);
    with_and_without_memo(&mut group, "10 vs 10", &*large, GAMES);
    group.finish();

    let mut group = c.benchmark_group("micro-squad engagement, exact");
    group.sample_size(10);
    for n in ["3", "4"] {
        let exact = model("engagement", &[("a_stands", n), ("b_stands", n)]);
        group.bench_function(format!("{n} vs {n}, 10 turns"), |b| {
            b.iter(|| black_box(exact.exact(2_000_000).unwrap().weight))
        });
    }
    let firefight = model_of("micro-force", "firefight", &[]);
    group.bench_function("micro-force firefight, 4 vs 4 stands", |b| {
        b.iter(|| black_box(firefight.exact(2_000_000).unwrap().weight))
    });
    group.finish();
}

/// Exact answers of the other systems' headline questions.
fn exact_answers(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact answers");
    group.throughput(Throughput::Elements(1));
    let charge = model_of("micro-force", "charge", &[]);
    group.bench_function("micro-force charge", |b| {
        b.iter(|| black_box(charge.exact(2_000_000).unwrap().weight))
    });
    let duel = model_of(
        "stand-and-die",
        "duel",
        &[("a_infantry", "10"), ("b_infantry", "10")],
    );
    group.bench_function("stand-and-die duel 10 v 10", |b| {
        b.iter(|| black_box(duel.exact(2_000_000).unwrap().weight))
    });
    let adf_charge = model_of("deadly-field", "charge", &[]);
    group.bench_function("deadly-field charge", |b| {
        b.iter(|| black_box(adf_charge.exact(2_000_000).unwrap().weight))
    });
    let adf_firefight = model_of("deadly-field", "firefight", &[]);
    group.bench_function("deadly-field firefight, 6 turns", |b| {
        b.iter(|| black_box(adf_firefight.exact(2_000_000).unwrap().weight))
    });
    group.finish();
}

criterion_group!(throughput, benches, exact_answers);
criterion_main!(throughput);
