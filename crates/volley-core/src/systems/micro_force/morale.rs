//! MF cohesion checks with their margin, and the S test.

use super::charts::{Charts, ShakenOnShaken};
use super::unit::Unit;
use crate::dice::{Dice, Roll};
use crate::systems::ghq::CohesionTest;

/// A cohesion roll's outcome: pass, fail by 1-4, fail by 5 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    Pass,
    Fail,
    FailBy5,
}

/// Roll 1D20 + `modifier` against `cohesion`: the GHQ cohesion roll, read by its
/// margin.
#[inline]
pub fn check<D: Dice>(dice: &mut D, charts: &Charts, cohesion: i32, modifier: i32) -> Check {
    let test = CohesionTest {
        cohesion,
        modifier,
        naturals: charts.data.options.mf_naturals(),
    };
    dice.classify(Roll::Die(20), |natural| match test.fails_by(natural) {
        None => Check::Pass,
        Some(margin) if margin < 5 => Check::Fail,
        Some(_) => Check::FailBy5,
    })
}

/// Roll 1D20 + `modifier` against `cohesion` where only passing matters (one
/// branch fewer than [`check`] for the exact method).
#[inline]
pub fn passes<D: Dice>(dice: &mut D, charts: &Charts, cohesion: i32, modifier: i32) -> bool {
    let test = CohesionTest {
        cohesion,
        modifier,
        naturals: charts.data.options.mf_naturals(),
    };
    dice.classify(Roll::Die(20), |natural| test.passes(natural))
}

/// The S test after losses (or an S result): fail gives a white bead, fail by 5
/// or more a black one, unless `cap_at_shaken` (a brigade commander's death).
pub fn s_test<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    unit: &mut Unit,
    situational: i32,
    cap_at_shaken: bool,
) {
    if unit.eliminated() {
        return;
    }
    let modifier = unit.bead_penalty(charts) + situational;
    match check(dice, charts, unit.cohesion(charts), modifier) {
        Check::Pass => {}
        Check::FailBy5 if !cap_at_shaken => unit.routed = true,
        _ => {
            if unit.shaken
                && !cap_at_shaken
                && charts.data.options.mf_shaken_on_shaken() == ShakenOnShaken::Rout
            {
                unit.routed = true;
            }
            unit.shaken = true;
        }
    }
}
