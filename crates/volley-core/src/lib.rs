//! volley-core: everything that decides an answer to a question about a
//! tabletop wargame's combat tables, and nothing that presents it.
//!
//! Data flows one way: `question -> engine -> systems (via dice) -> tallies ->
//! stats -> answers`. The front ends (the `volley` command line, its
//! experiments, frames, plots and `volley serve`) stand on this crate; it
//! depends on none of them, nor on polars, plotters, clap, axum or tokio.
//!
//! The modules, from the ground up (none names one listed after it;
//! `tests/layers.rs` holds them to it):
//!
//! - [`dice`]: the `Dice` trait; the seeded sampler, the exact enumerator and
//!   the step memo's recorder; [`error`]: input errors that name their file,
//!   line and field.
//! - [`tally`]: what a run accumulates (schema, tally, run result), below both
//!   the engine and the statistics.
//! - [`stats`]: confidence intervals, paired differences and run summaries.
//! - [`rules`]: chart data embedded as TOML, house-rule patches, the roll
//!   rules that change a procedure's named rolls, and the record of the
//!   options a question consulted.
//! - [`engine`]: procedures and engagements, the batch runner, the exact chain,
//!   the step memo, paired runs.
//! - [`plan`]: best play in an engagement with choices (charge now, or fire
//!   again?), by backward induction over its exact chain; an engagement
//!   offers its decisions through the small trait it defines.
//! - [`action`]: the traits a rule system implements, and scenario fields.
//! - [`systems`]: one folder per rule system, and their registry; nothing else
//!   knows a rule.
//! - [`ask`]: what a user asks of a card, layer on layer: a validated
//!   question (system, rules, scenario), the one type every front end builds
//!   and asks; a question against its variants on the same trials, the value
//!   of a field that meets a target, a grid of questions; what each field is
//!   worth; variants written as `NAME:SPEC` and which unsure readings move an
//!   answer; and which readings an answer rests on.
//! - [`contract`]: the JSON every front end prints, as serde types, and
//!   their JSON Schemas.
//! - [`experiment`]: experiment files (a sweep of a question under rule
//!   variants) answered point by point into a tidy frame's rows, whole or
//!   in shards that run apart and merge back exactly.

#![forbid(unsafe_code)]

pub mod action;
pub mod ask;
pub mod contract;
pub mod dice;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod plan;
pub mod rules;
pub mod stats;
pub mod systems;
pub mod tally;
