//! The charge (RULES.md 5.8), from declaration to aftermath:
//! 1. the advance: the formation's move plus the charge bonus (the routed move's
//!    dice, halved, rounded up); Green chargers arrive Disordered, Trained ones
//!    once past half the charge, Elite and Veteran ones once past the move plus
//!    half the bonus; a charge that cannot reach falls short;
//! 2. the defender's one reaction fire at the charger (a point-blank fire only
//!    after its pre-impact check), and a second unit's desperation fire (1D6); a
//!    charger that routs, falls back or is destroyed is stopped by fire;
//! 3. the defender's pre-impact morale check, with the flank modifiers: a
//!    defender that routs, or falls back farther than the charge can still
//!    follow, is gone before impact;
//! 4. the impact roll-off ([`super::impact`]): a tie is an infantry melee (both
//!    fire FP + 5D6 on the results table and check morale), a margin of 1 stops
//!    the charger short for a free volley each way, 2-11 drives the loser off
//!    with losses, 12 or more makes it surrender;
//! 5. the aftermath: every unit still there is Disordered.

use super::charts::{Charts, LEVELS};
use super::fire::{self, FireSituation, refusal, shot};
use super::impact::{Impact, impact_base};
use super::unit::{Arm, Condition, Regiment, RegimentGroup};
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use std::sync::Arc;

/// Values of `charge`.
pub const CHARGE_LABELS: [&str; 10] = [
    "falls-short",
    "stopped-by-fire",
    "defender-routs-before-impact",
    "defender-falls-back-before-impact",
    "defender-driven-off",
    "defender-surrenders",
    "attacker-repulsed",
    "attacker-surrenders",
    "melee",
    "stop-short",
];

const FALLS_SHORT: usize = 0;
const STOPPED: usize = 1;
const ROUTS_BEFORE: usize = 2;
const FALLS_BACK_BEFORE: usize = 3;
const DRIVEN_OFF: usize = 4;
const SURRENDERS: usize = 5;
const REPULSED: usize = 6;
const ATTACKER_SURRENDERS: usize = 7;
const MELEE: usize = 8;
const STOP_SHORT: usize = 9;

/// A unit's state after the charge.
pub const AFTER_LABELS: [&str; 5] = ["good-order", "disorder", "shaken", "routed", "gone"];

/// Reaction fire choices.
pub const REACTIONS: [&str; 6] = ["none", "long", "normal", "short", "canister", "point-blank"];

/// The charge, its units and choices settled.
#[derive(Clone, Debug)]
pub struct Charge {
    pub charts: Arc<Charts>,
    pub attacker: Regiment,
    pub defender: Regiment,
    /// The desperation firer, if any.
    pub desperation: Option<Regiment>,
    pub distance: u32,
    /// The charger's move and charge-bonus dice in this terrain.
    pub move_inches: u32,
    pub bonus_dice: u32,
    /// The reaction fire's band, if the defender fires.
    pub reaction: Option<String>,
    /// The defender's bad morale modifiers (flank, an enemy within 1").
    pub defender_bad: Vec<i32>,
    /// The flank modifier alone (the impact's bad modifier).
    pub flank: i32,
}

/// The end of one charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeOutcome {
    pub class: usize,
    pub attacker: Condition,
    pub defender: Condition,
    pub carries: bool,
}

/// How the defender came through its pre-impact check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stand {
    Holds,
    Routs,
    /// Falls back no farther than the charger can follow.
    FallsBackWithin,
    FallsBackBeyond,
}

impl Charge {
    fn situation(band: &str, target_charging: bool) -> FireSituation {
        FireSituation {
            band: band.to_string(),
            enfilade: "none".to_string(),
            behind_skirmishers: false,
            target_charging,
            deliberate: false,
        }
    }

    /// The advance: (reaches, Disordered on arrival, inches of charge left).
    fn advance(&self, bonus_total: u32) -> (bool, bool, u32) {
        let bonus = bonus_total.div_ceil(2);
        let total = self.move_inches + bonus;
        if self.distance > total {
            return (false, false, 0);
        }
        let disordered = match self.attacker.quality_name() {
            "green" => true,
            "trained" => 2 * self.distance > total,
            _ => 2 * self.distance > 2 * self.move_inches + bonus,
        };
        (true, disordered, total - self.distance)
    }

