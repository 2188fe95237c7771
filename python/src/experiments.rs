//! Experiments from Python: an experiment file (or the TOML `volley.sweep`
//! writes) answered into the results frame, column by column, with its
//! metadata; or one shard of it into a slice, and slices merged back into the
//! frame of the single run.

use crate::{detached, input};
use pyo3::prelude::*;
use std::path::Path;
use volley_core::engine::Cancel;
use volley_core::engine::Shard;
use volley_core::experiment::{Experiment, Point, Prepared, slice::Slice};

/// The experiment `text` (named `label` in errors; its house-rule paths
/// relative to `folder`), checked and ready to answer.
fn prepared(label: &str, text: &str, folder: &str, max_points: u64) -> PyResult<Prepared> {
    let experiment = Experiment::parse(label, text, Path::new(folder)).map_err(input)?;
    Prepared::new(&experiment, max_points, None).map_err(input)
}

/// The frame of answered points as JSON: `{"columns": [{"name", "dtype",
/// "values"}], "meta": {...}}`, the columns and metadata of `results.parquet`
/// (less the figures, which `volley run` draws).
fn frame_json(prepared: &Prepared, points: &[Point]) -> String {
    let (columns, rows, meta) = prepared.frame(points);
    let table = volley_core::experiment::table(&columns, &rows);
    serde_json::json!({ "columns": table, "meta": meta }).to_string()
}

/// Answer a whole experiment: its frame as JSON.
#[pyfunction]
pub fn experiment_json(
    py: Python<'_>,
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
) -> PyResult<String> {
    let mut prepared = prepared(label, text, folder, max_points)?;
    let cancel = Cancel::default();
    prepared.config.cancel = Some(cancel.clone());
    let answered = detached(py, &cancel, || prepared.answer(None))?;
    Ok(frame_json(&prepared, &answered.map_err(input)?))
}

/// Run shard `index` of `count` of an experiment: its slice as JSON.
#[pyfunction]
pub fn experiment_slice_json(
    py: Python<'_>,
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
    index: u64,
    count: u64,
) -> PyResult<String> {
    if count == 0 || index >= count {
        return Err(crate::InputError::new_err(format!(
            "shard: ({index}, {count}): K runs from 0 to N-1"
        )));
    }
    let mut prepared = prepared(label, text, folder, max_points)?;
    let cancel = Cancel::default();
    prepared.config.cancel = Some(cancel.clone());
    let slice = detached(py, &cancel, || prepared.slice(Shard { index, count }))?;
    Ok(serde_json::to_string(&slice.map_err(input)?).expect("a slice serializes"))
}

/// Put an experiment's slices (JSON, every shard's) back together: the frame
/// of the single run, as JSON.
#[pyfunction]
pub fn experiment_merge_json(
    label: &str,
    text: &str,
    folder: &str,
    max_points: u64,
    slices: Vec<String>,
) -> PyResult<String> {
    let prepared = prepared(label, text, folder, max_points)?;
    let slices = slices
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let name = format!("slice {i}");
            serde_json::from_str::<Slice>(text)
                .map(|s| (name.clone(), s))
                .map_err(|e| crate::InputError::new_err(format!("{name}: not a volley slice: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let points = prepared.merge(&slices).map_err(input)?;
    Ok(frame_json(&prepared, &points))
}
