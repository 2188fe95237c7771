//! A procedure's dice tree recorded for replay: each branch point as the draw
//! the [`Sampler`] makes there, and where each outcome of that draw leads.
//!
//! Monte Carlo plays the same step from the same situation over and over (a
//! shot at the same targets, a marker removal of the same stands). Recorded
//! once, such a step costs the sampler its draws and a table lookup per draw,
//! and no rule code. A replay draws exactly the words the procedure would
//! have drawn and ends where the procedure would have ended, so recording
//! changes no result, only the time it takes.
//!
//! The recorder explores the tree like the [`super::Enumerator`], replaying
//! the procedure once per leaf, but each branch point is one draw of the
//! sampler: identical dice are rolled one by one, as the sampler rolls them,
//! not split multinomially.

use super::{Dice, Roll, Sampler, Weighted};

/// How the sampler makes one draw, and the branch each outcome of it takes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    /// A tabulated roll or a chance ([`Dice::pick`], [`Dice::chance`]): one
    /// outcome below the total, and the branch is its class (classes without
    /// weight left out).
    Odds(Weighted),
    /// One roll ([`Dice::classify`]): the branch by total.
    Roll { roll: Roll, branch_of: Box<[u8]> },
    /// Two rolls together ([`Dice::classify_pair`]): the branch by
    /// `first total * (second's largest total + 1) + second total`.
    Pair {
        first: Roll,
        second: Roll,
        branch_of: Box<[u8]>,
    },
}

impl Draw {
    /// Make the draw on `sampler`; the branch it takes.
    #[inline(always)]
    pub fn branch(&self, sampler: &mut Sampler) -> usize {
        match self {
            Draw::Odds(odds) => sampler.pick(odds),
            Draw::Roll { roll, branch_of } => usize::from(branch_of[sampler.roll(*roll) as usize]),
            Draw::Pair {
                first,
                second,
                branch_of,
            } => {
                let (x, y) = sampler.pair(*first, *second);
                usize::from(branch_of[pair_index(x, y, *second)])
            }
        }
    }
}

/// Where a pair of totals sits in a [`Draw::Pair`]'s table.
fn pair_index(x: u32, y: u32, second: Roll) -> usize {
    (x * (second.max() + 1) + y) as usize
}

/// Where a branch leads: another branch point, or a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    Node(u32),
    Leaf(u32),
}

/// A branch point: its draw, and where each branch leads.
#[derive(Clone, Debug)]
pub struct Node {
    pub draw: Draw,
    pub next: Vec<Next>,
}

/// A recorded dice tree: where play starts (a leaf when no die is rolled),
/// the branch points, and the procedure's result at each leaf.
#[derive(Debug)]
pub struct Recording<R> {
    pub root: Next,
    pub nodes: Vec<Node>,
    pub leaves: Vec<R>,
}

/// The tree has more leaves than the recorder allows, or a draw more than 255
/// branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

/// Records a procedure's dice tree; states are kept canonical
/// ([`Dice::merges_states`]) so that equal situations are recognised.
#[derive(Debug)]
pub struct Recorder {
    leaf_limit: usize,
    root: Next,
    nodes: Vec<Node>,
    /// Per node, per branch: what the procedure is handed (a total, a pair of
    /// totals packed as `first << 16 | second`, a class, a chance's 0 or 1).
    values: Vec<Vec<u32>>,
    /// This replay's path: node and branch chosen, by depth.
    path: Vec<(u32, usize)>,
    /// How many draws this replay has made so far.
    depth: usize,
    /// A draw could not be recorded (over 255 branches, or totals too large
    /// to pack): the recording fails.
    too_large: bool,
}

impl Recorder {
    /// A recorder that gives up past `leaf_limit` leaves.
    pub fn new(leaf_limit: usize) -> Self {
        Recorder {
            leaf_limit,
            root: Next::Leaf(0),
            nodes: Vec::new(),
            values: Vec::new(),
            path: Vec::new(),
            depth: 0,
            too_large: false,
        }
    }

    /// Most leaves a recording may have.
    pub fn leaf_limit(&self) -> usize {
        self.leaf_limit
    }

