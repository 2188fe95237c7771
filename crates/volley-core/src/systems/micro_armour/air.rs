//! Air strikes and anti-aircraft fire. The strike's
//! cohesion roll (failure cancels the mission); AA fire on the way in, each AA
//! stand's cohesion then its HE firepower against the aircraft's defense with the
//! column shifted by AA TL - aircraft TL (a left shift never below -3, a right
//! shift past +9 is E; no terrain; `-S-` no effect; E destroys the aircraft); the
//! deviation roll modified by the aircraft's S and D (1D8 direction, 1D10
//! inches); the target's defense quartered if armored or moving personnel; 2D6
//! plus terrain, below -3 S, `-S-` S (no effect on a helicopter, see
//! [`Charts::dash_s_suppresses`]). AA fire on the way out cannot change the
//! strike and is not rolled.

use super::artillery::strike_column;
use super::charts::{Attacker, Charts};
use super::fields;
use super::roll_points::{AA_ATTACK, AA_FIRE, DEVIATION_ROLL, STRIKE_ATTACK, STRIKE_COHESION};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::ArmourAirResult;
use crate::systems::ghq::fields::MarkerGroup;
use crate::systems::ghq::roll_points::strike_shown;
use crate::systems::ghq::{
    CohesionTest, Column, CrtAttack, CrtResult, GhqCard, Stand, StandState, attack_at, column,
};
use crate::tally::Outcome;
use std::sync::Arc;

/// AA fire at one aircraft: each of `stands` identical AA stands fires once.
#[derive(Clone, Copy, Debug)]
pub struct AntiAircraft {
    pub stands: u32,
    pub test: CohesionTest,
    /// `None`: no attack allowed (below -3); `Some(None)`: E without a roll.
    pub column: Option<Option<Column>>,
    /// The AA stands' markers, as their roll points show them.
    pub aa_stand: Stand,
}

impl AntiAircraft {
    /// The column of AA fire at differential `differential`, shifted `shift`
    /// columns (+ right).
    pub fn column(differential: i32, shift: i32) -> Option<Option<Column>> {
        let shifted = if shift < 0 {
            (differential + shift).max(differential.min(-3))
        } else {
            differential + shift
        };
        if shifted > 9 {
            return Some(None);
        }
        match column(shifted, false) {
            Ok(Some(index)) => Some(Some(Column::Index(index))),
            _ => None,
        }
    }

    /// Fire at `aircraft`; `true` if it is destroyed.
    pub fn fire<D: Dice>(&self, dice: &mut D, charts: &Charts, aircraft: &mut Stand) -> bool {
        let Some(column) = self.column else {
            return false;
        };
        for _ in 0..self.stands {
            if aircraft.eliminated {
                break;
            }
            let seen = *aircraft;
            let shown = || self.shown(&seen);
            if !self.test.rolled_at(&charts.rolls, &AA_FIRE, dice, shown) {
                continue;
            }
            match column {
                Some(column) => {
                    let attack = CrtAttack {
                        column,
                        drm: 0,
                        dash_s_suppresses: false,
                    };
                    let shown = || self.shown(&seen);
                    attack_at(dice, charts, &AA_ATTACK, shown, attack, aircraft);
                }
                None => {
                    aircraft.apply(CrtResult::Eliminated, charts.paren_s_trigger());
                }
            }
        }
        aircraft.eliminated
    }

    /// What the AA rolls show, the aircraft as it stands.
    fn shown(&self, aircraft: &Stand) -> Vec<Value> {
        vec![
            Value::Flag(self.aa_stand.suppressed),
            Value::Flag(self.aa_stand.disorganized),
            Value::Flag(aircraft.suppressed),
            Value::Flag(aircraft.disorganized),
            Value::Number(i64::from(self.stands)),
        ]
    }
}