    /// The defender's pre-impact morale check.
    fn pre_impact<D: Dice>(
        &self,
        def: Condition,
        remaining: u32,
        dice: &mut D,
    ) -> (Condition, Stand) {
        let charts = &self.charts;
        let mmp = self
            .defender
            .mmp(charts, &def, false, &self.defender_bad, 0);
        let check = self.defender.check(charts, &def, mmp);
        let (level, stand, recovers, guns_lost) = dice.classify(Roll::Sum(2, 6), |roll| {
            let o = check.resolve(roll);
            let stand = if o.level_after == LEVELS.len() - 1 || o.guns_lost {
                Stand::Routs
            } else if o.fall_back > remaining {
                Stand::FallsBackBeyond
            } else if o.fall_back > 0 {
                Stand::FallsBackWithin
            } else {
                Stand::Holds
            };
            (o.level_after, stand, o.recovers, o.guns_lost)
        });
        let mut after = Condition { level, ..def };
        if recovers {
            after.figures = (after.figures + 1).min(self.defender.original);
        }
        if guns_lost {
            after.figures = 0;
        }
        (after, stand)
    }

    /// One fire by `firer` at `target`; (target's condition after, it fell back).
    #[allow(clippy::too_many_arguments)]
    fn volley<D: Dice>(
        &self,
        firer: &Regiment,
        by: &Condition,
        target: &Regiment,
        at: &Condition,
        band: &str,
        target_charging: bool,
        bad: &[i32],
        dice: &mut D,
    ) -> (Condition, bool) {
        let situation = Self::situation(band, target_charging);
        match shot(&self.charts, firer, by, target, at, &situation) {
            None => (*at, false),
            Some(s) => {
                let result = s.roll(&self.charts, dice);
                let e = fire::apply(
                    &self.charts,
                    result,
                    target,
                    at,
                    target_charging,
                    bad,
                    true,
                    dice,
                );
                (e.after, e.check.is_some_and(|c| c.fall_back > 0))
            }
        }
    }

    /// A volley at the charger; `true` when it stops the charge.
    fn fire_at_charger<D: Dice>(
        &self,
        firer: &Regiment,
        by: &Condition,
        band: &str,
        att: &mut Condition,
        dice: &mut D,
    ) -> bool {
        let (after, fell_back) = self.volley(firer, by, &self.attacker, att, band, true, &[], dice);
        *att = after;
        after.broken() || fell_back
    }

    fn end(
        &self,
        class: usize,
        attacker: Condition,
        defender: Condition,
        carries: bool,
    ) -> ChargeOutcome {
        ChargeOutcome {
            class,
            attacker,
            defender,
            carries,
        }
    }

    /// Both sides' volleys at once (melee fire or the stop-short volleys).
    fn exchange<D: Dice>(
        &self,
        band: &str,
        att: Condition,
        def: Condition,
        class: usize,
        dice: &mut D,
    ) -> ChargeOutcome {
        let may_fire = |unit: &Regiment, prefix| {
            band == "melee" || refusal(&self.charts, prefix, unit, band).is_none()
        };
        let (mut att_after, mut att_fell) = (att, false);
        let (mut def_after, mut def_fell) = (def, false);
        if may_fire(&self.defender, "defender") {
            (att_after, att_fell) = self.volley(
                &self.defender,
                &def,
                &self.attacker,
                &att,
                band,
                true,
                &[],
                dice,
            );
        }
        if may_fire(&self.attacker, "attacker") {
            (def_after, def_fell) = self.volley(
                &self.attacker,
                &att,
                &self.defender,
                &def,
                band,
                false,
                &self.defender_bad,
                dice,
            );
        }
        let carries = (def_after.broken() || def_fell) && !(att_after.broken() || att_fell);
        self.end(class, disorder(att_after), disorder(def_after), carries)
    }
}

