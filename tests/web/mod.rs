//! Helpers for the tests of `volley serve`: start the real binary on a free
//! port, and a small HTTP/1.1 client (the tests need nothing but std).

#![allow(dead_code)]

pub mod load;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `volley serve` running on a free port, stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
    pub port: u16,
}

impl Server {
    /// Start `volley serve --port 0` with `extra` flags, and wait for its URL.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_volley"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("volley serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("volley serve prints its URL");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        let port = url
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a port in the URL");
        Server { child, url, port }
    }

    /// GET `path` (with its query): the status and the body. An answer or a
    /// comparison (`/api/odds`, `/api/compare`, 200) must be the published
    /// JSON contract.
    pub fn get(&self, path: &str) -> (u16, String) {
        let (status, body) = request(self.port, "GET", path, None);
        if status == 200 && path.starts_with("/api/odds") {
            crate::common::assert_valid_answer(&serde_json::from_str(&body).unwrap());
        }
        if status == 200 && path.starts_with("/api/compare") {
            crate::common::assert_valid_comparison(&serde_json::from_str(&body).unwrap());
        }
        (status, body)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `true` while the process runs.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to 127.0.0.1:`port` (connection closed after it): the
/// status and the body, chunked bodies decoded.
pub fn request(port: u16, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    try_request(port, method, path, body).expect("the server answers")
}

/// [`request`], or the I/O error (a server not yet listening).
pub fn try_request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    // Read until the body is complete: some servers (chromedriver) keep the
    // connection open whatever the request says.
    let mut raw = Vec::new();
    let mut buffer = [0u8; 8192];
    loop {
        let n = stream.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buffer[..n]);
        if complete(&raw) {
            break;
        }
    }
    Ok(parse_response(&raw))
}

/// `true` once `raw` holds a whole response: its Content-Length, or the last
/// chunk of a chunked body.
fn complete(raw: &[u8]) -> bool {
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let body = &raw[split + 4..];
    if let Some(length) = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
    {
        return body.len() >= length;
    }
    head.contains("transfer-encoding: chunked") && body.ends_with(b"0\r\n\r\n")
}

fn parse_response(raw: &[u8]) -> (u16, String) {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut body = raw[split + 4..].to_vec();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = dechunk(&body);
    }
    (status, String::from_utf8(body).expect("a UTF-8 body"))
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&data[..end])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .expect("a chunk size");
        if size == 0 {
            return out;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// Percent-encode a query value.
pub fn encode(value: &str) -> String {
    let mut out = String::new();
    for b in value.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// What `volley ARGS` prints: (exit success, stdout, stderr).
pub fn volley(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_volley"))
        .args(args)
        .output()
        .expect("volley runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// `volley COMMAND --format json`, COMMAND one command line split at its
/// spaces (no argument here holds one), which must succeed: its output.
pub fn cli_json(command: &str) -> String {
    let mut args: Vec<&str> = command.split_whitespace().collect();
    args.extend(["--format", "json"]);
    let (ok, out, err) = volley(&args);
    assert!(ok, "{command}: {err}");
    out
}
