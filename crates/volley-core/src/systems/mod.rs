//! Rule systems, and the registry that lists them. One folder per system holds its
//! charts (typed over the TOML data), its unit state and its procedures; nothing
//! outside `systems/` knows a rule. `ghq/` holds the mechanics the GHQ cards share,
//! `hex_duel/` what the two hex rule sets' duels share.
//!
//! The registry (`registry.rs`) names each system and wires its folder's
//! charts, actions and rolls into it. The traits a system implements live in
//! [`crate::action`], apart from the registry, so a system never imports its
//! parent. See `README.md` here for the
//! steps to add a system.

pub mod deadly_field;
pub mod ghq;
pub mod hex_acw;
pub mod hex_duel;
pub mod micro_armour;
pub mod micro_force;
pub mod micro_squad;
mod registry;
pub mod stand_and_die;

pub use registry::all;

pub use crate::action::{
    Action, CompiledCharts, FieldKind, FieldSpec, FieldValue, MAX_RANGE_VALUES, Origin, Scenario,
    System, SystemAbout, charts_of, compile_charts, range_values,
};

use crate::error::{InputError, one_of};
use crate::rules::RuleBook;

/// Every action with choices (what `volley plan` answers), as `SYSTEM
/// ACTION`.
pub fn plannable() -> Vec<String> {
    all()
        .iter()
        .flat_map(|system| {
            system
                .actions()
                .into_iter()
                .filter(|a| !a.choices().is_empty())
                .map(move |a| format!("{} {}", system.name(), a.name()))
        })
        .collect()
}

/// Look a system up by name.
pub fn find(name: &str) -> Result<&'static dyn System, InputError> {
    let names: Vec<&str> = all().iter().map(|s| s.name()).collect();
    let message = format!("unknown system `{name}`; volley knows {}", one_of(&names));
    all()
        .iter()
        .copied()
        .find(|s| s.name() == name)
        .ok_or_else(|| InputError::argument("system", message))
}

/// Look an action of a system up by name.
pub fn find_action(system: &dyn System, name: &str) -> Result<&'static dyn Action, InputError> {
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
    let mut book = RuleBook::card(system.name(), system.card())?;
    system.check_rules(&book).map_err(|m| {
        InputError::argument("rules", format!("the shipped charts do not read: {m}"))
    })?;
    for rule in house_rules {
        book.apply(rule, |b| system.check_rules(b))?;
        book.apply_rolls(rule, system.roll_points())?;
    }
    Ok(book)
}
