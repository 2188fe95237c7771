//! Fire: the firer's pre-fire cohesion check (+4 on failure), AV x
//! stands rounded up with the first-fire bonus, Chart 5 DV, the firing modifiers,
//! Chart 6, the S test after losses (rout on failing by 5), and the officer check.

use super::charts::{BillResult, Charts, FirstFire, FormationMods};
use super::fields::{self, UnitGroup};
use super::morale::{s_test, test};
use super::officer_result::Officer;
use super::roll_points::{self, FIRE_ROLL, OFFICER_HIT, PRE_FIRE_CHECK};
use super::unit::{Arm, Morale, Unit};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Category, Mean, Outcome};
use std::sync::Arc;

/// Situational modifiers of one volley.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Situation {
    pub av_per_stand: f64,
    pub rear: bool,
    pub enfilade: bool,
    pub die_mod: i32,
    /// An officer is with the target unit (and is its brigade commander).
    pub target_officer: bool,
}

/// What one volley did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolleyReport {
    pub steps_lost: u32,
    pub officer: usize,
}

/// The firer's formation penalty (the duplicated "skirmish" line, Q4).
fn formation_penalty(charts: &Charts, firer: &Unit) -> i32 {
    let m = &charts.data.fire_modifiers;
    let literal = charts.data.options.mf_fire_formation_mods() == FormationMods::Literal;
    match (firer.formation_name(), literal) {
        ("column", false) => m.firer_column,
        ("attack_column", _) => m.firer_attack_column,
        ("skirmish", false) => m.firer_skirmish,
        ("skirmish", true) => m.firer_skirmish + m.firer_attack_column,
        _ => 0,
    }
}

/// The attack value: AV per stand x stands firing (with the first-fire bonus),
/// rounded up.
pub fn attack_value(charts: &Charts, firer: &Unit, av_per_stand: f64) -> i32 {
    let m = &charts.data.fire_modifiers;
    let mut stands = f64::from(firer.half_stands()) / 2.0;
    let first = !firer.first_fire_used;
    if first && charts.data.options.mf_first_fire() == FirstFire::Plus2Stands {
        stands += f64::from(m.first_fire_stands);
    }
    let mut av = (av_per_stand * stands - 1e-9).ceil() as i32;
    if first && charts.data.options.mf_first_fire() == FirstFire::Plus2Av {
        av += m.first_fire_stands;
    }
    av
}

/// What a volley's Chart 6 roll did to its target, to be followed by its
/// effects ([`volley_effects`]): steps lost, and whether the target takes
/// an S test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hit {
    pub lost: u32,
    pub tests: bool,
}

/// One volley of `firer` at `target`, updating both: its roll, then its
/// effects.
pub fn volley<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    firer: &mut Unit,
    target: &mut Unit,
    situation: &Situation,
) -> VolleyReport {
    let hit = volley_roll(dice, charts, firer, target, situation);
    let officer = volley_effects(dice, charts, target, situation, hit);
    VolleyReport {
        steps_lost: hit.lost,
        officer,
    }
}

/// A volley's roll: the firer's pre-fire cohesion check, Chart 6, the steps
/// lost.
pub fn volley_roll<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    firer: &mut Unit,
    target: &mut Unit,
    situation: &Situation,
) -> Hit {
    let m = &charts.data.fire_modifiers;
    let (firer_before, target_before) = (*firer, *target);
    let shown = || roll_points::shown(&firer_before, &target_before);
    let failed = !test(charts, firer.cohesion(charts), firer.bead_penalty(charts)).rolled_at(
        &charts.rolls,
        &PRE_FIRE_CHECK,
        dice,
        shown,
    );
    let av = attack_value(charts, firer, situation.av_per_stand);
    firer.first_fire_used = true;
    let dv = target.dv(charts).unwrap_or(0);
    let drm = if failed { m.failed_cohesion } else { 0 }
        + if firer.shaken { m.firer_shaken } else { 0 }
        + if firer.disordered() {
            m.firer_disordered
        } else {
            0
        }
        + if target.moving { m.target_moving } else { 0 }
        + formation_penalty(charts, firer)
        + if situation.rear { m.rear } else { 0 }
        + if situation.enfilade { m.enfilade } else { 0 }
        + if target.disordered() {
            m.target_disordered
        } else {
            0
        }
        + situation.die_mod;
    let artillery = target.arm == Arm::Artillery;
    let result = charts.rolls.roll(&FIRE_ROLL, dice, shown, |dice, adjust| {
        let result = dice.classify(Roll::Sum(2, 6), |roll| {
            charts.bill(adjust.total(roll) as i32 + drm + adjust.modifier, av - dv)
        });
        (result, Verdict::failed_if(result == BillResult::NoEffect))
    });
    let lost = match result {
        BillResult::Loss { steps, half_stands } => {
            if artillery {
                half_stands
            } else {
                steps
            }
        }
        _ => 0,
    };
    target.lose_steps(lost);
    Hit {
        lost,
        tests: lost > 0 || result == BillResult::Shaken,
    }
}

