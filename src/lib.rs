//! volley: exact and Monte Carlo answers to questions about tabletop wargame combat
//! tables.
//!
//! Data flows one way: `cli -> experiment -> question -> engine -> systems (via dice) -> tallies
//! -> stats -> frame / plot / report`.
//!
//! - [`dice`]: the `Dice` trait; the seeded sampler and the exact enumerator.
//! - [`tally`]: what a run accumulates (schema, tally, run result), below both the
//!   engine and the statistics.
//! - [`engine`]: procedures and engagements, the batch runner.
//! - [`stats`]: confidence intervals and run summaries.
//! - [`rules`]: chart data embedded as TOML, and house-rule patches.
//! - [`action`]: the traits a rule system implements, and scenario fields.
//! - [`systems`]: one folder per rule system, and their registry; nothing else
//!   knows a rule.
//! - [`output`]: terminal, JSON, CSV and Markdown renderings of a summary.
//! - [`frame`], [`plot`]: tidy polars frames (Parquet, CSV) and plotters figures.
//! - [`question`]: a validated question (system, rules, scenario), the one type
//!   every front end builds and asks; [`readings`]: which of the card's unsure
//!   readings an answer rests on, and what the others make of it.
//! - [`compare`]: a question against its variants on the same trials, with paired
//!   differences; [`effects`]: what each field is worth, one step at a time;
//!   [`solve`]: the value of a field that meets a target; [`sensitivity`]: which
//!   of a card's unsure readings move an answer.
//! - [`experiment`]: experiment files: scenario, sweep, variants, report.
//! - [`serve`]: the calculator in a browser (`volley serve`) and its JSON API.
//! - [`cli`]: the command line; the binary only calls [`cli::main`].

pub mod action;
pub mod cli;
pub mod compare;
pub mod dice;
pub mod effects;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod frame;
pub mod guide;
pub mod output;
pub mod plot;
pub mod question;
pub mod readings;
pub mod rules;
pub mod sensitivity;
pub mod serve;
pub mod solve;
pub mod stats;
pub mod systems;
pub mod tally;
