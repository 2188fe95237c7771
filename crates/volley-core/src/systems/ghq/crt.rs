//! The GHQ Combat Results Table: 2D6 plus modifiers (rows 0 to 19) against the
//! differential firepower - defense (columns -3 to +9), read from a card's data.
//! Micro Squad and Micro Armour print the same shape with their own cells.

use std::collections::BTreeMap;

/// A CRT cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrtResult {
    NoEffect,
    Suppressed,
    ConditionalSuppressed,
    Disorganized,
    Eliminated,
    /// Micro Armour's `-S-`: no effect or S, by the attacker
    /// ([`CrtResult::resolve`]). Not in [`CrtResult::ALL`], which lists the
    /// results a stand can suffer.
    NoEffectOrSuppressed,
}

/// Where on the CRT an attack lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// A column index (differential + 3, already capped at +9).
    Index(usize),
    /// Artillery below -3: the result is S without a roll.
    AutomaticSuppression,
    /// Micro Armour above +9: the result is E without a roll.
    AutomaticElimination,
}

impl crate::tally::Value for CrtResult {
    fn position(self) -> i64 {
        self as i64
    }
}

/// The results a stand can suffer, as the chart prints them (`-S-` is read
/// as one of them before it is recorded).
impl crate::tally::Category for CrtResult {
    const LABELS: &'static [&'static str] = &["-", "S", "(S)", "D", "E"];
    const ALL: &'static [Self] = &CrtResult::ALL;
}

impl CrtResult {
    /// Every result, in discriminant order.
    pub const ALL: [CrtResult; 5] = [
        CrtResult::NoEffect,
        CrtResult::Suppressed,
        CrtResult::ConditionalSuppressed,
        CrtResult::Disorganized,
        CrtResult::Eliminated,
    ];

    pub fn parse(cell: &str) -> Option<Self> {
        Some(match cell {
            "-" => CrtResult::NoEffect,
            "S" => CrtResult::Suppressed,
            "(S)" => CrtResult::ConditionalSuppressed,
            "D" => CrtResult::Disorganized,
            "E" => CrtResult::Eliminated,
            "-S-" => CrtResult::NoEffectOrSuppressed,
            _ => return None,
        })
    }

    pub fn label(self) -> &'static str {
        match self {
            CrtResult::NoEffect => "-",
            CrtResult::Suppressed => "S",
            CrtResult::ConditionalSuppressed => "(S)",
            CrtResult::Disorganized => "D",
            CrtResult::Eliminated => "E",
            CrtResult::NoEffectOrSuppressed => "-S-",
        }
    }

    /// `-S-` read for this attacker: S when `suppresses`, else no effect; every
    /// other result as it is.
    pub fn resolve(self, suppresses: bool) -> CrtResult {
        match self {
            CrtResult::NoEffectOrSuppressed if suppresses => CrtResult::Suppressed,
            CrtResult::NoEffectOrSuppressed => CrtResult::NoEffect,
            other => other,
        }
    }
}

/// Number of CRT columns (-3 ..= +9) and rows (0 ..= 19).
pub const CRT_COLUMNS: usize = 13;
pub const CRT_ROWS: usize = 20;

/// Lowest and highest differential on the table.
pub const MIN_DIFFERENTIAL: i32 = -3;
pub const MAX_DIFFERENTIAL: i32 = 9;

/// A compiled CRT: `cells[row][column]`, row = modified roll 0..=19, column =
/// differential + 3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crt {
    pub cells: [[CrtResult; CRT_COLUMNS]; CRT_ROWS],
}

impl Crt {
    /// Compile printed rows (`rows[row][column header]` = `-`, `S`, `(S)`, `D`
    /// or `E`) under the card's column headers; `path` names the chart in errors.
    pub fn compile(
        path: &str,
        columns: &[String],
        rows: &BTreeMap<String, BTreeMap<String, String>>,
    ) -> Result<Self, String> {
        if columns.len() != CRT_COLUMNS {
            return Err(format!("{path}: the CRT must list {CRT_COLUMNS} columns"));
        }
        let mut cells = [[CrtResult::NoEffect; CRT_COLUMNS]; CRT_ROWS];
        for (row, line) in cells.iter_mut().enumerate() {
            let key = row.to_string();
            let printed = rows
                .get(&key)
                .ok_or_else(|| format!("{path}.rows has no row {key}"))?;
            for (c, column) in columns.iter().enumerate() {
                let cell = printed
                    .get(column)
                    .ok_or_else(|| format!("{path}.rows.{key} has no column {column}"))?;
                line[c] = CrtResult::parse(cell).ok_or_else(|| {
                    format!(
                        "{path}.rows.{key}.{column} = `{cell}`: a CRT cell is -, S, (S), D or E"
                    )
                })?;
            }
        }
        Ok(Crt { cells })
    }

    /// The cell for a modified roll (clamped to 0..=19) and a column index.
    #[inline(always)]
    pub fn cell(&self, modified_roll: i32, column: usize) -> CrtResult {
        self.cells[modified_roll.clamp(0, CRT_ROWS as i32 - 1) as usize][column]
    }

    /// The result of a modified roll on `column`: its cell, or the result an
    /// automatic column gives without a roll.
    #[inline(always)]
    pub fn result(&self, modified_roll: i32, column: Column) -> CrtResult {
        match column {
            Column::Index(c) => self.cell(modified_roll, c),
            Column::AutomaticSuppression => CrtResult::Suppressed,
            Column::AutomaticElimination => CrtResult::Eliminated,
        }
    }
}

/// The CRT column for a differential: `Ok(Some(index))`, `Ok(None)` when the
/// attack is an automatic S (artillery below -3), or `Err` when not allowed.
pub fn column(differential: i32, artillery_below_min: bool) -> Result<Option<usize>, String> {
    if differential < MIN_DIFFERENTIAL {
        if artillery_below_min {
            return Ok(None);
        }
        return Err(format!(
            "the differential is {differential}; attacks below -3 are not allowed (artillery only, result S)"
        ));
    }
    Ok(Some(
        (differential.min(MAX_DIFFERENTIAL) - MIN_DIFFERENTIAL) as usize,
    ))
}

/// Micro Armour's reading of a differential: above +9 an automatic E; below -3
/// an automatic S for artillery and air (`below_min_is_s`), else no attack
/// (`None`).
pub fn column_or_automatic(differential: i32, below_min_is_s: bool) -> Option<Column> {
    if differential > MAX_DIFFERENTIAL {
        return Some(Column::AutomaticElimination);
    }
    match column(differential, below_min_is_s) {
        Ok(Some(index)) => Some(Column::Index(index)),
        Ok(None) => Some(Column::AutomaticSuppression),
        Err(_) => None,
    }
}
