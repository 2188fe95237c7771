//! The modifier lists a quick-reference sheet prints beside its odds: the
//! card's own numbers that feed the charts (terrain, range, markers,
//! defense values, morale modifiers), read from the rule book the sheet is
//! asked under, so that a house rule shows in them as in the odds. One file
//! a family of cards.

mod blog;
mod deadly_field;
mod ghq;
mod micro_force;

use crate::rules::RuleBook;
use toml::Value;

/// One list: its title, its columns' headings, and its rows (a name, then a
/// value a column).
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub title: String,
    /// What the rows are (`terrain`, `inches`).
    pub rows_are: String,
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<String>)>,
    /// The cells (row, column) that differ from the card's (on a house
    /// rule's sheet).
    pub changed: Vec<(usize, usize)>,
    /// The odds table (by its place on the sheet) this list is printed
    /// after, beside the tables it feeds; `None`: after every table.
    pub after_table: Option<usize>,
}

impl Reference {
    /// A list printed after every table, no cell marked.
    fn new(
        title: &str,
        rows_are: &str,
        columns: &[&str],
        rows: Vec<(String, Vec<String>)>,
    ) -> Reference {
        Reference {
            title: title.to_string(),
            rows_are: rows_are.to_string(),
            columns: columns.iter().map(ToString::to_string).collect(),
            rows,
            changed: Vec::new(),
            after_table: None,
        }
    }

    /// The list printed after the sheet's table number `table` (from 0).
    fn after(mut self, table: usize) -> Reference {
        self.after_table = Some(table);
        self
    }
}

/// `system`'s lists under `book`, each cell that differs from `card`'s
/// marked.
pub fn compared(system: &str, book: &RuleBook, card: &RuleBook) -> Vec<Reference> {
    let mut lists = for_system(system, book);
    for (list, on_card) in lists.iter_mut().zip(for_system(system, card)) {
        for (r, (row, card_row)) in list.rows.iter().zip(&on_card.rows).enumerate() {
            for (c, (cell, card_cell)) in row.1.iter().zip(&card_row.1).enumerate() {
                if cell != card_cell || row.0 != card_row.0 {
                    list.changed.push((r, c));
                }
            }
        }
    }
    lists
}

/// The lists of `system`'s sheet (none where its odds tables say all).
pub fn for_system(system: &str, book: &RuleBook) -> Vec<Reference> {
    match system {
        "micro-squad" => ghq::micro_squad(book),
        "micro-armour" => ghq::micro_armour(book),
        "micro-force" => micro_force::lists(book),
        "deadly-field" => deadly_field::lists(book),
        "hex-acw" => blog::hex_acw(book),
        "stand-and-die" => blog::stand_and_die(book),
        _ => Vec::new(),
    }
}

/// A whole number as the card prints a modifier (`+4`, `-1`, `0`).
fn signed_number(n: i64) -> String {
    signed(Some(&Value::Integer(n)))
}

/// Rows of one value each, as a list's rows.
fn one_column<N: Into<String>>(
    rows: impl IntoIterator<Item = (N, String)>,
) -> Vec<(String, Vec<String>)> {
    rows.into_iter()
        .map(|(name, value)| (name.into(), vec![value]))
        .collect()
}

/// A signed modifier as the card prints it (`+4`, `-1`, `0`).
fn signed(value: Option<&Value>) -> String {
    match value.and_then(Value::as_integer) {
        Some(0) => "0".to_string(),
        Some(n) => format!("{n:+}"),
        None => value.map_or("-".to_string(), ToString::to_string),
    }
}
