//! Generated input for the hostile-input properties: values near and far
//! outside a field's range, junk text, drawn from a seeded generator so that a
//! failing case can be replayed.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use volley::systems::FieldKind;

/// A seeded generator of careless and hostile values.
pub struct Gen(Xoshiro256PlusPlus);

impl Gen {
    pub fn new(seed: u64) -> Self {
        Gen(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n.max(1)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An integer near a range, or far outside it, or not a number at all.
    pub fn number_text(&mut self, min: i64, max: i64) -> String {
        match self.below(8) {
            0 => "-99999999999999999999".to_string(),
            1 => i64::MAX.to_string(),
            2 => (min - 1).to_string(),
            3 => (max + 1).to_string(),
            4 => "1e300".to_string(),
            5 => "NaN".to_string(),
            _ => (min + self.below((max - min + 1).max(1) as u64) as i64).to_string(),
        }
    }

    pub fn junk(&mut self) -> String {
        self.pick(&[
            "",
            " ",
            "=",
            "+",
            "woods+",
            "+woods",
            "..",
            "\u{0}",
            "é",
            "true false",
            "1..",
            "-",
        ])
        .to_string()
    }

    /// A value for a field of `kind`: mostly plausible, sometimes not.
    pub fn value_for(&mut self, kind: &FieldKind) -> String {
        if self.chance(15) {
            return self.junk();
        }
        match kind {
            FieldKind::Int { min, max } | FieldKind::Limit { min, max, .. } => {
                self.number_text(*min, *max)
            }
            FieldKind::Decimal { min, max } => {
                let x = min + (max - min) * (self.below(1000) as f64 / 999.0);
                if self.chance(20) {
                    format!("{}", x * 1e6)
                } else {
                    format!("{x}")
                }
            }
            FieldKind::Bool => self.pick(&["true", "false", "yes", "maybe"]).to_string(),
            FieldKind::Choice(values) => self.pick(values).clone(),
            FieldKind::ChoiceList(values) => {
                let n = 1 + self.below(3);
                (0..n)
                    .map(|_| self.pick(values).clone())
                    .collect::<Vec<_>>()
                    .join("+")
            }
        }
    }
}
