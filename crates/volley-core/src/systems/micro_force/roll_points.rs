//! Micro Force's named rolls, where a house rule's `[[roll]]` tables
//! attach: the charger's and the defender's cohesion checks in a charge
//! (each shows both units as they stand at the check), and each round of
//! melee dice (its dice and modifiers, and the round).

use super::charts::Charts;
use super::unit::{Arm, COVERS, FORMATIONS, Unit};
use crate::dice::Dice;
use crate::rules::rolls::{Read, ReadKind, RollPoint, Value};
use crate::systems::ghq::CohesionTest;

const ARM: ReadKind = ReadKind::Word(&Arm::NAMES);
const FORMATION: ReadKind = ReadKind::Word(&FORMATIONS);
const COVER: ReadKind = ReadKind::Word(&COVERS);

/// What a charge's checks show: the charger, then the defender.
const BOTH_UNITS: &[Read] = &[
    Read {
        name: "attacker.arm",
        kind: ARM,
        about: "the charger's arm",
    },
    Read {
        name: "attacker.formation",
        kind: FORMATION,
        about: "the charger's formation",
    },
    Read {
        name: "attacker.steps_left",
        kind: ReadKind::Number,
        about: "the charger's half stands left",
    },
    Read {
        name: "attacker.shaken",
        kind: ReadKind::Flag,
        about: "the charger is Shaken",
    },
    Read {
        name: "defender.arm",
        kind: ARM,
        about: "the defender's arm",
    },
    Read {
        name: "defender.formation",
        kind: FORMATION,
        about: "the defender's formation",
    },
    Read {
        name: "defender.cover",
        kind: COVER,
        about: "the defender's cover",
    },
    Read {
        name: "defender.steps_left",
        kind: ReadKind::Number,
        about: "the defender's half stands left",
    },
    Read {
        name: "defender.shaken",
        kind: ReadKind::Flag,
        about: "the defender is Shaken",
    },
];

/// The charger's cohesion check before it goes in.
pub const CHARGER_CHECK: RollPoint = RollPoint {
    name: "charger_check",
    actions: "charge, firefight",
    roll: "the charger's 1D20 plus its beads' penalty, at or under its cohesion to go in (else it falters)",
    modifier: "added to the D20 (a plus makes the check harder; a natural 1 or 20 reads the die as rolled where the naturals option is on)",
    threshold: Some("the charger's cohesion (Chart 7)"),
    failed: "the charger falters",
    totals: Some((1, 20)),
    outcomes: None,
    reads: BOTH_UNITS,
};

/// The defender's cohesion check when the charger comes on.
pub const DEFENDER_CHECK: RollPoint = RollPoint {
    name: "defender_check",
    actions: "charge, firefight",
    roll: "the defender's 1D20 plus its beads' penalty, at or under its cohesion to stand (else it skedaddles, Disordered)",
    modifier: "added to the D20 (a plus makes the check harder; a natural 1 or 20 reads the die as rolled where the naturals option is on)",
    threshold: Some("the defender's cohesion (Chart 7)"),
    failed: "the defender skedaddles",
    totals: Some((1, 20)),
    outcomes: None,
    reads: BOTH_UNITS,
};

/// A round of melee: each side's highest melee die plus its modifiers.
pub const MELEE_DICE: RollPoint = RollPoint {
    name: "melee_dice",
    actions: "melee, charge, firefight",
    roll: "each side rolls its melee dice (by the stands' ratio) and keeps the highest, plus its Chart 10 modifiers; the charger's total less the defender's (capped) reads Chart 10",
    modifier: "added to the charger's total (a negative one: to the defender's advantage)",
    threshold: None,
    failed: "the charger does not win the round (a tie or the defender's win)",
    totals: Some((1, 6)),
    outcomes: None,
    reads: &[
        Read {
            name: "attacker.dice",
            kind: ReadKind::Number,
            about: "the charger's melee dice",
        },
        Read {
            name: "defender.dice",
            kind: ReadKind::Number,
            about: "the defender's melee dice",
        },
        Read {
            name: "attacker.modifier",
            kind: ReadKind::Number,
            about: "the charger's Chart 10 modifiers, summed",
        },
        Read {
            name: "defender.modifier",
            kind: ReadKind::Number,
            about: "the defender's Chart 10 modifiers, summed",
        },
        Read {
            name: "round",
            kind: ReadKind::Number,
            about: "the melee round (1: the first; the melee action: 1)",
        },
    ],
};

/// Every roll point of the card, for `volley rules micro-force rolls`.
pub const ALL: &[RollPoint] = &[CHARGER_CHECK, DEFENDER_CHECK, MELEE_DICE];

/// What a melee round's roll point shows.
pub fn melee_shown(dice: (u32, u32), mods: (i32, i32), round: u32) -> Vec<Value> {
    vec![
        Value::Number(i64::from(dice.0)),
        Value::Number(i64::from(dice.1)),
        Value::Number(i64::from(mods.0)),
        Value::Number(i64::from(mods.1)),
        Value::Number(i64::from(round)),
    ]
}

/// What a charge's checks show of the two units.
fn shown(attacker: &Unit, defender: &Unit) -> Vec<Value> {
    let steps = |u: &Unit| Value::Number(i64::from(u.half_stands()));
    vec![
        Value::Word(attacker.arm.name()),
        Value::Word(attacker.formation_name()),
        steps(attacker),
        Value::Flag(attacker.shaken),
        Value::Word(defender.arm.name()),
        Value::Word(defender.formation_name()),
        Value::Word(defender.cover_name()),
        steps(defender),
        Value::Flag(defender.shaken),
    ]
}

/// Does `checker` (the charger or the defender, as `point` says) pass its
/// cohesion check in a charge, under the house rules' roll rules?
pub fn charge_check<D: Dice>(
    point: &RollPoint,
    dice: &mut D,
    charts: &Charts,
    attacker: &Unit,
    defender: &Unit,
) -> bool {
    let checker = if point.name == CHARGER_CHECK.name {
        attacker
    } else {
        defender
    };
    let test = CohesionTest {
        cohesion: checker.cohesion(charts),
        modifier: checker.bead_penalty(charts),
        naturals: charts.data.options.mf_naturals(),
    };
    test.rolled_at(&charts.rolls, point, dice, || shown(attacker, defender))
}
