//! Monte Carlo dice: a seeded xoshiro256++ stream, drawn without bias.
//!
//! A draw of a uniform integer in `[0, n)` takes one 64-bit word and uses Lemire's
//! multiply-and-reject method, so every face is exactly equally likely. A whole
//! `2D6` (36 outcomes), or a d20 together with a 2D6 (720), is one draw, decoded
//! digit by digit, so a Micro Squad fire event costs a single generator word. A whole `2D6` (36 outcomes) or `3D6` (216) is one draw,
//! decoded digit by digit, so a fire event costs a single generator word.

use super::{Dice, Roll};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A seeded, reproducible dice source.
#[derive(Clone, Debug)]
pub struct Sampler {
    rng: Xoshiro256PlusPlus,
}

/// SplitMix64 finaliser: a bijective mixer with full avalanche.
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sampler {
    /// The stream for chunk `stream` of a run seeded with `seed`.
    ///
    /// The 256-bit state is filled from SplitMix64 outputs keyed by both numbers, so
    /// a chunk's stream depends only on `(seed, stream)` and never on which thread
    /// runs it. (Jumping `stream` times would cost O(stream) per chunk.)
    pub fn from_seed_and_stream(seed: u64, stream: u64) -> Self {
        let key = mix64(seed ^ 0x5851_f42d_4c95_7f2d).wrapping_add(mix64(stream.wrapping_add(1)));
        let mut bytes = [0u8; 32];
        for (i, word) in bytes.chunks_exact_mut(8).enumerate() {
            let value = mix64(key.wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)));
            word.copy_from_slice(&value.to_le_bytes());
        }
        Sampler {
            rng: Xoshiro256PlusPlus::from_seed(bytes),
        }
    }

    /// The next raw 64-bit word (for benchmarks of the bare generator).
    #[inline]
    pub fn next_word(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// Uniform integer in `[0, n)`, exactly unbiased (Lemire 2019), from one 64-bit
    /// word: no state but the generator's, so no data-dependent branch in the hot
    /// path (the rejection branch is taken with probability below n / 2^64).
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n = u64::from(n);
        let mut product = u128::from(self.rng.next_u64()) * u128::from(n);
        if (product as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u64) < threshold {
                product = u128::from(self.rng.next_u64()) * u128::from(n);
            }
        }
        (product >> 64) as u32
    }

    #[inline(always)]
    fn roll(&mut self, roll: Roll) -> u32 {
        match packed_outcomes(roll) {
            Some(outcomes) => loop {
                let mut fraction = (self.rng.next_u64() >> 32) as u32;
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
        first: Roll,
        second: Roll,
        classify: impl Fn(u32, u32) -> T,
    ) -> T {
        match (packed_outcomes(first), packed_outcomes(second)) {
            (Some(a), Some(b)) if a * b <= PACKED_LIMIT => loop {
                // Both rolls from one word: their digits are independent.
                let mut fraction = (self.rng.next_u64() >> 32) as u32;
                let x = digits(first, &mut fraction);
                let y = digits(second, &mut fraction);
                if accept(fraction, a * b) {
                    break classify(x, y);
                }
            },
            _ => {
                let x = self.roll(first);
                classify(x, self.roll(second))
            }
        }
    }

    #[inline(always)]
    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.below(denominator) < numerator
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_stability_first_rolls_of_seed_42() {
        // Pins the stream: a change here silently changes every published figure.
        let mut s = Sampler::from_seed_and_stream(42, 0);
        let rolls: Vec<u32> = (0..8).map(|_| s.d(20)).collect();
        let again: Vec<u32> = {
            let mut s = Sampler::from_seed_and_stream(42, 0);
            (0..8).map(|_| s.d(20)).collect()
        };
        assert_eq!(rolls, again);
        assert_eq!(rolls, STABLE_D20_SEED_42);
    }

    const STABLE_D20_SEED_42: [u32; 8] = [6, 1, 20, 17, 5, 15, 3, 5];

    #[test]
    fn streams_differ_by_chunk_and_by_seed() {
        let a: Vec<u64> = {
            let mut s = Sampler::from_seed_and_stream(1, 0);
            (0..4).map(|_| s.next_word()).collect()
        };
        let b: Vec<u64> = {
            let mut s = Sampler::from_seed_and_stream(1, 1);
            (0..4).map(|_| s.next_word()).collect()
        };
        let c: Vec<u64> = {
            let mut s = Sampler::from_seed_and_stream(2, 0);
            (0..4).map(|_| s.next_word()).collect()
        };
        assert_ne!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn below_is_uniform_chi_square() {
        let mut s = Sampler::from_seed_and_stream(3, 9);
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
