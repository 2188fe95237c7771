//! An artillery mission's attack on one stand under its impact, on Micro
//! Armour and Micro Squad (and Micro Squad's air strike): the arrival (the
//! firer's cohesion roll); where the impact can deviate, a second cohesion
//! roll and, if that fails, a direction and a distance that may carry the
//! impact off the stand; then the attack on the CRT. A card names the roll
//! points and says whether the strike records the deviation ([`StrikeRule`]),
//! and reads the distance its own way ([`DriftDistance`]). Micro Armour's air
//! strike, with its aircraft and AA fire, is its own procedure.

use super::attack::{CrtAttack, attack_at};
use super::card::GhqCard;
use super::cohesion::CohesionTest;
use super::crt::Column;
use super::results::StrikeResult;
use super::stand::{Stand, StandState};
use crate::dice::{Dice, Roll};
use crate::engine::Procedure;
use crate::rules::RollPoint;
use crate::rules::rolls::Value;
use crate::tally::{Category, Label, Outcome, Schema, Tally};
use std::sync::Arc;

/// The roll points of a card's strikes.
pub trait StrikeRule: GhqCard {
    /// The firer's cohesion roll for the mission to arrive.
    const STRIKE_COHESION: &'static RollPoint;
    /// The cohesion roll that keeps the impact where it was aimed.
    const DEVIATION_ROLL: &'static RollPoint;
    /// The attack on the CRT.
    const STRIKE_ATTACK: &'static RollPoint;
    /// A strike records how far its impact deviated (the inches of a
    /// [`DriftDistance::Summed`]).
    const KEEPS_DEVIATION: bool;
}

/// How far a deviated impact drifts.
#[derive(Clone, Copy, Debug)]
pub enum DriftDistance {
    /// One die of inches divided by `divisor`, rounded up (Micro Armour's
    /// 1D8 / 2): only whether it leaves the target is drawn.
    Divided { die: u32, divisor: u32 },
    /// `dice` D6s of inches (Micro Squad's), kept as the deviation.
    Summed { dice: u32 },
}

/// How far an impact can drift: the roll that keeps it, then a direction and
/// a distance.
#[derive(Clone, Copy, Debug)]
pub struct Drift {
    pub check: CohesionTest,
    pub direction_die: u32,
    pub distance: DriftDistance,
    /// Inches a deviated impact may drift and still cover the target.
    pub impact_radius: i64,
}

/// A strike's result, the target's state after it, and the deviation in
/// inches (0: none, or a distance [`DriftDistance::Divided`] does not keep).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrikeOutcome {
    pub result: StrikeResult,
    pub target_after: StandState,
    pub deviation: u32,
}

/// One strike on one stand under the impact, on the card `C`.
#[derive(Clone, Debug)]
pub struct Strike<C> {
    pub charts: Arc<C>,
    pub arrival: CohesionTest,
    pub drift: Option<Drift>,
    pub column: Column,
    pub crt_drm: i32,
    /// `-S-` is S against this target (Micro Armour's, not against a
    /// helicopter).
    pub dash_s_suppresses: bool,
    pub target: Stand,
    /// What the mission's roll points show a house rule.
    pub shown: Vec<Value>,
}

impl<C: StrikeRule> Strike<C> {
    /// The whole strike as set: its arrival, then where it lands.
    pub fn strike<D: Dice>(&self, dice: &mut D) -> StrikeOutcome {
        self.strike_as(&self.arrival, self.drift.as_ref(), dice)
    }

    /// The strike arriving on `arrival` and drifting as `drift` says (an air
    /// strike's AA fire changes both rolls), in place of the strike's own.
    pub fn strike_as<D: Dice>(
        &self,
        arrival: &CohesionTest,
        drift: Option<&Drift>,
        dice: &mut D,
    ) -> StrikeOutcome {
        if !self.rolled(arrival, C::STRIKE_COHESION, dice) {
            return StrikeOutcome {
                result: StrikeResult::NoFire,
                target_after: self.target.state(),
                deviation: 0,
            };
        }
        self.land(drift, dice)
    }

