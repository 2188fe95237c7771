//! Shards of one question from Python: a slice of a run's blocks of trials
//! as a tally (the JSON a `volley.Tally` carries and pickles), and tallies
//! merged back into the answer of the single run, byte for byte.

use crate::{config, input, question, run_detached, run_error};
use pyo3::prelude::*;
use volley_core::contract::{self, AnswerJson, TallyFile};
use volley_core::engine::{RunConfig, Shard};
use volley_core::question::QuestionError;
use volley_core::stats::summarize;

/// Shard `index` of `count` of a run of `trials` trials: its tally file, as
/// JSON (what `volley odds ... --shard K/N --save-tally` saves).
#[pyfunction]
#[pyo3(signature = (system, action, fields, trials, seed, confidence, house_rules, index, count))]
#[allow(clippy::too_many_arguments)]
pub fn odds_shard_json(
    py: Python<'_>,
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    trials: u64,
    seed: u64,
    confidence: f64,
    house_rules: Vec<String>,
    index: u64,
    count: u64,
) -> PyResult<String> {
    let shard = Shard::parse(&format!("{index}/{count}"))
        .and_then(|s| s.check(trials).map(|_| s))
        .map_err(|m| crate::InputError::new_err(format!("shard: {m}")))?;
    let question = question(system, action, fields, &house_rules)?;
    let config = RunConfig {
        shard: Some(shard),
        ..config("monte-carlo", Some(trials), None, seed, confidence, None)?
    };
    let file = run_detached(py, config, |config| {
        let result = question.answer(config)?;
        let consulted = volley_core::readings::consulted(&question);
        Ok(TallyFile::of_shard(
            &question, config, trials, shard, &result, &consulted,
        ))
    })?;
    Ok(serde_json::to_string(&file).expect("a tally serializes"))
}

/// Add up the tallies of every shard of one run and answer as the single run
/// of the same question does: the JSON of `volley.odds(..., trials=N)`.
#[pyfunction]
#[pyo3(signature = (system, action, fields, trials, seed, confidence, house_rules, tallies))]
#[allow(clippy::too_many_arguments)]
pub fn merge_tallies_json(
    system: &str,
    action: &str,
    fields: Vec<(String, String)>,
    trials: u64,
    seed: u64,
    confidence: f64,
    house_rules: Vec<String>,
    tallies: Vec<String>,
) -> PyResult<String> {
    let question = question(system, action, fields, &house_rules)?;
    let files = tallies
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let name = format!("tally {i}");
            serde_json::from_str::<TallyFile>(text)
                .map(|f| (name.clone(), f))
                .map_err(|e| crate::InputError::new_err(format!("{name}: not a volley tally: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let (run, result) = TallyFile::merge(&files).map_err(input)?;
    if run.system != question.system().name()
        || run.action != question.action().name()
        || run.scenario != question.scenario().to_json()
        || run.seed != seed
        || run.trials != trials
    {
        return Err(crate::InputError::new_err(
            "these tallies are of another question, seed or trial count",
        ));
    }
    // The options the shards' trials read, as if this process had played them.
    question.model().map_err(input)?;
    let read: Vec<String> = files
        .iter()
        .flat_map(|(_, f)| f.readings.iter().map(|(option, _)| option.clone()))
        .collect();
    question.book().note_consulted(&read);
    let config = config("monte-carlo", Some(trials), None, seed, confidence, None)?;
    let summary = summarize(&result);
    let readings = volley_core::readings::measure(&question, &summary, &config, false)
        .map_err(|e: QuestionError| run_error(e))?;
    Ok(contract::to_pretty_json(&AnswerJson::of_question(
        &question, &summary, &readings,
    )))
}
