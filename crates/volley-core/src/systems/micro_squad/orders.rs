//! Command Efficiency (orders per turn) and the movement-order
//! cohesion roll (Movement Orders Chart, 2.3.1).

use super::charts::{Charts, CommandDie};
use super::fields;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Roll;
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::CohesionTest;
use crate::systems::ghq::command::{OrdersRoll, OrdersTable};
use crate::systems::ghq::movement::MoveRoll;
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-squad orders`.
    pub struct OrdersFields(_charts: &Charts) {
        modifier: i32 = FieldSpec::int(-12, 12, 0, "sum of command modifiers to the roll"),
    }
}

crate::action_fields! {
    /// The fields of `micro-squad move`.
    pub struct MoveFields(charts: &Charts) {
        cohesion: i32 = fields::cohesion(charts, "the force's cohesion"),
        order: String = FieldSpec::choice(
            &["under-order", "r-without-order", "other-without-order"],
            "under-order",
            "order status of the unit or group",
        ),
        hq_attached: i32 = FieldSpec::int(0, 6, 0, "HQ stands attached to the group (-2 each)"),
        suppressed: bool = FieldSpec::flag("the unit is Suppressed (+4)"),
        disorganized: bool = FieldSpec::flag("the unit is Disorganized (+3)"),
        ghq_eliminated: bool = FieldSpec::flag("the GHQ is eliminated (no further orders)"),
    }
}

/// `micro-squad orders`.
pub struct CommandEfficiencyAction;

impl ChartAction for CommandEfficiencyAction {
    type Fields = OrdersFields;

    const ABOUT: &'static About = &About {
        name: "orders",
        summary: "Command Efficiency Table: orders this turn (2D6 + command modifiers)",
        ..About::DEFAULT
    };

    fn build(&self, f: OrdersFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let roll = match charts.data.options.ms_command_die() {
            CommandDie::TwoD6 => Roll::Sum(2, 6),
            CommandDie::OneD6 => Roll::Die(6),
        };
        Ok(Box::new(ProcedureModel::new(OrdersRoll {
            table: OrdersTable::new(&charts.data.command_efficiency.orders),
            roll,
            modifier: f.modifier,
        })))
    }
}

/// `micro-squad move`.
pub struct MovementOrderAction;

impl ChartAction for MovementOrderAction {
    type Fields = MoveFields;

    const ABOUT: &'static About = &About {
        name: "move",
        summary: "the Movement Orders Chart: a unit or group's cohesion roll to move",
        headline: Some(("move", "moves")),
        ..About::DEFAULT
    };

    fn build(&self, f: MoveFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        // This card does not cap the markers' sum.
        let modifier = charts.data.movement_orders.modifier(
            &f.order,
            f.hq_attached,
            f.suppressed,
            f.disorganized,
            None,
        );
        let test = (!f.ghq_eliminated).then(|| CohesionTest {
            cohesion: f.cohesion,
            modifier,
            naturals: charts.data.options.ms_naturals(),
        });
        Ok(Box::new(ProcedureModel::new(MoveRoll { test })))
    }
}
