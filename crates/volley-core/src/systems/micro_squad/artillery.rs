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
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::differential;
use crate::systems::ghq::{Column, attack};
use crate::systems::ghq::{STATE_LABELS, Stand};
use std::sync::Arc;

/// Values of the `result` variable of artillery and air strikes.
pub const STRIKE_LABELS: [&str; 6] = ["no-fire", "off-target", "none", "S", "D", "E"];

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
}

/// `result` index into [`STRIKE_LABELS`], target state, deviation (0 = none, else
/// inches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrikeOutcome {
    pub result: usize,
    pub target_after: usize,
    pub deviation: u32,
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
            && !drift.check.roll(dice)
        {
            // The direction does not matter to a stand at the centre of the sheaf.
            dice.classify(Roll::Die(drift.direction_die), |_| ());
            deviation = dice.sum(drift.distance_dice, 6);
            if i64::from(deviation) > drift.impact_radius {
                return StrikeOutcome {
                    result: 1,
                    target_after: target.state_index(),
                    deviation,
                };
            }
        }
        let effect = attack(dice, &*self.charts, self.column, self.crt_drm, &mut target);
        StrikeOutcome {
            result: effect.index() + 2,
            target_after: target.state_index(),
            deviation,
        }
    }

    fn deviation_index(&self, deviation: u32) -> usize {
        match &self.drift {
            Some(drift) if deviation > 0 => (deviation - drift.distance_dice + 1) as usize,
            _ => 0,
        }
    }

    pub fn record_into(&self, o: &StrikeOutcome, tally: &mut Tally, w: f64) {
        tally.count(0, o.result, w);
        tally.count(1, o.target_after, w);
        tally.count(2, self.deviation_index(o.deviation), w);
    }
}

impl Procedure for Strike {
    type Outcome = StrikeOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("result", STRIKE_LABELS)
            .categorical("target_after", STATE_LABELS)
            .categorical("deviation", self.deviation_labels())
    }

    fn run<D: Dice>(&self, dice: &mut D) -> StrikeOutcome {
        if !self.arrival.roll(dice) {
            return StrikeOutcome {
                result: 0,
                target_after: self.target.state_index(),
                deviation: 0,
            };
        }
        self.land(dice)
    }

    fn record(&self, o: &StrikeOutcome, tally: &mut Tally, w: f64) {
        self.record_into(o, tally, w);
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
    pub struct MortarField() {
        mortar: bool = FieldSpec::flag("the firer is a mortar (rolls for deviation)"),
    }
}

fn build(f: ArtilleryFields, charts: Arc<Charts>, deviates: bool) -> Result<Strike, InputError> {
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
        target: f.target_stand,
        charts,
    })
}

/// `micro-squad direct-artillery`.
pub struct DirectArtilleryAction;

impl Action for DirectArtilleryAction {
    fn name(&self) -> &'static str {
        "direct-artillery"
    }

    fn summary(&self) -> &'static str {
        "direct artillery on one stand under the impact area (mortars roll for deviation)"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        let mut specs =
            super::charts_of(rules).map_or_else(|_| Vec::new(), |c| ArtilleryFields::specs(&c));
        specs.extend(MortarField::specs());
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("result", "E"))
    }

    fn derived_axes(&self) -> &'static [&'static str] {
        &[differential::DIFFERENTIAL]
    }

    fn derive(
        &self,
        _axis: &str,
        value: &str,
        scenario: &Scenario,
    ) -> Result<Vec<(&'static str, String)>, String> {
        differential::firepower_for(value, scenario)
    }

    fn default_table(&self) -> Option<(&'static str, Option<&'static str>)> {
        Some(differential::CRT_TABLE)
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let fields = ArtilleryFields::read(&charts, s)?;
        let mortar = MortarField::read(s)?.mortar;
        Ok(Box::new(ProcedureModel(build(fields, charts, mortar)?)))
    }
}

/// `micro-squad indirect-artillery`.
pub struct IndirectArtilleryAction;

impl Action for IndirectArtilleryAction {
    fn name(&self) -> &'static str {
        "indirect-artillery"
    }

    fn summary(&self) -> &'static str {
        "a plotted indirect mission on one stand: cohesion, deviation (1D8 direction, 1D6 inches), CRT"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        super::charts_of(rules).map_or_else(|_| Vec::new(), |c| ArtilleryFields::specs(&c))
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("result", "E"))
    }

    fn derived_axes(&self) -> &'static [&'static str] {
        &[differential::DIFFERENTIAL]
    }

    fn derive(
        &self,
        _axis: &str,
        value: &str,
        scenario: &Scenario,
    ) -> Result<Vec<(&'static str, String)>, String> {
        differential::firepower_for(value, scenario)
    }

    fn default_table(&self) -> Option<(&'static str, Option<&'static str>)> {
        Some(differential::CRT_TABLE)
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let fields = ArtilleryFields::read(&charts, s)?;
        Ok(Box::new(ProcedureModel(build(fields, charts, true)?)))
    }
}
