//! Direct artillery (RULES.md 2.5.3) and plotted indirect artillery (2.5.4).
//!
//! Both: the firing stand's cohesion roll, then (mortars in direct fire, every
//! indirect mission) a deviation roll, read as a second cohesion roll of the firer
//! without the target-terrain modifier (S9; `ms_deviation_terrain` adds it). A
//! failed deviation moves the impact 1D8 direction and 1D6 inches; the target stays
//! under it when the distance is within `impact_radius`. Then 2D6 plus target
//! terrain (no range) on the CRT; below -3 the result is S.

use super::charts::Charts;
use super::fields;
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

fn artillery_fields(charts: &Charts, mortar: bool) -> Vec<FieldSpec> {
    let mut specs = vec![
        fields::strength(
            "firepower",
            6,
            "artillery firepower against the target's defense class",
        ),
        fields::strength("defense", 4, "target's defense strength"),
        fields::cohesion("cohesion", charts, "firing force's cohesion"),
        fields::terrain(
            "terrain",
            charts,
            "target's terrain (cumulative features joined by +)",
        ),
        fields::target_class("target", "target class for the terrain modifier"),
        fields::die_mod("die_mod", "extra modifier to the CRT roll"),
        FieldSpec::int(
            "impact_radius",
            0,
            24,
            0,
            "inches a deviated impact may drift and still cover the target",
        ),
    ];
    if mortar {
        specs.push(FieldSpec::flag(
            "mortar",
            "the firer is a mortar (rolls for deviation)",
        ));
    }
    specs.extend(fields::markers("firer", false));
    specs.extend(fields::markers("target", true));
    specs.extend(fields::conditions());
    specs
}

fn build(s: &Scenario, charts: Arc<Charts>, deviates: bool) -> Result<Strike, InputError> {
    let personnel = s.text("target") == "personnel";
    let (terrain_cohesion, terrain_crt) =
        charts.terrain_drms(s.list("terrain"), personnel, &fields::context(s));
    let firer = fields::stand(s, "firer", false);
    let arrival = charts.cohesion_test(s.int32("cohesion"), &firer, terrain_cohesion);
    // The deviation roll is the firer's cohesion roll; the target's terrain counts
    // on it only under ms_deviation_terrain.
    let deviation_check = CohesionTest {
        modifier: if charts.data.options.ms_deviation_terrain {
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
        impact_radius: s.int("impact_radius"),
    });
    Ok(Strike {
        arrival,
        drift,
        column: fields::crt_column(s.int("firepower"), s.int("defense"), true, "firepower")?,
        crt_drm: terrain_crt + s.int32("die_mod"),
        target: fields::stand(s, "target", true),
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
        artillery_fields(
            &super::charts_of(rules).expect("rules were checked when loaded"),
            true,
        )
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
        Ok(Box::new(ProcedureModel(build(
            s,
            super::charts_of(rules)?,
            s.flag("mortar"),
        )?)))
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
        artillery_fields(
            &super::charts_of(rules).expect("rules were checked when loaded"),
            false,
        )
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
        Ok(Box::new(ProcedureModel(build(
            s,
            super::charts_of(rules)?,
            true,
        )?)))
    }
}
