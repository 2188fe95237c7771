//! A multi-turn engagement: two groups of identical stands,
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
use crate::systems::ghq::group::{MAX_STANDS, StandGroup};
use crate::systems::ghq::remove_group_markers;
use crate::systems::ghq::{Column, attack};
use std::sync::Arc;

/// Both sides, as they stood at the start of the turn, and where the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub a: StandGroup,
    pub b: StandGroup,
    pub phase: Phase,
}

/// Where a turn stands between its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Between turns: the groups say everything.
    Between,
    /// In the fire phase: who fires first, and every stand as it stands now
    /// (eliminated ones kept in place, so each firer keeps its assigned target).
    Firing {
        a_first: bool,
        a: [Stand; MAX_STANDS],
        b: [Stand; MAX_STANDS],
    },
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
    fn side_out(&self, side: &StandGroup, setup: &Side) -> bool {
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
        let side = |s: &Side| StandGroup {
            counts: [s.stands, 0, 0, 0],
            lost: 0,
        };
        State {
            a: side(&self.a),
            b: side(&self.b),
            phase: Phase::Between,
        }
    }

    fn turn_limit(&self) -> u32 {
        self.turns
    }

    fn is_over(&self, state: &State) -> bool {
        self.side_out(&state.a, &self.a) || self.side_out(&state.b, &self.b)
    }

    fn play_turn<D: Dice>(&self, state: &State, dice: &mut D) -> State {
        let mut now = *state;
        for step in 0..self.steps() {
            now = self.play_step(&now, step, dice);
        }
        now
    }

    /// The initiative roll; each firing stand's shot, the sides alternating;
    /// marker removal, one multinomial split per marker state and side.
    fn steps(&self) -> u32 {
        2 + 2 * u32::from(self.a.stands.max(self.b.stands))
    }

    fn play_step<D: Dice>(&self, state: &State, step: u32, dice: &mut D) -> State {
        let last = self.steps() - 1;
        match (step, state.phase) {
            (0, _) => State {
                phase: Phase::Firing {
                    a_first: dice.chance(self.initiative.0, self.initiative.0 + self.initiative.1),
                    a: state.a.expand().0,
                    b: state.b.expand().0,
                },
                ..*state
            },
            (s, Phase::Firing { a, b, .. }) if s == last => {
                let (na, nb) = (usize::from(state.a.alive()), usize::from(state.b.alive()));
                let a = StandGroup::collapse(&a[..na], state.a.lost);
                let b = StandGroup::collapse(&b[..nb], state.b.lost);
                State {
                    a: remove_group_markers(dice, &*self.charts, self.a.cohesion, a),
                    b: remove_group_markers(dice, &*self.charts, self.b.cohesion, b),
                    phase: Phase::Between,
                }
            }
            (
                s,
                Phase::Firing {
                    a_first,
                    mut a,
                    mut b,
                },
            ) => {
                // Shot k: the i-th stand of the side whose turn it is.
                let k = (s - 1) as usize;
                let (i, a_turn) = (k / 2, k.is_multiple_of(2) == a_first);
                let (na, nb) = (usize::from(state.a.alive()), usize::from(state.b.alive()));
                let retarget = self.charts.data.options.ms_engagement_retarget;
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
                State {
                    phase: Phase::Firing { a_first, a, b },
                    ..*state
                }
            }
            (_, Phase::Between) => *state,
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

crate::action_fields! {
    /// The fields of `micro-squad engagement`: side A's, side B's, and the range.
    pub struct EngagementFields(charts: &Charts) {
        a_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side A's stands"),
        a_firepower: i64 = fields::strength(6, "A's firepower against B's class (0: A does not fire)"),
        a_defense: i64 = fields::strength(4, "A's defense strength"),
        a_cohesion: i32 = fields::cohesion(charts, "A's force cohesion"),
        a_terrain: Vec<String> = fields::terrain(charts, "A's terrain"),
        a_class: String = fields::target_class("A's class for terrain"),
        a_moving: bool = FieldSpec::flag("A is in movement posture (soft sand, ford: -1 to fire at it)"),
        a_through_crest: bool = FieldSpec::flag(
            "fire at A comes through the ridge crest or from below (slopes, hilltop)",
        ),
        a_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "A's Break Point in stands lost (0: none)"),
        b_stands: u8 = FieldSpec::int(1, MAX_STANDS as i64, 3, "side B's stands"),
        b_firepower: i64 = fields::strength(6, "B's firepower against A's class (0: B does not fire back)"),
        b_defense: i64 = fields::strength(4, "B's defense strength"),
        b_cohesion: i32 = fields::cohesion(charts, "B's force cohesion"),
        b_terrain: Vec<String> = fields::terrain(charts, "B's terrain"),
        b_class: String = fields::target_class("B's class for terrain"),
        b_moving: bool = FieldSpec::flag("B is in movement posture (soft sand, ford: -1 to fire at it)"),
        b_through_crest: bool = FieldSpec::flag(
            "fire at B comes through the ridge crest or from below (slopes, hilltop)",
        ),
        b_break: u8 = FieldSpec::int(0, MAX_STANDS as i64, 0, "B's Break Point in stands lost (0: none)"),
        range: i64 = FieldSpec::int(1, 400, 5, "range in whole inches"),
        range_table: String = FieldSpec::choice(
            &["infantry", "general"],
            "infantry",
            "range table for both sides",
        ),
        turns: u32 = FieldSpec::int(1, 50, 10, "turn limit"),
    }
}

/// One side as the engagement reads it: its own fields, and how it stands as a
/// target.
struct SideView<'a> {
    stands: u8,
    firepower: i64,
    defense: i64,
    cohesion: i32,
    terrain: &'a [String],
    personnel: bool,
    context: TerrainContext,
    break_point: u8,
}

