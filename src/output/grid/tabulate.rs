//! A probability table of one question over one or two swept fields: every
//! cell answered over the thread pool, read back in row and column order
//! (`volley table`, the page's `/api/table`).
//!
//! Axes may also be an action's derived axes (`differential=-3..9` for CRT attacks
//! sets firepower = defense + differential); the default axes, where an action has
//! them, are the action's own.

use super::{Grid, GridCell};
use crate::ask::question::{Question, QuestionError};
use crate::engine::RunConfig;
use crate::error::InputError;
use crate::stats::summarize;
use crate::systems::Origin;
use crate::tally::current_label;

/// What a table asks beside its question: the axes (`FIELD=a..b` or
/// `FIELD=v1,v2,...`; by default the action's own) and the outcome shown
/// (`VARIABLE=VALUE`, or `VARIABLE` for all its values; by default the
/// headline), and whether exact cells print as fractions.
#[derive(Clone, Debug, Default)]
pub struct TableAsk {
    pub row: Option<String>,
    pub column: Option<String>,
    pub show: Option<String>,
    pub fractions: bool,
}

/// Parse `FIELD=a..b` or `FIELD=v1,v2`.
pub fn axis(text: &str) -> Result<(String, Vec<String>), InputError> {
    let (field, values) = text
        .split_once('=')
        .ok_or_else(|| InputError::argument(text, "an axis is FIELD=a..b or FIELD=v1,v2,..."))?;
    let values =
        match crate::systems::range_values(values).map_err(|m| InputError::argument(field, m))? {
            Some(range) => range,
            None => values.split(',').map(|v| v.trim().to_string()).collect(),
        };
    Ok((field.trim().to_string(), values))
}

/// `question` tabulated as `ask` asks, every cell run under `config`: the
/// grid `volley table` prints (and the page's `/api/table` answers).
pub fn tabulate(
    question: &Question,
    ask: &TableAsk,
    config: &RunConfig,
) -> Result<Grid, QuestionError> {
    let (row, column, variable, value) = axes(ask, question)?;
    let pick = |summary: &crate::stats::Summary, value: &str| cell_of(summary, &variable, value);
    // Every cell answered over the thread pool (each cell's own run shares
    // it), then read in row and column order.
    let keys = crate::ask::grid::cell_keys(
        (row.0.as_str(), &row.1),
        column
            .as_ref()
            .map(|(cf, cvs)| (cf.as_str(), cvs.as_slice())),
    );
    let answered: Vec<Result<crate::stats::Summary, QuestionError>> =
        crate::ask::grid::answer_cells(question, &keys, |cell| {
            Ok(summarize(&cell.answer(config)?))
        });
    let refused = refusals(&keys, &answered);
    // One answer a cell with a column axis, one a row without.
    let per_row = column.as_ref().map_or(1, |(_, cvs)| cvs.len());
    let mut answered = answered.into_iter();
    let mut cells = Vec::new();
    let mut columns = Vec::new();
    let mut methods = Vec::new();
    for _ in &row.1 {
        let summaries = answered
            .by_ref()
            .take(per_row)
            .collect::<Result<Vec<_>, _>>()?;
        methods.extend(summaries.iter().map(|s| s.exact));
        let line = match &column {
            Some((_, cvs)) => {
                columns = cvs.clone();
                let shown = value.as_deref().unwrap_or_default();
                summaries
                    .iter()
                    .map(|summary| pick(summary, shown))
                    .collect::<Result<Vec<_>, _>>()?
            }
            None => {
                let summary = &summaries[0];
                let values: Vec<String> = summary
                    .outcomes
                    .iter()
                    .filter(|o| o.variable == variable)
                    .map(|o| o.value.clone())
                    .collect();
                if values.is_empty() {
                    return Err(InputError::argument(
                        "show",
                        format!("no outcome variable `{variable}`"),
                    )
                    .into());
                }
                columns = match &value {
                    Some(v) => vec![v.clone()],
                    None => values,
                };
                columns
                    .iter()
                    .map(|c| pick(summary, c))
                    .collect::<Result<Vec<_>, _>>()?
            }
        };
        cells.push(line);
    }
    let method = method_text(config, methods.iter().all(|&e| e), &refused);
    let shown = match (&column, &value) {
        (Some(_), Some(v)) | (None, Some(v)) => format!("P({variable} = {v})"),
        _ => format!("P({variable})"),
    };
    Ok(Grid {
        title: format!(
            "{} {}: {shown}",
            question.system().name(),
            question.action().name()
        ),
        row_field: row.0.clone(),
        column_field: column
            .as_ref()
            .map(|c| c.0.clone())
            .unwrap_or_else(|| variable.clone()),
        rows: row.1.clone(),
        columns,
        cells,
        method,
        scenario: shared_scenario(question, &row, column.as_ref())?,
        fractions: ask.fractions,
        provisional: question.provisional(),
        readings: crate::ask::readings::used(question),
    })
}

