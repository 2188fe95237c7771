//! The gallery: `reports/README.md`, one entry per report folder (its title,
//! its headline figure and a thumbnail of its first plot), so that a reader
//! browsing the repository sees the whole toolkit at a glance. It is rebuilt
//! from every folder's `meta.json` after each run, so it lists the reports of
//! earlier runs too.

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One report, as its `meta.json` describes it.
struct Entry {
    folder: String,
    title: String,
    question: String,
    /// The command that asks the question: `odds`, or `plan` for best play.
    command: &'static str,
    headline: String,
    thumbnail: Option<String>,
}

/// Write `reports_root/README.md` from the `meta.json` of every folder in it.
pub fn write(reports_root: &Path) -> anyhow::Result<PathBuf> {
    let mut entries = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(reports_root)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("meta.json").is_file())
        .collect();
    folders.sort();
    for folder in folders {
        let text = std::fs::read_to_string(folder.join("meta.json"))?;
        let Ok(meta) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let field = |key: &str| meta[key].as_str().unwrap_or_default().to_string();
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        entries.push(Entry {
            title: Some(field("title"))
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| name.clone()),
            question: [field("system"), field("action")]
                .into_iter()
                .filter(|s| !s.is_empty())
                .chain(
                    field("method")
                        .contains("--opponent best")
                        .then(|| "--opponent best".to_string()),
                )
                .collect::<Vec<_>>()
                .join(" "),
            headline: field("headline"),
            // An experiment of best play says so in its method.
            command: if field("method").contains("(volley plan") {
                "plan"
            } else {
                "odds"
            },
            thumbnail: meta["figures"]
                .as_array()
                .and_then(|f| f.first())
                .and_then(|f| f.as_str())
                .map(str::to_string),
            folder: name,
        });
    }
    let mut out = String::new();
    let _ = writeln!(out, "# Reports\n");
    let _ = writeln!(
        out,
        "Every report volley has written here, by folder: `volley run` writes the experiments of \
         `experiments/`, `volley sensitivity SYSTEM --out reports` the sensitivity of each \
         system to its readings of the card, `volley gallery` every house rule of \
         `house_rules/` against the card. Each folder holds the report (`README.md`), its \
         plots (PNG and SVG), its results (`results.parquet`, `results.csv`) and what they are \
         (`meta.json`). This page is rebuilt after every run.\n"
    );
    for e in &entries {
        let _ = writeln!(out, "## [{}]({}/README.md)\n", e.title, e.folder);
        if let Some(png) = &e.thumbnail {
            let _ = writeln!(
                out,
                "<a href=\"{0}/README.md\"><img src=\"{0}/{1}\" width=\"320\" alt=\"{2}\"></a>\n",
                e.folder,
                png,
                e.title.replace('"', "'")
            );
        }
        if e.question.contains(' ') {
            let _ = writeln!(out, "- question: `volley {} {}`", e.command, e.question);
        } else if !e.question.is_empty() {
            let _ = writeln!(out, "- system: `{}`", e.question);
        }
        if !e.headline.is_empty() {
            let _ = writeln!(out, "- headline: {}", e.headline);
        }
        let _ = writeln!(out, "- folder: [`{0}/`]({0}/README.md)\n", e.folder);
    }
    let path = reports_root.join("README.md");
    crate::frame::write_atomic(&path, out.as_bytes())?;
    Ok(path)
}
