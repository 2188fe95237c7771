//! The policy in words, where it has a simple shape: "charge when B's
//! steps lost at least 2", "charge when B is Shaken or turns left at most
//! 2" (each axis in the game's words, else in its code). Read off the
//! decision states best play reaches: a choice is described by one
//! condition on one axis of the state (or two, either sufficing) exactly when
//! that condition picks out the states where it is best.

use super::{AxisWords, Decisions, Plan};
use rayon::prelude::*;

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

    /// The condition in its axis's code (`b_steps_lost >= 2`, `not b_shaken`).
    pub fn coded(&self) -> String {
        match (self.flag, self.at_least) {
            (true, true) => self.axis.to_string(),
            (true, false) => format!("not {}", self.axis),
            (false, true) => format!("{} >= {}", self.axis, self.value),
            (false, false) => format!("{} <= {}", self.axis, self.value),
        }
    }

    /// The condition in the card's words where `game` words its axis
    /// (`B's steps lost at least 2`, `B is not Shaken`), else in code.
    pub fn words<G: Decisions>(&self, game: &G) -> String {
        axis_words(game, self.axis)
            .map_or_else(|| self.coded(), |w| w.condition(self.at_least, self.value))
    }
}

/// `axis` of `game`'s decision states in words: the game's own, and the
/// turns left (which the plan adds to every state).
pub fn axis_words<G: Decisions>(game: &G, axis: &str) -> Option<AxisWords> {
    if axis == "turns_left" {
        return Some(AxisWords::count("turns left"));
    }
    game.axis_words(axis)
}

/// The conditions of a rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    One(Condition),
    Either(Condition, Condition),
    Both(Condition, Condition),
}

/// How a choice other than the usual one is taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// Never best where best play goes.
    Never,
    /// Best wherever best play decides.
    Always,
    /// Best where this holds, but in states best play reaches `departs` of
    /// the time (a share of the states where the choice is open; 0: exactly).
    When { shape: Shape, departs: f64 },
    /// No such rule: see the table.
    Irregular,
}

