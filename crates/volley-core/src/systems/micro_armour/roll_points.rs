//! Micro Armour's named rolls, where a house rule's `[[roll]]` tables and
//! scripts attach: standard fire's firer cohesion roll and CRT roll (both
//! showing the fire as the question sets it), marker removal, and the
//! rolls the GHQ cards share.

use super::fields::TARGET_CLASSES;
use crate::rules::rolls::{Read, RollPoint};
use crate::systems::ghq::roll_points;
use crate::systems::ghq::roll_points::{
    ASSAULT_ATTACK, ASSAULT_COHESION, FIRE_MARKERS, MOVE_COHESION, ORDERS_ROLL, OVERRUN_ATTACK,
    OVERRUN_COHESION,
};

/// What standard fire's rolls show.
const FIRE: &[Read] = &[
    FIRE_MARKERS[0],
    FIRE_MARKERS[1],
    FIRE_MARKERS[2],
    FIRE_MARKERS[3],
    Read::word(
        "target.class",
        &TARGET_CLASSES,
        "the target's defense class",
    ),
    Read::number("range", "the range in inches"),
    Read::number("tech_level", "the firer's tech level"),
    Read::flag("atgm", "the firer fires an ATGM"),
    Read::flag(
        "smoke",
        "firing into or out of smoke, or the target in smoke terrain",
    ),
];

/// The firing stand's cohesion roll before it fires.
pub const FIRER_COHESION: RollPoint = roll_points::firer_cohesion(
    "fire, engagement",
    "the firer's 1D20 plus its markers' penalties (at most +7), terrain, smoke and an ATGM's modifier, at or under the force's cohesion to fire",
    FIRE,
);

/// The CRT roll of a stand that fires.
pub const CRT_ROLL: RollPoint = roll_points::crt_roll(
    "fire, engagement",
    "2D6 plus terrain, the range DRM and other modifiers on the CRT column of firepower against defense",
    FIRE,
);

/// What an artillery mission's or air strike's rolls show.
const STRIKE: &[Read] = &roll_points::strike_reads(&TARGET_CLASSES);

/// The artillery firer's or the air strike's cohesion roll.
pub const STRIKE_COHESION: RollPoint = roll_points::strike_cohesion(
    "the firer's 1D20 plus its markers' penalties, the target's terrain and the TL modifier (an air strike's: no modifier), at or under the force's cohesion",
    STRIKE,
);

/// The deviation roll of mortars, plotted missions and air strikes.
pub const DEVIATION_ROLL: RollPoint = roll_points::deviation_roll(
    "the artillery's cohesion roll again (an air strike's with the aircraft's S and D); failed, the impact drifts 1D8 direction and 1D8 / 2 inches (air: 1D10)",
    STRIKE,
);

/// The CRT roll of a mission that lands.
pub const STRIKE_ATTACK: RollPoint = roll_points::strike_attack(
    "2D6 plus the target's terrain (no range) on the column of firepower (attack value) against the halved (quartered) defense; below -3, S",
    STRIKE,
);

/// What the AA stands' rolls show.
const AA: &[Read] = &[
    Read::flag("aa.suppressed", "the AA stands carry an S marker"),
    Read::flag("aa.disorganized", "the AA stands carry a D marker"),
    Read::flag(
        "aircraft.suppressed",
        "the aircraft carries an S marker from AA fire before this roll",
    ),
    Read::flag(
        "aircraft.disorganized",
        "the aircraft carries a D marker from AA fire before this roll",
    ),
    Read::number("aa_stands", "the AA stands firing"),
];

/// Each AA stand's cohesion roll at an aircraft.
pub const AA_FIRE: RollPoint = roll_points::aa_fire(
    "air-strike, anti-aircraft",
    "each AA stand's 1D20 plus its markers' penalties and the gun's range effect, at or under its force's cohesion to fire at the aircraft",
    "the stand does not fire",
    AA,
);

/// The CRT roll of an AA stand that fires.
pub const AA_ATTACK: RollPoint = RollPoint {
    name: "aa_attack",
    actions: "air-strike, anti-aircraft",
    roll: "2D6 on the column of the AA's HE firepower against the aircraft's defense, shifted by the tech levels (no terrain; past +9, E without a roll)",
    modifier: "added to the 2D6 (a plus helps the aircraft)",
    threshold: None,
    failed: "the attack does nothing to the aircraft",
    totals: Some((2, 12)),
    outcomes: None,
    reads: AA,
};

/// The posture roll that sets the initiative.
pub const POSTURE_ROLL: RollPoint = RollPoint {
    name: "posture_roll",
    actions: "posture, engagement",
    roll: "each side's 2D6 plus its cohesion, the higher taking the initiative (a tie as the card's option says)",
    modifier: "added to side A's total (a minus: to side B's advantage)",
    threshold: None,
    failed: "side A does not take the initiative",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &roll_points::SIDES_COHESION,
};

/// One stand's marker removal roll: the GHQ d20, or the optional chart's
/// d100.
pub const MARKER_REMOVAL: RollPoint = roll_points::marker_removal(
    "one stand's 1D20 plus its markers' penalties: a natural 1 rallies (D removed), a roll at or under cohesion clears S, a natural 20 panics; on the optional chart a d100 plus five times the penalties",
    // The optional chart rolls a d100 instead of the d20.
    None,
);

/// Every roll point of the card, for `volley rules micro-armour rolls`.
pub const ALL: &[RollPoint] = &[
    FIRER_COHESION,
    CRT_ROLL,
    ASSAULT_COHESION,
    ASSAULT_ATTACK,
    OVERRUN_COHESION,
    OVERRUN_ATTACK,
    MARKER_REMOVAL,
    STRIKE_COHESION,
    DEVIATION_ROLL,
    STRIKE_ATTACK,
    AA_FIRE,
    AA_ATTACK,
    MOVE_COHESION,
    POSTURE_ROLL,
    ORDERS_ROLL,
];
