//! The named rolls the GHQ cards share, where a house rule's `[[roll]]`
//! tables and scripts attach. Standard fire's two rolls (the firer's
//! cohesion roll and the CRT roll) are made by each card's own fire, so each
//! card gives their sentence and what its fire shows; the rolls of the
//! procedures both cards run alike (close assault, overrun, marker removal,
//! the move roll and the orders roll) are named here once.

use super::fields::ORDERS;
use super::markers::RemovalRoll;
use super::stand::Stand;
use crate::rules::rolls::{Read, RollPoint, Value};
use crate::tally::Category;

/// The firing stand's cohesion roll before it fires: `actions` where the
/// card rolls it, `roll` what is added on this card, `reads` what its fire
/// shows.
pub const fn firer_cohesion(
    actions: &'static str,
    roll: &'static str,
    reads: &'static [Read],
) -> RollPoint {
    RollPoint {
        name: "firer_cohesion",
        actions,
        roll,
        modifier: COHESION_MODIFIER,
        threshold: Some("the force's cohesion"),
        failed: "the stand does not fire",
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}

/// The CRT roll of a stand that fires.
pub const fn crt_roll(
    actions: &'static str,
    roll: &'static str,
    reads: &'static [Read],
) -> RollPoint {
    RollPoint {
        name: "crt_roll",
        actions,
        roll,
        modifier: CRT_MODIFIER,
        threshold: None,
        failed: "the roll does nothing to the target",
        totals: Some((2, 12)),
        outcomes: None,
        reads,
    }
}

/// What a modifier does to a GHQ cohesion roll.
const COHESION_MODIFIER: &str = "added to the D20 (a plus makes the roll harder; a natural 1 or 20 reads the die as rolled where the naturals option is on)";

/// What a modifier does to a GHQ CRT roll.
const CRT_MODIFIER: &str = "added to the 2D6, as terrain is (a plus helps the target)";

/// The markers of the stand that rolls.
const STAND_MARKERS: [Read; 2] = [
    Read::flag("stand.suppressed", "the stand carries an S marker"),
    Read::flag("stand.disorganized", "the stand carries a D marker"),
];

/// Each side's cohesion, as a roll-off for the initiative shows them.
pub const SIDES_COHESION: [Read; 2] = [
    Read::number("a.cohesion", "side A's cohesion"),
    Read::number("b.cohesion", "side B's cohesion"),
];

/// The firer's and the target's markers, as standard fire shows them.
pub const FIRE_MARKERS: [Read; 4] = [
    Read::flag("firer.suppressed", "the firer carries an S marker"),
    Read::flag("firer.disorganized", "the firer carries a D marker"),
    Read::flag("target.suppressed", "the target carries an S marker"),
    Read::flag("target.disorganized", "the target carries a D marker"),
];

/// The values of [`FIRE_MARKERS`] for a shot by `firer` at `target`: the
/// start of what standard fire's roll points show (more follow).
fn markers_shown(firer: &Stand, target: &Stand) -> Vec<Value> {
    vec![
        Value::Flag(firer.suppressed),
        Value::Flag(firer.disorganized),
        Value::Flag(target.suppressed),
        Value::Flag(target.disorganized),
    ]
}

/// What standard fire's roll points show of one side's shots but the stands'
/// markers: the values after [`FIRE_MARKERS`]'s, in the card's order.
pub type FireShown = [Value; 5];

/// What standard fire's roll points show of a shot by `firer` at `target`:
/// the markers, then what the side's fire `shows`.
pub fn fire_shown(firer: &Stand, target: &Stand, shows: &FireShown) -> Vec<Value> {
    let mut shown = markers_shown(firer, target);
    shown.extend(shows);
    shown
}

/// What an artillery mission's or air strike's rolls show, the target's
/// class one of the card's `classes`.
pub const fn strike_reads(classes: &'static [&'static str]) -> [Read; 6] {
    [
        Read::word(
            "mission",
            &MISSIONS,
            "the mission: direct-artillery, indirect-artillery or air-strike",
        ),
        Read::flag(
            "firer.suppressed",
            "the artillery firer carries an S marker (an aircraft: from AA fire, where the card marks it)",
        ),
        Read::flag(
            "firer.disorganized",
            "the artillery firer carries a D marker (an aircraft: from AA fire, where the card marks it)",
        ),
        FIRE_MARKERS[2],
        FIRE_MARKERS[3],
        Read::word("target.class", classes, "the target's class"),
    ]
}

