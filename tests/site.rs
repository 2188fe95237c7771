//! The static site (`volley site`) in a real browser with no volley process
//! behind it: a plain static file server (written here, it knows nothing of
//! volley) serves the folder, headless Chromium opens it, and the page's
//! Web Worker answers with volley's core compiled to WebAssembly. Each
//! answer must be the command line's JSON byte for byte: every action of
//! every system at its defaults, a house rule pasted in, effects, a table, best play and a sheet
//! (printed, on one or two pages); bad input gets the API's own line; a Monte
//! Carlo question shows its progress and is cancelled midway; and the page
//! answers again with the file server stopped (the service worker's copy).
//!
//! It needs the folder built first (`volley site --out target/site`, which
//! needs the wasm32 target and wasm-bindgen-cli; `.ci/run` installs them)
//! and Chromium, so it is ignored by a plain `cargo test`; run it with
//! `cargo test --release --test tests -- --ignored site::`.

use crate::browser::Browser;
use crate::web::{Server, cli_json, encode, volley};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// `target/site`, where `.ci/run` builds the site.
fn site_folder() -> PathBuf {
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/")
        .join("site");
    assert!(
        folder.join("volley_web_bg.wasm").exists(),
        "build the site first: volley site --out {}",
        folder.display()
    );
    folder
}

/// A static file server over `folder` on a free port, each file with its
/// content type; it refuses every request once `down` is set.
fn serve_folder(folder: PathBuf, down: Arc<AtomicBool>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().map_while(Result::ok) {
            let (folder, down) = (folder.clone(), down.clone());
            std::thread::spawn(move || {
                let mut reader = BufReader::new(&stream);
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() {
                    return;
                }
                // The headers, to the blank line.
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let path = first.split_whitespace().nth(1).unwrap_or("/");
                let path = path
                    .split('?')
                    .next()
                    .unwrap_or("/")
                    .trim_start_matches('/');
                let name = if path.is_empty() { "index.html" } else { path };
                let found = (!down.load(Ordering::SeqCst) && !name.contains(".."))
                    .then(|| std::fs::read(folder.join(name)).ok())
                    .flatten();
                let kind = match name.rsplit('.').next() {
                    Some("html") => "text/html; charset=utf-8",
                    Some("js") => "text/javascript; charset=utf-8",
                    Some("css") => "text/css; charset=utf-8",
                    Some("wasm") => "application/wasm",
                    Some("svg") => "image/svg+xml",
                    Some("webmanifest") => "application/manifest+json",
                    _ => "application/octet-stream",
                };
                let mut stream = &stream;
                let _ = match found {
                    Some(body) => stream
                        .write_all(
                            format!(
                                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                                body.len()
                            )
                            .as_bytes(),
                        )
                        .and_then(|()| stream.write_all(&body)),
                    None => stream.write_all(
                        b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                    ),
                };
            });
        }
    });
    port
}

/// The page's back end asked from the page: `/api/OP?QUERY`'s body, or
/// `error LINE`.
fn asked(browser: &Browser, op: &str, query: &str) -> String {
    let said = browser.script_async(
        "const [op, query, done] = arguments;
         backend.text(op, query).then((body) => done(body), (e) => done('error ' + e.message));",
        json!([op, query]),
    );
    said.as_str().expect("a text").to_string()
}