    /// Run `procedure` on every branch of its dice tree and record the tree.
    pub fn record<R>(
        &mut self,
        mut procedure: impl FnMut(&mut Self) -> R,
    ) -> Result<Recording<R>, TooLarge> {
        self.nodes.clear();
        self.values.clear();
        self.path.clear();
        self.too_large = false;
        let mut leaves = Vec::new();
        loop {
            self.depth = 0;
            let result = procedure(self);
            if self.too_large {
                return Err(TooLarge);
            }
            // The same answers to the same calls: the replay ends where the
            // path does, past any branch point it opened.
            debug_assert_eq!(self.depth, self.path.len());
            self.link(Next::Leaf(leaves.len() as u32));
            leaves.push(result);
            if leaves.len() > self.leaf_limit {
                return Err(TooLarge);
            }
            loop {
                let Some((node, chosen)) = self.path.last_mut() else {
                    return Ok(Recording {
                        root: self.root,
                        nodes: std::mem::take(&mut self.nodes),
                        leaves,
                    });
                };
                *chosen += 1;
                if *chosen < self.values[*node as usize].len() {
                    break;
                }
                self.path.pop();
            }
        }
    }

    /// Point the branch that led here (or the root) at `next`.
    fn link(&mut self, next: Next) {
        match self.depth.checked_sub(1) {
            None => self.root = next,
            Some(parent) => {
                let (node, chosen) = self.path[parent];
                self.nodes[node as usize].next[chosen] = next;
            }
        }
    }

    /// The value of the branch this replay takes at the current depth,
    /// opening the branch point with `open` (its draw and its branches'
    /// values) when the path ends here.
    fn branch_point(&mut self, open: impl FnOnce() -> (Draw, Vec<u32>)) -> u32 {
        if self.depth == self.path.len() {
            let (draw, values) = open();
            if values.len() > usize::from(u8::MAX) {
                self.too_large = true;
            }
            let id = self.nodes.len() as u32;
            self.nodes.push(Node {
                draw,
                next: vec![Next::Leaf(u32::MAX); values.len()],
            });
            self.values.push(values);
            self.link(Next::Node(id));
            self.path.push((id, 0));
        }
        let (node, chosen) = self.path[self.depth];
        self.depth += 1;
        self.values[node as usize][chosen]
    }
}

/// The classes with weight of `weights` (class `k` handed as `k`), as a
/// draw over those classes alone: the same outcomes, so the same class.
fn odds_of(weights: &[u32]) -> (Draw, Vec<u32>) {
    let live: Vec<u32> = (0..weights.len() as u32)
        .filter(|&k| weights[k as usize] > 0)
        .collect();
    let live_weights: Vec<u32> = live.iter().map(|&k| weights[k as usize]).collect();
    (Draw::Odds(Weighted::new(&live_weights)), live)
}

/// Branches by class, in order of first appearance: each outcome's branch,
/// and each branch's first outcome (its representative).
fn branches<T: PartialEq>(
    outcomes: impl Iterator<Item = (u32, T)>,
    size: usize,
) -> (Box<[u8]>, Vec<u32>) {
    let mut branch_of = vec![0u8; size];
    let mut classes: Vec<T> = Vec::new();
    let mut values = Vec::new();
    for (index, class) in outcomes {
        let branch = match classes.iter().position(|c| *c == class) {
            Some(b) => b,
            None => {
                classes.push(class);
                values.push(index);
                classes.len() - 1
            }
        };
        branch_of[index as usize] = branch.min(usize::from(u8::MAX)) as u8;
    }
    (branch_of.into_boxed_slice(), values)
}

impl Dice for Recorder {
    fn merges_states(&self) -> bool {
        true
    }

    fn classify<T: Copy + PartialEq>(&mut self, roll: Roll, classify: impl Fn(u32) -> T) -> T {
        let total = self.branch_point(|| {
            let totals = roll
                .distribution()
                .into_iter()
                .map(|(t, _)| (t, classify(t)));
            let (branch_of, values) = branches(totals, roll.max() as usize + 1);
            (Draw::Roll { roll, branch_of }, values)
        });
        classify(total)
    }

