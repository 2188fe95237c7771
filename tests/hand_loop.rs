//! The hand-written Micro Squad engagement loop (the yardstick of
//! `benches/throughput.rs`) plays the very same engagement as the engine: on the
//! same seed and trials, the same tally, count for count and sum for sum.

#[path = "../benches/ms_engagement_by_hand.rs"]
mod by_hand;

use volley::ask::question::Question;
use volley::dice::Sampler;
use volley::engine::Tally;
use volley::systems::micro_squad::{MsEngagementAction, charts_of};

use crate::common;

/// The engine's model and the hand loop of the same engagement, with empty
/// tallies laid out for it.
fn engine_and_hand(
    fields: &[(&str, &str)],
) -> (
    Box<dyn volley::engine::Model>,
    by_hand::HandLoop,
    Tally,
    Tally,
) {
    let question = Question::new(
        "micro-squad",
        "engagement",
        &[],
        &common::raw_fields(fields),
    )
    .unwrap();
    let model = question.model().unwrap();
    let game =
        MsEngagementAction::of_scenario(question.scenario(), charts_of(question.book()).unwrap())
            .unwrap();
    let schema = model.schema();
    let (engine, manual) = (Tally::new(&schema), Tally::new(&schema));
    (model, by_hand::HandLoop::new(&game), engine, manual)
}

fn both(fields: &[(&str, &str)], trials: u64) -> (Tally, Tally) {
    let (model, hand, mut engine, mut manual) = engine_and_hand(fields);
    model.simulate(&mut Sampler::new(11), 0, trials, &mut engine);
    hand.simulate(&mut Sampler::new(11), 0, trials, &mut manual);
    (engine, manual)
}

#[test]
fn the_hand_loop_plays_the_engines_engagement() {
    let cases: [&[(&str, &str)]; 4] = [
        &[("b_terrain", "woods")],
        &[
            ("a_stands", "5"),
            ("b_stands", "3"),
            ("a_break", "2"),
            ("range", "12"),
        ],
        &[
            ("a_stands", "2"),
            ("b_stands", "4"),
            ("b_firepower", "9"),
            ("a_cohesion", "12"),
        ],
        &[("a_stands", "10"), ("b_stands", "10"), ("turns", "3")],
    ];
    for fields in cases {
        let (engine, manual) = both(fields, 20_000);
        assert!(engine == manual, "{fields:?}: the tallies differ");
    }
}

#[test]
fn the_comparison_can_fail() {
    // Different seeds must give different tallies, or the equality above says nothing.
    let (model, hand, mut engine, mut manual) = engine_and_hand(&[]);
    model.simulate(&mut Sampler::new(11), 0, 5_000, &mut engine);
    hand.simulate(&mut Sampler::new(12), 0, 5_000, &mut manual);
    assert!(engine != manual);
}
