//! Record handles: what declaring a variable in a [`super::Schema`] returns,
//! and the only way a procedure records into a [`super::Tally`]. A handle
//! knows where its variable's cells are and how many values it has, so a
//! procedure never writes an index by hand, a mean can never be counted, the
//! order of the declarations stops mattering, and a value that does not fit
//! its variable stops the run instead of landing in another variable's cells.

use std::fmt::Debug;
use std::marker::PhantomData;

/// The values of a categorical variable as a Rust enum, each with the label
/// the answers print. Declare one with [`crate::categories!`].
pub trait Category: Value + 'static {
    /// Every label, in the order of the variants.
    const LABELS: &'static [&'static str];
    /// Every variant, in order.
    const ALL: &'static [Self];

    /// The label of this value.
    fn label(self) -> &'static str {
        Self::LABELS[self.position() as usize]
    }
}

/// A value a categorical variable can record: its position among the
/// variable's values (before the variable's lowest value is taken off).
pub trait Value: Copy + Debug {
    fn position(self) -> i64;
}

impl Value for u32 {
    fn position(self) -> i64 {
        i64::from(self)
    }
}

impl Value for i32 {
    fn position(self) -> i64 {
        i64::from(self)
    }
}

/// A value of a categorical variable whose labels come from a chart (a
/// results column, a deviation table): the position of the label in the list
/// the variable was declared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(pub usize);

impl Value for Label {
    fn position(self) -> i64 {
        self.0 as i64
    }
}

/// Declare an enum whose variants are the values of a categorical variable,
/// each with its label: `categories! { pub enum Winner { A = "a", B = "b" } }`.
#[macro_export]
macro_rules! categories {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($(#[$vmeta:meta])* $variant:ident = $label:literal),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $crate::tally::Value for $name {
            fn position(self) -> i64 {
                self as i64
            }
        }

        impl $crate::tally::Category for $name {
            const LABELS: &'static [&'static str] = &[$($label),+];
            const ALL: &'static [Self] = &[$($name::$variant),+];
        }
    };
}

categories! {
    /// The values of a yes-or-no variable.
    pub enum YesNo {
        Yes = "yes",
        No = "no",
    }
}

impl From<bool> for YesNo {
    fn from(yes: bool) -> Self {
        if yes { YesNo::Yes } else { YesNo::No }
    }
}

categories! {
    /// Which of the two sides: the values of a roll-off's `winner` or
    /// `initiative`.
    pub enum Side {
        A = "a",
        B = "b",
    }
}

impl Side {
    /// A when `a`, else B.
    pub fn a_if(a: bool) -> Self {
        if a { Side::A } else { Side::B }
    }
}

/// A categorical variable whose values are `V`s.
#[derive(Debug)]
pub struct Outcome<V> {
    /// The variable's place among the schema's categorical variables.
    pub(super) var: u32,
    /// Where its cells start in the tally.
    pub(super) offset: u32,
    /// How many values it has.
    pub(super) len: u32,
    /// The position of its first value.
    pub(super) low: i64,
    values: PhantomData<fn(V)>,
}

impl<V> Clone for Outcome<V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Outcome<V> {}

impl<V: Value> Outcome<V> {
    pub(super) fn new(var: usize, offset: usize, len: usize, low: i64) -> Self {
        Outcome {
            var: var as u32,
            offset: offset as u32,
            len: len as u32,
            low,
            values: PhantomData,
        }
    }

    /// The tally cell of `value`. A value outside the variable is a defect
    /// of the procedure that records it, never an input: it stops the run.
    #[inline(always)]
    pub(super) fn cell(self, value: V) -> usize {
        let slot = value.position() - self.low;
        assert!(
            (0..i64::from(self.len)).contains(&slot),
            "value {value:?} does not fit its categorical variable ({} values from {})",
            self.len,
            self.low
        );
        self.offset as usize + slot as usize
    }
}

/// A mean variable.
#[derive(Clone, Copy, Debug)]
pub struct Mean(pub(super) u32);

/// A per-turn curve.
#[derive(Clone, Copy, Debug)]
pub struct PerTurn(pub(super) u32);
