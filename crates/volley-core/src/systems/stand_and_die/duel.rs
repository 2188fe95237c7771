//! A duel: two adjacent hexes attack each other every turn,
//! simultaneously by default (SD-1), until one or both are gone. There is no turn
//! limit unless one is given; a fight in which neither side can inflict a casualty
//! ends at once as a stalemate.
//!
//! Falling back trades ground for men: a falling-back hex that was attacked moves
//! one hex back (its ground lost is counted), and is attacked at the lower
//! fall-back chances. By default the enemy follows it up, so the hexes stay in
//! contact (`sd_duel_contact = renewed`; `disengage` ends the duel at the first
//! fall-back). Once a hex has used the room behind it (`a_room`, `b_room`: hexes
//! before an obstacle or the table edge) it can fall back no further and stands
//! (`sd_fallback_blocked = stay`), or is destroyed (`eliminate`).

use super::attack::{can_hurt, casualties, hex_of};
use super::charts::{Charts, Combat, DuelContact, FallbackBlocked, Target};
use super::hex::Hex;
use crate::action::{About, ChartAction, FieldSpec, notes_of};
use crate::dice::Dice;
use crate::engine::{self, Ending, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::systems::hex_duel::{
    DuelRecord, DuelTurns, GroundBounds, TURN_LIMIT_MEANING, both_hexes_hold, duel_about,
};
use std::sync::Arc;

crate::categories! {
    /// Values of `winner`.
    pub enum Winner {
        A = "a",
        B = "b",
        None = "none",
        Stalemate = "stalemate",
        Disengaged = "disengaged",
        TurnLimit = "turn-limit",
        Unfinished = "unfinished",
    }
}

/// What each value of `winner` means.
pub const WINNER_MEANINGS: [(&str, &str); 7] = [
    ("a", "B's hex is gone and A's is not"),
    ("b", "A's hex is gone and B's is not"),
    ("none", "both hexes are gone in the same turn"),
    (
        "stalemate",
        "neither hex can inflict a casualty any more (e.g. infantry against a fall-back hex in cover)",
    ),
    (
        "disengaged",
        "sd_duel_contact = disengage only: a hex fell back and was not followed up",
    ),
    TURN_LIMIT_MEANING,
    (
        "unfinished",
        "turns = 0: the share still fighting when the method stopped following it (exact: below 1e-15; Monte Carlo: after 100,000 turns)",
    ),
];

/// One side of the duel: its hex, how it stands, and where.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub hex: Hex,
    /// Ordered to fall back under pressure (else Standing).
    pub fallback: bool,
    pub cover: bool,
    /// Attacks through the enemy's rear three hexsides.
    pub rear: bool,
    /// Hexes it can fall back before an obstacle or the table edge (`None`:
    /// unlimited).
    pub room: Option<u32>,
}

/// Both hexes, the ground each has given up, whether contact was broken, and
/// (between the steps of a turn) what the turn has done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: Hex,
    pub b: Hex,
    pub a_ground: u32,
    pub b_ground: u32,
    pub disengaged: bool,
    /// `None` between turns.
    pub turn: Option<TurnSoFar>,
}

/// A turn after its first attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TurnSoFar {
    /// Sequential combat: A moved first.
    pub a_first: bool,
    /// Simultaneous combat: B's attack on A, in tenths, as the turn started
    /// (A's losses are rolled in the second step).
    pub b_attack_at_start: u32,
    pub a_attacked: bool,
    pub b_attacked: bool,
}

/// The duel.
#[derive(Clone, Debug)]
pub struct Duel {
    pub charts: Arc<Charts>,
    pub a: Side,
    pub b: Side,
    pub turns: DuelTurns,
}

impl Duel {
    /// Can this side still fall back (ordered to, with room behind it)?
    fn falls_back(side: &Side, ground: u32) -> bool {
        side.fallback && side.room.is_none_or(|room| ground < room)
    }

    /// How a side is attacked: falling back only while it still can.
    fn target(side: &Side, ground: u32) -> Target {
        Target {
            fallback: Self::falls_back(side, ground),
            cover: side.cover,
        }
    }

    /// The attacks (A on B, B on A) in tenths of a casualty.
    fn attacks(&self, s: &State) -> (u32, u32) {
        let charts = &*self.charts;
        (
            s.a.attack(charts, Self::target(&self.b, s.b_ground), self.a.rear),
            s.b.attack(charts, Self::target(&self.a, s.a_ground), self.b.rear),
        )
    }

    fn winner(&self, s: &State, ending: Ending) -> Winner {
        match (s.a.is_gone(), s.b.is_gone()) {
            (false, true) => Winner::A,
            (true, false) => Winner::B,
            (true, true) => Winner::None,
            (false, false) if s.disengaged => Winner::Disengaged,
            (false, false) => match ending {
                Ending::Over => Winner::Stalemate,
                Ending::TurnLimit => Winner::TurnLimit,
                Ending::Unfinished => Winner::Unfinished,
            },
        }
    }

