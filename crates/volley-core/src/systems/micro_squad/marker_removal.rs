//! Marker removal: one d20 per stand with S and/or D.
//!
//! A natural 1 rallies D (and, by default, clears S too); otherwise passing cohesion
//! with the markers' penalties clears S; a natural 20 is a panic, an (S) that on a
//! suppressed stand chains to D, and to E if already D (MS-P1).

use super::charts::Charts;
use super::fields;
use crate::action::{About, ChartAction, FieldSpec};
use crate::engine::{Model, ProcedureModel};
use crate::error::InputError;
use crate::systems::ghq::marker_removal::{MarkerRemoval, RemovalRule, marked_stand};
use std::sync::Arc;

/// Micro Squad rolls the GHQ d20.
impl RemovalRule for Charts {}

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
        let stand = marked_stand(f.suppressed, f.disorganized)?;
        Ok(Box::new(ProcedureModel::new(MarkerRemoval {
            charts: charts.clone(),
            cohesion: f.cohesion,
            stand,
        })))
    }
}