/// The markers of the stand attacked.
const TARGET_MARKERS: [Read; 2] = [
    Read::flag(
        "target.suppressed",
        "the stand attacked carries an S marker",
    ),
    Read::flag(
        "target.disorganized",
        "the stand attacked carries a D marker",
    ),
];

/// What a close assault's or an overrun's rolls show of a roll about `stand`,
/// of `side`, with `stands` stands assaulting or overrunning.
pub fn side_shown(side: &'static str, stand: &Stand, stands: u32) -> Vec<Value> {
    vec![
        Value::Word(side),
        Value::Flag(stand.suppressed),
        Value::Flag(stand.disorganized),
        Value::Number(i64::from(stands)),
    ]
}

/// Each side's cohesion roll in a close assault.
pub const ASSAULT_COHESION: RollPoint = RollPoint {
    name: "assault_cohesion",
    actions: "close-assault",
    roll: "a stand's 1D20 plus its markers' penalties, at or under its force's cohesion: the defender's to attack one assaulter, each assaulter's to attack the defender",
    modifier: COHESION_MODIFIER,
    threshold: Some("the rolling side's cohesion"),
    failed: "the stand does not attack",
    totals: Some((1, 20)),
    outcomes: None,
    reads: &[
        Read::word(
            "side",
            &["assaulter", "defender"],
            "whose roll: an assaulting stand's or the defender's",
        ),
        STAND_MARKERS[0],
        STAND_MARKERS[1],
        Read::number("assaulters", "the stands assaulting"),
    ],
};

/// The CRT roll of an attack in a close assault.
pub const ASSAULT_ATTACK: RollPoint = RollPoint {
    name: "assault_attack",
    actions: "close-assault",
    roll: "2D6 plus the close assault's modifier on the attacker's CRT column, for a stand whose cohesion roll passed",
    modifier: CRT_MODIFIER,
    threshold: None,
    failed: "the attack does nothing to the stand attacked",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::word(
            "attacked",
            &["assaulter", "defender"],
            "the stand attacked: an assaulter (by the defender) or the defender",
        ),
        TARGET_MARKERS[0],
        TARGET_MARKERS[1],
        Read::number("assaulters", "the stands assaulting"),
    ],
};

/// Each side's cohesion roll in an overrun.
pub const OVERRUN_COHESION: RollPoint = RollPoint {
    name: "overrun_cohesion",
    actions: "overrun",
    roll: "a stand's 1D20 plus the card's modifiers, at or under its force's cohesion: the defender rolls once per overrunning stand, each overrunning stand once",
    modifier: COHESION_MODIFIER,
    threshold: Some("the rolling side's cohesion"),
    failed: "the stand that failed is attacked (the defender on the card's overrun column, an overrunning stand on the defender's)",
    totals: Some((1, 20)),
    outcomes: None,
    reads: &[
        Read::word(
            "side",
            &["attacker", "defender"],
            "whose roll: an overrunning stand's or the defender's",
        ),
        STAND_MARKERS[0],
        STAND_MARKERS[1],
        Read::number("attackers", "the stands overrunning"),
    ],
};

/// The CRT roll of an attack in an overrun.
pub const OVERRUN_ATTACK: RollPoint = RollPoint {
    name: "overrun_attack",
    actions: "overrun",
    roll: "2D6 plus the victim's terrain on the card's fixed overrun column, for each failed cohesion roll",
    modifier: CRT_MODIFIER,
    threshold: None,
    failed: "the attack does nothing to the stand attacked",
    totals: Some((2, 12)),
    outcomes: None,
    reads: &[
        Read::word(
            "attacked",
            &["attacker", "defender"],
            "the stand attacked: an overrunning stand or the defender",
        ),
        TARGET_MARKERS[0],
        TARGET_MARKERS[1],
        Read::number("attackers", "the stands overrunning"),
    ],
};

/// One stand's marker removal roll (`totals`: the die's faces; `None`
/// where a card's option rolls another die).
pub const fn marker_removal(roll: &'static str, totals: Option<(u32, u32)>) -> RollPoint {
    RollPoint {
        name: "marker_removal",
        actions: "marker-removal, engagement",
        roll,
        modifier: "added to the die against cohesion, as the markers' penalties are (a plus makes it harder; the natural 1 and 20 read the die as rolled)",
        threshold: Some("the force's cohesion"),
        failed: "no marker removed, or a panic",
        totals,
        outcomes: Some(RemovalRoll::LABELS),
        reads: REMOVAL_READS,
    }
}

