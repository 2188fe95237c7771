//! The JSON answer of every action at its defaults, kept byte for byte in
//! `tests/default_answers/`. A refactor must leave every answer as it was; a
//! change that means to alter answers rewrites the files on purpose with
//! `VOLLEY_BLESS=1 cargo test --release --test tests default_answers` and the
//! diff shows what moved. Each answer also validates against the published
//! JSON Schema.

use std::path::PathBuf;
use std::sync::Mutex;

use crate::common;
use assert_cmd::Command;

fn kept(system: &str, action: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/default_answers")
        .join(format!("{system}-{action}.json"))
}

fn answer_json(system: &str, action: &str) -> String {
    let out = Command::cargo_bin("volley")
        .unwrap()
        .args(["odds", system, action, "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{system} {action}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_default_answer_is_the_one_kept() {
    let bless = std::env::var_os("VOLLEY_BLESS").is_some();
    let work: Vec<(String, String)> = volley::systems::all()
        .iter()
        .flat_map(|system| {
            system
                .actions()
                .iter()
                .map(|action| (system.name().to_string(), action.name().to_string()))
                .collect::<Vec<_>>()
        })
        .collect();
    let queue = Mutex::new(work.into_iter());
    let changed = Mutex::new(Vec::new());
    // Two workers: the answers are independent and the slowest is most of the time.
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((system, action)) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let now = answer_json(&system, &action);
                    common::assert_valid_answer(&serde_json::from_str(&now).unwrap());
                    let path = kept(&system, &action);
                    if bless {
                        std::fs::write(&path, &now).unwrap();
                        continue;
                    }
                    let before = std::fs::read_to_string(&path).unwrap_or_default();
                    if before != now {
                        changed.lock().unwrap().push(format!("{system} {action}"));
                    }
                }
            });
        }
    });
    let mut changed = changed.into_inner().unwrap();
    changed.sort();
    assert!(
        changed.is_empty(),
        "default answers differ from tests/default_answers/ (rewrite on purpose with VOLLEY_BLESS=1): {changed:?}"
    );
}
