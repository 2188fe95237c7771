//! Micro Squad's named rolls, where a house rule's `[[roll]]` tables and
//! scripts attach: standard fire's two rolls (the firer's cohesion roll and
//! the CRT roll, both showing the fire as the question sets it), the marker
//! removal d20, and the rolls the GHQ cards share.

use super::fields::MINEFIELDS;
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
        &["personnel", "other"],
        "the target's class",
    ),
    Read::number("range", "the range in whole inches"),
    Read::number("firepower", "the firer's firepower"),
    Read::number("defense", "the target's defense"),
    Read::flag(
        "smoke",
        "firing into or out of smoke, or the target in smoke terrain",
    ),
];

/// The firing stand's cohesion roll before it fires.
pub const FIRER_COHESION: RollPoint = roll_points::firer_cohesion(
    "fire, engagement",
    "the firer's 1D20 plus its markers' penalties and the target's terrain, at or under the force's cohesion to fire",
    FIRE,
);

/// The CRT roll of a stand that fires.
pub const CRT_ROLL: RollPoint = roll_points::crt_roll(
    "fire, engagement",
    "2D6 plus terrain, range and other modifiers on the CRT column of firepower against defense",
    FIRE,
);

/// What an artillery mission's or air strike's rolls show.
const STRIKE: &[Read] = &roll_points::strike_reads(&["personnel", "other"]);

/// The artillery firer's or the air strike's cohesion roll.
pub const STRIKE_COHESION: RollPoint = roll_points::strike_cohesion(
    "the firer's 1D20 plus its markers' penalties and the target's terrain (an air strike: plus the AA fire's total), at or under the force's cohesion",
    STRIKE,
);

/// The deviation roll of mortars, plotted missions and air strikes.
pub const DEVIATION_ROLL: RollPoint = roll_points::deviation_roll(
    "a second cohesion roll of the firer, without the target's terrain (an air strike's without the AA total), by the card's options; failed, the impact drifts 1D8 direction and 1D6 inches (air: 2D6)",
    STRIKE,
);

/// The CRT roll of a mission that lands.
pub const STRIKE_ATTACK: RollPoint = roll_points::strike_attack(
    "2D6 plus the target's terrain (no range) on the column of firepower (attack value) against defense; below -3, S",
    STRIKE,
);

/// Each AA stand's cohesion roll against an air strike.
pub const AA_FIRE: RollPoint = roll_points::aa_fire(
    "air-strike",
    "each AA stand's 1D20 plus its markers' penalties, at or under its force's cohesion: a pass adds +1 (40 mm or less) or +2 to the strike's cohesion roll",
    "the stand adds nothing to the strike's roll",
    &[
        Read::flag("aa.suppressed", "the AA stands carry an S marker"),
        Read::flag("aa.disorganized", "the AA stands carry a D marker"),
        Read::word(
            "calibre",
            &["small", "large"],
            "the stand's calibre: small (40 mm or less) or large",
        ),
    ],
);

/// The CRT roll of a stand leaving a minefield.
pub const MINE_ATTACK: RollPoint = RollPoint {
    name: "mine_attack",
    actions: "mine-attack",
    roll: "2D6 plus the stand's terrain and the minefield's own modifier on the minefield's column",
    modifier: "added to the 2D6, as terrain is (a plus helps the stand)",
    threshold: None,
    failed: "the attack does nothing to the stand",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::word("minefield", &MINEFIELDS, "the minefield's type"),
        Read::flag("target.suppressed", "the stand carries an S marker"),
        Read::flag("target.disorganized", "the stand carries a D marker"),
        Read::word("target.class", &["personnel", "other"], "the stand's class"),
    ],
};

/// The engagement's initiative roll-off.
pub const INITIATIVE_ROLL: RollPoint = RollPoint {
    name: "initiative_roll",
    actions: "engagement",
    roll: "each side's 1D6 plus its cohesion, the higher firing first each turn, ties rolled again",
    modifier: "added to side A's total (a minus: to side B's advantage)",
    threshold: None,
    failed: "side B has the initiative",
    totals: Some((1, 6)),
    outcomes: None,
    reads: &roll_points::SIDES_COHESION,
};

/// One stand's marker removal roll: the GHQ d20.
pub const MARKER_REMOVAL: RollPoint = roll_points::marker_removal(
    "one stand's 1D20 plus its markers' penalties: a natural 1 rallies (D removed), a roll at or under cohesion clears S, a natural 20 panics",
    Some((1, 20)),
);

/// Every roll point of the card, for `volley rules micro-squad rolls`.
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
    MINE_ATTACK,
    MOVE_COHESION,
    ORDERS_ROLL,
    INITIATIVE_ROLL,
];
