//! Tidy frames: one row per (variant, sweep point, figure), written with polars to
//! Parquet and CSV. Every file is written to a temporary file in the same folder
//! and renamed into place, so an interrupted run never leaves half a file.

use anyhow::Context;
use polars::prelude::*;
use std::io::Write;
use std::path::Path;

pub use volley_core::experiment::{Row, SweepColumn, SweepKind};

/// Build the frame; `axes` are the sweep columns, in the experiment's order.
/// Its columns and their types are the core's ([`volley_core::experiment::table`]),
/// which the Python package builds its frames from too.
pub fn frame(axes: &[SweepColumn], rows: &[Row]) -> PolarsResult<DataFrame> {
    use volley_core::experiment::TidyValues::*;
    let columns = volley_core::experiment::table(axes, rows)
        .into_iter()
        .map(|column| {
            let name = column.name.as_str().into();
            match column.values {
                Text(v) => Column::new(name, v),
                OptionalText(v) => Column::new(name, v),
                OptionalInt(v) => Column::new(name, v),
                Float(v) => Column::new(name, v),
                OptionalFloat(v) => Column::new(name, v),
                Flag(v) => Column::new(name, v),
                OptionalFlag(v) => Column::new(name, v),
                OptionalTurn(v) => Column::new(name, v),
                OptionalCount(v) => Column::new(name, v),
            }
        })
        .collect();
    DataFrame::new_infer_height(columns)
}

/// Temporaries are `.volley-PID-XXXXXX.tmp`: hidden, ignored by `*.tmp` in
/// `.gitignore`, and traceable to the process that wrote them.
const TEMPORARY_PREFIX: &str = ".volley-";
const TEMPORARY_SUFFIX: &str = ".tmp";

/// Write `bytes` to `path` atomically (temporary file in the same folder, then
/// rename): an interrupted run leaves the old file or the new one, never half of
/// one; a temporary it leaves behind is removed by the next write in the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    remove_abandoned_temporaries(folder);
    let mut file = tempfile::Builder::new()
        .prefix(&format!("{TEMPORARY_PREFIX}{}-", std::process::id()))
        .suffix(TEMPORARY_SUFFIX)
        .tempfile_in(folder)
        .with_context(|| format!("cannot write in {}", folder.display()))?;
    file.write_all(bytes)?;
    // Readable by all, like any file the user writes (a temporary is 0600).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    file.as_file().sync_all()?;
    file.persist(path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Remove the temporaries of runs that were killed before they could rename
/// them: those whose process is gone (where the system lists its processes
/// under `/proc`) or, elsewhere, older than an hour. Best effort: a file that
/// cannot be read or removed is left alone.
pub fn remove_abandoned_temporaries(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let processes = Path::new("/proc/self").exists();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name
            .strip_prefix(TEMPORARY_PREFIX)
            .filter(|_| name.ends_with(TEMPORARY_SUFFIX))
        else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        let abandoned = match pid {
            Some(pid) if processes => {
                pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists()
            }
            _ => entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600),
        };
        if abandoned {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Write the frame as Parquet and CSV, atomically, with what it is: `meta`
/// goes into the Parquet file's key-value metadata (under `volley`, as JSON,
/// with its top-level text entries also as keys of their own) and beside the
/// CSV as `meta.json`, so that either file found alone says what it holds.
pub fn write(
    df: &mut DataFrame,
    parquet: &Path,
    csv: &Path,
    meta: &impl serde::Serialize,
) -> anyhow::Result<()> {
    // Through `Value`, so the keys print in alphabetical order.
    let meta = serde_json::to_value(meta)?;
    let json = serde_json::to_string_pretty(&meta)?;
    let mut pairs = vec![("volley".to_string(), json.clone())];
    if let Some(fields) = meta.as_object() {
        for (key, value) in fields {
            if let Some(text) = value.as_str() {
                pairs.push((key.clone(), text.to_string()));
            }
        }
    }
    let mut buffer = Vec::new();
    ParquetWriter::new(&mut buffer)
        .with_key_value_metadata(Some(KeyValueMetadata::from_static(pairs)))
        .finish(df)
        .map_err(|e| anyhow::anyhow!("encoding Parquet: {e}"))?;
    write_atomic(parquet, &buffer)?;
    write_atomic(csv, csv_text(df)?.as_bytes())?;
    let folder = csv.parent().unwrap_or(Path::new("."));
    write_atomic(&folder.join("meta.json"), (json + "\n").as_bytes())?;
    Ok(())
}

/// The frame as CSV text: the one CSV writer, for report frames and the
/// command line's `--format csv` alike.
pub fn csv_text(df: &mut DataFrame) -> anyhow::Result<String> {
    let mut buffer = Vec::new();
    CsvWriter::new(&mut buffer)
        .include_header(true)
        .finish(df)
        .map_err(|e| anyhow::anyhow!("encoding CSV: {e}"))?;
    Ok(String::from_utf8(buffer)?)
}

/// Named columns as CSV text, for printing (an encoding error is printed in its
/// place).
pub fn csv_of(named: Vec<(&str, FrameColumn)>) -> String {
    columns(named)
        .map_err(anyhow::Error::from)
        .and_then(|mut df| csv_text(&mut df))
        .unwrap_or_else(|e| format!("error: {e}\n"))
}

/// A frame of text and number columns, in order (for small tables such as an
/// answer's figures).
pub fn columns(columns: Vec<(&str, FrameColumn)>) -> PolarsResult<DataFrame> {
    let columns = columns
        .into_iter()
        .map(|(name, values)| match values {
            FrameColumn::Text(v) => Column::new(name.into(), v),
            FrameColumn::Number(v) => Column::new(name.into(), v),
            FrameColumn::Count(v) => Column::new(name.into(), v),
            FrameColumn::Flag(v) => Column::new(name.into(), v),
        })
        .collect();
    DataFrame::new_infer_height(columns)
}

/// The values of one column.
pub enum FrameColumn {
    Text(Vec<String>),
    Number(Vec<f64>),
    /// Whole numbers, with gaps (a turn that does not apply).
    Count(Vec<Option<u32>>),
    Flag(Vec<bool>),
}
