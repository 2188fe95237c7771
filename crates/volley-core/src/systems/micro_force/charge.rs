//! The charge: charge bonus 1D6-2, reach from Chart 9, the
//! defender's opportunity fire at the charger as it comes on, the charger's
//! cohesion check (Falter), the defender's (Skedaddle: 1D6" back, Disordered),
//! contact, melee on Chart 10 with its modifiers, losses, fall-backs, Disorder
//! after melee.
//!
//! "Does the charge work?": the charger goes in, and the
//! defender either skedaddles out of reach or loses the melee. The `charge`
//! variable splits every way a charge can end, so nobody has to guess what counts.

use super::charts::Charts;
use super::fire::Situation;
use super::unit::Morale;
use super::unit::{Arm, Unit};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally, run_steps};
use crate::tally::{Label, Mean, Outcome, YesNo};
use std::sync::Arc;

crate::categories! {
    /// How a charge ends: values of the `charge` variable.
    pub enum ChargeEnd {
        Falter = "falter",
        NoContact = "no-contact",
        StoppedByFire = "stopped-by-fire",
        DefenderSkedaddles = "defender-skedaddles",
        AttackerWinsMelee = "attacker-wins-melee",
        AttackerWinsMeleeDecisively = "attacker-wins-melee-decisively",
        Tie = "tie",
        DefenderWinsMelee = "defender-wins-melee",
        DefenderWinsMeleeDecisively = "defender-wins-melee-decisively",
    }
}

/// The values of `charge` in which the charge works.
pub const WORKS: [ChargeEnd; 3] = [
    ChargeEnd::DefenderSkedaddles,
    ChargeEnd::AttackerWinsMelee,
    ChargeEnd::AttackerWinsMeleeDecisively,
];

/// The values of `charge` in which the units met in melee.
pub const MELEE: [ChargeEnd; 5] = [
    ChargeEnd::AttackerWinsMelee,
    ChargeEnd::AttackerWinsMeleeDecisively,
    ChargeEnd::Tie,
    ChargeEnd::DefenderWinsMelee,
    ChargeEnd::DefenderWinsMeleeDecisively,
];

crate::categories! {
    /// Which side ends the charge routed: values of the `routed` variable.
    pub enum Routed {
        Neither = "neither",
        Attacker = "attacker",
        Defender = "defender",
        Both = "both",
    }
}

/// What each value of `charge` means, for `--help` and reports.
pub const CHARGE_MEANINGS: [(&str, &str); 9] = [
    (
        "falter",
        "the charger failed its cohesion check and stopped",
    ),
    (
        "no-contact",
        "the target was out of reach (move + bonus short of 1\" from it)",
    ),
    (
        "stopped-by-fire",
        "the defender's opportunity fire routed or destroyed the charger",
    ),
    (
        "defender-skedaddles",
        "the defender failed its check and fell back out of reach (a caught skedaddler fights, under the melee values)",
    ),
    ("attacker-wins-melee", "Chart 10 difference +1 or +2"),
    (
        "attacker-wins-melee-decisively",
        "Chart 10 difference +3 or more: the defender falls back",
    ),
    (
        "tie",
        "Chart 10 difference 0: the melee stays open (next turn's melee phase; option mf_tie_rounds = immediate plays it out now)",
    ),
    ("defender-wins-melee", "Chart 10 difference -1 or -2"),
    (
        "defender-wins-melee-decisively",
        "Chart 10 difference -3 or less: the attacker falls back",
    ),
];

/// Most immediate re-melees of a tie (option `immediate`).
pub(super) const MAX_ROUNDS: u32 = 10;

/// The defender's opportunity fire at the charger.
#[derive(Clone, Copy, Debug)]
pub struct OpportunityFire {
    pub situation: Situation,
}

/// A charge of one unit on another.
#[derive(Clone, Debug)]
pub struct Charge {
    pub charts: Arc<Charts>,
    pub attacker: Unit,
    pub defender: Unit,
    /// Inches between the units.
    pub distance: i32,
    /// Inches the charger may move this turn (Chart 9) before the bonus.
    pub allowance: i32,
    /// Extra modifiers (attacker, defender) besides those read from the units.
    pub mods: (i32, i32),
    pub flank_or_rear: bool,
    pub defender_woods: bool,
    pub defender_higher: bool,
    /// `None` when the defender does not (or cannot) fire at the charger.
    pub opportunity_fire: Option<OpportunityFire>,
}

/// How the charge ended, the melee difference (`None`: no melee), and both
/// units after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChargeOutcome {
    pub class: ChargeEnd,
    pub difference: Option<i32>,
    pub attacker: Unit,
    pub defender: Unit,
}

