//! Monte Carlo dice: a seeded xoshiro256++ stream, drawn without bias.
//!
//! A draw of a uniform integer in `[0, n)` takes one 64-bit word and uses Lemire's
//! multiply-and-reject method, so every face is exactly equally likely. A whole `2D6` (36 outcomes) or `3D6` (216) is one draw,
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
        match roll {
            Roll::Die(sides) => self.below(sides) + 1,
            Roll::Sum(n, sides) => match packed_outcomes(n, sides) {
                Some(outcomes) => {
                    let mut code = self.below(outcomes);
                    let mut total = n;
                    for _ in 0..n {
                        total += code % sides;
                        code /= sides;
                    }
                    total
                }
                None => (0..n).map(|_| self.below(sides) + 1).sum(),
            },
            Roll::Highest(n, sides) => match packed_outcomes(n, sides) {
                Some(outcomes) => {
                    let mut code = self.below(outcomes);
                    let mut top = 0;
                    for _ in 0..n {
                        top = top.max(code % sides);
                        code /= sides;
                    }
                    top + 1
                }
                None => (0..n).map(|_| self.below(sides) + 1).max().unwrap_or(0),
            },
        }
    }
}

/// `sides^n` when it fits one 32-bit draw with a negligible rejection rate.
#[inline(always)]
fn packed_outcomes(n: u32, sides: u32) -> Option<u32> {
    let outcomes = u64::from(sides).checked_pow(n)?;
    (outcomes <= 1 << 24).then_some(outcomes as u32)
}

impl Dice for Sampler {
    #[inline(always)]
    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T {
        classify(self.roll(roll))
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
