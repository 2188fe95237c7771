//! The Micro Squad engagement written by hand: one purpose, stands in arrays, every
//! roll's effect looked up in a table built once from the charts, no generic
//! engine, no exact method. It is the yardstick for the engine's Monte Carlo speed
//! (`benches/throughput.rs`), and `tests/hand_loop.rs` checks that it plays the
//! very same engagement: on the same seed it gives the engine's tally to the last
//! count.
//!
//! It draws the same dice in the same order as the engine (initiative, each shot's
//! cohesion d20 and CRT 2D6, each marker-removal d20 by marker state), so any
//! difference between the two is a difference of rules, not of luck.

use volley::dice::{Dice, Roll, Sampler, Weighted};
use volley::engine::{Schema, Tally};
use volley::systems::ghq::engagement_record::{Decided, EngagementRecord};
use volley::systems::ghq::group::StandGroup;
use volley::systems::ghq::{GhqCard, Stand};
use volley::systems::micro_squad::MsEngagement;

/// Most stands a side.
const MAX: usize = 10;
/// A table entry for "the stand is eliminated".
const GONE: u8 = 4;

/// A stand in the fire phase.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// 0 ok, 1 S, 2 D, 3 S+D ([`GONE`]: eliminated).
    markers: u8,
    fired: bool,
    attacked: bool,
    suppressed_this_turn: bool,
}

/// A shot's odds, and what each of its outcomes does to the target: new
/// markers ([`GONE`]) and suppressed this turn, or `None`: no attack.
type Shot = (Weighted, [Option<(u8, bool)>; Weighted::MAX_CLASSES]);

/// One side, with its rolls' effects in tables.
struct Side {
    stands: u8,
    break_point: u8,
    fires: bool,
    /// This side's shot by the firer's markers, the target's markers and
    /// whether it was suppressed this turn: its outcomes' odds over the d20 and
    /// 2D6 drawn together, and what each does to the target, new markers
    /// ([`GONE`]) and suppressed this turn (`None`: the firer failed its
    /// cohesion test).
    shot: [[[Shot; 2]; 4]; 4],
    /// This side's own marker removal: new markers ([`GONE`]) by state and d20.
    removal: [[u8; 21]; 4],
}

/// The engagement, ready to play.
pub struct HandLoop {
    /// Where it records: the engine's own variables, declared the same way.
    rec: EngagementRecord,
    sides: [Side; 2],
    turns: u32,
    initiative: (u32, u32),
    /// Firing rank of each marker state (lower fires first).
    rank: [u8; 4],
    attack_again: bool,
}

fn stand_of(markers: u8) -> Stand {
    Stand::with_markers(markers & 1 == 1, markers & 2 == 2)
}

fn markers_of(stand: &Stand) -> u8 {
    if stand.eliminated {
        GONE
    } else {
        stand.state_index() as u8
    }
}

/// Both sides' counts as the engine's stand groups, to record through its
/// handles.
fn groups(counts: &[[u8; 4]; 2], lost: &[u8; 2]) -> [StandGroup; 2] {
    [0, 1].map(|s| StandGroup {
        counts: counts[s],
        lost: lost[s],
    })
}

