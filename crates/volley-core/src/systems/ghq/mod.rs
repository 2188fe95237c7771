//! Mechanics shared by the GHQ games (Micro Force, Micro Squad, Micro Armour:
//! all three, or the two a mechanic is on), parameterised by each card's data
//! through [`GhqCard`] and, where a card reads a shared rule its own way, a
//! `…Rule` trait on its charts:
//!
//! - [`cohesion`]: the d20 cohesion roll with naturals and its margin;
//! - [`crt`]: the Combat Results Table read by differential column;
//! - [`stand`]: S and D markers and how CRT results change them;
//! - [`results`]: the values of the actions' `result` variables;
//! - [`attack`]: one attack on the CRT (fire, artillery, overrun, close assault);
//! - [`markers`]: marker removal with the panic chain, and how a card reads
//!   its removal die face by face ([`MarkerRoll`]: the d20, or a card's own
//!   chart) for one stand and for an engagement's tables alike;
//! - [`marker_removal`]: one stand's marker removal as a procedure and as the
//!   cards' `marker-removal` action;
//! - [`fire_phase`]: a side's stands counted through an engagement's fire phase,
//!   with who fires next and at whom, from the turn's opening fire to its
//!   marker removal;
//! - [`roll_off`]: Micro Armour's posture and Micro Force's initiative
//!   roll-off (2D6 each), and a roll one side wins asked alone;
//! - [`movement`]: the movement chart and the cohesion roll to move;
//! - [`terrain`]: when a terrain's conditional modifier applies;
//! - [`command`]: the Command Efficiency Table and its roll;
//! - [`strike`]: an artillery mission's attack on one stand (and Micro
//!   Squad's air strike's), from its arrival through its deviation to the CRT;
//! - [`overrun`], [`close_assault`]: the fixed-column and fixed-modifier attacks
//!   of the movement phase;
//! - [`differential`]: the differential as a question axis, and what an
//!   action that attacks on the CRT says about itself ([`differential::crt_about`]);
//! - [`fields`]: a stand's marker fields under a role prefix, a force's
//!   cohesion, a strength and an impact's radius;
//! - [`group`]: identical stands as counts per marker state, for engagements;
//! - [`engagement_action`]: a card's `engagement` action around the fields
//!   and the engagement its charts build ([`engagement_action::EngagementRule`]);
//! - [`engagement_side`]: one side of an engagement as fields under its
//!   prefix: named and worded for the side, its stands and Break Point
//!   written once for both cards, which list their own fields between;
//! - [`engagement_record`]: what an engagement records, turn by turn and at
//!   its end, and what it plays between turns (written once, expanded in each
//!   card's engagement by the macro `between_turns!`);
//! - [`card`]: what a card supplies (CRT, marker penalties and their cap,
//!   options).

pub mod attack;
pub mod card;
pub mod close_assault;
pub mod cohesion;
pub mod command;
pub mod crt;
pub mod differential;
pub mod engagement_action;
pub mod engagement_record;
pub mod engagement_side;
pub mod fields;
pub mod fire_phase;
pub mod group;
pub mod marker_removal;
pub mod markers;
pub mod movement;
pub mod overrun;
pub mod results;
pub mod roll_off;
pub mod roll_points;
pub mod stand;
pub mod strike;
pub mod terrain;

pub use attack::{CrtAttack, attack_at, attack_by, attack_read, roll_result};
pub use card::{GhqCard, MarkerPenalties};
pub use cohesion::CohesionTest;
pub use crt::{CRT_COLUMNS, CRT_ROWS, Column, Crt, CrtResult, column, column_or_automatic};
pub use markers::{
    MarkerRoll, RemovalRecord, RemovalRoll, RemovalTable, apply_removal, d20_class, roll_notes,
};
pub use results::{AirResult, ArmourAirResult, FireRecord, FireResult, StrikeResult};
pub use stand::{Effect, ParenSTrigger, Stand, StandState};
