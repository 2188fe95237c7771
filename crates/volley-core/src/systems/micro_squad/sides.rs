//! One side of a Micro Squad engagement as the question sets it: its stands,
//! its force's cohesion, how it fires, and where it breaks. The engagement
//! plays the sides and their shot tables are worked out from them.

use crate::rules::rolls::Value;
use crate::systems::ghq::Stand;
use crate::systems::ghq::roll_points::markers_shown;

/// How one side fires at the other.
#[derive(Clone, Copy, Debug)]
pub struct Fire {
    pub column: usize,
    /// Target terrain on the firer's cohesion roll.
    pub cohesion_drm: i32,
    /// Target terrain plus range on the CRT roll.
    pub crt_drm: i32,
    /// What the fire's roll points show of a shot but its stands.
    pub shows: FireShows,
}

/// What standard fire's roll points show of a side's shots, but the stands'
/// markers.
#[derive(Clone, Copy, Debug)]
pub struct FireShows {
    pub target_class: &'static str,
    pub range: i64,
    pub firepower: i64,
    pub defense: i64,
    pub smoke: bool,
}

impl Fire {
    /// What the fire's roll points show of a shot by `firer` at `target`.
    pub(super) fn shown(&self, firer: &Stand, target: &Stand) -> Vec<Value> {
        let s = &self.shows;
        let mut shown = markers_shown(firer, target);
        shown.extend([
            Value::Word(s.target_class),
            Value::Number(s.range),
            Value::Number(s.firepower),
            Value::Number(s.defense),
            Value::Flag(s.smoke),
        ]);
        shown
    }
}

/// One side's setup.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub stands: u8,
    pub cohesion: i32,
    /// `None`: this side does not fire.
    pub fire: Option<Fire>,
    /// Stands lost at which the side breaks (0: never).
    pub break_point: u8,
}
