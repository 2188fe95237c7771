//! One side's shots in a Micro Squad engagement, tabulated once from the
//! card: what each shot can do, by the firer's and the target's markers,
//! with its odds (see [`super::engagement`]).

use super::charts::Charts;
use super::roll_points::{CRT_ROLL, FIRER_COHESION};
use super::sides::{Fire, Side};
use crate::dice::{Roll, Weighted};
use crate::rules::rolls::{Adjust, Verdict};
use crate::systems::ghq::roll_points::fire_shown;
use crate::systems::ghq::{CohesionTest, Effect, GhqCard, Stand, roll_result};

/// One side's shots, tabulated once from the charts: the firer's cohesion d20
/// and the CRT's 2D6 are pure functions of a few small values (the firer's
/// markers, the target's markers and whether an attack suppressed it this
/// turn), and the hot loops of both methods read them. Each shot is one draw
/// over its 720 equally likely outcomes, by what it does. A house rule's
/// modifier, threshold and re-roll at standard fire's two rolls are read
/// in; where a script attaches there, a table cannot hold it, and each shot
/// is rolled at the roll points instead.
#[derive(Clone, Debug)]
pub struct ShotTable {
    /// By firer markers, target markers, target suppressed this turn.
    pub(super) shots: [[[Shot; 2]; 4]; 4],
    /// A script decides at a shot's rolls: each is rolled on its own (the
    /// table is unread).
    pub(super) one_at_a_time: bool,
}

/// What one shot can do, with its odds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shot {
    pub(super) odds: Weighted,
    /// The target after the shot, by class; `None`: the firer failed its
    /// cohesion test, used its turn and attacked nobody.
    pub(super) outcomes: [Option<Stand>; Weighted::MAX_CLASSES],
}

/// A shot's outcomes and their weights where a house rule re-rolls its
/// cohesion roll or its CRT roll (`rerolls`: the verdict each makes again),
/// played out exactly: the firer fires on its d20 out of 20 (400 with a
/// re-roll), and `crt` gives the target after each 2D6 total and the
/// effect (none: the roll failed), out of 36 (1,296 with a re-roll).
fn rerolled(
    test: &CohesionTest,
    rerolls: (Option<Verdict>, Option<Verdict>),
    crt: impl Fn(u32) -> (Stand, Effect),
) -> (Weighted, Vec<Option<Stand>>) {
    let passes = (1..=20).filter(|&n| test.passes(n)).count() as u64;
    let fails = 20 - passes;
    let (fires, holds) = match rerolls.0 {
        None => (passes, fails),
        Some(Verdict::Failed) => (passes * 20 + fails * passes, fails * fails),
        Some(Verdict::Passed) => (passes * passes, fails * 20 + passes * fails),
    };
    let once: Vec<((Stand, Effect), u64)> = Roll::Sum(2, 6)
        .distribution()
        .into_iter()
        .map(|(total, w)| (crt(total), w))
        .collect();
    let out_of = if rerolls.1.is_some() { 1296 } else { 36 };
    let mut classes: Vec<(Option<Stand>, u64)> = vec![(None, holds * out_of)];
    let mut add =
        |after: Stand, weight: u64| match classes.iter_mut().find(|(o, _)| *o == Some(after)) {
            Some((_, w)) => *w += weight,
            None => classes.push((Some(after), weight)),
        };
    for &((after, effect), w) in &once {
        let verdict = Verdict::failed_if(effect == Effect::None);
        if rerolls.1 == Some(verdict) {
            for &((second, _), w2) in &once {
                add(second, fires * w * w2);
            }
        } else {
            add(after, fires * w * (out_of / 36));
        }
    }
    classes.retain(|&(_, w)| w > 0);
    classes.sort_by_key(|&(_, w)| std::cmp::Reverse(w));
    let weights: Vec<u32> = classes.iter().map(|&(_, w)| w as u32).collect();
    (
        Weighted::new(&weights),
        classes.into_iter().map(|(o, _)| o).collect(),
    )
}

impl ShotTable {
    pub(super) fn new(charts: &Charts, side: &Side, fire: &Fire) -> Self {
        let one_at_a_time =
            charts.rolls.scripted(&FIRER_COHESION) || charts.rolls.scripted(&CRT_ROLL);
        let shot = |firer: usize, markers: usize, stt: usize| {
            let firer_stand = Stand::with_markers(firer & 1 == 1, firer & 2 == 2);
            let target = Stand {
                suppressed_this_turn: stt == 1,
                ..Stand::with_markers(markers & 1 == 1, markers & 2 == 2)
            };
            let shown = || fire_shown(&firer_stand, &target, &fire.shows);
            let adjusted = |point| {
                if one_at_a_time {
                    Adjust::NONE
                } else {
                    charts.rolls.adjust(point, shown)
                }
            };
            let (on_cohesion, on_crt) = (adjusted(&FIRER_COHESION), adjusted(&CRT_ROLL));
            let card = charts.cohesion_test(side.cohesion, &firer_stand, fire.cohesion_drm);
            let test = CohesionTest {
                cohesion: on_cohesion.threshold(card.cohesion),
                modifier: card.modifier + on_cohesion.modifier,
                ..card
            };
            let crt = |total: u32| {
                let modified = total as i32 + fire.crt_drm + on_crt.modifier;
                roll_result(charts, fire.column, modified, false, target)
            };
            let outcome = |d20: u32, total: u32| test.passes(d20).then(|| crt(total).0);
            let (odds, classes) = if on_cohesion.reroll.is_none() && on_crt.reroll.is_none() {
                Weighted::of_pair(Roll::Die(20), Roll::Sum(2, 6), outcome)
            } else {
                rerolled(&test, (on_cohesion.reroll, on_crt.reroll), crt)
            };
            let mut outcomes = [None; Weighted::MAX_CLASSES];
            outcomes[..classes.len()].copy_from_slice(&classes);
            Shot { odds, outcomes }
        };
        ShotTable {
            shots: std::array::from_fn(|firer| {
                std::array::from_fn(|markers| std::array::from_fn(|stt| shot(firer, markers, stt)))
            }),
            one_at_a_time,
        }
    }
}
