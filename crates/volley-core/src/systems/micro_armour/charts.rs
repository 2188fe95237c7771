//! Micro Armour charts, typed over `src/rules/micro_armour.toml`, and compiled
//! into the GHQ core's tables.

use crate::systems::ghq::movement::MovementOrders;
use crate::systems::ghq::terrain::Applies;
use crate::systems::ghq::{Crt, GhqCard, MarkerPenalties, ParenSTrigger};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The defense class of a helicopter target.
pub const HELICOPTER: &str = "helicopter";

crate::rules_options! {
    /// The rule switches: every reading the card leaves open.
    pub struct Options {
        ma_naturals: bool,
        ma_dash_s_tl3plus: DashS,
        ma_tl5_range: Tl5Range,
        ma_shots_per_turn: u32,
        ma_minefield_fire_drm: i32,
        ma_optional_marker_chart: bool,
        ma_panic_chain: bool,
        ma_natural1_clears_suppression: bool,
        ma_cohesion: i64,
        ma_moving_personnel_defense: MovingDefense,
        ma_round_halves: Rounding,
        ma_posture_tie: PostureTie,
        ma_break_point: BreakPointRule,
        ma_helicopter_dash_s: HelicopterDashS,
        ma_engagement_attack_again: bool,
        /// Cohesion modifier of an ATGM firer by tech level 1-5 (A8).
        atgm_tl_cohesion_mod: Vec<i32>,
    }
}

/// Who has the initiative after a tied posture roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PostureTie {
    Reroll,
    A,
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakPointRule {
    Scenario,
    None,
}

/// How `-S-` reads for ordinary fire by TL3-5 stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum DashS {
    #[serde(rename = "S")]
    Suppressed,
    #[serde(rename = "no_effect")]
    NoEffect,
}

/// How `-S-` reads against a helicopter target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HelicopterDashS {
    /// "Any stand firing at a Helicopter treats -S- as No Effect regardless."
    NoEffect,
    /// Support stands, artillery and air strikes still read S.
    SupportS,
}

