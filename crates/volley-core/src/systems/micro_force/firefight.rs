//! A firefight: two units exchange fire turn after turn. Each
//! turn: initiative (the winner fires first), a volley each way (a unit that is
//! routed or destroyed by the first volley does not answer), then marker recovery
//! (rallying Shaken). It ends when a unit is routed or eliminated, or at the turn
//! limit.

use super::charts::Charts;
use super::fields::{self, UnitGroup};
use super::fire::{Hit, Situation, volley_effects, volley_roll};
use super::initiative::Initiative;
use super::recovery::rally;
use super::unit::Unit;
use crate::action::{About, ChartAction, FieldSpec};
use crate::dice::Dice;
use crate::engine::{self, Ending, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::tally::{Mean, Outcome, PerTurn};
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

/// Where [`Firefight`] records.
pub struct FirefightRecord {
    breaks_first: Outcome<BreaksFirst>,
    turns: Mean,
    steps_lost: [Mean; 2],
    ended: PerTurn,
    steps_lost_by_turn: [PerTurn; 2],
    shaken: [PerTurn; 2],
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
    type Record = FirefightRecord;

    fn declare(&self, schema: &mut Schema) -> FirefightRecord {
        let (a, b) = (f64::from(self.a.steps()), f64::from(self.b.steps()));
        schema.set_turns(self.turns as usize);
        FirefightRecord {
            breaks_first: schema.outcome("breaks_first"),
            turns: schema.mean_within("turns", 0.0, f64::from(self.turns)),
            steps_lost: [
                schema.mean_within("a_steps_lost", 0.0, a),
                schema.mean_within("b_steps_lost", 0.0, b),
            ],
            ended: schema.curve("ended", true),
            steps_lost_by_turn: [
                schema.curve_within("a_steps_lost", 0.0, a),
                schema.curve_within("b_steps_lost", 0.0, b),
            ],
            shaken: [
                schema.curve("a_shaken", true),
                schema.curve("b_shaken", true),
            ],
        }
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
                    next.a.competence,
                    next.b.competence,
                    s.last_winner_a,
                )
                .roll(dice);
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

    fn record_turn(&self, rec: &FirefightRecord, turn: u32, s: &State, tally: &mut Tally, w: f64) {
        let t = turn as usize;
        tally.curve(rec.ended, t, f64::from(u8::from(self.is_over(s))), w);
        let lost = [
            s.a.steps_lost - self.a.steps_lost,
            s.b.steps_lost - self.b.steps_lost,
        ];
        for (side, unit) in [&s.a, &s.b].into_iter().enumerate() {
            tally.curve(rec.steps_lost_by_turn[side], t, f64::from(lost[side]), w);
            tally.curve(rec.shaken[side], t, f64::from(u8::from(unit.shaken)), w);
        }
    }

    fn record_end(
        &self,
        rec: &FirefightRecord,
        s: &State,
        turns: u32,
        _ending: Ending,
        tally: &mut Tally,
        w: f64,
    ) {
        tally.count(rec.breaks_first, Self::breaks_first(s), w);
        tally.add(rec.turns, f64::from(turns), w);
        tally.add(
            rec.steps_lost[0],
            f64::from(s.a.steps_lost - self.a.steps_lost),
            w,
        );
        tally.add(
            rec.steps_lost[1],
            f64::from(s.b.steps_lost - self.b.steps_lost),
            w,
        );
    }
}

crate::action_fields! {
    /// The fields of `micro-force firefight`.
    pub struct FirefightFields(charts: &Charts) {
        a_av_per_stand: f64 = fields::av_per_stand(fields::AV_HELP),
        a_weapon: String = fields::weapon(charts),
        b_av_per_stand: f64 = fields::av_per_stand(fields::AV_HELP),
        b_weapon: String = fields::weapon(charts),
        range: f64 = fields::range(),
        charge_distance: u32 = FieldSpec::int(1, 40, 4, "inches A charges across should it charge (volley plan's `charge`; the fire reads `range` only with a weapon): the charge's own bounds and default"),
        a_first_fire: bool = FieldSpec::flag_on("A still has its first-fire bonus"),
        b_first_fire: bool = FieldSpec::flag_on("B still has its first-fire bonus"),
        a_officer: bool = FieldSpec::flag_on("an officer is with A (casualty checks)"),
        b_officer: bool = FieldSpec::flag_on("an officer is with B (casualty checks)"),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
    groups {
        a: UnitGroup<'static> = UnitGroup {
            charts,
            role: "a",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
        b: UnitGroup<'static> = UnitGroup {
            charts,
            role: "b",
            arm: "infantry",
            formation: "line",
            stands: 4,
        },
    }
}

/// `micro-force firefight`.
pub struct FirefightAction;

impl FirefightAction {
    pub fn firefight(f: FirefightFields, charts: Arc<Charts>) -> Result<Firefight, InputError> {
        let (mut a, mut b) = (f.a, f.b);
        a.first_fire_used = !f.a_first_fire;
        b.first_fire_used = !f.b_first_fire;
        // Each side's volleys, and whether the enemy's officer is checked.
        let situation = |av: f64, weapon: &str, officer: bool| -> Result<Situation, InputError> {
            Ok(Situation {
                av_per_stand: fields::attack_value_per_stand(&charts, av, weapon, f.range)?,
                target_officer: officer,
                ..Situation::default()
            })
        };
        let a_fire = situation(f.a_av_per_stand, &f.a_weapon, f.b_officer)?;
        let b_fire = situation(f.b_av_per_stand, &f.b_weapon, f.a_officer)?;
        Ok(Firefight {
            a,
            b,
            a_fire,
            b_fire,
            turns: f.turns,
            charts: charts.clone(),
        })
    }
}

impl ChartAction for FirefightAction {
    type Fields = FirefightFields;

    const ABOUT: &'static About = &About {
        name: "firefight",
        summary: "two units trade volleys turn after turn, with rallies, until one routs or is destroyed",
        headline: Some(("breaks_first", "b")),
        default_curves: &["a_steps_lost", "b_steps_lost"],
        ..About::DEFAULT
    };

    fn outcome_notes(&self) -> Vec<(&'static str, &'static str, &'static str)> {
        vec![
            ("breaks_first", "a", "A is routed or destroyed and B is not"),
            ("breaks_first", "b", "B is routed or destroyed and A is not"),
            ("breaks_first", "both", "both break in the same turn"),
            (
                "breaks_first",
                "neither",
                "both still stand at the turn limit",
            ),
        ]
    }

    const CHOICES: &'static [&'static str] = &super::firefight_choices::CHOICES;

    fn plan(
        &self,
        f: FirefightFields,
        charts: &Arc<Charts>,
        ask: &crate::plan::Ask,
        outcomes: &[(&str, Vec<String>)],
    ) -> Option<Result<crate::plan::PlanAnswer, crate::plan::PlanError>> {
        let distance = f.charge_distance as i32;
        Some(
            Self::firefight(f, charts.clone())
                .map_err(crate::plan::PlanError::Input)
                .and_then(|fight| {
                    let game = super::firefight_choices::FirefightChoices::new(
                        fight,
                        distance,
                        ask.opponent,
                    );
                    crate::plan::answer(&game, ask, outcomes)
                }),
        )
    }

    fn build(
        &self,
        f: FirefightFields,
        charts: &Arc<Charts>,
    ) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(EngagementModel::new(Self::firefight(
            f,
            charts.clone(),
        )?)))
    }
}
