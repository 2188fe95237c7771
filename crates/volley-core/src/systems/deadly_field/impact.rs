//! The charge impact: each side's lead unit's impact MMP
//! (BMP, level add-on, the Charge Morale Modifier of its formation, or of its
//! level's row once Disordered or worse, the best two good and worst two bad
//! modifiers, support counting every adjacent unit up to -3), then FIV = 2D6 +
//! figures (mounted cavalry half, artillery one per section) - MMP. The higher
//! FIV wins by the margin: 0 melee, 1 the attacker stops short, 2-4, 5-7, 8-11
//! the loser falls back, loses figures and is Disordered or Shaken, 12 or more
//! surrenders.

use super::charts::{Charts, ImpactCmm, Rounding, RoutedCharged, best_and_worst_two};
use super::regiment_fields::RegimentGroup;
use super::roll_points;
use super::unit::{Arm, Condition, Regiment};
use super::vocabulary::ImpactResult;
use super::vocabulary::LEVELS;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Category, Outcome, YesNo};
use std::sync::Arc;

/// The impact roll-off.
#[derive(Clone, Debug)]
pub struct Impact {
    pub charts: Arc<Charts>,
    /// Figures counted (after halving cavalry) minus the impact MMP, per side.
    pub attacker_base: i32,
    pub defender_base: i32,
    /// A Routed defender that surrenders without a roll (an option).
    pub defender_surrenders: bool,
    /// What the roll-off's roll point shows, for the impact action (a
    /// charge shows its units as they stand at its impact step).
    pub shown: Vec<Value>,
}

impl Impact {
    /// The roll-off's class, rolled at the impact roll point under the
    /// house rules' roll rules (`shown`: what the point shows them), after
    /// any step a script adds (a pursuit).
    pub fn rolled<D: Dice>(&self, dice: &mut D, shown: impl FnOnce() -> Vec<Value>) -> usize {
        self.charts
            .rolls
            .roll_outcome(&roll_points::IMPACT, dice, shown, |dice, adjust| {
                let attacker_base = self.attacker_base + adjust.modifier;
                let class = dice.classify_pair([Roll::Sum(2, 6), Roll::Sum(2, 6)], |a, d| {
                    self.class(
                        adjust.total(a) as i32 + attacker_base - (d as i32 + self.defender_base),
                    )
                });
                (class, Verdict::failed_if(!(2..=5).contains(&class)))
            })
    }

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
    /// The impact class (see [`ImpactResult`]).
    type Outcome = usize;
    type Record = (Outcome<ImpactResult>, Outcome<YesNo>);

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        (schema.outcome("impact"), schema.outcome("attacker_wins"))
    }

    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        if self.defender_surrenders {
            return 5;
        }
        self.rolled(dice, || self.shown.clone())
    }

    fn record(&self, rec: &Self::Record, class: &usize, tally: &mut Tally, w: f64) {
        tally.count(rec.0, ImpactResult::ALL[*class], w);
        tally.count(rec.1, (2..=5).contains(class).into(), w);
    }
}

/// The parts of one side's impact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpactParts {
    pub figures: i32,
    pub bmp: i32,
    pub addon: i32,
    pub cmm: i32,
    pub situation: i32,
    pub mmp: i32,
}

impl ImpactParts {
    /// Figures counted less the impact MMP: FIV = 2D6 + this.
    pub fn base(&self) -> i32 {
        self.figures - self.mmp
    }

    /// One line: how the value was reached.
    pub fn describe(&self, given: bool) -> String {
        let how = if given {
            "given".to_string()
        } else {
            format!(
                "BMP {} + level {:+} + CMM {:+} + situation {:+}, clamped 0-12",
                self.bmp, self.addon, self.cmm, self.situation
            )
        };
        format!(
            "FIV = 2D6 + {} figures counted - impact MMP {} ({how}) = 2D6 {:+}",
            self.figures,
            self.mmp,
            self.base()
        )
    }
}

/// The bad modifier of having `enemy` (standing as `now`) within 1 inch: +1
/// unless it is Shaken or worse, or skirmishing.
pub fn enemy_near(charts: &Charts, enemy: &Regiment, now: &Condition) -> i32 {
    if now.level < 2 && !enemy.skirmishing() && !now.gone() {
        charts.data.bad.enemy_within_1
    } else {
        0
    }
}

/// A regiment's impact value in condition `now` (the BMP, the level add-on, the
/// CMM of its formation or of its level's row, the best two good and worst two
/// bad modifiers, support counting up to -3); `given` overrides the MMP.
pub fn impact_parts(
    charts: &Charts,
    unit: &Regiment,
    now: &Condition,
    charging: bool,
    bad: &[i32],
    given: Option<i32>,
) -> ImpactParts {
    let d = &charts.data;
    let table = match unit.arm {
        Arm::Infantry => Some(&d.cmm.infantry),
        Arm::MountedCavalry => Some(&d.cmm.cavalry),
        Arm::DismountedCavalry => Some(&d.cmm.dismounted_cavalry),
        Arm::Artillery => None,
    };
    let key = match d.options.adf_impact_cmm() {
        ImpactCmm::LevelRow if now.level > 0 => LEVELS[usize::from(now.level)],
        _ => unit.formation.as_str(),
    };
    let cmm = table.and_then(|t| t.get(key)).copied().unwrap_or(0);
    let mut good = unit.good_modifiers(charts, charging);
    // The lead unit counts every adjacent friendly unit, up to -3.
    good[1] = (d.good.support_each * unit.supports).max(-d.good.support_max_charge);
    let bmp = unit.bmp(charts, now.figures);
    let addon = d.levels.addon[usize::from(now.level)];
    let situation = best_and_worst_two(&good, bad);
    let mmp = given.unwrap_or_else(|| charts.clamp_mmp(bmp + addon + cmm + situation));
    let figures = now.figures as i32;
    let counted = if unit.arm == Arm::MountedCavalry {
        match d.options.adf_cavalry_impact_figures() {
            Rounding::HalfDown => figures / 2,
            Rounding::HalfUp => (figures + 1) / 2,
        }
    } else {
        figures
    };
    ImpactParts {
        figures: counted,
        bmp,
        addon,
        cmm,
        situation,
        mmp,
    }
}

