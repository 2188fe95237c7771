//! Whole turns against turns played step by step, and who may charge.

use super::super::firefight_action::{FirefightAction, FirefightFields};
use super::*;
use crate::action::ActionFields;
use crate::plan::tests::assert_staged_turns_are_stepwise;

fn game(fields: &[(&str, &str)]) -> FirefightChoices {
    game_against(fields, Opponent::Usual)
}

fn game_against(fields: &[(&str, &str)], opponent: Opponent) -> FirefightChoices {
    let question = crate::plan::tests::firefight_question("deadly-field", fields);
    let charts = super::super::charts_of(question.book()).unwrap();
    let f = FirefightFields::read_fields(&charts, question.scenario()).unwrap();
    let (distance, terrain) = (f.charge_distance, f.charge_terrain.clone());
    FirefightChoices::new(
        FirefightAction::firefight(f, &charts).unwrap(),
        distance,
        &terrain,
        opponent,
    )
}

#[test]
fn turns_of_fire_reform_and_charge_in_stages_are_the_turns_played_step_by_step() {
    assert_staged_turns_are_stepwise(&game(&[]), 2, 40);
    // A Green regiment that disorders often, charging over broken ground.
    let green = game(&[("a_quality", "green"), ("charge_terrain", "broken")]);
    assert!(green.all_choices().contains(&"charge"));
    assert_staged_turns_are_stepwise(&green, 2, 40);
}

#[test]
fn against_b_at_its_best_each_sides_phase_in_stages_is_the_phase_step_by_step() {
    // Two turns: A's phase and B's, each side's every choice.
    let best = game_against(&[], Opponent::Best);
    assert_eq!(best.opponent_choices(), ["reform", "fire", "charge"]);
    assert_staged_turns_are_stepwise(&best, 4, 30);
    let green = game_against(
        &[("b_quality", "green"), ("a_quality", "green")],
        Opponent::Best,
    );
    assert_staged_turns_are_stepwise(&green, 4, 30);
}

#[test]
fn a_regiment_that_may_not_charge_is_not_offered_the_charge() {
    // Artillery does not charge.
    let guns = game(&[
        ("a_type", "artillery"),
        ("a_formation", "unlimbered"),
        ("a_figures", "2"),
        ("a_original_figures", "2"),
    ]);
    // Reforming is its usual choice (the firefight reforms by default).
    assert_eq!(guns.all_choices(), ["reform", "fire"]);
}

/// The usual play is the firefight's own: with `reform` on (the default) a
/// Disordered A reforms, so "always reform" is the usual policy and the
/// firefight's answer, and ties go to reforming; with it off, to firing.
#[test]
fn the_usual_choice_is_the_firefights_own_play() {
    assert_eq!(game(&[]).all_choices(), ["reform", "fire", "charge"]);
    assert_eq!(
        game(&[("reform", "false")]).all_choices(),
        ["fire", "reform", "charge"]
    );
}
