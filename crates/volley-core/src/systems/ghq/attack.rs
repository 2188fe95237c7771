//! One CRT attack: 2D6 plus modifiers on a column, applied to the target stand.
//! Every GHQ fire, artillery strike, overrun and close-assault attack ends in this;
//! overrun and close assault attack on a fixed column (+5, +2) or with a fixed
//! modifier (-3).

use super::card::GhqCard;
use super::crt::{Column, CrtResult};
use super::roll_points::side_shown;
use super::stand::{Effect, Stand};
use crate::dice::{Dice, Roll};
use crate::rules::RollPoint;
use crate::rules::rolls::{Adjust, Value, Verdict};

/// What a modified 2D6 of `modified_roll` on CRT column `column` does to
/// `target`: the stand after it, and the effect.
#[inline(always)]
pub fn roll_result<C: GhqCard>(
    card: &C,
    column: usize,
    modified_roll: i32,
    dash_s_suppresses: bool,
    mut target: Stand,
) -> (Stand, Effect) {
    let result = card
        .crt()
        .cell(modified_roll, column)
        .resolve(dash_s_suppresses);
    let effect = target.apply(result, card.paren_s_trigger());
    (target, effect)
}

/// Roll 2D6 + the attack's modifier on its column of the card's CRT and
/// apply the result to `target` (`-S-` is S where the attack says so, else
/// no effect).
#[inline(always)]
pub fn attack_by<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    attack: CrtAttack,
    target: &mut Stand,
) -> Effect {
    attack_read(dice, card, attack, target, &Adjust::NONE)
}

/// One CRT attack as a procedure sets it up: the column, the modifier, and
/// whether `-S-` is S for its attacker.
#[derive(Clone, Copy, Debug)]
pub struct CrtAttack {
    pub column: Column,
    pub drm: i32,
    pub dash_s_suppresses: bool,
}

/// [`attack_by`] rolled on `target` at roll point `point` under the card's house
/// rules (`shown`: what the point shows them): a rule's modifier adds to
/// the 2D6, a re-roll attacks again the stand as it stood, a script reads
/// the dice.
#[inline(always)]
pub fn attack_at<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    point: &RollPoint,
    shown: impl FnOnce() -> Vec<Value>,
    attack: CrtAttack,
    target: &mut Stand,
) -> Effect {
    if card.rolls().is_empty() {
        // The card's roll, as the hot loops of the engagements make it.
        return attack_by(dice, card, attack, target);
    }
    let before = *target;
    let (after, effect) = card.rolls().roll(point, dice, shown, |dice, adjust| {
        let mut stand = before;
        let modified = CrtAttack {
            drm: attack.drm + adjust.modifier,
            ..attack
        };
        let effect = attack_read(dice, card, modified, &mut stand, adjust);
        ((stand, effect), Verdict::failed_if(effect == Effect::None))
    });
    *target = after;
    effect
}

/// An attack of a close assault or an overrun on `target`, a stand of
/// `side` (`"defender"`, or the moving side's word) in a fight of `stands`
/// moving stands, at the roll point `point`: [`attack_at`], showing a house
/// rule [`side_shown`]'s values of the stand before it.
pub fn attack_side<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    point: &RollPoint,
    (side, stands): (&'static str, u32),
    attack: CrtAttack,
    target: &mut Stand,
) -> Effect {
    let before = *target;
    attack_at(
        dice,
        card,
        point,
        || side_shown(side, &before, stands),
        attack,
        target,
    )
}

/// [`attack_by`] with the 2D6 read as `adjust` reads it (a house rule's
/// script at the CRT roll).
#[inline(always)]
pub fn attack_read<D: Dice, C: GhqCard>(
    dice: &mut D,
    card: &C,
    attack: CrtAttack,
    target: &mut Stand,
    adjust: &Adjust,
) -> Effect {
    let CrtAttack {
        column,
        drm,
        dash_s_suppresses,
    } = attack;
    let trigger = card.paren_s_trigger();
    let result = match column {
        Column::Index(c) => {
            // Classified by what the roll does to this stand, not by the printed
            // result: results alike for it (S and (S) on a fresh stand) are one
            // branch of the exact method.
            let before = *target;
            let (after, effect) = dice.classify(Roll::Sum(2, 6), |roll| {
                roll_result(
                    card,
                    c,
                    adjust.total(roll) as i32 + drm,
                    dash_s_suppresses,
                    before,
                )
            });
            *target = after;
            return effect;
        }
        Column::AutomaticSuppression => CrtResult::Suppressed,
        Column::AutomaticElimination => CrtResult::Eliminated,
    };
    target.apply(result, trigger)
}
