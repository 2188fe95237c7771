//! The GHQ cohesion roll: 1D20 plus modifiers, at or under the cohesion value
//! passes (RULES.md 0.4). Penalties are `+`, bonuses `-`.

use crate::dice::{Dice, Roll};

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

    /// Roll the test.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> bool {
        dice.classify(Roll::Die(20), |n| self.passes(n))
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
