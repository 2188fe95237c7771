//! What the blog's two hex rule sets (hex ACW and Stand and Die!) share: two
//! hexes trading fire or attacks turn after turn. Not a system: each duel
//! plugs its own rules in and records through [`DuelRecord`].

mod record;

pub use record::{DuelRecord, GroundBounds};