impl HandLoop {
    /// Tables for `game` (the engine's engagement, as built from a question).
    pub fn new(game: &MsEngagement) -> Self {
        let charts = &*game.charts;
        let side = |own: &volley::systems::micro_squad::MsSide| -> Side {
            let mut s = Side {
                stands: own.stands,
                break_point: own.break_point,
                fires: own.fire.is_some(),
                shot: [[[(Weighted::new(&[1]), [None; Weighted::MAX_CLASSES]); 2]; 4]; 4],
                removal: [[0; 21]; 4],
            };
            for m in 0..4u8 {
                let stand = stand_of(m);
                if let Some(fire) = &own.fire {
                    let test = charts.cohesion_test(own.cohesion, &stand, fire.cohesion_drm);
                    for target_markers in 0..4u8 {
                        for stt in [false, true] {
                            let target = Stand {
                                suppressed_this_turn: stt,
                                ..stand_of(target_markers)
                            };
                            // The same outcomes, in the same order, as the engine's
                            // table (so that both draw alike).
                            let (odds, outcomes) =
                                Weighted::of_pair(Roll::Die(20), Roll::Sum(2, 6), |d20, total| {
                                    test.passes(d20).then(|| {
                                        let result = charts
                                            .crt()
                                            .cell(total as i32 + fire.crt_drm, fire.column)
                                            .resolve(false);
                                        let mut after = target;
                                        after.apply(result, charts.paren_s_trigger());
                                        after
                                    })
                                });
                            let mut codes = [None; Weighted::MAX_CLASSES];
                            for (code, after) in codes.iter_mut().zip(&outcomes) {
                                *code = after.map(|a| (markers_of(&a), a.suppressed_this_turn));
                            }
                            s.shot[m as usize][target_markers as usize][usize::from(stt)] =
                                (odds, codes);
                        }
                    }
                }
                let test = charts.cohesion_test(own.cohesion, &stand, 0);
                for n in 1..=20u32 {
                    let roll = match n {
                        1 => volley::systems::ghq::RemovalRoll::Rally,
                        20 => volley::systems::ghq::RemovalRoll::Panic,
                        n if test.passes(n) => volley::systems::ghq::RemovalRoll::Recover,
                        _ => volley::systems::ghq::RemovalRoll::Fail,
                    };
                    let mut after = stand;
                    if m > 0 {
                        volley::systems::ghq::apply_removal(charts, own.cohesion, &mut after, roll);
                    }
                    s.removal[m as usize][n as usize] = markers_of(&after);
                }
            }
            s
        };
        let mut rank = [0u8; 4];
        for (r, &m) in game.best_first.iter().enumerate() {
            rank[m] = r as u8;
        }
        HandLoop {
            rec: EngagementRecord::declare(
                &mut Schema::default(),
                game.a.stands,
                game.b.stands,
                game.turns,
                true,
            ),
            sides: [side(&game.a), side(&game.b)],
            turns: game.turns,
            initiative: game.initiative,
            rank,
            attack_again: game.attack_again,
        }
    }

    /// Play trials `first..first + trials` into `tally` (the engine's schema).
    pub fn simulate(&self, sampler: &mut Sampler, first: u64, trials: u64, tally: &mut Tally) {
        for trial in first..first + trials {
            sampler.start_trial(trial);
            let mut counts = [
                [self.sides[0].stands, 0, 0, 0],
                [self.sides[1].stands, 0, 0, 0],
            ];
            let mut lost = [0u8; 2];
            let mut ended = self.over(&counts, &lost).then_some(0);
            self.record_turn(0, &counts, &lost, tally);
            let mut turn = 0;
            while turn < self.turns && ended.is_none() {
                turn += 1;
                self.play_turn(sampler, &mut counts, &mut lost);
                if self.over(&counts, &lost) {
                    ended = Some(turn);
                }
                self.record_turn(turn, &counts, &lost, tally);
            }
            if turn < self.turns {
                // Over: the state holds to the last turn, recorded once.
                tally.holding_curves(|t| self.record_turn(turn + 1, &counts, &lost, t));
            }
            let out = |s: usize| self.side_out(s, &counts, &lost);
            let [a, b] = groups(&counts, &lost);
            let turns = ended.unwrap_or(turn);
            self.rec
                .record_end(Decided::of(out(0), out(1)), turns, [&a, &b], tally, 1.0);
        }
        tally.settle_held_curves();
        tally.trial(trials as f64);
    }

    fn side_out(&self, s: usize, counts: &[[u8; 4]; 2], lost: &[u8; 2]) -> bool {
        let alive: u8 = counts[s].iter().sum();
        alive == 0 || (self.sides[s].break_point > 0 && lost[s] >= self.sides[s].break_point)
    }

