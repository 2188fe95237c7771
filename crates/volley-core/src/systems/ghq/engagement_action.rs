//! A GHQ card's `engagement` action: two forces trade fire turn after turn
//! to a finish. Its fields and the engagement they build are the card's
//! ([`EngagementRule`], on its charts); the action around them is the same on
//! both cards: its summary line, the headline P(A wins), each side's stands
//! alive as its curves, what `winner` means, and the model it builds.

use super::engagement_record::{engagement_about, winner_notes};
use crate::action::{About, ActionFields, ChartAction, CompiledCharts, Scenario};
use crate::engine::{Engagement, EngagementModel, Model};
use crate::error::InputError;
use std::marker::PhantomData;
use std::sync::Arc;

/// What a card's charts build an engagement with.
pub trait EngagementRule: CompiledCharts + Send + Sync + 'static {
    /// The action's fields.
    type EngagementFields: ActionFields<Charts = Self>;
    /// The engagement they build.
    type Engagement: Engagement + 'static;
    /// The action's line in listings.
    const ENGAGEMENT_SUMMARY: &'static str;

    /// The engagement `f` asks for, or the field at fault.
    fn engagement(
        f: Self::EngagementFields,
        charts: Arc<Self>,
    ) -> Result<Self::Engagement, InputError>;
}

/// `engagement` on the GHQ card `C`.
pub struct EngagementAction<C>(PhantomData<fn() -> C>);

impl<C> EngagementAction<C> {
    /// The action, for a card's list of actions.
    pub const ON_CARD: Self = EngagementAction(PhantomData);
}

impl<C: EngagementRule> EngagementAction<C> {
    /// The engagement of a resolved scenario, for the tests and benchmarks
    /// that drive it by hand.
    pub fn of_scenario(s: &Scenario, charts: Arc<C>) -> Result<C::Engagement, InputError> {
        C::engagement(C::EngagementFields::read_fields(&charts, s)?, charts)
    }
}

impl<C: EngagementRule> ChartAction for EngagementAction<C> {
    type Fields = C::EngagementFields;

    const ABOUT: &'static About = &engagement_about(C::ENGAGEMENT_SUMMARY);

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        winner_notes()
    }

    fn build(&self, f: Self::Fields, charts: &Arc<C>) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(EngagementModel::new(C::engagement(
            f,
            charts.clone(),
        )?)))
    }
}
