//! A multi-turn engagement (RULES.md 2.2, 2.7): two groups of identical stands,
//! turn after turn: initiative (1D6 + cohesion, ties re-rolled), the joint standard
//! fire phase with the players alternating one firing stand at a time, then marker
//! removal. It ends when a side is eliminated or reaches its Break Point, or at the
//! turn limit.
//!
//! Stands of a side differ only by their markers, so the state between turns is the
//! count of stands per marker state; that keeps it small enough for the exact
//! method on small groups. Within a turn each side fires best stands first, and
//! spreads its fire over the enemy's stands, most damaged first (each stand may be
//! attacked once per fire phase; an attack may involve several firing stands). A
//! stand whose target fell earlier in the phase fires at the next enemy stand
//! (`ms_engagement_retarget`; off, it holds its fire).

use super::charts::{BreakPointRule, Charts, TerrainContext};
use super::fields;
use crate::action::{Action, FieldSpec, Scenario};
use crate::dice::Dice;
use crate::engine::{self, Ending, EngagementModel, Model, Schema, Tally};
use crate::error::InputError;
use crate::rules::RuleBook;
use crate::systems::ghq::GhqCard;
use crate::systems::ghq::Stand;
use crate::systems::ghq::remove_markers;
use crate::systems::ghq::{Column, attack};
use std::sync::Arc;

/// Most stands per side.
pub const MAX_STANDS: usize = 10;

/// Stands of one side per marker state (ok, S, D, S+D), and stands lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideState {
    pub counts: [u8; 4],
    pub lost: u8,
}

impl SideState {
    pub fn alive(&self) -> u8 {
        self.counts.iter().sum()
    }

    fn suppressed(&self) -> u8 {
        self.counts[1] + self.counts[3]
    }

    fn disorganized(&self) -> u8 {
        self.counts[2] + self.counts[3]
    }

    /// The stands, best first.
    fn expand(&self) -> ([Stand; MAX_STANDS], usize) {
        let mut stands = [Stand::default(); MAX_STANDS];
        let mut n = 0;
        for (state, &count) in self.counts.iter().enumerate() {
            for _ in 0..count {
                stands[n] = Stand::with_markers(state & 1 == 1, state & 2 == 2);
                n += 1;
            }
        }
        (stands, n)
    }

    fn collapse(stands: &[Stand], lost_before: u8) -> Self {
        let mut side = SideState {
            counts: [0; 4],
            lost: lost_before,
        };
        for stand in stands {
            if stand.eliminated {
                side.lost += 1;
            } else {
                side.counts[stand.state_index()] += 1;
            }
        }
        side
    }
}

/// Both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: SideState,
    pub b: SideState,
}

/// How one side fires at the other.
#[derive(Clone, Copy, Debug)]
pub struct Fire {
    pub column: usize,
    /// Target terrain on the firer's cohesion roll.
    pub cohesion_drm: i32,
    /// Target terrain plus range on the CRT roll.
    pub crt_drm: i32,
}

/// One side's setup.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    pub stands: u8,
    pub cohesion: i32,
    /// `None`: this side does not fire.
    pub fire: Option<Fire>,
    /// Stands lost at which the side breaks (0: never).
    pub break_point: u8,
}

/// The engagement.
#[derive(Clone, Debug)]
pub struct Engagement {
    pub charts: Arc<Charts>,
    pub a: Side,
    pub b: Side,
    pub turns: u32,
    /// P(A has the initiative) = a_wins / (a_wins + b_wins) over the 36 rolls.
    pub initiative: (u32, u32),
}

pub const WINNER_LABELS: [&str; 4] = ["a", "b", "none", "undecided"];

impl Engagement {
    fn side_out(&self, side: &SideState, setup: &Side) -> bool {
        side.alive() == 0 || (setup.break_point > 0 && side.lost >= setup.break_point)
    }

    fn winner(&self, state: &State) -> usize {
        match (
            self.side_out(&state.a, &self.a),
            self.side_out(&state.b, &self.b),
        ) {
            (false, true) => 0,
            (true, false) => 1,
            (true, true) => 2,
            (false, false) => 3,
        }
    }

    /// One firing stand's shot at its assigned target.
    fn shoot<D: Dice>(
        &self,
        dice: &mut D,
        cohesion: i32,
        fire: &Fire,
        firer: &Stand,
        target: &mut Stand,
    ) {
        if firer.eliminated || target.eliminated {
            return;
        }
        let test = self
            .charts
            .cohesion_test(cohesion, firer, fire.cohesion_drm);
        if test.roll(dice) {
            attack(
                dice,
                &*self.charts,
                Column::Index(fire.column),
                fire.crt_drm,
                target,
            );
        }
    }
}

/// Target of the `i`-th firing stand: spread over the `alive` enemy stands, most
/// damaged (highest index) first.
fn target_of(i: usize, alive: usize) -> usize {
    alive - 1 - (i % alive)
}

