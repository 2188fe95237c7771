//! Hex ACW charts, typed over `src/rules/hex_acw.toml`.

use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HalfRound {
    Floor,
    Round,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allocation {
    MostFirepower,
    InfantryFirst,
}

/// The turn sequence: in its turn a side moves some hexes and fires with
/// others (the one reading built; the duel has both hexes stand and fire).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    MoveThenFireSameTurn,
}

crate::rules_options! {
    pub struct Options {
        hx_turn: Turn,
        hx_half_round: HalfRound,
        hx_max_combined_hexes: u32,
        hx_allocation: Allocation,
        hx_crew_per_gun: u32,
        hx_duel_end: DuelEnd,
    }
}

/// When a duel ends short of a hex being emptied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelEnd {
    /// Only when neither hex can hurt the other (a stalemate).
    WhileEitherCanHurt,
    /// As soon as one hex can no longer hurt the other; that hex is beaten.
    WhenOneCannotHurt,
}

/// Power per figure (per gun) at ranges 1..=range.
#[derive(Clone, Debug, Deserialize)]
pub struct ArmFire {
    pub range: u32,
    pub power: Vec<u32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Firepower {
    pub provenance: String,
    pub infantry: ArmFire,
    pub cavalry: ArmFire,
    pub artillery: ArmFire,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Band {
    pub max: u32,
    pub casualties: Vec<u32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Casualties {
    pub provenance: String,
    pub bands: Vec<Band>,
    pub zero_firepower_casualties: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub provenance: String,
    pub infantry: u32,
    pub cavalry: u32,
    pub artillery: u32,
}

/// The rule set as data.
#[derive(Clone, Debug, Deserialize)]
pub struct Charts {
    pub options: Options,
    /// The house rules' roll rules, read at the procedures' roll points.
    #[serde(skip)]
    pub rolls: crate::rules::RollRules,
    pub firepower: Firepower,
    pub casualties: Casualties,
    pub movement: Movement,
}

impl ArmFire {
    /// Power per figure at `range` hexes (0 beyond reach).
    pub fn at(&self, range: u32) -> u32 {
        if range == 0 || range > self.range {
            return 0;
        }
        self.power.get(range as usize - 1).copied().unwrap_or(0)
    }
}

impl Charts {
    pub fn check(&self) -> Result<(), String> {
        let bands = &self.casualties.bands;
        if bands.is_empty() || bands.iter().any(|b| b.casualties.len() != 6) {
            return Err(
                "casualties.bands: each band lists six casualties, one per d6 face".to_string(),
            );
        }
        if bands.windows(2).any(|w| w[0].max >= w[1].max) {
            return Err("casualties.bands: band limits must increase".to_string());
        }
        for (name, arm) in [
            ("infantry", &self.firepower.infantry),
            ("cavalry", &self.firepower.cavalry),
            ("artillery", &self.firepower.artillery),
        ] {
            if arm.power.len() != arm.range as usize {
                return Err(format!(
                    "firepower.{name}: power lists one value per hex of range"
                ));
            }
        }
        if self.options.hx_crew_per_gun == 0 {
            return Err("options.hx_crew_per_gun must be at least 1".to_string());
        }
        Ok(())
    }

    /// Casualties for a total firepower (after cover) and a d6 face.
    /// Can `firepower` (halved once for cover) cause a casualty on some face?
    pub fn can_hurt(&self, firepower: u32, halved: bool) -> bool {
        firepower > 0 && (1..=6).any(|face| self.casualties(firepower, halved, face) > 0)
    }

    pub fn casualties(&self, firepower: u32, halved: bool, face: u32) -> u32 {
        let exact_half = halved && self.options.hx_half_round() == HalfRound::None;
        let value = match (halved, self.options.hx_half_round()) {
            (false, _) => firepower,
            (true, HalfRound::Floor) => firepower / 2,
            (true, HalfRound::Round) => firepower.div_ceil(2),
            (true, HalfRound::None) => firepower,
        };
        if value == 0 || (exact_half && firepower == 0) {
            return self.casualties.zero_firepower_casualties;
        }
        // With no rounding, compare half the firepower with each band's limit.
        let band = self
            .casualties
            .bands
            .iter()
            .find(|b| {
                if exact_half {
                    value <= 2 * b.max
                } else {
                    value <= b.max
                }
            })
            .or(self.casualties.bands.last());
        band.map_or(0, |b| b.casualties[(face - 1) as usize])
    }

    /// Largest casualty count on the table.
    pub fn max_casualties(&self) -> u32 {
        self.casualties
            .bands
            .iter()
            .flat_map(|b| b.casualties.iter().copied())
            .max()
            .unwrap_or(0)
    }
}

impl crate::action::CompiledCharts for Charts {
    type Data = Charts;

    fn consulted(&self) -> crate::rules::OptionsRead {
        self.options.consulted()
    }

    fn compile(data: Charts, rolls: crate::rules::RollRules) -> Result<Self, String> {
        data.check()?;
        Ok(Charts { rolls, ..data })
    }
}
