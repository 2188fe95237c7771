//! A hex of figures: infantry, cavalry, serviceable guns and the damage on the next
//! gun; its attack in tenths of a casualty; and casualty allocation (infantry
//! first; guns only when no infantry is left, two casualties each).

use super::charts::{Charts, Target};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub infantry: u32,
    pub cavalry: u32,
    pub guns: u32,
    /// Casualties already taken by the next gun (it goes at `casualties_per_gun`).
    pub gun_damage: u32,
}

impl Hex {
    /// Figures and serviceable guns left.
    pub fn strength(&self) -> u32 {
        self.infantry + self.cavalry + self.guns
    }

    pub fn is_gone(&self) -> bool {
        self.strength() == 0
    }

    /// The attack on `target` in tenths of a casualty.
    pub fn attack(&self, charts: &Charts, target: Target, rear: bool) -> u32 {
        let c = &charts.chances;
        let r = &charts.rear;
        let bonus = |b: u32| if rear { b } else { 0 };
        self.infantry * (c.infantry.against(target) + bonus(r.infantry))
            + self.cavalry * (c.cavalry.against(target) + bonus(r.cavalry))
            + self.guns * (c.gun.against(target) + bonus(r.gun))
    }

    /// Apply `n` casualties.
    pub fn take(&mut self, mut n: u32, charts: &Charts) {
        let lost = n.min(self.infantry);
        self.infantry -= lost;
        n -= lost;
        let per_gun = charts.casualties.casualties_per_gun;
        while n > 0 && self.guns > 0 {
            self.gun_damage += 1;
            n -= 1;
            if self.gun_damage >= per_gun {
                self.guns -= 1;
                self.gun_damage = 0;
            }
        }
        let lost = n.min(self.cavalry);
        self.cavalry -= lost;
    }
}