/// The axes of a decision state (`described` by the game) with the turns
/// left (the turn about to be played counts), as the rules and the policy's
/// picture read them.
pub fn with_turns_left(
    mut described: Vec<(&'static str, i64)>,
    turn_limit: u32,
    turn: u32,
) -> Vec<(&'static str, i64)> {
    described.push(("turns_left", i64::from(turn_limit + 1 - turn)));
    described
}

/// Does `condition` hold on these axes?
fn holds_on(axes: &[(&'static str, i64)], condition: &Condition) -> bool {
    axes.iter()
        .find(|(a, _)| *a == condition.axis)
        .is_some_and(|(_, x)| condition.holds(*x))
}

/// A decision state: its axes, how likely best play reaches it, and whether
/// the choice is best there.
type Row = (Vec<(&'static str, i64)>, f64, bool);

/// A yes or no for each row, 64 rows a word.
#[derive(Clone)]
struct RowBits(Vec<u64>);

impl RowBits {
    fn of(rows: &[Row], yes: impl Fn(&Row) -> bool) -> Self {
        let mut words = vec![0u64; rows.len().div_ceil(64)];
        for (r, row) in rows.iter().enumerate() {
            words[r / 64] |= u64::from(yes(row)) << (r % 64);
        }
        RowBits(words)
    }

    fn or(&self, other: &Self) -> Self {
        RowBits(self.0.iter().zip(&other.0).map(|(a, b)| a | b).collect())
    }

    fn and(&self, other: &Self) -> Self {
        RowBits(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    /// The rows where the two differ, in order.
    fn differing<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = usize> + 'a {
        self.0
            .iter()
            .zip(&other.0)
            .enumerate()
            .flat_map(|(w, (a, b))| {
                let mut left = a ^ b;
                std::iter::from_fn(move || {
                    (left != 0).then(|| {
                        let bit = left.trailing_zeros() as usize;
                        left &= left - 1;
                        w * 64 + bit
                    })
                })
            })
    }
}

/// A rule may leave out states best play reaches this seldom, as a share of
/// the reach of every decision state where the choice is open; it then says
/// how seldom.
pub const TOLERANCE: f64 = 0.01;

/// The simplest rule for `side`'s `choice` under `plan`'s policy: one
/// condition, or two either or both of which must hold, that picks out where
/// the choice is best, exactly or but for states reached at most
/// [`TOLERANCE`] of the time. Only states where the choice is open and is
/// not itself the usual one count: a rule says when to depart from the usual
/// play.
pub fn simple_rule<G: Decisions>(
    game: &G,
    plan: &Plan<G::State>,
    side: &str,
    choice: &str,
) -> Rule {
    let rows: Vec<Row> = plan
        .policy
        .iter()
        .filter(|r| {
            r.side == side
                && r.reach > NEGLIGIBLE
                && r.values.iter().any(|(c, _)| *c == choice)
                && r.values.first().is_some_and(|(usual, _)| *usual != choice)
        })
        .map(|r| {
            let axes = with_turns_left(game.describe(&r.state), game.turn_limit(), r.turn);
            (axes, r.reach, r.choice == choice)
        })
        .collect();
    if rows.iter().all(|(.., chosen)| !chosen) {
        return Rule::Never;
    }
    if rows.iter().all(|(.., chosen)| *chosen) {
        return Rule::Always;
    }
    let total: f64 = rows.iter().map(|r| r.1).sum();
    // Candidate conditions: each axis at each value it takes, both ways.
    let names: Vec<&'static str> = rows[0].0.iter().map(|(a, _)| *a).collect();
    let mut candidates = Vec::new();
    for name in names {
        let mut values: Vec<i64> = rows
            .iter()
            .filter_map(|(axes, ..)| axes.iter().find(|(a, _)| *a == name).map(|(_, x)| *x))
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
    // Where each condition holds, row by row, found once and kept as bits:
    // the pairs below read these instead of searching each row's axes by
    // name again, and find the rows a rule misses a word at a time.
    let holds: Vec<RowBits> = candidates
        .iter()
        .map(|c| RowBits::of(&rows, |(axes, ..)| holds_on(axes, c)))
        .collect();
    let chosen = RowBits::of(&rows, |(.., chosen)| *chosen);
    let misfit_short_of =
        |predicted: &RowBits, enough: f64| misses_short_of(predicted, &chosen, &rows, enough);
    // The simplest shape that fits best: one condition first, then two.
    let mut best: Option<(f64, Shape)> = None;
    let consider = |best: &mut Option<(f64, Shape)>, miss: f64, shape: Shape| {
        if best.as_ref().is_none_or(|(b, _)| miss < b - 1e-15) {
            *best = Some((miss, shape));
        }
    };
    for (c, held) in candidates.iter().zip(&holds) {
        let miss = misfit_short_of(held, f64::INFINITY);
        consider(&mut best, miss, Shape::One(c.clone()));
    }
    // A pair is taken only where it misses less than the best so far, which
    // is at most the best single condition's: a pair's sum is cut short
    // once it cannot be taken (sums of reaches only grow), and the pair
    // taken, if any, is summed whole.
    let enough = best.as_ref().map_or(f64::INFINITY, |(b, _)| b - 1e-15);
    // Each pair's fit, either condition and both, found in parallel (the
    // pairs are many: a few thousand over a few thousand states), then
    // weighed in order below.
    let pairs: Vec<Vec<(usize, f64, f64)>> = (0..candidates.len())
        .into_par_iter()
        .map(|i| {
            (i + 1..candidates.len())
                .filter(|&j| candidates[j].axis != candidates[i].axis)
                .map(|j| {
                    let (a, b) = (&holds[i], &holds[j]);
                    let either = misfit_short_of(&a.or(b), enough);
                    let both = misfit_short_of(&a.and(b), enough);
                    (j, either, both)
                })
                .collect()
        })
        .collect();
    for (a, fits) in candidates.iter().zip(pairs) {
        for (j, either, both) in fits {
            let b = &candidates[j];
            consider(&mut best, either, Shape::Either(a.clone(), b.clone()));
            consider(&mut best, both, Shape::Both(a.clone(), b.clone()));
        }
    }
    match best {
        Some((miss, shape)) if miss <= TOLERANCE * total => Rule::When {
            shape,
            departs: miss / total,
        },
        _ => Rule::Irregular,
    }
}

/// The reach of the rows where `predicted` differs from `chosen`, in the
/// order of the rows, summed as `Iterator::sum` sums; once the sum reaches
/// `enough` it stops there (the rest would only add to it).
fn misses_short_of(predicted: &RowBits, chosen: &RowBits, rows: &[Row], enough: f64) -> f64 {
    let start: f64 = std::iter::empty::<f64>().sum();
    let mut misses = predicted.differing(chosen).map(|r| rows[r].1);
    match misses.try_fold(start, |sum, reach| {
        let sum = sum + reach;
        if sum >= enough { Err(sum) } else { Ok(sum) }
    }) {
        Ok(sum) | Err(sum) => sum,
    }
}

impl Rule {
    /// The rule with its conditions in code, for `choice` against the
    /// usual one.
    pub fn text(&self, choice: &str, usual: &str) -> String {
        self.said(choice, usual, &Condition::coded)
    }

    /// The rule for `choice` against the usual one, each condition said by
    /// `say`.
    pub fn said(&self, choice: &str, usual: &str, say: &dyn Fn(&Condition) -> String) -> String {
        match self {
            Rule::Never => format!("never {choice}: always {usual}"),
            Rule::Always => format!("{choice} whenever {choice} is open"),
            Rule::When { shape, departs } => {
                let when = match shape {
                    Shape::One(c) => say(c),
                    Shape::Either(a, b) => format!("{} or {}", say(a), say(b)),
                    Shape::Both(a, b) => format!("{} and {}", say(a), say(b)),
                };
                let except = if *departs > 0.0 {
                    format!(
                        " (best play departs from this in states reached {}% of the time)",
                        crate::stats::text::percent_digits(*departs)
                    )
                } else {
                    String::new()
                };
                format!("{choice} when {when}; otherwise {usual}{except}")
            }
            Rule::Irregular => {
                format!("{choice} in some states, where no rule of one or two conditions fits")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows with these reaches and nothing else.
    fn rows(reaches: &[f64]) -> Vec<Row> {
        reaches.iter().map(|&r| (Vec::new(), r, false)).collect()
    }

    #[test]
    fn misses_are_summed_as_a_sum_is_and_stop_once_they_are_enough() {
        let reaches = [0.1, 0.2, 0.3, 0.05, 0.4];
        let rows = rows(&reaches);
        let all = RowBits::of(&rows, |_| true);
        let none = RowBits::of(&rows, |_| false);
        let odd = RowBits::of(&rows, |(_, reach, _)| *reach == 0.2 || *reach == 0.05);
        let whole: f64 = reaches.iter().sum();
        let miss =
            |predicted: &RowBits, enough: f64| misses_short_of(predicted, &none, &rows, enough);
        // Not cut short: the very sum, to the last bit, in the rows' order.
        assert_eq!(miss(&all, f64::INFINITY).to_bits(), whole.to_bits());
        assert_eq!(
            miss(&odd, f64::INFINITY).to_bits(),
            (0.2 + 0.05_f64).to_bits()
        );
        let empty: f64 = std::iter::empty::<f64>().sum();
        assert_eq!(miss(&none, f64::INFINITY).to_bits(), empty.to_bits());
        // Cut short: the first partial sum that reaches `enough`.
        assert_eq!(miss(&all, 0.3), 0.1 + 0.2);
        assert_eq!(miss(&all, 0.1), 0.1);
        assert_eq!(miss(&odd, 0.2), 0.2);
    }
}