/// The flank modifier of a charge by `attacker` striking the defender's `flank`
/// (`none`, `partial`, `full-or-rear`).
pub fn flank_modifier(charts: &Charts, attacker: &Regiment, flank: &str) -> i32 {
    let b = &charts.data.bad;
    let cavalry = attacker.arm == Arm::MountedCavalry;
    match (flank, cavalry) {
        ("partial", false) => b.charged_infantry_partial_flank,
        ("partial", true) => b.charged_cavalry_partial_flank,
        ("full-or-rear", false) => b.charged_infantry_flank_or_rear,
        ("full-or-rear", true) => b.charged_cavalry_flank_or_rear,
        _ => 0,
    }
}

/// The flank choices.
pub const FLANKS: [&str; 3] = ["none", "partial", "full-or-rear"];

crate::action_fields! {
    /// The fields of `deadly-field impact`.
    pub struct ImpactFields(charts: &Charts) {
        attacker_mmp: Option<i64> = FieldSpec::optional(
            0,
            12,
            "computed",
            "the attacker's impact MMP; when given it overrides the computation",
        ),
        defender_mmp: Option<i64> = FieldSpec::optional(
            0,
            12,
            "computed",
            "the defender's impact MMP; when given it overrides the computation",
        ),
        charged_flank: String = FieldSpec::choice(
            &FLANKS,
            "none",
            "the charge strikes the defender's flank (infantry +2 / +4; cavalry +3 / +6)",
        ),
    }
    groups {
        attacker: RegimentGroup = RegimentGroup {
            figures_field: "figs",
            formation: "attack-column",
            level: "disorder",
            fires: false,
            charger: true,
            weapon: false,
            ..RegimentGroup::new("attacker", charts)
        },
        defender: RegimentGroup = RegimentGroup {
            figures_field: "figs",
            fires: false,
            weapon: false,
            ..RegimentGroup::new("defender", charts)
        },
    }
}

impl ImpactFields {
    /// Each side's impact value.
    fn sides(&self, charts: &Charts) -> (ImpactParts, ImpactParts) {
        let (a, d) = (&self.attacker, &self.defender);
        let flank = flank_modifier(charts, a, &self.charged_flank);
        (
            impact_parts(
                charts,
                a,
                &a.now,
                true,
                &[enemy_near(charts, d, &d.now)],
                self.attacker_mmp.map(|m| m as i32),
            ),
            impact_parts(
                charts,
                d,
                &d.now,
                false,
                &[flank, enemy_near(charts, a, &a.now)],
                self.defender_mmp.map(|m| m as i32),
            ),
        )
    }
}

/// `deadly-field impact`.
pub struct ImpactAction;

impl ChartAction for ImpactAction {
    type Fields = ImpactFields;

    const ABOUT: &'static About = &About {
        name: "impact",
        summary: "the charge impact roll-off: FIV = 2D6 + figures - impact MMP, the margin's band",
        headline: Some(("attacker_wins", "yes")),
        ..About::DEFAULT
    };

    fn working(&self, f: ImpactFields, charts: &Arc<Charts>) -> Vec<String> {
        let (a, d) = f.sides(charts);
        vec![
            format!("attacker: {}", a.describe(f.attacker_mmp.is_some())),
            format!("defender: {}", d.describe(f.defender_mmp.is_some())),
        ]
    }

    fn build(&self, f: ImpactFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        if f.attacker.now.gone() || f.defender.now.gone() {
            let field = if f.attacker.now.gone() {
                "attacker_figs"
            } else {
                "defender_figs"
            };
            return Err(InputError::argument(
                field,
                "a unit with no figures is not in contact",
            ));
        }
        let (a, d) = f.sides(charts);
        Ok(Box::new(ProcedureModel::new(Impact {
            attacker_base: a.base(),
            defender_base: d.base(),
            defender_surrenders: f.defender.now.routed()
                && charts.data.options.adf_routed_charged() == RoutedCharged::Surrender,
            shown: impact_shown(
                (&f.attacker, &f.attacker.now),
                (&f.defender, &f.defender.now),
            ),
            charts: charts.clone(),
        })))
    }
}

/// What the impact roll point shows of the charger and the defender, each
/// as the regiment it is and as it stands.
pub fn impact_shown(
    attacker: (&Regiment, &Condition),
    defender: (&Regiment, &Condition),
) -> Vec<Value> {
    let level = |c: &Condition| Value::Word(LEVELS[usize::from(c.level)]);
    let (a, att) = attacker;
    let (d, def) = defender;
    vec![
        Value::Word(a.quality_name()),
        Value::Word(a.arm.name()),
        level(att),
        Value::Number(i64::from(att.figures)),
        Value::Number(i64::from(a.leader_bonus)),
        Value::Word(d.quality_name()),
        Value::Word(d.arm.name()),
        level(def),
        Value::Number(i64::from(def.figures)),
    ]
}
