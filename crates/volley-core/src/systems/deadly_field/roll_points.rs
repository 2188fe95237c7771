//! Across A Deadly Field's named rolls, where a house rule's `[[roll]]`
//! tables and scripts attach: the fire's dice (fire, the charge's reaction
//! fire and volleys, the firefight), the morale check, the charge bonus dice,
//! the defender's pre-impact check in a charge, and the charge's impact
//! roll-off. Each says what its modifier adds to, its threshold, what a
//! failed roll is, and what it shows.

use super::vocabulary::LEVELS;
use super::vocabulary::{ARMS, ImpactResult, QUALITIES, SHOT_BANDS, TYPES};
use crate::rules::rolls::{Read, RollPoint};
use crate::tally::Category;

/// A fire's dice: the fire action's, a charge's reaction, desperation and
/// stop-short fire and its volleys, and each fire of the firefight.
pub const FIRE_ROLL: RollPoint = RollPoint {
    name: "fire_roll",
    actions: "fire, charge, firefight",
    roll: "the fire's D6s (by range band and arm, fewer for a Shaken or skirmishing firer) plus its firepower and modifiers, read on the Fire Combat Results table",
    modifier: "added to the fire's total (a plus reads a heavier result)",
    threshold: None,
    failed: "the fire has no effect",
    totals: None,
    outcomes: None,
    reads: &[
        Read::word("firer.quality", &QUALITIES, "the firer's quality"),
        Read::word("firer.arm", &ARMS, "the firer's arm"),
        Read::word("target.quality", &QUALITIES, "the target's quality"),
        Read::word("target.arm", &ARMS, "the target's arm"),
        Read::word("target.level", &LEVELS, "the target's morale level"),
        Read::flag(
            "target.charging",
            "the target is charging (a charge's fire at the charger)",
        ),
        Read::word("band", &SHOT_BANDS, "the range band (or a melee's fire)"),
        Read::number("firepower", "the firer's firepower, after halving"),
        Read::number("dice", "the D6s the fire rolls"),
    ],
};

/// A morale check: the morale-check and rally actions', and the check a
/// unit takes after fire (in the fire action, a charge's fire at the
/// charger, and the firefight). The defender's pre-impact check is its own
/// point.
pub const MORALE_CHECK: RollPoint = RollPoint {
    name: "morale_check",
    actions: "morale-check, rally, fire, charge, firefight",
    roll: "2D6 against the final MMP: at or above it passes (a natural 12 always passes, a natural 2 or 3 always fails); after fire, the check the fire's result calls for",
    modifier: "added to the 2D6 roll (a natural 2, 3 or 12 reads the dice as rolled; the MMP it moves stays within 0-12)",
    threshold: Some("the final MMP (held within 0-12)"),
    failed: "the roll is below the MMP, or a natural 2 or 3",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::word("unit.quality", &QUALITIES, "the unit's quality"),
        Read::word("unit.type", &TYPES, "the unit's type"),
        Read::word("unit.level", &LEVELS, "its morale level before the check"),
        Read::number("mmp", "the final MMP, before any rule moves it"),
        Read::flag("rally", "a rally attempt, not a forced check"),
    ],
};

/// The defender's morale check before the impact of a charge.
pub const PRE_IMPACT_CHECK: RollPoint = RollPoint {
    name: "pre_impact_check",
    actions: "charge, firefight",
    roll: "the defender's 2D6 morale check against its MMP before impact: it stands, falls back or routs",
    modifier: "added to the defender's 2D6 roll (a natural 2, 3 or 12 reads the dice as rolled; the MMP it moves stays within 0-12)",
    threshold: Some("the defender's final MMP (held within 0-12)"),
    failed: "the roll is below the MMP, or a natural 2 or 3",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::word("defender.quality", &QUALITIES, "the defender's quality"),
        Read::word("defender.arm", &ARMS, "the defender's arm"),
        Read::word(
            "defender.level",
            &LEVELS,
            "the defender's morale level before the check",
        ),
        Read::number("defender.figures", "the defender's figures now"),
        Read::word("attacker.quality", &QUALITIES, "the charger's quality"),
        Read::word("attacker.arm", &ARMS, "the charger's arm"),
        Read::number("mmp", "the defender's final MMP, before any rule moves it"),
    ],
};

