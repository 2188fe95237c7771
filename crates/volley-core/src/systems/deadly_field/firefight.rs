//! The firefight: two regiments (or a regiment and a battery) trade fire at one
//! range band until one routs or is destroyed, or the turn limit comes. Each turn
//! follows the card's active / reactive sequence: A is active and
//! fires with its first action, B answers with its one reaction fire, A fires
//! again with its second action; then B is active and A reacts. Each fire goes
//! through the results table and the target's morale check. A Disordered active
//! unit may spend its first action reforming (automatic) instead of firing.
//!
//! A turn is six steps, one per fire (the exact method merges equal states after
//! each, so that a long fight stays small); once a unit breaks, the rest of the
//! turn is not played.

use super::charts::Charts;
use super::fire;
use super::impact::enemy_near;
use super::shot::{FireSituation, shot};
use super::unit::{Arm, Condition, Regiment};
use crate::dice::Dice;
use crate::engine::{self, Ending, Schema, Tally};
use crate::tally::FightRecord;
use std::sync::Arc;

/// Steps (fires) in one turn: A's two actions and B's reaction, then B's two
/// and A's reaction.
const STEPS: u32 = 6;

/// Both units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: Condition,
    pub b: Condition,
}

crate::categories! {
    /// Which regiment breaks first: the values of `breaks_first`.
    pub enum BreaksFirst {
        A = "a",
        B = "b",
        Neither = "neither",
    }
}

/// The firefight.
#[derive(Clone, Debug)]
pub struct Firefight {
    pub charts: Arc<Charts>,
    pub a: Regiment,
    pub b: Regiment,
    pub situation: FireSituation,
    pub turns: u32,
    pub fire_twice: bool,
    pub reactions: bool,
    pub reform: bool,
}

impl Firefight {
    /// One fire; the target's condition after it.
    fn fire<D: Dice>(&self, a_fires: bool, s: &mut State, dice: &mut D) {
        let (firer, target) = if a_fires {
            (&self.a, &self.b)
        } else {
            (&self.b, &self.a)
        };
        let (by, at) = if a_fires { (s.a, s.b) } else { (s.b, s.a) };
        let Some(shot) = shot(&self.charts, (firer, &by), (target, &at), &self.situation) else {
            return;
        };
        let result = shot.roll(&self.charts, dice);
        // Infantry and cavalry short range is within an inch: the firer is an
        // enemy near the target.
        let near = if self.situation.band == "short" && firer.arm != Arm::Artillery {
            enemy_near(&self.charts, firer, &by)
        } else {
            0
        };
        let effect = fire::apply(
            &self.charts,
            result,
            target,
            &at,
            false,
            &[near],
            true,
            dice,
        );
        let by = Condition {
            opening_volley_used: true,
            ..by
        };
        if a_fires {
            (s.a, s.b) = (by, effect.after);
        } else {
            (s.b, s.a) = (by, effect.after);
        }
    }

    /// Step `step` of a turn from `s`, each side reforming when Disordered
    /// at the start of its active phase or not as `reforms` says (A's, B's):
    /// the turn as the firefight plays it (both as the `reform` field says),
    /// and as a plan plays each side's choice.
    pub(super) fn step_with<D: Dice>(
        &self,
        s: &State,
        step: u32,
        dice: &mut D,
        reforms: [bool; 2],
    ) -> State {
        let mut next = *s;
        if engine::Engagement::is_over(self, s) {
            return next;
        }
        // Steps 0-2: A active (action, B's reaction, action); 3-5: B active.
        let a_active = step < 3;
        let reforms = reforms[usize::from(!a_active)];
        match step % 3 {
            0 => {
                let active = if a_active { &mut next.a } else { &mut next.b };
                if reforms && active.level == 1 {
                    active.level = 0;
                } else {
                    self.fire(a_active, &mut next, dice);
                }
            }
            1 if self.reactions => self.fire(!a_active, &mut next, dice),
            2 if self.fire_twice => self.fire(a_active, &mut next, dice),
            _ => {}
        }
        next
    }

    /// Which unit, if either, is routed or gone in `s` (A first: the fight
    /// stops at the first break).
    pub(super) fn breaks_first(s: &State) -> BreaksFirst {
        match (s.a.broken(), s.b.broken()) {
            (true, _) => BreaksFirst::A,
            (_, true) => BreaksFirst::B,
            _ => BreaksFirst::Neither,
        }
    }

    pub(super) fn lost(unit: &Regiment, now: &Condition) -> f64 {
        f64::from(unit.now.figures.saturating_sub(now.figures))
    }

    /// Each regiment's figures lost since the start, in `s`.
    pub(super) fn figures_lost(&self, s: &State) -> [f64; 2] {
        [Self::lost(&self.a, &s.a), Self::lost(&self.b, &s.b)]
    }
}

impl engine::Engagement for Firefight {
    type State = State;
    type Record = FightRecord<BreaksFirst>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        let strength = [self.a.now.figures, self.b.now.figures].map(f64::from);
        FightRecord::declare(schema, self.turns, strength, "figures_lost", "broken")
    }

    fn start(&self) -> State {
        State {
            a: self.a.now,
            b: self.b.now,
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, s: &State) -> bool {
        s.a.broken() || s.b.broken()
    }

    fn steps(&self) -> u32 {
        STEPS
    }

    /// None: fires from different states of a turn meet the same states so
    /// often that merging across the whole distribution after every fire beats
    /// caching each turn-start state's turn (1.4 s against 0.2 s for six turns).
    fn cached_steps(&self) -> u32 {
        0
    }

    fn play_step<D: Dice>(&self, s: &State, step: u32, dice: &mut D) -> State {
        self.step_with(s, step, dice, [self.reform; 2])
    }

    fn record_turn(&self, rec: &Self::Record, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let broken = [s.a.broken(), s.b.broken()];
        rec.record_turn(
            tally,
            turn,
            self.is_over(s),
            self.figures_lost(s),
            broken,
            w,
        );
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
        rec.record_end(tally, Self::breaks_first(s), turns, self.figures_lost(s), w);
    }
}
