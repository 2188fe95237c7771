//! The charge (RULES.md 1.5.4-1.5.5): charge bonus 1D6-2, reach from Chart 9, the
//! charger's cohesion check (Falter), the defender's (Skedaddle: 1D6" back,
//! Disordered), contact, melee on Chart 10 with its modifiers, losses, fall-backs,
//! Disorder after melee, and a tie that melees again.
//!
//! "Does the charge work?" is P(charge = defender-driven-off): the defender
//! skedaddled, or lost the melee and fell back, or was routed or destroyed by it.

use super::charts::{Charts, SkedaddleBead, TieRounds};
use super::fields;
use super::melee::{apply_result, roll_difference};
use super::morale::{Check, check};
use super::unit::{Arm, MORALE_LABELS, Unit};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::{Action, FieldSpec, Scenario};
use std::sync::Arc;

pub const CHARGE_LABELS: [&str; 6] = [
    "falter",
    "no-contact",
    "defender-driven-off",
    "attacker-repulsed",
    "melee-continues",
    "stand-off",
];

/// Most immediate re-melees of a tie (option `immediate`).
const MAX_ROUNDS: u32 = 10;

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
}

/// Outcome class and both units after.
pub type ChargeOutcome = (usize, Unit, Unit);

impl Charge {
    /// The melee modifiers the units' state implies, plus the fixed ones.
    fn melee_mods(&self, attacker: &Unit, defender: &Unit) -> (i32, i32) {
        let charts = &self.charts;
        let m = |k: &str| charts.melee_modifier(k);
        let mut a = self.mods.0;
        let mut d = self.mods.1;
        d += match defender.cover_name() {
            "light" => m("defender_light_cover"),
            "medium" => charts.data.options.mf_melee_medium_cover,
            "heavy" => m("defender_heavy_cover"),
            _ => 0,
        };
        if self.defender_woods {
            d += m("defender_woods_rough");
        }
        if self.defender_higher {
            d += m("defender_higher");
        }
        a += match defender.formation_name() {
            "skirmish" => m("defender_skirmish"),
            "disordered" => m("defender_disordered"),
            "column" => m("defender_column"),
            _ => 0,
        };
        // Cavalry in line that moved at least half its charge move.
        if attacker.arm == Arm::Cavalry
            && attacker.formation_name() == "line"
            && 2 * (self.distance - 1) >= self.allowance
        {
            a += m("attacker_cavalry_line_half_move");
        }
        if attacker.formation_name() == "attack_column" {
            a += m("attacker_attack_column");
        }
        if self.flank_or_rear {
            a += m("attacker_flank_rear");
        }
        (a, d)
    }
}

impl Procedure for Charge {
    type Outcome = ChargeOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("charge", CHARGE_LABELS)
            .count("attacker_steps_lost", self.attacker.steps())
            .count("defender_steps_lost", self.defender.steps())
            .categorical("attacker_morale", MORALE_LABELS)
            .categorical("defender_morale", MORALE_LABELS)
            .mean("attacker_steps_lost")
            .mean("defender_steps_lost")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> ChargeOutcome {
        let charts = &*self.charts;
        let (mut attacker, mut defender) = (self.attacker, self.defender);
        let stop = charts.data.charge.stop_short;
        let reach = self.allowance + charts.data.charge.bonus_offset;
        // Remaining move once 1" from the target, for each charge bonus roll.
        let spare = dice.classify(Roll::Die(charts.data.charge.bonus_die), |bonus| {
            reach + bonus as i32 - (self.distance - stop)
        });
        if spare < 0 {
            return (1, attacker, defender);
        }
        if check(
            dice,
            charts,
            attacker.cohesion(charts),
            attacker.bead_penalty(charts),
        ) != Check::Pass
        {
            return (0, attacker, defender);
        }
        if check(
            dice,
            charts,
            defender.cohesion(charts),
            defender.bead_penalty(charts),
        ) != Check::Pass
        {
            // Skedaddle: back 1D6", Disordered; the attacker completes its advance.
            defender.disorder();
            if charts.data.options.mf_skedaddle_bead == SkedaddleBead::Shaken {
                defender.shaken = true;
            }
            let caught = dice.classify(Roll::Sum(charts.data.charge.skedaddle_dice, 6), |back| {
                spare >= stop + back as i32
            });
            if !caught {
                return (2, attacker, defender);
            }
        }
        let rounds = match charts.data.options.mf_tie_rounds {
            TieRounds::NextTurn => 1,
            TieRounds::Immediate => MAX_ROUNDS,
        };
        let mut difference = 0;
        for _ in 0..rounds {
            let counts = charts.melee_dice(attacker.half_stands(), defender.half_stands());
            difference =
                roll_difference(dice, charts, counts, self.melee_mods(&attacker, &defender));
            apply_result(dice, charts, difference, &mut attacker, &mut defender);
            if difference != 0 || attacker.eliminated() || defender.eliminated() {
                break;
            }
        }
        let class = if defender.eliminated()
            || (defender.routed && !self.defender.routed)
            || difference >= 3
        {
            2
        } else if attacker.eliminated()
            || (attacker.routed && !self.attacker.routed)
            || difference <= -3
        {
            3
        } else if difference == 0 {
            4
        } else {
            5
        };
        (class, attacker, defender)
    }

