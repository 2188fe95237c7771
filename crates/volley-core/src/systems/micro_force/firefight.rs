//! A firefight: two units exchange fire turn after turn. Each
//! turn: initiative (the winner fires first), a volley each way (a unit that is
//! routed or destroyed by the first volley does not answer), then marker recovery
//! (rallying Shaken). It ends when a unit is routed or eliminated, or at the turn
//! limit.

use super::charts::Charts;
use super::fire::{Hit, Situation, volley_effects, volley_roll};
use super::initiative::Initiative;
use super::recovery::rally;
use super::unit::Unit;
use crate::dice::Dice;
use crate::engine::{self, Ending, Schema, Tally};
use crate::systems::ghq::roll_off::SideRoll;
use crate::tally::FightRecord;
use std::sync::Arc;

/// Both units and last turn's initiative winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: Unit,
    pub b: Unit,
    pub last_winner_a: Option<bool>,
    /// Between a volley's roll and its effects: what the roll did (none
    /// between turns).
    pub hit: Hit,
}

crate::categories! {
    /// Which unit breaks (routs or is destroyed) first: the values of
    /// `breaks_first`.
    pub enum BreaksFirst {
        A = "a",
        B = "b",
        Both = "both",
        Neither = "neither",
    }
}

/// The firefight.
#[derive(Clone, Debug)]
pub struct Firefight {
    pub charts: Arc<Charts>,
    pub a: Unit,
    pub b: Unit,
    pub a_fire: Situation,
    pub b_fire: Situation,
    pub turns: u32,
}

impl Firefight {
    /// Each unit's steps lost since the start, in `s`.
    pub(super) fn steps_lost(&self, s: &State) -> [u8; 2] {
        [
            s.a.steps_lost - self.a.steps_lost,
            s.b.steps_lost - self.b.steps_lost,
        ]
    }

    fn broken(unit: &Unit) -> bool {
        unit.routed || unit.eliminated()
    }

    /// Which unit, if either, is routed or destroyed in `s`.
    pub(super) fn breaks_first(s: &State) -> BreaksFirst {
        match (Self::broken(&s.a), Self::broken(&s.b)) {
            (true, false) => BreaksFirst::A,
            (false, true) => BreaksFirst::B,
            (true, true) => BreaksFirst::Both,
            (false, false) => BreaksFirst::Neither,
        }
    }

    fn can_fire(&self, unit: &Unit) -> bool {
        !unit.eliminated() && (!unit.routed || self.charts.data.options.mf_routed_can_fire())
    }
}

impl engine::Engagement for Firefight {
    type State = State;
    type Record = FightRecord<BreaksFirst>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        let strength = [f64::from(self.a.steps()), f64::from(self.b.steps())];
        FightRecord::declare(schema, self.turns, strength, "steps_lost", "shaken")
    }

    fn start(&self) -> State {
        State {
            a: self.a,
            b: self.b,
            last_winner_a: None,
            hit: Hit::default(),
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, s: &State) -> bool {
        Self::broken(&s.a) || Self::broken(&s.b)
    }

    /// Initiative; the winner's volley, its roll then its effects; the
    /// other's, the same; A's rally; B's rally. (After the initiative step,
    /// `last_winner_a` is this turn's winner; a rally never changes whether
    /// the fight is over, so each rally step may ask.) A volley in two steps
    /// lets the exact method merge the rolls that lost the same steps before
    /// it plays the S test and the officer check once for them all.
    fn steps(&self) -> u32 {
        7
    }

    /// The initiative and the volleys; each rally reads one unit and runs on the
    /// merged distribution.
    fn cached_steps(&self) -> u32 {
        5
    }

    fn play_step<D: Dice>(&self, s: &State, step: u32, dice: &mut D) -> State {
        let charts = &*self.charts;
        let mut next = *s;
        match step {
            0 => {
                let a_first = Initiative::new(
                    charts,
                    next.a.competence.into(),
                    next.b.competence.into(),
                    s.last_winner_a,
                )
                .a_wins(dice);
                next.last_winner_a = Some(a_first);
            }
            1..=4 => {
                let a_first = s.last_winner_a.unwrap_or(true);
                let a_fires = (step <= 2) == a_first;
                let (firer, target, situation) = if a_fires {
                    (&mut next.a, &mut next.b, &self.a_fire)
                } else {
                    (&mut next.b, &mut next.a, &self.b_fire)
                };
                if step % 2 == 1 {
                    if self.can_fire(firer) && !target.eliminated() {
                        next.hit = volley_roll(dice, charts, firer, target, situation);
                    }
                } else {
                    volley_effects(dice, charts, target, situation, s.hit);
                    next.hit = Hit::default();
                }
            }
            5 if !self.is_over(&next) => rally(dice, charts, &mut next.a),
            6 if !self.is_over(&next) => rally(dice, charts, &mut next.b),
            _ => {}
        }
        next
    }

    fn record_turn(&self, rec: &Self::Record, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let shaken = [s.a.shaken, s.b.shaken];
        let lost = self.steps_lost(s).map(f64::from);
        rec.record_turn(tally, turn, self.is_over(s), lost, shaken, w);
    }

    fn record_end(
        &self,
        rec: &Self::Record,
        s: &State,
        turns: u32,
        _ending: Ending,
        tally: &mut Tally,
        w: f64,
    ) {
        let lost = self.steps_lost(s).map(f64::from);
        rec.record_end(tally, Self::breaks_first(s), turns, lost, w);
    }
}
