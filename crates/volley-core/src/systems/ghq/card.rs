//! What a GHQ card supplies to the shared mechanics: its CRT, its marker
//! penalties, and the options that decide the shared rules. Micro Squad and Micro
//! Armour implement this over their own chart data.

use super::cohesion::CohesionTest;
use super::crt::Crt;
use super::stand::{ParenSTrigger, Stand};
use crate::rules::RollRules;

/// Cohesion penalties of a stand's markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkerPenalties {
    pub suppressed: i32,
    pub disorganized: i32,
    /// The most the markers add together (Micro Armour's +7 cap), if any.
    pub cap: Option<i32>,
}

impl MarkerPenalties {
    /// The penalty of `stand`'s markers.
    #[inline(always)]
    pub fn of(&self, stand: &Stand) -> i32 {
        let total = stand.cohesion_penalty(self.suppressed, self.disorganized);
        self.cap.map_or(total, |cap| total.min(cap))
    }
}

/// A GHQ card's data, as the shared mechanics read it.
pub trait GhqCard {
    /// The Combat Results Table.
    fn crt(&self) -> &Crt;

    /// What turns an `(S)` into a D.
    fn paren_s_trigger(&self) -> ParenSTrigger;

    /// Natural 1 always passes and natural 20 always fails a cohesion roll.
    fn naturals(&self) -> bool;

    /// The force's cohesion a question assumes unless it says.
    fn cohesion_by_default(&self) -> i64;

    /// Cohesion penalties of S and D.
    fn marker_penalties(&self) -> MarkerPenalties;

    /// A natural 20 in marker removal on a suppressed stand chains to D (and E).
    fn panic_chain(&self) -> bool;

    /// A natural 1 in marker removal clears S as well as D.
    fn natural1_clears_suppression(&self) -> bool;

    /// The house rules' roll rules and scripts, by roll point.
    fn rolls(&self) -> &RollRules;

    /// The cohesion test of `stand` against `cohesion`, with its markers and
    /// `extra` modifiers.
    fn cohesion_test(&self, cohesion: i32, stand: &Stand, extra: i32) -> CohesionTest {
        CohesionTest {
            cohesion,
            modifier: self.marker_penalties().of(stand) + extra,
            naturals: self.naturals(),
        }
    }
}