    /// One side's attack in sequential combat, on the hexes as they stand now;
    /// a hex is attacked when the enemy has a chance of hurting it (a hex
    /// destroyed before its turn attacks nobody).
    fn attack<D: Dice>(&self, dice: &mut D, s: &mut State, turn: &mut TurnSoFar, a_attacks: bool) {
        let charts = &*self.charts;
        if a_attacks {
            let tenths =
                s.a.attack(charts, Self::target(&self.b, s.b_ground), self.a.rear);
            turn.b_attacked = tenths > 0;
            s.b.take(casualties(dice, charts, tenths, "a"), charts);
        } else {
            let tenths =
                s.b.attack(charts, Self::target(&self.a, s.a_ground), self.b.rear);
            turn.a_attacked = tenths > 0;
            s.a.take(casualties(dice, charts, tenths, "b"), charts);
        }
    }

    /// After the attacks: a falling-back hex that was attacked goes one hex back,
    /// or, with no room left, stays (and stands) or is destroyed.
    fn fall_back(&self, side: &Side, hex: &mut Hex, ground: &mut u32, attacked: bool) -> bool {
        if !side.fallback || !attacked || hex.is_gone() {
            return false;
        }
        if Self::falls_back(side, *ground) {
            *ground += 1;
            return true;
        }
        if self.charts.options.sd_fallback_blocked() == FallbackBlocked::Eliminate {
            *hex = Hex::default();
        }
        false
    }
}

impl engine::Engagement for Duel {
    type State = State;
    type Record = DuelRecord<Winner>;

    fn declare(&self, schema: &mut Schema) -> Self::Record {
        let shown = f64::from(self.turn_limit());
        let limited = !self.to_the_end();
        let ground_curve = |room: Option<u32>| room.map_or(shown, |r| f64::from(r).min(shown));
        let ground_mean = |room: Option<u32>| match (room, limited) {
            (Some(r), _) => Some(f64::from(r)),
            (None, true) => Some(shown),
            (None, false) => None,
        };
        let ground = GroundBounds {
            mean: [ground_mean(self.a.room), ground_mean(self.b.room)],
            curve: [ground_curve(self.a.room), ground_curve(self.b.room)],
        };
        let strength = [self.a.hex.strength(), self.b.hex.strength()];
        DuelRecord::declare(schema, strength, self.turn_limit(), limited, Some(ground))
    }

    fn start(&self) -> State {
        State {
            a: self.a.hex,
            b: self.b.hex,
            a_ground: 0,
            b_ground: 0,
            disengaged: false,
            turn: None,
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns.turn_limit()
    }

    fn to_the_end(&self) -> bool {
        self.turns.to_the_end()
    }

    fn is_over(&self, s: &State) -> bool {
        let (on_b, on_a) = self.attacks(s);
        let charts = &*self.charts;
        let hurts = can_hurt(charts, on_b, "a") || can_hurt(charts, on_a, "b");
        s.a.is_gone() || s.b.is_gone() || s.disengaged || !hurts
    }

    /// The first attack (sequential combat: after the roll for who moves
    /// first; simultaneous: B's losses from A's attack as the turn started),
    /// the second attack, then the fall-backs.
    fn steps(&self) -> u32 {
        3
    }

    fn play_step<D: Dice>(&self, s: &State, step: u32, dice: &mut D) -> State {
        let mut next = *s;
        let charts = &*self.charts;
        match (step, s.turn, charts.options.sd_combat()) {
            (0, _, Combat::Simultaneous) => {
                // Both attacks as the turn starts; B's losses first.
                let (on_b, on_a) = self.attacks(s);
                next.b.take(casualties(dice, charts, on_b, "a"), charts);
                next.turn = Some(TurnSoFar {
                    a_first: true,
                    b_attack_at_start: on_a,
                    a_attacked: on_a > 0,
                    b_attacked: on_b > 0,
                });
            }
            (0, _, Combat::Sequential) => {
                // Roll for who moves first (1d6 each, ties re-rolled): even odds.
                let mut turn = TurnSoFar {
                    a_first: dice.chance(1, 2),
                    b_attack_at_start: 0,
                    a_attacked: false,
                    b_attacked: false,
                };
                let a_first = turn.a_first;
                self.attack(dice, &mut next, &mut turn, a_first);
                next.turn = Some(turn);
            }
            (1, Some(turn), Combat::Simultaneous) => {
                next.a.take(
                    casualties(dice, charts, turn.b_attack_at_start, "b"),
                    charts,
                );
            }
            (1, Some(mut turn), Combat::Sequential) => {
                let b_first = !turn.a_first;
                self.attack(dice, &mut next, &mut turn, b_first);
                next.turn = Some(turn);
            }
            (2, Some(turn), _) => {
                let a_moved =
                    self.fall_back(&self.a, &mut next.a, &mut next.a_ground, turn.a_attacked);
                let b_moved =
                    self.fall_back(&self.b, &mut next.b, &mut next.b_ground, turn.b_attacked);
                if charts.options.sd_duel_contact() == DuelContact::Disengage
                    && (a_moved || b_moved)
                {
                    next.disengaged = true;
                }
                next.turn = None;
            }
            _ => {}
        }
        next
    }

    fn record_turn(&self, rec: &Self::Record, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let figures = [s.a.strength(), s.b.strength()];
        let ground = [s.a_ground, s.b_ground];
        rec.record_turn(turn, self.is_over(s), figures, ground, tally, w);
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
            self.a.hex.strength() - s.a.strength(),
            self.b.hex.strength() - s.b.strength(),
        ];
        let ground = [s.a_ground, s.b_ground];
        rec.record_end(self.winner(s, ending), turns, lost, ground, tally, w);
    }
}

