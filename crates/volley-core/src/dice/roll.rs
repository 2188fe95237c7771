//! Dice expressions and their exact distributions.

/// A dice expression a card asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Roll {
    /// One die with this many sides.
    Die(u32),
    /// `n` dice with `sides` faces, summed (`2D6`).
    Sum(u32, u32),
    /// The highest of `n` dice with `sides` faces (Micro Force melee).
    Highest(u32, u32),
}

impl Roll {
    /// Smallest possible total.
    pub fn min(self) -> u32 {
        match self {
            Roll::Die(_) | Roll::Highest(_, _) => 1,
            Roll::Sum(n, _) => n,
        }
    }

    /// Largest possible total.
    pub fn max(self) -> u32 {
        match self {
            Roll::Die(s) | Roll::Highest(_, s) => s,
            Roll::Sum(n, s) => n * s,
        }
    }

    /// Number of equally likely elementary outcomes (`sides^n`).
    pub fn outcomes(self) -> u64 {
        match self {
            Roll::Die(s) => u64::from(s),
            Roll::Sum(n, s) | Roll::Highest(n, s) => u64::from(s).pow(n),
        }
    }

    /// Exact distribution: `(total, number of elementary outcomes giving it)`, in
    /// increasing order of total. Counts are integers, so weights stay exact.
    pub fn distribution(self) -> Vec<(u32, u64)> {
        match self {
            Roll::Die(s) => (1..=s).map(|f| (f, 1)).collect(),
            Roll::Sum(n, s) => {
                // Convolve one die at a time; counts[k] = ways to total k.
                let mut counts = vec![1u64];
                for _ in 0..n {
                    let mut next = vec![0u64; counts.len() + s as usize];
                    for (total, &ways) in counts.iter().enumerate() {
                        for face in 1..=s as usize {
                            next[total + face] += ways;
                        }
                    }
                    counts = next;
                }
                counts
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, w)| w > 0)
                    .map(|(t, w)| (t as u32, w))
                    .collect()
            }
            Roll::Highest(n, s) => (1..=s)
                .map(|top| {
                    let at_most = |k: u32| u64::from(k).pow(n);
                    (top, at_most(top) - at_most(top - 1))
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_d6_has_the_triangle_distribution() {
        let dist = Roll::Sum(2, 6).distribution();
        assert_eq!(dist.len(), 11);
        assert_eq!(dist[0], (2, 1));
        assert_eq!(dist[5], (7, 6));
        assert_eq!(dist[10], (12, 1));
        assert_eq!(dist.iter().map(|d| d.1).sum::<u64>(), 36);
    }

    #[test]
    fn highest_of_three_d6_counts() {
        let dist = Roll::Highest(3, 6).distribution();
        // P(max = 6) = 1 - (5/6)^3 = 91/216
        assert_eq!(dist[5], (6, 91));
        assert_eq!(dist[0], (1, 1));
        assert_eq!(dist.iter().map(|d| d.1).sum::<u64>(), 216);
    }
}