    fn classify_pair<T: Copy + PartialEq>(
        &mut self,
        [first, second]: [Roll; 2],
        classify: impl Fn(u32, u32) -> T,
    ) -> T {
        if first.max() > u32::from(u16::MAX) || second.max() > u32::from(u16::MAX) {
            // Pairs of totals are handed back packed in 16 bits each: the
            // recording fails when this replay ends.
            self.too_large = true;
            return classify(first.min(), second.min());
        }
        let code = self.branch_point(|| {
            let (xs, ys) = (first.distribution(), second.distribution());
            let pairs = xs.iter().flat_map(|&(x, _)| {
                ys.iter()
                    .map(move |&(y, _)| (pair_index(x, y, second) as u32, (x, y)))
            });
            let pairs = pairs.map(|(i, (x, y))| (i, classify(x, y)));
            let (branch_of, indices) =
                branches(pairs, pair_index(first.max(), second.max(), second) + 1);
            // Hand the procedure each branch's first pair of totals.
            let stride = second.max() + 1;
            let values = indices
                .iter()
                .map(|&i| ((i / stride) << 16) | (i % stride))
                .collect();
            (
                Draw::Pair {
                    first,
                    second,
                    branch_of,
                },
                values,
            )
        });
        classify(code >> 16, code & 0xffff)
    }

    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        // The sampler's `below(denominator) < numerator`: class 0 is "yes".
        let yes = numerator.min(denominator);
        self.branch_point(|| {
            let (draw, live) = odds_of(&[yes, denominator - yes]);
            (draw, live.into_iter().map(|k| u32::from(k == 0)).collect())
        }) == 1
    }

    fn pick(&mut self, odds: &Weighted) -> usize {
        self.branch_point(|| {
            let weights: Vec<u32> = (0..odds.classes()).map(|k| odds.weight(k)).collect();
            odds_of(&weights)
        }) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A procedure with every kind of draw, a branch that rolls more dice
    /// than the other, and identical dice rolled together.
    fn mixed<D: Dice>(dice: &mut D) -> u32 {
        let shot = dice.classify_pair([Roll::Die(20), Roll::Sum(2, 6)], |d, t| {
            if d > 14 { 0 } else { t.min(9) }
        });
        let extra = if dice.chance(2, 7) {
            dice.pick(&Weighted::new(&[3, 0, 5, 1])) as u32
        } else {
            dice.classify(Roll::Highest(2, 6), |n| n / 2) + 10
        };
        let split: [u32; 3] = dice.multinomial(3, Roll::Die(20), |n| (n % 3) as usize);
        shot * 1000 + extra * 10 + split[0]
    }

    /// Replay a recording on the sampler.
    fn replay(recording: &Recording<u32>, sampler: &mut Sampler) -> u32 {
        let mut next = recording.root;
        loop {
            match next {
                Next::Leaf(leaf) => return recording.leaves[leaf as usize],
                Next::Node(node) => {
                    let node = &recording.nodes[node as usize];
                    next = node.next[node.draw.branch(sampler)];
                }
            }
        }
    }

    #[test]
    fn a_replay_draws_what_the_procedure_draws_and_ends_where_it_ends() {
        let recording = Recorder::new(100_000).record(mixed).unwrap();
        let (mut played, mut replayed) = (Sampler::new(9), Sampler::new(9));
        for trial in 0..20_000 {
            played.start_trial(trial);
            replayed.start_trial(trial);
            assert_eq!(mixed(&mut played), replay(&recording, &mut replayed));
            // The streams stand at the same word after the trial.
            assert_eq!(played.next_word(), replayed.next_word());
        }
    }

    #[test]
    fn branch_points_are_one_per_draw_and_classes_without_weight_are_left_out() {
        let recording = Recorder::new(1000)
            .record(|dice| dice.pick(&Weighted::new(&[3, 0, 5, 1])))
            .unwrap();
        assert_eq!(recording.nodes.len(), 1);
        assert_eq!(recording.leaves, [0, 2, 3]);
        // Three identical d20s, pass or fail: one branch point per die.
        let recording = Recorder::new(1000)
            .record(|dice| dice.multinomial::<2>(3, Roll::Die(20), |n| usize::from(n > 12)))
            .unwrap();
        assert_eq!(recording.leaves.len(), 8);
        assert_eq!(recording.nodes.len(), 7);
    }

    #[test]
    fn a_tree_over_the_limit_is_refused() {
        let result = Recorder::new(10).record(|dice| dice.sum(2, 6) + dice.sum(2, 6));
        assert_eq!(result.unwrap_err(), TooLarge);
    }
}
