//! `volley sheet SYSTEM [--house-rule FILE]... [--out FILE]`: a system's
//! printable odds sheet (HTML, A4 or Letter).

use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SheetArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// A house-rule file patching the charts (repeatable, applied in order); the
    /// cells it changes are marked.
    #[arg(long = "house-rule", value_name = "FILE")]
    pub house_rules: Vec<PathBuf>,
    /// Write the HTML to FILE (atomically) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &SheetArgs) -> anyhow::Result<String> {
    let rules = args
        .house_rules
        .iter()
        .map(|path| crate::rules::HouseRule::from_file(path))
        .collect::<Result<Vec<_>, _>>()?;
    let sheet = crate::sheet::sheet(&args.system, &rules)?;
    let html = crate::sheet::render_html(&sheet);
    match &args.out {
        Some(path) => {
            crate::frame::write_atomic(path, html.as_bytes())?;
            Ok(format!(
                "wrote {} ({} tables); open it in a browser and print it\n",
                path.display(),
                sheet.tables.len()
            ))
        }
        None => Ok(html),
    }
}
