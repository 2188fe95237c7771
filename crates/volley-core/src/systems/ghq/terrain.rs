//! Terrain on the GHQ cards: when a terrain's conditional modifier applies.

use serde::Deserialize;

/// When a conditional terrain modifier applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applies {
    Always,
    TargetMoving,
    ThroughCrest,
}

impl Applies {
    /// Whether the modifier applies to a target that is moving or not,
    /// seen through a crest or not.
    pub fn holds(self, target_moving: bool, through_crest: bool) -> bool {
        match self {
            Applies::Always => true,
            Applies::TargetMoving => target_moving,
            Applies::ThroughCrest => through_crest,
        }
    }
}
