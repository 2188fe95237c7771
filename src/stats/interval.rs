//! Interval formulas.

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, Normal};

/// A point estimate with its interval (equal bounds when exact).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
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
}

/// The two-sided standard normal quantile for `confidence` (1.96 for 0.95).
pub fn z_score(confidence: f64) -> f64 {
    let normal = Normal::standard();
    normal.inverse_cdf(0.5 + confidence / 2.0)
}

/// Wilson score interval for `successes` out of `n` trials.
pub fn wilson(successes: f64, n: f64, z: f64) -> Estimate {
    if n <= 0.0 {
        return Estimate {
            value: f64::NAN,
            low: 0.0,
            high: 1.0,
        };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_for_95_percent_is_1_96() {
        assert!((z_score(0.95) - 1.959_963_985).abs() < 1e-6);
    }

    #[test]
    fn wilson_matches_a_hand_computed_case() {
        // 50 of 100 at z = 1.96: centre 0.5, half-width 0.0961...
        let e = wilson(50.0, 100.0, 1.96);
        assert!((e.low - 0.403_831).abs() < 1e-5, "{e:?}");
        assert!((e.high - 0.596_169).abs() < 1e-5, "{e:?}");
    }

    #[test]
    fn wilson_stays_inside_zero_one_at_the_edges() {
        let e = wilson(0.0, 1000.0, 1.96);
        assert_eq!(e.low, 0.0);
        assert!(e.high > 0.0 && e.high < 0.01);
    }

    #[test]
    fn mean_interval_of_a_constant_has_zero_width() {
        let e = mean_interval(30.0, 90.0, 10.0, 1.96);
        assert_eq!(e.value, 3.0);
        assert!(e.half_width().abs() < 1e-12);
    }
}
