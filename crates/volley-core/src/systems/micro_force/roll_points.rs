//! Micro Force's named rolls, where a house rule's `[[roll]]` tables and
//! scripts attach: the charger's and the defender's cohesion checks in a
//! charge (each shows both units as they stand at the check), each round of
//! melee dice (its dice and modifiers, and the round), the charge bonus and
//! a skedaddler's run back, a volley's pre-fire check, Chart 6 roll and
//! officer check, the S test, the rally, recovery and initiative rolls.

use super::charts::Charts;
use super::officer_result::Officer;
use super::unit::{Arm, COVERS, FORMATIONS, Unit};
use crate::dice::Dice;
use crate::rules::rolls::{Read, RollPoint, Value};
use crate::systems::ghq::CohesionTest;
use crate::tally::Category;

/// What a charge's checks show: the charger, then the defender.
const BOTH_UNITS: &[Read] = &[
    Read::word("attacker.arm", &Arm::NAMES, "the charger's arm"),
    Read::word("attacker.formation", &FORMATIONS, "the charger's formation"),
    Read::number("attacker.steps_left", "the charger's half stands left"),
    Read::flag("attacker.shaken", "the charger is Shaken"),
    Read::word("defender.arm", &Arm::NAMES, "the defender's arm"),
    Read::word(
        "defender.formation",
        &FORMATIONS,
        "the defender's formation",
    ),
    Read::word("defender.cover", &COVERS, "the defender's cover"),
    Read::number("defender.steps_left", "the defender's half stands left"),
    Read::flag("defender.shaken", "the defender is Shaken"),
];

/// The charger's cohesion check before it goes in.
pub const CHARGER_CHECK: RollPoint = cohesion_check(
    "charger_check",
    "charge, firefight",
    "the charger's 1D20 plus its beads' penalty, at or under its cohesion to go in (else it falters)",
    "the charger's cohesion (Chart 7)",
    "the charger falters",
    BOTH_UNITS,
);

/// The defender's cohesion check when the charger comes on.
pub const DEFENDER_CHECK: RollPoint = cohesion_check(
    "defender_check",
    "charge, firefight",
    "the defender's 1D20 plus its beads' penalty, at or under its cohesion to stand (else it skedaddles, Disordered)",
    "the defender's cohesion (Chart 7)",
    "the defender skedaddles",
    BOTH_UNITS,
);

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
        Read::number("attacker.dice", "the charger's melee dice"),
        Read::number("defender.dice", "the defender's melee dice"),
        Read::number(
            "attacker.modifier",
            "the charger's Chart 10 modifiers, summed",
        ),
        Read::number(
            "defender.modifier",
            "the defender's Chart 10 modifiers, summed",
        ),
        Read::number(
            "round",
            "the melee round (1: the first; the melee action: 1)",
        ),
    ],
};

/// What a volley's rolls show: the firer, then the target.
const VOLLEY: &[Read] = &[
    Read::word("firer.arm", &Arm::NAMES, "the firer's arm"),
    Read::word("firer.formation", &FORMATIONS, "the firer's formation"),
    Read::number("firer.steps_left", "the firer's half stands left"),
    Read::flag("firer.shaken", "the firer is Shaken"),
    Read::word("target.arm", &Arm::NAMES, "the target's arm"),
    Read::word("target.formation", &FORMATIONS, "the target's formation"),
    Read::word("target.cover", &COVERS, "the target's cover"),
    Read::number("target.steps_left", "the target's half stands left"),
    Read::flag("target.shaken", "the target is Shaken"),
];

