//! Paired differences: variant minus baseline on the same trials, with the
//! interval and test that pairing allows. Each interval is one test
//! inverted, so it leaves out 0 exactly when its p-value is below
//! 1 - confidence.
//!
//! - A proportion: only the discordant trials carry information (the baseline
//!   took the value and the variant did not, `b`; the other way round, `c`). The
//!   difference is `(c - b) / n`. Its interval is Tango's score interval:
//!   every difference the score test does not reject, the test's variance
//!   taken at the other cell's maximum-likelihood value under that
//!   difference (Tango 1998, "Equivalence test and confidence interval for
//!   the difference in proportions for the paired-sample design"). At a
//!   difference of 0 the score test is McNemar's (`(c - b)^2 / (b + c)` on
//!   one degree of freedom, no continuity correction), which gives the
//!   p-value. It covers about as often as it says from a few discordant
//!   trials up, where a Wald interval does not.
//! - A mean: the per-trial differences, their mean with a Student t interval
//!   and the paired t test. Only when the sample shows no spread (every trial
//!   differs by the same amount `d`, often 0), where a t interval would have
//!   no width, the interval is the exact test of a mean against the unseen:
//!   a mean `m` is kept while the sample is not too unlikely under the
//!   distribution with mean `m` that makes it likeliest (mass on `d` and on
//!   the far end of the difference's range), and the p-value is that test's
//!   at 0. An unbounded end of the range gives no such reach.
//!
//! No discordant trial gives a difference of 0 and p = 1, with the interval the
//! trials allow (a variant known to be the same question gets a zero-width one
//! from its caller). Exact answers give an exact difference, with no test.
//! A p-value too small for a double is given as the smallest one, never 0.

use super::interval::{bisect, z_score};
use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// A difference, variant minus baseline.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Difference {
    #[serde(deserialize_with = "super::interval::null_as_nan")]
    pub value: f64,
    #[serde(deserialize_with = "super::interval::null_as_nan")]
    pub low: f64,
    #[serde(deserialize_with = "super::interval::null_as_nan")]
    pub high: f64,
    /// Two-sided p-value of "no difference" (`None` for an exact difference).
    pub p_value: Option<f64>,
}

impl Difference {
    /// The difference of two exact answers.
    pub fn exact(base: f64, variant: f64) -> Self {
        let value = variant - base;
        Difference {
            value,
            low: value,
            high: value,
            p_value: None,
        }
    }

    fn none() -> Self {
        Difference {
            value: 0.0,
            low: 0.0,
            high: 0.0,
            p_value: Some(1.0),
        }
    }
}

/// A p-value, never below the smallest positive double (a p-value of 0
/// would claim certainty no finite sample gives).
fn p_value(p: f64) -> Option<f64> {
    Some(p.clamp(f64::MIN_POSITIVE, 1.0))
}

/// The paired difference of a proportion over `n` trials, `b` of them where only
/// the baseline took the value and `c` where only the variant did: Tango's
/// score interval and McNemar's test (its score test at 0). With no
/// discordant trial the difference is 0, but the interval still reaches as far
/// as the trials allow (a variant known to be identical is the caller's to mark).
pub fn paired_proportion(n: u64, b: u64, c: u64, confidence: f64) -> Difference {
    if n == 0 {
        return Difference::none();
    }
    let (nf, bf, cf) = (n as f64, b as f64, c as f64);
    let value = (cf - bf) / nf;
    let z = z_score(confidence);
    let score = |delta: f64| tango_score(nf, bf, cf, delta);
    // The score falls as the difference tried rises: each end is where it
    // crosses the normal quantile, or the end of [-1, 1] if it never does.
    let edge = 1.0 - 1e-12;
    let low = if score(-edge) <= z {
        -1.0
    } else {
        bisect(|d| -score(d), -z, -edge, value)
    };
    let high = if score(edge) >= -z {
        1.0
    } else {
        bisect(|d| -score(d), z, value, edge)
    };
    Difference {
        value,
        low: low.min(value),
        high: high.max(value),
        p_value: p_value(mcnemar(b, c)),
    }
}

