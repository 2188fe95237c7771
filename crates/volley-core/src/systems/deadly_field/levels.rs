//! The morale levels, and what the answers call a unit after a charge or a
//! fire.

/// The four morale levels, best first.
pub const LEVELS: [&str; 4] = ["good-order", "disorder", "shaken", "routed"];

crate::categories! {
    /// A morale level (an index into [`LEVELS`]) as the answers name it.
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
