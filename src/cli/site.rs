//! `volley site --out DIR`: the calculator as a static folder that runs in
//! the browser with no server process (see [`crate::site`]).

use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SiteArgs {
    /// The folder to write (replaced whole, atomically).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

pub fn run(args: &SiteArgs) -> anyhow::Result<String> {
    let written = crate::site::write(&args.out, &mut |step| eprintln!("{step}"))?;
    Ok(format!(
        "wrote {} ({} files; the WebAssembly core {:.1} MB): serve it with any static file server, for example `python3 -m http.server -d {}`, and open it in a browser\n",
        written.folder.display(),
        written.files,
        written.wasm_bytes as f64 / 1e6,
        written.folder.display()
    ))
}
