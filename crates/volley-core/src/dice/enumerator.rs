//! Exact dice: explore every branch of a procedure's dice tree.
//!
//! The procedure is replayed once per leaf. On each replay the enumerator answers the
//! first rolls from the recorded path and opens new branch points past its end; after
//! the leaf it advances the deepest branch that has options left (depth-first). A
//! branch point groups the totals of one roll by the class the procedure maps them
//! to, so branches stay few. The product of the branch probabilities along the path
//! is the leaf's probability.

use super::{Dice, Roll, Weighted};
use std::cell::RefCell;
use std::sync::Arc;
use thiserror::Error;

/// The dice tree has more leaves than the budget allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{}; use Monte Carlo instead", self.reason())]
pub struct OverBudget {
    /// The leaf budget that was exceeded.
    pub budget: u64,
    /// For a multi-turn engagement, how many states a turn can start from: the
    /// size of its state space, which is what made it too large.
    pub states: Option<u64>,
}

impl OverBudget {
    /// A dice tree over `budget` leaves.
    pub fn tree(budget: u64) -> Self {
        OverBudget {
            budget,
            states: None,
        }
    }

    /// What was too large, without advice.
    pub fn reason(&self) -> String {
        match self.states {
            None => format!(
                "the dice tree has more than {} branches",
                grouped(self.budget)
            ),
            Some(states) => format!(
                "the engagement can start a turn from up to {} states, and playing a turn out from each of them takes more than the budget of {} branches allows",
                grouped(states),
                grouped(self.budget)
            ),
        }
    }
}

/// `n` with its thousands separated by commas.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A roll's totals with their counts, and the number of elementary outcomes.
type Distribution = (Roll, Arc<[(u32, u64)]>, f64);

thread_local! {
    /// The rolls' distributions this thread has needed, for every
    /// enumerator it makes: a plan makes tens of thousands of them over the
    /// same few rolls, and each would work them out again. Held to
    /// [`KNOWN_ROLLS`] rolls of at most [`KNOWN_TOTALS`] totals each, so
    /// that a server's threads do not keep every die a house rule named.
    static KNOWN: RefCell<Vec<Distribution>> = const { RefCell::new(Vec::new()) };
}

/// The most rolls a thread keeps the distributions of.
const KNOWN_ROLLS: usize = 64;

/// The most totals of a roll whose distribution a thread keeps.
const KNOWN_TOTALS: usize = 256;

#[derive(Debug, Default)]
struct BranchPoint {
    /// One representative total per class, with the class's probability.
    options: Vec<(u32, f64)>,
    chosen: usize,
}

/// Exact enumeration of a procedure's dice tree, within a leaf budget.
#[derive(Debug)]
pub struct Enumerator {
    budget: u64,
    path: Vec<BranchPoint>,
    active: usize,
    depth: usize,
    weight: f64,
    distributions: Vec<Distribution>,
}

impl Enumerator {
    /// An enumerator that gives up after `budget` leaves.
    pub fn new(budget: u64) -> Self {
        Enumerator {
            budget,
            path: Vec::new(),
            active: 0,
            depth: 0,
            weight: 1.0,
            distributions: Vec::new(),
        }
    }

    /// Run `procedure` on every branch of its dice tree and hand each result to
    /// `sink` with its probability. Returns the number of leaves.
    pub fn explore<R>(
        &mut self,
        mut procedure: impl FnMut(&mut Self) -> R,
        mut sink: impl FnMut(R, f64),
    ) -> Result<u64, OverBudget> {
        self.active = 0;
        let mut leaves = 0u64;
        loop {
            self.depth = 0;
            self.weight = 1.0;
            let result = procedure(self);
            // A shorter path than last time leaves stale branch points beyond it.
            self.active = self.depth;
            leaves += 1;
            if leaves > self.budget {
                return Err(OverBudget::tree(self.budget));
            }
            sink(result, self.weight);
            loop {
                if self.active == 0 {
                    return Ok(leaves);
                }
                let point = &mut self.path[self.active - 1];
                point.chosen += 1;
                if point.chosen < point.options.len() {
                    break;
                }
                self.active -= 1;
            }
        }
    }

    /// Every result of `procedure` over its dice tree with its probability,
    /// equal results merged, in their order; and the leaves enumerated.
    pub fn merged<R: Ord + std::hash::Hash>(
        &mut self,
        procedure: impl FnMut(&mut Self) -> R,
    ) -> Result<(Vec<(R, f64)>, u64), OverBudget> {
        let mut found: rustc_hash::FxHashMap<R, f64> = Default::default();
        let leaves = self.explore(procedure, |r, p| *found.entry(r).or_insert(0.0) += p)?;
        let mut merged: Vec<(R, f64)> = found.into_iter().collect();
        merged.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Ok((merged, leaves))
    }

