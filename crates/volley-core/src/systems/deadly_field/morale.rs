//! The morale check and the rally attempt: the Morale Point (MMP)
//! from the Basic Morale Point by quality and stands lost, the level's add-on,
//! the best two good and worst two bad situational modifiers and the fire
//! result's add-on, clamped to 0-12; then 2D6, passing at or above the MMP:
//! natural 12 Good Order, natural 2 and 3 the Routed / Shaken results (Elite:
//! Shaken / Disorder), a margin of -5 or worse drops two levels, -4 to -1 one, +1
//! to +4 improves one, +5 or better two. A failing unit that is not Routed falls
//! back MMP - roll inches (mounted cavalry twice that); a battery that routs on
//! an even total loses its guns.

use super::charts::{Charts, ForcedImprove, Natural23, NaturalFallBack, best_and_worst_two};
use super::levels::Level;
use super::roll_points;
use super::vocabulary::LEVELS;
use super::vocabulary::{QUALITIES, TYPES};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RollPoint;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Category, Mean, Outcome, YesNo};
use std::sync::Arc;

/// One morale check (or rally attempt) against a final MMP.
#[derive(Clone, Debug)]
pub struct MoraleCheck {
    pub charts: Arc<Charts>,
    pub mmp: i32,
    /// Index into [`LEVELS`].
    pub level: usize,
    pub elite: bool,
    pub mounted_cavalry: bool,
    pub artillery: bool,
    /// A rally attempt (not a forced check): it may always improve the level.
    pub rally: bool,
    /// The unit's quality and type, as a roll rule's condition reads them.
    pub quality: &'static str,
    pub unit_type: &'static str,
}

/// Passed or not, level after, fall-back inches, a figure recovered, guns lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOutcome {
    /// 2D6 at or above the MMP, a natural 12 always passing and a natural 2
    /// or 3 always failing.
    pub passed: bool,
    pub level_after: usize,
    pub fall_back: u32,
    pub recovers: bool,
    pub guns_lost: bool,
}

impl MoraleCheck {
    /// The check rolled at roll point `point` under the house rules' roll
    /// rules (`shown`: what the point shows them), its outcome read by
    /// `judge` into what the caller keeps. A rule's modifier adds to the
    /// roll by taking it off the MMP, so the naturals read the dice as
    /// rolled; the MMP it leaves is held to the card's range.
    pub fn rolled<D: Dice, T: Copy + PartialEq>(
        &self,
        point: &RollPoint,
        dice: &mut D,
        shown: impl FnOnce() -> Vec<Value>,
        judge: impl Fn(CheckOutcome) -> T,
    ) -> T {
        self.charts.rolls.roll(point, dice, shown, |dice, adjust| {
            let moved;
            let check = if adjust.modifier == 0 && adjust.threshold.is_none() {
                self
            } else {
                // The MMP a rule moves stays within the card's range, as
                // every MMP does.
                moved = MoraleCheck {
                    mmp: self
                        .charts
                        .clamp_mmp(adjust.threshold(self.mmp) - adjust.modifier),
                    ..self.clone()
                };
                &moved
            };
            // The verdict is kept apart only where a rule reads it, so that
            // the card's classes (and sums) are the same without one.
            let reads_verdict = adjust.reads_verdict();
            let (class, failed) = dice.classify(Roll::Sum(2, 6), |roll| {
                let o = check.resolve(adjust.total(roll));
                (judge(o), reads_verdict && !o.passed)
            });
            (class, Verdict::failed_if(failed))
        })
    }

    /// What the morale check's roll point shows.
    pub fn shown(&self) -> Vec<Value> {
        vec![
            Value::Word(self.quality),
            Value::Word(self.unit_type),
            Value::Word(LEVELS[self.level]),
            Value::Number(i64::from(self.mmp)),
            Value::Flag(self.rally),
        ]
    }