crate::action_fields! {
    /// The AA side of an air strike or of AA fire.
    pub struct AaFields(charts: &Charts) {
        aa_stands: u32 = FieldSpec::int(0, 12, 1, "AA stands in range and qualified to fire"),
        aa_firepower: i64 = fields::strength(6, "each AA stand's HE firepower"),
        aa_tech_level: u32 = fields::tech_level(4, "the AA stands' tech level"),
        aa_cohesion: i32 = fields::cohesion(charts, "the AA force's cohesion"),
        aa_range_drm: i32 = FieldSpec::int(
            -5,
            5,
            0,
            "the AA gun's range effect, added to its cohesion roll",
        ),
        aircraft_defense: i64 = fields::strength(5, "the aircraft's defense"),
        aircraft_tech_level: u32 = fields::tech_level(4, "the aircraft's tech level"),
    }
    groups {
        aa: MarkerGroup = MarkerGroup { prefix: "aa", this_turn: false },
    }
}

impl AaFields {
    fn anti_aircraft(&self, charts: &Charts) -> AntiAircraft {
        let shift = (self.aa_tech_level as i32 - self.aircraft_tech_level as i32)
            * charts.data.anti_aircraft.shift_per_tl;
        let differential = (self.aa_firepower - self.aircraft_defense).clamp(-100, 100) as i32;
        AntiAircraft {
            stands: self.aa_stands,
            test: charts.cohesion_test(self.aa_cohesion, &self.aa, self.aa_range_drm),
            column: AntiAircraft::column(differential, shift),
            aa_stand: self.aa,
        }
    }
}

/// An air strike on one stand.
#[derive(Clone, Debug)]
pub struct AirStrike {
    pub charts: Arc<Charts>,
    pub arrival: CohesionTest,
    pub aa: AntiAircraft,
    pub deviation_cohesion: i32,
    pub impact_radius: u32,
    pub column: Column,
    pub crt_drm: i32,
    /// `-S-` is S against this target (not against a helicopter).
    pub dash_s_suppresses: bool,
    pub target: Stand,
    /// The target's class, as the mission's roll points show it.
    pub target_class: &'static str,
}

impl AirStrike {
    /// What the mission's roll points show, the aircraft as it stands.
    fn shown(&self, aircraft: &Stand) -> Vec<Value> {
        strike_shown("air-strike", aircraft, &self.target, self.target_class)
    }
}

/// Where [`AirStrike`] records.
pub struct AirRecord {
    result: Outcome<ArmourAirResult>,
    target_after: Outcome<StandState>,
    aircraft_after: Outcome<StandState>,
}

impl Procedure for AirStrike {
    /// `result`, target state, aircraft state.
    type Outcome = (ArmourAirResult, StandState, StandState);
    type Record = AirRecord;

