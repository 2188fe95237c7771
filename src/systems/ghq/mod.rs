//! Mechanics shared by the three GHQ games (Micro Force, Micro Squad, Micro Armour).

mod cohesion;

pub use cohesion::CohesionTest;
