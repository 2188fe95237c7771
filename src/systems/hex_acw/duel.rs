//! A duel (RULES.md 4.1): two hexes trade fire in IGOUGO order, the first side
//! firing, then the other with what it has left, until one hex is empty, neither can
//! hurt the other, or the turn limit.

use super::charts::Charts;
use super::fire::casualties;
use super::hex::Hex;
use crate::dice::Dice;
use crate::engine::{self, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::{Action, FieldSpec, Scenario};
use std::sync::Arc;

pub const WINNER_LABELS: [&str; 3] = ["a", "b", "undecided"];

/// The duel.
#[derive(Clone, Debug)]
pub struct Duel {
    pub charts: Arc<Charts>,
    pub a: Hex,
    pub b: Hex,
    pub a_cover: bool,
    pub b_cover: bool,
    pub range: u32,
    pub a_first: bool,
    pub turns: u32,
}

impl Duel {
    fn stalled(&self, s: &(Hex, Hex)) -> bool {
        s.0.firepower(self.range, &self.charts) == 0 && s.1.firepower(self.range, &self.charts) == 0
    }

    fn winner(&self, s: &(Hex, Hex)) -> usize {
        match (s.0.is_empty(), s.1.is_empty()) {
            (false, true) => 0,
            (true, false) => 1,
            _ => 2,
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
            .with_turns(self.turns as usize)
    }

    fn start(&self) -> (Hex, Hex) {
        (self.a, self.b)
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, s: &(Hex, Hex)) -> bool {
        s.0.is_empty() || s.1.is_empty() || self.stalled(s)
    }

    fn play_turn<D: Dice>(&self, s: &(Hex, Hex), dice: &mut D) -> (Hex, Hex) {
        let (mut a, mut b) = *s;
        let charts = &*self.charts;
        for a_fires in [self.a_first, !self.a_first] {
            let (firer, target, cover) = if a_fires {
                (&a, &mut b, self.b_cover)
            } else {
                (&b, &mut a, self.a_cover)
            };
            if firer.is_empty() || target.is_empty() {
                continue;
            }
            let lost = casualties(dice, charts, firer.firepower(self.range, charts), cover);
            target.take(lost, self.range, charts);
        }
        (a, b)
    }

    fn record_turn(&self, turn: u32, s: &(Hex, Hex), tally: &mut Tally, w: f64) {
        let t = turn as usize;
        tally.curve(0, t, f64::from(u8::from(self.is_over(s))), w);
        tally.curve(1, t, f64::from(s.0.figures()), w);
        tally.curve(2, t, f64::from(s.1.figures()), w);
    }

    fn record_end(&self, s: &(Hex, Hex), turns: u32, tally: &mut Tally, w: f64) {
        tally.count(0, self.winner(s), w);
        tally.add(0, f64::from(turns), w);
        tally.add(1, f64::from(self.a.figures() - s.0.figures()), w);
        tally.add(2, f64::from(self.b.figures() - s.1.figures()), w);
    }
}

/// `hex-acw duel`.
pub struct DuelAction;

impl Action for DuelAction {
    fn name(&self) -> &'static str {
        "duel"
    }

    fn summary(&self) -> &'static str {
        "two hexes trade fire turn after turn (IGOUGO) until one is gone or the turn limit"
    }

    fn fields(&self, _rules: &RuleBook) -> Vec<FieldSpec> {
        vec![
            FieldSpec::int("a_infantry", 0, 200, 10, "side A's infantry figures"),
            FieldSpec::int("a_cavalry", 0, 200, 0, "side A's cavalry figures"),
            FieldSpec::int(
                "a_guns",
                0,
                20,
                0,
                "side A's guns (crewed per options.hx_crew_per_gun)",
            ),
            FieldSpec::flag("a_cover", "A is in cover (B's fire is halved)"),
            FieldSpec::int("b_infantry", 0, 200, 10, "side B's infantry figures"),
            FieldSpec::int("b_cavalry", 0, 200, 0, "side B's cavalry figures"),
            FieldSpec::int("b_guns", 0, 20, 0, "side B's guns"),
            FieldSpec::flag("b_cover", "B is in cover (A's fire is halved)"),
            FieldSpec::int("range", 1, 5, 1, "range between the hexes"),
            FieldSpec::choice("first", &["a", "b"], "a", "the side whose turn comes first"),
            FieldSpec::int(
                "turns",
                1,
                200,
                20,
                "turn limit (each turn: both sides fire once)",
            ),
        ]
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("winner", "a"))
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        let charts = super::charts_of(rules)?;
        let hex = |p: &str| {
            Hex::new(
                s.int(&format!("{p}_infantry")) as u32,
                s.int(&format!("{p}_cavalry")) as u32,
                s.int(&format!("{p}_guns")) as u32,
                &charts,
            )
        };
        let (a, b) = (hex("a"), hex("b"));
        if a.is_empty() || b.is_empty() {
            return Err(InputError::argument(
                if a.is_empty() {
                    "a_infantry"
                } else {
                    "b_infantry"
                },
                "each hex needs at least one figure",
            ));
        }
        Ok(Box::new(EngagementModel(Duel {
            a,
            b,
            a_cover: s.flag("a_cover"),
            b_cover: s.flag("b_cover"),
            range: s.int("range") as u32,
            a_first: s.text("first") == "a",
            turns: s.int("turns") as u32,
            charts,
        })))
    }
}
