//! A duel (RULES.md 4.2): two adjacent hexes attack each other every turn,
//! simultaneously by default (SD-1), until one or both are gone. There is no turn
//! limit unless one is given; a fight in which neither side can inflict a casualty
//! ends at once as undecided. A falling-back hex is followed up, so the hexes stay
//! in contact (options.sd_duel_contact).

use super::attack::{casualties, hex_from};
use super::charts::{Charts, Combat, Target};
use super::hex::Hex;
use crate::dice::Dice;
use crate::engine::{self, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::{Action, FieldSpec, Scenario};
use std::sync::Arc;

pub const WINNER_LABELS: [&str; 4] = ["a", "b", "none", "undecided"];

/// The duel.
#[derive(Clone, Debug)]
pub struct Duel {
    pub charts: Arc<Charts>,
    pub a: Hex,
    pub b: Hex,
    /// How each side stands when attacked.
    pub a_target: Target,
    pub b_target: Target,
    pub a_rear: bool,
    pub b_rear: bool,
    /// 0: no turn limit.
    pub turns: u32,
    /// Turns shown by the curves when there is no limit.
    pub curve_turns: u32,
}

impl Duel {
    fn attacks(&self, s: &(Hex, Hex)) -> (u32, u32) {
        (
            s.0.attack(&self.charts, self.b_target, self.a_rear),
            s.1.attack(&self.charts, self.a_target, self.b_rear),
        )
    }

    fn winner(&self, s: &(Hex, Hex)) -> usize {
        match (s.0.is_gone(), s.1.is_gone()) {
            (false, true) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, false) => 3,
        }
    }
}

impl engine::Engagement for Duel {
    type State = (Hex, Hex);

    fn schema(&self) -> Schema {
        Schema::default()
            .categorical("winner", WINNER_LABELS)
            .mean("turns")
            .mean("a_lost")
            .mean("b_lost")
            .curve("ended", true)
            .curve("a_figures", false)
            .curve("b_figures", false)
            .with_turns(self.turn_limit() as usize)
    }

    fn start(&self) -> (Hex, Hex) {
        (self.a, self.b)
    }

    fn turn_limit(&self) -> u32 {
        if self.turns == 0 {
            self.curve_turns
        } else {
            self.turns
        }
    }

    fn to_the_end(&self) -> bool {
        self.turns == 0
    }

    fn is_over(&self, s: &(Hex, Hex)) -> bool {
        s.0.is_gone() || s.1.is_gone() || self.attacks(s) == (0, 0)
    }

    fn play_turn<D: Dice>(&self, s: &(Hex, Hex), dice: &mut D) -> (Hex, Hex) {
        let (mut a, mut b) = *s;
        let charts = &*self.charts;
        match charts.options.sd_combat {
            Combat::Simultaneous => {
                let (on_b, on_a) = self.attacks(s);
                let (lost_b, lost_a) = (casualties(dice, on_b), casualties(dice, on_a));
                b.take(lost_b, charts);
                a.take(lost_a, charts);
            }
            Combat::Sequential => {
                // Roll for who moves first (1d6 each, ties re-rolled): even odds.
                let a_first = dice.chance(1, 2);
                for a_attacks in [a_first, !a_first] {
                    if a_attacks {
                        let lost = casualties(dice, a.attack(charts, self.b_target, self.a_rear));
                        b.take(lost, charts);
                    } else {
                        let lost = casualties(dice, b.attack(charts, self.a_target, self.b_rear));
                        a.take(lost, charts);
                    }
                }
            }
        }
        (a, b)
    }

    fn record_turn(&self, turn: u32, s: &(Hex, Hex), tally: &mut Tally, w: f64) {
        let t = turn as usize;
        tally.curve(0, t, f64::from(u8::from(self.is_over(s))), w);
        tally.curve(1, t, f64::from(s.0.strength()), w);
        tally.curve(2, t, f64::from(s.1.strength()), w);
    }

    fn record_end(&self, s: &(Hex, Hex), turns: u32, tally: &mut Tally, w: f64) {
        tally.count(0, self.winner(s), w);
        tally.add(0, f64::from(turns), w);
        tally.add(1, f64::from(self.a.strength() - s.0.strength()), w);
        tally.add(2, f64::from(self.b.strength() - s.1.strength()), w);
    }
}

/// `stand-and-die duel`.
pub struct DuelAction;

impl Action for DuelAction {
    fn name(&self) -> &'static str {
        "duel"
    }

    fn summary(&self) -> &'static str {
        "two adjacent hexes attack each other every turn until one or both are gone"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        let mut specs = Vec::new();
        for (p, [inf, cav, guns, posture, cover, rear]) in [
            (
                "A",
                [
                    "a_infantry",
                    "a_cavalry",
                    "a_guns",
                    "a_posture",
                    "a_cover",
                    "a_rear",
                ],
            ),
            (
                "B",
                [
                    "b_infantry",
                    "b_cavalry",
                    "b_guns",
                    "b_posture",
                    "b_cover",
                    "b_rear",
                ],
            ),
        ] {
            let _ = p;
            specs.push(FieldSpec::int(inf, 0, 200, 0, "infantrymen in the hex"));
            specs.push(FieldSpec::int(
                cav,
                0,
                200,
                0,
                "cavalrymen in the hex (not with infantry or guns)",
            ));
            specs.push(FieldSpec::int(
                guns,
                0,
                20,
                0,
                "guns in the hex (two casualties each, after the infantry)",
            ));
            specs.push(FieldSpec::choice(
                posture,
                &["standing", "fallback"],
                "standing",
                "the hex stands, or falls back under pressure",
            ));
            specs.push(FieldSpec::flag(cover, "the hex is in cover"));
            specs.push(FieldSpec::flag(
                rear,
                "the hex attacks through the enemy's rear three hexsides",
            ));
        }
        specs.push(FieldSpec::int(
            "turns",
            0,
            10_000,
            0,
            "turn limit (0: fight to the end)",
        ));
        specs.push(FieldSpec::int(
            "curve_turns",
            1,
            200,
            20,
            "turns shown by the per-turn curves when there is no limit",
        ));
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("winner", "a"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let a = hex_from(s, "a_infantry", "a_cavalry", "a_guns")?;
        let b = hex_from(s, "b_infantry", "b_cavalry", "b_guns")?;
        if a.is_gone() || b.is_gone() {
            return Err(InputError::argument(
                if a.is_gone() {
                    "a_infantry"
                } else {
                    "b_infantry"
                },
                "each hex needs at least one figure or gun",
            ));
        }
        let target = |p: &str| Target {
            fallback: s.text(&format!("{p}_posture")) == "fallback",
            cover: s.flag(&format!("{p}_cover")),
        };
        Ok(Box::new(EngagementModel(Duel {
            a,
            b,
            a_target: target("a"),
            b_target: target("b"),
            a_rear: s.flag("a_rear"),
            b_rear: s.flag("b_rear"),
            turns: s.int("turns") as u32,
            curve_turns: s.int("curve_turns") as u32,
            charts,
        })))
    }
}
