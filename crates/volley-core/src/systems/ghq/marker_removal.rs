//! Marker removal for one stand, alike on every GHQ card: the action
//! (`marker-removal`, its fields and outcomes) and its procedure, the
//! stand's roll (the GHQ d20 of [`super::markers`], or a card's own chart
//! where it has one) and what the stand is left with.

use super::{MarkerRoll, RemovalRecord, RemovalRoll, Stand, StandState};
use crate::action::{About, ActionFields, ChartAction, CompiledCharts, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{Model, Procedure, ProcedureModel, Schema, Tally};
use crate::error::InputError;
use std::marker::PhantomData;
use std::sync::Arc;

/// A card whose `marker-removal` is asked: how it rolls is its
/// [`MarkerRoll`]; this says what the action answers.
pub trait RemovalRule: MarkerRoll + CompiledCharts + Send + Sync + 'static {
    /// What the card's `marker-removal` answers, for `--help`.
    const REMOVAL_SUMMARY: &'static str;
}

/// Marker removal for one stand.
#[derive(Clone, Debug)]
pub struct MarkerRemoval<C> {
    pub charts: Arc<C>,
    pub cohesion: i32,
    pub stand: Stand,
}

impl<C: RemovalRule> Procedure for MarkerRemoval<C> {
    type Outcome = (RemovalRoll, StandState);
    type Record = RemovalRecord;

    fn declare(&self, schema: &mut Schema) -> RemovalRecord {
        RemovalRecord::declare(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (RemovalRoll, StandState) {
        let mut stand = self.stand;
        let roll = self.charts.roll_removal(dice, self.cohesion, &mut stand);
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

/// The stand a marker-removal question rolls for: one with S or D (a stand
/// with neither does not roll).
pub fn marked_stand(suppressed: bool, disorganized: bool) -> Result<Stand, InputError> {
    let stand = Stand::with_markers(suppressed, disorganized);
    if !(stand.suppressed || stand.disorganized) {
        return Err(InputError::argument(
            "suppressed",
            "a stand without S or D markers does not roll for marker removal; set suppressed=true or disorganized=true",
        ));
    }
    Ok(stand)
}

/// The fields of a GHQ card's `marker-removal`: the force's cohesion and the
/// stand's markers.
#[derive(Clone, Debug)]
pub struct MarkerRemovalFields<C> {
    pub cohesion: i32,
    pub suppressed: bool,
    pub disorganized: bool,
    card: PhantomData<fn() -> C>,
}

impl<C: RemovalRule> ActionFields for MarkerRemovalFields<C> {
    type Charts = C;

    fn field_specs(charts: &C) -> Vec<FieldSpec> {
        vec![
            super::fields::cohesion("cohesion", charts, "the force's cohesion"),
            FieldSpec::flag_on("suppressed", "carries an S marker"),
            FieldSpec::flag("disorganized", "carries a D marker"),
        ]
    }

    fn read_fields(_charts: &C, scenario: &Scenario) -> Result<Self, InputError> {
        Ok(MarkerRemovalFields {
            cohesion: scenario.int32("cohesion"),
            suppressed: scenario.flag("suppressed"),
            disorganized: scenario.flag("disorganized"),
            card: PhantomData,
        })
    }
}

/// `marker-removal` on the GHQ card `C`.
pub struct MarkerRemovalAction<C>(PhantomData<fn() -> C>);

impl<C> MarkerRemovalAction<C> {
    /// The action, for a card's list of actions.
    pub const ON_CARD: Self = MarkerRemovalAction(PhantomData);
}

impl<C: RemovalRule> ChartAction for MarkerRemovalAction<C> {
    type Fields = MarkerRemovalFields<C>;

    const ABOUT: &'static About = &About {
        name: "marker-removal",
        summary: C::REMOVAL_SUMMARY,
        headline: Some(("after", "ok")),
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        super::roll_notes()
    }

    fn build(
        &self,
        f: MarkerRemovalFields<C>,
        charts: &Arc<C>,
    ) -> Result<Box<dyn Model>, InputError> {
        let stand = marked_stand(f.suppressed, f.disorganized)?;
        Ok(Box::new(ProcedureModel::new(MarkerRemoval {
            charts: charts.clone(),
            cohesion: f.cohesion,
            stand,
        })))
    }
}