    fn distribution(&mut self, roll: Roll) -> usize {
        if let Some(i) = self.distributions.iter().position(|d| d.0 == roll) {
            return i;
        }
        let known = KNOWN.with_borrow_mut(|known| {
            if let Some(d) = known.iter().find(|d| d.0 == roll) {
                return d.clone();
            }
            let dist = roll.distribution();
            let total = dist.iter().map(|d| d.1).sum::<u64>() as f64;
            let found: Distribution = (roll, dist.into(), total);
            if known.len() < KNOWN_ROLLS && found.1.len() <= KNOWN_TOTALS {
                known.push(found.clone());
            }
            found
        });
        self.distributions.push(known);
        self.distributions.len() - 1
    }

    /// Open a new branch point at the current depth and return its option list.
    fn open(&mut self) -> &mut Vec<(u32, f64)> {
        open_at(&mut self.path, &mut self.active)
    }

    /// Follow the chosen option of the branch point at the current depth.
    fn take(&mut self) -> u32 {
        let point = &self.path[self.depth];
        let (value, probability) = point.options[point.chosen];
        self.depth += 1;
        self.weight *= probability;
        value
    }
}

impl Dice for Enumerator {
    fn merges_states(&self) -> bool {
        true
    }

    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T {
        if self.depth == self.active {
            let index = self.distribution(roll);
            let (_, dist, outcomes) = &self.distributions[index];
            let options = open_at(&mut self.path, &mut self.active);
            // Each option's class, kept beside it so that grouping a total costs
            // one call of `classify` (it may be a chart lookup); past the first
            // CLASSES options, the representative is classified again.
            const CLASSES: usize = 24;
            let mut classes = [None; CLASSES];
            for &(total, ways) in dist.iter() {
                let class = classify(total);
                // Sum integer counts first so a class's probability is one division.
                let found = options.iter().enumerate().position(|(i, (rep, _))| {
                    classes
                        .get(i)
                        .copied()
                        .flatten()
                        .unwrap_or_else(|| classify(*rep))
                        == class
                });
                match found {
                    Some(i) => options[i].1 += ways as f64,
                    None => {
                        if let Some(slot) = classes.get_mut(options.len()) {
                            *slot = Some(class);
                        }
                        options.push((total, ways as f64));
                    }
                }
            }
            for option in options.iter_mut() {
                option.1 /= *outcomes;
            }
        }
        classify(self.take())
    }

    fn classify_pair<T: Copy + PartialEq>(
        &mut self,
        [first, second]: [Roll; 2],
        classify: impl Fn(u32, u32) -> T,
    ) -> T {
        if self.depth == self.active {
            let (i, j) = (self.distribution(first), self.distribution(second));
            let (a, b) = (&self.distributions[i].1, &self.distributions[j].1);
            let outcomes = self.distributions[i].2 * self.distributions[j].2;
            // Representatives are stored as (first total << 16) | second total.
            let pack = |x: u32, y: u32| (x << 16) | y;
            let class_of = |code: u32| classify(code >> 16, code & 0xffff);
            let options = open_at(&mut self.path, &mut self.active);
            for &(x, wx) in a.iter() {
                for &(y, wy) in b.iter() {
                    let class = classify(x, y);
                    let ways = (wx * wy) as f64;
                    match options.iter_mut().find(|(rep, _)| class_of(*rep) == class) {
                        Some(option) => option.1 += ways,
                        None => options.push((pack(x, y), ways)),
                    }
                }
            }
            for option in options.iter_mut() {
                option.1 /= outcomes;
            }
        }
        let code = self.take();
        classify(code >> 16, code & 0xffff)
    }

    fn multinomial<const K: usize>(
        &mut self,
        n: u32,
        roll: Roll,
        classify: impl Fn(u32) -> usize,
    ) -> [u32; K] {
        // Counts are packed four bits a class; beyond that, roll one by one.
        if K > 8 || n > 15 {
            let mut counts = [0u32; K];
            for _ in 0..n {
                counts[self.classify(roll, &classify)] += 1;
            }
            return counts;
        }
        if self.depth == self.active {
            let index = self.distribution(roll);
            let outcomes = self.distributions[index].2;
            let mut p = [0.0f64; K];
            for &(total, ways) in self.distributions[index].1.iter() {
                p[classify(total)] += ways as f64 / outcomes;
            }
            let options = self.open();
            let mut counts = [0u32; K];
            compositions(n, 0, &mut counts, &mut |counts| {
                let weight = multinomial_weight(counts, &p);
                if weight > 0.0 {
                    let packed = counts
                        .iter()
                        .enumerate()
                        .fold(0u32, |acc, (j, c)| acc | (c << (4 * j)));
                    options.push((packed, weight));
                }
            });
        }
        let packed = self.take();
        let mut counts = [0u32; K];
        for (j, c) in counts.iter_mut().enumerate() {
            *c = (packed >> (4 * j)) & 0xf;
        }
        counts
    }

    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        if self.depth == self.active {
            let p = f64::from(numerator.min(denominator)) / f64::from(denominator);
            let options = self.open();
            if p > 0.0 {
                options.push((1, p));
            }
            if p < 1.0 {
                options.push((0, 1.0 - p));
            }
        }
        self.take() == 1
    }

    fn pick(&mut self, odds: &Weighted) -> usize {
        if self.depth == self.active {
            let total = f64::from(odds.total());
            let options = self.open();
            for k in 0..odds.classes() {
                let w = odds.weight(k);
                if w > 0 {
                    options.push((k as u32, f64::from(w) / total));
                }
            }
        }
        self.take() as usize
    }
}

