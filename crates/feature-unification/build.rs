//! Empty: a build script makes Cargo resolve this crate's build-dependencies
//! (the proc-macro side's features it unifies).
fn main() {}
