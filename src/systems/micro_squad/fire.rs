//! Standard fire (RULES.md 2.5.2): the firer's cohesion roll, then 2D6 plus target
//! terrain and range on the CRT.

use super::attack::{Column, attack};
use super::charts::Charts;
use super::fields;
use super::stand::{Effect, STATE_LABELS, Stand};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::CohesionTest;
use crate::systems::{Action, FieldSpec, Scenario};
use std::sync::Arc;

/// One combat event: one firing stand against one target stand.
#[derive(Clone, Debug)]
pub struct StandardFire {
    pub charts: Arc<Charts>,
    pub firer: CohesionTest,
    pub column: Column,
    pub crt_drm: i32,
    pub target: Stand,
}

/// Result of one combat event: `result` index (no-fire, none, S, D, E) and the
/// target's state after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireOutcome {
    pub result: usize,
    pub target_after: usize,
}

/// Values of the `result` variable.
pub const RESULT_LABELS: [&str; 5] = ["no-fire", "none", "S", "D", "E"];

/// Index of an effect in [`RESULT_LABELS`].
pub fn result_index(effect: Effect) -> usize {
    effect.index() + 1
}

impl Procedure for StandardFire {
    type Outcome = FireOutcome;

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("result", RESULT_LABELS)
            .categorical("target_after", STATE_LABELS)
    }

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> FireOutcome {
        let mut target = self.target;
        if !self.firer.roll(dice) {
            return FireOutcome {
                result: 0,
                target_after: target.state_index(),
            };
        }
        let effect = attack(dice, &self.charts, self.column, self.crt_drm, &mut target);
        FireOutcome {
            result: result_index(effect),
            target_after: target.state_index(),
        }
    }

    #[inline(always)]
    fn record(&self, outcome: &FireOutcome, tally: &mut Tally, w: f64) {
        tally.count(0, outcome.result, w);
        tally.count(1, outcome.target_after, w);
    }
}

/// `micro-squad fire`.
pub struct FireAction;

impl FireAction {
    /// Build the procedure from a resolved scenario.
    pub fn procedure(s: &Scenario, charts: Arc<Charts>) -> Result<StandardFire, InputError> {
        let personnel = s.text("target") == "personnel";
        let terrain = s.list("terrain");
        let (terrain_cohesion, terrain_crt) =
            charts.terrain_drms(terrain, personnel, &fields::context(s));
        let in_smoke = s.flag("smoke") && !terrain.iter().any(|t| t == "smoke");
        let smoke = if in_smoke {
            charts.data.terrain.get("smoke").map_or(0, |t| t.personnel)
        } else {
            0
        };
        let firer = fields::stand(s, "firer", false);
        let markers = &charts.data.markers;
        let infantry = s.text("range_table") == "infantry";
        let range = charts
            .range_drm(s.int("range"), infantry)
            .map_err(|m| InputError::argument("range", m))?;
        let column = fields::crt_column(s.int("firepower"), s.int("defense"), false, "firepower")?;
        Ok(StandardFire {
            firer: CohesionTest {
                cohesion: s.int32("cohesion"),
                modifier: firer.cohesion_penalty(markers.suppressed, markers.disorganized)
                    + terrain_cohesion
                    + smoke,
                naturals: charts.data.options.ms_naturals,
            },
            column,
            crt_drm: terrain_crt + smoke + range + s.int32("die_mod"),
            target: fields::stand(s, "target", true),
            charts,
        })
    }
}

impl Action for FireAction {
    fn name(&self) -> &'static str {
        "fire"
    }

    fn summary(&self) -> &'static str {
        "standard fire: one firing stand's cohesion roll and CRT attack on one target stand"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        let charts = super::charts_of(rules).expect("rules were checked when loaded");
        let mut specs = vec![
            fields::strength(
                "firepower",
                6,
                "firer's firepower against the target's defense class",
            ),
            fields::strength("defense", 4, "target's defense strength"),
            fields::cohesion("cohesion", &charts, "firing force's cohesion"),
            fields::terrain(
                "terrain",
                &charts,
                "target's terrain (cumulative features joined by +)",
            ),
            fields::target_class("target", "target class for the terrain modifier"),
            FieldSpec::int("range", 1, 400, 5, "range in whole inches (rounded up)"),
            FieldSpec::choice(
                "range_table",
                &["infantry", "general"],
                "infantry",
                "infantry small arms, or the general table (vehicles, guns)",
            ),
            fields::die_mod("die_mod", "extra modifier to the CRT roll"),
            FieldSpec::flag("smoke", "firing into or out of smoke (+3)"),
        ];
        specs.extend(fields::markers("firer", false));
        specs.extend(fields::markers("target", true));
        specs.extend(fields::conditions());
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("result", "E"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel(Self::procedure(
            s,
            super::charts_of(rules)?,
        )?)))
    }
}