impl EngagementFields {
    fn side_a(&self) -> SideView<'_> {
        SideView {
            stands: self.a_stands,
            firepower: self.a_firepower,
            defense: self.a_defense,
            cohesion: self.a_cohesion,
            terrain: &self.a_terrain,
            personnel: self.a_class == "personnel",
            context: TerrainContext {
                target_moving: self.a_moving,
                through_crest: self.a_through_crest,
            },
            break_point: self.a_break,
        }
    }

    fn side_b(&self) -> SideView<'_> {
        SideView {
            stands: self.b_stands,
            firepower: self.b_firepower,
            defense: self.b_defense,
            cohesion: self.b_cohesion,
            terrain: &self.b_terrain,
            personnel: self.b_class == "personnel",
            context: TerrainContext {
                target_moving: self.b_moving,
                through_crest: self.b_through_crest,
            },
            break_point: self.b_break,
        }
    }
}

impl EngagementAction {
    /// How `firer` fires at `target`; `None` when it cannot.
    fn fire(
        f: &EngagementFields,
        charts: &Charts,
        firer: &SideView,
        target: &SideView,
    ) -> Result<Option<Fire>, InputError> {
        if firer.firepower == 0 {
            return Ok(None);
        }
        // Below -3 no attack is allowed: that side holds its fire.
        let column = match fields::allowed_column(firer.firepower, target.defense) {
            Some(Column::Index(c)) => c,
            _ => return Ok(None),
        };
        let (cohesion_drm, crt_drm) =
            charts.terrain_drms(target.terrain, target.personnel, &target.context);
        let range = charts
            .range_drm(f.range, f.range_table == "infantry")
            .map_err(|m| InputError::argument("range", m))?;
        Ok(Some(Fire {
            column,
            cohesion_drm,
            crt_drm: crt_drm + range,
        }))
    }

    /// Build the engagement from a resolved scenario.
    pub fn engagement(s: &Scenario, charts: Arc<Charts>) -> Result<Engagement, InputError> {
        let f = EngagementFields::read(&charts, s)?;
        let breaks = charts.data.options.ms_break_point == BreakPointRule::Scenario;
        let (view_a, view_b) = (f.side_a(), f.side_b());
        let side = |view: &SideView, fire: Option<Fire>| Side {
            stands: view.stands,
            cohesion: view.cohesion,
            fire,
            break_point: if breaks { view.break_point } else { 0 },
        };
        let a = side(&view_a, Self::fire(&f, &charts, &view_a, &view_b)?);
        let b = side(&view_b, Self::fire(&f, &charts, &view_b, &view_a)?);
        if a.fire.is_none() && b.fire.is_none() {
            return Err(InputError::argument(
                "a_firepower",
                "neither side can fire: each side's firepower is 0 or more than 3 below the enemy's defense (no attack is allowed below -3)",
            ));
        }
        Ok(Engagement {
            initiative: initiative(a.cohesion, b.cohesion),
            turns: f.turns,
            a,
            b,
            charts: charts.clone(),
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
        super::charts_of(rules).map_or_else(|_| Vec::new(), |c| EngagementFields::specs(&c))
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
