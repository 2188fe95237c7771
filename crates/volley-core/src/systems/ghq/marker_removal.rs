//! Marker removal for one stand as a procedure, alike on every GHQ card:
//! the stand's roll (the GHQ d20 of [`super::markers`], or a card's own
//! chart where it has one) and what the stand is left with.

use super::{GhqCard, RemovalRecord, RemovalRoll, Stand, StandState, remove_markers};
use crate::dice::Dice;
use crate::engine::{Procedure, Schema, Tally};
use crate::error::InputError;
use std::sync::Arc;

/// How a card rolls marker removal: the GHQ d20 unless it says otherwise.
pub trait RemovalRule: GhqCard + Send + Sync + Sized {
    /// Roll marker removal for `stand` at `cohesion`, changing its markers.
    fn removal_roll<D: Dice>(&self, dice: &mut D, cohesion: i32, stand: &mut Stand) -> RemovalRoll {
        remove_markers(dice, self, cohesion, stand)
    }
}

/// Marker removal for one stand.
#[derive(Clone, Debug)]
pub struct MarkerRemoval<C> {
    pub charts: Arc<C>,
    pub cohesion: i32,
    pub stand: Stand,
}

impl<C: RemovalRule> Procedure for MarkerRemoval<C> {
    type Outcome = (RemovalRoll, StandState);
    type Record = RemovalRecord;

    fn declare(&self, schema: &mut Schema) -> RemovalRecord {
        RemovalRecord::declare(schema)
    }

    fn run<D: Dice>(&self, dice: &mut D) -> (RemovalRoll, StandState) {
        let mut stand = self.stand;
        let roll = self.charts.removal_roll(dice, self.cohesion, &mut stand);
        (roll, stand.state())
    }

    fn record(
        &self,
        rec: &RemovalRecord,
        o: &(RemovalRoll, StandState),
        tally: &mut Tally,
        w: f64,
    ) {
        rec.record(tally, *o, w);
    }
}

/// The stand a marker-removal question rolls for: one with S or D (a stand
/// with neither does not roll).
pub fn marked_stand(suppressed: bool, disorganized: bool) -> Result<Stand, InputError> {
    let stand = Stand::with_markers(suppressed, disorganized);
    if !(stand.suppressed || stand.disorganized) {
        return Err(InputError::argument(
            "suppressed",
            "a stand without S or D markers does not roll for marker removal; set suppressed=true or disorganized=true",
        ));
    }
    Ok(stand)
}
