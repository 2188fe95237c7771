//! What a rule system offers the rest of volley: [`System`] and its [`Action`]s,
//! the scenario fields an action declares ([`FieldSpec`], resolved into a
//! [`Scenario`]), and the compiled charts a system builds from its rule book.
//!
//! Every system's struct implements these traits (through [`ChartSystem`], in
//! the registry in [`crate::systems`], which lists the systems). Nothing here
//! knows a rule.

mod chart_action;
mod chart_system;
pub mod describe;
mod field_spec;
mod fields;
mod scenario;

#[cfg(test)]
pub(crate) use chart_action::fields_under;
pub use chart_action::{ActionFields, ChartAction, ChartsOf, notes_of};
pub use chart_system::{ChartSystem, DescribeChart};
pub use field_spec::{
    FieldKind, FieldSpec, FieldValue, Given, Implied, MAX_RANGE_VALUES, range_values,
};
pub(crate) use fields::interned;
pub use fields::{FieldGroup, FieldType, prefixed};
pub use scenario::{Origin, Scenario};

use crate::engine::Model;
use crate::error::InputError;
use crate::rules::{Card, RuleBook};

/// What an action says about itself, fixed when it is written: its name, its
/// one-line summary, and the defaults its answers, tables and reports use.
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// Name on the command line (`fire`).
    pub name: &'static str,
    /// One line for listings.
    pub summary: &'static str,
    /// The outcome stated first, as (variable, value): the answer to the
    /// user's usual question about this action.
    pub headline: Option<(&'static str, &'static str)>,
    /// Axes a question may sweep besides the fields (`differential` for CRT
    /// attacks); [`About::derive`] turns a value into field settings.
    pub derived_axes: &'static [&'static str],
    /// How a value of a derived axis becomes field settings, given the rest
    /// of the scenario (`differential=2`: firepower two above the defense).
    pub derive: Option<DeriveAxis>,
    /// The probability table `volley table` shows when no axis is given: the
    /// row axis and an optional column axis, as `FIELD=VALUES`.
    pub default_table: Option<(&'static str, Option<&'static str>)>,
    /// The per-turn curves an engagement's report plots when its experiment
    /// file asks for no plot.
    pub default_curves: &'static [&'static str],
    /// Fields an earlier volley had, each with what replaced it, so that an
    /// old command or experiment file is told what to write now.
    pub renamed: &'static [(&'static str, &'static str)],
}

impl About {
    /// Nothing beyond the name and summary (which every action gives).
    pub const DEFAULT: About = About {
        name: "",
        summary: "",
        headline: None,
        derived_axes: &[],
        derive: None,
        default_table: None,
        default_curves: &[],
        renamed: &[],
    };
}

/// Turns a value of a derived axis into field settings, given the rest of
/// the scenario; the error says why the value cannot be met.
pub type DeriveAxis = fn(&str, &Scenario) -> Result<Vec<(&'static str, String)>, String>;

/// One action of a system.
pub trait Action: Sync {
    /// Its name, summary and defaults.
    fn about(&self) -> &About;

    /// Name on the command line (`fire`).
    fn name(&self) -> &'static str {
        self.about().name
    }

    /// One line for listings.
    fn summary(&self) -> &'static str {
        self.about().summary
    }

    /// The scenario fields, with defaults and allowed values (some depend on
    /// the chart data, e.g. terrain names); an error when the rules do not
    /// compile, never an empty list that hides it.
    fn fields(&self, rules: &RuleBook) -> Result<Vec<FieldSpec>, InputError>;

    /// See [`About::headline`].
    fn headline(&self) -> Option<(&'static str, &'static str)> {
        self.about().headline
    }

    /// See [`About::derived_axes`].
    fn derived_axes(&self) -> &'static [&'static str] {
        self.about().derived_axes
    }

    /// The field settings for `axis = value`, given the rest of the scenario
    /// (see [`About::derive`]).
    fn derive(
        &self,
        axis: &str,
        value: &str,
        scenario: &Scenario,
    ) -> Result<Vec<(&'static str, String)>, String> {
        match self.about().derive {
            Some(derive) if self.derived_axes().contains(&axis) => derive(value, scenario),
            _ => Err(no_axis(self.name(), axis)),
        }
    }

    /// See [`About::default_table`].
    fn default_table(&self) -> Option<(&'static str, Option<&'static str>)> {
        self.about().default_table
    }

    /// See [`About::default_curves`].
    fn default_curves(&self) -> &'static [&'static str] {
        self.about().default_curves
    }

    /// What the values of the outcome variables mean, as (variable, value,
    /// meaning), for `--help`.
    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        Vec::new()
    }

    /// Sentences printed with every answer: how to read it under these rules.
    fn answer_notes(&self, _rules: &RuleBook) -> Vec<String> {
        Vec::new()
    }

    /// How the action reads this scenario, step by step (a Morale Point from its
    /// parts, a fire total from firepower, dice and modifiers): printed with the
    /// answer, so a user can check the computation against the card.
    fn working(&self, _scenario: &Scenario, _rules: &RuleBook) -> Vec<String> {
        Vec::new()
    }

    /// Why every answer of this action under these rules is provisional (it reads
    /// a chart volley had to reconstruct), or `None`. Every output carries it.
    fn provisional(&self, _rules: &RuleBook) -> Option<String> {
        None
    }

    /// Build the runnable model. Errors name the field at fault.
    fn model(&self, scenario: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError>;

    /// The choices a side may make in this action, the usual one first
    /// (empty: none; `volley plan` answers only actions with choices).
    fn choices(&self) -> &'static [&'static str] {
        &[]
    }

    /// Best play over the action's choices, as `ask` asks ([`crate::plan`]);
    /// `outcomes` are the outcome variables and values its model reports.
    /// `None` for an action without choices.
    fn plan(
        &self,
        _scenario: &Scenario,
        _rules: &RuleBook,
        _ask: &crate::plan::Ask,
        _outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        None
    }
}