/// What a marker removal roll shows.
const REMOVAL_READS: &[Read] = &[
    STAND_MARKERS[0],
    STAND_MARKERS[1],
    Read::number("cohesion", "the force's cohesion, before any rule moves it"),
];

/// A unit or group's cohesion roll to move.
pub const MOVE_COHESION: RollPoint = RollPoint {
    name: "move_cohesion",
    actions: "move",
    roll: "1D20 plus the movement chart's modifiers (order status, HQ attached, markers), at or under the force's cohesion to move",
    modifier: COHESION_MODIFIER,
    threshold: Some("the force's cohesion"),
    failed: "the unit or group does not move",
    totals: Some((1, 20)),
    outcomes: None,
    reads: &[
        Read::word("order", &ORDERS, "the unit or group's order status"),
        Read::number("hq_attached", "HQ stands attached to the group"),
        STAND_MARKERS[0],
        STAND_MARKERS[1],
    ],
};

/// The Command Efficiency roll.
pub const ORDERS_ROLL: RollPoint = RollPoint {
    name: "orders_roll",
    actions: "orders",
    roll: "the command die plus the command modifiers, read on the Command Efficiency Table for the orders this turn",
    modifier: "added to the roll (a plus gives more orders)",
    threshold: None,
    failed: "the roll gives the table's fewest orders",
    // Micro Squad's option rolls 1D6 instead of 2D6.
    totals: None,
    outcomes: None,
    reads: &[Read::number(
        "modifier",
        "the roll's command modifiers as the question gives them",
    )],
};

/// The missions whose rolls [`strike_cohesion`], [`deviation_roll`] and
/// [`strike_attack`] name.
pub const MISSIONS: [&str; 3] = ["direct-artillery", "indirect-artillery", "air-strike"];

/// What a mission's roll points show: the mission, the firer's markers
/// (an aircraft's), the target's, and its class as the card names it.
pub fn strike_shown(
    mission: &'static str,
    firer: &Stand,
    target: &Stand,
    class: &'static str,
) -> Vec<Value> {
    let mut shown = vec![Value::Word(mission)];
    shown.extend(markers_shown(firer, target));
    shown.push(Value::Word(class));
    shown
}

/// The mission's cohesion roll: the artillery firer's, or the air strike's
/// (a failure aborts it).
pub const fn strike_cohesion(roll: &'static str, reads: &'static [Read]) -> RollPoint {
    RollPoint {
        name: "strike_cohesion",
        actions: "direct-artillery, indirect-artillery, air-strike",
        roll,
        modifier: COHESION_MODIFIER,
        threshold: Some("the firing (or attacking) force's cohesion"),
        failed: "the mission does not fire (an air strike aborts)",
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}

/// The deviation roll of a mission that deviates (mortars, plotted
/// missions, air strikes).
pub const fn deviation_roll(roll: &'static str, reads: &'static [Read]) -> RollPoint {
    RollPoint {
        name: "deviation_roll",
        actions: "direct-artillery, indirect-artillery, air-strike",
        roll,
        modifier: COHESION_MODIFIER,
        threshold: Some("the firing (or attacking) force's cohesion"),
        failed: "the impact deviates: a direction die and the card's distance dice, off target past the impact radius",
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}

/// The CRT roll of a mission that lands.
pub const fn strike_attack(roll: &'static str, reads: &'static [Read]) -> RollPoint {
    RollPoint {
        name: "strike_attack",
        actions: "direct-artillery, indirect-artillery, air-strike",
        roll,
        modifier: CRT_MODIFIER,
        threshold: None,
        failed: "the attack does nothing to the target",
        totals: Some((2, 12)),
        outcomes: None,
        reads,
    }
}

/// Each AA stand's cohesion roll against an air strike (`actions`: where
/// the card fires it).
pub const fn aa_fire(
    actions: &'static str,
    roll: &'static str,
    failed: &'static str,
    reads: &'static [Read],
) -> RollPoint {
    RollPoint {
        name: "aa_fire",
        actions,
        roll,
        modifier: COHESION_MODIFIER,
        threshold: Some("the AA force's cohesion"),
        failed,
        totals: Some((1, 20)),
        outcomes: None,
        reads,
    }
}
