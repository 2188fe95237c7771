//! A duel: two hexes trade fire in IGOUGO order, the first side
//! firing, then the other with what it has left. It ends when a hex is empty, when
//! neither hex can hurt the other any more (cover can make a hex's fire harmless),
//! or at the turn limit; `turns = 0` plays it to the end. The first side is fixed
//! or rolled for once, before the first turn.

use super::charts::{Charts, DuelEnd};
use super::fire::{FiredFrom, can_hurt, casualties};
use super::hex::Hex;
use crate::action::{About, ChartAction, FieldSpec, notes_of};
use crate::dice::Dice;
use crate::engine::{self, Ending, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::systems::hex_duel::{
    DuelRecord, DuelTurns, TURN_LIMIT_MEANING, both_hexes_hold, duel_about,
};
use std::sync::Arc;

crate::categories! {
    /// Values of `winner`.
    pub enum Winner {
        A = "a",
        B = "b",
        Stalemate = "stalemate",
        TurnLimit = "turn-limit",
        Unfinished = "unfinished",
    }
}

/// What each value of `winner` means.
pub const WINNER_MEANINGS: [(&str, &str); 5] = [
    (
        "a",
        "B's hex is empty (or, under hx_duel_end = when_one_cannot_hurt, can no longer hurt A)",
    ),
    ("b", "A's hex is empty (or can no longer hurt B, as above)"),
    (
        "stalemate",
        "neither hex can cause a casualty any more (range, cover halving)",
    ),
    TURN_LIMIT_MEANING,
    (
        "unfinished",
        "turns = 0 only: the share still fighting when the method stopped following it (exact: below 1e-15; Monte Carlo: after 100,000 turns)",
    ),
];

/// Who fires first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    A,
    B,
    /// A die roll before the first turn: even odds.
    Roll,
}

/// Both hexes, and who fires first (`None` until rolled for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: Hex,
    pub b: Hex,
    pub a_first: Option<bool>,
}

/// The duel.
#[derive(Clone, Debug)]
pub struct Duel {
    pub charts: Arc<Charts>,
    pub a: Hex,
    pub b: Hex,
    pub a_cover: bool,
    pub b_cover: bool,
    pub range: u32,
    pub first: First,
    pub turns: DuelTurns,
}

impl Duel {
    /// Can A hurt B, and B hurt A, in this state?
    fn can_hurt(&self, s: &State) -> (bool, bool) {
        let charts = &*self.charts;
        let hurts = |firer: &Hex, target: &Hex, cover: bool, side| {
            let from = FiredFrom {
                side,
                range: self.range,
            };
            !target.is_empty() && can_hurt(charts, firer.firepower(self.range, charts), cover, from)
        };
        (
            hurts(&s.a, &s.b, self.b_cover, "a"),
            hurts(&s.b, &s.a, self.a_cover, "b"),
        )
    }

    fn winner(&self, s: &State, ending: Ending) -> Winner {
        match (s.a.is_empty(), s.b.is_empty()) {
            (false, true) => return Winner::A,
            (true, false) => return Winner::B,
            _ => {}
        }
        match ending {
            Ending::TurnLimit => return Winner::TurnLimit,
            Ending::Unfinished => return Winner::Unfinished,
            Ending::Over => {}
        }
        match self.can_hurt(s) {
            (true, false) => Winner::A,
            (false, true) => Winner::B,
            _ => Winner::Stalemate,
        }
    }
}

