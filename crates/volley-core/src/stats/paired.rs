//! Paired differences: variant minus baseline on the same trials, with the
//! interval and test that pairing allows.
//!
//! - A proportion: only the discordant trials carry information (the baseline
//!   took the value and the variant did not, `b`; the other way round, `c`). The
//!   difference is `(c - b) / n`; its interval is the Agresti-Min adjusted Wald
//!   interval (half a trial added to each cell of the 2x2 table); the test is
//!   McNemar's, exact: a two-sided binomial test of `b` against `b + c` at 1/2.
//!   When the discordant trials are few ([`FEW_DISCORDANT`]) and one kind
//!   numbers fewer than [`FEW`] (where the Wald interval under-covers, as it
//!   does for a single rare proportion), the interval also takes in the
//!   conservative one: the difference is the discordant share `(b + c) / n`
//!   times `2q - 1`, `q = c / (b + c)`, and each of those gets its
//!   Clopper-Pearson interval at half the error rate (so the interval leaves
//!   out zero about when McNemar's test rejects).
//! - A mean: the per-trial differences, their mean with a Student t interval, and
//!   the paired t test. A sample can show no spread where the variable has
//!   some (a rare trial that differs, never drawn): the interval also takes in
//!   every mean left possible by a share of unseen trials up to the
//!   Clopper-Pearson bound of an event never seen, each at the far end of the
//!   difference's possible range, and it never leaves that range.
//!
//! No discordant trial gives a difference of 0 and p = 1, with the interval the
//! trials allow (a variant known to be the same question gets a zero-width one
//! from its caller). Exact answers give an exact difference, with no test.

use super::interval::{FEW, clopper_pearson, z_score};
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, StudentsT};

/// Below this many discordant trials, with fewer than [`FEW`] of one kind, a
/// paired proportion's interval also takes in the conservative one (the
/// adjusted Wald interval is skewed there; above it, it is not, and the
/// conservative one would only widen it).
pub const FEW_DISCORDANT: f64 = 100.0;

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

/// The paired difference of a proportion over `n` trials, `b` of them where only
/// the baseline took the value and `c` where only the variant did. With no
/// discordant trial the difference is 0, but the interval still reaches as far as
/// the trials allow (a variant known to be identical is the caller's to mark).
pub fn paired_proportion(n: u64, b: u64, c: u64, confidence: f64) -> Difference {
    if n == 0 {
        return Difference::none();
    }
    let (nf, bf, cf) = (n as f64, b as f64, c as f64);
    let value = (cf - bf) / nf;
    // Agresti-Min: half a trial in each cell of the 2x2 table.
    let (b2, c2, n2) = (bf + 0.5, cf + 0.5, nf + 2.0);
    let centre = (c2 - b2) / n2;
    let spread = ((b2 + c2) - (c2 - b2).powi(2) / n2).max(0.0).sqrt() / n2;
    let z = z_score(confidence);
    let (mut low, mut high) = (centre - z * spread, centre + z * spread);
    if bf.min(cf) < FEW && bf + cf < FEW_DISCORDANT {
        // The difference is the discordant share s times 2q - 1, q the share
        // of them the variant took. Each at half the error rate (both hold
        // together at least as often as the confidence asks), the difference
        // lies between the products of their ends.
        let half = z_score(1.0 - (1.0 - confidence) / 2.0);
        let share = clopper_pearson(bf + cf, nf, half);
        let (lean_low, lean_high) = if bf + cf > 0.0 {
            let q = clopper_pearson(cf, bf + cf, half);
            (2.0 * q.low - 1.0, 2.0 * q.high - 1.0)
        } else {
            (-1.0, 1.0)
        };
        low = low.min((share.low * lean_low).min(share.high * lean_low));
        high = high.max((share.low * lean_high).max(share.high * lean_high));
    }
    Difference {
        value,
        low: low.max(-1.0),
        high: high.min(1.0),
        p_value: Some(mcnemar(b, c)),
    }
}

