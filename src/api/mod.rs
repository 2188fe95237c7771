//! The questions the page asks, answered from a query string: a request read
//! and held to its limits once, and the command line's own JSON (or a sheet's
//! HTML) written back, whichever back end runs it: `volley serve` over HTTP
//! ([`crate::serve`]) or the core compiled for the browser (`crates/volley-web`).
//! Bad input is an [`ApiError`]: the one line `volley` prints for it, in the
//! query's words, with an HTTP status.
//!
//! - [`request`]: a query string read as a question, a comparison's variant,
//!   and the method keys; [`keys`] names the keys that are not fields.
//! - [`limits`]: what one request may ask.
//! - [`answers`]: systems, fields, odds, compare, sheets; [`plan`]: best play.

pub mod answers;
pub mod error;
pub mod keys;
pub mod limits;
pub mod plan;
pub mod request;

pub use answers::{Asked, Prepared};
pub use error::ApiError;
pub use limits::Limits;
pub use request::Request;
