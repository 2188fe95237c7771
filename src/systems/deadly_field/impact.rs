//! The charge impact (RULES.md 5.8 step 4): each side's lead unit's impact MMP
//! (BMP, level add-on, the formation's Charge Morale Modifier, the best two good
//! and worst two bad modifiers, support counting every adjacent unit up to -3),
//! then FIV = 2D6 + figures (cavalry half, artillery one per section) - MMP. The
//! higher FIV wins by the margin: 0 melee, 1 the attacker stops short, 2-4, 5-7,
//! 8-11 the loser falls back, loses figures and is Disordered or Shaken, 12 or
//! more surrenders.

use super::charts::{Charts, LEVELS, Rounding, best_and_worst_two};
use super::unit::{Arm, Condition, Regiment};
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use std::sync::Arc;

/// Values of `impact`.
pub const IMPACT_LABELS: [&str; 10] = [
    "melee",
    "stop-short",
    "attacker-wins-2-4",
    "attacker-wins-5-7",
    "attacker-wins-8-11",
    "attacker-wins-12+",
    "defender-wins-2-4",
    "defender-wins-5-7",
    "defender-wins-8-11",
    "defender-wins-12+",
];

/// The impact roll-off.
#[derive(Clone, Debug)]
pub struct Impact {
    pub charts: Arc<Charts>,
    /// Figures counted (after halving cavalry) minus the impact MMP, per side.
    pub attacker_base: i32,
    pub defender_base: i32,
}

impl Impact {
    /// The `impact` class of an attacker-minus-defender FIV difference.
    pub fn class(&self, difference: i32) -> usize {
        let i = &self.charts.data.impact;
        let margin = difference.abs();
        if margin == 0 {
            return 0;
        }
        if margin <= i.stop_short_margin {
            // A margin of 1 either way: the attacker stops short.
            return 1;
        }
        let band = if margin >= i.surrender_margin {
            3
        } else {
            i.bands
                .iter()
                .position(|b| (b.min..=b.max).contains(&margin))
                .unwrap_or(0)
        };
        if difference > 0 { 2 + band } else { 6 + band }
    }
}

impl Procedure for Impact {
    type Outcome = usize;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("impact", IMPACT_LABELS)
            .categorical("attacker_wins", ["yes", "no"])
    }

    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        dice.classify_pair(Roll::Sum(2, 6), Roll::Sum(2, 6), |a, d| {
            self.class(a as i32 + self.attacker_base - (d as i32 + self.defender_base))
        })
    }

    fn record(&self, class: &usize, tally: &mut Tally, w: f64) {
        tally.count(0, *class, w);
        tally.count(1, usize::from(!(2..=5).contains(class)), w);
    }
}

