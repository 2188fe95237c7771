//! One side of a Micro Armour engagement as the question sets it: its
//! stands, tech level and force's cohesion, how it fires, and where it
//! breaks.

use crate::systems::ghq::Column;
use crate::systems::ghq::roll_points::FireShown;

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
    /// What the fire's roll points show of a shot but its stands: the target's
    /// class, the range, the firer's tech level, an ATGM, smoke.
    pub shows: FireShown,
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
