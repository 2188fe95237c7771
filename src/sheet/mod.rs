//! Reference sheets worth printing (`volley sheet SYSTEM`, the page's
//! `/sheet/SYSTEM`): every chart of a card annotated with what it means in
//! odds, exact, on one or two printed pages. Each table is a list of
//! questions to the system's own actions (the same code every answer runs),
//! so a house rule's sheet is the card's sheet re-asked under the rule, with
//! the cells it changed marked.

mod html;
mod references;
mod specs;

pub use html::{render_error_html, render_html};

use crate::ask::question::Question;
use crate::contract::PatchJson;
use crate::engine::{MethodRequest, RunConfig};
use crate::error::InputError;
use crate::rules::HouseRule;
use crate::stats::{Summary, summarize};
use crate::systems::Origin;
use specs::{Columns, SectionSpec};

/// One probability on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub probability: f64,
    /// Differs from the card's (on a house rule's sheet).
    pub changed: bool,
}

/// One annotated chart: rows by columns of exact probabilities.
#[derive(Clone, Debug)]
pub struct Table {
    pub title: String,
    /// What the table shows, and how to read it, in a player's words.
    pub note: String,
    pub row_label: String,
    pub column_label: String,
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    pub cells: Vec<Vec<Cell>>,
    /// Why it is provisional (a reconstructed chart), if it is.
    pub provisional: Option<String>,
    /// What the outcomes in its columns mean, as the card says them
    /// (value, meaning), for the legend under it.
    pub legend: Vec<(String, String)>,
}

/// A system's sheet.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub system: String,
    pub title: String,
    /// The house rules applied, in order (empty: the card).
    pub house_rules: Vec<String>,
    /// Every chart value they change, old -> new.
    pub patched: Vec<PatchJson>,
    pub tables: Vec<Table>,
    /// The card's readings the tables rest on, as `option = value`.
    pub readings: Vec<String>,
    /// The modifier lists printed beside the odds, under the house rules.
    pub references: Vec<references::Reference>,
}

/// The sheet of `system` under `rules`: every table exact, and, under house
/// rules, each cell compared with the card's.
pub fn sheet(system: &str, rules: &[HouseRule]) -> Result<Sheet, InputError> {
    let found = crate::systems::find(system)?;
    let specs = specs::for_system(found.name());
    let mut tables = Vec::new();
    let mut readings: Vec<String> = Vec::new();
    for spec in &specs {
        let (mut table, used) = table_of(found.name(), spec, rules)?;
        if !rules.is_empty() {
            let (card, _) = table_of(found.name(), spec, &[])?;
            for (row, card_row) in table.cells.iter_mut().zip(&card.cells) {
                for (cell, card_cell) in row.iter_mut().zip(card_row) {
                    cell.changed = (cell.probability - card_cell.probability).abs() > 1e-12;
                }
            }
        }
        for reading in used {
            if !readings.contains(&reading) {
                readings.push(reading);
            }
        }
        merge_alike_rows(&mut table);
        tables.push(table);
    }
    let book = crate::systems::rulebook(found, rules)?;
    Ok(Sheet {
        system: found.name().to_string(),
        title: found.title().to_string(),
        house_rules: rules.iter().map(|r| r.name.clone()).collect(),
        patched: book.patches.iter().map(PatchJson::from).collect(),
        references: if rules.is_empty() {
            references::for_system(found.name(), &book)
        } else {
            references::compared(found.name(), &book, &crate::systems::rulebook(found, &[])?)
        },
        tables,
        readings,
    })
}

/// Rows of consecutive whole numbers whose cells are alike (same odds,
/// same marks) printed as one (`0 to 4`): a player reads the band, and the
/// sheet keeps to its pages. Rows that skip numbers stay apart: the odds
/// between them were not asked.
fn merge_alike_rows(table: &mut Table) {
    let numbers: Vec<i64> = table.rows.iter().filter_map(|r| r.parse().ok()).collect();
    if numbers.len() != table.rows.len() || numbers.windows(2).any(|w| w[1] != w[0] + 1) {
        return;
    }
    let mut rows = Vec::new();
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    let mut first = 0;
    for i in 0..table.rows.len() {
        let last_of_run = table
            .cells
            .get(i + 1)
            .is_none_or(|next| !alike(next, &table.cells[i]));
        if !last_of_run {
            continue;
        }
        rows.push(if first == i {
            table.rows[i].clone()
        } else {
            format!("{} to {}", table.rows[first], table.rows[i])
        });
        cells.push(table.cells[i].clone());
        first = i + 1;
    }
    table.rows = rows;
    table.cells = cells;
}

