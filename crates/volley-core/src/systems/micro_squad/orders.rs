//! Command Efficiency (orders per turn) and the movement-order
//! cohesion roll (Movement Orders Chart, 2.3.1).

use super::charts::{Charts, CommandDie};
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Roll;
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::command::{OrdersRoll, OrdersTable};
use crate::systems::ghq::movement::{MoveRule, MovementOrders};
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-squad orders`.
    pub struct OrdersFields(_charts: &Charts) {
        modifier: i32 = FieldSpec::int(-12, 12, 0, "sum of command modifiers to the roll"),
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
            rolls: charts.rolls.clone(),
        })))
    }
}

/// Micro Squad's move: the Movement Orders Chart; this card does not cap
/// the markers' sum.
impl MoveRule for Charts {
    const MOVE_SUMMARY: &'static str =
        "the Movement Orders Chart: a unit or group's cohesion roll to move";
    const MOVE_HELP: [&'static str; 3] = [
        "HQ stands attached to the group (-2 each)",
        "the unit is Suppressed (+4)",
        "the unit is Disorganized (+3)",
    ];

    fn movement_orders(&self) -> &MovementOrders {
        &self.data.movement_orders
    }

    fn move_marker_cap(&self) -> Option<i32> {
        None
    }
}
