//! A regiment or battery: arm, stands and steps lost, formation, cover, beads,
//! first fire, and its commander.

use super::charts::{CavHeavyCover, Charts};

/// Infantry, mounted cavalry, dismounted cavalry (infantry for DV) or artillery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arm {
    Infantry,
    Cavalry,
    DismountedCavalry,
    Artillery,
}

impl Arm {
    pub const NAMES: [&'static str; 4] = ["infantry", "cavalry", "dismounted-cavalry", "artillery"];

    /// The arm's field value.
    pub fn name(self) -> &'static str {
        match self {
            Arm::Infantry => "infantry",
            Arm::Cavalry => "cavalry",
            Arm::DismountedCavalry => "dismounted-cavalry",
            Arm::Artillery => "artillery",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "infantry" => Arm::Infantry,
            "cavalry" => Arm::Cavalry,
            "dismounted-cavalry" => Arm::DismountedCavalry,
            "artillery" => Arm::Artillery,
            _ => return None,
        })
    }

    /// The DV table the arm reads (dismounted cavalry counts as infantry).
    pub fn dv_table(self) -> &'static str {
        match self {
            Arm::Infantry | Arm::DismountedCavalry => "infantry",
            Arm::Cavalry => "cavalry",
            Arm::Artillery => "artillery",
        }
    }

    /// Formations this arm can take.
    pub fn formations(self) -> &'static [&'static str] {
        match self {
            Arm::Infantry | Arm::DismountedCavalry => {
                &["line", "column", "skirmish", "attack_column", "disordered"]
            }
            Arm::Cavalry => &["line", "column", "skirmish", "disordered"],
            Arm::Artillery => &["limbered", "unlimbered"],
        }
    }
}

/// Every formation name on the card, for field choices.
pub const FORMATIONS: [&str; 7] = [
    "line",
    "column",
    "skirmish",
    "attack_column",
    "disordered",
    "limbered",
    "unlimbered",
];

/// Cover classes of Chart 5.
pub const COVERS: [&str; 4] = ["open", "light", "medium", "heavy"];

/// A unit between events. Steps count half stands for artillery too (one step is
/// half a stand), so losses of every arm live in one counter. Counts are
/// bytes (at most 9 stands, 18 steps, competence 3; wounds held at 255):
/// the exact method and the plans compare, hash and move millions of units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    pub arm: Arm,
    pub original_stands: u8,
    pub steps_lost: u8,
    /// Index into [`FORMATIONS`].
    pub formation: u8,
    /// Index into [`COVERS`].
    pub cover: u8,
    pub shaken: bool,
    pub routed: bool,
    pub moving: bool,
    pub first_fire_used: bool,
    pub competence: u8,
    pub wounds: u8,
}

/// Hashed as two words: the exact method merges millions of states a
/// second, keyed by units, and a field-by-field hash was a fifth of its time.
/// The words are those of the units of four-byte counts that came before:
/// the exact firefight sums in the order its maps hold their states, so
/// another hash would move its figures in the last digit.
impl std::hash::Hash for Unit {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let counts = u64::from(self.original_stands)
            | u64::from(self.steps_lost) << 16
            | u64::from(self.competence) << 32
            | u64::from(self.wounds) << 48;
        let flags = [self.shaken, self.routed, self.moving, self.first_fire_used]
            .iter()
            .enumerate()
            .fold(0u64, |bits, (i, &on)| bits | u64::from(on) << i);
        let kinds = self.arm as u64
            | u64::from(self.formation) << 8
            | u64::from(self.cover) << 16
            | flags << 24;
        state.write_u64(counts);
        state.write_u64(kinds);
    }
}

/// Ordered field by field in the order declared, as a derived order would
/// be, but compared as one number: the exact method and the plans sort
/// millions of states holding units, and the field-by-field comparison
/// was a tenth of a plan's time.
impl Ord for Unit {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Unit {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Unit {
    /// The fields as the bytes of one number, the first declared the
    /// highest: numbers compare as the fields would, one after another.
    fn order_key(&self) -> u128 {
        u128::from_be_bytes([
            self.arm as u8,
            self.original_stands,
            self.steps_lost,
            self.formation,
            self.cover,
            u8::from(self.shaken),
            u8::from(self.routed),
            u8::from(self.moving),
            u8::from(self.first_fire_used),
            self.competence,
            self.wounds,
            0,
            0,
            0,
            0,
            0,
        ])
    }

    pub fn formation_name(&self) -> &'static str {
        FORMATIONS[self.formation as usize]
    }

    pub fn cover_name(&self) -> &'static str {
        COVERS[self.cover as usize]
    }

    pub fn steps(&self) -> u32 {
        2 * u32::from(self.original_stands)
    }

    /// Lose `lost` steps, no more than the unit has.
    pub fn lose_steps(&mut self, lost: u32) {
        let left = (u32::from(self.steps_lost) + lost).min(self.steps());
        self.steps_lost = u8::try_from(left).expect("at most 18 steps (9 stands)");
    }

    /// Take `loss` points of the commander's wounds. Past 255 they are held
    /// at 255: a cohesion that low fails every roll either way.
    pub fn wound(&mut self, loss: u32) {
        let wounds = u32::from(self.wounds) + loss;
        self.wounds = u8::try_from(wounds).unwrap_or(u8::MAX);
    }

    pub fn eliminated(&self) -> bool {
        u32::from(self.steps_lost) >= self.steps()
    }