/// Who makes an attack, as the CRT's `-S-` notes tell attackers apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attacker {
    /// Ordinary fire by a stand of this tech level.
    Ordinary { tech_level: u32 },
    /// A support stand or an infantry close support artillery vehicle.
    Support,
    /// Artillery (direct or indirect) or an air strike.
    ArtilleryOrAir,
    /// AA fire at an aircraft.
    AntiAircraft,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Tl5Range {
    #[serde(rename = "TL4")]
    AsTl4,
    #[serde(rename = "extrapolate")]
    Extrapolate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovingDefense {
    Half,
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    Up,
    Down,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Markers {
    pub provenance: String,
    pub suppressed: i32,
    pub disorganized: i32,
    pub combined_cap: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CrtData {
    pub provenance: String,
    pub restored_cells: Vec<String>,
    pub columns: Vec<String>,
    pub key: String,
    pub above_max_is_e: bool,
    pub rows: BTreeMap<String, BTreeMap<String, String>>,
}

/// One band of the Range Effect Chart: up to `max` inches, `drm`.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct RangeBand {
    pub max: i64,
    pub drm: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Range {
    pub provenance: String,
    pub tl1: Vec<RangeBand>,
    pub tl2: Vec<RangeBand>,
    pub tl3: Vec<RangeBand>,
    pub tl4: Vec<RangeBand>,
    pub tl5_extrapolated: Vec<RangeBand>,
    pub beyond_drm: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Terrain {
    pub name: String,
    pub personnel: i32,
    pub other: i32,
    pub applies: Applies,
    /// Concealing terrain (the card's double dagger): a target in it that has
    /// fired this turn loses the cohesion penalty, not the CRT one.
    pub concealing: bool,
    pub provenance: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CommandEfficiency {
    pub provenance: String,
    pub orders: BTreeMap<String, i64>,
    pub generation: BTreeMap<String, i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AntiAircraft {
    pub provenance: String,
    pub shift_per_tl: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Overrun {
    pub provenance: String,
    pub tracked: i32,
    pub ifv_carrying_troops: i32,
    pub defender_failure_column: i32,
    pub attacker_failure_column: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CloseAssault {
    pub provenance: String,
    pub drm: i32,
    pub engineer_or_type_s: i32,
    pub cavalry_vs_unarmored: i32,
    pub closed_range: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Deviation {
    pub provenance: String,
    pub indirect_direction_die: u32,
    pub indirect_distance_die: u32,
    pub indirect_distance_divisor: u32,
    pub air_direction_die: u32,
    pub air_distance_die: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct OptionalMarkerChart {
    pub provenance: String,
    pub die: u32,
    pub modifier_scale: i32,
    pub recovery_per_cohesion: i32,
    pub panic_base: i32,
    pub panic_per_cohesion: i32,
}

/// The whole card.
#[derive(Clone, Debug, Deserialize)]
pub struct CardData {
    pub options: Options,
    pub markers: Markers,
    pub crt: CrtData,
    pub range: Range,
    pub terrain: BTreeMap<String, Terrain>,
    pub command_efficiency: CommandEfficiency,
    pub movement_orders: MovementOrders,
    pub anti_aircraft: AntiAircraft,
    pub overrun: Overrun,
    pub close_assault: CloseAssault,
    pub deviation: Deviation,
    pub optional_marker_chart: OptionalMarkerChart,
}

/// The card compiled for fast lookups.
#[derive(Clone, Debug)]
pub struct Charts {
    pub data: CardData,
    pub crt: Crt,
    /// The house rules' roll rules, read at the procedures' roll points.
    pub rolls: crate::rules::RollRules,
}

impl crate::action::CompiledCharts for Charts {
    type Data = CardData;

    fn consulted(&self) -> crate::rules::OptionsRead {
        self.data.options.consulted()
    }

    fn compile(data: CardData, rolls: crate::rules::RollRules) -> Result<Self, String> {
        let crt = Crt::compile("crt", &data.crt.columns, &data.crt.rows)?;
        if !(1..=20).contains(&data.options.ma_cohesion) {
            return Err(format!(
                "options.ma_cohesion = {} is outside 1-20",
                data.options.ma_cohesion
            ));
        }
        if !(1..=2).contains(&data.options.ma_shots_per_turn) {
            return Err("options.ma_shots_per_turn is 1 or 2".to_string());
        }
        for (tl, bands) in [
            ("tl1", &data.range.tl1),
            ("tl2", &data.range.tl2),
            ("tl3", &data.range.tl3),
            ("tl4", &data.range.tl4),
            ("tl5_extrapolated", &data.range.tl5_extrapolated),
        ] {
            if bands.is_empty() || bands.windows(2).any(|w| w[0].max >= w[1].max) {
                return Err(format!("range.{tl} must list bands with increasing max"));
            }
        }
        if data.options.atgm_tl_cohesion_mod.len() != 5 {
            return Err(
                "options.atgm_tl_cohesion_mod lists one modifier per tech level 1-5".to_string(),
            );
        }
        if data.deviation.indirect_distance_divisor == 0 {
            return Err("deviation.indirect_distance_divisor must be at least 1".to_string());
        }
        Ok(Charts { data, crt, rolls })
    }
}

impl Charts {
    /// The cohesion fields' default, `options.ma_cohesion`: not noted as consulted
    /// (the scenario line shows the default a field took).
    pub fn default_cohesion(&self) -> i64 {
        self.data.options.ma_cohesion
    }

    /// The Range Effect DRM of a firer of tech level `tl` at `inches`.
    pub fn range_drm(&self, tl: u32, inches: i64) -> i32 {
        let r = &self.data.range;
        let bands = match tl {
            1 => &r.tl1,
            2 => &r.tl2,
            3 => &r.tl3,
            4 => &r.tl4,
            _ => match self.data.options.ma_tl5_range() {
                Tl5Range::AsTl4 => &r.tl4,
                Tl5Range::Extrapolate => &r.tl5_extrapolated,
            },
        };
        bands
            .iter()
            .find(|b| inches <= b.max)
            .map_or(r.beyond_drm, |b| b.drm)
    }

    /// The (cohesion, CRT) modifiers of cumulative terrain features, against a
    /// personnel target or not; a concealing feature loses its cohesion part when
    /// the target has fired this turn.
    pub fn terrain_drms(
        &self,
        terrain: &[String],
        personnel: bool,
        moving: bool,
        through_crest: bool,
        target_fired: bool,
    ) -> (i32, i32) {
        let mut drms = (0, 0);
        for name in terrain {
            let Some(t) = self.data.terrain.get(name) else {
                continue;
            };
            if !t.applies.holds(moving, through_crest) {
                continue;
            }
            let mut drm = if personnel { t.personnel } else { t.other };
            if name == "minefield" {
                drm = self.data.options.ma_minefield_fire_drm();
            }
            drms.1 += drm;
            if !(t.concealing && target_fired) {
                drms.0 += drm;
            }
        }
        drms
    }

    /// Terrain names, for field choices.
    pub fn terrain_names(&self) -> Vec<String> {
        self.data.terrain.keys().cloned().collect()
    }

    /// The cohesion modifier of an ATGM firer of tech level `tl`.
    pub fn atgm_cohesion_mod(&self, tl: u32) -> i32 {
        let index = (tl.clamp(1, 5) - 1) as usize;
        self.data
            .options
            .atgm_tl_cohesion_mod()
            .get(index)
            .copied()
            .unwrap_or(0)
    }

    /// Halve a defense, rounded as `ma_round_halves` says.
    pub fn halve(&self, value: i64) -> i64 {
        match self.data.options.ma_round_halves() {
            Rounding::Up => (value + 1).div_euclid(2),
            Rounding::Down => value.div_euclid(2),
        }
    }

    /// Quarter a defense: the air strike's "25% of original (round up)".
    pub fn quarter(value: i64) -> i64 {
        (value + 3).div_euclid(4)
    }

    /// Does a `-S-` result suppress when `attacker` attacks a target of
    /// `target_class`? The CRT's notes in one place: AA fire at aircraft and
    /// TL1-2 fire read no effect, support stands, artillery and air strikes S,
    /// TL3-5 fire as `ma_dash_s_tl3plus` says; against a helicopter, no effect
    /// for every attacker (`ma_helicopter_dash_s = no_effect`) or for ordinary
    /// fire only (`support_s`).
    pub fn dash_s_suppresses(&self, attacker: Attacker, target_class: &str) -> bool {
        let options = &self.data.options;
        if target_class == HELICOPTER
            && (options.ma_helicopter_dash_s() == HelicopterDashS::NoEffect
                || matches!(attacker, Attacker::Ordinary { .. }))
        {
            return false;
        }
        match attacker {
            Attacker::AntiAircraft => false,
            Attacker::Support | Attacker::ArtilleryOrAir => true,
            Attacker::Ordinary { tech_level } => {
                tech_level >= 3 && options.ma_dash_s_tl3plus() == DashS::Suppressed
            }
        }
    }
}

/// Micro Armour plays the GHQ core with its CRT, its +7 marker cap and an `(S)`
/// keyed on the S marker.
impl GhqCard for Charts {
    fn rolls(&self) -> &crate::rules::RollRules {
        &self.rolls
    }

    fn crt(&self) -> &Crt {
        &self.crt
    }

    fn paren_s_trigger(&self) -> ParenSTrigger {
        ParenSTrigger::HasSMarker
    }

    fn naturals(&self) -> bool {
        self.data.options.ma_naturals()
    }

    fn cohesion_by_default(&self) -> i64 {
        self.default_cohesion()
    }

    fn marker_penalties(&self) -> MarkerPenalties {
        MarkerPenalties {
            suppressed: self.data.markers.suppressed,
            disorganized: self.data.markers.disorganized,
            cap: Some(self.data.markers.combined_cap),
        }
    }

    fn panic_chain(&self) -> bool {
        self.data.options.ma_panic_chain()
    }

    fn natural1_clears_suppression(&self) -> bool {
        self.data.options.ma_natural1_clears_suppression()
    }
}