/// Tango's score statistic for "the difference is `delta`" with `b` and `c`
/// discordant trials of `n`: `(c - b - n delta)` over its standard error under
/// that difference, the baseline-only share at its restricted
/// maximum-likelihood value.
fn tango_score(n: f64, b: f64, c: f64, delta: f64) -> f64 {
    let numerator = c - b - n * delta;
    if numerator == 0.0 {
        return 0.0;
    }
    // The baseline-only share p maximising the likelihood when the
    // variant-only share is p + delta: the root of 2n p^2 + B p + C = 0.
    let concordant = n - b - c;
    let lin = -(b * (1.0 - 3.0 * delta) + c * (1.0 - delta) - 2.0 * concordant * delta);
    let constant = -b * delta * (1.0 - delta);
    let a = 2.0 * n;
    let p = (-lin + (lin * lin - 4.0 * a * constant).max(0.0).sqrt()) / (2.0 * a);
    let variance = n * (2.0 * p + delta * (1.0 - delta));
    if variance <= 0.0 {
        return numerator.signum() * f64::INFINITY;
    }
    numerator / variance.sqrt()
}

/// McNemar's test, the score test of no difference: two-sided, on
/// `(c - b)^2 / (b + c)` against one degree of freedom.
pub fn mcnemar(b: u64, c: u64) -> f64 {
    let n = b + c;
    if n == 0 || b == c {
        return 1.0;
    }
    let statistic = (c as f64 - b as f64).abs() / (n as f64).sqrt();
    let Ok(normal) = Normal::new(0.0, 1.0) else {
        return 1.0;
    };
    (2.0 * normal.sf(statistic)).min(1.0)
}

