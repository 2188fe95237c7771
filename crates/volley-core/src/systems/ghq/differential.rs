//! The CRT differential as a question axis. GHQ attacks read the Combat Results
//! Table by differential (firepower - defense), so "P(E) by differential" is the
//! natural table: `differential=d` sets firepower = defense + d, with defense as
//! given or by default. Actions that attack with `firepower` against `defense`
//! offer it through [`Action::derived_axes`](crate::action::Action::derived_axes).

use crate::action::Scenario;

/// The axis name.
pub const DIFFERENTIAL: &str = "differential";

/// The default probability table of a CRT attack: differential by die modifier.
pub const CRT_TABLE: (&str, Option<&str>) = ("differential=-3..9", Some("die_mod=-3..3"));

/// The firepower that gives differential `value` against the scenario's defense.
pub fn firepower_for(
    value: &str,
    scenario: &Scenario,
) -> Result<Vec<(&'static str, String)>, String> {
    let d: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("`{value}` is not an integer"))?;
    let defense = scenario.int("defense");
    if defense + d < 0 {
        return Err(format!(
            "{d} needs firepower {}; raise defense",
            defense + d
        ));
    }
    Ok(vec![("firepower", (defense + d).to_string())])
}
