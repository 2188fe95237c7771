//! Why the API cannot answer a request: a status and the one line the
//! command line would print for the same input.

/// Why a request cannot be answered: an HTTP status and the one line the
/// command line would print.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    /// Bad input (400), worded as `volley` words it: `error: ...`.
    pub fn input(error: impl std::fmt::Display) -> Self {
        let text = error.to_string();
        let line = text.lines().next().unwrap_or("bad request").trim();
        let line = line.strip_prefix("error: ").unwrap_or(line);
        ApiError {
            status: 400,
            message: format!("error: {line}"),
        }
    }

    /// The server cannot take the question now (503).
    pub fn busy(message: String) -> Self {
        ApiError {
            status: 503,
            message: format!("error: {message}"),
        }
    }
}
