//! `volley merge TALLY...`: add up the shards of one sharded run.

use crate::output::{Answer, Format, TallyFile, render_answer};
use crate::stats::summarize;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Tally files saved by `volley odds ... --trials N --shard K/N --save-tally FILE`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// The options any shard consulted, each once, with the value it used.
fn merged_readings(files: &[(String, TallyFile)]) -> Vec<crate::readings::Reading> {
    let mut seen: Vec<&(String, String)> = Vec::new();
    for pair in files.iter().flat_map(|(_, f)| &f.readings) {
        if !seen.contains(&pair) {
            seen.push(pair);
        }
    }
    seen.into_iter()
        .map(|(option, value)| crate::readings::Reading {
            option: option.clone(),
            value: value.clone(),
            others: Vec::new(),
            other_values: Vec::new(),
            refused: Vec::new(),
            alternatives: Vec::new(),
            measured: crate::readings::Measured::No(
                "merged shards: `volley sensitivity` or `volley odds --readings` measures the alternatives".to_string(),
            ),
        })
        .collect()
}

pub fn run(args: &MergeArgs) -> anyhow::Result<String> {
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
        warning: None,
        notes: run.notes.clone(),
        provisional: run.provisional.clone(),
        working: Vec::new(),
        fractions: false,
        wide: false,
        readings: merged_readings(&files),
    };
    Ok(render_answer(&answer, args.format))
}