impl Charge {
    /// The melee modifiers the units' state implies, plus the fixed ones.
    /// `charge_move` is the charger's allowance plus its bonus roll; `covered` the
    /// inches it moved to contact.
    pub(super) fn melee_mods(
        &self,
        attacker: &Unit,
        defender: &Unit,
        charge_move: i32,
        covered: i32,
    ) -> (i32, i32) {
        let charts = &self.charts;
        let m = &charts.charge_melee;
        let mut a = self.mods.0;
        let mut d = self.mods.1;
        d += match defender.cover_name() {
            "light" => m.defender_light_cover,
            "medium" => charts.data.options.mf_melee_medium_cover(),
            "heavy" => m.defender_heavy_cover,
            _ => 0,
        };
        if self.defender_woods {
            d += m.defender_woods_rough;
        }
        if self.defender_higher {
            d += m.defender_higher;
        }
        a += match defender.formation_name() {
            "skirmish" => m.defender_skirmish,
            "disordered" => m.defender_disordered,
            "column" => m.defender_column,
            _ => 0,
        };
        // Cavalry in line that moved at least half its charge move (bonus included).
        if self.cavalry_line(attacker) && 2 * covered >= charge_move {
            a += m.attacker_cavalry_line_half_move;
        }
        if attacker.formation_name() == "attack_column" {
            a += m.attacker_attack_column;
        }
        if self.flank_or_rear {
            a += m.attacker_flank_rear;
        }
        (a, d)
    }

    pub(super) fn cavalry_line(&self, attacker: &Unit) -> bool {
        attacker.arm == Arm::Cavalry && attacker.formation_name() == "line"
    }

    pub(super) fn ended(&self, class: ChargeEnd, attacker: Unit, defender: Unit) -> ChargeOutcome {
        ChargeOutcome {
            class,
            difference: None,
            attacker,
            defender,
        }
    }
}

/// The `charge` class of a melee that ended with `difference`; an eliminated side
/// has lost whatever the dice said.
pub(super) fn melee_class(difference: i32, attacker: &Unit, defender: &Unit) -> ChargeEnd {
    use ChargeEnd::*;
    let by_difference = match difference {
        d if d >= 3 => AttackerWinsMeleeDecisively,
        d if d > 0 => AttackerWinsMelee,
        0 => Tie,
        d if d > -3 => DefenderWinsMelee,
        _ => DefenderWinsMeleeDecisively,
    };
    match (attacker.eliminated(), defender.eliminated()) {
        (false, true) if by_difference > AttackerWinsMeleeDecisively => AttackerWinsMelee,
        (true, false) if by_difference < DefenderWinsMelee => DefenderWinsMelee,
        _ => by_difference,
    }
}

/// Where [`Charge`] records.
pub struct ChargeRecord {
    charge: Outcome<ChargeEnd>,
    works: Outcome<YesNo>,
    melee_difference: Outcome<Label>,
    routed: Outcome<Routed>,
    attacker_steps_lost: Outcome<u32>,
    defender_steps_lost: Outcome<u32>,
    attacker_morale: Outcome<Morale>,
    defender_morale: Outcome<Morale>,
    mean_attacker_steps_lost: Mean,
    mean_defender_steps_lost: Mean,
}

impl Procedure for Charge {
    type Outcome = ChargeOutcome;
    type Record = ChargeRecord;

    fn declare(&self, schema: &mut Schema) -> ChargeRecord {
        let max = self.charts.data.melee.max_difference;
        let mut differences = vec!["no-melee".to_string()];
        differences.extend((-max..=max).map(|d| d.to_string()));
        let (a_steps, d_steps) = (self.attacker.steps(), self.defender.steps());
        let charge = schema.outcome("charge");
        let works = schema.outcome("works");
        schema.conditional("works_given_contact", charge, &WORKS, &MELEE);
        ChargeRecord {
            charge,
            works,
            melee_difference: schema.labelled("melee_difference", differences),
            routed: schema.outcome("routed"),
            attacker_steps_lost: schema.count("attacker_steps_lost", a_steps),
            defender_steps_lost: schema.count("defender_steps_lost", d_steps),
            attacker_morale: schema.outcome("attacker_morale"),
            defender_morale: schema.outcome("defender_morale"),
            mean_attacker_steps_lost: schema.mean_within(
                "attacker_steps_lost",
                0.0,
                f64::from(a_steps),
            ),
            mean_defender_steps_lost: schema.mean_within(
                "defender_steps_lost",
                0.0,
                f64::from(d_steps),
            ),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> ChargeOutcome {
        run_steps(self, dice)
    }

    fn record(&self, rec: &ChargeRecord, o: &ChargeOutcome, tally: &mut Tally, w: f64) {
        let a_lost = u32::from(o.attacker.steps_lost - self.attacker.steps_lost);
        let d_lost = u32::from(o.defender.steps_lost - self.defender.steps_lost);
        let max = self.charts.data.melee.max_difference;
        // Label 0 is `no-melee`; a difference d is at d + max + 1.
        let difference = Label(o.difference.map_or(0, |d| (d + max + 1) as usize));
        let routed = |u: &Unit| u.routed && !u.eliminated();
        let routed = match (routed(&o.attacker), routed(&o.defender)) {
            (false, false) => Routed::Neither,
            (true, false) => Routed::Attacker,
            (false, true) => Routed::Defender,
            (true, true) => Routed::Both,
        };
        tally.count(rec.charge, o.class, w);
        tally.count(rec.works, WORKS.contains(&o.class).into(), w);
        tally.count(rec.melee_difference, difference, w);
        tally.count(rec.routed, routed, w);
        tally.count(rec.attacker_steps_lost, a_lost, w);
        tally.count(rec.defender_steps_lost, d_lost, w);
        tally.count(rec.attacker_morale, o.attacker.morale(), w);
        tally.count(rec.defender_morale, o.defender.morale(), w);
        tally.add(rec.mean_attacker_steps_lost, f64::from(a_lost), w);
        tally.add(rec.mean_defender_steps_lost, f64::from(d_lost), w);
    }
}