crate::action_fields! {
    /// The fields of `stand-and-die duel`: hex A, hex B, and the turns.
    pub struct DuelFields(_charts: &Charts) {
        a_infantry: u32 = FieldSpec::int(0, 200, 10, "infantrymen in hex A"),
        a_cavalry: u32 = FieldSpec::int(0, 200, 0, "cavalrymen in hex A (not with infantry or guns)"),
        a_guns: u32 = FieldSpec::int(
            0,
            20,
            0,
            "guns in hex A (two casualties each, after the infantry; not alone)",
        ),
        a_posture: String = FieldSpec::choice(&["standing", "fallback"], "standing", "the hex stands, or falls back under pressure (one hex back each turn it is attacked)"),
        a_cover: bool = FieldSpec::flag("hex A is in cover"),
        a_rear: bool = FieldSpec::flag("hex A attacks through the enemy's rear three hexsides"),
        a_room: Option<i64> = FieldSpec::limit(
            0,
            1000,
            "hexes A can fall back before an obstacle or the table edge",
        ),
        b_infantry: u32 = FieldSpec::int(0, 200, 10, "infantrymen in hex B"),
        b_cavalry: u32 = FieldSpec::int(0, 200, 0, "cavalrymen in hex B (not with infantry or guns)"),
        b_guns: u32 = FieldSpec::int(
            0,
            20,
            0,
            "guns in hex B (two casualties each, after the infantry; not alone)",
        ),
        b_posture: String = FieldSpec::choice(&["standing", "fallback"], "standing", "the hex stands, or falls back under pressure (one hex back each turn it is attacked)"),
        b_cover: bool = FieldSpec::flag("hex B is in cover"),
        b_rear: bool = FieldSpec::flag("hex B attacks through the enemy's rear three hexsides"),
        b_room: Option<i64> = FieldSpec::limit(
            0,
            1000,
            "hexes B can fall back before an obstacle or the table edge",
        ),
        turns: u32 = FieldSpec::int(0, 10_000, 0, "turn limit (0: fight to the end)"),
        curve_turns: u32 = FieldSpec::int(
            1,
            200,
            20,
            "turns shown by the per-turn curves when there is no limit",
        ),
    }
}

/// `stand-and-die duel`.
pub struct DuelAction;

impl ChartAction for DuelAction {
    type Fields = DuelFields;

    const ABOUT: &'static About =
        &duel_about("two adjacent hexes attack each other every turn until one or both are gone");

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        notes_of("winner", &WINNER_MEANINGS)
    }

    fn build(&self, f: DuelFields, charts: &Arc<Charts>) -> Result<Box<dyn Model>, InputError> {
        let a = hex_of(
            f.a_infantry,
            f.a_cavalry,
            f.a_guns,
            ["a_infantry", "a_cavalry", "a_guns"],
        )?;
        let b = hex_of(
            f.b_infantry,
            f.b_cavalry,
            f.b_guns,
            ["b_infantry", "b_cavalry", "b_guns"],
        )?;
        both_hexes_hold(a.is_gone(), b.is_gone(), "one figure or gun")?;
        let room = |r: Option<i64>| r.map(|r| u32::try_from(r).unwrap_or(u32::MAX));
        let a = Side {
            hex: a,
            fallback: f.a_posture == "fallback",
            cover: f.a_cover,
            rear: f.a_rear,
            room: room(f.a_room),
        };
        let b = Side {
            hex: b,
            fallback: f.b_posture == "fallback",
            cover: f.b_cover,
            rear: f.b_rear,
            room: room(f.b_room),
        };
        Ok(Box::new(EngagementModel::new(Duel {
            a,
            b,
            turns: DuelTurns {
                turns: f.turns,
                curve_turns: f.curve_turns,
            },
            charts: charts.clone(),
        })))
    }
}