/// A volley's effects on its target after the roll `hit`: the S test, and
/// the officer check (the Chart 8 row hit, 0 for none).
pub fn volley_effects<D: Dice>(
    dice: &mut D,
    charts: &Charts,
    target: &mut Unit,
    situation: &Situation,
    hit: Hit,
) -> usize {
    let lost = hit.lost;
    if hit.tests {
        s_test(dice, charts, target, 0, false);
    }
    let chance = charts.data.options.mf_officer_hit_chance() as i32;
    if lost == 0 || !situation.target_officer || chance == 0 || target.eliminated() {
        return 0;
    }
    let before = *target;
    let shown = || roll_points::unit_shown(&before, Value::Number(i64::from(lost)));
    let officer = charts
        .rolls
        .roll_outcome(&OFFICER_HIT, dice, shown, |dice, adjust| {
            let hit = dice.classify(Roll::Die(6), |face| {
                face as i32 + adjust.modifier > 6 - chance
            });
            let officer = if hit { dice.d(6) as usize } else { 0 };
            (officer, Verdict::failed_if(hit))
        });
    if officer > 0 {
        officer_casualty(dice, charts, target, officer - 1);
    }
    officer
}

/// Apply Chart 8 row `row` (0-based) to the unit whose officer was hit.
fn officer_casualty<D: Dice>(dice: &mut D, charts: &Charts, target: &mut Unit, row: usize) {
    let chart = &charts.data.officer;
    target.wound(chart.cohesion_loss[row] as u32);
    // The death test is taken against the fallen commander's own cohesion,
    // before his replacement takes over.
    if charts.officer_death_test(row) {
        s_test(dice, charts, target, chart.death_test_modifier[row], true);
    }
    if chart.removed[row] {
        // A replacement of competence 0 takes over.
        target.competence = 0;
        target.wounds = 0;
    }
}

/// `micro-force fire` as a procedure.
#[derive(Clone, Debug)]
pub struct Fire {
    pub charts: Arc<Charts>,
    pub firer: Unit,
    pub target: Unit,
    pub situation: Situation,
}

/// Where [`Fire`] records.
pub struct FireRecord {
    steps_lost: Outcome<u32>,
    morale_after: Outcome<Morale>,
    officer: Outcome<Officer>,
    mean_steps_lost: Mean,
    cohesion_after: Mean,
}

impl Procedure for Fire {
    type Outcome = (VolleyReport, Unit);
    type Record = FireRecord;

