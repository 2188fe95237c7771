//! The CRT alone (`micro-squad crt`): 2D6 plus a modifier read on the
//! differential's column, with no cohesion roll and no target: the chart's own
//! odds, result by result, for a designer reading the card.

use super::charts::Charts;
use super::fields;
use crate::action::{About, ChartAction};
use crate::dice::{Dice, Roll};
use crate::engine::{Classified, ClassifiedModel, Model, Procedure, Schema, Tally};
use crate::error::InputError;
use crate::systems::ghq::{CrtResult, GhqCard, differential};
use crate::tally::Outcome;
use std::sync::Arc;

/// One CRT roll on one column.
#[derive(Clone, Debug)]
pub struct CrtRoll {
    /// The result of every unmodified 2D6 total (index into [`CrtResult::ALL`]).
    results: [u8; 13],
}

impl Procedure for CrtRoll {
    /// The class: an index into [`CrtResult::ALL`].
    type Outcome = usize;
    /// `result`: the chart's results as printed.
    type Record = Outcome<CrtResult>;

    fn declare(&self, schema: &mut Schema) -> Outcome<CrtResult> {
        schema.outcome("result")
    }

    fn run<D: Dice>(&self, dice: &mut D) -> usize {
        dice.classify(Roll::Sum(2, 6), |total| {
            usize::from(self.results[total as usize])
        })
    }

    fn record(&self, rec: &Outcome<CrtResult>, result: &usize, tally: &mut Tally, w: f64) {
        tally.count(*rec, CrtResult::ALL[*result], w);
    }
}

impl Classified for CrtRoll {
    fn classes(&self) -> usize {
        CrtResult::ALL.len()
    }
}

crate::action_fields! {
    /// The fields of `micro-squad crt`.
    pub struct CrtFields(charts: &Charts) {
        firepower: i64 = fields::strength(6, "firepower (the column is firepower minus defense)"),
        defense: i64 = fields::strength(4, "defense strength"),
        die_mod: i32 = fields::die_mod("modifier to the 2D6 roll (terrain, range and any other)"),
    }
}

/// `micro-squad crt`.
pub struct CrtAction;

impl CrtAction {
    /// The roll from a resolved scenario.
    pub fn procedure(f: CrtFields, charts: Arc<Charts>) -> Result<CrtRoll, InputError> {
        let column = fields::crt_column(f.firepower, f.defense, false, "firepower")?;
        let mut results = [0u8; 13];
        for (total, result) in results.iter_mut().enumerate().skip(2) {
            // The discriminant is the result's place in `CrtResult::ALL`.
            *result = charts.crt().result(total as i32 + f.die_mod, column) as u8;
        }
        Ok(CrtRoll { results })
    }
}

impl ChartAction for CrtAction {
    type Fields = CrtFields;

    const ABOUT: &'static About = &differential::crt_about(
        "crt",
        "the CRT alone: 2D6 plus a modifier on the differential's column, no cohesion roll, no target",
        differential::firepower_for,
    );

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        crate::systems::ghq::results::result_notes(&["-", "S", "(S)", "D", "E"])
    }

    fn build(&self, f: CrtFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(ClassifiedModel::new(Self::procedure(
            f,
            charts.clone(),
        )?)))
    }
}
