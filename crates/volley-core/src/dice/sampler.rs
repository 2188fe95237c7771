//! Monte Carlo dice: one counter-based random stream per trial, drawn without bias.
//!
//! Every trial has its own stream, derived from `(seed, trial)` at the cost of a
//! multiply and an add: the streams are disjoint blocks of 2^32 draws of one
//! counter-based sequence (the Weyl sequence `key + k * gamma` through a 128-bit
//! multiply-fold mixer, the wyrand construction), the run's key drawn from the seed
//! by `rand_xoshiro`'s SplitMix64. (Re-seeding xoshiro256++ for every trial costs
//! four mixes; this costs nothing, and draws faster.) So
//! trial `t` sees the same dice whichever thread, chunk or shard runs it, and two
//! rule variants see the same dice on the same trial for as long as they ask the
//! same questions, then re-align at the next trial (common random numbers).
//!
//! A draw of a uniform integer in `[0, n)` takes one 64-bit word and uses Lemire's
//! multiply-and-reject method, so every face is exactly equally likely. A whole
//! `2D6` (36 outcomes) or `3D6` (216), or a d20 together with a 2D6 (720), is one
//! draw, decoded digit by digit, so a fire event costs a single generator word.

use super::{Dice, Roll, Weighted};
use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// The Weyl increment (odd: the sequence visits every 64-bit state).
const GAMMA: u64 = 0xa076_1d64_78bd_642f;

/// The mixer's constant.
const MIX: u64 = 0xe703_7ed1_a0b4_28db;

/// The step between two trials' starting points: a second odd constant (the
/// golden ratio in 64 bits), so that neighbouring trials start at states that
/// differ in every bit position, not only in the high half.
const TRIAL_STRIDE: u64 = 0x9e37_79b9_7f4a_7c15;

/// A seeded, reproducible dice source: one stream per trial.
#[derive(Clone, Debug)]
pub struct Sampler {
    /// The position in the Weyl sequence.
    state: u64,
    /// The run's offset in the Weyl sequence, mixed from the seed.
    key: u64,
}

impl Sampler {
    /// The dice of a run seeded with `seed`, at the start of trial 0.
    pub fn new(seed: u64) -> Self {
        // The run's key: the first SplitMix64 word of the seed (full avalanche,
        // so nearby seeds land far apart in the sequence).
        let key = SplitMix64::seed_from_u64(seed).next_u64();
        Sampler { state: key, key }
    }

    /// Move to the start of trial `trial`'s stream.
    #[inline(always)]
    pub fn start_trial(&mut self, trial: u64) {
        self.state = self.key.wrapping_add(trial.wrapping_mul(TRIAL_STRIDE));
    }

    /// The next word of the stream: one step of the Weyl sequence through a
    /// 128-bit multiply-fold mixer.
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        let product = u128::from(self.state) * u128::from(self.state ^ MIX);
        ((product >> 64) as u64) ^ (product as u64)
    }

    /// The next raw 64-bit word (for benchmarks of the bare generator).
    #[inline]
    pub fn next_word(&mut self) -> u64 {
        self.next_u64()
    }

    /// Uniform integer in `[0, n)`, exactly unbiased (Lemire 2019), from one 64-bit
    /// word: no state but the generator's, so no data-dependent branch in the hot
    /// path (the rejection branch is taken with probability below n / 2^64).
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = u64::from(n);
        let mut product = u128::from(self.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u32
    }

    /// An outcome in `[0, n)`, drawn exactly as [`Sampler::below`] draws
    /// one (`die` false), or as a roll of one `n`-sided die draws its face,
    /// less one (`die` true, `n` at most 2^24): the same words, the same
    /// outcome. Written without a branch on `die`, for a hot loop that draws
    /// both kinds in an order it cannot predict (the step memo's replays).
    #[inline(always)]
    pub fn outcome(&mut self, n: u32, die: bool) -> u32 {
        // A die's draw is the word's high half times the sides; in 64 bits,
        // that is the word with its low half cleared.
        let shift = u32::from(die) * 32;
        let product = u128::from(self.next_u64() & (u64::MAX << shift)) * u128::from(n);
        if (product as u64) < (u64::from(n) << shift) {
            return self.outcome_checked(n, die, product);
        }
        (product >> 64) as u32
    }

    /// [`Sampler::outcome`] when the quick test cannot accept the draw:
    /// the full test, and fresh draws as the sampler makes them when it fails.
    #[cold]
    fn outcome_checked(&mut self, n: u32, die: bool, product: u128) -> u32 {
        let face = (product >> 64) as u32;
        if die {
            let low = (product as u64 >> 32) as u32;
            match accept(low, u64::from(n)) {
                true => face,
                false => self.roll(Roll::Die(n)) - 1,
            }
        } else {
            let n64 = u64::from(n);
            match product as u64 >= n64.wrapping_neg() % n64 {
                true => face,
                false => self.below(n),
            }
        }
    }

    /// The total of one `roll`: the draw [`Dice::classify`] makes.
    #[inline(always)]
    pub(crate) fn roll(&mut self, roll: Roll) -> u32 {
        match packed_outcomes(roll) {
            Some(outcomes) => loop {
                let mut fraction = (self.next_u64() >> 32) as u32;
                let total = digits(roll, &mut fraction);
                if accept(fraction, outcomes) {
                    break total;
                }
            },
            None => match roll {
                Roll::Die(sides) => self.below(sides) + 1,
                Roll::Sum(n, sides) => (0..n).map(|_| self.below(sides) + 1).sum(),
                Roll::Highest(n, sides) => (0..n).map(|_| self.below(sides) + 1).max().unwrap_or(0),
            },
        }
    }
}

