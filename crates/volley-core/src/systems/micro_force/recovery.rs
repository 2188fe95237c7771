//! The marker-recovery phase: rally Shaken (+3) and Routed (+5)
//! with the bead penalties added (Q12), the natural-20 miracle rally (Q1), cease
//! fire (+1; artillery free; free at long range, Q11), rejoin (0), resupply (+5).

use super::charts::{Charts, MiracleFace};
use super::fields::UnitGroup;
use super::morale::test;
use super::roll_points::{RALLY_ROLL, RECOVERY_TEST, unit_shown};
use super::unit::{Arm, Unit};
use crate::action::{About, Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::Outcome;
use std::sync::Arc;

crate::categories! {
    /// A unit's beads after a rally: the values of `beads_after`.
    pub enum Beads {
        None = "none",
        Shaken = "shaken",
        Routed = "routed",
        RoutedShaken = "routed+shaken",
    }
}

crate::categories! {
    /// Whether a test passed: the values of `rallied` and `passes`.
    pub enum Passed {
        No = "no",
        Yes = "yes",
    }
}

fn beads(unit: &Unit) -> Beads {
    match (unit.shaken, unit.routed) {
        (false, false) => Beads::None,
        (true, false) => Beads::Shaken,
        (false, true) => Beads::Routed,
        (true, true) => Beads::RoutedShaken,
    }
}

fn passed(yes: bool) -> Passed {
    if yes { Passed::Yes } else { Passed::No }
}

/// Where [`Recovery`] records: a rally's beads and success, or another
/// test's pass.
pub enum RecoveryRecord {
    Rally {
        beads_after: Outcome<Beads>,
        rallied: Outcome<Passed>,
    },
    Test {
        passes: Outcome<Passed>,
    },
}

/// The face of a miracle rally, if the option keeps one.
fn miracle(charts: &Charts) -> Option<u32> {
    match charts.data.options.mf_miracle_rally_face() {
        MiracleFace::Twenty => Some(20),
        MiracleFace::One => Some(1),
        MiracleFace::Off => None,
    }
}

/// One rally roll per bead, Shaken first, then Routed (the card's order). The
/// miracle face belongs to the Routed rally only: there it
/// clears both beads.
pub fn rally<D: Dice>(dice: &mut D, charts: &Charts, unit: &mut Unit) {
    let r = &charts.data.recovery;
    let included = charts.data.options.mf_rally_includes_bead_penalty();
    let face = miracle(charts);
    let naturals = charts.data.options.mf_naturals();
    for (routed, penalty) in [(false, r.rally_shaken), (true, r.rally_routed)] {
        let has = if routed { unit.routed } else { unit.shaken };
        if !has {
            continue;
        }
        let beads = if included {
            0
        } else {
            unit.bead_penalty(charts)
        };
        let cohesion = unit.cohesion(charts);
        let miracle_face = if routed { face } else { None };
        let bead = if routed { "routed" } else { "shaken" };
        let before = *unit;
        let shown = || unit_shown(&before, Value::Word(bead));
        let outcome = charts.rolls.roll(&RALLY_ROLL, dice, shown, |dice, adjust| {
            let cohesion = adjust.threshold(cohesion);
            let outcome = dice.classify(Roll::Die(20), |rolled| {
                let n = adjust.total(rolled);
                if miracle_face == Some(n) {
                    return 2;
                }
                let passes = if naturals && n == 1 {
                    true
                } else if naturals && n == 20 {
                    false
                } else {
                    n as i32 + penalty + beads + adjust.modifier <= cohesion
                };
                u8::from(passes)
            });
            (outcome, Verdict::failed_if(outcome == 0))
        });
        match outcome {
            2 => {
                unit.routed = false;
                unit.shaken = false;
                return;
            }
            1 if routed => unit.routed = false,
            1 => unit.shaken = false,
            _ => {}
        }
    }
}

/// Which recovery test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    Rally,
    CeaseFire { long_range: bool },
    Rejoin,
    Resupply,
}

/// A marker-recovery test for one unit.
#[derive(Clone, Debug)]
pub struct Recovery {
    pub charts: Arc<Charts>,
    pub unit: Unit,
    pub test: Test,
}

impl Procedure for Recovery {
    type Outcome = (bool, Unit);
    type Record = RecoveryRecord;

