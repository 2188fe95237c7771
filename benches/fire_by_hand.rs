//! Micro Squad standard fire written as the plain loop the engine's Monte
//! Carlo is held to (`benches/throughput.rs`): each event draws a d20 and two
//! d6, every die on its own from xoshiro256++ (exactly unbiased, Lemire's
//! method), looks its class up in a table and counts it. The engine draws the
//! whole event from one word of its own generator
//! (`volley::dice::Sampler`), so the ratio of the two is what that buys.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A uniform integer in `[0, n)` from whole words, exactly unbiased.
#[inline(always)]
fn below(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    let mut product = u128::from(rng.next_u64()) * u128::from(n);
    if (product as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u64) < threshold {
            product = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (product >> 64) as u64
}

/// The class of every (natural d20, 2D6) pair: a firer with cohesion 14
/// fails above it (class 5); else the 2D6 on a column of results (0 to 4).
fn table() -> [[u8; 13]; 21] {
    let column = [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4];
    let mut table = [[5u8; 13]; 21];
    for row in table.iter_mut().skip(1).take(14) {
        row.copy_from_slice(&column);
    }
    table
}

/// `events` fire events on the plain loop, seeded with `seed`: the count of
/// each class.
pub fn fire_events(seed: u64, events: u64) -> [u64; 8] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let table = table();
    let mut counts = [0u64; 8];
    for _ in 0..events {
        let natural = below(&mut rng, 20) + 1;
        let roll = below(&mut rng, 6) + below(&mut rng, 6) + 2;
        counts[usize::from(table[natural as usize][roll as usize])] += 1;
    }
    counts
}