/// Open a new branch point past the `active` ones on `path` and return its
/// option list (borrowing the path alone, so that a roll's distribution
/// can be read beside it).
fn open_at<'a>(path: &'a mut Vec<BranchPoint>, active: &mut usize) -> &'a mut Vec<(u32, f64)> {
    if path.len() == *active {
        path.push(BranchPoint::default());
    }
    let point = &mut path[*active];
    point.options.clear();
    point.chosen = 0;
    *active += 1;
    &mut point.options
}

/// Every way of splitting `left` among `counts[from..]`, handed to `visit`.
fn compositions<const K: usize>(
    left: u32,
    from: usize,
    counts: &mut [u32; K],
    visit: &mut impl FnMut(&[u32; K]),
) {
    if from + 1 == K {
        counts[from] = left;
        visit(counts);
        return;
    }
    for here in 0..=left {
        counts[from] = here;
        compositions(left - here, from + 1, counts, visit);
    }
    counts[from] = 0;
}

/// The multinomial probability of `counts` with class probabilities `p`.
fn multinomial_weight<const K: usize>(counts: &[u32; K], p: &[f64; K]) -> f64 {
    let mut weight = 1.0;
    let mut n = 0u32;
    for (j, &c) in counts.iter().enumerate() {
        if c > 0 && p[j] == 0.0 {
            return 0.0;
        }
        // Multiply in C(n + c, c) and p^c, one factor at a time.
        for k in 1..=c {
            n += 1;
            weight *= f64::from(n) / f64::from(k) * p[j];
        }
    }
    weight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_fail_roll_is_a_two_way_branch() {
        let mut leaves = Vec::new();
        let n = Enumerator::new(100)
            .explore(
                |d| d.classify(Roll::Die(20), |n| n <= 14),
                |r, w| leaves.push((r, w)),
            )
            .unwrap();
        assert_eq!(n, 2);
        assert_eq!(leaves, vec![(true, 14.0 / 20.0), (false, 6.0 / 20.0)]);
    }

    #[test]
    fn multinomial_is_one_branch_per_split_with_its_weight() {
        // Five d20s against "1: class 0, 2-14: class 1, 15-20: class 2".
        let class = |n: u32| match n {
            1 => 0,
            n if n <= 14 => 1,
            _ => 2,
        };
        let mut leaves = Vec::new();
        let n = Enumerator::new(1000)
            .explore(
                |d| d.multinomial::<3>(5, Roll::Die(20), class),
                |r, w| leaves.push((r, w)),
            )
            .unwrap();
        // C(5 + 2, 2) = 21 splits instead of 3^5 = 243 leaves.
        assert_eq!(n, 21);
        let total: f64 = leaves.iter().map(|l| l.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // All five in class 2: (6/20)^5.
        let all_high = leaves.iter().find(|l| l.0 == [0, 0, 5]).unwrap().1;
        assert!((all_high - 0.3f64.powi(5)).abs() < 1e-15);
        // [1, 2, 2]: 5!/(1!2!2!) = 30 orders.
        let mixed = leaves.iter().find(|l| l.0 == [1, 2, 2]).unwrap().1;
        let expected = 30.0 * 0.05 * 0.65f64.powi(2) * 0.3f64.powi(2);
        assert!((mixed - expected).abs() < 1e-15);
    }

    #[test]
    fn budget_is_enforced() {
        let result = Enumerator::new(10).explore(|d| d.sum(2, 6) + d.sum(2, 6), |_, _| {});
        assert_eq!(result, Err(OverBudget::tree(10)));
    }

    #[test]
    fn chance_gives_its_rational_probability() {
        let mut p_true = 0.0;
        Enumerator::new(10)
            .explore(
                |d| d.chance(1, 3),
                |r, w| {
                    if r {
                        p_true += w
                    }
                },
            )
            .unwrap();
        assert!((p_true - 1.0 / 3.0).abs() < 1e-15);
    }
}
