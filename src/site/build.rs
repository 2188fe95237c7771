//! The WebAssembly core, built from volley's source: `cargo build` of
//! `crates/volley-web` for `wasm32-unknown-unknown` in the clone this binary
//! was built from, then `wasm-bindgen --target web` for its JavaScript.

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `wasm-bindgen` crate's version, pinned in `crates/volley-web`; the
/// command-line tool must be the same.
pub const WASM_BINDGEN: &str = "0.2.130";

/// The clone this binary was built from.
fn source() -> anyhow::Result<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if !root.join("crates/volley-web/Cargo.toml").exists() {
        bail!(
            "volley site builds the page's WebAssembly core from volley's source, and this binary's ({}) is gone: run it from a clone of volley (cargo run --release -- site --out DIR)",
            root.display()
        );
    }
    Ok(root)
}

/// Run `command`, its output to the log; its failure named with `what`.
fn run(mut command: Command, what: &str) -> anyhow::Result<()> {
    let output = command
        .output()
        .with_context(|| format!("{what}: could not start it"))?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        let last: Vec<&str> = said.lines().rev().take(12).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        bail!("{what} failed:\n{}", last.join("\n"));
    }
    Ok(())
}

/// `wasm-bindgen`, if it is the pinned version.
fn bindgen() -> anyhow::Result<PathBuf> {
    let program = std::env::var_os("VOLLEY_WASM_BINDGEN")
        .map_or_else(|| PathBuf::from("wasm-bindgen"), PathBuf::from);
    let install = format!("cargo install wasm-bindgen-cli --version {WASM_BINDGEN}");
    let version = Command::new(&program)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .map_err(|_| {
            anyhow::anyhow!(
                "volley site needs wasm-bindgen {WASM_BINDGEN}: install it with `{install}`"
            )
        })?;
    if version != format!("wasm-bindgen {WASM_BINDGEN}") {
        bail!(
            "volley site needs wasm-bindgen {WASM_BINDGEN}, found `{version}`: install it with `{install}`"
        );
    }
    Ok(program)
}

/// The core's two files (`volley_web.js`, `volley_web_bg.wasm`), built.
pub fn core(log: &mut dyn FnMut(&str)) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let root = source()?;
    let bindgen = bindgen()?;
    log("building volley's core for the browser (cargo build --target wasm32-unknown-unknown)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build
        .current_dir(&root)
        .args(["build", "--release", "-p", "volley-web"])
        .args(["--target", "wasm32-unknown-unknown"]);
    run(
        build,
        "cargo build --target wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown installs the target)",
    )?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let wasm = target.join("wasm32-unknown-unknown/release/volley_web.wasm");
    let out = tempfile::tempdir()?;
    log("writing its JavaScript (wasm-bindgen --target web)");
    let mut glue = Command::new(bindgen);
    glue.args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(out.path())
        .arg(&wasm);
    run(glue, "wasm-bindgen")?;
    ["volley_web.js", "volley_web_bg.wasm"]
        .iter()
        .map(|name| read(out.path(), name))
        .collect()
}

fn read(folder: &Path, name: &str) -> anyhow::Result<(String, Vec<u8>)> {
    let bytes = std::fs::read(folder.join(name))
        .with_context(|| format!("wasm-bindgen wrote no {name}"))?;
    Ok((name.to_string(), bytes))
}