/// Wait until `script` returns true, up to a minute.
fn wait_for(browser: &Browser, script: &str, what: &str) {
    let started = Instant::now();
    while browser.script(script) != json!(true) {
        if started.elapsed() > Duration::from_secs(60) {
            // What the page showed, for the failure's reader.
            let shot = browser.screenshot("site-timed-out");
            panic!("{what} (the page: {})", shot.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs the site built (volley site --out target/site) and Debian's chromium; .ci/run does both"]
fn the_site_answers_in_the_browser_as_the_command_line_does() {
    let down = Arc::new(AtomicBool::new(false));
    let port = serve_folder(site_folder(), down.clone());
    let url = format!("http://127.0.0.1:{port}/");
    let browser = Browser::start(1280, 1200);

    // The first answer, timed from opening the page (printed, not held:
    // speed is measured, not tested).
    let opened = Instant::now();
    browser.open(&format!("{url}index.html?system=micro-squad&action=fire"));
    let headline = browser.answer();
    eprintln!(
        "site: first answer ({headline}) {} ms after opening the page",
        opened.elapsed().as_millis()
    );
    let cli: Value =
        serde_json::from_str(&cli_json("odds micro-squad fire")).expect("the CLI's JSON");
    assert_eq!(headline, cli["headline"]["text"].as_str().unwrap());

    // Every action of every system at its defaults: the CLI's JSON, byte
    // for byte.
    let systems: Value = serde_json::from_str(&asked(&browser, "systems", "")).unwrap();
    for system in systems.as_array().unwrap() {
        let name = system["name"].as_str().unwrap();
        for action in system["actions"].as_array().unwrap() {
            let action = action["name"].as_str().unwrap();
            let started = Instant::now();
            let page = asked(&browser, "odds", &format!("system={name}&action={action}"));
            eprintln!(
                "site: {name} {action} in the browser {} ms",
                started.elapsed().as_millis()
            );
            assert_eq!(
                page,
                cli_json(&format!("odds {name} {action}")),
                "{name} {action}"
            );
        }
    }

    // A house rule pasted in, as `volley odds --house-rule FILE`.
    let rule =
        "name = \"stout\"\nsystem = \"micro-squad\"\n[add]\n\"terrain.woods.personnel\" = 1\n";
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), rule).unwrap();
    let page = asked(
        &browser,
        "odds",
        &format!(
            "system=micro-squad&action=fire&terrain=woods&rule={}",
            encode(rule)
        ),
    );
    let (ok, cli, err) = volley(&[
        "odds",
        "micro-squad",
        "fire",
        "terrain=woods",
        "--house-rule",
        file.path().to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(ok, "{err}");
    assert_eq!(page, cli);
    // A rule with a script runs in the page's WebAssembly as on the command line.
    let path = "house_rules/adf_colonel_rally.toml";
    let rule = std::fs::read_to_string(path).unwrap();
    let page = asked(
        &browser,
        "odds",
        &format!(
            "system=deadly-field&action=morale-check&rule={}",
            encode(&rule)
        ),
    );
    assert_eq!(
        page,
        cli_json(&format!(
            "odds deadly-field morale-check --house-rule {path}"
        ))
    );

    // What each field is worth, and a table.
    let page = asked(
        &browser,
        "effects",
        "system=micro-force&action=charge&only=distance,attacker_stands",
    );
    assert_eq!(
        page,
        cli_json("effects micro-force charge --only distance,attacker_stands")
    );
    let page = asked(
        &browser,
        "table",
        "system=micro-squad&action=crt&row=differential%3D0..2&show=result",
    );
    assert_eq!(
        page,
        cli_json("table micro-squad crt --row differential=0..2 --show result")
    );

    // Best play and a sheet, as `volley plan` and `volley sheet` write them.
    let page = asked(
        &browser,
        "plan",
        "system=deadly-field&action=firefight&turns=2&check_trials=0",
    );
    assert_eq!(
        page,
        cli_json("plan deadly-field firefight turns=2 --check-trials 0")
    );
    let sheet = browser.script_async(
        "const done = arguments[0]; backend.sheet('stand-and-die', '').then(done, (e) => done('error ' + e.message));",
        json!([]),
    );
    assert_eq!(
        sheet.as_str().unwrap(),
        volley(&["sheet", "stand-and-die"]).1
    );

    // The sheet made in the page, printed.
    browser.open(&format!("{url}sheet.html?system=deadly-field"));
    wait_for(
        &browser,
        "return document.title.endsWith('odds sheet');",
        "the sheet is made in the page",
    );
    let pages = crate::browser::pdf_pages(&browser.print_pdf());
    assert!((1..=2).contains(&pages), "{pages} pages");

    // Bad input: the API's own line, as `volley serve` says it.
    let server = Server::start(&[]);
    for query in [
        "system=nope&action=fire",
        "system=micro-squad&action=fire&firepower=99",
    ] {
        let (status, api) = server.get(&format!("/api/odds?{query}"));
        assert_eq!(status, 400);
        assert_eq!(
            asked(&browser, "odds", query),
            format!("error {}", api.trim())
        );
    }

    // A Monte Carlo question cancelled midway: the page says so, and the
    // next question, asked in the same page, is answered (a fresh worker).
    let long_run = format!(
        "{url}index.html?system=micro-squad&action=engagement&a_stands=9&b_stands=9&method=monte-carlo&trials=10000000"
    );
    let running = |browser: &Browser| {
        wait_for(
            browser,
            "return !document.getElementById('status').hidden;",
            "the page says it is asking",
        );
        // The worker tells the page how far the run has gone.
        wait_for(
            browser,
            "return document.getElementById('progress').hasAttribute('value');",
            "the page shows the run's progress",
        );
    };
    // Another system picked on the form: its answer, the CLI's headline.
    let switch_to_hex = |browser: &Browser| {
        let action = browser.script(
            "const s = document.getElementById('system'); s.value = 'hex-acw'; s.dispatchEvent(new Event('change'));
             return document.getElementById('action').value;",
        );
        let action = action.as_str().unwrap();
        // The form keeps its method: Monte Carlo, 10,000,000 trials, seed 1.
        let cli: Value = serde_json::from_str(&cli_json(&format!(
            "odds hex-acw {action} --trials 10000000"
        )))
        .unwrap();
        let expected = cli["headline"]["text"].as_str().unwrap();
        wait_for(
            browser,
            &format!(
                "const h = document.getElementById('headline'); return !!h && h.textContent === {} && !document.getElementById('result').classList.contains('stale');",
                json!(expected)
            ),
            "the other system's answer",
        );
    };
    browser.open(&long_run);
    running(&browser);
    browser.click("#cancel");
    let said = browser.answer();
    assert!(said.starts_with("error Cancelled"), "{said}");
    switch_to_hex(&browser);
    // The form's own questions never wait behind a run: another system
    // picked mid-run gets its form and its answer at once (the run ends).
    browser.open(&long_run);
    running(&browser);
    switch_to_hex(&browser);

    // Offline: once the service worker holds the site, the page answers
    // with the file server refusing everything.
    wait_for(
        &browser,
        "return !!navigator.serviceWorker.controller;",
        "the service worker takes the page",
    );
    down.store(true, Ordering::SeqCst);
    browser.open(&format!(
        "{url}index.html?system=deadly-field&action=rally&mmp=7"
    ));
    let headline = browser.answer();
    let cli: Value = serde_json::from_str(&cli_json("odds deadly-field rally mmp=7")).unwrap();
    assert_eq!(headline, cli["headline"]["text"].as_str().unwrap());
    browser.screenshot("site-offline-deadly-field-rally");
}
