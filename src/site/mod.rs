//! `volley site --out DIR`: the calculator as a folder of static files that
//! any web host serves, with no volley process behind it. The page is
//! `volley serve`'s own (the same HTML, scripts and style), told to ask a
//! Web Worker instead of the server; the worker runs volley's core and the
//! page's API compiled to WebAssembly (`crates/volley-web`), so that every
//! answer is the command line's JSON byte for byte. A web-app manifest and a
//! service worker let a phone install it and use it offline.
//!
//! The WebAssembly is built from volley's source, here and now: this command
//! runs `cargo build --target wasm32-unknown-unknown` in the clone this
//! binary was built from, then `wasm-bindgen` (the version the crate pins).

mod build;

use crate::serve::page;
use std::path::{Path, PathBuf};

/// The site's own files beside the page's.
const WORKER: &str = include_str!("files/worker.js");
const SERVICE_WORKER: &str = include_str!("files/sw.js");
const MANIFEST: &str = include_str!("files/manifest.webmanifest");
const ICON: &str = include_str!("files/icon.svg");
const SHEET: &str = include_str!("files/sheet.html");

/// What was written.
pub struct Written {
    pub folder: PathBuf,
    pub files: usize,
    /// The WebAssembly core's size in bytes.
    pub wasm_bytes: u64,
}

/// A served page rewritten for a folder: relative addresses, the browser
/// back end, the manifest and the service worker.
fn for_folder(html: &str) -> anyhow::Result<String> {
    let mut out = html.to_string();
    for (from, to) in [
        (
            "<html lang=\"en\">",
            "<html lang=\"en\" data-backend=\"browser\">",
        ),
        (
            "<link rel=\"stylesheet\" href=\"/style.css\">",
            "<link rel=\"stylesheet\" href=\"style.css\">\n<link rel=\"manifest\" href=\"manifest.webmanifest\">\n<link rel=\"icon\" href=\"icon.svg\" type=\"image/svg+xml\">",
        ),
        ("<script src=\"/forms.js\">", "<script src=\"forms.js\">"),
        (
            "volley serve: everything on this page comes from the binary on this machine; nothing is fetched from elsewhere.",
            "volley site: everything on this page runs in this browser, from the files of this site; nothing is sent anywhere. Served over https (or from this machine), it works offline after the first visit.",
        ),
        (
            "</body>",
            "<script>if (\"serviceWorker\" in navigator && location.protocol !== \"file:\") navigator.serviceWorker.register(\"sw.js\");</script>\n</body>",
        ),
    ] {
        anyhow::ensure!(out.contains(from), "the page no longer holds `{from}`");
        out = out.replacen(from, to, 1);
    }
    // Each page's own script and links.
    Ok(out
        .replace("<script src=\"/app.js\">", "<script src=\"app.js\">")
        .replace("<script src=\"/plan.js\">", "<script src=\"plan.js\">")
        .replace("href=\"/plan\"", "href=\"plan.html\"")
        .replace("href=\"/\"", "href=\"index.html\"")
        .replace(
            "href=\"/sheet/micro-force\"",
            "href=\"sheet.html?system=micro-force\"",
        ))
}

/// A fingerprint of every file's name and bytes (FNV-1a, 64 bits): the
/// service worker's cache is named by it, so that any change to any file
/// makes a new worker, which replaces the old copy.
fn fingerprint(files: &[(String, Vec<u8>)]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, bytes) in files {
        for byte in name.bytes().chain([0]).chain(bytes.iter().copied()) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The site's files by name: the pages and scripts, and the WebAssembly
/// core's two files (`volley_web.js`, `volley_web_bg.wasm`) from `core`.
fn files(core: &[(String, Vec<u8>)]) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("index.html".into(), for_folder(page::INDEX)?.into_bytes()),
        ("plan.html".into(), for_folder(page::PLAN)?.into_bytes()),
        ("app.js".into(), page::SCRIPT.into()),
        ("plan.js".into(), page::PLAN_SCRIPT.into()),
        ("forms.js".into(), page::FORMS.into()),
        ("style.css".into(), page::STYLE.into()),
        ("worker.js".into(), WORKER.into()),
        ("sheet.html".into(), SHEET.into()),
        ("manifest.webmanifest".into(), MANIFEST.into()),
        ("icon.svg".into(), ICON.into()),
    ];
    files.extend(core.iter().cloned());
    // The service worker caches every file, under a name that changes with
    // the core, so that a new build replaces the old copy.
    let mut names: Vec<String> = files.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    names.insert(0, "\"./\"".to_string());
    let version = format!("{:016x}", fingerprint(&files));
    let service = SERVICE_WORKER
        .replace("VERSION", &version)
        .replace("FILE_LIST", &format!("[{}]", names.join(", ")));
    files.push(("sw.js".into(), service.into_bytes()));
    Ok(files)
}

/// An empty folder, or one holding a site volley wrote.
fn replaceable(out: &Path) -> bool {
    out.is_dir()
        && (std::fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_none())
            || (out.join("volley_web_bg.wasm").exists() && out.join("worker.js").exists()))
}

/// Build the WebAssembly core and write the site to `out` (replaced whole,
/// never left half-written: the files go to a folder beside it, renamed into
/// place once complete).
pub fn write(out: &Path, log: &mut dyn FnMut(&str)) -> anyhow::Result<Written> {
    // A folder already there is replaced only if it is empty or a site
    // volley wrote: `--out docs` must not take a project's documents.
    if out.exists() && !replaceable(out) {
        anyhow::bail!(
            "--out: {} exists and is not a site volley wrote (no volley_web_bg.wasm and worker.js in it): give a new or empty folder",
            out.display()
        );
    }
    let core = build::core(log)?;
    let wasm_bytes = core
        .iter()
        .find(|(n, _)| n.ends_with(".wasm"))
        .map_or(0, |(_, b)| b.len() as u64);
    let files = files(&core)?;
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let staging = tempfile::Builder::new()
        .prefix(".volley-site-")
        .tempdir_in(&parent)?;
    for (name, bytes) in &files {
        std::fs::write(staging.path().join(name), bytes)?;
    }
    let staged = staging.keep();
    if out.exists() {
        let old = tempfile::Builder::new()
            .prefix(".volley-site-old-")
            .tempdir_in(&parent)?
            .keep();
        std::fs::rename(out, old.join("site"))?;
        std::fs::rename(&staged, out)?;
        std::fs::remove_dir_all(&old)?;
    } else {
        std::fs::rename(&staged, out)?;
    }
    Ok(Written {
        folder: out.to_path_buf(),
        files: files.len(),
        wasm_bytes,
    })
}
