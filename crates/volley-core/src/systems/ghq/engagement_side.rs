//! One side of an engagement as fields: `a_stands`, `a_firepower`, ... under
//! the side's prefix, each with help that names the side and the enemy.
//! Micro Armour's and Micro Squad's engagements list different fields for a
//! side between its stands and its Break Point ([`EngagementSide`] on each
//! card's side): each card names and words its own through [`Which`];
//! the stands and the Break Point, and the group, are written here once.

use super::group::MAX_STANDS;
use crate::action::{FieldGroup, FieldSpec, FieldType, Scenario, interned, prefixed};
use crate::error::InputError;
use std::marker::PhantomData;

/// The names, after the side's prefix, of the fields every side has.
const STANDS: &str = "stands";
const BREAK_POINT: &str = "break";

/// What one side of a card's engagement holds: its fields, and the side
/// they read into.
pub trait EngagementSide: Sized {
    /// The charts its fields read their choices and defaults from.
    type Charts;

    /// The side's own fields, named and worded through `side`: those
    /// between its stands (`{prefix}_stands`, first) and its Break Point
    /// (`{prefix}_break`, last), which every side has.
    fn specs(charts: &Self::Charts, side: Which) -> Vec<FieldSpec>;

    /// The side, from a resolved scenario's fields named through `side`.
    fn read(side: Which, s: &Scenario) -> Self;
}

/// Which side of an engagement: how its fields are named and worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

impl Which {
    /// Its field prefix, its letter, and the enemy's letter.
    fn words(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Which::A => ("a", "A", "B"),
            Which::B => ("b", "B", "A"),
        }
    }

    /// The field `name` of this side (`a_stands`).
    pub fn field(self, name: &str) -> &'static str {
        prefixed(self.words().0, name)
    }

    /// `template` with `{side}` and `{enemy}` read as the two sides' letters
    /// and `{prefix}` as this side's field prefix.
    pub fn help(self, template: &str) -> &'static str {
        let (prefix, side, enemy) = self.words();
        interned(
            template
                .replace("{side}", side)
                .replace("{enemy}", enemy)
                .replace("{prefix}", prefix),
        )
    }

    /// Its stands (`{prefix}_stands`).
    pub fn stands(self, s: &Scenario) -> u8 {
        self.get(s, STANDS)
    }

    /// Its Break Point in stands lost (`{prefix}_break`; 0: none).
    pub fn break_point(self, s: &Scenario) -> u8 {
        self.get(s, BREAK_POINT)
    }

    /// The value of this side's field `name`.
    pub fn get<T: FieldType>(self, s: &Scenario, name: &str) -> T {
        T::read(s, self.field(name))
    }
}

/// One side's fields as a [`FieldGroup`] of an engagement's fields.
pub struct SideFields<V> {
    side: Which,
    specs: Vec<FieldSpec>,
    reads: PhantomData<fn() -> V>,
}

impl<V: EngagementSide> SideFields<V> {
    /// The fields of side `which`.
    pub fn new(charts: &V::Charts, which: Which) -> Self {
        let (stands, break_point) = (which.field(STANDS), which.field(BREAK_POINT));
        let mut specs = vec![FieldSpec::int(
            stands,
            1,
            MAX_STANDS as i64,
            3,
            which.help("side {side}'s stands"),
        )];
        specs.extend(V::specs(charts, which));
        specs.push(FieldSpec::int(
            break_point,
            0,
            MAX_STANDS as i64,
            0,
            which.help("{side}'s Break Point in stands lost (0: none)"),
        ));
        SideFields {
            specs,
            side: which,
            reads: PhantomData,
        }
    }
}

impl<V: EngagementSide> FieldGroup for SideFields<V> {
    type Value = V;

    fn specs(&self) -> Vec<FieldSpec> {
        self.specs.clone()
    }

    fn read(&self, s: &Scenario) -> Result<V, InputError> {
        Ok(V::read(self.side, s))
    }
}