/// The impact roll-off of a charge that reaches its target (and of the
/// impact action).
pub const IMPACT: RollPoint = RollPoint {
    name: "impact",
    actions: "impact, charge, firefight",
    roll: "each side's 2D6 plus its impact value; the charger's total less the defender's reads the Impact chart",
    modifier: "added to the charger's total (a negative one: to the defender's advantage)",
    threshold: None,
    failed: "the charger does not win: the defender holds (a melee or a charger stopped short) or drives it off",
    totals: Some((2, 12)),
    outcomes: Some(ImpactResult::LABELS),
    reads: &[
        Read::word("attacker.quality", &QUALITIES, "the charger's quality"),
        Read::word("attacker.arm", &ARMS, "the charger's arm"),
        Read::word("attacker.level", &LEVELS, "the charger's morale level"),
        Read::number("attacker.figures", "the charger's figures now"),
        Read::number(
            "attacker.leader",
            "the bonus of a leader with the charger (0: none)",
        ),
        Read::word("defender.quality", &QUALITIES, "the defender's quality"),
        Read::word("defender.arm", &ARMS, "the defender's arm"),
        Read::word("defender.level", &LEVELS, "the defender's morale level"),
        Read::number("defender.figures", "the defender's figures now"),
    ],
};

/// The charge bonus dice of the advance.
pub const CHARGE_BONUS: RollPoint = RollPoint {
    name: "charge_bonus",
    actions: "charge, firefight",
    roll: "the charger's charge bonus dice (by its arm and the terrain), their total halved as the card's option reads it and added to its move: it reaches the defender when the move covers the distance",
    modifier: "added to the bonus dice's total, before it is halved (a plus: further)",
    threshold: None,
    failed: "the charge falls short",
    // The number of dice varies with the charger and the ground.
    totals: None,
    outcomes: None,
    reads: &[
        Read::word("attacker.quality", &QUALITIES, "the charger's quality"),
        Read::word("attacker.arm", &ARMS, "the charger's arm"),
        Read::number("distance", "the inches to the defender"),
        Read::number("move", "the charger's move in inches before the bonus"),
        Read::number("bonus_dice", "the charge bonus dice rolled"),
    ],
};

/// Every roll point of the card, for `volley rules deadly-field rolls`.
pub const ALL: &[RollPoint] = &[
    FIRE_ROLL,
    MORALE_CHECK,
    PRE_IMPACT_CHECK,
    IMPACT,
    CHARGE_BONUS,
];

#[cfg(test)]
mod tests {
    use super::super::charts::Charts;
    use super::super::morale::MoraleCheck;
    use super::*;
    use crate::dice::Enumerator;
    use crate::rules::rolls::Value;
    use std::sync::Arc;

    /// The card's charts under the shipped house rule `name`.
    fn charts_under(name: &str) -> Arc<Charts> {
        let path = format!(
            "{}/../../house_rules/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let rule = crate::rules::HouseRule::from_file(std::path::Path::new(&path)).unwrap();
        let book = crate::systems::rulebook(&super::super::DeadlyField, &[rule]).unwrap();
        crate::action::charts_of::<Charts>(&book).unwrap()
    }

    #[test]
    fn a_veteran_defender_rerolls_a_failed_pre_impact_check_by_hand() {
        let charts = charts_under("adf_veterans_reroll");
        let check = |quality: &'static str| MoraleCheck {
            charts: charts.clone(),
            mmp: 7,
            level: 0,
            elite: false,
            mounted_cavalry: false,
            artillery: false,
            rally: false,
            quality,
            unit_type: "infantry",
        };
        let passed = |quality: &'static str| {
            let shown = || {
                let word = Value::Word;
                let (n, trained) = (Value::Number(12), word("trained"));
                vec![
                    word(quality),
                    word("infantry"),
                    word("good-order"),
                    n,
                    trained,
                    word("infantry"),
                    Value::Number(7),
                ]
            };
            let mut p = 0.0;
            Enumerator::new(1000)
                .explore(
                    |dice| check(quality).rolled(&PRE_IMPACT_CHECK, dice, shown, |o| o.passed),
                    |passed, w| p += if passed { w } else { 0.0 },
                )
                .unwrap();
            p
        };
        // 2D6 below 7 fails: 15/36; a veteran fails only if both rolls do.
        assert!((passed("trained") - 21.0 / 36.0).abs() < 1e-15);
        assert!((passed("veteran") - (1.0 - (15.0f64 / 36.0).powi(2))).abs() < 1e-15);
    }
}
