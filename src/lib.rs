//! volley: exact and Monte Carlo answers to questions about tabletop wargame combat
//! tables, the front ends.
//!
//! Everything that decides an answer lives in the core crate, `volley-core`
//! (`crates/volley-core`: dice, tallies, engine, statistics, rules, every system,
//! questions, readings, comparisons); this package stands on it and presents
//! its answers. Data flows one way: `cli / serve -> experiment (core) -> question
//! (core) -> answers -> output / frame / plot / reports`.
//!
//! - [`output`]: terminal, JSON, CSV and Markdown renderings of an answer.
//! - [`frame`], [`plot`]: tidy polars frames (Parquet, CSV) and plotters figures.
//! - [`reports`]: what `volley run` leaves in `reports/NAME/` for an
//!   experiment the core answered: the frame, its figures, the README, and
//!   the gallery of every report.
//! - [`guide`]: the generated pages of `docs/`.
//! - [`request`]: what both front ends parse the same way: the method flags,
//!   house-rule files, `field=value` arguments, and errors in the flags' words.
//! - [`sheet`]: printable odds sheets, one a system.
//! - [`site`]: the page as a static folder that runs volley in the browser.
//! - [`api`]: the questions the page asks, answered from a query string,
//!   whether `volley serve` or the browser runs them.
//! - [`serve`]: the calculator in a browser (`volley serve`) and its JSON API.
//! - [`cli`]: the command line; the binary only calls [`cli::main`].
//!
//! The core's modules are re-exported under their own names (`volley::ask`,
//! `volley::systems`, ...), so a front end names them as the core does.

#![forbid(unsafe_code)]

pub use volley_core::{
    action, action_fields, ask, contract, dice, engine, error, experiment, plan, rules,
    rules_options, stats, systems, tally,
};

pub mod api;
#[cfg(feature = "native")]
pub mod cli;
#[cfg(feature = "native")]
pub mod frame;
#[cfg(feature = "native")]
pub mod guide;
pub mod output;
#[cfg(feature = "native")]
pub mod plot;
#[cfg(feature = "native")]
pub mod reports;
pub mod request;
#[cfg(feature = "native")]
pub mod serve;
pub mod sheet;
#[cfg(feature = "native")]
pub mod site;