crate::action_fields! {
    /// The fields of `deadly-field impact`.
    pub struct ImpactFields() {
        attacker_figs: i32 = FieldSpec::int(1, 60, 12, "the attacking lead unit's figures (or gun sections)"),
        attacker_mmp: Option<i64> = FieldSpec::optional(
            0,
            12,
            "computed",
            "the attacker's impact MMP; when given it overrides the computation",
        ),
        attacker_type: String = FieldSpec::choice(
            &["infantry", "mounted-cavalry", "dismounted-cavalry", "artillery"],
            "infantry",
            "the attacker's type (cavalry count half their figures)",
        ),
        attacker_quality: String = FieldSpec::choice(&["elite", "veteran", "trained", "green"], "trained", "the attacker's quality"),
        attacker_stands: u32 = FieldSpec::int(2, 3, 3, "the attacker's original stands"),
        attacker_stands_lost: u32 = FieldSpec::int(0, 2, 0, "the attacker's stands lost"),
        attacker_level: String = FieldSpec::choice(&LEVELS, "disorder", "the attacker's level (chargers of every quality but Elite and Veteran arrive Disordered)"),
        attacker_formation: String = FieldSpec::choice(
            &["battle-line", "extended-line", "attack-column", "road-column", "skirmishers", "line", "double-line", "skirmishing"],
            "attack-column",
            "the attacker's formation (its Charge Morale Modifier)",
        ),
        attacker_support: i32 = FieldSpec::int(0, 3, 0, "units adjacent to the attacker (-1 each, at most -3)"),
        defender_figs: i32 = FieldSpec::int(1, 60, 12, "the defending lead unit's figures (or gun sections)"),
        defender_mmp: Option<i64> = FieldSpec::optional(
            0,
            12,
            "computed",
            "the defender's impact MMP; when given it overrides the computation",
        ),
        defender_type: String = FieldSpec::choice(
            &["infantry", "mounted-cavalry", "dismounted-cavalry", "artillery"],
            "infantry",
            "the defender's type",
        ),
        defender_quality: String = FieldSpec::choice(&["elite", "veteran", "trained", "green"], "trained", "the defender's quality"),
        defender_stands: u32 = FieldSpec::int(2, 3, 3, "the defender's original stands"),
        defender_stands_lost: u32 = FieldSpec::int(0, 2, 0, "the defender's stands lost"),
        defender_level: String = FieldSpec::choice(&LEVELS, "good-order", "the defender's level"),
        defender_formation: String = FieldSpec::choice(
            &["battle-line", "extended-line", "attack-column", "road-column", "skirmishers", "line", "double-line", "skirmishing"],
            "battle-line",
            "the defender's formation",
        ),
        defender_support: i32 = FieldSpec::int(0, 3, 0, "units adjacent to the defender (-1 each, at most -3)"),
        defender_cover: String = FieldSpec::choice(&["none", "light", "heavy"], "none", "the defender's cover (-1 / -2)"),
        charged_flank: String = FieldSpec::choice(
            &["none", "partial", "full-or-rear"],
            "none",
            "the charge hits the defender's flank (infantry +2 / +4; cavalry +3 / +6)",
        ),
    }
}

/// One side as the impact reads it.
struct Lead<'a> {
    figs: i32,
    mmp: Option<i64>,
    unit_type: &'a str,
    quality: &'a str,
    stands: u32,
    stands_lost: u32,
    level: &'a str,
    formation: &'a str,
    field: &'static str,
}

impl Lead<'_> {
    /// The CMM of the formation for the unit's type (a routed unit reads 0).
    fn cmm(&self, charts: &Charts) -> Result<i32, InputError> {
        let c = &charts.data.cmm;
        if self.unit_type == "artillery" {
            return Ok(0);
        }
        let table = match self.unit_type {
            "mounted-cavalry" => &c.cavalry,
            "dismounted-cavalry" => &c.dismounted_cavalry,
            _ => &c.infantry,
        };
        let key = match self.level {
            "disorder" | "shaken" | "routed" => self.level,
            _ => self.formation,
        };
        table.get(key).copied().ok_or_else(|| {
            InputError::argument(
                self.field,
                format!(
                    "a {} unit has no formation `{}`",
                    self.unit_type, self.formation
                ),
            )
        })
    }

    /// Figures counted, less the impact MMP.
    fn base(&self, charts: &Charts, good: &[i32], bad: &[i32]) -> Result<i32, InputError> {
        let d = &charts.data;
        let mmp = match self.mmp {
            Some(m) => m as i32,
            None => {
                let level = LEVELS.iter().position(|l| *l == self.level).unwrap_or(0);
                charts.clamp_mmp(
                    charts.bmp(self.quality, self.stands, self.stands_lost)
                        + d.levels.addon[level]
                        + self.cmm(charts)?
                        + best_and_worst_two(good, bad),
                )
            }
        };
        let figs = if self.unit_type == "mounted-cavalry" {
            match d.options.adf_cavalry_impact_figures {
                Rounding::HalfDown => self.figs / 2,
                Rounding::HalfUp => (self.figs + 1) / 2,
            }
        } else {
            self.figs
        };
        Ok(figs - mmp)
    }
}

/// `deadly-field impact`.
pub struct ImpactAction;

