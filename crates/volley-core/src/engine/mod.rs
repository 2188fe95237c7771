//! The engine runs any procedure two ways and knows no rule system.
//!
//! - [`Procedure`]: one event (a fire, a charge), run once per trial or enumerated
//!   exactly over its dice tree.
//! - [`Engagement`]: a Markov chain over unit states, turn after turn; Monte Carlo
//!   plays it out, the exact runner steps the distribution over states and merges
//!   equal ones.
//! - [`Stepped`]: one event written as steps over a small state (a charge);
//!   exact step by step over merged states.
//! - [`Model`]: the object-safe face of both, used by the CLI and experiments.
//! - [`run`]: picks the method (exact within a branch budget, else Monte Carlo),
//!   runs the chunks in parallel with per-trial streams, merges tallies in order;
//!   [`RunConfig`] is what it is asked, [`RunError`] why it could not;
//!   [`MethodAsk`] is how every front end asks for it, checked once.
//! - [`run_paired`]: a baseline and its variants on the same trials, tallied
//!   jointly for paired differences.

mod chain;
mod declared;
mod engagement;
mod memo;
mod method_ask;
mod model;
mod monte_carlo;
mod paired;
mod play;
mod run_config;
mod run_error;
mod shared_steps;
mod stepped;

pub use crate::tally::{
    Categorical, Conditional, Curve, MeanVar, Method, RunResult, Schema, Tally,
};
pub use chain::EngagementModel;
pub use declared::Declared;
pub use engagement::{Ending, Engagement, turn_in_steps};
pub use method_ask::{AskError, MethodAsk, MethodName};
pub use model::{Classified, ClassifiedModel, MAX_CLASSES, Model, Procedure, ProcedureModel};
pub use monte_carlo::run;
pub use paired::{PairedMean, PairedRun, PairedTally, PairedVariable, Pairing, run_paired};
pub use run_config::{
    AUTO_BUDGET, AUTO_TRIALS, CHUNK_TRIALS, Cancel, DEFAULT_CONFIDENCE, DEFAULT_SEED, EXACT_BUDGET,
    MethodRequest, Progress, RunConfig, SIDE_TRIALS, Shard,
};
pub use run_error::{RunError, RunKey};
pub use shared_steps::{Moves, SharedSteps, exact_ends_shared};
#[cfg(test)]
pub(crate) use stepped::assert_steps_match_tree;
pub use stepped::{StepMoves, Stepped, SteppedModel, exact_ends, run_steps};
