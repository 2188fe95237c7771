//! Command and posture: the Command Efficiency roll
//! (2D6 plus the command bonus and the force's generation), the movement cohesion
//! roll, and the posture roll that sets the initiative (2D6 + cohesion, highest
//! wins, ties re-rolled).

use super::charts::{Charts, PostureTie};
use super::fields;
use super::roll_points::POSTURE_ROLL;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::{Dice, Roll};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::rules::RollRules;
use crate::rules::rolls::Verdict;
use crate::systems::ghq::command::{OrdersRoll, OrdersTable};
use crate::systems::ghq::movement::{MoveRule, MovementOrders};
use crate::systems::ghq::roll_off::{RollOff, SideRoll, SideRollProcedure};
use std::sync::Arc;

crate::action_fields! {
    /// The fields of `micro-armour orders`.
    pub struct OrdersFields(_charts: &Charts) {
        generation: String = FieldSpec::choice(
            &["I", "II", "III", "IV"],
            "II",
            "the force's generation (I -1, II 0, III +1, IV +2)",
        ),
        command_bonus: i32 = FieldSpec::int(-6, 6, 0, "the command bonus of the scenario"),
    }
}

/// `micro-armour orders`.
pub struct OrdersAction;

impl ChartAction for OrdersAction {
    type Fields = OrdersFields;

    const ABOUT: &'static About = &About {
        name: "orders",
        summary: "Command Efficiency Table: orders this turn (2D6 + command bonus + generation)",
        ..About::DEFAULT
    };

    fn build(&self, f: OrdersFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let generation = charts
            .data
            .command_efficiency
            .generation
            .get(&f.generation)
            .copied()
            .unwrap_or(0);
        Ok(Box::new(ProcedureModel::new(OrdersRoll {
            table: OrdersTable::new(&charts.data.command_efficiency.orders),
            roll: Roll::Sum(2, 6),
            modifier: generation + f.command_bonus,
            rolls: charts.rolls.clone(),
        })))
    }
}

/// Micro Armour's move: the Movement Cohesion Chart, the markers capped.
impl MoveRule for Charts {
    const MOVE_SUMMARY: &'static str =
        "the Movement Cohesion Chart: a unit or group's cohesion roll to move";
    const MOVE_HELP: [&'static str; 3] = [
        "HQ or GHQ stands attached (-2 each)",
        "the stand is Suppressed (+4)",
        "the stand is Disorganized (+3)",
    ];

    fn movement_orders(&self) -> &MovementOrders {
        &self.data.movement_orders
    }

    /// The combat markers together never add more than the +7 cap.
    fn move_marker_cap(&self) -> Option<i32> {
        Some(self.data.markers.combined_cap)
    }
}

/// The posture roll: each side 2D6 + cohesion, highest has the initiative.
#[derive(Clone, Debug)]
pub struct Posture {
    /// Each side's 2D6 plus its cohesion, the higher winning.
    pub roll_off: RollOff,
    /// Who has it after a tie.
    pub tie: PostureTie,
    /// The house rules' roll rules, for the posture roll point.
    pub rolls: RollRules,
}

impl SideRoll for Posture {
    const OUTCOME: &'static str = "initiative";

    /// Roll for the initiative, at the posture roll point under the house
    /// rules: `true` when A has it.
    fn a_wins<D: Dice>(&self, dice: &mut D) -> bool {
        let shown = || self.roll_off.shown().to_vec();
        let roll_off = &self.roll_off;
        self.rolls.roll(&POSTURE_ROLL, dice, shown, |dice, adjust| {
            let a_first = roll_off
                .roll(dice, adjust)
                .unwrap_or_else(|| match self.tie {
                    PostureTie::A => true,
                    PostureTie::B => false,
                    PostureTie::Reroll => roll_off.reroll_tie(dice, adjust),
                });
            (a_first, Verdict::failed_if(!a_first))
        })
    }
}

crate::action_fields! {
    /// The fields of `micro-armour posture`.
    pub struct PostureFields(charts: &Charts) {
        a_cohesion: i32 = fields::cohesion(charts, "side A's cohesion"),
        b_cohesion: i32 = fields::cohesion(charts, "side B's cohesion"),
    }
}

/// `micro-armour posture`.
pub struct PostureAction;

impl ChartAction for PostureAction {
    type Fields = PostureFields;

    const ABOUT: &'static About = &About {
        name: "posture",
        summary: "the posture roll that sets the initiative: 2D6 + cohesion, highest wins, ties re-rolled",
        headline: Some(("initiative", "a")),
        ..About::DEFAULT
    };

    fn build(&self, f: PostureFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ProcedureModel::new(SideRollProcedure(Posture {
            roll_off: RollOff::higher_wins(f.a_cohesion, f.b_cohesion),
            tie: charts.data.options.ma_posture_tie(),
            rolls: charts.rolls.clone(),
        }))))
    }
}
