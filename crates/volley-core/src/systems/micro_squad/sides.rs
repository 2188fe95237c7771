//! One side of a Micro Squad engagement as the question sets it: its stands,
//! its force's cohesion, how it fires, and where it breaks. The engagement
//! plays the sides and their shot tables are worked out from them.

use crate::systems::ghq::roll_points::FireShown;

/// How one side fires at the other.
#[derive(Clone, Copy, Debug)]
pub struct Fire {
    pub column: usize,
    /// Target terrain on the firer's cohesion roll.
    pub cohesion_drm: i32,
    /// Target terrain plus range on the CRT roll.
    pub crt_drm: i32,
    /// What the fire's roll points show of a shot but its stands: the target's
    /// class, the range, the firer's firepower, the target's defense, smoke.
    pub shows: FireShown,
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
