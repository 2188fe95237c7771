//! The card's words for a regiment and its fights: morale levels, arms,
//! qualities and morale-check types, the range bands, and what an impact
//! comes to. The fields offer them, the roll points show them and the
//! answers name them; they sit below every procedure, so that the
//! procedures and the roll points read them without reading each other.

/// The four morale levels, best first.
pub const LEVELS: [&str; 4] = ["good-order", "disorder", "shaken", "routed"];

/// The arms, in [`super::unit::Arm`]'s order.
pub const ARMS: [&str; 4] = [
    "infantry",
    "mounted-cavalry",
    "dismounted-cavalry",
    "artillery",
];

/// A morale check's unit types: the arms.
pub const TYPES: [&str; 4] = ARMS;

/// Qualities, best first.
pub const QUALITIES: [&str; 4] = ["elite", "veteran", "trained", "green"];

/// The range bands.
pub const BANDS: [&str; 6] = [
    "long",
    "normal",
    "short",
    "canister",
    "point-blank",
    "desperation",
];

/// The bands a shot is fired at: the range bands, and a melee's fire.
pub const SHOT_BANDS: [&str; 7] = [
    BANDS[0], BANDS[1], BANDS[2], BANDS[3], BANDS[4], BANDS[5], "melee",
];

crate::categories! {
    /// Values of `impact`, in the order of the impact classes.
    pub enum ImpactResult {
        Melee = "melee",
        StopShort = "stop-short",
        AttackerWins2To4 = "attacker-wins-2-4",
        AttackerWins5To7 = "attacker-wins-5-7",
        AttackerWins8To11 = "attacker-wins-8-11",
        AttackerWins12Up = "attacker-wins-12+",
        DefenderWins2To4 = "defender-wins-2-4",
        DefenderWins5To7 = "defender-wins-5-7",
        DefenderWins8To11 = "defender-wins-8-11",
        DefenderWins12Up = "defender-wins-12+",
    }
}
