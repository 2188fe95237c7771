//! The CRT differential as a question axis. GHQ attacks read the Combat Results
//! Table by differential (firepower - defense), so "P(E) by differential" is the
//! natural table: `differential=d` sets firepower = defense + d, with defense as
//! given or by default. Actions that attack with `firepower` against `defense`
//! offer it through [`Action::derived_axes`](crate::action::Action::derived_axes).

use crate::action::{About, DeriveAxis, Scenario};

/// The axis name.
pub const DIFFERENTIAL: &str = "differential";

/// The default probability table of a CRT attack: differential by die modifier.
pub const CRT_TABLE: (&str, Option<&str>) = ("differential=-3..9", Some("die_mod=-3..3"));

/// What an action that attacks on the CRT says about itself: its headline
/// P(E), the differential axis (turned into field settings by `derive`) and
/// the differential-by-die-modifier table.
pub const fn crt_about(name: &'static str, summary: &'static str, derive: DeriveAxis) -> About {
    About {
        name,
        summary,
        headline: Some(("result", "E")),
        derived_axes: &[DIFFERENTIAL],
        derive: Some(derive),
        default_table: Some(CRT_TABLE),
        ..About::DEFAULT
    }
}

/// The firepower that gives differential `value` against the scenario's defense.
pub fn firepower_for(
    value: &str,
    scenario: &Scenario,
) -> Result<Vec<(&'static str, String)>, String> {
    firepower_against(value, "firepower", scenario.int("defense"))
}

/// The setting of the firepower field `field` that gives differential
/// `value` against `defense`.
pub fn firepower_against(
    value: &str,
    field: &'static str,
    defense: i64,
) -> Result<Vec<(&'static str, String)>, String> {
    let d: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("`{value}` is not an integer"))?;
    if defense + d < 0 {
        return Err(format!(
            "{d} needs firepower {}; raise defense",
            defense + d
        ));
    }
    Ok(vec![(field, (defense + d).to_string())])
}