/// A unit's Chart 7 check: its 1D20 (`roll` says what is added and what
/// passing means) at or under `threshold`, failing as `failed` says.
const fn cohesion_check(
    name: &'static str,
    actions: &'static str,
    roll: &'static str,
    threshold: &'static str,
    failed: &'static str,
    reads: &'static [Read],
) -> RollPoint {
    RollPoint {
        name,
        actions,
        roll,
        modifier: COHESION_MODIFIER,
        threshold: Some(threshold),
        failed,
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}

/// What a unit's own checks show: the unit, then `more` (what the check is).
const fn unit_and(more: Read) -> [Read; 6] {
    [UNIT[0], UNIT[1], UNIT[2], UNIT[3], UNIT[4], more]
}

/// A cohesion check's modifier on this card.
const COHESION_MODIFIER: &str = "added to the D20 (a plus makes the check harder; a natural 1 or 20 reads the die as rolled where the naturals option is on)";

/// The firer's cohesion check before a volley.
pub const PRE_FIRE_CHECK: RollPoint = cohesion_check(
    "pre_fire_check",
    "fire, charge, firefight",
    "the firer's 1D20 plus its beads' penalty, at or under its cohesion; a failure adds the failed-cohesion modifier to Chart 6",
    "the firer's cohesion (Chart 7)",
    "the volley is rolled with the failed-cohesion modifier",
    VOLLEY,
);

/// A volley's Chart 6 roll.
pub const FIRE_ROLL: RollPoint = RollPoint {
    name: "fire_roll",
    actions: "fire, charge, firefight",
    roll: "2D6 plus the fire modifiers on Chart 6 (the Butcher's Bill), at the attack value less the target's DV: steps lost, S, or nothing",
    modifier: "added to the 2D6, as the card's fire modifiers are (a plus helps the target)",
    threshold: None,
    failed: "the volley costs the target nothing (no loss and no S)",
    totals: Some((2, 12)),
    outcomes: None,
    reads: VOLLEY,
};

/// What a unit's own checks show.
const UNIT: [Read; 5] = [
    Read::word("unit.arm", &Arm::NAMES, "the unit's arm"),
    Read::word("unit.formation", &FORMATIONS, "the unit's formation"),
    Read::number("unit.steps_left", "the unit's half stands left"),
    Read::flag("unit.shaken", "the unit is Shaken"),
    Read::flag("unit.routed", "the unit is Routed"),
];

/// The outcomes of the S test, in [`super::morale::Check`]'s order.
pub const S_TEST_OUTCOMES: [&str; 3] = ["pass", "fail", "fail-by-5"];

/// The S test after losses, an S result, a lost melee or a fallen
/// commander.
pub const S_TEST: RollPoint = RollPoint {
    outcomes: Some(&S_TEST_OUTCOMES),
    ..cohesion_check(
        "s_test",
        "fire, charge, melee, firefight",
        "the unit's 1D20 plus its beads' penalty and the situation, against its cohesion: a failure gives a white bead (Shaken), a failure by 5 or more a black one (Routed)",
        "the unit's cohesion (Chart 7)",
        "the unit is Shaken or Routed",
        &unit_and(Read::flag(
            "death_test",
            "the test is a fallen commander's death test (it cannot rout)",
        )),
    )
};

/// One rally roll, per bead.
pub const RALLY_ROLL: RollPoint = cohesion_check(
    "rally_roll",
    "rally, firefight",
    "the unit's 1D20 plus the rally penalty (+3 Shaken, +5 Routed) and its beads' (by the card's option), at or under its cohesion, one roll per bead, Shaken first; the miracle face clears both",
    "the unit's cohesion (Chart 7)",
    "the bead stays",
    &unit_and(Read::word(
        "bead",
        &["shaken", "routed"],
        "the bead this roll removes",
    )),
);

/// The tests to cease fire, rejoin and resupply.
pub const RECOVERY_TEST: RollPoint = cohesion_check(
    "recovery_test",
    "cease-fire, rejoin, resupply",
    "the unit's 1D20 plus the test's penalty and its beads', at or under its cohesion",
    "the unit's cohesion (Chart 7)",
    "the unit does not cease fire, rejoin or resupply",
    &unit_and(Read::word(
        "test",
        &["cease-fire", "rejoin", "resupply"],
        "which test",
    )),
);

/// The initiative roll-off.
pub const INITIATIVE_ROLL: RollPoint = RollPoint {
    name: "initiative_roll",
    actions: "initiative, firefight",
    roll: "each side's 2D6 plus its Chart 2 command bonus, the lower winning (a tie keeps last turn's winner; on the first turn, the card's option)",
    modifier: "added to side A's total (low wins: a minus is to A's advantage)",
    threshold: None,
    failed: "side A does not win the initiative",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::number("a.bonus", "side A's command bonus"),
        Read::number("b.bonus", "side B's command bonus"),
        Read::flag(
            "first_turn",
            "the first turn's roll (no winner yet to keep a tie)",
        ),
    ],
};

/// The charge bonus roll.
pub const CHARGE_BONUS: RollPoint = RollPoint {
    name: "charge_bonus",
    actions: "charge, firefight",
    roll: "the charge bonus die added to the charger's allowance: it makes contact when the move brings it within 1 inch of the target",
    modifier: "added to the charge move in inches (a plus: further)",
    threshold: None,
    failed: "no contact",
    // The card's chart names the die.
    totals: None,
    outcomes: None,
    reads: BOTH_UNITS,
};

/// A skedaddling defender's run back.
pub const SKEDADDLE_RUN: RollPoint = RollPoint {
    name: "skedaddle_run",
    actions: "charge, firefight",
    roll: "the skedaddling defender's dice of inches run back: the charger catches it when its spare move covers the run",
    modifier: "added to the inches run (a plus: it gets away more often)",
    threshold: None,
    failed: "the defender is caught",
    totals: None,
    outcomes: None,
    reads: BOTH_UNITS,
};

/// The officer check of a volley that cost steps.
pub const OFFICER_HIT: RollPoint = RollPoint {
    name: "officer_hit",
    actions: "fire, charge, firefight",
    roll: "1D6 for the officer with a unit a volley cost steps, hit on the card's chance, then 1D6 for the Chart 8 row",
    modifier: "added to the hit die (a plus: hit more often; the Chart 8 die is rolled as printed)",
    threshold: None,
    failed: "the officer is hit",
    totals: None,
    outcomes: Some(Officer::LABELS),
    reads: &unit_and(Read::number(
        "steps_lost",
        "the steps the volley cost the unit",
    )),
};

/// Every roll point of the card, for `volley rules micro-force rolls`.
pub const ALL: &[RollPoint] = &[
    CHARGER_CHECK,
    DEFENDER_CHECK,
    MELEE_DICE,
    PRE_FIRE_CHECK,
    FIRE_ROLL,
    S_TEST,
    RALLY_ROLL,
    RECOVERY_TEST,
    INITIATIVE_ROLL,
    CHARGE_BONUS,
    SKEDADDLE_RUN,
    OFFICER_HIT,
];

/// What a unit's own checks show of it, then `more` (what the check is).
pub fn unit_shown(unit: &Unit, more: Value) -> Vec<Value> {
    vec![
        Value::Word(unit.arm.name()),
        Value::Word(unit.formation_name()),
        Value::Number(i64::from(unit.half_stands())),
        Value::Flag(unit.shaken),
        Value::Flag(unit.routed),
        more,
    ]
}

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

/// What a charge's checks show of the two units (a volley's: the firer
/// and the target).
pub fn shown(attacker: &Unit, defender: &Unit) -> Vec<Value> {
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