    /// The result of the 2D6 `roll`.
    pub fn resolve(&self, roll: u32) -> CheckOutcome {
        let r = &self.charts.data.resolution;
        let options = &self.charts.data.options;
        let worst = LEVELS.len() - 1;
        let margin = roll as i32 - self.mmp;
        let forced = |to: usize| match options.adf_natural_2_3() {
            Natural23::WorseOf => self.level.max(to),
            Natural23::AsPrinted => to,
        };
        let (level_after, natural) = if roll == r.natural_good_order {
            (0, true)
        } else if roll == r.natural_rout {
            (forced(if self.elite { 2 } else { 3 }), true)
        } else if roll == r.natural_shaken {
            (forced(if self.elite { 1 } else { 2 }), true)
        } else if margin <= r.drop_two_at_or_below {
            ((self.level + 2).min(worst), false)
        } else if margin < 0 {
            ((self.level + 1).min(worst), false)
        } else if margin == 0 {
            (self.level, false)
        } else if !self.rally && options.adf_forced_improve() == ForcedImprove::NoImprove {
            // A forced check passed: the level holds.
            (self.level, false)
        } else if margin < r.improve_two_at_or_above {
            (self.level.saturating_sub(1), false)
        } else {
            (self.level.saturating_sub(2), false)
        };
        let failed = margin < 0 && roll != r.natural_good_order;
        let falls_back = failed
            && level_after < worst
            && !(natural && options.adf_natural_fall_back() == NaturalFallBack::None);
        let inches = if falls_back { (-margin) as u32 } else { 0 };
        let became_routed = level_after == worst && self.level < worst;
        let natural_fail = roll == r.natural_rout || roll == r.natural_shaken;
        CheckOutcome {
            passed: roll == r.natural_good_order || (margin >= 0 && !natural_fail),
            level_after,
            fall_back: if self.mounted_cavalry {
                2 * inches
            } else {
                inches
            },
            recovers: roll == r.natural_good_order,
            guns_lost: self.artillery && became_routed && roll.is_multiple_of(2),
        }
    }
}

/// Where [`MoraleCheck`] records.
pub struct CheckRecord {
    passed: Outcome<YesNo>,
    /// A rally attempt's question: did the level improve?
    rallied: Option<Outcome<YesNo>>,
    level_after: Outcome<Level>,
    fall_back: Outcome<u32>,
    recovers_figure: Outcome<YesNo>,
    guns_lost: Outcome<YesNo>,
    mean_fall_back: Mean,
}

impl Procedure for MoraleCheck {
    type Outcome = CheckOutcome;
    type Record = CheckRecord;

