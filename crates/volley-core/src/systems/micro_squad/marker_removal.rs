//! Marker removal: one d20 per stand with S and/or D.
//!
//! A natural 1 rallies D (and, by default, clears S too); otherwise passing cohesion
//! with the markers' penalties clears S; a natural 20 is a panic, an (S) that on a
//! suppressed stand chains to D, and to E if already D (MS-P1).

use super::charts::Charts;
use super::fields;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use crate::systems::ghq::{RemovalRecord, RemovalRoll, Stand, StandState, remove_markers};
use std::sync::Arc;

/// Marker removal for one stand.
#[derive(Clone, Debug)]
pub struct MarkerRemoval {
    pub charts: Arc<Charts>,
    pub cohesion: i32,
    pub stand: Stand,
}

impl Procedure for MarkerRemoval {
    type Outcome = (RemovalRoll, StandState);
    type Record = RemovalRecord;

    fn declare(&self, schema: &mut Schema) -> RemovalRecord {
        RemovalRecord::declare(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (RemovalRoll, StandState) {
        let mut stand = self.stand;
        let roll = remove_markers(dice, &*self.charts, self.cohesion, &mut stand);
        (roll, stand.state())
    }

    fn record(
        &self,
        rec: &RemovalRecord,
        o: &(RemovalRoll, StandState),
        tally: &mut Tally,
        w: f64,
    ) {
        rec.record(tally, *o, w);
    }
}

crate::action_fields! {
    /// The fields of `micro-squad marker-removal`.
    pub struct MarkerRemovalFields(charts: &Charts) {
        cohesion: i32 = fields::cohesion(charts, "the force's cohesion"),
        suppressed: bool = FieldSpec::flag_on("carries an S marker"),
        disorganized: bool = FieldSpec::flag("carries a D marker"),
    }
}

/// `micro-squad marker-removal`.
pub struct MarkerRemovalAction;

impl ChartAction for MarkerRemovalAction {
    type Fields = MarkerRemovalFields;

    const ABOUT: &'static About = &About {
        name: "marker-removal",
        summary: "the marker removal roll of one stand with S and/or D: recover, rally, or panic",
        headline: Some(("after", "ok")),
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        crate::systems::ghq::roll_notes()
    }

    fn build(
        &self,
        f: MarkerRemovalFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        let stand = Stand::with_markers(f.suppressed, f.disorganized);
        if !(stand.suppressed || stand.disorganized) {
            return Err(InputError::argument(
                "suppressed",
                "a stand without S or D markers does not roll for marker removal; set suppressed=true or disorganized=true",
            ));
        }
        Ok(Box::new(ProcedureModel::new(MarkerRemoval {
            charts: charts.clone(),
            cohesion: f.cohesion,
            stand,
        })))
    }
}