    fn declare(&self, schema: &mut Schema) -> FireRecord {
        FireRecord {
            steps_lost: schema.count("steps_lost", self.target.steps()),
            morale_after: schema.outcome("morale_after"),
            officer: schema.outcome("officer"),
            mean_steps_lost: schema.mean("steps_lost"),
            cohesion_after: schema.mean("cohesion_after"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (VolleyReport, Unit) {
        let (mut firer, mut target) = (self.firer, self.target);
        let report = volley(dice, &self.charts, &mut firer, &mut target, &self.situation);
        (report, target)
    }

    fn record(&self, rec: &FireRecord, o: &(VolleyReport, Unit), tally: &mut Tally, w: f64) {
        tally.count(rec.steps_lost, o.0.steps_lost, w);
        tally.count(rec.morale_after, o.1.morale(), w);
        tally.count(rec.officer, Officer::ALL[o.0.officer], w);
        tally.add(rec.mean_steps_lost, f64::from(o.0.steps_lost), w);
        tally.add(rec.cohesion_after, f64::from(o.1.cohesion(&self.charts)), w);
    }
}

/// `micro-force fire`.
pub struct FireAction;

crate::action_fields! {
    /// The fields of `micro-force fire`.
    pub struct FireFields(charts: &Charts) {
        av_per_stand: f64 = fields::av_per_stand(fields::AV_HELP),
        weapon: String = fields::weapon(charts),
        range: f64 = fields::range(),
        first_fire: bool = FieldSpec::flag("the firer's first fire of the game (+2 stands)"),
        target_officer: bool = FieldSpec::flag_on("an officer is with the target (checked for casualties)"),
        target_moving: bool = FieldSpec::flag("the target is in movement posture (+1)"),
        rear: bool = FieldSpec::flag("rear fire (-5)"),
        enfilade: bool = FieldSpec::flag("enfilade fire (-4)"),
        die_mod: i32 = FieldSpec::int(-10, 10, 0, "an extra modifier to the 2D6"),
    }
    groups {
        firer: UnitGroup<'static> = UnitGroup {
            charts,
            role: "firer",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
        target: UnitGroup<'static> = UnitGroup {
            charts,
            role: "target",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

impl FireAction {
    pub fn procedure(f: FireFields, charts: Arc<Charts>) -> Result<Fire, InputError> {
        let (mut firer, mut target) = (f.firer, f.target);
        target.moving = f.target_moving;
        if firer.routed && !charts.data.options.mf_routed_can_fire() {
            return Err(InputError::argument(
                "firer_routed",
                "a routed unit cannot fire (options.mf_routed_can_fire)",
            ));
        }
        firer.first_fire_used = !f.first_fire;
        Ok(Fire {
            situation: Situation {
                av_per_stand: fields::attack_value_per_stand(
                    &charts,
                    f.av_per_stand,
                    &f.weapon,
                    f.range,
                )?,
                rear: f.rear,
                enfilade: f.enfilade,
                die_mod: f.die_mod,
                target_officer: f.target_officer,
            },
            firer,
            target,
            charts: charts.clone(),
        })
    }
}

impl ChartAction for FireAction {
    type Fields = FireFields;

    const ABOUT: &'static About = &About {
        name: "fire",
        summary: "one regiment or battery fires at one target: Chart 6, the S test, officer casualties",
        headline: Some(("morale_after", "routed")),
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            (
                "officer",
                "no-hit",
                "no officer is hit (or none is with the target)",
            ),
            (
                "officer",
                "minor-wound",
                "Chart 8, 1: a minor wound, no effect",
            ),
            (
                "officer",
                "light-wound",
                "Chart 8, 2: -1 to the officer's cohesion",
            ),
            (
                "officer",
                "serious-wound",
                "Chart 8, 3: -2 to his cohesion, and he leaves play",
            ),
            (
                "officer",
                "death",
                "Chart 8, 4: killed; each unit of his brigade tests cohesion or is Shaken",
            ),
            (
                "officer",
                "death-brigade-tests-at-plus1",
                "Chart 8, 5: killed; his brigade's cohesion tests are at +1",
            ),
            (
                "officer",
                "heroic-death",
                "Chart 8, 6: a heroic death; his brigade's cohesion tests are at +2",
            ),
        ]
    }

    fn build(&self, f: FireFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(Self::procedure(
            f,
            charts.clone(),
        )?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::compile_charts;
    use crate::dice::Enumerator;

    #[test]
    fn the_death_test_uses_the_fallen_commanders_cohesion() {
        let book =
            crate::systems::rulebook(crate::systems::find("micro-force").unwrap(), &[]).unwrap();
        let charts: Charts = compile_charts(&book).unwrap();
        // A competence-3 commander (cohesion 17) dies (Chart 8 row 4: a normal
        // test). The unit tests against his 17, not the replacement's 14: it is
        // Shaken on 18-20, 3/20.
        let unit = Unit {
            arm: Arm::Infantry,
            original_stands: 4,
            steps_lost: 0,
            formation: 0,
            cover: 0,
            shaken: false,
            routed: false,
            moving: false,
            first_fire_used: true,
            competence: 3,
            wounds: 0,
        };
        let mut shaken = 0.0;
        Enumerator::new(1000)
            .explore(
                |dice| {
                    let mut u = unit;
                    officer_casualty(dice, &charts, &mut u, 3);
                    u
                },
                |u, p| {
                    assert_eq!(u.competence, 0, "a replacement took over");
                    if u.shaken {
                        shaken += p;
                    }
                },
            )
            .unwrap();
        assert!((shaken - 3.0 / 20.0).abs() < 1e-12, "{shaken}");
    }
}
