//! The shape nearly every action has: one field struct (declared with
//! [`crate::action_fields!`]) read against its system's compiled charts, and a
//! model built from the values. An action of this shape implements
//! [`ChartAction`], writing only what is its own (its [`About`], how it builds
//! its model, its notes); the blanket impl below makes it an [`Action`], so the
//! charts are read and the fields listed and checked in one place for all of
//! them.

use super::{About, Action, CompiledCharts, FieldSpec, Scenario, charts_of};
use crate::engine::Model;
use crate::error::InputError;
use crate::rules::RuleBook;
use std::sync::Arc;

/// The notes of one outcome variable's values, from its table of (value,
/// meaning): what [`ChartAction::outcome_notes`] gives for an action whose
/// notes are such a table.
pub fn notes_of(
    variable: &'static str,
    meanings: &[(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str, &'static str)> {
    meanings
        .iter()
        .map(|(value, meaning)| (variable, *value, *meaning))
        .collect()
}

/// A field struct read against one system's charts (what `action_fields!`
/// derives for a struct declared with a `charts` parameter).
pub trait ActionFields: Sized {
    /// The compiled charts the fields' defaults and allowed values come from.
    type Charts: CompiledCharts + Send + Sync + 'static;

    /// The fields, in order, for `--help` and validation.
    fn field_specs(charts: &Self::Charts) -> Vec<FieldSpec>;

    /// The values of a resolved scenario.
    fn read_fields(charts: &Self::Charts, scenario: &Scenario) -> Result<Self, InputError>;
}

/// Two field structs read against the same charts, listed one after the other:
/// an action whose fields are a shared set plus its own (direct artillery's
/// `mortar` after both artillery actions' fields).
impl<A, B> ActionFields for (A, B)
where
    A: ActionFields,
    B: ActionFields<Charts = A::Charts>,
{
    type Charts = A::Charts;

    fn field_specs(charts: &Self::Charts) -> Vec<FieldSpec> {
        let mut specs = A::field_specs(charts);
        specs.extend(B::field_specs(charts));
        specs
    }

    fn read_fields(charts: &Self::Charts, scenario: &Scenario) -> Result<Self, InputError> {
        Ok((
            A::read_fields(charts, scenario)?,
            B::read_fields(charts, scenario)?,
        ))
    }
}

/// The charts an action's fields read against.
pub type ChartsOf<A> = <<A as ChartAction>::Fields as ActionFields>::Charts;

/// An action that reads one field struct and builds a model from it.
pub trait ChartAction: Sync {
    /// The fields it declares.
    type Fields: ActionFields;

    /// Its name, summary and defaults.
    const ABOUT: &'static About;

    /// The model for these field values under these charts. Errors name the
    /// field at fault.
    fn build(
        &self,
        fields: Self::Fields,
        charts: &Arc<ChartsOf<Self>>,
    ) -> Result<Box<dyn Model>, InputError>;

    /// The fields `--help` lists: the declared ones, unless the action words
    /// one differently or adds one its model reads on its own.
    fn field_specs(&self, charts: &ChartsOf<Self>) -> Vec<FieldSpec> {
        Self::Fields::field_specs(charts)
    }

    /// See [`Action::outcome_notes`].
    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        Vec::new()
    }

    /// See [`Action::answer_notes`].
    fn answer_notes(&self, _charts: &ChartsOf<Self>) -> Vec<String> {
        Vec::new()
    }

    /// See [`Action::working`]: here from the fields as read.
    fn working(&self, _fields: Self::Fields, _charts: &Arc<ChartsOf<Self>>) -> Vec<String> {
        Vec::new()
    }

    /// See [`Action::provisional`].
    fn provisional(&self, _charts: &ChartsOf<Self>) -> Option<String> {
        None
    }

    /// See [`Action::choices`].
    const CHOICES: &'static [&'static str] = &[];

    /// See [`Action::plan`]: here from the fields as read.
    fn plan(
        &self,
        _fields: Self::Fields,
        _charts: &Arc<ChartsOf<Self>>,
        _ask: &crate::plan::Ask,
        _outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        None
    }
}

impl<A: ChartAction> Action for A {
    fn about(&self) -> &About {
        A::ABOUT
    }

    fn fields(&self, rules: &RuleBook) -> Result<Vec<FieldSpec>, InputError> {
        let charts = charts_of::<ChartsOf<A>>(rules)?;
        Ok(self.field_specs(&charts))
    }

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        ChartAction::outcome_notes(self)
    }

    // The notes below are printed alongside an answer the model gives; rules
    // or fields that do not read are the model's error to report, so here they
    // leave the notes out.
    fn answer_notes(&self, rules: &RuleBook) -> Vec<String> {
        charts_of::<ChartsOf<A>>(rules)
            .map(|charts| ChartAction::answer_notes(self, &charts))
            .unwrap_or_default()
    }

    fn working(&self, scenario: &Scenario, rules: &RuleBook) -> Vec<String> {
        let Ok(charts) = charts_of::<ChartsOf<A>>(rules) else {
            return Vec::new();
        };
        match A::Fields::read_fields(&charts, scenario) {
            Ok(fields) => ChartAction::working(self, fields, &charts),
            Err(_) => Vec::new(),
        }
    }

    fn provisional(&self, rules: &RuleBook) -> Option<String> {
        let charts = charts_of::<ChartsOf<A>>(rules).ok()?;
        ChartAction::provisional(self, &charts)
    }

    fn model(&self, scenario: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = charts_of::<ChartsOf<A>>(rules)?;
        let fields = A::Fields::read_fields(&charts, scenario)?;
        self.build(fields, &charts)
    }

    fn choices(&self) -> &'static [&'static str] {
        A::CHOICES
    }

    fn plan(
        &self,
        scenario: &Scenario,
        rules: &RuleBook,
        ask: &crate::plan::Ask,
        outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        use crate::plan::PlanError::Input;
        let charts = match charts_of::<ChartsOf<A>>(rules) {
            Ok(charts) => charts,
            Err(e) => return Some(Err(Input(e))),
        };
        match A::Fields::read_fields(&charts, scenario) {
            Ok(fields) => ChartAction::plan(self, fields, &charts, ask, outcomes),
            Err(e) => Some(Err(Input(e))),
        }
    }
}

/// Test support: the charts of `system` with rules `options` set (as a
/// house rule would set them), and the fields `F` read from `fields` (the
/// rest at their defaults).
#[cfg(test)]
pub(crate) fn fields_under<F: ActionFields>(
    system: &str,
    options: &[(&str, &str)],
    fields: &[(&str, &str)],
) -> (Arc<F::Charts>, F) {
    use super::Origin;
    use crate::systems::{find, rulebook};
    let set: String = options
        .iter()
        .map(|(k, v)| format!("\"options.{k}\" = \"{v}\"\n"))
        .collect();
    let text = format!("name = \"test\"\nsystem = \"{system}\"\n[set]\n{set}");
    let rule = crate::rules::HouseRule::parse("test", &text).unwrap();
    let book = rulebook(find(system).unwrap(), &[rule]).unwrap();
    let charts = Arc::new(super::compile_charts::<F::Charts>(&book).unwrap());
    let raw = Origin::arguments_of(fields);
    let scenario = Scenario::resolve(&F::field_specs(&charts), &raw).unwrap();
    let read = F::read_fields(&charts, &scenario).unwrap();
    (charts, read)
}
