//! A group of identical GHQ stands in an engagement, kept as counts per marker
//! state: the state an engagement's exact method merges on. Micro Squad's and
//! Micro Armour's engagements both play with it.

use super::stand::Stand;

/// Most stands in a group.
pub const MAX_STANDS: usize = 10;

/// Identical stands per marker state (ok, S, D, S+D), and stands lost. Stands
/// that differ only by markers are counts, so equal situations merge in the exact
/// method.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StandGroup {
    pub counts: [u8; 4],
    pub lost: u8,
}

impl StandGroup {
    /// `stands` stands without a marker, none lost.
    pub fn fresh(stands: u8) -> Self {
        StandGroup {
            counts: [stands, 0, 0, 0],
            lost: 0,
        }
    }

    pub fn alive(&self) -> u8 {
        self.counts.iter().sum()
    }

    /// Out of the engagement: no stand left, or its losses at its Break
    /// Point (`break_point` 0: the side never breaks).
    pub fn is_out(&self, break_point: u8) -> bool {
        self.alive() == 0 || (break_point > 0 && self.lost >= break_point)
    }

    pub fn suppressed(&self) -> u8 {
        self.counts[1] + self.counts[3]
    }

    pub fn disorganized(&self) -> u8 {
        self.counts[2] + self.counts[3]
    }

    /// The stands, best first.
    pub fn expand(&self) -> ([Stand; MAX_STANDS], usize) {
        let mut stands = [Stand::default(); MAX_STANDS];
        let mut n = 0;
        for (state, &count) in self.counts.iter().enumerate() {
            for _ in 0..count {
                stands[n] = Stand::with_markers(state & 1 == 1, state & 2 == 2);
                n += 1;
            }
        }
        (stands, n)
    }

    pub fn collapse(stands: &[Stand], lost_before: u8) -> Self {
        let mut side = StandGroup {
            counts: [0; 4],
            lost: lost_before,
        };
        for stand in stands {
            if stand.eliminated {
                side.lost += 1;
            } else {
                side.counts[stand.state_index()] += 1;
            }
        }
        side
    }
}
