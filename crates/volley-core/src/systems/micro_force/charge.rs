//! The charge: charge bonus 1D6-2, reach from Chart 9, the
//! defender's opportunity fire at the charger as it comes on, the charger's
//! cohesion check (Falter), the defender's (Skedaddle: 1D6" back, Disordered),
//! contact, melee on Chart 10 with its modifiers, losses, fall-backs, Disorder
//! after melee.
//!
//! "Does the charge work?": the charger goes in, and the
//! defender either skedaddles out of reach or loses the melee. The `charge`
//! variable splits every way a charge can end, so nobody has to guess what counts.

use super::charts::{Charts, SkedaddleBead, TieRounds};
use super::fields::{self, UnitGroup};
use super::fire::{Situation, volley};
use super::melee::{apply_result, roll_difference};
use super::morale::passes;
use super::unit::Morale;
use super::unit::{Arm, Unit};
use crate::action::{About, Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
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
const MAX_ROUNDS: u32 = 10;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    fn melee_mods(
        &self,
        attacker: &Unit,
        defender: &Unit,
        charge_move: i32,
        covered: i32,
    ) -> (i32, i32) {
        let charts = &self.charts;
        let m = |k: &str| charts.melee_modifier(k);
        let mut a = self.mods.0;
        let mut d = self.mods.1;
        d += match defender.cover_name() {
            "light" => m("defender_light_cover"),
            "medium" => charts.data.options.mf_melee_medium_cover(),
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
        // Cavalry in line that moved at least half its charge move (bonus included).
        if self.cavalry_line(attacker) && 2 * covered >= charge_move {
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

    fn cavalry_line(&self, attacker: &Unit) -> bool {
        attacker.arm == Arm::Cavalry && attacker.formation_name() == "line"
    }

    fn ended(&self, class: ChargeEnd, attacker: Unit, defender: Unit) -> ChargeOutcome {
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
fn melee_class(difference: i32, attacker: &Unit, defender: &Unit) -> ChargeEnd {
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
        let charts = &*self.charts;
        let (mut attacker, mut defender) = (self.attacker, self.defender);
        let stop = charts.data.charge.stop_short;
        let reach = self.allowance + charts.data.charge.bonus_offset;
        // The charge move (allowance + bonus) for each charge bonus roll.
        let charge_move = dice.classify(Roll::Die(charts.data.charge.bonus_die), |bonus| {
            reach + bonus as i32
        });
        // Remaining move once 1" from the target.
        let spare = charge_move - (self.distance - stop);
        if spare < 0 {
            return self.ended(ChargeEnd::NoContact, attacker, defender);
        }
        if let Some(fire) = &self.opportunity_fire {
            attacker.moving = true;
            volley(dice, charts, &mut defender, &mut attacker, &fire.situation);
            attacker.moving = false;
            if attacker.eliminated() || attacker.routed {
                return self.ended(ChargeEnd::StoppedByFire, attacker, defender);
            }
        }
        if !passes(
            dice,
            charts,
            attacker.cohesion(charts),
            attacker.bead_penalty(charts),
        ) {
            return self.ended(ChargeEnd::Falter, attacker, defender);
        }
        // The charger moves into base contact: the whole distance, and as far
        // again as a skedaddling defender runs, if it is caught.
        let mut covered = self.distance;
        if !passes(
            dice,
            charts,
            defender.cohesion(charts),
            defender.bead_penalty(charts),
        ) {
            // Skedaddle: back 1D6", Disordered; the attacker completes its advance.
            defender.disorder();
            if charts.data.options.mf_skedaddle_bead() == SkedaddleBead::Shaken {
                defender.shaken = true;
            }
            // Caught: the run back (it lengthens the charger's move into contact,
            // which only cavalry in line needs to know). Escaped: None.
            let cavalry = self.cavalry_line(&attacker);
            let caught = dice.classify(Roll::Sum(charts.data.charge.skedaddle_dice, 6), |back| {
                let back = back as i32;
                (spare >= stop + back).then_some(if cavalry { back } else { 0 })
            });
            match caught {
                None => return self.ended(ChargeEnd::DefenderSkedaddles, attacker, defender),
                Some(back) => covered += back,
            }
        }
        let rounds = match charts.data.options.mf_tie_rounds() {
            TieRounds::NextTurn => 1,
            TieRounds::Immediate => MAX_ROUNDS,
        };
        let mut difference = 0;
        for _ in 0..rounds {
            let counts = charts.melee_dice(attacker.half_stands(), defender.half_stands());
            let mods = self.melee_mods(&attacker, &defender, charge_move, covered);
            difference = roll_difference(dice, charts, counts, mods);
            apply_result(dice, charts, difference, &mut attacker, &mut defender);
            if difference != 0 || attacker.eliminated() || defender.eliminated() {
                break;
            }
        }
        ChargeOutcome {
            class: melee_class(difference, &attacker, &defender),
            difference: Some(difference),
            attacker,
            defender,
        }
    }

    fn record(&self, rec: &ChargeRecord, o: &ChargeOutcome, tally: &mut Tally, w: f64) {
        let a_lost = o.attacker.steps_lost - self.attacker.steps_lost;
        let d_lost = o.defender.steps_lost - self.defender.steps_lost;
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

crate::action_fields! {
    /// The fields of `micro-force charge`.
    pub struct ChargeFields(charts: &Charts) {
        distance: i32 = FieldSpec::int(1, 40, 4, "inches between charger and target"),
        terrain: String = FieldSpec::choice(
            &["open", "road", "rough"],
            "open",
            "the ground crossed (Chart 9 column)",
        ),
        flank_or_rear: bool = FieldSpec::flag("the charge hits the defender's flank or rear (+2)"),
        defender_woods: bool = FieldSpec::flag(
            "the defender is in woods or rough terrain (+1 to the defender)",
        ),
        defender_higher: bool = FieldSpec::flag(
            "the defender is at a higher elevation (+1 to the defender)",
        ),
        attacker_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the attacker's highest melee die",
        ),
        defender_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "extra modifier to the defender's highest melee die",
        ),
        defender_fires: bool = FieldSpec::flag_on(
            "the defender makes opportunity fire at the charger as it comes on (false: it cannot, e.g. it has fired this turn)",
        ),
        defender_first_fire: bool = FieldSpec::flag(
            "the defender's opportunity fire is its first fire of the game (+2 stands)",
        ),
        attacker_officer: bool = FieldSpec::flag_on(
            "an officer is with the charger (checked for casualties under fire)",
        ),
        fire_die_mod: i32 = FieldSpec::int(
            -10,
            10,
            0,
            "an extra modifier to the 2D6 of the defender's opportunity fire",
        ),
        defender_av_per_stand: f64 = fields::av_per_stand(
            "the defender's attack value per stand at the charge's closing range (Charts 3 & 4)",
        ),
        defender_weapon: String = fields::weapon(charts),
        range: f64 = fields::range(),
    }
    groups {
        attacker: UnitGroup<'static> = UnitGroup {
            charts,
            role: "attacker",
            arm: "infantry",
            formation: "attack_column",
            stands: 4,
        },
        defender: UnitGroup<'static> = UnitGroup {
            charts,
            role: "defender",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

/// `micro-force charge`.
pub struct ChargeAction;

impl ChargeAction {
    pub fn procedure(s: &Scenario, charts: Arc<Charts>) -> Result<Charge, InputError> {
        let f = ChargeFields::read(&charts, s)?;
        let (attacker, mut defender) = (f.attacker, f.defender);
        if attacker.arm == Arm::Artillery {
            return Err(InputError::argument(
                "attacker_arm",
                "artillery does not charge; use infantry or cavalry",
            ));
        }
        if attacker.routed {
            return Err(InputError::argument(
                "attacker_routed",
                "a routed unit may not charge (it must move away from the enemy)",
            ));
        }
        let movement = &charts.data.movement;
        let table = if attacker.arm == Arm::Cavalry {
            &movement.cavalry
        } else {
            &movement.infantry
        };
        let column = match f.terrain.as_str() {
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
                    attacker.arm.name(),
                    attacker.formation_name(),
                    f.terrain
                ),
            ));
        }
        // A routed defender, or one told not to, holds its fire.
        let defender_can_fire = !defender.routed || charts.data.options.mf_routed_can_fire();
        let opportunity_fire = if f.defender_fires && defender_can_fire {
            defender.first_fire_used = !f.defender_first_fire;
            Some(OpportunityFire {
                situation: Situation {
                    av_per_stand: fields::attack_value_per_stand(
                        &charts,
                        f.defender_av_per_stand,
                        &f.defender_weapon,
                        f.range,
                    )?,
                    rear: false,
                    enfilade: false,
                    die_mod: f.fire_die_mod,
                    target_officer: f.attacker_officer,
                },
            })
        } else {
            None
        };
        Ok(Charge {
            distance: f.distance,
            allowance,
            mods: (f.attacker_mod, f.defender_mod),
            flank_or_rear: f.flank_or_rear,
            defender_woods: f.defender_woods,
            defender_higher: f.defender_higher,
            opportunity_fire,
            attacker,
            defender,
            charts: charts.clone(),
        })
    }
}

impl Action for ChargeAction {
    fn about(&self) -> &About {
        const ABOUT: About = About {
            name: "charge",
            summary: "how likely is this charge to work: bonus, reach, opportunity fire, falter, skedaddle, melee",
            headline: Some(("works", "yes")),
            ..About::DEFAULT
        };
        &ABOUT
    }

    fn fields(&self, rules: &RuleBook) -> Result<Vec<FieldSpec>, InputError> {
        let charts = super::charts_of(rules)?;
        let mut specs = ChargeFields::specs(&charts);
        for spec in specs.iter_mut().filter(|s| s.name == "attacker_cover") {
            spec.help = "the charger's cover against the defender's opportunity fire (Chart 5)";
        }
        Ok(specs)
    }

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        let mut notes: Vec<_> = CHARGE_MEANINGS
            .iter()
            .map(|(value, meaning)| ("charge", *value, *meaning))
            .collect();
        notes.extend([
            (
                "works",
                "yes",
                "charge is defender-skedaddles, attacker-wins-melee or attacker-wins-melee-decisively",
            ),
            (
                "works_given_contact",
                "yes",
                "P(works) among the charges that ended in melee (contact)",
            ),
            ("melee_difference", "no-melee", "the units never met in melee"),
            ("routed", "both", "both units end the charge routed"),
        ]);
        notes
    }

    fn answer_notes(&self, rules: &RuleBook) -> Vec<String> {
        let mut notes = vec![
            "works = defender-skedaddles + attacker-wins-melee + attacker-wins-melee-decisively"
                .to_string(),
        ];
        let immediate = super::charts_of(rules)
            .map(|c| c.data.options.mf_tie_rounds() == TieRounds::Immediate)
            .unwrap_or(false);
        notes.push(if immediate {
            format!(
                "a tie is fought again at once (mf_tie_rounds = immediate), up to {MAX_ROUNDS} rounds; `tie` is what is left open after them"
            )
        } else {
            "a tie leaves the melee open: the units stay in contact and melee again in next turn's melee phase (mf_tie_rounds = immediate fights it out now)".to_string()
        });
        notes
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(Self::procedure(
            s,
            super::charts_of(rules)?,
        )?)))
    }
}