/// The aftermath: a unit still there is at least Disordered.
fn disorder(mut c: Condition) -> Condition {
    if !c.gone() {
        c.level = c.level.max(1);
    }
    c
}

impl Procedure for Charge {
    type Outcome = ChargeOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("carries", ["yes", "no"])
            .categorical("charge", CHARGE_LABELS)
            .categorical("attacker_after", AFTER_LABELS)
            .categorical("defender_after", AFTER_LABELS)
            .mean_within(
                "attacker_figures_lost",
                0.0,
                f64::from(self.attacker.now.figures),
            )
            .mean_within(
                "defender_figures_lost",
                0.0,
                f64::from(self.defender.now.figures),
            )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> ChargeOutcome {
        let mut att = self.attacker.now;
        let mut def = self.defender.now;
        let (reaches, disordered, remaining) =
            dice.classify(Roll::Sum(self.bonus_dice, 6), |total| self.advance(total));
        if !reaches {
            return self.end(FALLS_SHORT, att, def, false);
        }
        if disordered {
            att.level = att.level.max(1);
        }
        let mut checked = false;
        let mut stand = Stand::Holds;
        // A point-blank reaction waits for the defender's pre-impact check.
        let close = self.reaction.as_deref() == Some("point-blank");
        if let Some(band) = self.reaction.as_deref().filter(|_| !close)
            && self.fire_at_charger(&self.defender, &def, band, &mut att, dice)
        {
            return self.end(STOPPED, att, def, false);
        }
        if close || self.desperation.is_some() {
            (def, stand) = self.pre_impact(def, remaining, dice);
            checked = true;
        }
        if close
            && matches!(stand, Stand::Holds | Stand::FallsBackWithin)
            && self.fire_at_charger(&self.defender, &def, "point-blank", &mut att, dice)
        {
            return self.end(STOPPED, att, def, false);
        }
        if let Some(unit) = &self.desperation
            && self.fire_at_charger(unit, &unit.now, "desperation", &mut att, dice)
        {
            return self.end(STOPPED, att, def, false);
        }
        if !checked {
            (def, stand) = self.pre_impact(def, remaining, dice);
        }
        match stand {
            Stand::Routs => return self.end(ROUTS_BEFORE, disorder(att), def, true),
            Stand::FallsBackBeyond => return self.end(FALLS_BACK_BEFORE, disorder(att), def, true),
            _ => {}
        }
        let impact = Impact {
            charts: self.charts.clone(),
            attacker_base: impact_base(&self.charts, &self.attacker, &att, true, &[]),
            defender_base: impact_base(&self.charts, &self.defender, &def, false, &[self.flank]),
        };
        let class = dice.classify_pair(Roll::Sum(2, 6), Roll::Sum(2, 6), |a, d| {
            impact.class(a as i32 + impact.attacker_base - (d as i32 + impact.defender_base))
        });
        let bands = &self.charts.data.impact.bands;
        match class {
            0 => self.exchange("melee", att, def, MELEE, dice),
            1 => {
                // Stopped 1D6 half-inches short: short range under 1", else normal.
                let band = dice.classify(Roll::Die(6), |d| if d < 2 { "short" } else { "normal" });
                self.exchange(band, att, def, STOP_SHORT, dice)
            }
            2..=4 => {
                let band = &bands[class - 2];
                def.figures = def.figures.saturating_sub(band.figures);
                def.level = def.level.max(level_index(&band.level));
                self.end(DRIVEN_OFF, disorder(att), disorder(def), true)
            }
            5 => {
                def.figures = 0;
                self.end(SURRENDERS, disorder(att), def, true)
            }
            6..=8 => {
                let band = &bands[class - 6];
                // Attacking infantry lose one figure fewer and drop no lower than Shaken.
                let infantry = self.attacker.arm == Arm::Infantry;
                let lost = if infantry {
                    band.figures.saturating_sub(1)
                } else {
                    band.figures
                };
                att.figures = att.figures.saturating_sub(lost);
                let worse = att.level.max(level_index(&band.level));
                att.level = if infantry { worse.min(2) } else { worse };
                self.end(REPULSED, disorder(att), disorder(def), false)
            }
            _ => {
                att.figures = 0;
                self.end(ATTACKER_SURRENDERS, att, disorder(def), false)
            }
        }
    }

