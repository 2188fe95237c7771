//! `volley merge FILE...`: put the shards of one sharded run back together:
//! the tallies of `volley odds --shard` into its answer, or the slices of
//! `volley run --shard` into its report.

use crate::experiment::slice::{self, Slice};
use crate::output::{Answer, Format, TallyFile, render};
use crate::stats::summarize;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Tally files saved by `volley odds ... --trials N --shard K/N --save-tally FILE`,
    /// or the slices `volley run EXPERIMENT --shard K/N` saved (every shard's).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// With slices: the folder that receives the experiment's report
    /// (`--reports` is the same flag's older name).
    #[arg(
        long = "out",
        visible_alias = "reports",
        value_name = "DIR",
        default_value = "reports"
    )]
    pub out: PathBuf,
    /// With slices: most sweep points the experiment may have, as for `volley run`.
    #[arg(long, default_value_t = crate::experiment::MAX_POINTS)]
    pub max_points: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// The options any shard consulted, each once, with the value it used.
fn merged_readings(files: &[(String, TallyFile)]) -> Vec<crate::ask::readings::Reading> {
    let mut seen: Vec<&(String, String)> = Vec::new();
    for pair in files.iter().flat_map(|(_, f)| &f.readings) {
        if !seen.contains(&pair) {
            seen.push(pair);
        }
    }
    seen.into_iter()
        .map(|(option, value)| crate::ask::readings::Reading {
            option: option.clone(),
            value: value.clone(),
            others: Vec::new(),
            other_values: Vec::new(),
            refused: Vec::new(),
            alternatives: Vec::new(),
            measured: crate::ask::readings::Measured::No(
                "merged shards: `volley sensitivity` or `volley odds --readings` measures the alternatives".to_string(),
            ),
        })
        .collect()
}

/// Read a slice of `volley run --shard`, or `None` when the file is not one.
fn slice(path: &std::path::Path) -> Result<Option<Slice>, crate::error::InputError> {
    let text = crate::error::read_file(path, "slice")?;
    let Ok(serde_json::Value::Object(fields)) = serde_json::from_str::<serde_json::Value>(&text)
    else {
        return Ok(None);
    };
    if fields.get("format").and_then(|f| f.as_str()) != Some(slice::FORMAT) {
        return Ok(None);
    }
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| crate::error::InputError {
            file: path.display().to_string(),
            line: Some(e.line()),
            field: String::new(),
            message: format!("not a whole volley slice: {e}"),
        })
}

/// Write an experiment's report from the slices of its shards.
fn merge_slices(args: &MergeArgs, first: Slice) -> anyhow::Result<String> {
    let mut slices = vec![(args.files[0].display().to_string(), first)];
    for path in &args.files[1..] {
        let name = path.display().to_string();
        match slice(path)? {
            Some(s) => slices.push((name, s)),
            None => {
                return Err(crate::error::InputError {
                    file: name,
                    line: None,
                    field: String::new(),
                    message: "not a slice of `volley run --shard`: merge slices with slices, tallies with tallies".to_string(),
                }
                .into());
            }
        }
    }
    let outcome = crate::reports::merge_slices(&slices, &args.out, args.max_points)?;
    let gallery = crate::reports::gallery::write(&args.out)?;
    Ok(format!(
        "{}: {} slices, {} points -> {}/README.md ({} files)\ngallery: {}\n",
        slices[0].1.experiment,
        slices.len(),
        outcome.points,
        outcome.folder.display(),
        outcome.files.len(),
        gallery.display()
    ))
}

pub fn run(args: &MergeArgs) -> anyhow::Result<String> {
    if let Some(first) = slice(&args.files[0])? {
        return merge_slices(args, first);
    }
    let files = args
        .files
        .iter()
        .map(|p| Ok((p.display().to_string(), TallyFile::load(p)?)))
        .collect::<Result<Vec<_>, crate::error::InputError>>()?;
    let (run, result) = TallyFile::merge(&files)?;
    let summary = summarize(&result);
    let answer = Answer {
        system: &run.system,
        action: &run.action,
        scenario: run.scenario.clone(),
        // The shards record the resolved scenario, not which fields were given.
        scenario_line: run
            .scenario
            .as_object()
            .map(|fields| {
                fields
                    .iter()
                    .map(|(k, v)| match v {
                        serde_json::Value::String(text) => format!("{k}={text}"),
                        other => format!("{k}={other}"),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default(),
        summary: &summary,
        headline: crate::systems::find(&run.system)
            .and_then(|system| crate::systems::find_action(system, &run.action))
            .ok()
            .and_then(|action| action.headline()),
        house_rules: &run.house_rules,
        // A shard records its house rules' names, not the values they changed.
        patches: &[],
        warning: None,
        notes: run.notes.clone(),
        provisional: run.provisional.clone(),
        working: Vec::new(),
        fractions: false,
        wide: false,
        readings: merged_readings(&files),
    };
    Ok(render(&answer, args.format))
}
