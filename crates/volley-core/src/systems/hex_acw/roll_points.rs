//! The hex ACW rules' named roll, where a house rule's `[[roll]]` tables
//! attach: the d6 on the Casualties table.

use crate::rules::rolls::{Read, RollPoint};

/// The d6 of a volley (or of one side's fire in a duel).
pub const CASUALTY_DIE: RollPoint = RollPoint {
    name: "casualty_die",
    actions: "fire, duel",
    roll: "a d6 on the Casualties table, in the band of the firing hexes' total firepower (halved once for cover)",
    modifier: "added to the d6, kept within 1 to 6 (a plus reads a later column: more casualties)",
    threshold: None,
    failed: "the roll causes no casualty",
    totals: Some((1, 6)),
    outcomes: None,
    reads: &[
        Read::word("side", &["a", "b"], "the firing side (a volley: a)"),
        Read::number(
            "firepower",
            "the firing hexes' total firepower, before cover",
        ),
        Read::flag("cover", "the target is in cover"),
        Read::number(
            "range",
            "the range in hexes (a volley from several hexes: the first's)",
        ),
    ],
};

/// Every roll point of the rules, for `volley rules hex-acw rolls`.
pub const ALL: &[RollPoint] = &[CASUALTY_DIE];
