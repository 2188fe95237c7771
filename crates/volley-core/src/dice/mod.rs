//! Dice: the one interface every rule procedure is written against.
//!
//! A procedure never owns a random generator. It asks a [`Dice`] for rolls, and the
//! same code then runs two ways:
//! - [`Sampler`] draws the rolls from a seeded stream per trial (Monte Carlo);
//! - [`Enumerator`] explores every branch of the dice tree with its probability
//!   (exact enumeration);
//! - [`Recorder`] records the dice tree as the sampler's draws, so that Monte
//!   Carlo can replay a step it meets again without running its rule code.
//!
//! Rolls are described by [`Roll`] (one die, a sum, the highest of several dice). The
//! central primitive is [`Dice::classify`]: roll, then map the total to the few classes
//! the procedure cares about (pass/fail, a chart result). The sampler just maps the
//! roll; the enumerator groups the faces by class, so a cohesion roll is a two-way
//! branch and a 2D6 chart lookup at most as many branches as the chart has results.

mod enumerator;
mod recorder;
mod roll;
mod sampler;
mod weighted;

pub use enumerator::{Enumerator, OverBudget, grouped};
pub use recorder::{Draw, Next, Node, Recorder, Recording, TooLarge};
pub use roll::Roll;
pub use sampler::Sampler;
pub use weighted::Weighted;

/// A source of dice rolls. Procedures are generic over it.
pub trait Dice {
    /// Roll `roll` and return `classify(total)`.
    ///
    /// `classify` must be a pure function of the total: the enumerator calls it once
    /// per possible total and merges totals that land in the same class.
    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T;

    /// Roll both `rolls` (independently) and return `classify` of their
    /// totals, in order. The sampler draws both from one random word when they
    /// fit; the enumerator makes one branch point over the pairs' classes.
    fn classify_pair<T: Copy + PartialEq>(
        &mut self,
        rolls: [Roll; 2],
        classify: impl Fn(u32, u32) -> T,
    ) -> T;

    /// `true` with probability `numerator / denominator` (a rational chance that the
    /// card states directly rather than as dice, e.g. "re-roll ties").
    fn chance(&mut self, numerator: u32, denominator: u32) -> bool;

    /// A class of a tabulated roll, with its weight over the roll's outcomes:
    /// the sampler draws one outcome, the enumerator branches once per class
    /// that has weight.
    fn pick(&mut self, odds: &Weighted) -> usize;

    /// How `n` identical, independent rolls of `roll` fall into `K` classes
    /// (`classify` maps a total to a class below `K`): the count per class. The
    /// sampler rolls them one by one; the enumerator makes one branch per way of
    /// splitting `n` among the classes (multinomial weights), not `K^n`.
    fn multinomial<const K: usize>(
        &mut self,
        n: u32,
        roll: Roll,
        classify: impl Fn(u32) -> usize,
    ) -> [u32; K] {
        let mut counts = [0u32; K];
        for _ in 0..n {
            counts[self.classify(roll, &classify)] += 1;
        }
        counts
    }

    /// Whether the caller merges equal states, so that a procedure should keep
    /// its states canonical (forget what no longer matters): `true` for the
    /// exact method and the step memo's recorder. Monte Carlo follows one path
    /// and skips that work; it never changes what happens, only how states
    /// are written: the dice drawn after, and what is recorded of a state,
    /// are the same either way.
    fn merges_states(&self) -> bool {
        false
    }

    /// One die with `sides` faces, 1..=sides.
    fn d(&mut self, sides: u32) -> u32 {
        self.classify(Roll::Die(sides), |face| face)
    }

    /// `n` dice with `sides` faces, summed.
    fn sum(&mut self, n: u32, sides: u32) -> u32 {
        self.classify(Roll::Sum(n, sides), |total| total)
    }

