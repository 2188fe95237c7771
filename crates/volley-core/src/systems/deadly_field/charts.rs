//! Across A Deadly Field charts, typed over `src/rules/deadly_field.toml`: the
//! morale charts, the firepower tables, range bands and fire modifiers, the Fire
//! Combat Results table (two reconstructions or the user's published copy), the
//! charge moves and the impact bands.

pub use super::fcr::{FCR_ROWS, Fcr, NO_EFFECT, best_and_worst_two};
pub use super::option_values::*;
use super::vocabulary::LEVELS;
use serde::Deserialize;
use std::collections::BTreeMap;

crate::rules_options! {
    pub struct Options {
        adf_natural_2_3: Natural23,
        adf_drop_below_routed: DropBelowRouted,
        adf_natural_fall_back: NaturalFallBack,
        adf_cavalry_impact_figures: Rounding,
        adf_routed_charged: RoutedCharged,
        adf_fcr_candidate: FcrCandidate,
        adf_fcr_row_by: FcrRowBy,
        adf_half_round: HalfRound,
        adf_mtd_cav_drm_order: DrmOrder,
        adf_impact_cmm: ImpactCmm,
        adf_charge_bonus: ChargeBonus,
        adf_melee: Melee,
        adf_stand_loss_rule: StandLoss,
        adf_forced_improve: ForcedImprove,
    }
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
pub struct InfantryWeapon {
    pub nr: f64,
    pub fp: [i32; 7],
    pub smoothbore: bool,
    pub provenance: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CavalryWeapon {
    pub nr: f64,
    pub fp: [i32; 7],
    pub pbf_only: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Battery {
    pub nr: f64,
    pub rifled: bool,
    /// [US, CS] for 1, 2, 3 sections.
    pub fp: [[i32; 2]; 3],
    pub provenance: String,
}

/// A table of named rows with one provenance.
#[derive(Clone, Debug, Deserialize)]
pub struct Rows<T> {
    pub provenance: String,
    #[serde(flatten)]
    pub rows: BTreeMap<String, T>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Firer {
    pub provenance: String,
    pub infantry_quality: BTreeMap<String, i32>,
    pub cavalry_quality: BTreeMap<String, i32>,
    pub artillery_quality: BTreeMap<String, i32>,
    pub extended_line: i32,
    pub infantry_opening_volley: i32,
    pub dismounted_opening_volley: i32,
    pub smoothbore_point_blank: i32,
    pub deliberate: i32,
    pub half: Vec<String>,
    pub lose_die: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Target {
    pub provenance: String,
    pub enfilade: BTreeMap<String, BTreeMap<String, [i32; 2]>>,
    pub cover: BTreeMap<String, [i32; 2]>,
    pub rifled_at_artillery: i32,
    pub infantry_skirmishers: [i32; 2],
    pub behind_skirmishers: [i32; 2],
    pub quality: BTreeMap<String, [i32; 2]>,
    pub mounted_cavalry_not_charging: [i32; 2],
    pub mounted_cavalry_charging: [i32; 2],
    pub dismounted_line: [i32; 2],
    pub dismounted_skirmishers: [i32; 2],
}

#[derive(Clone, Debug, Deserialize)]
pub struct FcrKey {
    pub hits: u32,
    pub add: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FcrRows {
    pub infantry: Vec<String>,
    pub artillery: Vec<String>,
    pub cavalry: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FcrData {
    pub provenance: String,
    pub columns: Vec<i32>,
    pub key: BTreeMap<String, FcrKey>,
    pub a: FcrRows,
    pub b: FcrRows,
    pub user: BTreeMap<String, toml::Value>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub provenance: String,
    pub terrain: Vec<String>,
    pub infantry: BTreeMap<String, Vec<u32>>,
    pub infantry_routed_dice: Vec<u32>,
    pub mounted_cavalry: BTreeMap<String, Vec<u32>>,
    pub dismounted_cavalry: BTreeMap<String, Vec<u32>>,
    pub cavalry_routed_dice: Vec<u32>,
    /// [limbered, unlimbered] per terrain.
    pub artillery: BTreeMap<String, Vec<[u32; 2]>>,
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
    pub infantry_fp: Rows<InfantryWeapon>,
    pub cavalry_fp: Rows<CavalryWeapon>,
    pub artillery_fp: Rows<Battery>,
    pub bands: Rows<BTreeMap<String, u32>>,
    pub firer: Firer,
    pub target: Target,
    pub fcr: FcrData,
    pub movement: Movement,
}

/// The card, checked.
#[derive(Clone, Debug)]
pub struct Charts {
    pub data: CardData,
    pub fcr: Fcr,
    /// The house rules' roll rules, read at the procedures' roll points.
    pub rolls: crate::rules::RollRules,
}

impl Fcr {
    fn compile(data: &CardData) -> Result<Fcr, String> {
        let f = &data.fcr;
        let mut keyed: Vec<(&String, &FcrKey)> = f.key.iter().collect();
        keyed.sort_by_key(|(name, k)| (k.hits, k.add, name.as_str() != "-", name.to_string()));
        let labels: Vec<String> = keyed
            .iter()
            .map(|(name, _)| {
                if name.as_str() == "-" {
                    NO_EFFECT.to_string()
                } else {
                    name.to_string()
                }
            })
            .collect();
        if labels.first().map(String::as_str) != Some(NO_EFFECT) {
            return Err("fcr.key must have the no-effect result \"-\"".to_string());
        }
        let index = |name: &str, at: &str| {
            keyed
                .iter()
                .position(|(k, _)| k.as_str() == name)
                .ok_or_else(|| {
                    format!(
                        "{at}: `{name}` is not a result of fcr.key ({})",
                        f.key.keys().cloned().collect::<Vec<_>>().join(", ")
                    )
                })
        };
        let user_rows: Vec<&str> = FCR_ROWS
            .iter()
            .copied()
            .filter(|r| f.user.contains_key(*r))
            .collect();
        let (columns, texts, provisional) = if user_rows.is_empty() {
            candidate_table(data)
        } else {
            let (columns, texts) = user_table(f, &user_rows)?;
            (columns, texts, None)
        };
        if columns.is_empty() || columns.windows(2).any(|w| w[0] >= w[1]) {
            return Err("fcr columns must be increasing fire totals".to_string());
        }
        let mut rows: [Vec<usize>; 3] = Default::default();
        // Rows are named by their paths, so that an error points at the line
        // that gives the row.
        let source = match (user_rows.is_empty(), data.options.adf_fcr_candidate) {
            (false, _) => "user",
            (true, FcrCandidate::A) => "a",
            (true, FcrCandidate::B) => "b",
        };
        for (r, text) in texts.iter().enumerate() {
            if text.len() != columns.len() {
                return Err(format!(
                    "fcr.{source}.{} has {} results for {} columns: a row needs one result per column of fcr.columns (or of fcr.user.columns when given)",
                    FCR_ROWS[r],
                    text.len(),
                    columns.len()
                ));
            }
            rows[r] = text
                .iter()
                .map(|t| index(t, &format!("fcr row {}", FCR_ROWS[r])))
                .collect::<Result<_, _>>()?;
        }
        Ok(Fcr {
            columns,
            hits: keyed.iter().map(|(_, k)| k.hits).collect(),
            add: keyed.iter().map(|(_, k)| k.add).collect(),
            labels,
            rows,
            provisional,
        })
    }

    /// The result (an index into `labels`) of a fire total on `row`.
    pub fn result(&self, row: usize, total: i32) -> usize {
        match self.columns.iter().rposition(|c| *c <= total) {
            Some(column) => self.rows[row][column],
            None => 0,
        }
    }
}

/// Volley's reconstruction of the Fire Combat Results table the options
/// choose: its columns, its three rows and why answers on it are provisional.
fn candidate_table(data: &CardData) -> (Vec<i32>, [Vec<String>; 3], Option<String>) {
    let f = &data.fcr;
    let rows = match data.options.adf_fcr_candidate {
        FcrCandidate::A => &f.a,
        FcrCandidate::B => &f.b,
    };
    let name = match data.options.adf_fcr_candidate {
        FcrCandidate::A => "A",
        FcrCandidate::B => "B",
    };
    (
        f.columns.clone(),
        [
            rows.infantry.clone(),
            rows.artillery.clone(),
            rows.cavalry.clone(),
        ],
        Some(format!(
            "the Fire Combat Results table is not readable on the card; these results use volley's reconstruction {name} (rows by {}). Supply the published table as fcr.user to remove this mark",
            match data.options.adf_fcr_row_by {
                FcrRowBy::Firer => "firer",
                FcrRowBy::Target => "target",
            }
        )),
    )
}

/// The published table a user supplies as `fcr.user`: all three rows, and
/// columns when they differ from the reconstruction's.
fn user_table(f: &FcrData, user_rows: &[&str]) -> Result<(Vec<i32>, [Vec<String>; 3]), String> {
    if user_rows.len() != 3 {
        return Err(format!(
            "fcr.user gives the {} row(s); the published table needs all three: infantry, artillery, cavalry",
            user_rows.join(", ")
        ));
    }
    let strings = |name: &str| -> Result<Vec<String>, String> {
        let value = &f.user[name];
        value
            .as_array()
            .and_then(|items| {
                items
                    .iter()
                    .map(|v| v.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| format!("fcr.user.{name} must be a list of results"))
    };
    let columns = match f.user.get("columns") {
        None => f.columns.clone(),
        Some(value) => value
            .as_array()
            .and_then(|items| {
                items
                    .iter()
                    .map(|v| v.as_integer().map(|i| i as i32))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| "fcr.user.columns must be a list of whole numbers".to_string())?,
    };
    if let Some(extra) = f.user.keys().find(|k| {
        ![
            "user_supplied",
            "columns",
            "infantry",
            "artillery",
            "cavalry",
        ]
        .contains(&k.as_str())
    }) {
        return Err(format!(
            "fcr.user has no entry `{extra}`; it takes infantry, artillery, cavalry and columns"
        ));
    }
    Ok((
        columns,
        [
            strings("infantry")?,
            strings("artillery")?,
            strings("cavalry")?,
        ],
    ))
}

impl Charts {
    /// The Fire Combat Results table's result (an index into its labels) of a
    /// fire total on `row`; reading volley's reconstruction consults the
    /// candidate it was compiled under.
    pub fn fcr_result(&self, row: usize, total: i32) -> usize {
        if self.fcr.provisional.is_some() {
            self.data.options.adf_fcr_candidate();
        }
        self.fcr.result(row, total)
    }
}

impl crate::action::CompiledCharts for Charts {
    type Data = CardData;

    fn consulted(&self) -> crate::rules::OptionsRead {
        self.data.options.consulted()
    }

    fn compile(data: CardData, rolls: crate::rules::RollRules) -> Result<Self, String> {
        if data.levels.names != LEVELS || data.levels.addon.len() != 4 {
            return Err(format!(
                "levels.names must be {LEVELS:?} with one addon each"
            ));
        }
        if data.mmp.min > data.mmp.max {
            return Err("mmp.min must not exceed mmp.max".to_string());
        }
        for (name, battery) in &data.artillery_fp.rows {
            if battery.nr <= 0.0 {
                return Err(format!("artillery_fp.{name}: nr must be positive"));
            }
        }
        let m = &data.movement;
        let terrains = m.terrain.len();
        if m.infantry_routed_dice.len() != terrains || m.cavalry_routed_dice.len() != terrains {
            return Err("movement: one routed dice count per terrain".to_string());
        }
        for (arm, table) in [
            ("infantry", &m.infantry),
            ("mounted_cavalry", &m.mounted_cavalry),
            ("dismounted_cavalry", &m.dismounted_cavalry),
        ] {
            for (formation, moves) in table {
                if moves.len() != terrains {
                    return Err(format!(
                        "movement.{arm}.{formation}: one move per terrain ({})",
                        m.terrain.join(", ")
                    ));
                }
            }
        }
        for (battery, moves) in &m.artillery {
            if moves.len() != terrains {
                return Err(format!(
                    "movement.artillery.{battery}: one pair per terrain"
                ));
            }
        }
        let fcr = Fcr::compile(&data)?;
        Ok(Charts { data, fcr, rolls })
    }
}
