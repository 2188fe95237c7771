//! The request layer both front ends stand on: how a question is to be answered
//! (method, budget, seed, confidence, house-rule files), `field=value`
//! arguments and their refusals, and a question's errors in the words of the
//! flags that fix them. The command line (`cli`) and the page's API (`serve`)
//! each build on it; `serve` imports nothing from `cli`.

mod fields;
mod method;
mod plan;

pub use fields::{given_twice, key_values};
pub use method::{MethodArgs, explain, explain_run, flag, flag_of};
pub use plan::{PLAN_KEYS, PlanFlags};
