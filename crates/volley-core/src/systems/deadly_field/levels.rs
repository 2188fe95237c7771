//! The morale levels as the answers name them (a unit's level, and what it
//! is after a charge or a fire), and the card's morale points (BMP and the
//! MMP range). The levels' words are the card's vocabulary.

crate::categories! {
    /// A morale level (an index into
    /// [`LEVELS`](super::vocabulary::LEVELS)) as the answers name it.
    pub enum Level {
        GoodOrder = "good-order",
        Disorder = "disorder",
        Shaken = "shaken",
        Routed = "routed",
    }
}

crate::categories! {
    /// A unit after a charge: its level, or gone.
    pub enum AfterCharge {
        GoodOrder = "good-order",
        Disorder = "disorder",
        Shaken = "shaken",
        Routed = "routed",
        Gone = "gone",
    }
}

crate::categories! {
    /// A target after a fire: its level, or eliminated.
    pub enum AfterFire {
        GoodOrder = "good-order",
        Disorder = "disorder",
        Shaken = "shaken",
        Routed = "routed",
        Eliminated = "eliminated",
    }
}

/// The card's morale points: the Basic Morale Point of a unit, and the
/// range an MMP is held to.
impl super::charts::Charts {
    /// The Basic Morale Point of a unit of `quality` with `stands` (2 or 3) of
    /// which `lost` are gone.
    pub fn bmp(&self, quality: &str, stands: u32, lost: u32) -> i32 {
        let b = &self.data.bmp;
        let row = match quality {
            "elite" => b.elite,
            "veteran" => b.veteran,
            "green" => b.green,
            _ => b.trained,
        };
        // A 2-stand unit jumps from the first column to the last.
        let column = match (stands, lost) {
            (_, 0) => 0,
            (2, _) => 2,
            (_, 1) => 1,
            _ => 2,
        };
        row[column]
    }

    /// The farthest a morale check can send a unit back: a roll of 2 against
    /// the highest MMP, doubled for mounted cavalry; never listed shorter
    /// than the 24 inches the answers have always shown.
    pub fn most_fall_back(&self) -> u32 {
        (2 * (self.data.mmp.max - 2).max(0) as u32).max(24)
    }

    /// Clamp an MMP to the card's range.
    pub fn clamp_mmp(&self, mmp: i32) -> i32 {
        mmp.clamp(self.data.mmp.min, self.data.mmp.max)
    }
}
