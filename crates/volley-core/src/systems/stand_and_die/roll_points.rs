//! Stand and Die!'s named roll, where a house rule's `[[roll]]` tables
//! attach: the d10 that decides an attack's fraction of a casualty.

use crate::rules::rolls::{Read, RollPoint};

/// The d10 of an attack's fraction.
pub const FRACTION_DIE: RollPoint = RollPoint {
    name: "fraction_die",
    actions: "attack, duel",
    roll: "an attack's whole casualties count; a d10 at or under its tenths left over adds one more",
    modifier: "added to the d10 (a plus makes the extra casualty less likely)",
    threshold: Some("the attack's tenths left over (1 to 9)"),
    failed: "no extra casualty",
    totals: Some((1, 10)),
    outcomes: None,
    reads: &[
        Read::word("side", &["a", "b"], "the attacking side (a lone attack: a)"),
        Read::number(
            "tenths",
            "the attack in tenths of a casualty (25: 2.5 casualties)",
        ),
        Read::number(
            "fraction",
            "the tenths left over after the whole casualties (1 to 9)",
        ),
    ],
};

/// Every roll point of the rules, for `volley rules stand-and-die rolls`.
pub const ALL: &[RollPoint] = &[FRACTION_DIE];