    fn record(&self, o: &ChargeOutcome, tally: &mut Tally, w: f64) {
        let a_lost = o.1.steps_lost - self.attacker.steps_lost;
        let d_lost = o.2.steps_lost - self.defender.steps_lost;
        tally.count(0, o.0, w);
        tally.count(1, a_lost as usize, w);
        tally.count(2, d_lost as usize, w);
        tally.count(3, o.1.morale_index(), w);
        tally.count(4, o.2.morale_index(), w);
        tally.add(0, f64::from(a_lost), w);
        tally.add(1, f64::from(d_lost), w);
    }
}

/// `micro-force charge`.
pub struct ChargeAction;

impl ChargeAction {
    pub fn procedure(s: &Scenario, charts: Arc<Charts>) -> Result<Charge, InputError> {
        let attacker = fields::unit(s, "attacker", &charts)?;
        let defender = fields::unit(s, "defender", &charts)?;
        if attacker.arm == Arm::Artillery {
            return Err(InputError::argument(
                "attacker_arm",
                "artillery does not charge; use infantry or cavalry",
            ));
        }
        let movement = &charts.data.movement;
        let table = if attacker.arm == Arm::Cavalry {
            &movement.cavalry
        } else {
            &movement.infantry
        };
        let column = match s.text("terrain") {
            "road" => 1,
            "rough" => 2,
            _ => 0,
        };
        let allowance = table
            .get(attacker.formation_name())
            .and_then(|r| r.get(column))
            .copied()
            .unwrap_or(0);
        if allowance == 0 {
            return Err(InputError::argument(
                "terrain",
                format!(
                    "{} in {} cannot move on {} (Chart 9: n/a)",
                    s.text("attacker_arm"),
                    attacker.formation_name(),
                    s.text("terrain")
                ),
            ));
        }
        Ok(Charge {
            distance: s.int32("distance"),
            allowance,
            mods: (s.int32("attacker_mod"), s.int32("defender_mod")),
            flank_or_rear: s.flag("flank_or_rear"),
            defender_woods: s.flag("defender_woods"),
            defender_higher: s.flag("defender_higher"),
            attacker,
            defender,
            charts,
        })
    }
}

impl Action for ChargeAction {
    fn name(&self) -> &'static str {
        "charge"
    }

    fn summary(&self) -> &'static str {
        "how likely is this charge to work: bonus, reach, falter, skedaddle, melee, losses"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        let mut specs = vec![
            FieldSpec::int("distance", 1, 40, 4, "inches between charger and target"),
            FieldSpec::choice(
                "terrain",
                &["open", "road", "rough"],
                "open",
                "the ground crossed (Chart 9 column)",
            ),
            FieldSpec::flag(
                "flank_or_rear",
                "the charge hits the defender's flank or rear (+2)",
            ),
            FieldSpec::flag(
                "defender_woods",
                "the defender is in woods or rough terrain (+1 to the defender)",
            ),
            FieldSpec::flag(
                "defender_higher",
                "the defender is at a higher elevation (+1 to the defender)",
            ),
            FieldSpec::int(
                "attacker_mod",
                -10,
                10,
                0,
                "extra modifier to the attacker's highest melee die",
            ),
            FieldSpec::int(
                "defender_mod",
                -10,
                10,
                0,
                "extra modifier to the defender's highest melee die",
            ),
        ];
        specs.extend(fields::unit_fields(
            "attacker",
            "infantry",
            "attack_column",
            4,
        ));
        specs.extend(fields::unit_fields("defender", "infantry", "line", 4));
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("charge", "defender-driven-off"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel(Self::procedure(
            s,
            super::charts_of(rules)?,
        )?)))
    }
}
