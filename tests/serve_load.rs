//! `volley serve` under load, the load test CI runs: 8 clients on the
//! loopback for 20 s, each asking in turn a best-reply plan, a Deadly Field
//! plan, an exact 4 v 4 engagement and a Micro Squad fire (a few
//! milliseconds alone). It fails if the fire is ever refused or waits a
//! second, if any reply is not an answer or a clear refusal (a 503 that says
//! the server is busy, a 400 that says what to change), or if the server's
//! peak memory passes its budget.
//!
//! `#[ignore]`d in a plain `cargo test`: its times mean something only with
//! the machine to itself, not beside the other tests running in parallel;
//! `.ci/run` runs it alone (`--ignored serve_load`).

use crate::web::{Server, load};
use std::time::{Duration, Instant};

/// The server's memory budget for the test, in MB.
const BUDGET_MB: u64 = 2600;

#[test]
#[ignore = "times need the machine to itself: .ci/run runs it alone"]
fn under_load_a_quick_question_never_waits_and_memory_stays_within_budget() {
    let server = Server::start(&["--max-memory", &BUDGET_MB.to_string()]);
    let quick = load::MIX.len() - 1;
    // The quick question alone (its best of three, the first warming up).
    let alone = (0..3)
        .map(|n| {
            let started = Instant::now();
            let path = load::MIX[quick].path.replace("{n}", &format!("9{n}"));
            assert_eq!(load::get(server.port, &path).0, 200);
            started.elapsed()
        })
        .min()
        .unwrap();
    assert!(
        alone < Duration::from_millis(50),
        "{alone:?}: the quick question is not quick"
    );
    let replies = load::run(server.port, 8, 20, &load::MIX);
    let peak = load::peak_memory(server.pid());
    println!(
        "{}server's peak memory: {:?} MB",
        load::table(&load::MIX, &replies),
        peak.map(|b| b / 1_000_000)
    );
    for r in &replies {
        let name = load::MIX[r.question].name;
        let clear = match r.status {
            200 => true,
            503 => r.first_line.starts_with("error: the server is busy"),
            400 => r.first_line.starts_with("error: "),
            _ => false,
        };
        assert!(clear, "{name}: {} {:?}", r.status, r.first_line);
        if r.question == quick {
            assert_eq!(r.status, 200, "{name} refused: {}", r.first_line);
            assert!(r.took < Duration::from_secs(1), "{name} took {:?}", r.took);
        }
    }
    for (q, question) in load::MIX.iter().enumerate() {
        assert!(
            replies.iter().any(|r| r.question == q && r.status == 200),
            "{} never answered",
            question.name
        );
    }
    if let Some(peak) = peak {
        assert!(
            peak <= BUDGET_MB << 20,
            "the server held {} MB, over its budget of {BUDGET_MB} MB",
            peak >> 20
        );
    }
}
