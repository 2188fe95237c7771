//! A load on `volley serve`: clients on the loopback, each asking a list of
//! questions in turn for a while, every reply's status and time kept, then a
//! table of them by question. Used by the load test (`serve_load`, in CI)
//! and by the whole-command benchmark `benches/serve_load.rs`, which reads
//! this file by path: nothing here but std.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// One question of the load: a short name for the table and its path
/// (`{n}` in it: a number new at each ask, so that the server cannot give
/// an answer it gave lately).
#[derive(Clone, Debug)]
pub struct Question {
    pub name: &'static str,
    pub path: &'static str,
}

/// The mix: two best-play plans (the same two each time: a repeat may join
/// a run or find its answer), an exact engagement and one fire (each new).
pub const MIX: [Question; 4] = [
    Question {
        name: "Micro Force best-reply plan",
        path: "/api/plan?system=micro-force&action=firefight&opponent=best",
    },
    Question {
        name: "Deadly Field plan",
        path: "/api/plan?system=deadly-field&action=firefight",
    },
    Question {
        name: "4 v 4 engagement",
        path: "/api/odds?system=micro-squad&action=engagement&a_stands=4&b_stands=4&seed={n}",
    },
    Question {
        name: "Micro Squad fire",
        path: "/api/odds?system=micro-squad&action=fire&seed={n}",
    },
];

/// One reply: which question, its status (0: no reply at all) and how long
/// it took from connecting to the last byte.
#[derive(Clone, Debug)]
pub struct Reply {
    pub question: usize,
    pub status: u16,
    pub took: Duration,
    /// The body's first line (the error line of a refusal).
    pub first_line: String,
}

/// GET `path` on 127.0.0.1:`port`, the connection closed after it: the
/// status and the body's first line (the rest read and let go: a plan's
/// answer can be 100 MB, and the load must not cost the server its CPU).
pub fn get(port: u16, path: &str) -> (u16, String) {
    let ask = || -> std::io::Result<(u16, String)> {
        let mut stream = TcpStream::connect(("127.0.0.1", port))?;
        stream.set_read_timeout(Some(Duration::from_secs(300)))?;
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )?;
        let mut head = Vec::new();
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            let n = stream.read(&mut buffer)?;
            if n == 0 {
                break;
            }
            if head.len() < 4096 {
                head.extend_from_slice(&buffer[..n.min(4096)]);
            }
        }
        let text = String::from_utf8_lossy(&head);
        let status = text
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
        Ok((status, body.lines().next().unwrap_or("").to_string()))
    };
    ask().unwrap_or((0, String::new()))
}

/// `clients` clients for `seconds`, client `c` asking `mix` in turn from
/// question `c` on (so that every question is asked from the start); a
/// client asks nothing new after the time is up but waits for its reply.
pub fn run(port: u16, clients: usize, seconds: u64, mix: &[Question]) -> Vec<Reply> {
    let until = Instant::now() + Duration::from_secs(seconds);
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let threads: Vec<_> = (0..clients)
        .map(|c| {
            let mix = mix.to_vec();
            let asked = asked.clone();
            std::thread::spawn(move || {
                let mut replies = Vec::new();
                let mut next = c % mix.len();
                while Instant::now() < until {
                    let started = Instant::now();
                    let n = asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let path = mix[next].path.replace("{n}", &n.to_string());
                    let (status, body) = get(port, &path);
                    replies.push(Reply {
                        question: next,
                        status,
                        took: started.elapsed(),
                        first_line: body,
                    });
                    next = (next + 1) % mix.len();
                }
                replies
            })
        })
        .collect();
    threads
        .into_iter()
        .flat_map(|t| t.join().expect("a client thread"))
        .collect()
}

/// The replies by question: answered (200), refused busy (503), refused
/// otherwise, and the slowest and the median reply.
pub fn table(mix: &[Question], replies: &[Reply]) -> String {
    let mut out = String::from(
        "| question | answered (200) | refused busy (503) | other | median | slowest |\n|---|---|---|---|---|---|\n",
    );
    for (q, question) in mix.iter().enumerate() {
        let mine: Vec<&Reply> = replies.iter().filter(|r| r.question == q).collect();
        let count = |status: u16| mine.iter().filter(|r| r.status == status).count();
        let other = mine.len() - count(200) - count(503);
        let mut times: Vec<f64> = mine.iter().map(|r| r.took.as_secs_f64()).collect();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let slowest = times.last().copied().unwrap_or(0.0);
        out += &format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            question.name,
            count(200),
            count(503),
            other,
            seconds(median),
            seconds(slowest)
        );
    }
    out
}

fn seconds(s: f64) -> String {
    if s < 1.0 {
        format!("{:.0} ms", s * 1000.0)
    } else {
        format!("{s:.1} s")
    }
}

/// The peak resident memory of process `pid` so far, in bytes (Linux: its
/// `VmHWM`), if it can be read.
pub fn peak_memory(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}
