//! Command Efficiency (orders per turn, RULES.md 2.3.2) and the movement-order
//! cohesion roll (Movement Orders Chart, 2.3.1).

use super::charts::{Charts, CommandDie};
use super::fields;
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::CohesionTest;
use std::sync::Arc;

/// The Command Efficiency roll.
#[derive(Clone, Debug)]
pub struct CommandEfficiency {
    pub charts: Arc<Charts>,
    pub modifier: i32,
}

impl Procedure for CommandEfficiency {
    type Outcome = i64;

    fn schema(&self) -> Schema {
        Schema::default()
            .count("orders", self.charts.max_orders() as u32)
            .mean("orders")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        let roll = match self.charts.data.options.ms_command_die {
            CommandDie::TwoD6 => Roll::Sum(2, 6),
            CommandDie::OneD6 => Roll::Die(6),
        };
        dice.classify(roll, |r| self.charts.orders(r as i32 + self.modifier))
    }

    fn record(&self, orders: &i64, tally: &mut Tally, w: f64) {
        tally.count(0, (*orders).max(0) as usize, w);
        tally.add(0, *orders as f64, w);
    }
}

/// `micro-squad orders`.
pub struct CommandEfficiencyAction;

impl Action for CommandEfficiencyAction {
    fn name(&self) -> &'static str {
        "orders"
    }

    fn summary(&self) -> &'static str {
        "Command Efficiency Table: orders this turn (2D6 + command modifiers)"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        vec![FieldSpec::int(
            "modifier",
            -12,
            12,
            0,
            "sum of command modifiers to the roll",
        )]
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel(CommandEfficiency {
            charts: super::charts_of(rules)?,
            modifier: s.int32("modifier"),
        })))
    }
}

/// A unit or group's cohesion roll to move.
#[derive(Clone, Debug)]
pub struct MovementOrder {
    /// `None` when the GHQ is eliminated: no further orders.
    pub test: Option<CohesionTest>,
}

pub const MOVE_LABELS: [&str; 3] = ["no-orders-allowed", "fails", "moves"];

impl Procedure for MovementOrder {
    type Outcome = usize;

    fn schema(&self) -> Schema {
        Schema::default().categorical("move", MOVE_LABELS)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        match &self.test {
            None => 0,
            Some(test) if test.roll(dice) => 2,
            Some(_) => 1,
        }
    }

    fn record(&self, o: &usize, tally: &mut Tally, w: f64) {
        tally.count(0, *o, w);
    }
}

/// `micro-squad move`.
pub struct MovementOrderAction;

impl Action for MovementOrderAction {
    fn name(&self) -> &'static str {
        "move"
    }

    fn summary(&self) -> &'static str {
        "the Movement Orders Chart: a unit or group's cohesion roll to move"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        let charts = super::charts_of(rules).expect("rules were checked when loaded");
        vec![
            fields::cohesion("cohesion", &charts, "the force's cohesion"),
            FieldSpec::choice(
                "order",
                &["under-order", "r-without-order", "other-without-order"],
                "under-order",
                "order status of the unit or group",
            ),
            FieldSpec::int(
                "hq_attached",
                0,
                6,
                0,
                "HQ stands attached to the group (-2 each)",
            ),
            FieldSpec::flag("suppressed", "the unit is Suppressed (+4)"),
            FieldSpec::flag("disorganized", "the unit is Disorganized (+3)"),
            FieldSpec::flag(
                "ghq_eliminated",
                "the GHQ is eliminated (no further orders)",
            ),
        ]
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("move", "moves"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let chart = &charts.data.movement_orders;
        let order = match s.text("order") {
            "under-order" => chart.under_order,
            "r-without-order" => chart.r_without_order,
            _ => chart.other_without_order,
        };
        let modifier = order
            + chart.hq_attached_each * s.int32("hq_attached")
            + if s.flag("suppressed") {
                chart.suppressed
            } else {
                0
            }
            + if s.flag("disorganized") {
                chart.disorganized
            } else {
                0
            };
        let test = (!s.flag("ghq_eliminated")).then(|| CohesionTest {
            cohesion: s.int32("cohesion"),
            modifier,
            naturals: charts.data.options.ms_naturals,
        });
        Ok(Box::new(ProcedureModel(MovementOrder { test })))
    }
}
