//! Interval formulas.
//!
//! Proportions: Wilson's score interval while there are enough successes and
//! failures for it to hold its coverage, Clopper-Pearson (exact binomial) when
//! either side has fewer than [`FEW`] (Wilson under-covers there). Means of
//! bounded variables: the normal interval, or, when the mean sits so close to a
//! bound that the normal approximation breaks down, the Clopper-Pearson interval of
//! the mean rescaled to [0, 1] (a bounded variable's variance is at most that of
//! the 0/1 variable with the same mean, so this is the conservative choice).

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};
use statrs::function::beta::beta_reg;

/// Fewer successes (or failures) than this: use Clopper-Pearson.
pub const FEW: f64 = 5.0;

/// A point estimate with its interval (equal bounds when exact).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    #[serde(deserialize_with = "null_as_nan")]
    pub value: f64,
    #[serde(deserialize_with = "null_as_nan")]
    pub low: f64,
    #[serde(deserialize_with = "null_as_nan")]
    pub high: f64,
}

/// JSON has no NaN (serde writes it as `null`): read `null` back as NaN, so
/// that an estimate of a condition that never happens survives a round trip.
pub(crate) fn null_as_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

impl Estimate {
    /// A share of no trials: unknown (NaN, printed as n/a), anywhere in [0, 1].
    pub const NO_TRIALS: Estimate = Estimate {
        value: f64::NAN,
        low: 0.0,
        high: 1.0,
    };

    /// An exact value: the interval is the point.
    pub fn exact(value: f64) -> Self {
        Estimate {
            value,
            low: value,
            high: value,
        }
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// How far the interval reaches from the estimate on its longer side (equal
    /// to the half-width for a symmetric interval; what `--precision` bounds).
    pub fn reach(&self) -> f64 {
        (self.value - self.low).max(self.high - self.value)
    }
}

/// The two-sided standard normal quantile for `confidence` (1.96 for 0.95).
pub fn z_score(confidence: f64) -> f64 {
    let normal = Normal::standard();
    normal.inverse_cdf(0.5 + confidence / 2.0)
}

/// The confidence level that `z` stands for (inverse of [`z_score`]).
fn confidence_of(z: f64) -> f64 {
    2.0 * Normal::standard().cdf(z) - 1.0
}

/// Wilson score interval for `successes` out of `n` trials.
pub fn wilson(successes: f64, n: f64, z: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate::NO_TRIALS;
    }
    let p = successes / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let spread = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Estimate {
        value: p,
        low: (centre - spread).max(0.0),
        high: (centre + spread).min(1.0),
    }
}

/// Clopper-Pearson (exact binomial) interval for `successes` out of `n`; the
/// successes may be fractional (a rescaled mean).
pub fn clopper_pearson(successes: f64, n: f64, z: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate::NO_TRIALS;
    }
    let k = successes.clamp(0.0, n);
    let alpha = 1.0 - confidence_of(z);
    let quantile = |a: f64, b: f64, q: f64| bisect(|x| beta_reg(a, b, x), q, 0.0, 1.0);
    // Nothing (or everything) seen: the closed forms, 1 - (alpha/2)^(1/n).
    let edge = -((alpha / 2.0).ln() / n).exp_m1();
    let low = if k <= 0.0 {
        0.0
    } else if k >= n {
        1.0 - edge
    } else {
        quantile(k, n - k + 1.0, alpha / 2.0)
    };
    let high = if k >= n {
        1.0
    } else if k <= 0.0 {
        edge
    } else {
        quantile(k + 1.0, n - k, 1.0 - alpha / 2.0)
    };
    Estimate {
        value: k / n,
        low: low.clamp(0.0, 1.0),
        high: high.clamp(0.0, 1.0),
    }
}

