//! The GHQ Command Efficiency Table: orders this turn by the modified roll, read
//! from a card's table (keys are rolls; a roll below the lowest or above the
//! highest key reads that key).

use super::roll_points::ORDERS_ROLL;
use crate::dice::{Dice, Roll};
use crate::engine::{Procedure, Schema, Tally};
use crate::rules::RollRules;
use crate::rules::rolls::{Value, Verdict};
use crate::tally::{Mean, Outcome};
use std::collections::BTreeMap;

/// A Command Efficiency Table, rows sorted by roll.
#[derive(Clone, Debug)]
pub struct OrdersTable {
    rows: Vec<(i32, i64)>,
}

impl OrdersTable {
    /// The rows of a card's table (keys that are not rolls are ignored; the
    /// cards' checks refuse them).
    pub fn new(table: &BTreeMap<String, i64>) -> Self {
        let mut rows: Vec<(i32, i64)> = table
            .iter()
            .filter_map(|(k, v)| Some((k.parse().ok()?, *v)))
            .collect();
        rows.sort();
        OrdersTable { rows }
    }

    /// Orders for a modified roll.
    pub fn orders(&self, modified_roll: i32) -> i64 {
        let (Some(first), Some(last)) = (self.rows.first(), self.rows.last()) else {
            return 0;
        };
        let roll = modified_roll.clamp(first.0, last.0);
        self.rows
            .iter()
            .rev()
            .find(|r| r.0 <= roll)
            .map_or(0, |r| r.1)
    }

    /// The most orders on the table.
    pub fn most(&self) -> i64 {
        self.rows.iter().map(|r| r.1).max().unwrap_or(0)
    }

    pub fn fewest(&self) -> i64 {
        self.rows.iter().map(|r| r.1).min().unwrap_or(0)
    }
}

/// The Command Efficiency roll.
#[derive(Clone, Debug)]
pub struct OrdersRoll {
    pub table: OrdersTable,
    pub roll: Roll,
    pub modifier: i32,
    /// The house rules' roll rules, for the orders roll point.
    pub rolls: RollRules,
}

/// Where [`OrdersRoll`] records.
pub struct OrdersRecord {
    orders: Outcome<u32>,
    mean_orders: Mean,
}

impl Procedure for OrdersRoll {
    type Outcome = i64;
    type Record = OrdersRecord;

    fn declare(&self, schema: &mut Schema) -> OrdersRecord {
        OrdersRecord {
            orders: schema.count("orders", self.table.most().max(0) as u32),
            mean_orders: schema.mean("orders"),
        }
    }

    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        let shown = || vec![Value::Number(i64::from(self.modifier))];
        let fewest = self.table.fewest();
        self.rolls.roll(&ORDERS_ROLL, dice, shown, |dice, adjust| {
            let modifier = self.modifier + adjust.modifier;
            let orders = dice.classify(self.roll, |r| {
                self.table.orders(adjust.total(r) as i32 + modifier)
            });
            (orders, Verdict::failed_if(orders == fewest))
        })
    }

    fn record(&self, rec: &OrdersRecord, orders: &i64, tally: &mut Tally, w: f64) {
        // A table's orders are never below 0 (the cards' checks refuse it).
        tally.count(rec.orders, *orders as u32, w);
        tally.add(rec.mean_orders, *orders as f64, w);
    }
}
