//! Across A Deadly Field charts, typed over `src/rules/deadly_field.toml`.

use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize)]
pub struct Options {
    pub adf_natural_2_3: Natural23,
    pub adf_drop_below_routed: DropBelowRouted,
    pub adf_natural_fall_back: NaturalFallBack,
    pub adf_cavalry_impact_figures: Rounding,
    pub adf_routed_charged: RoutedCharged,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Natural23 {
    WorseOf,
    AsPrinted,
}

/// A drop below Routed: the only reading built (the level scale ends there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropBelowRouted {
    StayRouted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NaturalFallBack {
    Margin,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    HalfDown,
    HalfUp,
}

/// Only the reading volley builds so far; another value is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoutedCharged {
    Fiv,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Bmp {
    pub provenance: String,
    pub elite: [i32; 3],
    pub veteran: [i32; 3],
    pub trained: [i32; 3],
    pub green: [i32; 3],
    pub artillery_per_section_lost: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Levels {
    pub provenance: String,
    pub names: Vec<String>,
    pub addon: Vec<i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MmpRange {
    pub provenance: String,
    pub min: i32,
    pub max: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Good {
    pub provenance: String,
    pub charging: i32,
    pub mounted_charging: i32,
    pub light_cover: i32,
    pub heavy_cover: i32,
    pub support_each: i32,
    pub support_max: i32,
    pub support_max_charge: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Bad {
    pub provenance: String,
    pub enemy_within_1: i32,
    pub brigade_loss_each: i32,
    pub brigade_loss_max: i32,
    pub merged: i32,
    pub charged_infantry_partial_flank: i32,
    pub charged_cavalry_partial_flank: i32,
    pub charged_infantry_flank_or_rear: i32,
    pub charged_cavalry_flank_or_rear: i32,
    pub enfilade: BTreeMap<String, BTreeMap<String, [i32; 2]>>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Resolution {
    pub provenance: String,
    pub natural_good_order: u32,
    pub natural_rout: u32,
    pub natural_shaken: u32,
    pub drop_two_at_or_below: i32,
    pub improve_two_at_or_above: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Cmm {
    pub provenance: String,
    pub infantry: BTreeMap<String, i32>,
    pub cavalry: BTreeMap<String, i32>,
    pub dismounted_cavalry: BTreeMap<String, i32>,
    pub routed_provenance: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ImpactBand {
    pub min: i32,
    pub max: i32,
    pub figures: u32,
    pub level: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Impact {
    pub provenance: String,
    pub stop_short_margin: i32,
    pub bands: Vec<ImpactBand>,
    pub surrender_margin: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CardData {
    pub options: Options,
    pub bmp: Bmp,
    pub levels: Levels,
    pub mmp: MmpRange,
    pub good: Good,
    pub bad: Bad,
    pub resolution: Resolution,
    pub cmm: Cmm,
    pub impact: Impact,
}

/// The card, checked.
#[derive(Clone, Debug)]
pub struct Charts {
    pub data: CardData,
}

/// The four morale levels, best first.
pub const LEVELS: [&str; 4] = ["good-order", "disorder", "shaken", "routed"];

impl crate::action::CompiledCharts for Charts {
    type Data = CardData;

    fn compile(data: CardData) -> Result<Self, String> {
        if data.levels.names != LEVELS || data.levels.addon.len() != 4 {
            return Err(format!(
                "levels.names must be {LEVELS:?} with one addon each"
            ));
        }
        if data.mmp.min > data.mmp.max {
            return Err("mmp.min must not exceed mmp.max".to_string());
        }
        Ok(Charts { data })
    }
}

impl Charts {
    /// The Basic Morale Point of a unit of `quality` with `stands` (2 or 3) of
    /// which `lost` are gone.
    pub fn bmp(&self, quality: &str, stands: u32, lost: u32) -> i32 {
        let b = &self.data.bmp;
        let row = match quality {
            "elite" => b.elite,
            "veteran" => b.veteran,
            "green" => b.green,
            _ => b.trained,
        };
        // A 2-stand unit jumps from the first column to the last.
        let column = match (stands, lost) {
            (_, 0) => 0,
            (2, _) => 2,
            (_, 1) => 1,
            _ => 2,
        };
        row[column]
    }

    /// Clamp an MMP to the card's range.
    pub fn clamp_mmp(&self, mmp: i32) -> i32 {
        mmp.clamp(self.data.mmp.min, self.data.mmp.max)
    }
}

/// The best two of the good (negative) modifiers plus the worst two of the bad
/// (positive) ones.
pub fn best_and_worst_two(good: &[i32], bad: &[i32]) -> i32 {
    let mut good: Vec<i32> = good.iter().copied().filter(|g| *g < 0).collect();
    good.sort();
    let mut bad: Vec<i32> = bad.iter().copied().filter(|b| *b > 0).collect();
    bad.sort_by(|a, b| b.cmp(a));
    good.iter().take(2).sum::<i32>() + bad.iter().take(2).sum::<i32>()
}
