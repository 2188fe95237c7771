//! Micro Squad charts, typed over `src/rules/micro_squad.toml`, and compiled into
//! lookup tables for the hot paths.

use crate::systems::ghq::movement::MovementOrders;
use crate::systems::ghq::terrain::Applies;
use crate::systems::ghq::{Crt, CrtResult, GhqCard, MarkerPenalties, ParenSTrigger};
use serde::Deserialize;
use std::collections::BTreeMap;

crate::rules_options! {
    /// The rule switches.
    pub struct Options {
        ms_crt_alignment: CrtAlignment,
        ms_naturals: bool,
        ms_paren_s_trigger: ParenSTrigger,
        ms_panic_chain: bool,
        ms_cohesion: i64,
        ms_inf_max_range: i64,
        ms_spot_adjacent: SpotAdjacent,
        ms_break_point: BreakPointRule,
        ms_command_die: CommandDie,
        ms_engineer_drm: EngineerDrm,
        ms_overrun_defender_markers: bool,
        ms_close_assault_order: CloseAssaultOrder,
        ms_air_below_min: AirBelowMin,
        ms_natural1_clears_suppression: bool,
        ms_air_deviation_aa: bool,
        ms_deviation_terrain: bool,
        ms_engagement_attack_again: bool,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum CrtAlignment {
    #[serde(rename = "a")]
    A,
    #[serde(rename = "b")]
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpotAdjacent {
    Enemy,
    Friendly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakPointRule {
    Scenario,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum CommandDie {
    #[serde(rename = "2d6")]
    TwoD6,
    #[serde(rename = "1d6")]
    OneD6,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineerDrm {
    Total,
    Additional,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseAssaultOrder {
    DefenderFirst,
    Simultaneous,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AirBelowMin {
    NotAllowed,
    #[serde(rename = "S")]
    Suppress,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Markers {
    pub provenance: String,
    pub suppressed: i32,
    pub disorganized: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CrtReading {
    pub provenance: BTreeMap<String, String>,
    pub rows: BTreeMap<String, BTreeMap<String, String>>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CrtData {
    pub provenance: String,
    pub columns: Vec<String>,
    pub min_column: i32,
    pub max_column: i32,
    pub min_row: i32,
    pub max_row: i32,
    pub artillery_below_min: String,
    pub key: String,
    pub a: CrtReading,
    pub b: CrtReading,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Terrain {
    pub name: String,
    pub personnel: i32,
    pub other: i32,
    pub applies: Applies,
    pub cohesion_only: bool,
    pub move_tracked: String,
    pub move_wheeled: String,
    pub move_foot: String,
    pub los_blocked: String,
    pub note: String,
    pub provenance: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RangeBand {
    pub max: i64,
    pub drm: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RangeTable {
    pub provenance: String,
    pub bands: Vec<RangeBand>,
    #[serde(default)]
    pub beyond_every: Option<i64>,
    #[serde(default)]
    pub beyond_drm: Option<i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct RangeTables {
    pub general: RangeTable,
    pub infantry: RangeTable,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CommandEfficiency {
    pub provenance: String,
    pub orders: BTreeMap<String, i64>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Overrun {
    pub provenance: String,
    pub tracked_vs_personnel: i32,
    pub tracked_vs_weapons: i32,
    pub wheeled_vs_weapons: i32,
    pub defender_failure_column: i32,
    pub attacker_failure_column: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CloseAssault {
    pub provenance: String,
    pub drm: i32,
    pub engineer_drm: i32,
    pub cavalry_strength_multiplier: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Mines {
    pub provenance: String,
    pub hasty: i32,
    pub prepared: i32,
    pub defensive: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AntiAircraft {
    pub provenance: String,
    pub small_calibre_bonus: i32,
    pub large_calibre_bonus: i32,
    pub small_calibre_max_mm: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Deviation {
    pub provenance: String,
    pub artillery_direction_die: u32,
    pub artillery_distance_dice: u32,
    pub air_direction_die: u32,
    pub air_distance_dice: u32,
}

/// The whole card as data.
#[derive(Clone, Debug, Deserialize)]
pub struct CardData {
    pub options: Options,
    pub markers: Markers,
    pub crt: CrtData,
    pub terrain: BTreeMap<String, Terrain>,
    pub range: RangeTables,
    pub movement_orders: MovementOrders,
    pub command_efficiency: CommandEfficiency,
    pub overrun: Overrun,
    pub close_assault: CloseAssault,
    pub mines: Mines,
    pub anti_aircraft: AntiAircraft,
    pub deviation: Deviation,
}

/// The card compiled for fast lookups.
#[derive(Clone, Debug)]
pub struct Charts {
    pub data: CardData,
    /// The CRT of the chosen reading (options.ms_crt_alignment).
    /// Read through [`GhqCard::crt`], which notes the alignment read.
    crt: Crt,
    /// The house rules' roll rules, read at the procedures' roll points.
    pub rolls: crate::rules::RollRules,
}

impl crate::action::CompiledCharts for Charts {
    type Data = CardData;

    fn consulted(&self) -> crate::rules::OptionsRead {
        self.data.options.consulted()
    }

    /// Compile card data; errors name the cell that does not read.
    fn compile(data: CardData, rolls: crate::rules::RollRules) -> Result<Self, String> {
        let reading = match data.options.ms_crt_alignment {
            CrtAlignment::A => ("a", &data.crt.a),
            CrtAlignment::B => ("b", &data.crt.b),
        };
        let crt = Crt::compile(
            &format!("crt.{}", reading.0),
            &data.crt.columns,
            &reading.1.rows,
        )?;
        if crt
            .cells
            .iter()
            .flatten()
            .any(|c| *c == CrtResult::NoEffectOrSuppressed)
        {
            return Err(format!(
                "crt.{}: -S- is a Micro Armour result; Micro Squad's cells are -, S, (S), D or E",
                reading.0
            ));
        }
        if data
            .command_efficiency
            .orders
            .keys()
            .any(|k| k.parse::<i32>().is_err())
        {
            return Err("command_efficiency.orders keys must be die rolls".to_string());
        }
        if !(1..=20).contains(&data.options.ms_cohesion) {
            return Err(format!(
                "options.ms_cohesion = {} is outside 1-20",
                data.options.ms_cohesion
            ));
        }
        for (name, table) in [
            ("general", &data.range.general),
            ("infantry", &data.range.infantry),
        ] {
            if table.bands.is_empty() || table.bands.windows(2).any(|w| w[0].max >= w[1].max) {
                return Err(format!(
                    "range.{name}.bands must be non-empty with increasing max"
                ));
            }
        }
        Ok(Charts { data, crt, rolls })
    }
}

impl Charts {
    /// The cohesion fields' default, `options.ms_cohesion`: not noted as consulted
    /// (the scenario line shows the default a field took).
    pub fn default_cohesion(&self) -> i64 {
        self.data.options.ms_cohesion
    }

    /// Terrain modifier against a target class, if the condition holds.
    pub fn terrain_drm(
        &self,
        terrain: &str,
        personnel: bool,
        context: &TerrainContext,
    ) -> (i32, i32) {
        let Some(t) = self.data.terrain.get(terrain) else {
            return (0, 0);
        };
        if !t
            .applies
            .holds(context.target_moving, context.through_crest)
        {
            return (0, 0);
        }
        let drm = if personnel { t.personnel } else { t.other };
        // (firer's cohesion roll, CRT roll)
        if t.cohesion_only {
            (drm, 0)
        } else {
            (drm, drm)
        }
    }

    /// The summed (cohesion, CRT) modifiers of cumulative terrain features.
    pub fn terrain_drms(
        &self,
        terrain: &[String],
        personnel: bool,
        context: &TerrainContext,
    ) -> (i32, i32) {
        terrain.iter().fold((0, 0), |acc, t| {
            let (c, r) = self.terrain_drm(t, personnel, context);
            (acc.0 + c, acc.1 + r)
        })
    }

    /// Range modifier in whole inches from the general or infantry table.
    pub fn range_drm(&self, inches: i64, infantry: bool) -> Result<i32, String> {
        let table = if infantry {
            &self.data.range.infantry
        } else {
            &self.data.range.general
        };
        if infantry && inches > self.data.options.ms_inf_max_range() {
            return Err(format!(
                "{inches} inches is beyond infantry range ({} inches, options.ms_inf_max_range)",
                self.data.options.ms_inf_max_range()
            ));
        }
        if let Some(band) = table.bands.iter().find(|b| inches <= b.max) {
            return Ok(band.drm);
        }
        let last = table.bands.last().map(|b| (b.max, b.drm)).unwrap_or((0, 0));
        match (table.beyond_every, table.beyond_drm) {
            (Some(every), Some(step)) if every > 0 => {
                let extra = (inches - last.0 + every - 1) / every;
                Ok(last.1 + step * extra as i32)
            }
            _ => Err(format!(
                "{inches} inches is beyond the range table (max {} inches)",
                last.0
            )),
        }
    }

    /// Terrain names, for field choices.
    pub fn terrain_names(&self) -> Vec<String> {
        self.data.terrain.keys().cloned().collect()
    }
}

/// Situational facts that decide conditional terrain modifiers.
#[derive(Clone, Copy, Debug, Default)]
pub struct TerrainContext {
    pub target_moving: bool,
    pub through_crest: bool,
}

/// Micro Squad plays the GHQ core with its own CRT, markers and options.
impl GhqCard for Charts {
    fn rolls(&self) -> &crate::rules::RollRules {
        &self.rolls
    }

    fn crt(&self) -> &Crt {
        // The CRT was compiled under this reading.
        self.data.options.ms_crt_alignment();
        &self.crt
    }

    fn paren_s_trigger(&self) -> ParenSTrigger {
        self.data.options.ms_paren_s_trigger()
    }

    fn naturals(&self) -> bool {
        self.data.options.ms_naturals()
    }

    fn cohesion_by_default(&self) -> i64 {
        self.default_cohesion()
    }

    fn marker_penalties(&self) -> MarkerPenalties {
        MarkerPenalties {
            suppressed: self.data.markers.suppressed,
            disorganized: self.data.markers.disorganized,
            cap: None,
        }
    }

    fn panic_chain(&self) -> bool {
        self.data.options.ms_panic_chain()
    }

    fn natural1_clears_suppression(&self) -> bool {
        self.data.options.ms_natural1_clears_suppression()
    }
}
