//! Standard fire: the firer's cohesion roll, then 2D6 plus target
//! terrain and range on the CRT.

use super::charts::Charts;
use super::fields::{self, AttackStandsFields, ShotFields};
use super::roll_points::{CRT_ROLL, FIRER_COHESION};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Classified, ClassifiedModel, Model, Procedure, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::{Value, Verdict};
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::Column;
use crate::systems::ghq::CrtResult;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::differential;
use crate::systems::ghq::roll_points::fire_shown;
use crate::systems::ghq::{FireRecord, FireResult, Stand, StandState};
use std::sync::Arc;

/// The class of a fire event whose firer fails its cohesion roll.
const FAILED_COHESION: u8 = 5;

/// One combat event: one firing stand against one target stand.
#[derive(Clone, Debug)]
pub struct StandardFire {
    /// The outcome for each CRT result (index 5: the firer failed cohesion),
    /// computed once from `target`, so a trial is one draw and three table loads.
    outcomes: [FireOutcome; 6],
    /// The class of every (natural d20, unmodified 2D6): a CRT result index with
    /// the modifiers applied, or 5 when the d20 fails the firer's cohesion.
    classes: [[u8; 13]; 21],
    /// Which verdict of the firer's cohesion roll and of the CRT roll a
    /// house rule rolls again (none: the one-draw table above).
    rerolls: [Option<Verdict>; 2],
    /// The fire as a house rule's script sees it, rolled at its roll
    /// points one roll at a time (none: no script at them).
    scripted: Option<Arc<ScriptedFire>>,
    /// The rolls are made one at a time (a re-roll or a script), not as
    /// the one draw of the tables.
    stepwise: bool,
}

/// What a scripted fire rolls from: the card's test, column and modifier
/// before any roll rule, and what its points show.
#[derive(Debug)]
pub struct ScriptedFire {
    charts: Arc<Charts>,
    firer: CohesionTest,
    column: Column,
    crt_drm: i32,
    shown: Vec<Value>,
}

impl StandardFire {
    /// A fire event, compiled into its two tables: the class of every dice
    /// pair (from the firer's test, the column and the modifiers) and the outcome
    /// of every class (from the target's markers).
    pub fn new(
        charts: &Charts,
        firer: CohesionTest,
        column: Column,
        crt_drm: i32,
        target: Stand,
    ) -> Self {
        let trigger = charts.data.options.ms_paren_s_trigger();
        let mut outcomes = [FireOutcome {
            result: FireResult::NoFire,
            target_after: target.state(),
        }; 6];
        for (i, result) in CrtResult::ALL.iter().enumerate() {
            let mut after = target;
            let effect = after.apply(*result, trigger);
            outcomes[i] = FireOutcome {
                result: effect.into(),
                target_after: after.state(),
            };
        }
        let mut classes = [[5u8; 13]; 21];
        for (natural, row) in classes.iter_mut().enumerate().skip(1) {
            if !firer.passes(natural as u32) {
                continue;
            }
            for (roll, class) in row.iter_mut().enumerate().skip(2) {
                *class = charts.crt().result(roll as i32 + crt_drm, column) as u8;
            }
        }
        StandardFire {
            outcomes,
            classes,
            rerolls: [None, None],
            scripted: None,
            stepwise: false,
        }
    }

    /// The event with the firer's cohesion roll and the CRT roll played
    /// again on the verdicts `rerolls` names (house rules').
    pub fn rerolled(self, rerolls: [Option<Verdict>; 2]) -> Self {
        StandardFire {
            rerolls,
            stepwise: rerolls != [None, None] || self.scripted.is_some(),
            ..self
        }
    }

    /// The event rolled at its roll points one roll at a time, under the
    /// house rules' scripts (and roll rules) as `fire` gives them.
    pub fn scripted(self, fire: ScriptedFire) -> Self {
        StandardFire {
            scripted: Some(Arc::new(fire)),
            stepwise: true,
            ..self
        }
    }

