//! What a roll point is and shows: its name, its dice and what a house
//! rule's modifier, threshold and re-roll do there ([`RollPoint`]), the
//! values it shows a rule's condition ([`Read`], [`Value`]), and the words
//! `volley rules SYSTEM rolls` lists them in ([`describe`]).

/// What a roll point shows a rule: a value's name and kind, and what it is.
#[derive(Clone, Copy, Debug)]
pub struct Read {
    /// As a condition names it (`defender.quality`).
    pub name: &'static str,
    pub kind: ReadKind,
    pub about: &'static str,
}

impl Read {
    /// A whole number a rule reads under `name`.
    pub const fn number(name: &'static str, about: &'static str) -> Read {
        Read {
            name,
            kind: ReadKind::Number,
            about,
        }
    }

    /// A yes or no a rule reads under `name`.
    pub const fn flag(name: &'static str, about: &'static str) -> Read {
        Read {
            name,
            kind: ReadKind::Flag,
            about,
        }
    }

    /// One of `words`, read under `name`.
    pub const fn word(
        name: &'static str,
        words: &'static [&'static str],
        about: &'static str,
    ) -> Read {
        Read {
            name,
            kind: ReadKind::Word(words),
            about,
        }
    }
}

/// The kind of a shown value.
#[derive(Clone, Copy, Debug)]
pub enum ReadKind {
    /// A whole number (figures, inches, a level's rank).
    Number,
    /// Yes or no.
    Flag,
    /// One of these words.
    Word(&'static [&'static str]),
}

impl ReadKind {
    /// As a sentence says it ("a number").
    pub fn said(&self) -> String {
        match self {
            ReadKind::Number => "a whole number".to_string(),
            ReadKind::Flag => "true or false".to_string(),
            ReadKind::Word(words) => format!("one of {}", crate::error::one_of(words)),
        }
    }
}

/// A value a roll point shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Number(i64),
    Flag(bool),
    Word(&'static str),
}

/// A named roll of a procedure.
#[derive(Debug)]
pub struct RollPoint {
    /// As a house rule names it (`pre_impact_check`).
    pub name: &'static str,
    /// The action whose procedure rolls it (`charge`), or several.
    pub actions: &'static str,
    /// What is rolled and how it is judged, in a sentence.
    pub roll: &'static str,
    /// What a rule's `modifier` adds to, and its sign's meaning.
    pub modifier: &'static str,
    /// What a rule's `threshold` sets or moves; `None`: the roll has none.
    pub threshold: Option<&'static str>,
    /// What a failed roll is, for `reroll = "failed"`.
    pub failed: &'static str,
    /// The totals its dice make, lowest and highest: what a script's
    /// `result` hook reads and returns (the impact's: the charger's 2D6);
    /// `None`: the number of dice varies from roll to roll.
    pub totals: Option<(u32, u32)>,
    /// What the roll comes to, as its procedure names it (the impact's
    /// classes): what a script's `then` step reads and returns; `None`: the
    /// procedure names none, and a `then` step there is refused.
    pub outcomes: Option<&'static [&'static str]>,
    /// What it shows a rule, in the order the procedure gives the values.
    pub reads: &'static [Read],
}

/// A system's roll points in words: each one's roll, what a rule's
/// modifier and threshold change, what a failed roll is, and what it
/// shows a condition (`volley rules SYSTEM rolls`, and the guide).
pub fn describe(points: &[RollPoint]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for point in points {
        let _ = writeln!(out, "### `{}` ({})\n", point.name, point.actions);
        let _ = writeln!(out, "{}.\n", capitalised(point.roll));
        let _ = writeln!(out, "- `modifier`: {}", point.modifier);
        match point.threshold {
            Some(threshold) => {
                let _ = writeln!(out, "- `threshold`, `threshold_add`: {threshold}");
            }
            None => out.push_str("- no threshold\n"),
        }
        let _ = writeln!(out, "- `reroll = \"failed\"`: {}", point.failed);
        out.push_str("- `reroll = \"passed\"`: the roll made again when it did not fail (the enemy's re-roll)\n");
        match point.totals {
            Some((lowest, highest)) => {
                let _ = writeln!(
                    out,
                    "- a script's `result` reads and returns totals {lowest} to {highest}"
                );
            }
            None => {
                out.push_str("- no `result` hook (the number of dice varies from roll to roll)\n")
            }
        }
        if let Some(outcomes) = point.outcomes {
            let named: Vec<String> = outcomes.iter().map(|o| format!("`{o}`")).collect();
            let _ = writeln!(
                out,
                "- a script's `then` step reads `roll.outcome` and returns one of {}",
                named.join(", ")
            );
        }
        out.push_str(
            "- a `when` condition reads (and a script's `roll`, as `roll.NAME`; `after`'s also `roll.failed`):\n",
        );
        for read in point.reads {
            let _ = writeln!(
                out,
                "  - `{}`: {} ({})",
                read.name,
                read.about,
                read.kind.said()
            );
        }
        out.push('\n');
    }
    out
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
