//! Roll points: the named rolls and checks of each procedure, where a house
//! rule may change the procedure and not only the charts.
//!
//! A procedure declares each of its rolls as a [`RollPoint`] (its name, the
//! dice, what its modifier adds to, what its threshold is, what a failed
//! roll is, and the values it shows a rule: the units' quality, level,
//! figures, the range). A house rule's `[[roll]]` tables attach to a
//! point ([`RollRule`]): when a condition over what the point shows holds,
//! add a modifier, change the threshold, or re-roll a failed (or passed)
//! roll once. The procedure rolls through [`RollRules::roll`], which asks
//! the dice through the same [`Dice`] as ever, so exact enumeration, Monte
//! Carlo, paired comparisons and plans all hold under the rule; with no rule
//! at a point it costs one look in an empty list. A house rule's
//! `[[script]]` tables ([`script`]) attach code to a point for what the
//! declarative form cannot say: hooks before and after the roll that may
//! roll dice of their own through the same `Dice`.

mod condition;
mod point;
pub(super) mod rule;
pub(super) mod script;

pub use condition::{Comparison, Condition};
pub use point::{Read, ReadKind, RollPoint, Value, describe};
pub use rule::{RollRule, RollRuleText, Threshold};
pub use script::{RollScript, ScriptText};

use crate::dice::Dice;
use crate::error::InputError;
use script::Decided;
use std::sync::Arc;

/// Was a roll failed, for its roller?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed,
}

impl Verdict {
    pub fn failed_if(failed: bool) -> Verdict {
        if failed {
            Verdict::Failed
        } else {
            Verdict::Passed
        }
    }
}

/// What the rules that hold at a roll change: the modifier they add, the
/// threshold, and which verdict, if any, is rolled again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjust {
    pub modifier: i32,
    pub threshold: Option<Threshold>,
    pub reroll: Option<Verdict>,
    /// A script's `after` hook reads the verdict.
    pub watched: bool,
    /// How a script's `result` hook reads each total (none: as rolled).
    pub read: Option<Totals>,
}

/// The total each total of a roll is read as (by its index), as a script's
/// `result` hook says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Totals(pub [u8; 21]);

impl Adjust {
    /// No rule: the card's roll.
    pub const NONE: Adjust = Adjust {
        modifier: 0,
        threshold: None,
        reroll: None,
        watched: false,
        read: None,
    };

    /// The total `rolled` as the roll is judged: as rolled, unless a
    /// script's `result` hook reads it otherwise (naturals included).
    #[inline(always)]
    pub fn total(&self, rolled: u32) -> u32 {
        match &self.read {
            None => rolled,
            Some(Totals(read)) => u32::from(read[rolled as usize]),
        }
    }

    /// Add a rule's change: its modifier, its threshold (a new one
    /// replaces, a change moves what came before), its re-roll (a later
    /// one wins).
    fn absorb(&mut self, modifier: i32, threshold: Option<Threshold>, reroll: Option<Verdict>) {
        self.modifier += modifier;
        self.threshold = match (self.threshold, threshold) {
            (Some(Threshold::Add(a)), Some(Threshold::Add(b))) => Some(Threshold::Add(a + b)),
            (Some(Threshold::Set(a)), Some(Threshold::Add(b))) => Some(Threshold::Set(a + b)),
            (before, None) => before,
            (_, later) => later,
        };
        self.reroll = reroll.or(self.reroll);
    }

    /// Does anything read the roll's verdict? Where nothing does, a
    /// procedure keeps the card's classes (and sums) as they are.
    pub fn reads_verdict(&self) -> bool {
        self.reroll.is_some() || self.watched
    }

    /// The point's threshold `card` as the rules leave it.
    pub fn threshold(&self, card: i32) -> i32 {
        match self.threshold {
            None => card,
            Some(Threshold::Set(n)) => n,
            Some(Threshold::Add(n)) => card + n,
        }
    }
}

