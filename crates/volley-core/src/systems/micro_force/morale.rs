//! MF cohesion checks with their margin, and the S test.

use super::charts::{Charts, ShakenOnShaken};
use super::roll_points::{S_TEST, unit_shown};
use super::unit::Unit;
use crate::dice::{Dice, Roll};
use crate::rules::rolls::{Value, Verdict};
use crate::systems::ghq::CohesionTest;

/// A cohesion roll's outcome: pass, fail by 1-4, fail by 5 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    Pass,
    Fail,
    FailBy5,
}

impl Check {
    /// In the order of the S test's outcomes (`roll_points::S_TEST_OUTCOMES`).
    const ALL: [Check; 3] = [Check::Pass, Check::Fail, Check::FailBy5];
}

/// The card's cohesion test of 1D20 + `modifier` against `cohesion`.
pub fn test(charts: &Charts, cohesion: i32, modifier: i32) -> CohesionTest {
    CohesionTest {
        cohesion,
        modifier,
        naturals: charts.data.options.mf_naturals(),
    }
}

/// Roll `test` read by its margin, at the S test's roll point under the
/// house rules (`shown`: what it shows them).
fn check<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    test: CohesionTest,
    shown: impl FnOnce() -> Vec<Value>,
) -> Check {
    let index = charts
        .rolls
        .roll_outcome(&S_TEST, dice, shown, |dice, adjust| {
            let test = CohesionTest {
                cohesion: adjust.threshold(test.cohesion),
                modifier: test.modifier + adjust.modifier,
                ..test
            };
            let check = dice.classify(Roll::Die(20), |natural| {
                match test.fails_by(adjust.total(natural)) {
                    None => Check::Pass,
                    Some(margin) if margin < 5 => Check::Fail,
                    Some(_) => Check::FailBy5,
                }
            });
            (check as usize, Verdict::failed_if(check != Check::Pass))
        });
    Check::ALL[index]
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
    let before = *unit;
    let shown = || unit_shown(&before, Value::Flag(cap_at_shaken));
    match check(
        dice,
        charts,
        test(charts, unit.cohesion(charts), modifier),
        shown,
    ) {
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
