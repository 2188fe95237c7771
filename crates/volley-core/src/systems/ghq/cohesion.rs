//! The GHQ cohesion roll: 1D20 plus modifiers, at or under the cohesion value
//! passes. Penalties are `+`, bonuses `-`.

use crate::dice::{Dice, Roll};
use crate::rules::RollPoint;
use crate::rules::rolls::{Adjust, RollRules, Value, Verdict};

/// One cohesion test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CohesionTest {
    /// The cohesion value C.
    pub cohesion: i32,
    /// Sum of modifiers added to the d20.
    pub modifier: i32,
    /// Natural 1 always passes and natural 20 always fails.
    pub naturals: bool,
}

impl CohesionTest {
    /// Does natural roll `natural` pass?
    #[inline(always)]
    pub fn passes(&self, natural: u32) -> bool {
        if self.naturals {
            if natural == 1 {
                return true;
            }
            if natural == 20 {
                return false;
            }
        }
        natural as i32 + self.modifier <= self.cohesion
    }

    /// By how much natural roll `natural` fails (`None`: it passes). A natural 20
    /// that fails only by the naturals rule fails by 1. Micro Force reads the
    /// margin (fail by 5 or more routs).
    #[inline(always)]
    pub fn fails_by(&self, natural: u32) -> Option<i32> {
        let margin = natural as i32 + self.modifier - self.cohesion;
        if self.naturals {
            if natural == 1 {
                return None;
            }
            if natural == 20 {
                return Some(margin.max(1));
            }
        }
        (margin > 0).then_some(margin)
    }

    /// Roll the test.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> bool {
        dice.classify(Roll::Die(20), |n| self.passes(n))
    }

    /// The test rolled at roll point `point` under `rolls`, the house
    /// rules' roll rules and scripts (`shown`: what the point shows them): a
    /// threshold replaces or moves the cohesion, a modifier adds to the
    /// d20's, a script's `result` reads the die. Passed?
    pub fn rolled_at<D: Dice>(
        &self,
        rolls: &RollRules,
        point: &RollPoint,
        dice: &mut D,
        shown: impl FnOnce() -> Vec<Value>,
    ) -> bool {
        if rolls.is_empty() {
            // The card's roll, as the hot loops of the engagements make it.
            return self.roll(dice);
        }
        rolls.roll(point, dice, shown, |dice, adjust: &Adjust| {
            let test = CohesionTest {
                cohesion: adjust.threshold(self.cohesion),
                modifier: self.modifier + adjust.modifier,
                ..*self
            };
            let passed = dice.classify(Roll::Die(20), |n| test.passes(adjust.total(n)));
            (passed, Verdict::failed_if(!passed))
        })
    }

    /// The exact pass probability.
    pub fn pass_probability(&self) -> f64 {
        (1..=20).filter(|&n| self.passes(n)).count() as f64 / 20.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_to_cohesion_passes() {
        let t = CohesionTest {
            cohesion: 14,
            modifier: 0,
            naturals: false,
        };
        assert!(t.passes(14));
        assert!(!t.passes(15));
        assert_eq!(t.pass_probability(), 0.70);
    }

    #[test]
    fn the_margin_agrees_with_pass_and_fail() {
        for naturals in [false, true] {
            for modifier in -6..=8 {
                let t = CohesionTest {
                    cohesion: 14,
                    modifier,
                    naturals,
                };
                for n in 1..=20 {
                    assert_eq!(t.passes(n), t.fails_by(n).is_none(), "{t:?} {n}");
                }
            }
        }
        let t = CohesionTest {
            cohesion: 14,
            modifier: 0,
            naturals: true,
        };
        assert_eq!(t.fails_by(20), Some(6));
        let t = CohesionTest {
            cohesion: 20,
            modifier: -5,
            naturals: true,
        };
        assert_eq!(t.fails_by(20), Some(1));
    }

    #[test]
    fn naturals_rescue_and_doom() {
        // Suppressed and disorganized (+7) at cohesion 7: only the natural 1 passes.
        let t = CohesionTest {
            cohesion: 7,
            modifier: 7,
            naturals: true,
        };
        assert_eq!(t.pass_probability(), 0.05);
        let t = CohesionTest {
            cohesion: 20,
            modifier: -5,
            naturals: true,
        };
        assert_eq!(t.pass_probability(), 0.95);
    }
}