    fn declare(&self, schema: &mut Schema) -> AirRecord {
        AirRecord {
            result: schema.outcome("result"),
            target_after: schema.outcome("target_after"),
            aircraft_after: schema.outcome("aircraft_after"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Self::Outcome {
        let charts = &*self.charts;
        let mut aircraft = Stand::default();
        let target = self.target.state();
        let rolls = &charts.rolls;
        let fresh = aircraft;
        if !self
            .arrival
            .rolled_at(rolls, &STRIKE_COHESION, dice, || self.shown(&fresh))
        {
            return (ArmourAirResult::Aborted, target, aircraft.state());
        }
        if self.aa.fire(dice, charts, &mut aircraft) {
            return (ArmourAirResult::ShotDown, target, aircraft.state());
        }
        // The deviation roll carries the aircraft's S and D.
        let deviation = charts.cohesion_test(self.deviation_cohesion, &aircraft, 0);
        let hit = aircraft;
        if !deviation.rolled_at(rolls, &DEVIATION_ROLL, dice, || self.shown(&hit)) {
            let d = &charts.data.deviation;
            dice.classify(Roll::Die(d.air_direction_die), |_| ());
            let off = dice.classify(Roll::Die(d.air_distance_die), |n| n > self.impact_radius);
            if off {
                return (ArmourAirResult::OffTarget, target, aircraft.state());
            }
        }
        let mut stand = self.target;
        let attack = CrtAttack {
            column: self.column,
            drm: self.crt_drm,
            dash_s_suppresses: self.dash_s_suppresses,
        };
        let shown = || self.shown(&hit);
        let effect = attack_at(dice, charts, &STRIKE_ATTACK, shown, attack, &mut stand);
        (effect.into(), stand.state(), aircraft.state())
    }

    fn record(&self, rec: &AirRecord, o: &Self::Outcome, tally: &mut Tally, w: f64) {
        tally.count(rec.result, o.0, w);
        tally.count(rec.target_after, o.1, w);
        tally.count(rec.aircraft_after, o.2, w);
    }
}

crate::action_fields! {
    /// The strike side of `micro-armour air-strike`.
    pub struct StrikeFields(charts: &Charts) {
        attack_value: i64 = fields::strength(10, "the aircraft's attack value (ordnance or firepower)"),
        defense: i64 = fields::strength(4, "the target's defense (armored or moving personnel: quartered)"),
        cohesion: i32 = fields::cohesion(charts, "the attacking force's cohesion (strike and deviation)"),
        terrain: Vec<String> = fields::terrain(charts, "the target's terrain (cumulative features joined by +)"),
        target: String = fields::target_class("the target's defense class"),
        target_moving: bool = FieldSpec::flag("the target is in movement posture"),
        impact_radius: u32 = fields::impact_radius("strike"),
        die_mod: i32 = fields::die_mod("an extra modifier to the CRT roll"),
    }
    groups {
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: false },
    }
}

/// `micro-armour air-strike`.
pub struct AirStrikeAction;

impl ChartAction for AirStrikeAction {
    type Fields = (StrikeFields, AaFields);

    const ABOUT: &'static About = &About {
        name: "air-strike",
        summary: "an air strike on one stand: the strike's cohesion, AA fire with TL column shifts, deviation, CRT",
        headline: Some(("result", "E")),
        ..About::DEFAULT
    };

    fn build(
        &self,
        (f, aa): Self::Fields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let personnel = f.target == "personnel";
        let quartered = f.target == "armored" || (personnel && f.target_moving);
        let defense = if quartered {
            Charts::quarter(f.defense)
        } else {
            f.defense
        };
        let (_, terrain_crt) =
            charts.terrain_drms(&f.terrain, personnel, f.target_moving, false, false);
        Ok(Box::new(ProcedureModel::new(AirStrike {
            arrival: CohesionTest {
                cohesion: f.cohesion,
                modifier: 0,
                naturals: charts.naturals(),
            },
            aa: aa.anti_aircraft(charts),
            deviation_cohesion: f.cohesion,
            impact_radius: f.impact_radius,
            column: strike_column(f.attack_value, defense),
            crt_drm: terrain_crt + f.die_mod,
            dash_s_suppresses: charts.dash_s_suppresses(Attacker::ArtilleryOrAir, &f.target),
            target: f.target_stand,
            target_class: fields::class_named(&f.target),
            charts: charts.clone(),
        })))
    }
}

/// AA fire at one aircraft, alone.
#[derive(Clone, Debug)]
pub struct AaFire {
    pub charts: Arc<Charts>,
    pub aa: AntiAircraft,
}

impl Procedure for AaFire {
    type Outcome = StandState;
    type Record = Outcome<StandState>;

    fn declare(&self, schema: &mut Schema) -> Outcome<StandState> {
        schema.outcome("aircraft_after")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> StandState {
        let mut aircraft = Stand::default();
        self.aa.fire(dice, &self.charts, &mut aircraft);
        aircraft.state()
    }

    fn record(&self, rec: &Outcome<StandState>, o: &StandState, tally: &mut Tally, w: f64) {
        tally.count(*rec, *o, w);
    }
}

/// `micro-armour anti-aircraft`.
pub struct AntiAircraftAction;

impl ChartAction for AntiAircraftAction {
    type Fields = AaFields;

    const ABOUT: &'static About = &About {
        name: "anti-aircraft",
        summary: "AA stands fire at an aircraft: cohesion, HE against its defense with TL column shifts",
        headline: Some(("aircraft_after", "E")),
        ..About::DEFAULT
    };

    fn build(&self, f: AaFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let aa = f.anti_aircraft(charts);
        let charts = charts.clone();
        Ok(Box::new(ProcedureModel::new(AaFire { charts, aa })))
    }
}