/// McNemar's exact test: two-sided binomial test of `b` out of `b + c` at 1/2.
pub fn mcnemar(b: u64, c: u64) -> f64 {
    let n = b + c;
    if n == 0 {
        return 1.0;
    }
    let Ok(binomial) = Binomial::new(0.5, n) else {
        return 1.0;
    };
    (2.0 * binomial.cdf(b.min(c))).min(1.0)
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
    // What unseen trials could do: a share of them up to the bound of an
    // event never seen, each at the far end of the range.
    let unseen = clopper_pearson(0.0, nf, z_score(confidence)).high;
    let [lowest, highest] = range;
    // (An unbounded end gives nothing to reach for.)
    let reach = |gap: f64| {
        if gap.is_finite() {
            unseen * gap.max(0.0)
        } else {
            0.0
        }
    };
    let (unseen_low, unseen_high) = (mean - reach(mean - lowest), mean + reach(highest - mean));
    let within = |low: f64, high: f64| (low.max(lowest).min(mean), high.min(highest).max(mean));
    // Rounding leaves a hair of variance when every difference is the same.
    if variance <= 1e-18 * (1.0 + mean * mean) {
        let (low, high) = within(unseen_low, unseen_high);
        return Difference {
            value: mean,
            low,
            high,
            p_value: Some(if mean == 0.0 { 1.0 } else { 0.0 }),
        };
    }
    let t = paired_t(n, mean, variance, confidence);
    let (low, high) = within(t.low.min(unseen_low), t.high.max(unseen_high));
    Difference { low, high, ..t }
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
    let quantile = super::interval::bisect(|x| t.cdf(x), level, 0.0, reach);
    let statistic = mean / se;
    Difference {
        value: mean,
        low: mean - quantile * se,
        high: mean + quantile * se,
        p_value: Some((2.0 * (1.0 - t.cdf(statistic.abs()))).clamp(0.0, 1.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Sampler};

    #[test]
    fn no_discordant_trial_is_no_difference_with_an_honest_interval() {
        let d = paired_proportion(1000, 0, 0, 0.95);
        assert_eq!((d.value, d.p_value), (0.0, Some(1.0)));
        // Neither kind seen: each share up to the 97.5% bound of an event never
        // seen in 1,000 trials, 1 - 0.0125^(1/1000).
        let bound = 1.0 - 0.0125f64.powf(1.0 / 1000.0);
        assert!(
            (d.high - bound).abs() < 1e-9 && (d.low + bound).abs() < 1e-9,
            "{d:?}"
        );
        // Every one of 1,000 differences 0, each within -8..8: an unseen
        // share of at most 3.7/1000 could still move the mean by 0.03.
        let d = paired_mean(1000, 0.0, 0.0, 0.95, [-8.0, 8.0]);
        assert_eq!((d.value, d.p_value), (0.0, Some(1.0)));
        let unseen = 1.0 - 0.025f64.powf(1.0 / 1000.0);
        assert!((d.high - 8.0 * unseen).abs() < 1e-12 && (d.low + 8.0 * unseen).abs() < 1e-12);
    }

    #[test]
    fn a_mean_difference_with_no_spread_keeps_an_interval_within_its_range() {
        // 500 trials, every difference +1, the difference at most +1 and at
        // least -2: the interval reaches down for an unseen share, not up.
        let d = paired_mean(500, 500.0, 500.0, 0.95, [-2.0, 1.0]);
        assert_eq!((d.value, d.high), (1.0, 1.0));
        let unseen = 1.0 - 0.025f64.powf(1.0 / 500.0);
        assert!((d.low - (1.0 - 3.0 * unseen)).abs() < 1e-12, "{d:?}");
        // With spread, the end of the range still caps the interval.
        let d = paired_mean(500, 499.0, 499.0, 0.95, [-2.0, 1.0]);
        assert!(d.high <= 1.0 && d.low < 0.998, "{d:?}");
    }

    #[test]
    fn few_discordant_trials_take_the_conservative_interval_too() {
        // 3 discordant trials of 2,000, all one way: the Agresti-Min interval
        // alone reaches to about 0.0029; Clopper-Pearson at 97.5% reaches
        // 8.77/2000 and more.
        let d = paired_proportion(2000, 0, 3, 0.95);
        let cp = clopper_pearson(3.0, 2000.0, z_score(0.975)).high - 0.0;
        assert!((d.high - cp).abs() < 1e-12, "{d:?}");
        assert!(d.low < 0.0);
        // Many discordant trials each way: the adjusted Wald interval alone.
        let d = paired_proportion(2000, 40, 60, 0.95);
        let z = z_score(0.95);
        let (b2, c2, n2): (f64, f64, f64) = (40.5, 60.5, 2002.0);
        let spread = ((b2 + c2) - (c2 - b2) * (c2 - b2) / n2).sqrt() / n2;
        assert!((d.high - ((c2 - b2) / n2 + z * spread)).abs() < 1e-12);
    }

    #[test]
    fn mcnemar_by_hand() {
        // b = 1, c = 9: P(X <= 1) for X ~ Bin(10, 1/2) is 11/1024; two-sided 22/1024.
        assert!((mcnemar(1, 9) - 22.0 / 1024.0).abs() < 1e-12);
        assert_eq!(mcnemar(5, 5), 1.0);
    }

    #[test]
    fn mcnemar_is_calibrated_under_no_difference() {
        // 2,000 replications of 60 discordant trials, each equally likely to be
        // either kind (no difference). A valid test has P(p <= a) <= a at every
        // level a (the exact test is conservative, its p-values discrete); a useful
        // one is not far below it.
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
            assert!(share <= level + 0.01, "P(p <= {level}) = {share}");
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
    fn the_paired_t_interval_finishes_at_many_millions_of_trials() {
        // On 10^8 - 1 degrees of freedom the t quantile is the normal's, 1.959964.
        let n = 100_000_000u64;
        let (sum, squares) = (n as f64 * 0.5, n as f64 * 1.25);
        let d = paired_mean(n, sum, squares, 0.95, [-1e3, 1e3]);
        let se = ((squares - n as f64 * 0.25) / (n as f64 - 1.0) / n as f64).sqrt();
        assert!(((d.high - d.value) / se - 1.959_964).abs() < 1e-5, "{d:?}");
    }
}
