//! Helpers shared by the front ends' integration tests: the core's (run an
//! action by name, check exact against Monte Carlo) and a generator of careless
//! inputs.

#![allow(dead_code)]

pub mod generate;

#[path = "../../crates/volley-core/tests/common/mod.rs"]
mod core_helpers;

#[allow(unused_imports)]
pub use core_helpers::*;