/// The stand the `i`-th firer shoots at: its assigned target, or, with
/// `retarget`, when that one is already gone, the next one in the spread order
/// still standing.
fn aim(i: usize, targets: &[Stand], retarget: bool) -> usize {
    let assigned = target_of(i, targets.len());
    if !retarget || !targets[assigned].eliminated {
        return assigned;
    }
    (1..targets.len())
        .map(|k| target_of(i + k, targets.len()))
        .find(|&t| !targets[t].eliminated)
        .unwrap_or(assigned)
}

impl engine::Engagement for Engagement {
    type State = State;

    fn schema(&self) -> Schema {
        let (a, b) = (f64::from(self.a.stands), f64::from(self.b.stands));
        Schema::default()
            .categorical("winner", WINNER_LABELS)
            .mean_within("turns", 0.0, f64::from(self.turns))
            .mean_within("a_lost", 0.0, a)
            .mean_within("b_lost", 0.0, b)
            .curve("ended", true)
            .curve_within("a_alive", 0.0, a)
            .curve_within("b_alive", 0.0, b)
            .curve_within("a_suppressed", 0.0, a)
            .curve_within("b_suppressed", 0.0, b)
            .curve_within("a_disorganized", 0.0, a)
            .curve_within("b_disorganized", 0.0, b)
            .with_turns(self.turns as usize)
    }