/// The paired difference of a mean over `n` trials from the sum and sum of
/// squares of the per-trial differences, each of which lies in `range` (an
/// infinite end: unbounded).
pub fn paired_mean(
    n: u64,
    sum: f64,
    sum_squares: f64,
    confidence: f64,
    range: [f64; 2],
) -> Difference {
    if n == 0 {
        return Difference::none();
    }
    let nf = n as f64;
    let mean = sum / nf;
    let variance = if n > 1 {
        ((sum_squares - nf * mean * mean) / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    // Rounding leaves a hair of variance when every difference is the same.
    if variance <= 1e-18 * (1.0 + mean * mean) {
        return no_spread(n, mean, confidence, range);
    }
    // No mean lies outside the differences' range: cap the interval there
    // (which never moves it across 0, the mean lying inside).
    let [lowest, highest] = range;
    let t = paired_t(n, mean, variance, confidence);
    Difference {
        low: t.low.max(lowest).min(mean),
        high: t.high.min(highest).max(mean),
        ..t
    }
}

/// Every one of `n` differences equal to `d`, each possible difference in
/// `range`. A mean `m` below `d` makes the sample likeliest with its mass on
/// `d` and the lowest possible value `L` (share `(m - L) / (d - L)` on `d`),
/// so the sample has probability `((m - L) / (d - L))^n` at most; `m` is kept
/// while that is at least half the error rate, and the p-value is twice
/// that bound at `m = 0`. Likewise above `d` with the highest value.
fn no_spread(n: u64, d: f64, confidence: f64, range: [f64; 2]) -> Difference {
    let [lowest, highest] = range;
    let half_error = (1.0 - confidence) / 2.0;
    // The share that keeps the sample's probability at half the error rate.
    let kept = half_error.powf(1.0 / n as f64);
    let low = if lowest.is_finite() && lowest < d {
        lowest + (d - lowest) * kept
    } else {
        d
    };
    let high = if highest.is_finite() && highest > d {
        highest - (highest - d) * kept
    } else {
        d
    };
    // The most likely the sample is under a mean of 0: 0 if 0 cannot be the
    // mean of values on `d`'s side alone, 1 at d = 0.
    let likeliest = if d == 0.0 {
        1.0
    } else {
        let far = if d > 0.0 { lowest } else { highest };
        if far.is_finite() && (far - 0.0) * (d - 0.0) < 0.0 {
            (far / (far - d)).powf(n as f64)
        } else {
            0.0
        }
    };
    Difference {
        value: d,
        low,
        high,
        p_value: p_value(2.0 * likeliest),
    }
}

/// The Student t interval and paired t test of a mean difference `mean` with
/// sample variance `variance` (not zero) over `n` trials.
fn paired_t(n: u64, mean: f64, variance: f64, confidence: f64) -> Difference {
    let nf = n as f64;
    let se = (variance / nf).sqrt();
    let Ok(t) = StudentsT::new(0.0, 1.0, nf - 1.0) else {
        return Difference::none();
    };
    let level = 0.5 + confidence / 2.0;
    // Bracket the quantile, then bisect (see `interval::bisect`).
    let mut reach = 4.0;
    while t.cdf(reach) < level && reach < 1e12 {
        reach *= 4.0;
    }
    let quantile = bisect(|x| t.cdf(x), level, 0.0, reach);
    let statistic = mean / se;
    Difference {
        value: mean,
        low: mean - quantile * se,
        high: mean + quantile * se,
        p_value: p_value(2.0 * t.sf(statistic.abs())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Sampler};

    /// z for 95%: 1.959964.
    const Z95: f64 = 1.959_963_984_540_054;

    #[test]
    fn no_discordant_trial_is_no_difference_with_an_honest_interval() {
        let d = paired_proportion(1000, 0, 0, 0.95);
        assert_eq!((d.value, d.p_value), (0.0, Some(1.0)));
        // Neither kind seen: the score test rejects a difference delta once
        // n delta / sqrt(n delta (1 - delta)) passes z, at z^2 / (n + z^2).
        let bound = Z95 * Z95 / (1000.0 + Z95 * Z95);
        assert!(
            (d.high - bound).abs() < 1e-9 && (d.low + bound).abs() < 1e-9,
            "{d:?}"
        );
        // Every one of 1,000 differences 0, each within -8..8: a mean m > 0
        // makes the sample likeliest as (8 - m) / 8 on 0, kept while
        // ((8 - m) / 8)^1000 >= 0.025.
        let d = paired_mean(1000, 0.0, 0.0, 0.95, [-8.0, 8.0]);
        assert_eq!((d.value, d.p_value), (0.0, Some(1.0)));
        let unseen = 1.0 - 0.025f64.powf(1.0 / 1000.0);
        assert!((d.high - 8.0 * unseen).abs() < 1e-12 && (d.low + 8.0 * unseen).abs() < 1e-12);
    }

    #[test]
    fn a_mean_difference_with_no_spread_keeps_an_interval_within_its_range() {
        // 500 trials, every difference +1, the difference at most +1 and at
        // least -2: the interval reaches down for an unseen share, not up;
        // a mean of 0 would make the sample at most (2/3)^500 likely.
        let d = paired_mean(500, 500.0, 500.0, 0.95, [-2.0, 1.0]);
        assert_eq!((d.value, d.high), (1.0, 1.0));
        let unseen = 1.0 - 0.025f64.powf(1.0 / 500.0);
        assert!((d.low - (1.0 - 3.0 * unseen)).abs() < 1e-12, "{d:?}");
        let p = 2.0 * (2.0f64 / 3.0).powi(500);
        assert!((d.p_value.unwrap() / p - 1.0).abs() < 1e-9, "{d:?}");
        // 20 trials all +1 within -10..10: a mean of 0 leaves the sample
        // (10/11)^20 = 0.149 likely, p = 0.298, and the interval holds 0.
        let d = paired_mean(20, 20.0, 20.0, 0.95, [-10.0, 10.0]);
        let p = 2.0 * (10.0f64 / 11.0).powi(20);
        assert!((d.p_value.unwrap() - p).abs() < 1e-12, "{d:?}");
        assert!(d.low < 0.0 && d.high > 1.0, "{d:?}");
        // With spread, the plain t interval, capped by the range.
        let d = paired_mean(500, 499.0, 499.0, 0.95, [-2.0, 1.0]);
        assert!(d.high <= 1.0 && d.low < 0.998 && d.low > 0.99, "{d:?}");
    }

    #[test]
    fn tango_score_intervals_by_an_independent_computation() {
        // Computed with SciPy from Tango's closed form, its restricted
        // likelihood checked against a numerical maximisation.
        for (n, b, c, low, high) in [
            (
                2000,
                0,
                3,
                -0.000_419_922_852_174_813_66,
                0.004_401_032_555_770_694,
            ),
            (
                2000,
                40,
                60,
                0.000_203_907_103_511_757_46,
                0.020_109_632_764_814_374,
            ),
        ] {
            let d = paired_proportion(n, b, c, 0.95);
            assert!(
                (d.low - low).abs() < 1e-9 && (d.high - high).abs() < 1e-9,
                "{n} {b} {c}: {d:?}"
            );
        }
    }

    /// Each interval leaves out 0 exactly when its p-value is below the
    /// error rate: one test, inverted.
    #[test]
    fn every_interval_excludes_zero_exactly_when_its_test_rejects() {
        for confidence in [0.9, 0.95, 0.99] {
            for b in 0..30u64 {
                for c in 0..30u64 {
                    let d = paired_proportion(500, b, c, confidence);
                    let rejects = d.p_value.unwrap() < 1.0 - confidence;
                    let excludes = d.low > 0.0 || d.high < 0.0;
                    assert_eq!(rejects, excludes, "({b}, {c}) at {confidence}: {d:?}");
                }
            }
            for n in [5u64, 20, 100, 500] {
                for d in [-3.0, -1.0, 0.0, 0.5, 2.0] {
                    let x =
                        paired_mean(n, d * n as f64, d * d * n as f64, confidence, [-10.0, 10.0]);
                    let rejects = x.p_value.unwrap() < 1.0 - confidence;
                    assert_eq!(rejects, x.low > 0.0 || x.high < 0.0, "{n} x {d}: {x:?}");
                }
            }
        }
    }

    #[test]
    fn mcnemar_by_hand() {
        // b = 1, c = 9: (9 - 1) / sqrt(10) = 2.5298 standard normal units,
        // two-sided 0.011412.
        assert!((mcnemar(1, 9) - 0.011_412_036_386_001_651).abs() < 1e-12);
        assert_eq!(mcnemar(5, 5), 1.0);
    }

    #[test]
    fn mcnemar_is_calibrated_under_no_difference() {
        // 2,000 replications of 60 discordant trials, each equally likely to be
        // either kind (no difference): P(p <= a) near a at every level a.
        let mut dice = Sampler::new(17);
        let p_values: Vec<f64> = (0..2000u64)
            .map(|replication| {
                dice.start_trial(replication);
                let b = (0..60).filter(|_| dice.chance(1, 2)).count() as u64;
                mcnemar(b, 60 - b)
            })
            .collect();
        for level in [0.01, 0.05, 0.1, 0.25, 0.5] {
            let share = p_values.iter().filter(|p| **p <= level).count() as f64 / 2000.0;
            assert!(share <= level + 0.015, "P(p <= {level}) = {share}");
            assert!(
                share >= 0.4 * level,
                "P(p <= {level}) = {share}: too conservative"
            );
        }
    }

    #[test]
    fn paired_t_by_hand() {
        // Differences 1, 2, 3: mean 2, sd 1, se 1/sqrt(3); t = 3.4641 on 2 df.
        let d = paired_t(3, 2.0, 1.0, 0.95);
        assert!((d.value - 2.0).abs() < 1e-12);
        let half = 4.302_652_729_911_275 / 3f64.sqrt();
        assert!((d.high - d.value - half).abs() < 1e-9);
        assert!((d.p_value.unwrap() - 0.074_179_900_227_640_31).abs() < 1e-6);
    }

    #[test]
    fn a_p_value_too_small_for_a_double_is_the_smallest_not_zero() {
        let d = paired_mean(1_000_000, 1e6, 1e6 + 1.0, 0.95, [-10.0, 10.0]);
        assert_eq!(d.p_value, Some(f64::MIN_POSITIVE), "{d:?}");
        let d = paired_proportion(1_000_000, 0, 50_000, 0.95);
        assert!(d.p_value.unwrap() > 0.0, "{d:?}");
    }

    #[test]
    fn the_paired_t_interval_finishes_at_many_millions_of_trials() {
        // On 10^8 - 1 degrees of freedom the t quantile is the normal's, 1.959964.
        let n = 100_000_000u64;
        let (sum, squares) = (n as f64 * 0.5, n as f64 * 1.25);
        let d = paired_mean(n, sum, squares, 0.95, [-1e3, 1e3]);
        let se = ((squares - n as f64 * 0.25) / (n as f64 - 1.0) / n as f64).sqrt();
        assert!(((d.high - d.value) / se - 1.959_964).abs() < 1e-5, "{d:?}");
    }
}
