//! What is true of one fire besides the two units: the range band, the
//! enfilade, skirmishers in front, a charging target, deliberate fire.

use super::charts::Charts;
use super::unit::Regiment;

/// What is true of one fire besides the two units.
#[derive(Clone, Debug)]
pub struct FireSituation {
    /// One of [`BANDS`](super::vocabulary::BANDS), or `melee`.
    pub band: &'static str,
    /// One of [`ENFILADES`](super::shot::ENFILADES).
    pub enfilade: &'static str,
    pub behind_skirmishers: bool,
    pub target_charging: bool,
    pub deliberate: bool,
}

impl FireSituation {
    /// A fire at `band` with no enfilade and nothing else special (two lines
    /// trading fire in a firefight).
    pub fn plain(band: &'static str, target_charging: bool) -> Self {
        FireSituation {
            band,
            enfilade: "none",
            behind_skirmishers: false,
            target_charging,
            deliberate: false,
        }
    }

    /// A fire at `target`'s front, as the charge's fires come (the defender's
    /// reaction or desperation fire at the charger, the stop-short volleys):
    /// the card's "front fire" enfilade where the target's formation has one
    /// (columns and limbered guns: "All Attack Columns from ... front/rear fire
    /// (+3/+2)"), none for a line.
    pub fn at_front(
        charts: &Charts,
        band: &'static str,
        target: &Regiment,
        target_charging: bool,
    ) -> Self {
        let front = target
            .enfilade_kind()
            .and_then(|kind| charts.data.target.enfilade.get(kind))
            .is_some_and(|sides| sides.contains_key("front"));
        FireSituation {
            enfilade: if front { "front" } else { "none" },
            ..FireSituation::plain(band, target_charging)
        }
    }
}
