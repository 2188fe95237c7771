//! Which rules options a question actually consulted.
//!
//! Every card's `[options]` table is declared with [`rules_options!`]: its
//! fields are private, and each is read through a method of the same name that
//! notes the read in the book's [`OptionsRead`]. A question's answer then lists
//! exactly the readings its procedure looked at (on any branch the exact method
//! explored or any trial Monte Carlo played), not a list declared by hand.
//! Reads made while compiling the charts, or to give a field its default, go to
//! the private field and are not noted: a chart compiled under a reading notes
//! it when the chart is read.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The options of one card that have been read, by their index in the card's
/// declaration (its names, once given). Clones share the record.
#[derive(Clone, Debug, Default)]
pub struct OptionsRead {
    names: &'static [&'static str],
    read: Arc<AtomicU64>,
}

impl OptionsRead {
    /// The same record, its options named (at most 64).
    pub fn named(&self, names: &'static [&'static str]) -> Self {
        assert!(names.len() <= 64, "a card declares at most 64 options");
        OptionsRead {
            names,
            read: Arc::clone(&self.read),
        }
    }

    /// Note that option `index` was read. A read already noted costs one
    /// shared load (procedures read options in their hot loops).
    #[inline]
    pub fn note(&self, index: usize) {
        let bit = 1u64 << index;
        if self.read.load(Ordering::Relaxed) & bit == 0 {
            self.read.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Note options read elsewhere (by the shards of a run split over
    /// machines), by name; a name this card does not declare is passed over.
    pub fn note_named(&self, names: &[String]) {
        for name in names {
            if let Some(index) = self.names.iter().position(|n| n == name) {
                self.note(index);
            }
        }
    }

    /// The options read so far, in the card's order.
    pub fn names(&self) -> Vec<&'static str> {
        let read = self.read.load(Ordering::Relaxed);
        self.names
            .iter()
            .enumerate()
            .filter(|(i, _)| read & (1 << i) != 0)
            .map(|(_, name)| *name)
            .collect()
    }
}

/// The index of `name` in `names`, at compile time ([`rules_options!`] gives
/// each option's method its bit).
pub const fn option_index(names: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < names.len() {
        let (a, b) = (names[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("an option method names an option the card does not declare")
}

/// Declare a card's rules options: a serde struct with private fields and, for
/// each, a method of the same name that returns it and notes the read.
#[macro_export]
macro_rules! rules_options {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* $field:ident : $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, serde::Deserialize)]
        pub struct $name {
            $($(#[$field_meta])* $field: $ty,)*
            /// Which of these options procedures have read.
            #[serde(skip)]
            consulted: $crate::rules::OptionsRead,
        }

        impl $name {
            /// The options' names, in the card's order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

            /// The record of the options read, named.
            pub fn consulted(&self) -> $crate::rules::OptionsRead {
                self.consulted.named(Self::NAMES)
            }

            $(
                #[doc = concat!("`", stringify!($field), "`, noted as consulted.")]
                #[inline]
                #[allow(clippy::clone_on_copy)]
                pub fn $field(&self) -> $ty {
                    const INDEX: usize = $crate::rules::option_index($name::NAMES, stringify!($field));
                    self.consulted.note(INDEX);
                    self.$field.clone()
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_is_noted_once_and_listed_in_the_cards_order() {
        const NAMES: &[&str] = &["a", "b", "c"];
        let read = OptionsRead::default().named(NAMES);
        assert!(read.names().is_empty());
        read.note(2);
        read.clone().note(0);
        read.note(2);
        assert_eq!(read.names(), ["a", "c"]);
        assert_eq!(option_index(NAMES, "b"), 1);
    }
}
