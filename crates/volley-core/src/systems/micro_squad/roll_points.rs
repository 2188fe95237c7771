//! Micro Squad's named rolls, where a house rule's `[[roll]]` tables
//! attach: standard fire's two rolls, the firer's cohesion roll and the CRT
//! roll. Both show the fire as the question sets it.

use crate::rules::rolls::{Read, ReadKind, RollPoint};
use crate::systems::ghq::roll_points;

/// What standard fire's rolls show.
const FIRE: &[Read] = &[
    Read {
        name: "firer.suppressed",
        kind: ReadKind::Flag,
        about: "the firer carries an S marker",
    },
    Read {
        name: "firer.disorganized",
        kind: ReadKind::Flag,
        about: "the firer carries a D marker",
    },
    Read {
        name: "target.suppressed",
        kind: ReadKind::Flag,
        about: "the target carries an S marker",
    },
    Read {
        name: "target.disorganized",
        kind: ReadKind::Flag,
        about: "the target carries a D marker",
    },
    Read {
        name: "target.class",
        kind: ReadKind::Word(&["personnel", "other"]),
        about: "the target's class",
    },
    Read {
        name: "range",
        kind: ReadKind::Number,
        about: "the range in whole inches",
    },
    Read {
        name: "firepower",
        kind: ReadKind::Number,
        about: "the firer's firepower",
    },
    Read {
        name: "defense",
        kind: ReadKind::Number,
        about: "the target's defense",
    },
    Read {
        name: "smoke",
        kind: ReadKind::Flag,
        about: "firing into or out of smoke, or the target in smoke terrain",
    },
];

/// The firing stand's cohesion roll before it fires.
pub const FIRER_COHESION: RollPoint = roll_points::firer_cohesion(
    "the firer's 1D20 plus its markers' penalties and the target's terrain, at or under the force's cohesion to fire",
    FIRE,
);

/// The CRT roll of a stand that fires.
pub const CRT_ROLL: RollPoint = roll_points::crt_roll(
    "2D6 plus terrain, range and other modifiers on the CRT column of firepower against defense",
    FIRE,
);

/// Every roll point of the card, for `volley rules micro-squad rolls`.
pub const ALL: &[RollPoint] = &[FIRER_COHESION, CRT_ROLL];