    fn declare(&self, schema: &mut Schema) -> RecoveryRecord {
        match self.test {
            Test::Rally => RecoveryRecord::Rally {
                beads_after: schema.outcome("beads_after"),
                rallied: schema.outcome("rallied"),
            },
            _ => RecoveryRecord::Test {
                passes: schema.outcome("passes"),
            },
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (bool, Unit) {
        let charts = &*self.charts;
        let mut unit = self.unit;
        let r = &charts.data.recovery;
        let tested = |dice: &mut D, penalty: i32| {
            let which = match self.test {
                Test::CeaseFire { .. } => "cease-fire",
                Test::Rejoin => "rejoin",
                _ => "resupply",
            };
            let shown = || unit_shown(&unit, Value::Word(which));
            test(
                charts,
                unit.cohesion(charts),
                penalty + unit.bead_penalty(charts),
            )
            .rolled_at(&charts.rolls, &RECOVERY_TEST, dice, shown)
        };
        let passed = match self.test {
            Test::Rally => {
                rally(dice, charts, &mut unit);
                !unit.shaken && !unit.routed
            }
            Test::CeaseFire { long_range } => {
                unit.arm == Arm::Artillery
                    || (long_range && charts.data.options.mf_ceasefire_free_at_long())
                    || tested(dice, r.cease_fire)
            }
            Test::Rejoin => tested(dice, r.rejoin),
            Test::Resupply => tested(dice, r.resupply),
        };
        (passed, unit)
    }

    fn record(&self, rec: &RecoveryRecord, o: &(bool, Unit), tally: &mut Tally, w: f64) {
        match *rec {
            RecoveryRecord::Rally {
                beads_after,
                rallied,
            } => {
                tally.count(beads_after, beads(&o.1), w);
                tally.count(rallied, passed(o.0), w);
            }
            RecoveryRecord::Test { passes } => tally.count(passes, passed(o.0), w),
        }
    }
}

crate::action_fields! {
    /// The unit of every recovery test.
    pub struct RecoveryFields(charts: &Charts) {}
    groups {
        unit: UnitGroup<'static> = UnitGroup {
            charts,
            role: "unit",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

crate::action_fields! {
    /// The extra field of `cease-fire`.
    pub struct CeaseFireFields(_charts: &Charts) {
        long_range: bool = FieldSpec::flag("the current target is at long range"),
    }
}

/// `micro-force rally`, `cease-fire`, `rejoin`, `resupply`.
pub struct RecoveryAction {
    about: About,
}

impl RecoveryAction {
    pub const RALLY: RecoveryAction = RecoveryAction {
        about: About {
            name: "rally",
            summary: "rally a Shaken (+3) and/or Routed (+5) unit; a natural 20 on the Routed rally clears both beads",
            headline: Some(("rallied", "yes")),
            ..About::DEFAULT
        },
    };
    pub const CEASE_FIRE: RecoveryAction = RecoveryAction::test(
        "cease-fire",
        "a firing unit's test to cease fire (+1; artillery and long range free)",
    );
    pub const REJOIN: RecoveryAction =
        RecoveryAction::test("rejoin", "a unit's test to rejoin its brigade");
    pub const RESUPPLY: RecoveryAction = RecoveryAction::test(
        "resupply",
        "an out-of-ammunition unit's test to resupply (+5)",
    );

    /// A test other than the rally: its headline is that it passes.
    const fn test(name: &'static str, summary: &'static str) -> Self {
        RecoveryAction {
            about: About {
                name,
                summary,
                headline: Some(("passes", "yes")),
                ..About::DEFAULT
            },
        }
    }
}

impl Action for RecoveryAction {
    fn about(&self) -> &About {
        &self.about
    }

    fn fields(&self, rules: &RuleBook) -> Result<Vec<FieldSpec>, InputError> {
        let charts = super::charts_of(rules)?;
        let mut specs = RecoveryFields::specs(&charts);
        if self.about.name == "rally" {
            for spec in specs.iter_mut().filter(|s| s.name == "unit_shaken") {
                spec.default = "true".to_string();
            }
        }
        if self.about.name == "cease-fire" {
            specs.extend(CeaseFireFields::specs(&charts));
        }
        Ok(specs)
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let unit = RecoveryFields::read(&charts, s)?.unit;
        let test = match self.about.name {
            "rally" => {
                if !unit.shaken && !unit.routed {
                    return Err(InputError::argument(
                        "unit_shaken",
                        "a unit without beads has nothing to rally; set unit_shaken or unit_routed",
                    ));
                }
                Test::Rally
            }
            "cease-fire" => Test::CeaseFire {
                long_range: CeaseFireFields::read(&charts, s)?.long_range,
            },
            "rejoin" => Test::Rejoin,
            _ => Test::Resupply,
        };
        Ok(Box::new(ProcedureModel::new(Recovery {
            charts,
            unit,
            test,
        })))
    }
}
