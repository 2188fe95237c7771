//! A hex of figures: infantry, cavalry and gunners (a gun serves while it has a
//! gunner; gunners fall one gun at a time), its firepower at a range, and how the
//! firer allocates casualties.

use super::charts::{Allocation, Charts};

/// Figures in one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    pub infantry: u32,
    pub cavalry: u32,
    pub gunners: u32,
}

impl Hex {
    /// A hex with `guns` fully crewed guns.
    pub fn new(infantry: u32, cavalry: u32, guns: u32, charts: &Charts) -> Self {
        Hex {
            infantry,
            cavalry,
            gunners: guns * charts.options.hx_crew_per_gun(),
        }
    }

    /// Guns still served.
    pub fn guns(&self, charts: &Charts) -> u32 {
        self.gunners.div_ceil(charts.options.hx_crew_per_gun())
    }

    pub fn figures(&self) -> u32 {
        self.infantry + self.cavalry + self.gunners
    }

    pub fn is_empty(&self) -> bool {
        self.figures() == 0
    }

    /// Total firepower at `range` hexes.
    pub fn firepower(&self, range: u32, charts: &Charts) -> u32 {
        let f = &charts.firepower;
        self.infantry * f.infantry.at(range)
            + self.cavalry * f.cavalry.at(range)
            + self.guns(charts) * f.artillery.at(range)
    }

    /// Remove `n` casualties as the firer would choose, for fire at `range`.
    pub fn take(&mut self, mut n: u32, range: u32, charts: &Charts) {
        #[derive(Clone, Copy)]
        enum Kind {
            Gunners,
            Cavalry,
            Infantry,
        }
        let f = &charts.firepower;
        let crew = charts.options.hx_crew_per_gun();
        let mut order = [Kind::Gunners, Kind::Cavalry, Kind::Infantry];
        match charts.options.hx_allocation() {
            Allocation::InfantryFirst => order = [Kind::Infantry, Kind::Cavalry, Kind::Gunners],
            Allocation::MostFirepower => {
                // Firepower lost per casualty, scaled by the crew size to stay integral.
                let value = |k: Kind| match k {
                    Kind::Gunners => f.artillery.at(range),
                    Kind::Cavalry => f.cavalry.at(range) * crew,
                    Kind::Infantry => f.infantry.at(range) * crew,
                };
                order.sort_by_key(|k| std::cmp::Reverse(value(*k)));
            }
        }
        for kind in order {
            let pool = match kind {
                Kind::Gunners => &mut self.gunners,
                Kind::Cavalry => &mut self.cavalry,
                Kind::Infantry => &mut self.infantry,
            };
            let lost = n.min(*pool);
            *pool -= lost;
            n -= lost;
        }
    }
}