    /// [`StandardFire::class`] under scripts: each roll through its roll
    /// point, with what the rules and scripts make of it there.
    fn class_scripted<D: Dice>(&self, fire: &ScriptedFire, dice: &mut D) -> usize {
        let rolls = &fire.charts.rolls;
        let fired = fire
            .firer
            .rolled_at(rolls, &FIRER_COHESION, dice, || fire.shown.clone());
        if !fired {
            return usize::from(FAILED_COHESION);
        }
        rolls.roll(
            &CRT_ROLL,
            dice,
            || fire.shown.clone(),
            |dice, adjust| {
                let drm = fire.crt_drm + adjust.modifier;
                let class = dice.classify(Roll::Sum(2, 6), |roll| {
                    fire.charts
                        .crt()
                        .result(adjust.total(roll) as i32 + drm, fire.column)
                        as usize
                });
                let nothing = self.outcomes[class].result == FireResult::None;
                (class, Verdict::failed_if(nothing))
            },
        )
    }

    /// [`StandardFire::class`] with its rolls one at a time, each played
    /// again where a house rule re-rolls its verdict.
    fn class_rerolled<D: Dice>(&self, dice: &mut D) -> usize {
        let [cohesion, crt] = self.rerolls;
        // A natural that passes the firer's roll: every one reads the same
        // CRT row.
        let passing = (1..=20).find(|&n| self.classes[n][2] != FAILED_COHESION);
        let Some(row) = passing.map(|n| &self.classes[n]) else {
            return usize::from(FAILED_COHESION);
        };
        let fires = |dice: &mut D| {
            dice.classify(Roll::Die(20), |n| {
                self.classes[n as usize][2] != FAILED_COHESION
            })
        };
        let mut fired = fires(dice);
        if cohesion == Some(Verdict::failed_if(!fired)) {
            fired = fires(dice);
        }
        if !fired {
            return usize::from(FAILED_COHESION);
        }
        let roll = |dice: &mut D| dice.classify(Roll::Sum(2, 6), |r| row[r as usize]);
        let mut class = roll(dice);
        let nothing = |class: u8| self.outcomes[usize::from(class)].result == FireResult::None;
        if crt == Some(Verdict::failed_if(nothing(class))) {
            class = roll(dice);
        }
        usize::from(class)
    }

    /// The CRT result of one event, or 5 when the firer fails its cohesion roll:
    /// one draw and one table load, with no branch on the dice.
    #[inline(always)]
    fn class<D: Dice>(&self, dice: &mut D) -> usize {
        if self.stepwise {
            return match &self.scripted {
                Some(fire) => self.class_scripted(fire, dice),
                None => self.class_rerolled(dice),
            };
        }
        dice.classify_pair([Roll::Die(20), Roll::Sum(2, 6)], |natural, roll| {
            usize::from(self.classes[natural as usize][roll as usize])
        })
    }
}

/// Result of one combat event and the target's state after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireOutcome {
    pub result: FireResult,
    pub target_after: StandState,
}

impl Procedure for StandardFire {
    /// The class: a CRT result index, or 5 for a failed cohesion roll.
    type Outcome = usize;
    type Record = FireRecord;

    fn declare(&self, schema: &mut Schema) -> FireRecord {
        FireRecord::declare(schema)
    }

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        self.class(dice)
    }

    fn record(&self, rec: &FireRecord, class: &usize, tally: &mut Tally, w: f64) {
        let outcome = self.outcomes[*class];
        rec.record(tally, outcome.result, outcome.target_after, w);
    }
}

impl Classified for StandardFire {
    fn classes(&self) -> usize {
        6
    }
}

