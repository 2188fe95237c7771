//! A firefight (RULES.md 1.2, 1.7): two units exchange fire turn after turn. Each
//! turn: initiative (the winner fires first), a volley each way (a unit that is
//! routed or destroyed by the first volley does not answer), then marker recovery
//! (rallying Shaken). It ends when a unit is routed or eliminated, or at the turn
//! limit.

use super::charts::Charts;
use super::fields;
use super::fire::{Situation, volley};
use super::initiative::Initiative;
use super::recovery::rally;
use super::unit::Unit;
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{self, Ending, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use std::sync::Arc;

/// Both units and last turn's initiative winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct State {
    pub a: Unit,
    pub b: Unit,
    pub last_winner_a: Option<bool>,
}

pub const BREAKS_LABELS: [&str; 4] = ["a", "b", "both", "neither"];

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
    fn broken(unit: &Unit) -> bool {
        unit.routed || unit.eliminated()
    }

    fn can_fire(&self, unit: &Unit) -> bool {
        !unit.eliminated() && (!unit.routed || self.charts.data.options.mf_routed_can_fire)
    }
}

impl engine::Engagement for Firefight {
    type State = State;

    fn schema(&self) -> Schema {
        let (a, b) = (f64::from(self.a.steps()), f64::from(self.b.steps()));
        Schema::default()
            .categorical("breaks_first", BREAKS_LABELS)
            .mean_within("turns", 0.0, f64::from(self.turns))
            .mean_within("a_steps_lost", 0.0, a)
            .mean_within("b_steps_lost", 0.0, b)
            .curve("ended", true)
            .curve_within("a_steps_lost", 0.0, a)
            .curve_within("b_steps_lost", 0.0, b)
            .curve("a_shaken", true)
            .curve("b_shaken", true)
            .with_turns(self.turns as usize)
    }

    fn start(&self) -> State {
        State {
            a: self.a,
            b: self.b,
            last_winner_a: None,
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, s: &State) -> bool {
        Self::broken(&s.a) || Self::broken(&s.b)
    }

    fn play_turn<D: Dice>(&self, s: &State, dice: &mut D) -> State {
        let charts = &*self.charts;
        let mut next = *s;
        let a_first = Initiative::new(
            charts,
            next.a.competence,
            next.b.competence,
            s.last_winner_a,
        )
        .roll(dice);
        next.last_winner_a = Some(a_first);
        for a_fires in [a_first, !a_first] {
            let (firer, target, situation) = if a_fires {
                (&mut next.a, &mut next.b, &self.a_fire)
            } else {
                (&mut next.b, &mut next.a, &self.b_fire)
            };
            if self.can_fire(firer) && !target.eliminated() {
                volley(dice, charts, firer, target, situation);
            }
        }
        if !self.is_over(&next) {
            rally(dice, charts, &mut next.a);
            rally(dice, charts, &mut next.b);
        }
        next
    }

    fn record_turn(&self, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let t = turn as usize;
        tally.curve(0, t, f64::from(u8::from(self.is_over(s))), w);
        tally.curve(1, t, f64::from(s.a.steps_lost - self.a.steps_lost), w);
        tally.curve(2, t, f64::from(s.b.steps_lost - self.b.steps_lost), w);
        tally.curve(3, t, f64::from(u8::from(s.a.shaken)), w);
        tally.curve(4, t, f64::from(u8::from(s.b.shaken)), w);
    }

    fn record_end(&self, s: &State, turns: u32, _ending: Ending, tally: &mut Tally, w: f64) {
        let index = match (Self::broken(&s.a), Self::broken(&s.b)) {
            (true, false) => 0,
            (false, true) => 1,
            (true, true) => 2,
            (false, false) => 3,
        };
        tally.count(0, index, w);
        tally.add(0, f64::from(turns), w);
        tally.add(1, f64::from(s.a.steps_lost - self.a.steps_lost), w);
        tally.add(2, f64::from(s.b.steps_lost - self.b.steps_lost), w);
    }
}

/// `micro-force firefight`.
pub struct FirefightAction;

impl FirefightAction {
    fn side(s: &Scenario, role: &str, charts: &Charts) -> Result<(Unit, Situation), InputError> {
        let mut unit = fields::unit(s, role, charts)?;
        unit.first_fire_used = !s.flag(if role == "a" {
            "a_first_fire"
        } else {
            "b_first_fire"
        });
        let (av, weapon, officer) = if role == "a" {
            ("a_av_per_stand", "a_weapon", "b_officer")
        } else {
            ("b_av_per_stand", "b_weapon", "a_officer")
        };
        let situation = Situation {
            av_per_stand: fields::attack_value_per_stand(s, charts, av, weapon)?,
            target_officer: s.flag(officer),
            ..Situation::default()
        };
        Ok((unit, situation))
    }

    pub fn firefight(s: &Scenario, charts: Arc<Charts>) -> Result<Firefight, InputError> {
        let (a, a_fire) = Self::side(s, "a", &charts)?;
        let (b, b_fire) = Self::side(s, "b", &charts)?;
        Ok(Firefight {
            a,
            b,
            a_fire,
            b_fire,
            turns: s.int("turns") as u32,
            charts,
        })
    }
}

impl Action for FirefightAction {
    fn name(&self) -> &'static str {
        "firefight"
    }

    fn summary(&self) -> &'static str {
        "two units trade volleys turn after turn, with rallies, until one routs or is destroyed"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        let charts = super::charts_of(rules).expect("rules were checked when loaded");
        let flag_on = |name, help| FieldSpec {
            default: "true".to_string(),
            ..FieldSpec::flag(name, help)
        };
        let mut specs = fields::attack_fields(&charts, "a_av_per_stand", "a_weapon");
        specs.extend(fields::attack_fields(&charts, "b_av_per_stand", "b_weapon"));
        specs.push(fields::range_field());
        specs.extend([
            flag_on("a_first_fire", "A still has its first-fire bonus"),
            flag_on("b_first_fire", "B still has its first-fire bonus"),
            flag_on("a_officer", "an officer is with A (casualty checks)"),
            flag_on("b_officer", "an officer is with B (casualty checks)"),
            FieldSpec::int("turns", 1, 50, 10, "turn limit"),
        ]);
        specs.extend(fields::unit_fields("a", "infantry", "line", 4));
        specs.extend(fields::unit_fields("b", "infantry", "line", 4));
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("breaks_first", "b"))
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &["a_steps_lost", "b_steps_lost"]
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(EngagementModel(Self::firefight(
            s,
            super::charts_of(rules)?,
        )?)))
    }
}