impl engine::Engagement for Duel {
    type State = State;
    type Record = DuelRecord<Winner>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        let strength = [self.a.figures(), self.b.figures()];
        DuelRecord::declare(
            schema,
            strength,
            self.turn_limit(),
            !self.to_the_end(),
            None,
        )
    }

    fn start(&self) -> State {
        State {
            a: self.a,
            b: self.b,
            a_first: match self.first {
                First::A => Some(true),
                First::B => Some(false),
                First::Roll => None,
            },
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns.turn_limit()
    }

    fn to_the_end(&self) -> bool {
        self.turns.to_the_end()
    }

    fn is_over(&self, s: &State) -> bool {
        if s.a.is_empty() || s.b.is_empty() {
            return true;
        }
        match (self.charts.options.hx_duel_end(), self.can_hurt(s)) {
            (_, (false, false)) => true,
            (DuelEnd::WhenOneCannotHurt, (a, b)) => !(a && b),
            (DuelEnd::WhileEitherCanHurt, _) => false,
        }
    }

    /// Who fires first (decided once, on the first turn), the first side's
    /// fire, the other's.
    fn steps(&self) -> u32 {
        3
    }

    fn play_step<D: Dice>(&self, s: &State, step: u32, dice: &mut D) -> State {
        let mut next = *s;
        let a_first = s.a_first.unwrap_or_else(|| dice.chance(1, 2));
        next.a_first = Some(a_first);
        if step == 0 {
            return next;
        }
        let a_fires = (step == 1) == a_first;
        let (firer, target, cover) = if a_fires {
            (&next.a, &mut next.b, self.b_cover)
        } else {
            (&next.b, &mut next.a, self.a_cover)
        };
        if !firer.is_empty() && !target.is_empty() {
            let charts = &*self.charts;
            let from = FiredFrom {
                side: if a_fires { "a" } else { "b" },
                range: self.range,
            };
            let firepower = firer.firepower(self.range, charts);
            let lost = casualties(dice, charts, firepower, cover, from);
            target.take(lost, self.range, charts);
        }
        next
    }

    fn record_turn(&self, rec: &Self::Record, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let figures = [s.a.figures(), s.b.figures()];
        rec.record_turn(turn, self.is_over(s), figures, [0, 0], tally, w);
    }

    fn record_end(
        &self,
        rec: &Self::Record,
        s: &State,
        turns: u32,
        ending: Ending,
        tally: &mut Tally,
        w: f64,
    ) {
        let lost = [
            self.a.figures() - s.a.figures(),
            self.b.figures() - s.b.figures(),
        ];
        rec.record_end(self.winner(s, ending), turns, lost, [0, 0], tally, w);
    }
}

crate::action_fields! {
    /// The fields of `hex-acw duel`.
    pub struct DuelFields(_charts: &Charts) {
        a_infantry: u32 = FieldSpec::int(0, 200, 10, "side A's infantry figures"),
        a_cavalry: u32 = FieldSpec::int(0, 200, 0, "side A's cavalry figures"),
        a_guns: u32 = FieldSpec::int(
            0,
            20,
            0,
            "side A's guns; the crew per gun is an ASSUMPTION (neither source gives it): options.hx_crew_per_gun, 3",
        ),
        a_cover: bool = FieldSpec::flag("A is in cover (B's fire is halved)"),
        b_infantry: u32 = FieldSpec::int(0, 200, 10, "side B's infantry figures"),
        b_cavalry: u32 = FieldSpec::int(0, 200, 0, "side B's cavalry figures"),
        b_guns: u32 = FieldSpec::int(
            0,
            20,
            0,
            "side B's guns (crew per gun: an assumption, as for a_guns)",
        ),
        b_cover: bool = FieldSpec::flag("B is in cover (A's fire is halved)"),
        range: u32 = FieldSpec::int(1, 5, 1, "range between the hexes"),
        first: String = FieldSpec::choice(
            &["a", "b", "roll"],
            "a",
            "the side whose turn comes first (roll: a die roll before the first turn)",
        ),
        turns: u32 = FieldSpec::int(
            0,
            200,
            20,
            "turn limit (each turn: both sides fire once); 0: fight to the end",
        ),
        curve_turns: u32 = FieldSpec::int(
            1,
            200,
            20,
            "turns shown by the per-turn curves when turns = 0",
        ),
    }
}

/// `hex-acw duel`.
pub struct DuelAction;

impl ChartAction for DuelAction {
    type Fields = DuelFields;

    const ABOUT: &'static About = &duel_about(
        "two hexes trade fire turn after turn (IGOUGO) until one is gone, neither can hurt the other, or the turn limit",
    );

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        notes_of("winner", &WINNER_MEANINGS)
    }

    fn build(&self, f: DuelFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let a = Hex::new(f.a_infantry, f.a_cavalry, f.a_guns, charts);
        let b = Hex::new(f.b_infantry, f.b_cavalry, f.b_guns, charts);
        both_hexes_hold(a.is_empty(), b.is_empty(), "one figure")?;
        let first = match f.first.as_str() {
            "a" => First::A,
            "b" => First::B,
            _ => First::Roll,
        };
        Ok(Box::new(EngagementModel::new(Duel {
            a,
            b,
            a_cover: f.a_cover,
            b_cover: f.b_cover,
            range: f.range,
            first,
            turns: DuelTurns {
                turns: f.turns,
                curve_turns: f.curve_turns,
            },
            charts: charts.clone(),
        })))
    }
}
