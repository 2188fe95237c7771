//! Mechanics shared by the three GHQ games (Micro Force, Micro Squad, Micro Armour).

mod cohesion;
pub mod differential;

pub use cohesion::CohesionTest;
