//! Intervals that keep their promise: coverage computed exactly over the binomial
//! distribution (no simulation, so no flakiness), honest intervals for means near
//! a bound, and the precision stopping rule starting small.

use statrs::distribution::{Binomial, Discrete};
use volley_core::engine::{self, Method, MethodRequest, RunConfig, RunResult, Schema, Tally};
use volley_core::stats::{proportion, summarize, z_score};

/// Exact coverage of `interval(k, n)` for the true proportion `p`.
fn coverage(p: f64, n: u64, interval: impl Fn(f64, f64) -> (f64, f64)) -> f64 {
    let binomial = Binomial::new(p, n).unwrap();
    (0..=n)
        .filter(|&k| {
            let (low, high) = interval(k as f64, n as f64);
            low <= p && p <= high
        })
        .map(|k| binomial.pmf(k))
        .sum()
}

#[test]
fn proportions_cover_rare_events() {
    let z = z_score(0.95);
    for &p in &[0.0005, 0.001, 0.003, 0.01, 0.5, 0.997] {
        let c = coverage(p, 2000, |k, n| {
            let e = proportion(k, n, z);
            (e.low, e.high)
        });
        assert!(c >= 0.93, "coverage {c} at p = {p}");
    }
}

#[test]
fn a_bounded_mean_of_a_rare_count_covers_its_value() {
    // Steps lost, 0 or 8, with P(8) = p: the mean is 8p. Over 2,000 trials most
    // runs see no loss at all, and a normal interval is then a point at 0.
    let z = z_score(0.95);
    for &p in &[0.0005, 0.001, 0.002] {
        let c = coverage(p, 2000, |k, n| {
            let sum = 8.0 * k;
            let e = volley_core::stats::bounded_mean_interval(sum, 8.0 * sum, n, z, [0.0, 8.0]);
            (e.low / 8.0, e.high / 8.0)
        });
        assert!(c >= 0.93, "coverage {c} at p = {p}");
    }
}

#[test]
fn a_monte_carlo_mean_whose_samples_were_all_equal_is_not_printed_as_exact() {
    let mut schema = Schema::default();
    let k = schema.count("k", 1);
    let k_mean = schema.mean_within("k", 0.0, 8.0);
    let mut tally = Tally::new(&schema);
    for _ in 0..2000 {
        tally.count(k, 0, 1.0);
        tally.add(k_mean, 0.0, 1.0);
        tally.trial(1.0);
    }
    let result = RunResult {
        method: Method::MonteCarlo {
            trials: 2000,
            seed: 1,
        },
        schema,
        tally,
        confidence: 0.95,
        precision_not_reached: None,
        exact_refused: None,
    };
    let summary = summarize(&result);
    let mean = summary.mean("k").unwrap();
    assert_eq!(mean.value, 0.0);
    assert!(mean.high > 0.01, "{mean:?}");
    let never = summary.probability("k", "1").unwrap();
    assert!(never.high > 0.001, "{never:?}");
}

#[test]
fn precision_starts_small_and_matches_a_trials_run() {
    let found = volley_core::systems::find("micro-squad").unwrap();
    let action = volley_core::systems::find_action(found, "fire").unwrap();
    let book = volley_core::systems::rulebook(found, &[]).unwrap();
    let scenario =
        volley_core::systems::Scenario::resolve(&action.fields(&book).unwrap(), &[]).unwrap();
    let model = action.model(&scenario, &book).unwrap();
    let precise = engine::run(
        model.as_ref(),
        &RunConfig {
            method: MethodRequest::Precision(0.02),
            ..RunConfig::default()
        },
    )
    .unwrap();
    let Method::MonteCarlo { trials, .. } = precise.method else {
        panic!("precision is Monte Carlo");
    };
    // Half-width 0.02 at p near 0.5 needs about 2,400 trials: 4,096 is the first
    // checkpoint, and it is enough.
    assert_eq!(trials, 4096);
    let fixed = engine::run(
        model.as_ref(),
        &RunConfig {
            method: MethodRequest::Trials(trials),
            ..RunConfig::default()
        },
    )
    .unwrap();
    assert_eq!(precise.tally, fixed.tally);
}
