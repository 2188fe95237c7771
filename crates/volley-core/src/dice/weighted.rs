//! A roll (or a pair of rolls) tabulated once by the class each outcome falls
//! in: the distribution of a whole chart step as integer weights over its
//! equally likely outcomes.
//!
//! A procedure that makes the same rolls over and over with the same classes
//! (a stand's cohesion d20 and its CRT 2D6, read against a few marker states)
//! tabulates them once and then asks [`super::Dice::pick`] for a class: Monte
//! Carlo draws one uniform outcome (one generator word, exactly unbiased) and
//! finds its class, the exact method branches once per class with weight over
//! outcomes. Both see exactly the distribution of the rolls themselves.

use super::Roll;

/// Most classes a [`Weighted`] holds.
const MAX_CLASSES: usize = Weighted::MAX_CLASSES;

/// Integer weights of up to [`MAX_CLASSES`] classes over `total` equally likely
/// outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weighted {
    /// Running sums of the weights: class `k` is drawn for outcomes
    /// `cumulative[k - 1]..cumulative[k]`; unused classes hold `total`.
    cumulative: [u32; MAX_CLASSES],
    classes: u8,
    total: u32,
}

impl Weighted {
    /// Most classes a tabulated roll holds (a chart step has few results).
    pub const MAX_CLASSES: usize = 12;

    /// Classes with these integer weights (at least one positive; at most
    /// [`MAX_CLASSES`] of them).
    pub fn new(weights: &[u32]) -> Self {
        assert!(
            !weights.is_empty() && weights.len() <= MAX_CLASSES,
            "a tabulated roll has 1 to {MAX_CLASSES} classes, not {}",
            weights.len()
        );
        let mut cumulative = [0u32; MAX_CLASSES];
        let mut total = 0u32;
        for (k, &w) in weights.iter().enumerate() {
            total = total.checked_add(w).expect("tabulated weights overflow");
            cumulative[k] = total;
        }
        assert!(total > 0, "a tabulated roll needs some weight");
        for slot in &mut cumulative[weights.len()..] {
            *slot = total;
        }
        Weighted {
            cumulative,
            classes: weights.len() as u8,
            total,
        }
    }

    /// `first` and `second` rolled together, each pair of totals mapped to
    /// what it does by `outcome`: the distinct outcomes, likeliest first (a
    /// draw then usually stops at the first class), and their weights.
    pub fn of_pair<T: Copy + PartialEq>(
        first: Roll,
        second: Roll,
        outcome: impl Fn(u32, u32) -> T,
    ) -> (Self, Vec<T>) {
        let mut classes: Vec<(T, u64)> = Vec::new();
        for (x, wx) in first.distribution() {
            for &(y, wy) in &second.distribution() {
                let what = outcome(x, y);
                match classes.iter_mut().find(|(o, _)| *o == what) {
                    Some((_, w)) => *w += wx * wy,
                    None => classes.push((what, wx * wy)),
                }
            }
        }
        // A stable sort: equally likely outcomes keep their first appearance.
        classes.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
        let weights: Vec<u32> = classes.iter().map(|&(_, w)| w as u32).collect();
        (
            Weighted::new(&weights),
            classes.into_iter().map(|(o, _)| o).collect(),
        )
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        usize::from(self.classes)
    }

    /// Number of equally likely outcomes.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Weight of class `k`.
    pub fn weight(&self, k: usize) -> u32 {
        let below = if k == 0 { 0 } else { self.cumulative[k - 1] };
        self.cumulative[k] - below
    }

    /// The class of outcome `u` (below [`Weighted::total`]).
    #[inline(always)]
    pub fn class_of(&self, u: u32) -> usize {
        // The first class whose range ends after `u` (the classes are few and
        // the likeliest come first, so the loop mostly stops at once; counting
        // every range that ends below `u`, without a branch, measured slower).
        let mut k = 0;
        while self.cumulative[k] <= u {
            k += 1;
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_d20_and_2d6_pair_counts_its_720_outcomes_likeliest_first() {
        // "fail": the d20 is over 12; "high": passes and the 2D6 is 7 or
        // more; "low": passes with less.
        let (w, outcomes) = Weighted::of_pair(Roll::Die(20), Roll::Sum(2, 6), |d, t| {
            if d > 12 {
                "fail"
            } else if t >= 7 {
                "high"
            } else {
                "low"
            }
        });
        assert_eq!(outcomes, ["fail", "high", "low"]);
        assert_eq!(w.total(), 720);
        assert_eq!(w.classes(), 3);
        assert_eq!(w.weight(0), 8 * 36);
        assert_eq!(w.weight(1), 12 * 21);
        assert_eq!(w.weight(2), 12 * 15);
        assert_eq!(w.class_of(0), 0);
        assert_eq!(w.class_of(287), 0);
        assert_eq!(w.class_of(288), 1);
        assert_eq!(w.class_of(719), 2);
    }

    #[test]
    fn empty_classes_are_never_drawn() {
        let w = Weighted::new(&[0, 3, 0, 1]);
        assert_eq!(
            (0..4).map(|u| w.class_of(u)).collect::<Vec<_>>(),
            [1, 1, 1, 3]
        );
    }
}
