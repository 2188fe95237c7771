//! `volley guide [--out docs]`: write the generated pages of the guide.

use clap::Args;
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct GuideArgs {
    /// Folder that receives the generated pages.
    #[arg(long, default_value = "docs")]
    pub out: PathBuf,
}

pub fn run(args: &GuideArgs) -> anyhow::Result<String> {
    let mut out = String::new();
    for (name, text) in crate::guide::pages()? {
        let path = args.out.join(name);
        crate::frame::write_atomic(&path, text.as_bytes())?;
        let _ = writeln!(out, "{}", path.display());
    }
    Ok(out)
}