/// Two rows of cells that print alike: the same marks, and odds equal to
/// the last bit a float sum may leave (12 digits).
fn alike(a: &[Cell], b: &[Cell]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.changed == y.changed && (x.probability - y.probability).abs() <= 1e-12)
}

/// One section's table: its questions answered exactly over the thread pool,
/// read back in row and column order.
fn table_of(
    system: &str,
    spec: &SectionSpec,
    rules: &[HouseRule],
) -> Result<(Table, Vec<String>), InputError> {
    let fixed = Origin::arguments_of(spec.fixed);
    let question = Question::new(system, spec.action, rules, &fixed)?;
    let config = RunConfig {
        method: MethodRequest::Exact,
        ..RunConfig::default()
    };
    let column = match &spec.columns {
        Columns::Field { field, values, .. } => Some((*field, *values)),
        Columns::Outcomes { .. } => None,
    };
    let keys = crate::ask::grid::cell_keys(spec.rows, column);
    let (row_field, row_values) = spec.rows;
    let answered: Vec<Result<Summary, InputError>> =
        crate::ask::grid::answer_cells(&question, &keys, |cell| {
            let result = cell.answer(&config).map_err(|e| match e {
                // A house rule's own error names its file and line.
                crate::ask::question::QuestionError::Input(e) => e,
                other => InputError::argument(
                    spec.action,
                    format!("sheet table `{}`: {other}", spec.title),
                ),
            })?;
            Ok(summarize(&result))
        });
    let answered: Vec<Summary> = answered.into_iter().collect::<Result<_, _>>()?;
    let probability = |summary: &Summary, variable: &str, values: &[&'static str]| -> f64 {
        values
            .iter()
            .filter_map(|v| summary.probability(variable, v))
            .map(|e| e.value)
            .sum::<f64>()
            .clamp(0.0, 1.0)
    };
    let cell = |p: f64| Cell {
        probability: p,
        changed: false,
    };
    let (columns, cells): (Vec<String>, Vec<Vec<Cell>>) = match &spec.columns {
        Columns::Outcomes { groups } => (
            groups
                .iter()
                .map(|(label, _, _)| label.to_string())
                .collect(),
            answered
                .iter()
                .map(|s| {
                    groups
                        .iter()
                        .map(|(_, variable, values)| cell(probability(s, variable, values)))
                        .collect()
                })
                .collect(),
        ),
        Columns::Field {
            values,
            variable,
            shown,
            ..
        } => (
            values.iter().map(|v| v.to_string()).collect(),
            answered
                .chunks(values.len())
                .map(|row| {
                    row.iter()
                        .map(|s| cell(probability(s, variable, shown)))
                        .collect()
                })
                .collect(),
        ),
    };
    let column_label = match &spec.columns {
        Columns::Field { field, .. } => field.replace('_', " "),
        Columns::Outcomes { .. } => "outcome".to_string(),
    };
    let readings = crate::ask::readings::used(&question)
        .into_iter()
        .map(|(option, value)| format!("{option} = {value}"))
        .collect();
    // The meanings of the outcomes the columns show, by the heading a
    // column gives its one value (a column summing several is read from
    // the others).
    let shown: Vec<(&str, &str, &str)> = match &spec.columns {
        Columns::Outcomes { groups } => groups
            .iter()
            .filter_map(|(label, variable, values)| match values {
                [value] => Some((*label, *variable, *value)),
                _ => None,
            })
            .collect(),
        // A yes/no outcome is named by its variable (`hit`, `carries`).
        Columns::Field {
            variable, shown, ..
        } => shown
            .iter()
            .map(|v| (if *v == "yes" { *variable } else { *v }, *variable, *v))
            .collect(),
    };
    let notes = question.action().outcome_notes();
    let legend = shown
        .iter()
        .filter_map(|(label, variable, value)| {
            notes
                .iter()
                .find(|(v, x, _)| v == variable && x == value)
                .map(|(_, _, meaning)| (label.to_string(), meaning.to_string()))
        })
        .filter(|(label, meaning)| label != meaning)
        .collect();
    Ok((
        Table {
            title: spec.title.to_string(),
            note: spec.note.to_string(),
            row_label: spec.row_label.unwrap_or(row_field).to_string(),
            column_label,
            rows: row_values.iter().map(|r| r.to_string()).collect(),
            columns,
            cells,
            provisional: question.provisional(),
            legend,
        },
        readings,
    ))
}
