//! Air strike with anti-aircraft fire.
//!
//! Each AA stand rolls cohesion (with its own S and D markers); each success adds
//! +1 (40 mm or less) or +2 to the strike's cohesion roll. A failed strike roll
//! aborts. Deviation is a second cohesion roll of the strike, without the AA total
//! (the card; `ms_air_deviation_aa` adds it); on failure 1D8 direction and 2D6
//! inches. Then the attack value against the defense on the CRT, with target
//! terrain.

use super::artillery::class_word;
use super::charts::{AirBelowMin, Charts};
use super::fields::{self, Conditions, MarkerGroup};
use super::roll_points::AA_FIRE;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::rolls::Value;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::roll_points::strike_shown;
use crate::systems::ghq::strike::{Drift, DriftDistance, Strike, StrikeOutcome, StrikeRecord};
use crate::systems::ghq::{AirResult, Stand};
use crate::tally::Mean;
use std::sync::Arc;

/// An air strike against one stand, with the defender's AA fire.
#[derive(Clone, Debug)]
pub struct AirStrike {
    pub strike: Strike<Charts>,
    pub aa: CohesionTest,
    pub small_aa: u32,
    pub large_aa: u32,
    pub small_bonus: i32,
    pub large_bonus: i32,
    /// The AA total also modifies the deviation roll (`ms_air_deviation_aa`).
    pub aa_on_deviation: bool,
    /// The AA stands' markers, as their roll point shows them.
    pub aa_stand: Stand,
}

impl AirStrike {
    /// One AA stand's cohesion roll (`calibre`: small or large): it fires?
    fn aa_fires<D: Dice>(&self, dice: &mut D, calibre: &'static str) -> bool {
        let shown = || {
            vec![
                Value::Flag(self.aa_stand.suppressed),
                Value::Flag(self.aa_stand.disorganized),
                Value::Word(calibre),
            ]
        };
        self.aa
            .rolled_at(&self.strike.charts.rolls, &AA_FIRE, dice, shown)
    }
}

impl Procedure for AirStrike {
    type Outcome = (StrikeOutcome, i32);
    /// As artillery's, `result` naming a failed arrival `aborted`; and the AA
    /// fire's modifier.
    type Record = (StrikeRecord<AirResult>, Mean);

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        let most_aa =
            self.small_aa as i32 * self.small_bonus + self.large_aa as i32 * self.large_bonus;
        (
            self.strike.declare_as(schema),
            schema.mean_within("aa_modifier", 0.0, f64::from(most_aa)),
        )
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (StrikeOutcome, i32) {
        let mut modifier = 0;
        for _ in 0..self.small_aa {
            if self.aa_fires(dice, "small") {
                modifier += self.small_bonus;
            }
        }
        for _ in 0..self.large_aa {
            if self.aa_fires(dice, "large") {
                modifier += self.large_bonus;
            }
        }
        let arrival = CohesionTest {
            modifier: self.strike.arrival.modifier + modifier,
            ..self.strike.arrival
        };
        // The AA total counts on the deviation roll too under ms_air_deviation_aa.
        let drift = match self.strike.drift {
            Some(drift) if self.aa_on_deviation => Some(Drift {
                check: arrival,
                ..drift
            }),
            drift => drift,
        };
        let outcome = self.strike.strike_as(&arrival, drift.as_ref(), dice);
        (outcome, modifier)
    }

    fn record(&self, rec: &Self::Record, o: &(StrikeOutcome, i32), tally: &mut Tally, w: f64) {
        self.strike.record_as(&rec.0, &o.0, tally, w);
        tally.add(rec.1, f64::from(o.1), w);
    }
}

crate::action_fields! {
    /// The fields of `micro-squad air-strike`.
    pub struct AirStrikeFields(charts: &Charts) {
        attack_value: i64 = fields::strength(8, "aircraft attack value (strafing, rockets or bombs)"),
        defense: i64 = fields::strength(4, "target's defense strength"),
        cohesion: i32 = fields::cohesion(charts, "attacking force's cohesion (strike arrival and deviation)"),
        aa_cohesion: i32 = fields::cohesion(charts, "defending force's cohesion (AA stands)"),
        aa_small: u32 = FieldSpec::int(0, 20, 0, "AA stands of 40 mm or less in range and in firing posture"),
        aa_large: u32 = FieldSpec::int(0, 20, 0, "AA stands above 40 mm in range and in firing posture"),
        terrain: Vec<String> = fields::terrain(charts, "target's terrain (cumulative features joined by +)"),
        target: String = fields::target_class("target class for the terrain modifier"),
        die_mod: i32 = fields::die_mod("extra modifier to the CRT roll"),
        impact_radius: i64 = fields::impact_radius("strike"),
    }
    groups {
        target_stand: MarkerGroup = MarkerGroup { prefix: "target", this_turn: true },
        aa: MarkerGroup = MarkerGroup { prefix: "aa", this_turn: false },
        conditions: Conditions = Conditions,
    }
}

/// `micro-squad air-strike`.
pub struct AirStrikeAction;

impl AirStrikeAction {
    fn strike(f: AirStrikeFields, charts: Arc<Charts>) -> Result<AirStrike, InputError> {
        let personnel = f.target == "personnel";
        let (_, terrain_crt) = charts.terrain_drms(&f.terrain, personnel, &f.conditions);
        let arrival = CohesionTest {
            cohesion: f.cohesion,
            modifier: 0,
            naturals: charts.data.options.ms_naturals(),
        };
        let below = charts.data.options.ms_air_below_min() == AirBelowMin::Suppress;
        let column = fields::crt_column(f.attack_value, f.defense, below, "attack_value")?;
        let aa = &charts.data.anti_aircraft;
        Ok(AirStrike {
            aa: charts.cohesion_test(f.aa_cohesion, &f.aa, 0),
            aa_on_deviation: charts.data.options.ms_air_deviation_aa(),
            small_aa: f.aa_small,
            large_aa: f.aa_large,
            small_bonus: aa.small_calibre_bonus,
            large_bonus: aa.large_calibre_bonus,
            aa_stand: f.aa,
            strike: Strike {
                arrival,
                drift: Some(Drift {
                    check: arrival,
                    direction_die: charts.data.deviation.air_direction_die,
                    distance: DriftDistance::Summed {
                        dice: charts.data.deviation.air_distance_dice,
                    },
                    impact_radius: f.impact_radius,
                }),
                column,
                crt_drm: terrain_crt + f.die_mod,
                dash_s_suppresses: false,
                shown: strike_shown(
                    "air-strike",
                    &Stand::default(),
                    &f.target_stand,
                    class_word(&f.target),
                ),
                target: f.target_stand,
                charts,
            },
        })
    }
}

impl ChartAction for AirStrikeAction {
    type Fields = AirStrikeFields;

    const ABOUT: &'static About = &About {
        name: "air-strike",
        summary: "an air strike on one stand: AA fire, the strike's cohesion (abort), deviation (2D6 in), CRT",
        headline: Some(("result", "E")),
        ..About::DEFAULT
    };

    fn build(
        &self,
        f: AirStrikeFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(Self::strike(
            f,
            charts.clone(),
        )?)))
    }
}