    /// After the arrival roll: the deviation, then the attack.
    fn land<D: Dice>(&self, drift: Option<&Drift>, dice: &mut D) -> StrikeOutcome {
        let mut target = self.target;
        let mut deviation = 0;
        if let Some(drift) = drift
            && !self.rolled(&drift.check, C::DEVIATION_ROLL, dice)
        {
            // The direction does not matter to a stand at the centre of the sheaf.
            dice.classify(Roll::Die(drift.direction_die), |_| ());
            let radius = drift.impact_radius;
            let off = match drift.distance {
                DriftDistance::Divided { die, divisor } => {
                    dice.classify(Roll::Die(die), |n| i64::from(n.div_ceil(divisor)) > radius)
                }
                DriftDistance::Summed { dice: d6s } => {
                    deviation = dice.sum(d6s, 6);
                    i64::from(deviation) > radius
                }
            };
            if off {
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
            dash_s_suppresses: self.dash_s_suppresses,
        };
        let shown = || self.shown.clone();
        let effect = attack_at(
            dice,
            &*self.charts,
            C::STRIKE_ATTACK,
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
    fn rolled<D: Dice>(&self, test: &CohesionTest, point: &RollPoint, dice: &mut D) -> bool {
        test.rolled_at(self.charts.rolls(), point, dice, || self.shown.clone())
    }
}

/// Where a strike records: its `result` as `R` names it (artillery's or an
/// air strike's words), the target's state, and the deviation on a card that
/// keeps it.
pub struct StrikeRecord<R> {
    result: Outcome<R>,
    target_after: Outcome<StandState>,
    deviation: Option<Outcome<Label>>,
}

impl<C: StrikeRule> Strike<C> {
    /// The D6s of a deviated impact's distance; none where it cannot deviate
    /// or its inches are not kept.
    fn distance_dice(&self) -> Option<u32> {
        match self.drift?.distance {
            DriftDistance::Summed { dice } => Some(dice),
            DriftDistance::Divided { .. } => None,
        }
    }

    /// Labels of the `deviation` variable: none, then every distance.
    fn deviation_labels(&self) -> Vec<String> {
        let mut labels = vec!["none".to_string()];
        if let Some(dice) = self.distance_dice() {
            labels.extend((dice..=6 * dice).map(|d| format!("{d}in")));
        }
        labels
    }

    fn deviation_label(&self, deviation: u32) -> Label {
        match self.distance_dice() {
            Some(dice) if deviation > 0 => Label((deviation - dice + 1) as usize),
            _ => Label(0),
        }
    }

    /// Declare a strike's variables, its `result` named as `R` names it.
    pub fn declare_as<R: Category>(&self, schema: &mut Schema) -> StrikeRecord<R> {
        StrikeRecord {
            result: schema.outcome("result"),
            target_after: schema.outcome("target_after"),
            deviation: C::KEEPS_DEVIATION
                .then(|| schema.labelled("deviation", self.deviation_labels())),
        }
    }

    /// Record a strike's outcome, its `result` named as `R` names it.
    pub fn record_as<R: Category + From<StrikeResult>>(
        &self,
        rec: &StrikeRecord<R>,
        o: &StrikeOutcome,
        tally: &mut Tally,
        w: f64,
    ) {
        tally.count(rec.result, R::from(o.result), w);
        tally.count(rec.target_after, o.target_after, w);
        if let Some(deviation) = rec.deviation {
            tally.count(deviation, self.deviation_label(o.deviation), w);
        }
    }
}

impl<C: StrikeRule + Send + Sync> Procedure for Strike<C> {
    type Outcome = StrikeOutcome;
    type Record = StrikeRecord<StrikeResult>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        self.declare_as(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> StrikeOutcome {
        self.strike(dice)
    }

    fn record(&self, rec: &Self::Record, o: &StrikeOutcome, tally: &mut Tally, w: f64) {
        self.record_as(rec, o, tally, w);
    }
}