/// The roll rules and scripts of a rule book, by point: shared by every
/// procedure built from its charts.
#[derive(Clone, Debug, Default)]
pub struct RollRules {
    rules: Arc<Vec<RollRule>>,
    scripts: Arc<Vec<RollScript>>,
}

impl RollRules {
    pub fn new(rules: Vec<RollRule>, scripts: Vec<RollScript>) -> Self {
        RollRules {
            rules: Arc::new(rules),
            scripts: Arc::new(scripts),
        }
    }

    /// No rule and no script anywhere: every roll is the card's.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty() && self.scripts.is_empty()
    }

    /// Every rule, in the order the house rules gave them.
    pub fn all(&self) -> &[RollRule] {
        &self.rules
    }

    /// Every script, in the order the house rules gave them.
    pub fn scripts(&self) -> &[RollScript] {
        &self.scripts
    }

    /// Does a rule or a script attach at `point`? (Where a procedure
    /// tabulates a roll once, it rolls it one at a time instead.)
    pub fn touches(&self, point: &RollPoint) -> bool {
        self.rules.iter().any(|r| r.point == point.name) || self.scripted(point)
    }

    /// Can a procedure that makes the roll at `point` once for many (a
    /// table of a shot's outcomes, a group's marker removal) read the rules'
    /// change into its table? Yes, unless a rule re-rolls it or a script
    /// attaches there: those need each roll made on its own.
    pub fn tabulable(&self, point: &RollPoint) -> bool {
        !self.scripted(point)
            && !self
                .rules
                .iter()
                .any(|r| r.point == point.name && r.reroll.is_some())
    }

    /// Does a script attach at `point`? (Where a procedure decides ahead of
    /// the dice what a roll can do, a script's choice is not known there.)
    pub fn scripted(&self, point: &RollPoint) -> bool {
        self.scripts.iter().any(|s| s.point.name == point.name)
    }

    /// Why a script stopped at a roll, if one did: an answer made under
    /// these rules is refused with it, naming the file and line.
    pub fn failure(&self) -> Option<&InputError> {
        self.scripts.iter().find_map(|s| s.failure.get())
    }

    /// What the rules at `point` change, given what it shows (`shown`, in
    /// the order of the point's reads; asked only where a rule attaches),
    /// for a procedure that fixes a roll's modifiers before any die: a
    /// script's `before` hook runs without dice.
    pub fn adjust(&self, point: &RollPoint, shown: impl FnOnce() -> Vec<Value>) -> Adjust {
        self.adjusted(point, shown, None::<&mut crate::dice::Sampler>)
            .0
    }

    /// [`RollRules::adjust`] with `dice` for the scripts' own rolls; also
    /// what the point showed, where a script reads it.
    fn adjusted<D: Dice>(
        &self,
        point: &RollPoint,
        shown: impl FnOnce() -> Vec<Value>,
        mut dice: Option<&mut D>,
    ) -> (Adjust, Option<Vec<Value>>) {
        let mut here = self
            .rules
            .iter()
            .filter(|r| r.point == point.name)
            .peekable();
        let scripted = self.scripted(point);
        if here.peek().is_none() && !scripted {
            return (Adjust::NONE, None);
        }
        let shown = shown();
        debug_assert_eq!(
            shown.len(),
            point.reads.len(),
            "{} shows its reads",
            point.name
        );
        let mut adjust = Adjust::NONE;
        for rule in here.filter(|r| r.when.as_ref().is_none_or(|c| c.holds(&shown))) {
            adjust.absorb(rule.modifier, rule.threshold, rule.reroll);
        }
        if !scripted || self.failure().is_some() {
            return (adjust, None);
        }
        for script in self.scripts_at(point) {
            adjust.watched |= script.watches();
            if let Some(Totals(read)) = script.result(&shown) {
                // A later script reads what the earlier ones made of it.
                let before = adjust
                    .read
                    .map_or(std::array::from_fn(|t| t as u8), |r| r.0);
                adjust.read = Some(Totals(before.map(|t| read[usize::from(t)])));
            }
            match script.before(&shown, dice.as_deref_mut()) {
                Decided::Before(change) => {
                    adjust.absorb(change.modifier, change.threshold, change.reroll)
                }
                _ => return (adjust, None),
            }
        }
        (adjust, Some(shown))
    }

    fn scripts_at(&self, point: &RollPoint) -> impl Iterator<Item = &RollScript> {
        self.scripts
            .iter()
            .filter(move |s| s.point.name == point.name)
    }

    /// Roll at `point`: `roll` plays the roll once under the rules'
    /// adjustment and says whether it failed; where a rule re-rolls that
    /// verdict (or a script's `after` asks to), it is played once more and
    /// the second stands.
    pub fn roll<D: Dice, T>(
        &self,
        point: &RollPoint,
        dice: &mut D,
        shown: impl FnOnce() -> Vec<Value>,
        mut roll: impl FnMut(&mut D, &Adjust) -> (T, Verdict),
    ) -> T {
        if self.is_empty() {
            // The card's roll: no rule anywhere.
            return roll(dice, &Adjust::NONE).0;
        }
        self.kept(point, dice, shown, roll).0
    }

    /// [`RollRules::roll`] at a point that names its outcomes: `roll` says
    /// which (its index in the point's `outcomes`), and a script's `then`
    /// step, after the roll is kept, may roll more dice and change it.
    pub fn roll_outcome<D: Dice>(
        &self,
        point: &RollPoint,
        dice: &mut D,
        shown: impl FnOnce() -> Vec<Value>,
        mut roll: impl FnMut(&mut D, &Adjust) -> (usize, Verdict),
    ) -> usize {
        debug_assert!(
            point.outcomes.is_some(),
            "{} names its outcomes",
            point.name
        );
        if self.is_empty() {
            return roll(dice, &Adjust::NONE).0;
        }
        let (mut outcome, scripted) = self.kept(point, dice, shown, roll);
        if let Some(shown) = scripted {
            for script in self.scripts_at(point) {
                // A later step reads what the earlier ones made of it.
                outcome = script.then(&shown, outcome, dice);
            }
        }
        outcome
    }

    /// The roll kept under the rules at `point` (re-rolled where a rule or a
    /// script's `after` says), and what the point showed where a script
    /// reads it.
    fn kept<D: Dice, T>(
        &self,
        point: &RollPoint,
        dice: &mut D,
        shown: impl FnOnce() -> Vec<Value>,
        mut roll: impl FnMut(&mut D, &Adjust) -> (T, Verdict),
    ) -> (T, Option<Vec<Value>>) {
        let (adjust, scripted) = self.adjusted(point, shown, Some(&mut *dice));
        let (first, verdict) = roll(dice, &adjust);
        if adjust.reroll == Some(verdict) {
            return (roll(dice, &adjust).0, scripted);
        }
        if let Some(shown) = &scripted
            && self
                .scripts_at(point)
                .any(|script| script.after(shown, verdict, dice))
        {
            return (roll(dice, &adjust).0, scripted);
        }
        (first, scripted)
    }
}

/// A note for each roll rule or script whose point `action` never rolls (a
/// rule for the fire action's CRT roll, asked of an engagement): the answer
/// is the card's there, and says so.
pub fn not_rolled_by(rules: &RollRules, points: &[RollPoint], action: &str) -> Vec<String> {
    let declared = rules.all().iter().map(|r| (r.rule.as_str(), r.point));
    let scripted = rules
        .scripts()
        .iter()
        .map(|s| (s.rule.as_str(), s.point.name));
    declared
        .chain(scripted)
        .filter_map(|(rule, name)| {
            let point = points.iter().find(|p| p.name == name)?;
            let rolls = point.actions.split(", ").any(|a| a == action);
            (!rolls).then(|| {
                format!(
                    "house rule {rule} changes the roll `{}` (made by {}); {action} makes it, if at all, as the card does: this answer is the card's there",
                    point.name, point.actions
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod script_tests;
#[cfg(test)]
mod tests;
