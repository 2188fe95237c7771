//! What a user asks of a card, each way of asking standing on the ones
//! before it (no module here names one listed after it):
//!
//! 1. [`question`]: a validated question (system, rules, scenario), the one
//!    type every front end builds and asks.
//! 2. [`compare`]: a question against its variants on the same trials, with
//!    paired differences; [`solve`]: the value of a field that meets a
//!    target; [`grid`]: a question asked at every cell of one or two axes
//!    (tables, sheets).
//! 3. [`effects`]: what each field is worth, one step at a time, as one
//!    comparison.
//! 4. [`variants`]: variants written as `NAME:SPEC` and the comparison they
//!    make; [`sensitivity`]: which of a card's unsure readings move an
//!    answer, each measured as an effect.
//! 5. [`readings`]: which of the card's unsure readings an answer rests on,
//!    and what the others make of it.

pub mod question;

pub mod compare;
pub mod grid;
pub mod solve;

pub mod effects;

pub mod sensitivity;
pub mod variants;

pub mod readings;