/// The cells that went to Monte Carlo although exact was tried, each as
/// its axis values and why.
fn refusals(
    keys: &[Vec<(&str, &str)>],
    answered: &[Result<crate::stats::Summary, QuestionError>],
) -> Vec<String> {
    keys.iter()
        .zip(answered)
        .filter_map(|(key, answer)| {
            let why = answer.as_ref().ok()?.exact_refused.as_ref()?;
            let at: Vec<String> = key.iter().map(|(k, v)| format!("{k}={v}")).collect();
            Some(format!("{}: {why}", at.join(" ")))
        })
        .collect()
}

/// How the cells were answered: all exact, or Monte Carlo with its
/// intervals, and the first cell exact was refused for, and why.
fn method_text(config: &RunConfig, all_exact: bool, refused: &[String]) -> String {
    if all_exact {
        return "every cell exact".to_string();
    }
    let mut method = format!(
        "Monte Carlo cells carry {:.0}% intervals; seed {}",
        100.0 * config.confidence,
        config.seed
    );
    if let Some(first) = refused.first() {
        method.push_str(&format!("\nnot exact: {first}"));
        if refused.len() > 1 {
            method.push_str(&format!(" (and {} more cells)", refused.len() - 1));
        }
    }
    method
}

/// A table's axes: the rows, the columns if any, and the variable and value
/// shown.
type Axes = (
    (String, Vec<String>),
    Option<(String, Vec<String>)>,
    String,
    Option<String>,
);

/// The table's row axis, its column axis (if any), and the variable and
/// value shown: from the flags, else the action's default table and headline.
fn axes(args: &TableAsk, question: &Question) -> Result<Axes, InputError> {
    let action = question.action();
    let defaults = action.default_table();
    let row = match (&args.row, defaults) {
        (Some(text), _) => axis(text)?,
        (None, Some((row, _))) => axis(row)?,
        (None, None) => {
            let names: Vec<&str> = question.fields().iter().map(|s| s.name).collect();
            return Err(InputError::argument(
                "row",
                format!(
                    "give a row axis, --row FIELD=VALUES; fields: {}",
                    names.join(", ")
                ),
            ));
        }
    };
    let column = match (&args.column, defaults) {
        (Some(text), _) => Some(axis(text)?),
        (None, Some((_, Some(column)))) if args.row.is_none() => Some(axis(column)?),
        _ => None,
    };
    let headline = question.headline();
    let (variable, value) = match &args.show {
        Some(text) => match text.split_once('=') {
            Some((v, x)) => (v.to_string(), Some(current_label(x).to_string())),
            None => (text.clone(), None),
        },
        None => match headline {
            Some((v, x)) => (v.to_string(), Some(x.to_string())),
            None => (String::new(), None),
        },
    };
    // With a column axis one value is shown; without, every value of the variable.
    if column.is_some() && value.is_none() {
        return Err(InputError::argument(
            "show",
            "with a column axis, --show needs VARIABLE=VALUE",
        ));
    }
    Ok((row, column, variable, value))
}

/// The cell of `variable = value` in an answer, or which outcomes there are.
fn cell_of(
    summary: &crate::stats::Summary,
    variable: &str,
    value: &str,
) -> Result<GridCell, InputError> {
    let estimate = summary.probability(variable, value).ok_or_else(|| {
        let variables: Vec<String> = summary
            .outcomes
            .iter()
            .map(|o| format!("{}={}", o.variable, o.value))
            .collect();
        InputError::argument(
            "show",
            format!(
                "no outcome {variable}={value}; there are {}",
                variables.join(", ")
            ),
        )
    })?;
    Ok(GridCell {
        estimate,
        exact: summary.exact,
    })
}

/// The scenario every cell shares, in words: the question's fields without
/// those that vary over the table (the axes, and any field an axis derives,
/// such as firepower from a differential), then what the rows and columns are.
fn shared_scenario(
    question: &Question,
    row: &(String, Vec<String>),
    column: Option<&(String, Vec<String>)>,
) -> Result<String, InputError> {
    let corner =
        |end: fn(&[String]) -> Option<&String>| -> Result<Vec<(String, String)>, InputError> {
            let mut fields = vec![(
                row.0.clone(),
                end(&row.1).cloned().unwrap_or_default(),
                Origin::arguments(),
            )];
            if let Some((name, values)) = column {
                fields.push((
                    name.clone(),
                    end(values).cloned().unwrap_or_default(),
                    Origin::arguments(),
                ));
            }
            Ok(question.with(&fields)?.scenario().pairs())
        };
    let (first, last) = (corner(|v| v.first())?, corner(|v| v.last())?);
    let axes: Vec<&str> = std::iter::once(row.0.as_str())
        .chain(column.map(|c| c.0.as_str()))
        .collect();
    let shared = |name: &str| {
        !axes.contains(&name)
            && first.iter().find(|(k, _)| k == name) == last.iter().find(|(k, _)| k == name)
    };
    let line = question.scenario_line_where(shared);
    let varying = match column {
        Some(c) => format!("rows {}, columns {}", row.0, c.0),
        None => format!("rows {}", row.0),
    };
    Ok(format!("{line} ({varying})"))
}