/// Where the increasing function `cdf` reaches `q` within `[low, high]`, by
/// bisection down to adjacent floating-point numbers. Quantiles are found this
/// way rather than by statrs' `inverse_cdf`, whose Beta (and Student's t) inverse
/// can loop forever for large trial counts (7,255,438 trials and more).
pub fn bisect(cdf: impl Fn(f64) -> f64, q: f64, mut low: f64, mut high: f64) -> f64 {
    for _ in 0..2100 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if cdf(mid) < q {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// The interval for a proportion: Wilson, or Clopper-Pearson near the edges.
pub fn proportion(successes: f64, n: f64, z: f64) -> Estimate {
    if successes < FEW || n - successes < FEW {
        clopper_pearson(successes, n, z)
    } else {
        wilson(successes, n, z)
    }
}

/// Normal-approximation interval for a mean from its sum and sum of squares.
pub fn mean_interval(sum: f64, sum_squares: f64, n: f64, z: f64) -> Estimate {
    let mean = sum / n;
    if n < 2.0 {
        return Estimate {
            value: mean,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let variance = ((sum_squares - n * mean * mean) / (n - 1.0)).max(0.0);
    let half = z * (variance / n).sqrt();
    Estimate {
        value: mean,
        low: mean - half,
        high: mean + half,
    }
}

/// The interval for the mean of a variable known to lie in `[low, high]`: the
/// normal interval clipped to the bounds, or the rescaled Clopper-Pearson interval
/// when fewer than [`FEW`] trials' worth of mass separates the mean from a bound
/// (there the sample variance says nothing: a rare event never seen gives a sample
/// variance of 0, and a normal interval of zero width).
pub fn bounded_mean_interval(
    sum: f64,
    sum_squares: f64,
    n: f64,
    z: f64,
    bounds: [f64; 2],
) -> Estimate {
    let [low, high] = bounds;
    let span = high - low;
    let mean = sum / n;
    if n <= 0.0 || span <= 0.0 {
        return mean_interval(sum, sum_squares, n, z);
    }
    let scaled = ((mean - low) / span).clamp(0.0, 1.0);
    let successes = scaled * n;
    if successes < FEW || n - successes < FEW {
        let e = clopper_pearson(successes, n, z);
        return Estimate {
            value: mean,
            low: low + span * e.low,
            high: low + span * e.high,
        };
    }
    let e = mean_interval(sum, sum_squares, n, z);
    Estimate {
        value: mean,
        low: e.low.max(low),
        high: e.high.min(high),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_for_95_percent_is_1_96() {
        assert!((z_score(0.95) - 1.959_963_985).abs() < 1e-6);
        assert!((confidence_of(z_score(0.9)) - 0.9).abs() < 1e-8);
    }

    #[test]
    fn wilson_matches_a_hand_computed_case() {
        // 50 of 100 at z = 1.96: centre 0.5, half-width 0.0961...
        let e = wilson(50.0, 100.0, 1.96);
        assert!((e.low - 0.403_831).abs() < 1e-5, "{e:?}");
        assert!((e.high - 0.596_169).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn clopper_pearson_of_none_seen_is_the_rule_of_three() {
        // 0 of n: the upper bound is 1 - (alpha/2)^(1/n), about 3.69/n at 95%.
        let e = clopper_pearson(0.0, 1000.0, z_score(0.95));
        assert_eq!(e.low, 0.0);
        let expected = 1.0 - 0.025f64.powf(1.0 / 1000.0);
        assert!((e.high - expected).abs() < 1e-9, "{e:?} vs {expected}");
    }

    #[test]
    fn clopper_pearson_matches_a_published_case() {
        // 2 of 20 at 95%: [0.01235, 0.31698] (the classic table value).
        let e = clopper_pearson(2.0, 20.0, z_score(0.95));
        assert!((e.low - 0.012_35).abs() < 1e-4, "{e:?}");
        assert!((e.high - 0.316_98).abs() < 1e-4, "{e:?}");
    }

    #[test]
    fn clopper_pearson_finishes_at_many_millions_of_trials() {
        // statrs' Beta inverse looped forever from 7,255,438 trials on; the
        // bisection must finish and meet the closed forms at the edges.
        let z = z_score(0.95);
        for n in [7_255_438.0, 1e8, 1e9] {
            let none = clopper_pearson(0.0, n, z);
            let closed = -(0.025f64.ln() / n).exp_m1();
            assert!((none.high - closed).abs() <= 1e-9 * closed, "{n}: {none:?}");
            let all = clopper_pearson(n, n, z);
            assert!((all.low - (1.0 - closed)).abs() < 1e-12, "{n}: {all:?}");
            let few = clopper_pearson(3.0, n, z);
            // 3 seen: about [0.619, 8.77] / n (the Poisson limit).
            assert!((few.low * n - 0.6187).abs() < 1e-3 && (few.high * n - 8.767).abs() < 1e-3);
        }
    }

    #[test]
    fn proportion_switches_to_clopper_pearson_near_the_edges() {
        let z = z_score(0.95);
        assert_eq!(proportion(3.0, 1000.0, z), clopper_pearson(3.0, 1000.0, z));
        assert_eq!(
            proportion(998.0, 1000.0, z),
            clopper_pearson(998.0, 1000.0, z)
        );
        assert_eq!(proportion(500.0, 1000.0, z), wilson(500.0, 1000.0, z));
    }

    #[test]
    fn a_bounded_mean_of_equal_samples_is_not_a_point() {
        // 2,000 trials, every one 0 steps lost out of at most 8: the interval must
        // still admit a rare loss.
        let e = bounded_mean_interval(0.0, 0.0, 2000.0, z_score(0.95), [0.0, 8.0]);
        assert_eq!(e.value, 0.0);
        assert_eq!(e.low, 0.0);
        assert!(e.high > 0.01 && e.high < 0.02, "{e:?}");
    }

    #[test]
    fn a_bounded_mean_far_from_its_bounds_is_the_normal_interval() {
        let e = bounded_mean_interval(500.0, 1000.0, 1000.0, 1.96, [0.0, 8.0]);
        let n = mean_interval(500.0, 1000.0, 1000.0, 1.96);
        assert_eq!(e, n);
    }
}
