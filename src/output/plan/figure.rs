//! The policy as a picture: the two axes of the state that best sort the
//! decision states into one choice or the other, and in each cell the margin
//! of the other choice over the usual one (reach-weighted over the states of
//! the cell, in points for a probability): positive where it is best.

use crate::plan::{PlanAnswer, with_turns_left};
use crate::plot::Heatmap;

/// A decision state's axes, its reach and its best choice.
type Sorted<'a> = (Vec<(&'static str, i64)>, f64, &'a str);

/// The same, with the other choice's margin over the usual one.
type Margined<'a> = (Vec<(&'static str, i64)>, f64, &'a str, f64);

/// How badly the axes `x` and `y` sort the states: the reach that goes to a
/// choice other than its cell's commonest.
fn impurity(rows: &[Sorted<'_>], x: &str, y: &str) -> f64 {
    let mut cells: std::collections::BTreeMap<(i64, i64), std::collections::BTreeMap<&str, f64>> =
        Default::default();
    for (axes, reach, choice) in rows {
        let at = |name: &str| axes.iter().find(|(a, _)| *a == name).map_or(0, |(_, v)| *v);
        *cells
            .entry((at(x), at(y)))
            .or_default()
            .entry(choice)
            .or_default() += reach;
    }
    cells
        .values()
        .map(|c| c.values().sum::<f64>() - c.values().copied().fold(0.0, f64::max))
        .sum()
}

/// The policy map of `plan` for `side`'s choice `other` (its margin over
/// the usual choice, for that side: the opponent's is the goal it takes
/// away), or `None` where `other` is never open to it.
pub fn policy_map(plan: &PlanAnswer, side: &str, other: &str, title: &str) -> Option<Heatmap> {
    let (usual, sign) = if side == plan.decider {
        (plan.choices[0], 1.0)
    } else {
        (*plan.opponent_choices.first()?, -1.0)
    };
    let rows: Vec<Margined<'_>> = plan
        .policy
        .iter()
        .filter(|r| r.side == side && r.reach > 1e-9)
        .filter_map(|r| {
            let value = |c: &str| r.values.iter().find(|(x, _)| *x == c).map(|(_, v)| *v);
            Some((
                with_turns_left(r.state.clone(), plan.turn_limit, r.turn),
                r.reach,
                r.choice,
                sign * (value(other)? - value(usual)?),
            ))
        })
        .collect();
    let first = rows.first()?;
    let names: Vec<&'static str> = first.0.iter().map(|(a, _)| *a).collect();
    let plain: Vec<Sorted<'_>> = rows
        .iter()
        .map(|(a, r, c, _)| (a.clone(), *r, *c))
        .collect();
    let distinct = |name: &str| {
        let mut v: Vec<i64> = rows
            .iter()
            .filter_map(|(a, ..)| a.iter().find(|(x, _)| *x == name).map(|(_, v)| *v))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    // The pair that sorts the choices best; of equals, the first in the
    // state's order (losses before beads).
    let mut best: Option<(f64, &str, &str)> = None;
    for (i, x) in names.iter().enumerate() {
        for y in &names[i + 1..] {
            if distinct(x).len() < 2 || distinct(y).len() < 2 {
                continue;
            }
            let score = impurity(&plain, x, y);
            if best.is_none_or(|(b, ..)| score < b - 1e-12) {
                best = Some((score, x, y));
            }
        }
    }
    let (_, x, y) = best?;
    let (xs, ys) = (distinct(x), distinct(y));
    let scale = if plan.probability { 100.0 } else { 1.0 };
    let cells = ys
        .iter()
        .map(|yv| {
            xs.iter()
                .map(|xv| {
                    let (mut weight, mut sum) = (0.0, 0.0);
                    for (axes, reach, _, margin) in &rows {
                        let at =
                            |name: &str| axes.iter().find(|(a, _)| *a == name).map(|(_, v)| *v);
                        if at(x) == Some(*xv) && at(y) == Some(*yv) {
                            weight += reach;
                            sum += reach * margin;
                        }
                    }
                    if weight > 0.0 {
                        scale * sum / weight
                    } else {
                        f64::NAN
                    }
                })
                .collect()
        })
        .collect();
    let unit = if plan.probability { " (points)" } else { "" };
    let subtitle = if sign > 0.0 {
        format!(
            "{other} minus {usual}, {}{unit}, over the states best play reaches (each cell the average over its states, weighted by reach): orange and framed where {other} is best, blue where {usual} is best",
            plan.goal
        )
    } else {
        format!(
            "what {}'s {other} takes from {} over {usual}, {}{unit}, where it answers (each cell the average over its states, weighted by reach): orange and framed where {other} is best for it",
            side.to_uppercase(),
            plan.decider.to_uppercase(),
            plan.goal
        )
    };
    // Each axis in the card's words where the game words it.
    let words = |axis: &str| {
        plan.axis_words
            .iter()
            .find(|(a, _)| *a == axis)
            .map(|(_, w)| w)
    };
    let label = |axis: &str| words(axis).map_or_else(|| axis.to_string(), |w| w.name.clone());
    let ticks = |axis: &str, values: &[i64]| -> Vec<String> {
        values
            .iter()
            .map(|v| words(axis).map_or_else(|| v.to_string(), |w| w.value(*v)))
            .collect()
    };
    Some(Heatmap {
        title: title.to_string(),
        subtitle: Some(subtitle),
        x_label: label(x),
        y_label: label(y),
        columns: ticks(x, &xs),
        rows: ticks(y, &ys),
        cells,
        percent: false,
        diverging: true,
    })
}
