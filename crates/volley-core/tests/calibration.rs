//! Calibration: the 95% intervals volley prints cover the exact answer about 95%
//! of the time. Over 400 seeds at 4,000 trials each, the number of intervals that
//! cover the exact value is Binomial(400, 0.95) if the interval code is right:
//! its central 99.9% range is 364 to 393. A regression that narrows or widens the
//! intervals (or biases the estimate) falls outside.

use volley_core::ask::question::Question;
use volley_core::engine::MethodRequest;
use volley_core::engine::RunConfig;
use volley_core::stats::summarize;

const SEEDS: u64 = 400;
const TRIALS: u64 = 4_000;
/// The central 99.9% range of Binomial(400, 0.95) (its 0.05% and 99.95% quantiles).
const COVERED: std::ops::RangeInclusive<u64> = 364..=393;

#[test]
fn intervals_cover_the_exact_answer_at_their_confidence() {
    let question = Question::new("micro-force", "fire", &[], &[]).unwrap();
    let exact = summarize(
        &question
            .answer(&RunConfig {
                method: MethodRequest::Exact,
                ..RunConfig::default()
            })
            .unwrap(),
    );
    let p_exact = exact.probability("steps_lost", "1").unwrap().value;
    let mean_exact = exact.mean("steps_lost").unwrap().value;
    let (mut p_covered, mut mean_covered) = (0, 0);
    for seed in 0..SEEDS {
        let mc = summarize(
            &question
                .answer(&RunConfig {
                    method: MethodRequest::Trials(TRIALS),
                    seed,
                    ..RunConfig::default()
                })
                .unwrap(),
        );
        let p = mc.probability("steps_lost", "1").unwrap();
        let mean = mc.mean("steps_lost").unwrap();
        p_covered += u64::from(p.low <= p_exact && p_exact <= p.high);
        mean_covered += u64::from(mean.low <= mean_exact && mean_exact <= mean.high);
    }
    eprintln!("covered: proportion {p_covered}, mean {mean_covered} of {SEEDS}");
    assert!(
        COVERED.contains(&p_covered),
        "proportion: {p_covered} of {SEEDS}"
    );
    assert!(
        COVERED.contains(&mean_covered),
        "mean: {mean_covered} of {SEEDS}"
    );
}
