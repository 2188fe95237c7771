//! Micro Force charts, typed over `src/rules/micro_force.toml` and compiled into
//! lookup tables.

pub use super::bill_result::BillResult;
use super::melee_modifiers::ChargeMeleeModifiers;
pub use super::option_values::*;
use serde::Deserialize;
use std::collections::BTreeMap;

crate::rules_options! {
    pub struct Options {
        mf_naturals: bool,
        mf_miracle_rally_face: MiracleFace,
        mf_first_fire: FirstFire,
        mf_fire_formation_mods: FormationMods,
        mf_c6_m2_p8: MinusTwoPlusEight,
        mf_c6_below_m5: BelowMinus5,
        mf_c7_rows89: Rows89,
        mf_art_cohesion_loss: ArtilleryCohesionLoss,
        mf_dv_skirmish_light: i32,
        mf_dv_cav_light_skirmish: i32,
        mf_cav_heavy_cover: CavHeavyCover,
        mf_officer_hit_chance: u32,
        mf_shaken_on_shaken: ShakenOnShaken,
        mf_rally_includes_bead_penalty: bool,
        mf_ceasefire_free_at_long: bool,
        mf_skedaddle_bead: SkedaddleBead,
        mf_tie_rounds: TieRounds,
        mf_routed_can_fire: bool,
        mf_melee_medium_cover: i32,
        mf_out_of_command_penalty: i32,
        mf_initiative_first_turn_tie: FirstTurnTie,
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Markers {
    pub provenance: String,
    pub shaken: i32,
    pub routed: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Competence {
    pub provenance: String,
    pub radius: Vec<i32>,
    pub initiative_bonus: Vec<i32>,
    pub cohesion: Vec<i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DvData {
    pub provenance: String,
    pub at_half_strength: i32,
    pub infantry: BTreeMap<String, BTreeMap<String, i32>>,
    pub cavalry: BTreeMap<String, BTreeMap<String, i32>>,
    pub artillery: BTreeMap<String, BTreeMap<String, i32>>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ButchersBill {
    pub provenance: String,
    pub columns: Vec<String>,
    pub printed_m2_p8: String,
    pub rows: BTreeMap<String, BTreeMap<String, String>>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FireModifiers {
    pub provenance: String,
    pub failed_cohesion: i32,
    pub firer_shaken: i32,
    pub firer_disordered: i32,
    pub target_moving: i32,
    pub firer_column: i32,
    pub firer_attack_column: i32,
    pub firer_skirmish: i32,
    pub rear: i32,
    pub enfilade: i32,
    pub target_disordered: i32,
    pub first_fire_stands: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct CohesionLoss {
    pub provenance: String,
    pub printed: BTreeMap<String, Vec<i32>>,
    pub formula: BTreeMap<String, Vec<i32>>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Officer {
    pub provenance: String,
    pub results: Vec<String>,
    pub cohesion_loss: Vec<i32>,
    pub removed: Vec<bool>,
    pub death_test_modifier: Vec<i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Movement {
    pub provenance: String,
    pub infantry: BTreeMap<String, Vec<i32>>,
    pub cavalry: BTreeMap<String, Vec<i32>>,
    pub artillery: BTreeMap<String, Vec<i32>>,
    pub officer: Vec<i32>,
    pub charge_bonus_offset: i32,
}

/// One Chart 10 row.
#[derive(Clone, Debug, Deserialize)]
pub struct MeleeResult {
    pub attacker_steps: u32,
    pub defender_steps: u32,
    pub attacker_check: Check,
    pub defender_check: Check,
    pub fall_back: FallBack,
    pub fall_back_dice: u32,
    pub bead: Bead,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    None,
    Normal,
    Plus1,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FallBack {
    None,
    Attacker,
    Defender,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bead {
    None,
    Shaken,
    RoutedAndShaken,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Melee {
    pub provenance: String,
    pub max_difference: i32,
    pub dice: BTreeMap<String, Vec<u32>>,
    pub results: BTreeMap<String, MeleeResult>,
    pub modifiers: BTreeMap<String, i32>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Recovery {
    pub provenance: String,
    pub cease_fire: i32,
    pub rally_shaken: i32,
    pub rally_routed: i32,
    pub rejoin: i32,
    pub resupply: i32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Charge {
    pub provenance: String,
    pub bonus_die: u32,
    pub bonus_offset: i32,
    pub skedaddle_dice: u32,
    pub stop_short: i32,
}

/// The whole card as data.
#[derive(Clone, Debug, Deserialize)]
pub struct CardData {
    pub options: Options,
    pub markers: Markers,
    pub competence: Competence,
    pub dv: DvData,
    pub dv_provenance: BTreeMap<String, String>,
    pub butchers_bill: ButchersBill,
    pub fire_modifiers: FireModifiers,
    pub cohesion_loss: CohesionLoss,
    pub officer: Officer,
    pub movement: Movement,
    pub melee: Melee,
    pub recovery: Recovery,
    pub charge: Charge,
    /// User-supplied Charts 3 & 4 (`user_supplied = true` plus one entry per weapon).
    pub weapons: BTreeMap<String, toml::Value>,
}

/// A user-supplied weapon: AV per stand up to each range limit (inches).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub ranges: Vec<f64>,
    pub av: Vec<f64>,
}

pub const BILL_COLUMNS: usize = 14;
pub const BILL_ROWS: usize = 17;
/// Lowest Chart 6 row (modified roll -2) and column (AV-DV -5).
pub const BILL_MIN_ROW: i32 = -2;
pub const BILL_MIN_COLUMN: i32 = -5;

/// The card compiled for lookups.
#[derive(Clone, Debug)]
pub struct Charts {
    pub data: CardData,
    pub weapons: BTreeMap<String, Weapon>,
    /// `bill[row][column]`: row = modified roll + 2 (0 = -2 ... 16 = 14+).
    pub bill: [[BillResult; BILL_COLUMNS]; BILL_ROWS],
    /// Chart 7 rows by original stands (index 1..=9), the rows-8-9 option applied,
    /// so the cohesion of a unit is read without building keys.
    loss_rows: Vec<Vec<i32>>,
    /// Chart 10 rows by difference + max_difference.
    melee_rows: Vec<MeleeResult>,
    /// MF-M3 melee dice (more, fewer) at odds of 1, 2 and 3 to 1.
    melee_dice_by_odds: [(u32, u32); 3],
    /// Chart 10's modifiers a charge reads, looked up once: a charge reads
    /// them at every leaf of its melee rolls.
    pub(super) charge_melee: ChargeMeleeModifiers,
    /// Chart 8 rows (0-based) whose result calls for the death test.
    officer_death_test: [bool; 6],
    /// The house rules' roll rules, read at the procedures' roll points.
    pub rolls: crate::rules::RollRules,
}

impl crate::action::CompiledCharts for Charts {
    type Data = CardData;

    fn consulted(&self) -> crate::rules::OptionsRead {
        self.data.options.consulted()
    }

    fn compile(data: CardData, rolls: crate::rules::RollRules) -> Result<Self, String> {
        if data.butchers_bill.columns.len() != BILL_COLUMNS {
            return Err(format!(
                "butchers_bill.columns must list {BILL_COLUMNS} columns"
            ));
        }
        let bill = compile_bill(&data)?;
        for (name, values) in [
            ("radius", &data.competence.radius),
            ("initiative_bonus", &data.competence.initiative_bonus),
            ("cohesion", &data.competence.cohesion),
        ] {
            if values.len() != 4 {
                return Err(format!("competence.{name} must list competence levels 0-3"));
            }
        }
        for stands in 1..=9 {
            if !data.cohesion_loss.printed.contains_key(&stands.to_string()) {
                return Err(format!("cohesion_loss.printed has no row {stands}"));
            }
        }
        for d in -data.melee.max_difference..=data.melee.max_difference {
            if !data.melee.results.contains_key(&d.to_string()) {
                return Err(format!("melee.results has no difference {d}"));
            }
        }
        if data.officer.results.len() != 6
            || data.officer.cohesion_loss.len() != 6
            || data.officer.removed.len() != 6
            || data.officer.death_test_modifier.len() != 6
        {
            return Err("officer tables must list the six d6 results".to_string());
        }
        if data.options.mf_officer_hit_chance > 6 {
            return Err("options.mf_officer_hit_chance is in sixths: 0 to 6".to_string());
        }
        let weapons = compile_weapons(&data)?;
        let mut loss_rows = vec![Vec::new()];
        for stands in 1..=9 {
            let key = stands.to_string();
            let table = &data.cohesion_loss;
            let row = match (data.options.mf_c7_rows89, table.formula.get(&key)) {
                (Rows89::Formula, Some(row)) => row,
                _ => &table.printed[&key],
            };
            loss_rows.push(row.clone());
        }
        let max = data.melee.max_difference;
        let melee_rows = (-max..=max)
            .map(|d| data.melee.results[&d.to_string()].clone())
            .collect();
        let melee_dice_by_odds = [1, 2, 3].map(|odds: u32| {
            let dice = &data.melee.dice;
            let row = dice
                .get(&odds.to_string())
                .or_else(|| dice.get("1"))
                .map_or(&[3, 3][..], |row| &row[..]);
            let more = row.first().copied().unwrap_or(3);
            (more, row.get(1).copied().unwrap_or(more))
        });
        let charge_melee = ChargeMeleeModifiers::read(&data.melee.modifiers);
        let officer_death_test =
            std::array::from_fn(|row| data.officer.results[row].contains("death"));
        Ok(Charts {
            data,
            weapons,
            bill,
            loss_rows,
            melee_rows,
            melee_dice_by_odds,
            charge_melee,
            officer_death_test,
            rolls,
        })
    }
}

/// Chart 6, the Butcher's Bill, cell by cell (the printed -2/+8 cell or its
/// reading, as the options say).
fn compile_bill(data: &CardData) -> Result<[[BillResult; BILL_COLUMNS]; BILL_ROWS], String> {
    let mut bill = [[BillResult::NoEffect; BILL_COLUMNS]; BILL_ROWS];
    for (r, row) in bill.iter_mut().enumerate() {
        let key = (r as i32 + BILL_MIN_ROW).to_string();
        let printed = data
            .butchers_bill
            .rows
            .get(&key)
            .ok_or_else(|| format!("butchers_bill.rows has no row {key}"))?;
        for (c, column) in data.butchers_bill.columns.iter().enumerate() {
            let mut cell = printed
                .get(column)
                .ok_or_else(|| format!("butchers_bill.rows.{key} has no column {column}"))?
                .as_str();
            if key == "-2"
                && column == "+8"
                && data.options.mf_c6_m2_p8 == MinusTwoPlusEight::Printed
            {
                cell = &data.butchers_bill.printed_m2_p8;
            }
            row[c] = BillResult::parse(cell).ok_or_else(|| {
                format!("butchers_bill.rows.{key}.{column} = `{cell}`: a cell is -, S, n or n/x")
            })?;
        }
    }
    Ok(bill)
}

/// The weapons a user supplies (Charts 3 and 4 are not on the card): ranges
/// increasing, one attack value each, none negative.
fn compile_weapons(data: &CardData) -> Result<BTreeMap<String, Weapon>, String> {
    let mut weapons = BTreeMap::new();
    for (name, value) in &data.weapons {
        if name == "user_supplied" {
            continue;
        }
        let weapon: Weapon = value
            .clone()
            .try_into()
            .map_err(|e: toml::de::Error| format!("weapons.{name}: {}", e.message().trim()))?;
        if weapon.ranges.is_empty() || weapon.ranges.len() != weapon.av.len() {
            return Err(format!(
                "weapons.{name}: ranges and av must be lists of the same length"
            ));
        }
        if weapon.ranges.windows(2).any(|w| w[0] >= w[1]) || weapon.av.iter().any(|a| *a < 0.0) {
            return Err(format!(
                "weapons.{name}: ranges must increase and av must not be negative"
            ));
        }
        weapons.insert(name.clone(), weapon);
    }
    Ok(weapons)
}

impl Charts {
    /// AV per stand of a user-supplied weapon at `range` inches.
    pub fn weapon_av(&self, name: &str, range: f64) -> Result<f64, String> {
        let weapon = self
            .weapons
            .get(name)
            .ok_or_else(|| format!("no weapon `{name}` in the rules"))?;
        weapon
            .ranges
            .iter()
            .position(|limit| range <= *limit)
            .map(|i| weapon.av[i])
            .ok_or_else(|| {
                format!(
                    "{range} inches is beyond the {name}'s range ({} inches)",
                    weapon.ranges[weapon.ranges.len() - 1]
                )
            })
    }

    /// Weapon names for field choices: `none` (give av_per_stand) and each weapon.
    pub fn weapon_names(&self) -> Vec<String> {
        std::iter::once("none".to_string())
            .chain(self.weapons.keys().cloned())
            .collect()
    }

    /// Chart 6 for a modified roll and AV-DV; `None` when below -5 has no effect.
    pub fn bill(&self, modified_roll: i32, differential: i32) -> BillResult {
        if differential < BILL_MIN_COLUMN
            && self.data.options.mf_c6_below_m5() == BelowMinus5::NoEffect
        {
            return BillResult::NoEffect;
        }
        let row = (modified_roll.clamp(BILL_MIN_ROW, 14) - BILL_MIN_ROW) as usize;
        let column = (differential.clamp(BILL_MIN_COLUMN, 8) - BILL_MIN_COLUMN) as usize;
        if row as i32 + BILL_MIN_ROW == -2 && column as i32 + BILL_MIN_COLUMN == 8 {
            // The cell the reading settled when the chart was compiled.
            self.data.options.mf_c6_m2_p8();
        }
        self.bill[row][column]
    }

    /// Chart 7: cohesion lost by a unit of `original` stands with `steps_lost`.
    pub fn cohesion_loss(&self, original: u32, steps_lost: u32) -> i32 {
        if steps_lost == 0 {
            return 0;
        }
        self.loss_from_rows(original, steps_lost)
    }

    /// Chart 7 loss of a battery of `original` stands that lost `half_stands`.
    pub fn artillery_cohesion_loss(&self, original: u32, half_stands: u32) -> i32 {
        match self.data.options.mf_art_cohesion_loss() {
            ArtilleryCohesionLoss::InfantryRowsHalfstand => {
                self.cohesion_loss(original, half_stands)
            }
            ArtilleryCohesionLoss::Formula => {
                // round half up of 15 x lost / (2 x stands), in integers.
                ((30 * half_stands + 2 * original) / (4 * original.max(1))) as i32
            }
        }
    }

    fn loss_from_rows(&self, original: u32, steps_lost: u32) -> i32 {
        let stands = original.clamp(1, 9);
        if stands >= 8 {
            // Rows 8-9 were compiled under this reading.
            self.data.options.mf_c7_rows89();
        }
        let row = &self.loss_rows[stands as usize];
        row.get(steps_lost as usize - 1)
            .or(row.last())
            .copied()
            .unwrap_or(0)
    }

    /// Chart 2 cohesion of a commander.
    pub fn commander_cohesion(&self, competence: u32) -> i32 {
        self.data.competence.cohesion[competence.min(3) as usize]
    }

    /// Chart 2 initiative bonus of a commander.
    pub fn initiative_bonus(&self, competence: u32) -> i32 {
        self.data.competence.initiative_bonus[competence.min(3) as usize]
    }

    /// Chart 10 row for a difference (clamped).
    pub fn melee_result(&self, difference: i32) -> &MeleeResult {
        let max = self.data.melee.max_difference;
        &self.melee_rows[(difference.clamp(-max, max) + max) as usize]
    }

    /// Whether Chart 8's row `row` (0-based) calls for the death test.
    pub fn officer_death_test(&self, row: usize) -> bool {
        self.officer_death_test[row]
    }

    /// A named melee modifier (0 if the chart lacks it).
    pub fn melee_modifier(&self, name: &str) -> i32 {
        self.data.melee.modifiers.get(name).copied().unwrap_or(0)
    }

    /// Melee dice (attacker, defender) by stands in contact (MF-M3).
    pub fn melee_dice(&self, attacker_half_stands: u32, defender_half_stands: u32) -> (u32, u32) {
        let (big, small, attacker_bigger) = if attacker_half_stands >= defender_half_stands {
            (attacker_half_stands, defender_half_stands.max(1), true)
        } else {
            (defender_half_stands, attacker_half_stands.max(1), false)
        };
        let odds = (big / small).clamp(1, 3);
        let (more, fewer) = self.melee_dice_by_odds[odds as usize - 1];
        if attacker_bigger {
            (more, fewer)
        } else {
            (fewer, more)
        }
    }
}
