//! The GHQ movement cohesion roll: a unit or group rolls cohesion to move under
//! its card's movement chart; with its GHQ eliminated it may take no orders.
//! The chart, the roll, and the cards' `move` action.

use super::card::GhqCard;
use super::cohesion::CohesionTest;
use super::fields::ORDERS;
use super::roll_points::MOVE_COHESION;
use crate::action::{About, ActionFields, ChartAction, CompiledCharts, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::rules::RollRules;
use crate::rules::rolls::Value;
use crate::tally::Outcome;
use serde::Deserialize;
use std::marker::PhantomData;
use std::sync::Arc;

/// The movement chart's modifiers to the cohesion roll (both cards print the
/// same rows).
#[derive(Clone, Debug, Deserialize)]
pub struct MovementOrders {
    pub provenance: String,
    pub hq_attached_each: i32,
    pub under_order: i32,
    pub r_without_order: i32,
    pub other_without_order: i32,
    pub suppressed: i32,
    pub disorganized: i32,
}

impl MovementOrders {
    /// The modifier to a move's cohesion roll: the order status
    /// (`under-order`, `r-without-order`, or another unit without orders),
    /// the HQ stands attached, and the markers (together at most
    /// `marker_cap` where the card caps them).
    pub fn modifier(
        &self,
        order: &str,
        hq_attached: i32,
        suppressed: bool,
        disorganized: bool,
        marker_cap: Option<i32>,
    ) -> i32 {
        let order = match order {
            "under-order" => self.under_order,
            "r-without-order" => self.r_without_order,
            _ => self.other_without_order,
        };
        let markers =
            i32::from(suppressed) * self.suppressed + i32::from(disorganized) * self.disorganized;
        let markers = marker_cap.map_or(markers, |cap| markers.min(cap));
        order + self.hq_attached_each * hq_attached + markers
    }
}

/// A unit or group's cohesion roll to move.
#[derive(Clone, Debug)]
pub struct MoveRoll {
    /// `None` when the GHQ is eliminated: no further orders.
    pub test: Option<CohesionTest>,
    /// The house rules' roll rules, and what the move roll shows them.
    pub rolls: RollRules,
    pub shown: Vec<Value>,
}

crate::categories! {
    /// The values of `move`.
    pub enum Move {
        NoOrdersAllowed = "no-orders-allowed",
        Fails = "fails",
        Moves = "moves",
    }
}

impl Procedure for MoveRoll {
    type Outcome = Move;
    type Record = Outcome<Move>;

    fn declare(&self, schema: &mut Schema) -> Outcome<Move> {
        schema.outcome("move")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> Move {
        match &self.test {
            None => Move::NoOrdersAllowed,
            Some(test)
                if test.rolled_at(&self.rolls, &MOVE_COHESION, dice, || self.shown.clone()) =>
            {
                Move::Moves
            }
            Some(_) => Move::Fails,
        }
    }

    fn record(&self, rec: &Outcome<Move>, o: &Move, tally: &mut Tally, w: f64) {
        tally.count(*rec, *o, w);
    }
}

/// How a card words and bounds its move roll.
pub trait MoveRule: GhqCard + CompiledCharts + Send + Sync + Sized + 'static {
    /// What the card's `move` answers, for `--help`.
    const MOVE_SUMMARY: &'static str;

    /// The help of `hq_attached`, `suppressed` and `disorganized`, in the
    /// card's words.
    const MOVE_HELP: [&'static str; 3];

    /// The card's movement chart.
    fn movement_orders(&self) -> &MovementOrders;

    /// The cap on the markers' sum, where the card sets one.
    fn move_marker_cap(&self) -> Option<i32>;
}

/// The fields of a GHQ card's `move`.
#[derive(Clone, Debug)]
pub struct MoveFields<C> {
    pub cohesion: i32,
    pub order: String,
    pub hq_attached: i32,
    pub suppressed: bool,
    pub disorganized: bool,
    pub ghq_eliminated: bool,
    card: PhantomData<fn() -> C>,
}

impl<C: MoveRule> ActionFields for MoveFields<C> {
    type Charts = C;

    fn field_specs(charts: &C) -> Vec<FieldSpec> {
        let [hq_attached, suppressed, disorganized] = C::MOVE_HELP;
        vec![
            super::fields::cohesion("cohesion", charts, "the force's cohesion"),
            FieldSpec::choice(
                "order",
                &ORDERS,
                ORDERS[0],
                "order status of the unit or group",
            ),
            FieldSpec::int("hq_attached", 0, 6, 0, hq_attached),
            FieldSpec::flag("suppressed", suppressed),
            FieldSpec::flag("disorganized", disorganized),
            FieldSpec::flag(
                "ghq_eliminated",
                "the GHQ is eliminated (no further orders)",
            ),
        ]
    }

    fn read_fields(_charts: &C, scenario: &Scenario) -> Result<Self, InputError> {
        Ok(MoveFields {
            cohesion: scenario.int32("cohesion"),
            order: scenario.text("order").to_string(),
            hq_attached: scenario.int32("hq_attached"),
            suppressed: scenario.flag("suppressed"),
            disorganized: scenario.flag("disorganized"),
            ghq_eliminated: scenario.flag("ghq_eliminated"),
            card: PhantomData,
        })
    }
}

/// `move` on the GHQ card `C`: a unit or group's cohesion roll to move.
pub struct MoveAction<C>(PhantomData<fn() -> C>);

impl<C> MoveAction<C> {
    /// The action, for a card's list of actions.
    pub const ON_CARD: Self = MoveAction(PhantomData);
}

impl<C: MoveRule> ChartAction for MoveAction<C> {
    type Fields = MoveFields<C>;

    const ABOUT: &'static About = &About {
        name: "move",
        summary: C::MOVE_SUMMARY,
        headline: Some(("move", "moves")),
        ..About::DEFAULT
    };

    fn build(&self, f: MoveFields<C>, charts: &Arc<C>) -> Result<Box<dyn Model>, InputError> {
        let modifier = charts.movement_orders().modifier(
            &f.order,
            f.hq_attached,
            f.suppressed,
            f.disorganized,
            charts.move_marker_cap(),
        );
        let test = (!f.ghq_eliminated).then(|| CohesionTest {
            cohesion: f.cohesion,
            modifier,
            naturals: charts.naturals(),
        });
        let order = ORDERS
            .into_iter()
            .find(|o| *o == f.order)
            .unwrap_or(ORDERS[0]);
        let shown = vec![
            Value::Word(order),
            Value::Number(i64::from(f.hq_attached)),
            Value::Flag(f.suppressed),
            Value::Flag(f.disorganized),
        ];
        Ok(Box::new(ProcedureModel::new(MoveRoll {
            test,
            rolls: charts.rolls().clone(),
            shown,
        })))
    }
}