    fn declare(&self, schema: &mut Schema) -> CheckRecord {
        CheckRecord {
            passed: schema.outcome("passed"),
            rallied: self.rally.then(|| schema.outcome("rallied")),
            level_after: schema.outcome("level_after"),
            fall_back: schema.count("fall_back", self.charts.most_fall_back()),
            recovers_figure: schema.outcome("recovers_figure"),
            guns_lost: schema.outcome("guns_lost"),
            mean_fall_back: schema.mean("fall_back"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> CheckOutcome {
        self.rolled(&roll_points::MORALE_CHECK, dice, || self.shown(), |o| o)
    }

    fn record(&self, rec: &CheckRecord, o: &CheckOutcome, tally: &mut Tally, w: f64) {
        tally.count(rec.passed, o.passed.into(), w);
        if let Some(rallied) = rec.rallied {
            tally.count(rallied, (o.level_after < self.level).into(), w);
        }
        tally.count(rec.level_after, Level::ALL[o.level_after], w);
        tally.count(rec.fall_back, o.fall_back, w);
        tally.count(rec.recovers_figure, o.recovers.into(), w);
        tally.count(rec.guns_lost, o.guns_lost.into(), w);
        tally.add(rec.mean_fall_back, f64::from(o.fall_back), w);
    }
}

crate::action_fields! {
    /// The fields of a morale check or rally attempt.
    pub struct MoraleFields(_charts: &Charts) {
        mmp: Option<i64> = FieldSpec::optional(
            0,
            12,
            "computed",
            "the final Morale Point; when given it overrides the computation from the fields below",
        ),
        level: String = FieldSpec::choice(&LEVELS, "good-order", "the unit's morale level now"),
        elite: bool = FieldSpec::flag("the unit is Elite (quality elite: natural 2 gives Shaken, 3 Disorder)"),
        quality: String = FieldSpec::choice(&QUALITIES, "trained", "the unit's quality (BMP)"),
        unit_type: String = FieldSpec::choice(&TYPES, "infantry", "the unit's type"),
        stands: u32 = FieldSpec::int(2, 3, 3, "the unit's original stands"),
        stands_lost: u32 = FieldSpec::int(0, 2, 0, "stands lost (a 2-stand unit that lost one reads its last-stand BMP)"),
        sections_lost: i32 = FieldSpec::int(0, 3, 0, "artillery sections lost (+3 each)"),
        leader_bonus: i32 = FieldSpec::int(0, 3, 0, "an adjacent leader's bonus (counts as a good modifier, -LB)"),
        charging: bool = FieldSpec::flag("the unit is charging (-1; mounted cavalry -2)"),
        cover: String = FieldSpec::choice(
            &["none", "light", "heavy"],
            "none",
            "in or directly behind cover (-1 / -2; not when charging)",
        ),
        supports: i32 = FieldSpec::int(0, 3, 0, "adjacent non-Shaken friendly units (-1 each, at most -2; -3 in a charge)"),
        enemy_within_1: bool = FieldSpec::flag("within 1 inch of a non-Shaken, non-skirmishing enemy unit (+1)"),
        brigade_losses: i32 = FieldSpec::int(0, 4, 0, "regiments or leaders of the brigade eliminated (+1 each, at most +2)"),
        merged: bool = FieldSpec::flag("a merged regiment (+2)"),
        fcr_add: i32 = FieldSpec::int(0, 4, 0, "the fire result's add-on (+1 for 1MC, +2 for 2MC, hits)"),
    }
}

impl MoraleFields {
    /// The MMP: given, or computed and clamped to 0-12.
    pub fn mmp(&self, charts: &Charts) -> i32 {
        self.mmp_working(charts).0
    }

    /// The situation's good and bad modifiers, each named (the card counts
    /// the best two good and the worst two bad).
    fn situation(&self, charts: &Charts) -> (Vec<Modifier>, Vec<Modifier>) {
        let d = &charts.data;
        let mut good = vec![("leader", -self.leader_bonus)];
        if self.charging {
            good.push((
                "charging",
                if self.unit_type == "mounted-cavalry" {
                    d.good.mounted_charging
                } else {
                    d.good.charging
                },
            ));
        } else {
            good.push((
                "cover",
                match self.cover.as_str() {
                    "light" => d.good.light_cover,
                    "heavy" => d.good.heavy_cover,
                    _ => 0,
                },
            ));
        }
        let support_max = if self.charging {
            d.good.support_max_charge
        } else {
            d.good.support_max
        };
        good.push((
            "support",
            (d.good.support_each * self.supports).max(-support_max),
        ));
        let bad = vec![
            (
                "enemy within 1 inch",
                if self.enemy_within_1 {
                    d.bad.enemy_within_1
                } else {
                    0
                },
            ),
            (
                "brigade losses",
                (d.bad.brigade_loss_each * self.brigade_losses).min(d.bad.brigade_loss_max),
            ),
            ("merged", if self.merged { d.bad.merged } else { 0 }),
        ];
        (good, bad)
    }

    /// The MMP and how it was reached, line by line.
    pub fn mmp_working(&self, charts: &Charts) -> (i32, Vec<String>) {
        if let Some(mmp) = self.mmp {
            return (
                mmp as i32,
                vec![format!("MMP {mmp}, given (it overrides the computation)")],
            );
        }
        let d = &charts.data;
        let quality = if self.elite {
            "elite"
        } else {
            self.quality.as_str()
        };
        let mut lines = Vec::new();
        let base = if self.unit_type == "artillery" {
            let base = charts.bmp(quality, 3, 0);
            let lost = d.bmp.artillery_per_section_lost * self.sections_lost;
            lines.push(format!(
                "BMP {base} ({quality} battery) + {lost} for {} section(s) lost = {}",
                self.sections_lost,
                base + lost
            ));
            base + lost
        } else {
            let base = charts.bmp(quality, self.stands, self.stands_lost);
            lines.push(format!(
                "BMP {base} ({quality}, {} of {} stands lost)",
                self.stands_lost, self.stands
            ));
            base
        };
        let level = LEVELS.iter().position(|l| *l == self.level).unwrap_or(0);
        let addon = d.levels.addon[level];
        lines.push(format!("level {}: {addon:+}", self.level));
        let (good, bad) = self.situation(charts);
        let values = |named: &[(&str, i32)]| named.iter().map(|(_, v)| *v).collect::<Vec<_>>();
        let situation = best_and_worst_two(&values(&good), &values(&bad));
        let listed: Vec<String> = good
            .iter()
            .chain(&bad)
            .filter(|(_, v)| *v != 0)
            .map(|(name, v)| format!("{name} {v:+}"))
            .collect();
        lines.push(format!(
            "situation (best two good, worst two bad): {} -> {situation:+}",
            if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(", ")
            }
        ));
        if self.fcr_add != 0 {
            lines.push(format!("fire result add-on: {:+}", self.fcr_add));
        }
        let raw = base + addon + situation + self.fcr_add;
        let mmp = charts.clamp_mmp(raw);
        lines.push(if mmp == raw {
            format!("MMP {mmp}: the check passes on 2D6 >= {mmp}")
        } else {
            format!(
                "MMP {raw}, clamped to {mmp} ({}-{}): the check passes on 2D6 >= {mmp}",
                d.mmp.min, d.mmp.max
            )
        });
        (mmp, lines)
    }
}

/// A named situation modifier of the MMP.
type Modifier = (&'static str, i32);

/// `deadly-field morale-check` (`MoraleAction<false>`) or `rally`
/// (`MoraleAction<true>`).
pub struct MoraleAction<const RALLY: bool>;

const CHECK_ABOUT: About = About {
    name: "morale-check",
    summary: "a morale check: the MMP from quality, level and situation, then 2D6 against it",
    headline: Some(("passed", "yes")),
    ..About::DEFAULT
};

const RALLY_ABOUT: About = About {
    name: "rally",
    summary: "a rally attempt: the morale check table for a Routed (or any) unit",
    headline: Some(("rallied", "yes")),
    ..About::DEFAULT
};

impl<const RALLY: bool> ChartAction for MoraleAction<RALLY> {
    type Fields = MoraleFields;

    const ABOUT: &'static About = if RALLY { &RALLY_ABOUT } else { &CHECK_ABOUT };

    /// A rally's unit is Routed unless the user says otherwise.
    fn field_specs(&self, charts: &Charts) -> Vec<FieldSpec> {
        let mut specs = MoraleFields::specs(charts);
        if RALLY {
            for spec in specs.iter_mut().filter(|s| s.name == "level") {
                spec.default = "routed".to_string();
            }
        }
        specs
    }

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        let mut notes = vec![
            (
                "passed",
                "yes",
                "2D6 at or above the MMP (a natural 12 always passes, a natural 2 or 3 always fails)",
            ),
            (
                "rallied",
                "yes",
                "a rally attempt improves the level (a Routed unit is no longer Routed): 2D6 above the MMP or a natural 12; a roll equal to the MMP passes but holds the level",
            ),
            (
                "fall_back",
                "0-24",
                "inches the unit falls back (0 when it passes or routs)",
            ),
            (
                "recovers_figure",
                "yes",
                "a natural 12: one figure or gun section recovered",
            ),
            (
                "guns_lost",
                "yes",
                "a battery that routs on an even total loses its guns",
            ),
        ];
        // Only a rally attempt asks whether the unit rallied.
        notes.retain(|(variable, _, _)| RALLY || *variable != "rallied");
        notes
    }

    fn working(&self, f: MoraleFields, charts: &Arc<Charts>) -> Vec<String> {
        f.mmp_working(charts).1
    }

    fn build(&self, f: MoraleFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        if f.elite && f.quality != "trained" && f.quality != "elite" {
            return Err(InputError::argument(
                "elite",
                format!("elite=true contradicts quality={}", f.quality),
            ));
        }
        if f.stands == 2 && f.stands_lost > 1 {
            return Err(InputError::argument(
                "stands_lost",
                "a 2-stand unit has only its last stand left after losing one",
            ));
        }
        let level = LEVELS.iter().position(|l| *l == f.level).unwrap_or(0);
        Ok(Box::new(ProcedureModel::new(MoraleCheck {
            mmp: f.mmp(charts),
            level,
            elite: f.elite || f.quality == "elite",
            mounted_cavalry: f.unit_type == "mounted-cavalry",
            artillery: f.unit_type == "artillery",
            rally: RALLY,
            quality: QUALITIES
                .iter()
                .find(|q| **q == f.quality)
                .copied()
                .unwrap_or("trained"),
            unit_type: TYPES
                .iter()
                .find(|t| **t == f.unit_type)
                .copied()
                .unwrap_or("infantry"),
            charts: charts.clone(),
        })))
    }
}