    fn record(&self, o: &ChargeOutcome, tally: &mut Tally, w: f64) {
        let after = |c: &Condition| if c.gone() { 4 } else { c.level };
        tally.count(0, usize::from(!o.carries), w);
        tally.count(1, o.class, w);
        tally.count(2, after(&o.attacker), w);
        tally.count(3, after(&o.defender), w);
        tally.add(
            0,
            f64::from(
                self.attacker.now.figures - o.attacker.figures.min(self.attacker.now.figures),
            ),
            w,
        );
        tally.add(
            1,
            f64::from(
                self.defender.now.figures - o.defender.figures.min(self.defender.now.figures),
            ),
            w,
        );
    }
}

fn level_index(name: &str) -> usize {
    LEVELS.iter().position(|l| *l == name).unwrap_or(1)
}

crate::action_fields! {
    /// The fields of `deadly-field charge`.
    pub struct ChargeFields(charts: &Charts) {
        distance: u32 = FieldSpec::int(1, 30, 4, "inches from the charger to the defender when the charge is declared"),
        terrain: String = FieldSpec::choice_of(
            charts.data.charge_move.terrain.clone(),
            "open",
            "the ground charged over (the move and the charge bonus dice)",
        ),
        reaction_fire: String = FieldSpec::choice(
            &REACTIONS,
            "normal",
            "the defender's one reaction fire at the charger (point-blank only after its pre-impact check)",
        ),
        desperation_fire: bool = FieldSpec::flag("a second defending unit fires 1D6 desperation fire at the charger"),
        desperation_figures: u32 = FieldSpec::int(1, 60, 6, "the desperation firer's figures (its arm, weapon and quality are the defender's)"),
        charged_flank: String = FieldSpec::choice(
            &["none", "partial", "full-or-rear"],
            "none",
            "the charge strikes the defender's flank (infantry +2 / +4; cavalry +3 / +6 to its MMP)",
        ),
    }
    groups {
        attacker: RegimentGroup = RegimentGroup {
            formation: "attack-column",
            fires: false,
            charger: true,
            ..RegimentGroup::new("attacker", charts)
        },
        defender: RegimentGroup = RegimentGroup {
            opening_volley_used: true,
            ..RegimentGroup::new("defender", charts)
        },
    }
}

/// `deadly-field charge`.
pub struct ChargeAction;

impl Action for ChargeAction {
    fn name(&self) -> &'static str {
        "charge"
    }

    fn summary(&self) -> &'static str {
        "will this charge carry the position? advance, reaction and desperation fire, the pre-impact check, impact, melee or stop-short volleys, aftermath"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        match super::charts_of(rules) {
            Ok(charts) => ChargeFields::specs(&charts),
            Err(_) => Vec::new(),
        }
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("carries", "yes"))
    }

    fn default_table(&self) -> Option<(&'static str, Option<&'static str>)> {
        Some((
            "attacker_quality=elite,veteran,trained,green",
            Some("defender_cover=none,light-woods,heavy-woods,hasty-works"),
        ))
    }

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "carries",
                "yes",
                "the defender is driven off or surrenders: it routs or falls back out of reach before impact, loses the impact by 2 or more, or breaks (routs, falls back, is destroyed) in the melee or the stop-short volleys while the charger does not",
            ),
            (
                "charge",
                "falls-short",
                "the move and charge bonus do not reach the defender",
            ),
            (
                "charge",
                "stopped-by-fire",
                "reaction or desperation fire made the charger rout, fall back or vanish",
            ),
            (
                "charge",
                "defender-falls-back-before-impact",
                "the pre-impact check sent the defender back farther than the charge can follow",
            ),
            (
                "charge",
                "melee",
                "the impact tied: both sides fire FP + 5D6 and check morale",
            ),
            (
                "charge",
                "stop-short",
                "the impact margin was 1: the charger stops 1D6 half-inches short and both fire a volley",
            ),
            ("attacker_after", "gone", "no figures left, or surrendered"),
        ]
    }

    fn answer_notes(&self, _rules: &RuleBook) -> Vec<String> {
        vec!["carries = yes is the defender driven off or surrendering (see `volley odds deadly-field charge --help`)".to_string()]
    }

    fn provisional(&self, rules: &RuleBook) -> Option<String> {
        super::charts_of(rules).ok()?.fcr.provisional.clone()
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let f = ChargeFields::read(&charts, s)?;
        Ok(Box::new(ProcedureModel(charge(&charts, f)?)))
    }
}