    /// The highest of `n` dice with `sides` faces.
    fn highest(&mut self, n: u32, sides: u32) -> u32 {
        self.classify(Roll::Highest(n, sides), |top| top)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny procedure used to check that both dice sources agree.
    fn two_step<D: Dice>(dice: &mut D) -> u32 {
        let first = dice.d(6);
        if first >= 5 {
            dice.sum(2, 6)
        } else {
            dice.highest(2, 4)
        }
    }

    #[test]
    fn enumeration_of_a_branching_procedure_sums_to_one_and_matches_hand_values() {
        let mut results = [0.0f64; 13];
        Enumerator::new(10_000)
            .explore(two_step, |value, weight| results[value as usize] += weight)
            .unwrap();
        let total: f64 = results.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
        // P(12) = P(first >= 5) * P(2D6 = 12) = (2/6) * (1/36)
        assert!((results[12] - (2.0 / 6.0) / 36.0).abs() < 1e-15);
        // P(4) = (4/6) * P(max of 2d4 = 4) + (2/6) * P(2D6 = 4) = 4/6*7/16 + 2/6*3/36
        let expected = 4.0 / 6.0 * 7.0 / 16.0 + 2.0 / 6.0 * 3.0 / 36.0;
        assert!((results[4] - expected).abs() < 1e-15);
    }

    /// A pair draw: d20 with 2D6 (one word in the sampler), and the same roll twice.
    fn pairs<D: Dice>(dice: &mut D) -> u32 {
        let a = dice.classify_pair([Roll::Die(20), Roll::Sum(2, 6)], |n, r| {
            u32::from(n <= 12) * r
        });
        let b = dice.classify_pair([Roll::Die(4), Roll::Die(4)], |x, y| u32::from(x > y));
        a + 13 * b
    }

    #[test]
    fn pair_draws_agree_with_their_enumeration() {
        let mut exact = [0.0f64; 26];
        Enumerator::new(10_000)
            .explore(pairs, |value, weight| exact[value as usize] += weight)
            .unwrap();
        // P(a = 7, b = 1) = 12/20 * 6/36 * 6/16 (first die above the second: 6 of 16)
        assert!((exact[7 + 13] - 0.6 * 6.0 / 36.0 * 6.0 / 16.0).abs() < 1e-15);
        let mut sampler = Sampler::new(11);
        let n = 400_000;
        let mut counts = [0u64; 26];
        for _ in 0..n {
            counts[pairs(&mut sampler) as usize] += 1;
        }
        for (value, &p) in exact.iter().enumerate() {
            let observed = counts[value] as f64 / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (observed - p).abs() <= 5.0 * sd + 1e-12,
                "value {value}: {observed} vs {p}"
            );
        }
    }

    #[test]
    fn sampler_frequencies_match_enumeration() {
        let mut exact = [0.0f64; 13];
        Enumerator::new(10_000)
            .explore(two_step, |value, weight| exact[value as usize] += weight)
            .unwrap();
        let mut sampler = Sampler::new(7);
        let n = 400_000;
        let mut counts = [0u64; 13];
        for _ in 0..n {
            counts[two_step(&mut sampler) as usize] += 1;
        }
        for (value, &p) in exact.iter().enumerate() {
            let observed = counts[value] as f64 / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (observed - p).abs() <= 5.0 * sd + 1e-12,
                "value {value}: observed {observed}, exact {p}"
            );
        }
    }

    #[test]
    fn a_tabulated_pick_draws_its_weights_and_enumerates_them_exactly() {
        let odds = Weighted::new(&[3, 0, 5, 1]);
        let mut exact = [0.0f64; 4];
        Enumerator::new(100)
            .explore(
                |dice| dice.pick(&odds),
                |class, weight| exact[class] += weight,
            )
            .unwrap();
        assert_eq!(exact, [3.0 / 9.0, 0.0, 5.0 / 9.0, 1.0 / 9.0]);
        let mut sampler = Sampler::new(11);
        let n = 400_000;
        let mut counts = [0u64; 4];
        for _ in 0..n {
            counts[sampler.pick(&odds)] += 1;
        }
        assert_eq!(counts[1], 0, "a class without weight is never drawn");
        for (class, &p) in exact.iter().enumerate() {
            let observed = counts[class] as f64 / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (observed - p).abs() <= 5.0 * sd + 1e-12,
                "class {class}: observed {observed}, exact {p}"
            );
        }
    }
}
