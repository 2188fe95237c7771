//! No code: this crate exists for its Cargo.toml, which asks for the features
//! that the volley binary and the Python module must agree on to share one
//! build of every crate they have in common.
