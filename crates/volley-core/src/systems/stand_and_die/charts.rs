//! Stand and Die! charts, typed over `src/rules/stand_and_die.toml`. Chances are
//! kept in tenths, so every sum is an exact integer.

use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Combat {
    Simultaneous,
    Sequential,
}

crate::rules_options! {
    pub struct Options {
        sd_combat: Combat,
        sd_fallback_blocked: FallbackBlocked,
        sd_hex_capacity: u32,
        sd_duel_contact: DuelContact,
    }
}

/// A falling-back hex with no room left behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FallbackBlocked {
    /// It stays put and stands.
    Stay,
    /// It is eliminated.
    Eliminate,
}

/// Whether a duel follows a falling-back hex up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelContact {
    /// The enemy follows it up: the hexes attack each other every turn.
    Renewed,
    /// No follow-up: once a hex falls back, contact is broken and the duel ends.
    Disengage,
}

/// Chance per firer in tenths against each target state.
#[derive(Clone, Debug, Deserialize)]
pub struct Chance {
    pub standing: u32,
    pub fallback: u32,
    pub standing_cover: u32,
    pub fallback_cover: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Chances {
    pub provenance: String,
    pub infantry: Chance,
    pub cavalry: Chance,
    pub gun: Chance,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Rear {
    pub provenance: String,
    pub infantry: u32,
    pub cavalry: u32,
    pub gun: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Casualties {
    pub provenance: String,
    pub fraction_die: u32,
    pub casualties_per_gun: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub provenance: String,
    pub cavalry: u32,
    pub infantry: u32,
    pub artillery: u32,
}

/// The rule set as data.
#[derive(Clone, Debug, Deserialize)]
pub struct Charts {
    pub options: Options,
    /// The house rules' roll rules, read at the procedures' roll points.
    #[serde(skip)]
    pub rolls: crate::rules::RollRules,
    pub chances: Chances,
    pub rear: Rear,
    pub casualties: Casualties,
    pub movement: Movement,
}

/// How the target hex stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub fallback: bool,
    pub cover: bool,
}

impl Chance {
    pub fn against(&self, target: Target) -> u32 {
        match (target.fallback, target.cover) {
            (false, false) => self.standing,
            (true, false) => self.fallback,
            (false, true) => self.standing_cover,
            (true, true) => self.fallback_cover,
        }
    }
}

impl Charts {
    pub fn check(&self) -> Result<(), String> {
        if self.casualties.fraction_die != 10 {
            return Err(
                "casualties.fraction_die: chances are in tenths, so the die is a d10".to_string(),
            );
        }
        if self.casualties.casualties_per_gun == 0 {
            return Err("casualties.casualties_per_gun must be at least 1".to_string());
        }
        Ok(())
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