    fn start(&self) -> State {
        let side = |s: &Side| SideState {
            counts: [s.stands, 0, 0, 0],
            lost: 0,
        };
        State {
            a: side(&self.a),
            b: side(&self.b),
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, state: &State) -> bool {
        self.side_out(&state.a, &self.a) || self.side_out(&state.b, &self.b)
    }

    fn play_turn<D: Dice>(&self, state: &State, dice: &mut D) -> State {
        let (mut a, na) = state.a.expand();
        let (mut b, nb) = state.b.expand();
        let a_first = dice.chance(self.initiative.0, self.initiative.0 + self.initiative.1);
        let retarget = self.charts.data.options.ms_engagement_retarget;
        for i in 0..na.max(nb) {
            for a_turn in [a_first, !a_first] {
                if a_turn {
                    if let (Some(fire), true) = (&self.a.fire, i < na) {
                        let firer = a[i];
                        let t = aim(i, &b[..nb], retarget);
                        self.shoot(dice, self.a.cohesion, fire, &firer, &mut b[t]);
                    }
                } else if let (Some(fire), true) = (&self.b.fire, i < nb) {
                    let firer = b[i];
                    let t = aim(i, &a[..na], retarget);
                    self.shoot(dice, self.b.cohesion, fire, &firer, &mut a[t]);
                }
            }
        }
        for stand in a[..na].iter_mut() {
            remove_markers(dice, &*self.charts, self.a.cohesion, stand);
        }
        for stand in b[..nb].iter_mut() {
            remove_markers(dice, &*self.charts, self.b.cohesion, stand);
        }
        State {
            a: SideState::collapse(&a[..na], state.a.lost),
            b: SideState::collapse(&b[..nb], state.b.lost),
        }
    }

    fn record_turn(&self, turn: u32, state: &State, tally: &mut Tally, w: f64) {
        let t = turn as usize;
        tally.curve(0, t, f64::from(u8::from(self.is_over(state))), w);
        tally.curve(1, t, f64::from(state.a.alive()), w);
        tally.curve(2, t, f64::from(state.b.alive()), w);
        tally.curve(3, t, f64::from(state.a.suppressed()), w);
        tally.curve(4, t, f64::from(state.b.suppressed()), w);
        tally.curve(5, t, f64::from(state.a.disorganized()), w);
        tally.curve(6, t, f64::from(state.b.disorganized()), w);
    }

    fn record_end(&self, state: &State, turns: u32, _ending: Ending, tally: &mut Tally, w: f64) {
        tally.count(0, self.winner(state), w);
        tally.add(0, f64::from(turns), w);
        tally.add(1, f64::from(state.a.lost), w);
        tally.add(2, f64::from(state.b.lost), w);
    }
}

/// Wins of A and of B over the 36 initiative rolls (1D6 + cohesion, highest wins).
fn initiative(a_cohesion: i32, b_cohesion: i32) -> (u32, u32) {
    let mut wins = (0, 0);
    for x in 1..=6 {
        for y in 1..=6 {
            match (x + a_cohesion).cmp(&(y + b_cohesion)) {
                std::cmp::Ordering::Greater => wins.0 += 1,
                std::cmp::Ordering::Less => wins.1 += 1,
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    wins
}

/// `micro-squad engagement`.
pub struct EngagementAction;

fn side_fields(charts: &Charts, a: bool) -> Vec<FieldSpec> {
    let pick = |x: &'static str, y: &'static str| if a { x } else { y };
    vec![
        FieldSpec::int(
            pick("a_stands", "b_stands"),
            1,
            MAX_STANDS as i64,
            3,
            pick("side A's stands", "side B's stands"),
        ),
        fields::strength(
            pick("a_firepower", "b_firepower"),
            6,
            pick(
                "A's firepower against B's class (0: A does not fire)",
                "B's firepower against A's class (0: B does not fire back)",
            ),
        ),
        fields::strength(
            pick("a_defense", "b_defense"),
            4,
            pick("A's defense strength", "B's defense strength"),
        ),
        fields::cohesion(
            pick("a_cohesion", "b_cohesion"),
            charts,
            pick("A's force cohesion", "B's force cohesion"),
        ),
        fields::terrain(
            pick("a_terrain", "b_terrain"),
            charts,
            pick("A's terrain", "B's terrain"),
        ),
        fields::target_class(
            pick("a_class", "b_class"),
            pick("A's class for terrain", "B's class for terrain"),
        ),
        FieldSpec::flag(
            pick("a_moving", "b_moving"),
            pick(
                "A is in movement posture (soft sand, ford: -1 to fire at it)",
                "B is in movement posture (soft sand, ford: -1 to fire at it)",
            ),
        ),
        FieldSpec::flag(
            pick("a_through_crest", "b_through_crest"),
            pick(
                "fire at A comes through the ridge crest or from below (slopes, hilltop)",
                "fire at B comes through the ridge crest or from below (slopes, hilltop)",
            ),
        ),
        FieldSpec::int(
            pick("a_break", "b_break"),
            0,
            MAX_STANDS as i64,
            0,
            pick(
                "A's Break Point in stands lost (0: none)",
                "B's Break Point in stands lost (0: none)",
            ),
        ),
    ]
}

impl EngagementAction {
    fn fire(
        s: &Scenario,
        charts: &Charts,
        firer: &str,
        target: &str,
    ) -> Result<Option<Fire>, InputError> {
        let firepower = s.int(&format!("{firer}_firepower"));
        if firepower == 0 {
            return Ok(None);
        }
        // Below -3 no attack is allowed: that side holds its fire.
        let column = match fields::allowed_column(firepower, s.int(&format!("{target}_defense"))) {
            Some(Column::Index(c)) => c,
            _ => return Ok(None),
        };
        let personnel = s.text(&format!("{target}_class")) == "personnel";
        let context = TerrainContext {
            target_moving: s.flag(&format!("{target}_moving")),
            through_crest: s.flag(&format!("{target}_through_crest")),
        };
        let (cohesion_drm, crt_drm) =
            charts.terrain_drms(s.list(&format!("{target}_terrain")), personnel, &context);
        let range = charts
            .range_drm(s.int("range"), s.text("range_table") == "infantry")
            .map_err(|m| InputError::argument("range", m))?;
        Ok(Some(Fire {
            column,
            cohesion_drm,
            crt_drm: crt_drm + range,
        }))
    }

    /// Build the engagement from a resolved scenario.
    pub fn engagement(s: &Scenario, charts: Arc<Charts>) -> Result<Engagement, InputError> {
        let breaks = charts.data.options.ms_break_point == BreakPointRule::Scenario;
        let side = |p: &str, fire: Option<Fire>| Side {
            stands: s.int(&format!("{p}_stands")) as u8,
            cohesion: s.int32(&format!("{p}_cohesion")),
            fire,
            break_point: if breaks {
                s.int(&format!("{p}_break")) as u8
            } else {
                0
            },
        };
        let a = side("a", Self::fire(s, &charts, "a", "b")?);
        let b = side("b", Self::fire(s, &charts, "b", "a")?);
        if a.fire.is_none() && b.fire.is_none() {
            return Err(InputError::argument(
                "a_firepower",
                "neither side can fire: each side's firepower is 0 or more than 3 below the enemy's defense (no attack is allowed below -3)",
            ));
        }
        Ok(Engagement {
            initiative: initiative(a.cohesion, b.cohesion),
            turns: s.int("turns") as u32,
            a,
            b,
            charts,
        })
    }
}

impl Action for EngagementAction {
    fn name(&self) -> &'static str {
        "engagement"
    }

    fn summary(&self) -> &'static str {
        "two groups of stands trade standard fire turn after turn, with marker removal, to a finish"
    }

    fn fields(&self, rules: &RuleBook) -> Vec<FieldSpec> {
        let charts = super::charts_of(rules).expect("rules were checked when loaded");
        let mut specs = side_fields(&charts, true);
        specs.extend(side_fields(&charts, false));
        specs.push(FieldSpec::int("range", 1, 400, 5, "range in whole inches"));
        specs.push(FieldSpec::choice(
            "range_table",
            &["infantry", "general"],
            "infantry",
            "range table for both sides",
        ));
        specs.push(FieldSpec::int("turns", 1, 50, 10, "turn limit"));
        specs
    }

    fn headline(&self) -> Option<(&'static str, &'static str)> {
        Some(("winner", "a"))
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &["a_alive", "b_alive"]
    }

    fn model(&self, s: &Scenario, rules: &RuleBook) -> Result<Box<dyn Model>, InputError> {
        Ok(Box::new(EngagementModel(Self::engagement(
            s,
            super::charts_of(rules)?,
        )?)))
    }
}