impl Sampler {
    /// The totals of `first` and `second` rolled together: the draw
    /// [`Dice::classify_pair`] makes.
    #[inline(always)]
    pub(crate) fn pair(&mut self, first: Roll, second: Roll) -> (u32, u32) {
        match (packed_outcomes(first), packed_outcomes(second)) {
            (Some(a), Some(b)) if a * b <= PACKED_LIMIT => loop {
                // Both rolls from one word: their digits are independent.
                let mut fraction = (self.next_u64() >> 32) as u32;
                let x = digits(first, &mut fraction);
                let y = digits(second, &mut fraction);
                if accept(fraction, a * b) {
                    break (x, y);
                }
            },
            _ => {
                let x = self.roll(first);
                (x, self.roll(second))
            }
        }
    }
}

/// Largest number of equally likely outcomes drawn from one 64-bit word.
const PACKED_LIMIT: u64 = 1 << 24;

/// The number of elementary outcomes of `roll` when it fits one draw.
#[inline(always)]
fn packed_outcomes(roll: Roll) -> Option<u64> {
    let (n, sides) = match roll {
        Roll::Die(sides) => (1, sides),
        Roll::Sum(n, sides) | Roll::Highest(n, sides) => (n, sides),
    };
    // A plain loop (not `checked_pow`) so that constant rolls fold to constants.
    let mut outcomes = 1u64;
    for _ in 0..n {
        outcomes = outcomes
            .saturating_mul(u64::from(sides))
            .min(PACKED_LIMIT + 1);
    }
    (outcomes <= PACKED_LIMIT).then_some(outcomes)
}

/// One die from a 32-bit fraction: multiply by the sides, keep the integer part as
/// the face (0-based) and the fractional part for the next die. (32 bits, because a
/// 32x32 multiply is a single cheap instruction; a group of dice draws at most
/// 2^24 outcomes, so a rejection happens less than once in 256 draws.)
#[inline(always)]
fn digit(fraction: &mut u32, sides: u32) -> u32 {
    let product = u64::from(*fraction) * u64::from(sides);
    *fraction = product as u32;
    (product >> 32) as u32
}

/// The total of `roll`, its dice extracted one by one from `fraction`.
///
/// Extracting digits this way gives exactly the mixed-radix digits of Lemire's
/// `floor(word * N / 2^32)` for `N` = the product of the sides, and leaves in
/// `fraction` the low half of `word * N`, which [`accept`] tests: so a whole roll
/// (or two) costs one word and a few multiplications, and stays exactly unbiased.
#[inline(always)]
fn digits(roll: Roll, fraction: &mut u32) -> u32 {
    match roll {
        Roll::Die(sides) => digit(fraction, sides) + 1,
        Roll::Sum(n, sides) => (0..n).map(|_| digit(fraction, sides) + 1).sum(),
        Roll::Highest(n, sides) => (0..n)
            .map(|_| digit(fraction, sides) + 1)
            .max()
            .unwrap_or(0),
    }
}

/// Lemire's rejection test on the low half of `word * outcomes`.
#[inline(always)]
fn accept(low: u32, outcomes: u64) -> bool {
    let outcomes = outcomes as u32;
    low >= outcomes || low >= outcomes.wrapping_neg() % outcomes
}

impl Dice for Sampler {
    #[inline(always)]
    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T {
        classify(self.roll(roll))
    }

    #[inline(always)]
    fn classify_pair<T: Copy + PartialEq>(
        &mut self,
        [first, second]: [Roll; 2],
        classify: impl Fn(u32, u32) -> T,
    ) -> T {
        let (x, y) = self.pair(first, second);
        classify(x, y)
    }

