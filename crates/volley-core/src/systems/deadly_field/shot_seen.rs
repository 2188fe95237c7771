//! Who fires at whom, as a shot keeps it for the fire roll point, and the
//! values that point shows a house rule.

use super::fire_situation::FireSituation;
use super::unit::{Arm, Condition, Regiment};
use super::vocabulary::{LEVELS, SHOT_BANDS};
use crate::rules::rolls::Value;

/// Who fires at whom, kept with a shot for its roll point (small: a shot
/// is settled at every fire, and read by a rule only where one attaches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotSeen {
    firer_quality: &'static str,
    firer_arm: Arm,
    target_quality: &'static str,
    target_arm: Arm,
    target_level: u8,
    target_charging: bool,
    band: &'static str,
}

impl ShotSeen {
    pub fn new(
        firer: &Regiment,
        target: (&Regiment, &Condition),
        situation: &FireSituation,
    ) -> Self {
        let (t, at) = target;
        ShotSeen {
            firer_quality: firer.quality_name(),
            firer_arm: firer.arm,
            target_quality: t.quality_name(),
            target_arm: t.arm,
            target_level: at.level,
            target_charging: situation.target_charging,
            band: situation.band,
        }
    }

    /// What the fire roll point shows: the firer and the target as they
    /// stand, the situation, and the shot's `firepower` and `dice`.
    pub fn shown(&self, firepower: i32, dice: u32) -> Vec<Value> {
        vec![
            Value::Word(self.firer_quality),
            Value::Word(self.firer_arm.name()),
            Value::Word(self.target_quality),
            Value::Word(self.target_arm.name()),
            Value::Word(LEVELS[usize::from(self.target_level)]),
            Value::Flag(self.target_charging),
            Value::Word(
                SHOT_BANDS
                    .iter()
                    .copied()
                    .find(|b| *b == self.band)
                    .unwrap_or("melee"),
            ),
            Value::Number(i64::from(firepower)),
            Value::Number(i64::from(dice)),
        ]
    }
}
