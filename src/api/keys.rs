//! The query string's own keys, which are not scenario fields: the method's,
//! and the prefix of a compared variant's. Both the reading of a request and
//! the wording of its errors in query terms stand on them.

/// Query keys of the method (as the command line's method flags).
pub const METHOD_KEYS: [&str; 6] = [
    "method",
    "trials",
    "precision",
    "seed",
    "confidence",
    "budget",
];

/// The prefix of a compared variant's keys (`variant.firepower=8`,
/// `variant.rule=...`).
pub const VARIANT_PREFIX: &str = "variant.";

/// The keys of an effects' or a table's question beside its fields (as the
/// command line's flags of the same names: `col` is `--col`).
pub const SHAPE_KEYS: [&str; 5] = ["only", "show", "row", "col", "fractions"];
