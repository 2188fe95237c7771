//! Direct artillery and plotted indirect artillery (2.5.4).
//!
//! Both: the firing stand's cohesion roll, then (mortars in direct fire, every
//! indirect mission) a deviation roll, read as a second cohesion roll of the firer
//! without the target-terrain modifier (S9; `ms_deviation_terrain` adds it). A
//! failed deviation moves the impact 1D8 direction and 1D6 inches; the target stays
//! under it when the distance is within `impact_radius`. Then 2D6 plus target
//! terrain (no range) on the CRT; below -3 the result is S.

use super::charts::Charts;
use super::fields::{self, Conditions, MarkerGroup};
use super::roll_points::{DEVIATION_ROLL, STRIKE_ATTACK, STRIKE_COHESION};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RollPoint;
use crate::rules::rolls::Value as Shown;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::differential;
use crate::systems::ghq::roll_points::strike_shown;
use crate::systems::ghq::{Column, CrtAttack, attack_at};
use crate::systems::ghq::{Stand, StandState, StrikeResult};
use crate::tally::{Label, Outcome, Value};
use std::sync::Arc;

/// How far an impact can drift.
#[derive(Clone, Copy, Debug)]
pub struct Drift {
    pub check: CohesionTest,
    pub direction_die: u32,
    pub distance_dice: u32,
    pub impact_radius: i64,
}

/// One artillery (or air) attack on one stand under the impact area.
#[derive(Clone, Debug)]
pub struct Strike {
    pub charts: Arc<Charts>,
    pub arrival: CohesionTest,
    pub drift: Option<Drift>,
    pub column: Column,
    pub crt_drm: i32,
    pub target: Stand,
    /// What the mission's roll points show a house rule.
    pub shown: Vec<Shown>,
}

/// The strike's result, the target's state, the deviation (0 = none, else
/// inches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrikeOutcome {
    pub result: StrikeResult,
    pub target_after: StandState,
    pub deviation: u32,
}

/// Where a strike records: its `result` as `R` (artillery's or an air
/// strike's names), the target's state and the deviation.
pub struct StrikeRecord<R> {
    result: Outcome<R>,
    target_after: Outcome<StandState>,
    deviation: Outcome<Label>,
}

impl Strike {
    /// Labels of the `deviation` variable: none, then every distance.
    pub fn deviation_labels(&self) -> Vec<String> {
        let mut labels = vec!["none".to_string()];
        if let Some(drift) = &self.drift {
            labels
                .extend((drift.distance_dice..=6 * drift.distance_dice).map(|d| format!("{d}in")));
        }
        labels
    }

    /// Resolve after the arrival roll has passed.
    pub fn land<D: Dice>(&self, dice: &mut D) -> StrikeOutcome {
        let mut target = self.target;
        let mut deviation = 0;
        if let Some(drift) = &self.drift
            && !self.rolled(&drift.check, &DEVIATION_ROLL, dice)
        {
            // The direction does not matter to a stand at the centre of the sheaf.
            dice.classify(Roll::Die(drift.direction_die), |_| ());
            deviation = dice.sum(drift.distance_dice, 6);
            if i64::from(deviation) > drift.impact_radius {
                return StrikeOutcome {
                    result: StrikeResult::OffTarget,
                    target_after: target.state(),
                    deviation,
                };
            }
        }
        let attack = CrtAttack {
            column: self.column,
            drm: self.crt_drm,
            dash_s_suppresses: false,
        };
        let shown = || self.shown.clone();
        let effect = attack_at(
            dice,
            &*self.charts,
            &STRIKE_ATTACK,
            shown,
            attack,
            &mut target,
        );
        StrikeOutcome {
            result: effect.into(),
            target_after: target.state(),
            deviation,
        }
    }

    /// `test` rolled at `point` under the house rules.
    pub fn rolled<D: Dice>(&self, test: &CohesionTest, point: &RollPoint, dice: &mut D) -> bool {
        test.rolled_at(&self.charts.rolls, point, dice, || self.shown.clone())
    }

    fn deviation_label(&self, deviation: u32) -> Label {
        match &self.drift {
            Some(drift) if deviation > 0 => Label((deviation - drift.distance_dice + 1) as usize),
            _ => Label(0),
        }
    }

    /// Declare a strike's variables, its `result` named as `R` names it.
    pub fn declare_as<R: crate::tally::Category>(&self, schema: &mut Schema) -> StrikeRecord<R> {
        StrikeRecord {
            result: schema.outcome("result"),
            target_after: schema.outcome("target_after"),
            deviation: schema.labelled("deviation", self.deviation_labels()),
        }
    }

