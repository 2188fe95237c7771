//! The policy in words, where it has a simple shape: "charge once
//! b_steps_lost >= 2", "charge when b_shaken or turns_left <= 2". Read off the
//! decision states best play reaches: a choice is described by one
//! condition on one axis of the state (or two, either sufficing) exactly when
//! that condition picks out the states where it is best.

use super::{Decisions, Plan};

/// Reach below this is left out of the rule: states best play almost never
/// meets do not shape it.
const NEGLIGIBLE: f64 = 1e-9;

/// One condition on one axis: `axis >= value` or `axis <= value` (on a flag,
/// "is set" or "is not set").
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    pub axis: &'static str,
    pub at_least: bool,
    pub value: i64,
    pub flag: bool,
}

impl Condition {
    fn holds(&self, x: i64) -> bool {
        if self.at_least {
            x >= self.value
        } else {
            x <= self.value
        }
    }

    fn text(&self) -> String {
        match (self.flag, self.at_least) {
            (true, true) => self.axis.to_string(),
            (true, false) => format!("not {}", self.axis),
            (false, true) => format!("{} >= {}", self.axis, self.value),
            (false, false) => format!("{} <= {}", self.axis, self.value),
        }
    }
}

/// How a choice other than the usual one is taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// Never best where best play goes.
    Never,
    /// Best wherever best play decides.
    Always,
    /// Best exactly where one of these (at most two) holds.
    When(Vec<Condition>),
    /// No such rule: see the table.
    Irregular,
}

/// The axes of a decision state, with the turns left (the turn about to be
/// played counts).
fn axes<G: Decisions>(game: &G, turn: u32, state: &G::State) -> Vec<(&'static str, i64)> {
    let mut axes = game.describe(state);
    axes.push(("turns_left", i64::from(game.turn_limit() + 1 - turn)));
    axes
}

/// Is `choice` best exactly where one of `conditions` holds?
fn fits(rows: &[(Vec<(&'static str, i64)>, bool)], conditions: &[Condition]) -> bool {
    rows.iter().all(|(axes, chosen)| {
        let holds = conditions.iter().any(|c| {
            axes.iter()
                .find(|(a, _)| *a == c.axis)
                .is_some_and(|(_, x)| c.holds(*x))
        });
        holds == *chosen
    })
}

/// The simplest rule for `choice` under `plan`'s policy.
pub fn simple_rule<G: Decisions>(game: &G, plan: &Plan<G::State>, choice: &str) -> Rule {
    let rows: Vec<(Vec<(&'static str, i64)>, bool)> = plan
        .policy
        .iter()
        .filter(|r| r.reach > NEGLIGIBLE && r.values.iter().any(|(c, _)| *c == choice))
        .map(|r| (axes(game, r.turn, &r.state), r.choice == choice))
        .collect();
    if rows.iter().all(|(_, chosen)| !chosen) {
        return Rule::Never;
    }
    if rows.iter().all(|(_, chosen)| *chosen) {
        return Rule::Always;
    }
    // Candidate conditions: each axis at each value it takes, both ways.
    let names: Vec<&'static str> = rows[0].0.iter().map(|(a, _)| *a).collect();
    let mut candidates = Vec::new();
    for name in names {
        let mut values: Vec<i64> = rows
            .iter()
            .filter_map(|(axes, _)| axes.iter().find(|(a, _)| *a == name).map(|(_, x)| *x))
            .collect();
        values.sort();
        values.dedup();
        if values.len() < 2 {
            continue;
        }
        let flag = values == [0, 1];
        for &value in &values {
            for at_least in [true, false] {
                if flag && ((at_least && value != 1) || (!at_least && value != 0)) {
                    continue;
                }
                candidates.push(Condition {
                    axis: name,
                    at_least,
                    value,
                    flag,
                });
            }
        }
    }
    for c in &candidates {
        if fits(&rows, std::slice::from_ref(c)) {
            return Rule::When(vec![c.clone()]);
        }
    }
    for (i, a) in candidates.iter().enumerate() {
        for b in &candidates[i + 1..] {
            if a.axis != b.axis && fits(&rows, &[a.clone(), b.clone()]) {
                return Rule::When(vec![a.clone(), b.clone()]);
            }
        }
    }
    Rule::Irregular
}

impl Rule {
    /// The rule in words, for `choice` against the usual one.
    pub fn text(&self, choice: &str, usual: &str) -> String {
        match self {
            Rule::Never => format!("never {choice}: always {usual}"),
            Rule::Always => format!("{choice} whenever {choice} is open"),
            Rule::When(conditions) => {
                let when: Vec<String> = conditions.iter().map(Condition::text).collect();
                format!("{choice} when {}; otherwise {usual}", when.join(" or "))
            }
            Rule::Irregular => format!(
                "{choice} in the states the table lists; no one- or two-condition rule fits"
            ),
        }
    }
}
