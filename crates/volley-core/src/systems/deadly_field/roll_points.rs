//! Across A Deadly Field's named rolls, where a house rule's `[[roll]]`
//! tables attach: the morale check, the defender's pre-impact check in a
//! charge, and the charge's impact roll-off. Each says what its modifier
//! adds to, its threshold, what a failed roll is, and what it shows.

use super::charts::LEVELS;
use super::morale::{QUALITIES, TYPES};
use super::unit::ARMS;
use crate::rules::rolls::{Read, ReadKind, RollPoint};

const QUALITY: ReadKind = ReadKind::Word(&QUALITIES);
const LEVEL: ReadKind = ReadKind::Word(&LEVELS);
const ARM: ReadKind = ReadKind::Word(&ARMS);

/// The morale check or rally attempt of `volley odds deadly-field
/// morale-check` (and `rally`).
pub const MORALE_CHECK: RollPoint = RollPoint {
    name: "morale_check",
    actions: "morale-check, rally",
    roll: "2D6 against the final MMP: at or above it passes (a natural 12 always passes, a natural 2 or 3 always fails)",
    modifier: "added to the 2D6 roll (a natural 2, 3 or 12 reads the dice as rolled)",
    threshold: Some("the final MMP"),
    failed: "the roll is below the MMP, or a natural 2 or 3",
    reads: &[
        Read {
            name: "unit.quality",
            kind: QUALITY,
            about: "the unit's quality",
        },
        Read {
            name: "unit.type",
            kind: ReadKind::Word(&TYPES),
            about: "the unit's type",
        },
        Read {
            name: "unit.level",
            kind: LEVEL,
            about: "its morale level before the check",
        },
        Read {
            name: "mmp",
            kind: ReadKind::Number,
            about: "the final MMP, before any rule moves it",
        },
        Read {
            name: "rally",
            kind: ReadKind::Flag,
            about: "a rally attempt, not a forced check",
        },
    ],
};

/// The defender's morale check before the impact of a charge.
pub const PRE_IMPACT_CHECK: RollPoint = RollPoint {
    name: "pre_impact_check",
    actions: "charge, firefight",
    roll: "the defender's 2D6 morale check against its MMP before impact: it stands, falls back or routs",
    modifier: "added to the defender's 2D6 roll (a natural 2, 3 or 12 reads the dice as rolled)",
    threshold: Some("the defender's final MMP"),
    failed: "the roll is below the MMP, or a natural 2 or 3",
    reads: &[
        Read {
            name: "defender.quality",
            kind: QUALITY,
            about: "the defender's quality",
        },
        Read {
            name: "defender.arm",
            kind: ARM,
            about: "the defender's arm",
        },
        Read {
            name: "defender.level",
            kind: LEVEL,
            about: "the defender's morale level before the check",
        },
        Read {
            name: "defender.figures",
            kind: ReadKind::Number,
            about: "the defender's figures now",
        },
        Read {
            name: "attacker.quality",
            kind: QUALITY,
            about: "the charger's quality",
        },
        Read {
            name: "attacker.arm",
            kind: ARM,
            about: "the charger's arm",
        },
        Read {
            name: "mmp",
            kind: ReadKind::Number,
            about: "the defender's final MMP, before any rule moves it",
        },
    ],
};

/// The impact roll-off of a charge that reaches its target.
pub const IMPACT: RollPoint = RollPoint {
    name: "impact",
    actions: "charge, firefight",
    roll: "each side's 2D6 plus its impact value; the charger's total less the defender's reads the Impact chart",
    modifier: "added to the charger's total (a negative one: to the defender's advantage)",
    threshold: None,
    failed: "the charger does not win: the defender holds (a melee or a charger stopped short) or drives it off",
    reads: &[
        Read {
            name: "attacker.quality",
            kind: QUALITY,
            about: "the charger's quality",
        },
        Read {
            name: "attacker.arm",
            kind: ARM,
            about: "the charger's arm",
        },
        Read {
            name: "attacker.level",
            kind: LEVEL,
            about: "the charger's morale level",
        },
        Read {
            name: "attacker.figures",
            kind: ReadKind::Number,
            about: "the charger's figures now",
        },
        Read {
            name: "attacker.leader",
            kind: ReadKind::Number,
            about: "the bonus of a leader with the charger (0: none)",
        },
        Read {
            name: "defender.quality",
            kind: QUALITY,
            about: "the defender's quality",
        },
        Read {
            name: "defender.arm",
            kind: ARM,
            about: "the defender's arm",
        },
        Read {
            name: "defender.level",
            kind: LEVEL,
            about: "the defender's morale level",
        },
        Read {
            name: "defender.figures",
            kind: ReadKind::Number,
            about: "the defender's figures now",
        },
    ],
};

/// Every roll point of the card, for `volley rules deadly-field rolls`.
pub const ALL: &[RollPoint] = &[MORALE_CHECK, PRE_IMPACT_CHECK, IMPACT];