crate::action_fields! {
    /// The fields of `micro-squad fire`.
    pub struct FireFields(charts: &Charts)
    groups {
        shot: ShotFields = ShotFields::new(charts, "firer's"),
    }
    {
        range: i64 = FieldSpec::int(1, 400, 5, "range in whole inches (rounded up)"),
        range_table: String = FieldSpec::choice(
            &["infantry", "general"],
            "infantry",
            "infantry small arms, or the general table (vehicles, guns)",
        ),
        die_mod: i32 = fields::die_mod("extra modifier to the CRT roll"),
        smoke: bool = FieldSpec::flag("firing into or out of smoke (+3)"),
    }
    groups {
        stands: AttackStandsFields = AttackStandsFields { attacker: "firer", attacked: "target" },
    }
}

/// `micro-squad fire`.
pub struct FireAction;

impl FireAction {
    /// Build the procedure from a resolved scenario.
    pub fn procedure(f: FireFields, charts: Arc<Charts>) -> Result<StandardFire, InputError> {
        let personnel = f.shot.personnel();
        let (terrain_cohesion, terrain_crt) = f.shot.terrain_drms(&charts, &f.stands.conditions);
        let in_smoke = f.smoke && !f.shot.terrain.iter().any(|t| t == "smoke");
        let smoke = if in_smoke {
            charts.data.terrain.get("smoke").map_or(0, |t| t.personnel)
        } else {
            0
        };
        let infantry = f.range_table == "infantry";
        let range = charts
            .range_drm(f.range, infantry)
            .map_err(|m| InputError::argument("range", m))?;
        let column = fields::crt_column(f.shot.firepower, f.shot.defense, false, "firepower")?;
        // What the fire's roll points show, in the order of their reads.
        let shown = fire_shown(
            &f.stands.attacker,
            &f.stands.attacked,
            &[
                Value::Word(if personnel { "personnel" } else { "other" }),
                Value::Number(f.range),
                Value::Number(f.shot.firepower),
                Value::Number(f.shot.defense),
                Value::Flag(f.smoke || f.shot.terrain.iter().any(|t| t == "smoke")),
            ],
        );
        let firer = charts.cohesion_test(
            f.shot.cohesion,
            &f.stands.attacker,
            terrain_cohesion + smoke,
        );
        let crt_drm = terrain_crt + smoke + range + f.die_mod;
        if charts.rolls.scripted(&FIRER_COHESION) || charts.rolls.scripted(&CRT_ROLL) {
            // A script decides at each roll: the fire rolls one roll at a
            // time, every rule applied at its point.
            let fire = StandardFire::new(&charts, firer, column, crt_drm, f.stands.attacked);
            return Ok(fire.scripted(ScriptedFire {
                charts: charts.clone(),
                firer,
                column,
                crt_drm,
                shown,
            }));
        }
        // The house rules' roll rules: their modifiers and thresholds fold
        // into the event's tables; their re-rolls roll it step by step.
        let on_cohesion = charts.rolls.adjust(&FIRER_COHESION, || shown.clone());
        let on_crt = charts.rolls.adjust(&CRT_ROLL, || shown);
        let firer = CohesionTest {
            cohesion: on_cohesion.threshold(firer.cohesion),
            modifier: firer.modifier + on_cohesion.modifier,
            ..firer
        };
        Ok(StandardFire::new(
            &charts,
            firer,
            column,
            crt_drm + on_crt.modifier,
            f.stands.attacked,
        )
        .rerolled([on_cohesion.reroll, on_crt.reroll]))
    }
}

impl ChartAction for FireAction {
    type Fields = FireFields;

    const ABOUT: &'static About = &differential::crt_about(
        "fire",
        "standard fire: one firing stand's cohesion roll and CRT attack on one target stand",
        differential::firepower_for,
    );

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        crate::systems::ghq::results::result_notes(&["no-fire", "none", "S", "D", "E"])
    }

    fn build(&self, f: FireFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ClassifiedModel::new(Self::procedure(
            f,
            charts.clone(),
        )?)))
    }
}
