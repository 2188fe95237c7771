//! An engagement declared once: its schema and the handles its records write
//! through, kept together for the engine's play, memo and exact chain.

use super::engagement::{Ending, Engagement};
use crate::tally::{Schema, Tally};

/// An engagement with its declared schema and record handles: what the
/// engine plays and records (it derefs to the engagement for everything else).
pub struct Declared<E: Engagement> {
    game: E,
    pub schema: Schema,
    rec: E::Record,
}

impl<E: Engagement> Declared<E> {
    pub fn new(game: E) -> Self {
        let mut schema = Schema::default();
        let rec = game.declare(&mut schema);
        Declared { game, schema, rec }
    }

    /// [`Engagement::record_turn`] through the declared handles.
    #[inline]
    pub fn record_turn(&self, turn: u32, state: &E::State, tally: &mut Tally, w: f64) {
        self.game.record_turn(&self.rec, turn, state, tally, w)
    }

    /// [`Engagement::record_end`] through the declared handles.
    #[inline]
    pub fn record_end(
        &self,
        state: &E::State,
        turns: u32,
        ending: Ending,
        tally: &mut Tally,
        w: f64,
    ) {
        self.game
            .record_end(&self.rec, state, turns, ending, tally, w)
    }
}

impl<E: Engagement> std::ops::Deref for Declared<E> {
    type Target = E;

    fn deref(&self) -> &E {
        &self.game
    }
}