    pub fn record_as<R: Value + From<StrikeResult>>(
        &self,
        rec: &StrikeRecord<R>,
        o: &StrikeOutcome,
        tally: &mut Tally,
        w: f64,
    ) {
        tally.count(rec.result, R::from(o.result), w);
        tally.count(rec.target_after, o.target_after, w);
        tally.count(rec.deviation, self.deviation_label(o.deviation), w);
    }
}

impl Procedure for Strike {
    type Outcome = StrikeOutcome;
    type Record = StrikeRecord<StrikeResult>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        self.declare_as(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> StrikeOutcome {
        if !self.rolled(&self.arrival, &STRIKE_COHESION, dice) {
            return StrikeOutcome {
                result: StrikeResult::NoFire,
                target_after: self.target.state(),
                deviation: 0,
            };
        }
        self.land(dice)
    }

    fn record(&self, rec: &Self::Record, o: &StrikeOutcome, tally: &mut Tally, w: f64) {
        self.record_as(rec, o, tally, w);
    }
}

crate::action_fields! {
    /// The fields of both artillery actions.
    pub struct ArtilleryFields(charts: &Charts) {
        firepower: i64 = fields::strength(6, "artillery firepower against the target's defense class"),
        defense: i64 = fields::strength(4, "target's defense strength"),
        cohesion: i32 = fields::cohesion(charts, "firing force's cohesion"),
        terrain: Vec<String> = fields::terrain(charts, "target's terrain (cumulative features joined by +)"),
        target: String = fields::target_class("target class for the terrain modifier"),
        die_mod: i32 = fields::die_mod("extra modifier to the CRT roll"),
        impact_radius: i64 = FieldSpec::int(
            0,
            24,
            0,
            "inches a deviated impact may drift and still cover the target",
        ),
    }
    groups {
        firer: MarkerGroup = MarkerGroup { prefix: "firer", this_turn: false },
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: true },
        conditions: Conditions = Conditions,
    }
}

crate::action_fields! {
    /// The extra field of direct artillery.
    pub struct MortarField(_charts: &Charts) {
        mortar: bool = FieldSpec::flag("the firer is a mortar (rolls for deviation)"),
    }
}

fn build(
    f: ArtilleryFields,
    charts: Arc<Charts>,
    mission: &'static str,
    deviates: bool,
) -> Result<Strike, InputError> {
    let personnel = f.target == "personnel";
    let (terrain_cohesion, terrain_crt) = charts.terrain_drms(&f.terrain, personnel, &f.conditions);
    let arrival = charts.cohesion_test(f.cohesion, &f.firer, terrain_cohesion);
    // The deviation roll is the firer's cohesion roll; the target's terrain counts
    // on it only under ms_deviation_terrain.
    let deviation_check = CohesionTest {
        modifier: if charts.data.options.ms_deviation_terrain() {
            arrival.modifier
        } else {
            arrival.modifier - terrain_cohesion
        },
        ..arrival
    };
    let drift = deviates.then(|| Drift {
        check: deviation_check,
        direction_die: charts.data.deviation.artillery_direction_die,
        distance_dice: charts.data.deviation.artillery_distance_dice,
        impact_radius: f.impact_radius,
    });
    Ok(Strike {
        arrival,
        drift,
        column: fields::crt_column(f.firepower, f.defense, true, "firepower")?,
        crt_drm: terrain_crt + f.die_mod,
        shown: strike_shown(mission, &f.firer, &f.target_stand, class_word(&f.target)),
        target: f.target_stand,
        charts,
    })
}

/// `micro-squad direct-artillery`.
pub struct DirectArtilleryAction;

impl ChartAction for DirectArtilleryAction {
    type Fields = (ArtilleryFields, MortarField);

    const ABOUT: &'static About = &differential::crt_about(
        "direct-artillery",
        "direct artillery on one stand under the impact area (mortars roll for deviation)",
        differential::firepower_for,
    );

    fn build(
        &self,
        (fields, mortar): Self::Fields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let strike = build(fields, charts.clone(), "direct-artillery", mortar.mortar)?;
        Ok(Box::new(ProcedureModel::new(strike)))
    }
}

/// `micro-squad indirect-artillery`.
pub struct IndirectArtilleryAction;

impl ChartAction for IndirectArtilleryAction {
    type Fields = ArtilleryFields;

    const ABOUT: &'static About = &differential::crt_about(
        "indirect-artillery",
        "a plotted indirect mission on one stand: cohesion, deviation (1D8 direction, 1D6 inches), CRT",
        differential::firepower_for,
    );

    fn build(
        &self,
        fields: ArtilleryFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(build(
            fields,
            charts.clone(),
            "indirect-artillery",
            true,
        )?)))
    }
}

/// A target class as the missions' roll points show it.
pub fn class_word(class: &str) -> &'static str {
    if class == "personnel" {
        "personnel"
    } else {
        "other"
    }
}