/// The refusal of an axis an action does not derive.
fn no_axis(action: &str, axis: &str) -> String {
    format!("`{action}` has no axis `{axis}`")
}

/// What a system says about itself, fixed when it is written: its name and
/// title, its card, its actions and the charts `volley rules` prints.
#[derive(Clone, Copy)]
pub struct SystemAbout {
    /// volley's name for it (`micro-squad`).
    pub name: &'static str,
    /// The card's title.
    pub title: &'static str,
    /// The card's chart data, embedded with `include_str!`.
    pub card: Card,
    /// Every action: the one place a system declares them.
    pub actions: &'static [&'static dyn Action],
    /// Names of the charts `volley rules` prints, `options` first.
    pub charts: &'static [&'static str],
    /// Lines printed before the charts (what the card lacks, say).
    pub preamble: &'static str,
    /// The named rolls of its procedures, where a house rule's `[[roll]]`
    /// tables attach.
    pub rolls: &'static [crate::rules::RollPoint],
}

/// A rule system.
pub trait System: Sync {
    /// Its name, title, card, actions and charts.
    fn about(&self) -> &SystemAbout;

    /// volley's name for it (`micro-squad`).
    fn name(&self) -> &'static str {
        self.about().name
    }

    /// The card's title.
    fn title(&self) -> &'static str {
        self.about().title
    }

    /// Every action.
    fn actions(&self) -> Vec<&'static dyn Action> {
        self.about().actions.to_vec()
    }

    /// The card's chart data.
    fn card(&self) -> Card {
        self.about().card
    }

    /// Check that (patched) chart data still reads as this system's charts.
    fn check_rules(&self, rules: &RuleBook) -> Result<(), String>;

    /// Names of the charts `volley rules` prints, `options` first.
    fn chart_names(&self) -> Vec<&'static str> {
        self.about().charts.to_vec()
    }

    /// Print one chart (any name of [`System::chart_names`] but `options`) as
    /// volley reads it, with its provenance, into `out`.
    fn describe_chart(
        &self,
        rules: &RuleBook,
        chart: &str,
        out: &mut String,
    ) -> Result<(), InputError>;

    /// The named rolls of its procedures.
    fn roll_points(&self) -> &'static [crate::rules::RollPoint] {
        self.about().rolls
    }

    /// Lines printed before the charts (what the card lacks, say).
    fn describe_preamble(&self) -> &'static str {
        self.about().preamble
    }

    /// The charts as volley reads them, for `volley rules`; `chart` picks one.
    fn describe(&self, rules: &RuleBook, chart: Option<&str>) -> Result<String, InputError> {
        if chart == Some("rolls") {
            let mut out = format!(
                "{}: the named rolls a house rule's [[roll]] and [[script]] tables change\n\n",
                self.title()
            );
            out.push_str(&crate::rules::rolls::describe(self.roll_points()));
            return Ok(out);
        }
        let names = self.chart_names();
        let wanted = describe::select(self.name(), &names, chart)?;
        let mut out = format!("{}: charts from {}\n", self.title(), rules.source_file());
        out.push_str(self.describe_preamble());
        if !rules.house_rules.is_empty() {
            out.push_str(&format!(
                "house rules applied: {}\n",
                rules.house_rules.join(", ")
            ));
        }
        for name in wanted {
            out.push('\n');
            if name == "options" {
                out.push_str(
                    "## Rule options: every reading the card leaves open, with its note\n",
                );
                out.push_str(&describe::options(rules));
            } else {
                self.describe_chart(rules, name, &mut out)?;
            }
        }
        Ok(out)
    }
}

/// A system's typed charts, compiled from the (possibly patched) TOML tree.
pub trait CompiledCharts: Sized {
    /// The shape the TOML deserializes into.
    type Data: serde::de::DeserializeOwned;

    /// Check and compile the data, carrying the rule book's roll rules to the
    /// procedures' roll points; the message names the chart cell at fault.
    fn compile(data: Self::Data, rolls: crate::rules::RollRules) -> Result<Self, String>;

    /// The record of the options read through these charts (see
    /// [`crate::rules::OptionsRead`]).
    fn consulted(&self) -> crate::rules::OptionsRead;
}

/// Compile a rule book's charts, or say why they do not read.
pub fn compile_charts<C: CompiledCharts>(rules: &RuleBook) -> Result<C, String> {
    C::compile(rules.typed()?, rules.rolls.clone())
}

/// A rule book's compiled charts, compiled once per book and shared by every
/// model, sweep point and help text built from it.
pub fn charts_of<C: CompiledCharts + Send + Sync + 'static>(
    rules: &RuleBook,
) -> Result<std::sync::Arc<C>, InputError> {
    let charts = rules
        .compiled(compile_charts::<C>)
        .map_err(|m| InputError::argument("rules", m))?;
    rules.keep_consulted(&charts.consulted());
    Ok(charts)
}
