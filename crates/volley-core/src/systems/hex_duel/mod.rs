//! What the blog's two hex rule sets (hex ACW and Stand and Die!) share: two
//! hexes trading fire or attacks turn after turn. Not a system: each duel
//! plugs its own rules in and records through [`DuelRecord`].

mod record;
mod turns;

pub use record::{DuelRecord, GroundBounds};
pub use turns::{DuelTurns, TURN_LIMIT_MEANING, both_hexes_hold, duel_about};
