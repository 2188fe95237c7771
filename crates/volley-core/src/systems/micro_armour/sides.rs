//! One side of a Micro Armour engagement as the question sets it: its
//! stands, tech level and force's cohesion, how it fires, and where it
//! breaks.

use crate::rules::rolls::Value;
use crate::systems::ghq::roll_points::markers_shown;
use crate::systems::ghq::{Column, Stand};

/// How one side's stands fire at the other's.
#[derive(Clone, Copy, Debug)]
pub struct Fire {
    /// The CRT column, or an automatic E above +9.
    pub column: Column,
    pub cohesion_drm: i32,
    /// The cohesion DRM against a target that has fired this turn (concealing
    /// terrain loses its cohesion penalty).
    pub cohesion_drm_fired: i32,
    pub crt_drm: i32,
    pub dash_s_suppresses: bool,
    /// What the fire's roll points show of a shot but its stands.
    pub shows: FireShows,
}

/// What standard fire's roll points show of a side's shots, but the stands'
/// markers.
#[derive(Clone, Copy, Debug)]
pub struct FireShows {
    pub target_class: &'static str,
    pub range: i64,
    pub tech_level: u32,
    pub atgm: bool,
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
            Value::Number(i64::from(s.tech_level)),
            Value::Flag(s.atgm),
            Value::Flag(s.smoke),
        ]);
        shown
    }
}

/// One side's setup.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub stands: u8,
    pub tech_level: u32,
    pub cohesion: i32,
    /// `None`: this side cannot fire (firepower 0, or below -3).
    pub fire: Option<Fire>,
    pub break_point: u8,
}