    fn over(&self, counts: &[[u8; 4]; 2], lost: &[u8; 2]) -> bool {
        self.side_out(0, counts, lost) || self.side_out(1, counts, lost)
    }

    fn record_turn(&self, turn: u32, counts: &[[u8; 4]; 2], lost: &[u8; 2], tally: &mut Tally) {
        let [a, b] = groups(counts, lost);
        let over = self.over(counts, lost);
        self.rec.record_turn(turn, over, [&a, &b], tally, 1.0);
    }

    fn play_turn(&self, sampler: &mut Sampler, counts: &mut [[u8; 4]; 2], lost: &mut [u8; 2]) {
        let (won, lost_ties) = self.initiative;
        let a_first = sampler.chance(won, won + lost_ties);
        let mut slots = [[Slot::default(); MAX]; 2];
        let mut n = [0usize; 2];
        for s in 0..2 {
            for m in 0..4u8 {
                for _ in 0..counts[s][m as usize] {
                    slots[s][n[s]].markers = m;
                    n[s] += 1;
                }
            }
        }
        let shots = 2 * usize::from(self.sides[0].stands.max(self.sides[1].stands));
        for k in 0..shots {
            let side = usize::from((k % 2 == 0) != a_first);
            self.shot(sampler, side, &mut slots, &n);
        }
        for s in 0..2 {
            counts[s] = [0; 4];
            for slot in &slots[s][..n[s]] {
                match slot.markers {
                    GONE => lost[s] += 1,
                    m => counts[s][m as usize] += 1,
                }
            }
        }
        for s in 0..2 {
            let before = counts[s];
            counts[s] = [before[0], 0, 0, 0];
            for (m, &count) in before.iter().enumerate().skip(1) {
                for _ in 0..count {
                    let d20 = sampler.classify(Roll::Die(20), |face| face) as usize;
                    match self.sides[s].removal[m][d20] {
                        GONE => lost[s] += 1,
                        after => counts[s][after as usize] += 1,
                    }
                }
            }
        }
    }

    fn shot(
        &self,
        sampler: &mut Sampler,
        side: usize,
        slots: &mut [[Slot; MAX]; 2],
        n: &[usize; 2],
    ) {
        let me = &self.sides[side];
        if !me.fires {
            return;
        }
        // The best stand yet to fire; among alike, one not yet attacked.
        let mut f = MAX;
        let mut best = u8::MAX;
        for (i, s) in slots[side][..n[side]].iter().enumerate() {
            if !s.fired && s.markers != GONE {
                let key = 4 * self.rank[s.markers as usize]
                    + 2 * u8::from(s.attacked)
                    + u8::from(s.suppressed_this_turn);
                if key < best {
                    (best, f) = (key, i);
                }
            }
        }
        if f == MAX {
            return;
        }
        slots[side][f].fired = true;
        let enemy = 1 - side;
        // The most damaged enemy stand not yet attacked (among alike, one yet to
        // fire); when all were, the most damaged again, if stands attack again.
        let mut t = MAX;
        let mut best = u8::MAX;
        for (i, s) in slots[enemy][..n[enemy]].iter().enumerate() {
            if s.markers != GONE && (self.attack_again || !s.attacked) {
                let key = 16 * u8::from(s.attacked)
                    + 4 * (3 - s.markers)
                    + 2 * u8::from(s.fired)
                    + u8::from(!s.suppressed_this_turn);
                if key < best {
                    (best, t) = (key, i);
                }
            }
        }
        if t == MAX {
            return;
        }
        let firer = slots[side][f].markers as usize;
        let target = &mut slots[enemy][t];
        let (odds, outcomes) =
            &me.shot[firer][target.markers as usize][usize::from(target.suppressed_this_turn)];
        if let Some((markers, stt)) = outcomes[sampler.pick(odds)] {
            target.markers = markers;
            target.suppressed_this_turn = stt;
            target.attacked = true;
        }
    }
}
