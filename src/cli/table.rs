//! `volley table SYSTEM ACTION`: P(variable = value) over one or two swept fields.
//!
//! `differential=-3..9` is accepted as a sweep axis for actions with `firepower`
//! and `defense`: it sets firepower = defense + differential.

use super::odds::{answer, prepare};
use super::{MethodArgs, key_values};
use crate::error::InputError;
use crate::output::{Format, Grid, GridCell, render_grid};
use crate::stats::summarize;
use clap::Args;

#[derive(Debug, Args)]
pub struct TableArgs {
    /// Rule system.
    pub system: String,
    /// Action whose outcome is tabulated.
    pub action: String,
    /// Fixed scenario fields as field=value.
    pub fields: Vec<String>,
    /// Row axis: FIELD=a..b or FIELD=v1,v2,... (default differential=-3..9 where the
    /// action has firepower and defense).
    #[arg(long, value_name = "FIELD=VALUES")]
    pub row: Option<String>,
    /// Column axis (default die_mod=-3..3 where the action has die_mod; without a
    /// column axis the columns are every value of the shown variable).
    #[arg(long = "col", value_name = "FIELD=VALUES")]
    pub column: Option<String>,
    /// The outcome shown: VARIABLE=VALUE, or VARIABLE for all its values (default:
    /// the action's headline outcome).
    #[arg(long, value_name = "VARIABLE[=VALUE]")]
    pub show: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
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

pub fn run(args: &TableArgs) -> anyhow::Result<String> {
    let fixed = key_values(&args.fields)?;
    let probe = prepare(&args.system, &args.action, &fixed, &args.method)?;
    let specs = probe.action.fields(&probe.book);
    let has = |name: &str| specs.iter().any(|s| s.name == name);
    let row = match &args.row {
        Some(text) => axis(text)?,
        None if has("firepower") && has("defense") => axis("differential=-3..9")?,
        None => {
            let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
            return Err(InputError::argument(
                "row",
                format!(
                    "give a row axis, --row FIELD=VALUES; fields: {}",
                    names.join(", ")
                ),
            )
            .into());
        }
    };
    let column = match &args.column {
        Some(text) => Some(axis(text)?),
        None if has("die_mod") && args.row.is_none() => Some(axis("die_mod=-3..3")?),
        None => None,
    };
    let headline = probe.action.headline();
    let (variable, value) = match &args.show {
        Some(text) => match text.split_once('=') {
            Some((v, x)) => (v.to_string(), Some(x.to_string())),
            None => (text.clone(), None),
        },
        None => match headline {
            Some((v, x)) => (v.to_string(), Some(x.to_string())),
            None => (String::new(), None),
        },
    };
    // With a column axis one value is shown; without, every value of the variable.
    let value = if column.is_some() && value.is_none() {
        return Err(InputError::argument(
            "show",
            "with a column axis, --show needs VARIABLE=VALUE",
        )
        .into());
    } else {
        value
    };
    let defense = fixed
        .iter()
        .find(|(k, _)| k == "defense")
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| {
            probe
                .scenario
                .pairs()
                .into_iter()
                .find(|(k, _)| k == "defense")
                .map(|(_, v)| v)
                .unwrap_or_default()
        });
    let point = |extra: &[(&str, &str)]| -> anyhow::Result<crate::stats::Summary> {
        let mut fields = fixed.clone();
        for (k, v) in extra {
            if *k == "differential" {
                let d: i64 = v.parse().map_err(|_| {
                    InputError::argument("differential", format!("`{v}` is not an integer"))
                })?;
                let def: i64 = defense.parse().unwrap_or(0);
                if def + d < 0 {
                    return Err(InputError::argument(
                        "differential",
                        format!("{d} needs firepower {}; raise defense", def + d),
                    )
                    .into());
                }
                fields.retain(|(key, _)| key != "firepower");
                fields.push(("firepower".to_string(), (def + d).to_string()));
            } else {
                fields.retain(|(key, _)| key != k);
                fields.push((k.to_string(), v.to_string()));
            }
        }
        let prepared = prepare(&args.system, &args.action, &fields, &args.method)?;
        Ok(summarize(&answer(&prepared, &args.method)?))
    };
    let pick = |summary: &crate::stats::Summary, value: &str| -> Result<GridCell, InputError> {
        let estimate = summary.probability(&variable, value).ok_or_else(|| {
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
    };
    let mut cells = Vec::new();
    let mut columns = Vec::new();
    let mut methods = Vec::new();
    for r in &row.1 {
        let mut line = Vec::new();
        match &column {
            Some((cf, cvs)) => {
                columns = cvs.clone();
                for c in cvs {
                    let summary = point(&[(&row.0, r), (cf, c)])?;
                    methods.push(summary.exact);
                    line.push(pick(&summary, value.as_deref().unwrap_or_default())?);
                }
            }
            None => {
                let summary = point(&[(&row.0, r)])?;
                methods.push(summary.exact);
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
                for c in &columns {
                    line.push(pick(&summary, c)?);
                }
            }
        }
        cells.push(line);
    }
    let method = if methods.iter().all(|&e| e) {
        "every cell exact".to_string()
    } else {
        format!(
            "Monte Carlo cells carry {:.0}% intervals; seed {}",
            100.0 * args.method.confidence,
            args.method.seed
        )
    };
    let shown = match (&column, &value) {
        (Some(_), Some(v)) | (None, Some(v)) => format!("P({variable} = {v})"),
        _ => format!("P({variable})"),
    };
    let grid = Grid {
        title: format!("{} {}: {shown}", args.system, args.action),
        row_field: row.0.clone(),
        column_field: column
            .as_ref()
            .map(|c| c.0.clone())
            .unwrap_or_else(|| variable.clone()),
        rows: row.1.clone(),
        columns,
        cells,
        method,
    };
    Ok(render_grid(&grid, args.format))
}