impl Action for ImpactAction {
    fn name(&self) -> &'static str {
        "impact"
    }

    fn summary(&self) -> &'static str {
        "the charge impact roll-off: FIV = 2D6 + figures - impact MMP, the margin's band"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        ImpactFields::specs()
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("attacker_wins", "yes"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let f = ImpactFields::read(s)?;
        let d = &charts.data;
        let attacker = Lead {
            figs: f.attacker_figs,
            mmp: f.attacker_mmp,
            unit_type: &f.attacker_type,
            quality: &f.attacker_quality,
            stands: f.attacker_stands,
            stands_lost: f.attacker_stands_lost,
            level: &f.attacker_level,
            formation: &f.attacker_formation,
            field: "attacker_formation",
        };
        let defender = Lead {
            figs: f.defender_figs,
            mmp: f.defender_mmp,
            unit_type: &f.defender_type,
            quality: &f.defender_quality,
            stands: f.defender_stands,
            stands_lost: f.defender_stands_lost,
            level: &f.defender_level,
            formation: &f.defender_formation,
            field: "defender_formation",
        };
        let charging = if f.attacker_type == "mounted-cavalry" {
            d.good.mounted_charging
        } else {
            d.good.charging
        };
        let support = |n: i32| (d.good.support_each * n).max(-d.good.support_max_charge);
        let attacker_good = [charging, support(f.attacker_support)];
        let cover = match f.defender_cover.as_str() {
            "light" => d.good.light_cover,
            "heavy" => d.good.heavy_cover,
            _ => 0,
        };
        let cavalry = f.attacker_type == "mounted-cavalry";
        let flank = match (f.charged_flank.as_str(), cavalry) {
            ("partial", false) => d.bad.charged_infantry_partial_flank,
            ("partial", true) => d.bad.charged_cavalry_partial_flank,
            ("full-or-rear", false) => d.bad.charged_infantry_flank_or_rear,
            ("full-or-rear", true) => d.bad.charged_cavalry_flank_or_rear,
            _ => 0,
        };
        let defender_good = [cover, support(f.defender_support)];
        Ok(Box::new(ProcedureModel(Impact {
            attacker_base: attacker.base(&charts, &attacker_good, &[])?,
            defender_base: defender.base(&charts, &defender_good, &[flank])?,
            charts: charts.clone(),
        })))
    }
}

/// A regiment's figures counted at impact less its impact MMP (BMP, level add-on,
/// the formation's CMM, or the level's row when Disordered or worse, and the best
/// two good and worst two bad modifiers, support counting up to -3).
pub fn impact_base(
    charts: &Charts,
    unit: &Regiment,
    now: &Condition,
    charging: bool,
    bad: &[i32],
) -> i32 {
    let d = &charts.data;
    let table = match unit.arm {
        Arm::Infantry => Some(&d.cmm.infantry),
        Arm::MountedCavalry => Some(&d.cmm.cavalry),
        Arm::DismountedCavalry => Some(&d.cmm.dismounted_cavalry),
        Arm::Artillery => None,
    };
    let key = if now.level > 0 {
        LEVELS[now.level]
    } else {
        unit.formation.as_str()
    };
    let cmm = table.and_then(|t| t.get(key)).copied().unwrap_or(0);
    let mut good = unit.good_modifiers(charts, charging);
    // The lead unit counts every adjacent friendly unit, up to -3.
    good[1] = (d.good.support_each * unit.supports).max(-d.good.support_max_charge);
    let mmp = charts.clamp_mmp(
        unit.bmp(charts, now.figures)
            + d.levels.addon[now.level]
            + cmm
            + best_and_worst_two(&good, bad),
    );
    let figures = now.figures as i32;
    let counted = if unit.arm == Arm::MountedCavalry {
        match d.options.adf_cavalry_impact_figures {
            Rounding::HalfDown => figures / 2,
            Rounding::HalfUp => (figures + 1) / 2,
        }
    } else {
        figures
    };
    counted - mmp
}
