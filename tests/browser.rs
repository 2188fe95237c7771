//! The page in a real browser: headless Chromium, driven over WebDriver by
//! chromedriver, opens `volley serve` with a scenario in the URL, waits for the
//! answer, and checks the printed headline against the API's, for one action of
//! each system; it clicks a field and checks that the answer and the address
//! follow. Screenshots go to `target/browser-test/`.
//!
//! It needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them),
//! so it is ignored by a plain `cargo test`; run it with
//! `cargo test --release --test tests -- --ignored browser::`.

use crate::web;

use base64::Engine;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use web::{Server, request};

/// The W3C WebDriver key of an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn program(variable: &str, default: &str) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.to_string())
}

/// chromedriver on a free port, with one headless Chromium session.
pub(crate) struct Browser {
    driver: Child,
    port: u16,
    session: String,
    /// Chromium's profile, removed with the browser.
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(crate) fn start(width: u32, height: u32) -> Browser {
        // Port 0: chromedriver picks a free port and says which.
        let mut driver = Command::new(program("VOLLEY_CHROMEDRIVER", "chromedriver"))
            .arg("--port=0")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (Debian's chromium-driver; .ci/run installs it)");
        let mut lines = BufReader::new(driver.stdout.take().expect("stdout")).lines();
        let port: u16 = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|line| {
                line.split_once("started successfully on port ")
                    .and_then(|(_, port)| port.trim_end_matches('.').trim().parse().ok())
            })
            .expect("chromedriver says its port");
        // Keep reading its output, so that it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        let started = Instant::now();
        while !matches!(web::try_request(port, "GET", "/status", None), Ok((200, _))) {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver starts"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().expect("a profile folder");
        let args = json!([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.path().display()),
        ]);
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": program("VOLLEY_CHROMIUM", "/usr/bin/chromium"), "args": args}
        }}});
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            _profile: profile,
        };
        let reply = browser.call("POST", "/session", Some(capabilities));
        browser.session = reply["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("a session: {reply}"))
            .to_string();
        browser
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let text = body.map(|b| b.to_string());
        let (status, reply) = request(self.port, method, path, text.as_deref());
        let reply: Value = serde_json::from_str(&reply).expect("WebDriver answers JSON");
        assert_eq!(status, 200, "{method} {path}: {reply}");
        reply["value"].clone()
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    pub(crate) fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    /// Open `server`'s page with `query` in the address, and wait for what it
    /// shows ([`Browser::answer`]).
    fn ask(&self, server: &Server, query: &str) -> String {
        self.open(&format!("{}?{query}", server.url));
        self.answer()
    }

    pub(crate) fn script(&self, script: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Run an async `script` with `args`: it calls `arguments[arguments.length
    /// - 1]` with its result.
    pub(crate) fn script_async(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/async",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// The headline once an answer is shown and nothing is being asked (or the
    /// error line, prefixed `error`), waiting up to a minute.
    pub(crate) fn answer(&self) -> String {
        let started = Instant::now();
        loop {
            let seen = self.script(
                "const h = document.getElementById('headline');
                 const e = document.getElementById('error');
                 const busy = document.getElementById('result').classList.contains('stale');
                 if (e && !e.hidden) return 'error ' + e.textContent;
                 return h && !busy ? h.textContent : null;",
            );
            if let Some(text) = seen.as_str() {
                return text.to_string();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no answer on the page within a minute"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub(crate) fn click(&self, selector: &str) {
        let element = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": selector})),
        );
        let id = element[ELEMENT].as_str().expect("the element exists");
        self.session_call("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// The page printed to PDF (Letter, as a browser prints it).
    pub(crate) fn print_pdf(&self) -> Vec<u8> {
        let encoded = self.session_call("POST", "/print", Some(json!({})));
        base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().expect("a PDF"))
            .expect("base64")
    }

    pub(crate) fn screenshot(&self, name: &str) -> PathBuf {
        let encoded = self.session_call("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().expect("a screenshot"))
            .expect("base64");
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("target/")
            .join("browser-test");
        std::fs::create_dir_all(&folder).expect("the screenshot folder");
        let path = folder.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot is written");
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The API's headline for the same query.
fn api_headline(server: &Server, query: &str) -> String {
    let (status, body) = server.get(&format!("/api/odds?{query}"));
    assert_eq!(status, 200, "{query}: {body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    answer["headline"]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{query} has a headline"))
        .to_string()
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run installs them"]
fn the_page_prints_the_apis_headline_for_each_system() {
    let server = Server::start(&[]);
    let browser = Browser::start(1280, 1500);
    let questions = [
        (
            "micro-force-charge",
            "system=micro-force&action=charge&distance=6&terrain=rough",
        ),
        (
            "micro-squad-engagement",
            "system=micro-squad&action=engagement&b_firepower=8&method=monte-carlo&trials=300000",
        ),
        (
            "micro-armour-fire",
            "system=micro-armour&action=fire&range=20",
        ),
        ("hex-acw-duel", "system=hex-acw&action=duel"),
        ("stand-and-die-duel", "system=stand-and-die&action=duel"),
        ("deadly-field-charge", "system=deadly-field&action=charge"),
    ];
    for (name, query) in questions {
        let shown = browser.ask(&server, query);
        assert_eq!(shown, api_headline(&server, query), "{name}");
        browser.screenshot(name);
    }
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run installs them"]
fn a_click_reasks_and_the_address_keeps_the_question() {
    let server = Server::start(&[]);
    let browser = Browser::start(1280, 1500);
    let before = browser.ask(&server, "system=micro-force&action=charge");
    assert_eq!(
        before,
        api_headline(&server, "system=micro-force&action=charge")
    );
    // The charge hits the flank: one click.
    browser.click("#fields input[data-field=flank_or_rear]");
    let started = Instant::now();
    let after = loop {
        let now = browser.answer();
        if now != before {
            break now;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the answer follows the click"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(
        after,
        api_headline(
            &server,
            "system=micro-force&action=charge&flank_or_rear=true"
        )
    );
    let address = browser.script("return location.search;");
    assert!(
        address.as_str().unwrap().contains("flank_or_rear=true"),
        "{address}"
    );
    browser.screenshot("micro-force-charge-flank");

    // A variant in the address opens the comparison: the variant's headline
    // and the difference beside the baseline's.
    let shown = browser.ask(
        &server,
        "system=micro-force&action=charge&variant.attacker_formation=line",
    );
    assert_eq!(
        shown,
        api_headline(&server, "system=micro-force&action=charge")
    );
    let sides = browser
        .script("return [...document.querySelectorAll('.side-headline')].map(e => e.textContent);");
    assert_eq!(sides.as_array().map(Vec::len), Some(2), "{sides}");
    assert_eq!(
        sides[0],
        api_headline(
            &server,
            "system=micro-force&action=charge&attacker_formation=line"
        )
    );
    browser.screenshot("micro-force-charge-compare");

    // A chart patch in the variant (`+=`): the variant's side lists the
    // value it changes, old -> new.
    browser.ask(
        &server,
        "system=micro-squad&action=fire&terrain=woods&variant.terrain.woods.personnel%2B=1",
    );
    let changes = browser.script(
        "return [...document.querySelectorAll('.side .patched li')].map(e => e.textContent);",
    );
    assert_eq!(
        changes,
        json!(["terrain.woods.personnel+=1 changes terrain.woods.personnel: 4 -> 5"]),
        "{changes}"
    );
    browser.screenshot("micro-squad-fire-variant-patch");

    // A value out of range gets volley's own message, and the page says so.
    let shown = browser.ask(&server, "system=micro-squad&action=fire&firepower=99");
    assert!(
        shown.starts_with("error error: key `firepower`: 99 is out of range"),
        "{shown}"
    );
    browser.screenshot("micro-squad-fire-out-of-range");

    // A bad link is not quietly replaced by a default form: the page shows
    // the API's own error for it.
    for (query, says) in [
        (
            "system=nope&action=fire",
            "key `system`: unknown system `nope`",
        ),
        // With no action either: the system is what is wrong.
        ("system=nope", "key `system`: unknown system `nope`"),
        (
            "system=micro-squad&action=fire&bogus=1",
            "key `bogus`: unknown field",
        ),
        ("system=micro-squad&action=fire&trials=-1", "`trials`"),
    ] {
        let shown = browser.ask(&server, query);
        if query.starts_with("system=nope") {
            // No other system's form beside the error, until one is picked.
            let form = browser.script(
                "return [document.getElementById('system').value, document.querySelectorAll('#fields input').length];",
            );
            assert_eq!(form, json!(["", 0]), "{form}");
        }
        let (_, api) = server.get(&format!("/api/odds?{query}"));
        assert!(shown.contains(says), "{query}: {shown}");
        assert_eq!(
            shown,
            format!("error {}", api.trim().replace("error: query: ", "error: ")),
            "{query}: the API's message"
        );
    }
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run installs them"]
fn a_phone_sized_page_shows_the_answer_first() {
    let server = Server::start(&[]);
    let browser = Browser::start(412, 900);
    let shown = browser.ask(
        &server,
        "system=micro-force&action=charge&attacker_stands=6",
    );
    assert_eq!(
        shown,
        api_headline(
            &server,
            "system=micro-force&action=charge&attacker_stands=6"
        )
    );
    // At the table the answer is what matters: on a narrow screen it sits
    // above the form.
    let top = browser.script(
        "return [document.getElementById('answer').getBoundingClientRect().top,
                 document.getElementById('fields').getBoundingClientRect().top];",
    );
    let (answer, form) = (top[0].as_f64().unwrap(), top[1].as_f64().unwrap());
    assert!(answer < form, "answer at {answer}, form at {form}");
    // Nothing is wider than the screen.
    let widths =
        browser.script("return [document.documentElement.scrollWidth, window.innerWidth];");
    let (page, screen) = (widths[0].as_f64().unwrap(), widths[1].as_f64().unwrap());
    assert!(
        page <= screen,
        "the page is {page} px wide on a {screen} px screen"
    );
    browser.screenshot("phone-micro-force-charge");
}

/// Pages of a PDF: its `/Type /Page` objects (not `/Pages`).
pub(crate) fn pdf_pages(pdf: &[u8]) -> usize {
    [b"/Type /Page".as_slice(), b"/Type/Page".as_slice()]
        .iter()
        .map(|key| {
            pdf.windows(key.len())
                .enumerate()
                .filter(|(i, w)| w == key && pdf.get(i + key.len()) != Some(&b's'))
                .count()
        })
        .sum()
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run installs them"]
fn every_sheet_prints_on_one_or_two_pages() {
    let server = Server::start(&[]);
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/")
        .join("browser-test");
    std::fs::create_dir_all(&folder).expect("the output folder");
    for system in crate::common::SYSTEMS {
        // The page serves the command line's sheet.
        let (status, served) = server.get(&format!("/sheet/{system}"));
        assert_eq!(status, 200, "{system}: {served}");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_volley"))
            .args(["sheet", system])
            .output()
            .expect("volley runs");
        assert_eq!(served, String::from_utf8(out.stdout).unwrap(), "{system}");
        let html = folder.join(format!("sheet-{system}.html"));
        let pdf = folder.join(format!("sheet-{system}.pdf"));
        std::fs::write(&html, &served).unwrap();
        let _ = std::fs::remove_file(&pdf);
        let printed = Command::new(program("VOLLEY_CHROMIUM", "chromium"))
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-pdf-header-footer",
                &format!("--print-to-pdf={}", pdf.display()),
                html.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("chromium runs");
        assert!(printed.success(), "{system}: chromium failed");
        let pages = pdf_pages(&std::fs::read(&pdf).expect("the PDF"));
        assert!((1..=2).contains(&pages), "{system}: {pages} pages");
        eprintln!("{system}: {pages} pages ({})", pdf.display());
    }
    // A bad address is a page with the error, every sheet and the way back.
    let (status, body) = server.get("/sheet/nope");
    assert_eq!(status, 400);
    assert!(body.contains("unknown system `nope`"), "{body}");
    assert!(body.contains("<a href=\"/sheet/micro-squad\">"), "{body}");
    assert!(
        body.contains("<a href=\"/\">Back to the calculator</a>"),
        "{body}"
    );
}

#[test]
#[ignore = "needs Debian's chromium and chromium-driver; .ci/run installs them"]
fn the_best_play_page_shows_the_apis_plan() {
    let server = Server::start(&[]);
    let browser = Browser::start(1280, 1500);
    let best_on_page = |query: &str| -> String {
        browser.open(&format!("{}plan?{query}", server.url));
        let started = Instant::now();
        loop {
            let seen = browser.script(
                "const h = document.querySelector('#result h2');
                 const e = document.getElementById('error');
                 if (e && !e.hidden) return 'error ' + e.textContent;
                 const busy = document.getElementById('result').classList.contains('stale');
                 return h && !busy ? h.textContent : null;",
            );
            if let Some(text) = seen.as_str() {
                return text.to_string();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no plan on the page within a minute"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let query = "system=micro-force&action=firefight&turns=2&range=4&a_formation=attack_column&check_trials=20000";
    let shown = best_on_page(query);
    let (status, body) = server.get(&format!("/api/plan?{query}"));
    assert_eq!(status, 200, "{body}");
    let plan: Value = serde_json::from_str(&body).unwrap();
    let best = plan["best"]["value"].as_f64().unwrap();
    assert_eq!(shown, format!("Best play for A: {:.2}%", 100.0 * best));
    // Every fixed policy's row, the policy in words, the check, and the
    // states best play reaches most.
    let rows = browser.script(
        "return [...document.querySelectorAll('table.plan-fixed tbody tr')].map(r => r.cells[0].textContent);",
    );
    assert_eq!(
        rows.as_array().map(Vec::len),
        Some(1 + plan["fixed"].as_array().unwrap().len()),
        "{rows}"
    );
    let text = browser.script("return document.getElementById('result').textContent;");
    let text = text.as_str().unwrap();
    assert!(text.contains(plan["summary"].as_str().unwrap()), "{text}");
    assert!(
        text.contains("Checked: the policy played by Monte Carlo (20,000 trials"),
        "{text}"
    );
    let states =
        browser.script("return document.querySelectorAll('table.plan-policy tbody tr').length;");
    assert!(states.as_u64().unwrap() > 0, "{states}");
    // Only the actions with choices are offered.
    let systems =
        browser.script("return [...document.getElementById('system').options].map(o => o.value);");
    assert_eq!(systems, json!(["micro-force", "deadly-field"]));
    // Pickers for the choices and the goal, beside the boxes that take
    // them typed; the table's states in words, with the usual choice.
    let picks = browser.script(
        "return [[...document.querySelectorAll('#choices-options option')].map(o => o.value), [...document.querySelectorAll('#goal-options option')].map(o => o.value)];",
    );
    assert_eq!(
        picks,
        json!([
            ["a:fire,charge"],
            [
                "P(breaks_first=a)",
                "P(breaks_first=b)",
                "P(breaks_first=both)",
                "P(breaks_first=neither)"
            ]
        ])
    );
    let header = browser.script(
        "return [...document.querySelectorAll('table.plan-policy thead th')].map(h => h.textContent);",
    );
    assert_eq!(
        header,
        json!(["turn", "state", "reach", "fire", "charge", "usual", "best"])
    );
    browser.screenshot("plan-micro-force-firefight");
    // The states table fits the 1280-pixel window: nothing to scroll to.
    let width = browser.script(
        "const t = document.querySelector('table.plan-policy'); return [t.scrollWidth, t.clientWidth];",
    );
    assert!(width[0].as_u64() <= width[1].as_u64(), "{width}");

    // A field changed on the form goes to the address; the button solves it.
    browser.click("#fields input[data-field=b_first_fire]");
    let address = browser.script("return location.search;");
    assert!(
        address.as_str().unwrap().contains("b_first_fire=false"),
        "{address}"
    );
    browser.click("#solve");
    let started = Instant::now();
    let changed_query = format!("{query}&b_first_fire=false");
    let (_, body) = server.get(&format!("/api/plan?{changed_query}"));
    let expected = serde_json::from_str::<Value>(&body).unwrap()["best"]["value"]
        .as_f64()
        .unwrap();
    loop {
        let seen = browser.script(
            "const h = document.querySelector('#result h2');
             const busy = document.getElementById('result').classList.contains('stale');
             return h && !busy ? h.textContent : null;",
        );
        if seen.as_str() == Some(format!("Best play for A: {:.2}%", 100.0 * expected).as_str()) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the solved plan follows the change: {seen}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    // Against B at its best: B's rows are marked with their side, and the
    // heading says whom A plays against.
    let minimax = "system=deadly-field&action=firefight&turns=2&opponent=best&check_trials=0";
    let shown = best_on_page(minimax);
    let (_, body) = server.get(&format!("/api/plan?{minimax}"));
    let best = serde_json::from_str::<Value>(&body).unwrap()["best"]["value"]
        .as_f64()
        .unwrap();
    assert_eq!(
        shown,
        format!(
            "Best play for A against B at its best: {:.2}%",
            100.0 * best
        )
    );
    let sides = browser.script(
        "return [...new Set([...document.querySelectorAll('table.plan-policy tbody tr')].map(r => r.cells[1].textContent))].sort();",
    );
    assert_eq!(sides, json!(["A", "B"]));
    // The states table fits the 1280-pixel window: nothing to scroll to.
    let width = browser.script(
        "const t = document.querySelector('table.plan-policy'); return [t.scrollWidth, t.clientWidth];",
    );
    assert!(width[0].as_u64() <= width[1].as_u64(), "{width}");
    let picked = browser.script("return document.getElementById('opponent').value;");
    assert_eq!(picked, json!("best"));

    // A bad goal gets the API's own message.
    let bad = "system=micro-force&action=firefight&goal=P(x%3Dy)";
    let shown = best_on_page(bad);
    let (_, api) = server.get(&format!("/api/plan?{bad}"));
    assert_eq!(
        shown,
        format!("error {}", api.trim().replace("error: query: ", "error: "))
    );
}
