//! `volley serve` under load, as a whole command: the release binary serving
//! on the loopback while 8 clients ask, each in turn, a best-reply plan, a
//! Deadly Field plan, the exact 4 v 4 engagement and one Micro Squad fire,
//! for 60 s (`VOLLEY_LOAD_SECONDS`); the server's flags from
//! `VOLLEY_SERVE_FLAGS`. Prints the table `docs/serve.md` gives, and the
//! server's peak memory. Run: `cargo bench --bench serve_load`.

#[path = "../tests/web/load.rs"]
mod load;

use std::io::BufRead;
use std::process::{Command, Stdio};

fn main() {
    let seconds: u64 = std::env::var("VOLLEY_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let flags = std::env::var("VOLLEY_SERVE_FLAGS").unwrap_or_default();
    let mut server = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(["serve", "--port", "0"])
        .args(flags.split_whitespace())
        .stdout(Stdio::piped())
        .spawn()
        .expect("volley serve starts");
    let mut line = String::new();
    std::io::BufReader::new(server.stdout.take().expect("its output"))
        .read_line(&mut line)
        .expect("volley serve prints its URL");
    let port: u16 = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_default()
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    let replies = load::run(port, 8, seconds, &load::MIX);
    let peak = load::peak_memory(server.id());
    let _ = server.kill();
    let _ = server.wait();
    println!("8 clients for {seconds} s, `volley serve {flags}`:\n");
    print!("{}", load::table(&load::MIX, &replies));
    match peak {
        Some(bytes) => println!("\nserver's peak memory: {} MB", bytes / 1_000_000),
        None => println!("\nserver's peak memory: not readable here"),
    }
    for r in replies
        .iter()
        .filter(|r| r.status != 200 && r.status != 503)
    {
        println!(
            "{} -> {} {}",
            load::MIX[r.question].name,
            r.status,
            r.first_line
        );
    }
}