    /// Remaining stands in half stands (steps).
    pub fn half_stands(&self) -> u32 {
        self.steps().saturating_sub(u32::from(self.steps_lost))
    }

    pub fn disordered(&self) -> bool {
        self.formation_name() == "disordered"
    }

    /// Put the unit in Disorder, if its arm has that formation (not artillery).
    pub fn disorder(&mut self) {
        let disordered = FORMATIONS.iter().position(|f| *f == "disordered");
        if let Some(i) = disordered.filter(|_| self.arm.formations().contains(&"disordered")) {
            self.formation = i as u8;
        }
    }

    /// Current cohesion: commander's Chart 2 cohesion, less wounds, less Chart 7.
    pub fn cohesion(&self, charts: &Charts) -> i32 {
        let loss = if self.arm == Arm::Artillery {
            charts.artillery_cohesion_loss(self.original_stands.into(), self.steps_lost.into())
        } else {
            charts.cohesion_loss(self.original_stands.into(), self.steps_lost.into())
        };
        charts.commander_cohesion(self.competence.into())
            - i32::from(self.wounds)
            - loss
            - charts.data.options.mf_out_of_command_penalty()
    }

    /// Bead penalties to a cohesion roll (+2 shaken, +4 routed; both add).
    pub fn bead_penalty(&self, charts: &Charts) -> i32 {
        let m = &charts.data.markers;
        i32::from(self.shaken) * m.shaken + i32::from(self.routed) * m.routed
    }

    /// Chart 5 defensive value, with the 50%-strength rule; `Err` when the unit
    /// may not be in this cover and formation.
    pub fn dv(&self, charts: &Charts) -> Result<i32, String> {
        let dv = &charts.data.dv;
        let options = &charts.data.options;
        let (table, mut cover) = match self.arm.dv_table() {
            "infantry" => (&dv.infantry, self.cover_name()),
            "cavalry" => (&dv.cavalry, self.cover_name()),
            _ => (&dv.artillery, self.cover_name()),
        };
        if self.arm == Arm::Cavalry && (cover == "medium" || cover == "heavy") {
            if options.mf_cav_heavy_cover() == CavHeavyCover::Forbidden {
                return Err(format!(
                    "mounted cavalry may not claim {cover} cover (options.mf_cav_heavy_cover)"
                ));
            }
            cover = "light";
        }
        let formation = self.formation_name();
        let row = table
            .get(cover)
            .ok_or_else(|| format!("{} has no DV row for {cover} cover", self.arm.dv_table()))?;
        let mut value = *row.get(formation).ok_or_else(|| {
            if self.arm == Arm::Artillery {
                format!("a {formation} battery cannot claim {cover} cover")
            } else {
                format!(
                    "{} in {formation} has no DV in {cover} cover",
                    self.arm.dv_table()
                )
            }
        })?;
        if self.arm.dv_table() == "infantry" && cover == "light" && formation == "skirmish" {
            value = options.mf_dv_skirmish_light();
        }
        if self.arm == Arm::Cavalry && cover == "light" && formation == "skirmish" {
            value = options.mf_dv_cav_light_skirmish();
        }
        if self.arm != Arm::Artillery && 2 * u32::from(self.steps_lost) >= self.steps() {
            value += dv.at_half_strength;
        }
        Ok(value)
    }

    /// Morale label: steady, shaken, routed or eliminated.
    /// Its morale as the answers name it.
    pub fn morale(&self) -> Morale {
        if self.eliminated() {
            Morale::Eliminated
        } else if self.routed {
            Morale::Routed
        } else if self.shaken {
            Morale::Shaken
        } else {
            Morale::Steady
        }
    }
}

crate::categories! {
    /// A unit's morale: the values of `morale_after` and its kin.
    pub enum Morale {
        Steady = "steady",
        Shaken = "shaken",
        Routed = "routed",
        Eliminated = "eliminated",
    }
}

#[cfg(test)]
mod tests {
    use super::{Arm, Unit};

    /// The fields in the order declared, compared one after another: what
    /// a derived order would do.
    fn fields(u: &Unit) -> impl Ord {
        (
            (u.arm, u.original_stands, u.steps_lost, u.formation, u.cover),
            (u.shaken, u.routed, u.moving, u.first_fire_used),
            (u.competence, u.wounds),
        )
    }

    #[test]
    fn units_order_as_their_fields_in_the_order_declared() {
        // Every unit whose fields each take one of two values (the extremes
        // of its range): a pair that differs in two fields, one up and one
        // down, says which field comes first.
        let units: Vec<Unit> = (0..1u32 << 11)
            .map(|bits| {
                let high = |field: u32| bits >> field & 1 == 1;
                let byte = |field: u32, low: u8, high_value: u8| {
                    if high(field) { high_value } else { low }
                };
                Unit {
                    arm: if high(0) {
                        Arm::Artillery
                    } else {
                        Arm::Infantry
                    },
                    original_stands: byte(1, 0, 9),
                    steps_lost: byte(2, 0, 18),
                    formation: byte(3, 0, 6),
                    cover: byte(4, 0, 3),
                    shaken: high(5),
                    routed: high(6),
                    moving: high(7),
                    first_fire_used: high(8),
                    competence: byte(9, 0, 3),
                    wounds: byte(10, 0, 255),
                }
            })
            .collect();
        for a in &units {
            for b in &units {
                assert_eq!(a.cmp(b), fields(a).cmp(&fields(b)), "{a:?} against {b:?}");
                assert_eq!(a.cmp(b).is_eq(), a == b);
            }
        }
    }
}