/// Check the fields and build the charge.
fn charge(charts: &Arc<Charts>, f: ChargeFields) -> Result<Charge, InputError> {
    let d = &charts.data;
    let attacker = f.attacker;
    let defender = f.defender;
    if attacker.arm == Arm::Artillery {
        return Err(InputError::argument(
            "attacker_type",
            "artillery does not charge",
        ));
    }
    if attacker.now.broken() {
        return Err(InputError::argument(
            "attacker_level",
            "a Routed unit (or one with no figures) cannot charge",
        ));
    }
    if defender.now.gone() {
        return Err(InputError::argument(
            "defender_figures",
            "the defender has no figures left",
        ));
    }
    let table = match attacker.arm {
        Arm::MountedCavalry => &d.charge_move.mounted_cavalry,
        Arm::DismountedCavalry => &d.charge_move.dismounted_cavalry,
        _ => &d.charge_move.infantry,
    };
    let terrain = d
        .charge_move
        .terrain
        .iter()
        .position(|t| *t == f.terrain)
        .unwrap_or(0);
    let Some(moves) = table.get(&attacker.formation) else {
        return Err(InputError::argument(
            "attacker_formation",
            format!(
                "a {} unit cannot charge in {}; it charges in {}",
                attacker.arm.name(),
                attacker.formation,
                table.keys().cloned().collect::<Vec<_>>().join(", ")
            ),
        ));
    };
    let bonus = if attacker.arm.is_cavalry() {
        &d.charge_move.cavalry_bonus_dice
    } else {
        &d.charge_move.infantry_bonus_dice
    };
    let reaction = (f.reaction_fire != "none").then(|| f.reaction_fire.clone());
    if let Some(band) = &reaction {
        if let Some((field, message)) = refusal(charts, "defender", &defender, band) {
            let field = if field == "band" {
                "reaction_fire".to_string()
            } else {
                field
            };
            return Err(InputError::argument(&field, message));
        }
        if defender.now.routed() {
            return Err(InputError::argument(
                "reaction_fire",
                "a Routed defender does not fire; set reaction_fire=none",
            ));
        }
    }
    let desperation = f.desperation_fire.then(|| Regiment {
        original: f.desperation_figures,
        now: Condition {
            figures: f.desperation_figures,
            level: 0,
            opening_volley_used: true,
        },
        ..defender.clone()
    });
    if let Some(unit) = &desperation
        && let Some((field, message)) = refusal(charts, "defender", unit, "desperation")
    {
        let field = if field == "band" {
            "desperation_fire".to_string()
        } else {
            field
        };
        return Err(InputError::argument(&field, message));
    }
    let cavalry = attacker.arm == Arm::MountedCavalry;
    let flank = match (f.charged_flank.as_str(), cavalry) {
        ("partial", false) => d.bad.charged_infantry_partial_flank,
        ("partial", true) => d.bad.charged_cavalry_partial_flank,
        ("full-or-rear", false) => d.bad.charged_infantry_flank_or_rear,
        ("full-or-rear", true) => d.bad.charged_cavalry_flank_or_rear,
        _ => 0,
    };
    // The charger within 1" is an enemy near the defender unless it is Shaken or skirmishing.
    let near = attacker.now.level < 2 && !attacker.skirmishing();
    let defender_bad = vec![flank, if near { d.bad.enemy_within_1 } else { 0 }];
    Ok(Charge {
        charts: charts.clone(),
        move_inches: moves[terrain],
        bonus_dice: bonus[terrain],
        attacker,
        defender,
        desperation,
        distance: f.distance,
        reaction,
        defender_bad,
        flank,
    })
}
