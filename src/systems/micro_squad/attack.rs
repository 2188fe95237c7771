//! One CRT attack: 2D6 plus modifiers on a column, applied to the target stand.
//! Every Micro Squad procedure ends in this.

use super::charts::{Charts, CrtResult};
use super::stand::{Effect, Stand};
use crate::dice::{Dice, Roll};

/// Where on the CRT an attack lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// A column index (differential + 3, already capped at +9).
    Index(usize),
    /// Artillery below -3: the result is S without a roll.
    AutomaticSuppression,
}

/// Roll 2D6 + `drm` on `column` and apply the result to `target`.
#[inline(always)]
pub fn attack<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    column: Column,
    drm: i32,
    target: &mut Stand,
) -> Effect {
    let result = match column {
        Column::Index(c) => dice.classify(Roll::Sum(2, 6), |roll| {
            charts.crt_cell(roll as i32 + drm, c)
        }),
        Column::AutomaticSuppression => CrtResult::Suppressed,
    };
    target.apply(result, charts.data.options.ms_paren_s_trigger)
}
