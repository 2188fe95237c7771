//! Charge turns in the plan's stages, A's and B's, and turns of fire,
//! against the turns played step by step.

use super::super::charts::Charts;
use super::super::fire::Situation;
use super::super::unit::{Arm, Unit};
use super::*;
use crate::action::compile_charts;
use crate::plan::{staged_turn, stepwise_turn};
use std::sync::Arc;

fn unit(steps_lost: u8, formation: u8, shaken: bool, first_fire_used: bool) -> Unit {
    Unit {
        arm: Arm::Infantry,
        original_stands: 4,
        steps_lost,
        formation,
        cover: 0,
        shaken,
        routed: false,
        moving: false,
        first_fire_used,
        competence: 0,
        wounds: 0,
    }
}

#[test]
fn a_charge_or_fire_turn_in_stages_is_the_turn_played_step_by_step() {
    let book = crate::systems::rulebook(crate::systems::find("micro-force").unwrap(), &[]).unwrap();
    let charts: Arc<Charts> = Arc::new(compile_charts(&book).unwrap());
    let fire = Situation {
        av_per_stand: 1.0,
        target_officer: true,
        ..Situation::default()
    };
    let fight = Firefight {
        charts,
        a: unit(0, 0, false, false),
        b: unit(0, 0, false, false),
        a_fire: fire,
        b_fire: fire,
        turns: 3,
    };
    let game = FirefightChoices::new(fight.clone(), 3, Opponent::Usual);
    // Both fire alike: B's charge is A's on the swapped units, from the
    // same cache. B firing harder: B's charge solved on its own.
    let best = FirefightChoices::new(fight.clone(), 3, Opponent::Best);
    let harder = Situation {
        av_per_stand: 2.0,
        ..fire
    };
    let unequal = FirefightChoices::new(
        Firefight {
            b_fire: harder,
            ..fight
        },
        3,
        Opponent::Best,
    );
    let states = [
        (unit(0, 0, false, false), unit(0, 0, false, false), None),
        (unit(1, 0, false, true), unit(2, 0, true, true), Some(true)),
        (
            unit(2, 4, true, true),
            unit(1, 0, false, false),
            Some(false),
        ),
        // The same units as the last, another initiative: a turn from
        // the cache, relabelled.
        (unit(2, 4, true, true), unit(1, 0, false, false), Some(true)),
    ];
    for (a, b, last_winner_a) in states {
        let from = State {
            a,
            b,
            last_winner_a,
            hit: Default::default(),
        };
        // A's charge; against B at its best, A's charge as B's answer
        // meets it, and B's charge on A.
        let turns = [
            (&game, Phase::Fight(from), "charge"),
            // A turn of fire, its lone units' steps shared.
            (&game, Phase::Fight(from), "fire"),
            (
                &best,
                Phase::Answer {
                    from,
                    a_charges: false,
                },
                "fire",
            ),
            (
                &best,
                Phase::Answer {
                    from,
                    a_charges: true,
                },
                "fire",
            ),
            (
                &best,
                Phase::Answer {
                    from,
                    a_charges: false,
                },
                "charge",
            ),
            (
                &unequal,
                Phase::Answer {
                    from,
                    a_charges: false,
                },
                "charge",
            ),
        ];
        for (game, s, choice) in turns {
            let whole = staged_turn(game, &s, choice, 1_000_000).unwrap();
            let stepped = stepwise_turn(game, &s, choice, 1_000_000).unwrap();
            assert_eq!(whole.len(), stepped.len(), "{s:?}");
            for ((x, p), (y, q)) in whole.iter().zip(&stepped) {
                assert_eq!(x, y);
                assert!((p - q).abs() < 1e-14, "{s:?}: {p} vs {q}");
            }
            let total: f64 = whole.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
    }
    // Every decision point of two turns against B at its best.
    crate::plan::tests::assert_staged_turns_are_stepwise(&best, 4, 12);
    crate::plan::tests::assert_staged_turns_are_stepwise(&unequal, 4, 12);
}