    #[inline(always)]
    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.below(denominator) < numerator
    }

    #[inline(always)]
    fn pick(&mut self, odds: &Weighted) -> usize {
        odds.class_of(self.below(odds.total()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_is_drawn_as_below_and_as_a_die_draw_it() {
        // Sizes whose quick test fails often (near 2^32 and 2^24), and
        // everyday ones.
        for n in [2, 6, 20, 36, 720, (1 << 24) - 3, u32::MAX - 2] {
            let (mut a, mut b) = (Sampler::new(n.into()), Sampler::new(n.into()));
            for _ in 0..20_000 {
                assert_eq!(a.outcome(n, false), b.below(n));
                assert_eq!(a.next_word(), b.next_word());
            }
            if n <= 1 << 24 {
                for _ in 0..20_000 {
                    assert_eq!(a.outcome(n, true), b.roll(Roll::Die(n)) - 1);
                    assert_eq!(a.next_word(), b.next_word());
                }
            }
        }
    }

    #[test]
    fn an_outcome_the_quick_test_cannot_accept_is_checked_as_the_sampler_checks_it() {
        // Below 6: 2^64 mod 6 = 4 low values are refused, 4 and 5 are not.
        let (mut a, mut b) = (Sampler::new(8), Sampler::new(8));
        assert_eq!(a.outcome_checked(6, false, (3 << 64) | 5), 3);
        assert_eq!(a.outcome_checked(6, false, (3 << 64) | 2), b.below(6));
        // A d20: 2^32 mod 20 = 16 low values of the 32-bit draw are refused.
        assert_eq!(a.outcome_checked(20, true, (7 << 64) | (17 << 32)), 7);
        assert_eq!(
            a.outcome_checked(20, true, (7 << 64) | (3 << 32)),
            b.roll(Roll::Die(20)) - 1
        );
        assert_eq!(a.next_word(), b.next_word());
    }

    #[test]
    fn value_stability_first_rolls_of_seed_42() {
        // Pins the stream: a change here silently changes every published figure.
        let mut s = Sampler::new(42);
        let rolls: Vec<u32> = (0..8).map(|_| s.d(20)).collect();
        let again: Vec<u32> = {
            let mut s = Sampler::new(42);
            (0..8).map(|_| s.d(20)).collect()
        };
        assert_eq!(rolls, again);
        assert_eq!(rolls, STABLE_D20_SEED_42);
    }

    const STABLE_D20_SEED_42: [u32; 8] = [7, 17, 13, 2, 13, 3, 17, 9];

    #[test]
    fn streams_differ_by_trial_and_by_seed_and_restart_exactly() {
        let words = |seed: u64, trial: u64| -> Vec<u64> {
            let mut s = Sampler::new(seed);
            s.start_trial(trial);
            (0..4).map(|_| s.next_word()).collect()
        };
        assert_ne!(words(1, 0), words(1, 1));
        assert_ne!(words(1, 0), words(2, 0));
        // A trial's stream is the same however the sampler got there.
        let mut s = Sampler::new(1);
        s.start_trial(7);
        let _ = s.next_word();
        s.start_trial(3);
        let again: Vec<u64> = (0..4).map(|_| s.next_word()).collect();
        assert_eq!(again, words(1, 3));
    }

    #[test]
    fn neighbouring_trials_are_independent() {
        // The first d6 of trial t against the first d6 of trial t + 1, over 72,000
        // pairs: a chi-square on the 36 cells (35 degrees of freedom; the 99.9th
        // percentile is about 66.6).
        let mut s = Sampler::new(5);
        let first = |s: &mut Sampler, t: u64| {
            s.start_trial(t);
            s.d(6)
        };
        let mut counts = [0u64; 36];
        for t in 0..72_000u64 {
            let a = first(&mut s, 2 * t);
            let b = first(&mut s, 2 * t + 1);
            counts[((a - 1) * 6 + (b - 1)) as usize] += 1;
        }
        let expected = 72_000.0 / 36.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 66.6, "chi-square {chi2}");
    }

    #[test]
    fn below_is_uniform_chi_square() {
        let mut s = Sampler::new(3);
        let n = 36u32;
        let draws = 360_000;
        let mut counts = vec![0u64; n as usize];
        for _ in 0..draws {
            counts[s.below(n) as usize] += 1;
        }
        let expected = f64::from(draws) / f64::from(n);
        let chi2: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        // 35 degrees of freedom: the 99.9th percentile is about 66.6.
        assert!(chi2 < 66.6, "chi-square {chi2}");
    }
}
