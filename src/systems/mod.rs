//! Rule systems. One folder per system holds its charts (typed over the TOML data),
//! its unit state and its procedures; nothing outside `systems/` knows a rule.
//!
//! Each system exposes [`Action`]s (`fire`, `overrun`, `engagement`, ...). An action
//! lists its scenario fields and turns a resolved [`Scenario`] plus the (possibly
//! house-ruled) [`RuleBook`] into a runnable [`Model`].

pub mod describe;
pub mod ghq;
pub mod hex_acw;
pub mod micro_force;
pub mod micro_squad;
mod scenario;
pub mod stand_and_die;

pub use scenario::{
    FieldKind, FieldSpec, FieldValue, MAX_RANGE_VALUES, Origin, Scenario, range_values,
};

use crate::engine::Model;
use crate::error::{InputError, one_of};
use crate::rules::RuleBook;

/// One action of a system.
pub trait Action: Sync {
    /// Name on the command line (`fire`).
    fn name(&self) -> &'static str;

    /// One line for listings.
    fn summary(&self) -> &'static str;

    /// The scenario fields, with defaults and allowed values (some depend on the
    /// chart data, e.g. terrain names).
    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec>;

    /// The outcome stated first, as (variable, value): the answer to the user's
    /// usual question about this action.
    fn headline(&self) -> Option<(&'static str, &'static str)> {
        None
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

    /// Build the runnable model. Errors name the field at fault.
    fn model(&self, scenario: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError>;
}

/// A rule system.
pub trait System: Sync {
    /// volley's name for it (`micro-squad`).
    fn name(&self) -> &'static str;

    /// The card's title.
    fn title(&self) -> &'static str;

    /// Every action.
    fn actions(&self) -> Vec<Box<dyn Action>>;

    /// Check that (patched) chart data still reads as this system's charts.
    fn check_rules(&self, rules: &RuleBook) -> Result<(), String>;

    /// The charts as volley reads them, for `volley rules`; `chart` picks one.
    fn describe(&self, rules: &RuleBook, chart: Option<&str>) -> Result<String, InputError>;

    /// Names of the charts `describe` knows.
    fn chart_names(&self) -> Vec<&'static str>;
}

/// A system's typed charts, compiled from the (possibly patched) TOML tree.
pub trait CompiledCharts: Sized {
    /// The shape the TOML deserializes into.
    type Data: serde::de::DeserializeOwned;

    /// Check and compile the data; the message names the chart cell at fault.
    fn compile(data: Self::Data) -> Result<Self, String>;
}

/// Compile a rule book's charts, or say why they do not read.
pub fn compile_charts<C: CompiledCharts>(rules: &RuleBook) -> Result<C, String> {
    C::compile(rules.typed()?)
}

/// Compiled charts shared by the procedures of one run.
pub fn charts_of<C: CompiledCharts>(rules: &RuleBook) -> Result<std::sync::Arc<C>, InputError> {
    compile_charts(rules)
        .map(std::sync::Arc::new)
        .map_err(|m| InputError::argument("rules", m))
}

/// Every system volley knows.
pub fn all() -> Vec<Box<dyn System>> {
    vec![
        Box::new(micro_force::MicroForce),
        Box::new(micro_squad::MicroSquad),
        Box::new(hex_acw::HexAcw),
        Box::new(stand_and_die::StandAndDie),
    ]
}

/// Look a system up by name.
pub fn find(name: &str) -> Result<Box<dyn System>, InputError> {
    let systems = all();
    let names: Vec<&str> = systems.iter().map(|s| s.name()).collect();
    let message = format!("unknown system `{name}`; volley knows {}", one_of(&names));
    systems
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| InputError::argument("system", message))
}

/// Look an action of a system up by name.
pub fn find_action(system: &dyn System, name: &str) -> Result<Box<dyn Action>, InputError> {
    let actions = system.actions();
    let names: Vec<&str> = actions.iter().map(|a| a.name()).collect();
    let message = format!(
        "`{}` has no action `{name}`; it has {}",
        system.name(),
        one_of(&names)
    );
    actions
        .into_iter()
        .find(|a| a.name() == name)
        .ok_or_else(|| InputError::argument("action", message))
}

/// The card's rules for a system with house rules applied in order.
pub fn rulebook(
    system: &dyn System,
    house_rules: &[crate::rules::HouseRule],
) -> Result<RuleBook, InputError> {
    let mut book = RuleBook::card(system.name())?;
    system.check_rules(&book).map_err(|m| {
        InputError::argument("rules", format!("the shipped charts do not read: {m}"))
    })?;
    for rule in house_rules {
        book.apply(rule, |b| system.check_rules(b))?;
    }
    Ok(book)
}
