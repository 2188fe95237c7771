//! volley-core: everything that decides an answer to a question about a
//! tabletop wargame's combat tables, and nothing that presents it.
//!
//! Data flows one way: `question -> engine -> systems (via dice) -> tallies ->
//! stats -> answers`. The front ends (the `volley` command line, its
//! experiments, frames, plots and `volley serve`) stand on this crate; it
//! depends on none of them, nor on polars, plotters, clap, axum or tokio.
//!
//! - [`dice`]: the `Dice` trait; the seeded sampler, the exact enumerator and
//!   the step memo's recorder.
//! - [`tally`]: what a run accumulates (schema, tally, run result), below both
//!   the engine and the statistics.
//! - [`engine`]: procedures and engagements, the batch runner, the exact chain,
//!   the step memo, paired runs.
//! - [`stats`]: confidence intervals, paired differences and run summaries.
//! - [`rules`]: chart data embedded as TOML, house-rule patches, and the record
//!   of the options a question consulted.
//! - [`action`]: the traits a rule system implements, and scenario fields.
//! - [`systems`]: one folder per rule system, and their registry; nothing else
//!   knows a rule.
//! - [`question`]: a validated question (system, rules, scenario), the one type
//!   every front end builds and asks; [`readings`]: which of the card's unsure
//!   readings an answer rests on, and what the others make of it.
//! - [`contract`]: the JSON every front end prints, as serde types, and
//!   their JSON Schemas.
//! - [`compare`]: a question against its variants on the same trials, with
//!   paired differences, its [`variants`] written as `NAME:SPEC`; [`effects`]: what each field is worth, one step at a
//!   time; [`solve`]: the value of a field that meets a target; [`grid`]:
//!   a question asked at every cell of one or two axes (tables, sheets);
//!   [`sensitivity`]: which of a card's unsure readings move an answer.
//! - [`plan`]: best play in an engagement with choices (charge now, or fire
//!   again?), by backward induction over its exact chain.
//! - [`experiment`]: experiment files (a sweep of a question under rule
//!   variants) answered point by point into a tidy frame's rows, whole or
//!   in shards that run apart and merge back exactly.

#![forbid(unsafe_code)]

pub mod action;
pub mod compare;
pub mod contract;
pub mod dice;
pub mod effects;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod grid;
pub mod plan;
pub mod question;
pub mod readings;
pub mod rules;
pub mod sensitivity;
pub mod solve;
pub mod stats;
pub mod systems;
pub mod tally;
pub mod variants;
