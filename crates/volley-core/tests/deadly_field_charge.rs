//! Deadly Field's charge: hand-computed branches, odds that move the way the card says, and the defender's fire in its place.

use crate::common;
use crate::deadly_field::{close, run, ways};
use common::p;
use volley_core::engine::MethodRequest;

#[test]
fn hand_computed_charge_branches() {
    // A battle line in the open moves 6"; the bonus is 2D6 halved, rounded up. At
    // 10" the charge reaches when the bonus is 4 or more: 2D6 >= 7.
    let s = run(
        "charge",
        &[
            ("attacker_formation", "battle-line"),
            ("distance", "10"),
            ("reaction_fire", "none"),
        ],
    );
    close(p(&s, "charge", "falls-short"), 15.0 / 36.0);
    // With no fire, the defender's pre-impact check (Trained, BMP 5, the charger
    // within 1" +1: MMP 6) routs it only on a natural 2.
    let s = run("charge", &[("reaction_fire", "none")]);
    close(p(&s, "charge", "defender-routs-before-impact"), ways(2));
    close(p(&s, "charge", "stopped-by-fire"), 0.0);
    // The impact, then, decides the rest: every outcome sums to one.
    let total: f64 = s
        .outcomes
        .iter()
        .filter(|o| o.variable == "charge")
        .map(|o| o.estimate.value)
        .sum();
    close(total, 1.0);
}

/// A unit at full strength has lost no stand: more figures never lower the
/// charger's odds (they did when a 4-figure unit read "one stand lost").
#[test]
fn at_full_strength_more_figures_never_lower_the_odds() {
    for quality in ["elite", "veteran", "trained", "green"] {
        let mut last = (0.0, 0.0);
        for figures in 2..=12 {
            let n = figures.to_string();
            let impact = run(
                "impact",
                &[
                    ("attacker_figs", n.as_str()),
                    ("attacker_quality", quality),
                    ("defender_figs", "4"),
                ],
            );
            let charge = run(
                "charge",
                &[
                    ("attacker_figures", n.as_str()),
                    ("attacker_quality", quality),
                ],
            );
            let now = (
                p(&impact, "attacker_wins", "yes"),
                p(&charge, "carries", "yes"),
            );
            assert!(
                now.0 >= last.0 - 1e-12 && now.1 >= last.1 - 1e-12,
                "{quality}, {figures} figures: {now:?} after {last:?}"
            );
            last = now;
        }
    }
}

/// "Green unit charges are all in disorder": the charge's disorder holds to
/// the impact, so the defender's fire never helps the charger.
#[test]
fn the_defenders_fire_never_raises_the_chargers_odds() {
    for quality in ["elite", "veteran", "trained", "green"] {
        for distance in ["2", "4", "8"] {
            let at = |fire: &'static str| {
                run(
                    "charge",
                    &[
                        ("attacker_quality", quality),
                        ("distance", distance),
                        ("reaction_fire", fire),
                    ],
                )
            };
            let unfired = p(&at("none"), "carries", "yes");
            for fire in ["long", "normal", "short", "point-blank", "desperation"] {
                let fired = p(&at(fire), "carries", "yes");
                assert!(
                    fired <= unfired + 1e-12,
                    "{quality} at {distance}\": {fire} fire {fired} > none {unfired}"
                );
            }
        }
    }
    // A green charger (always Disordered) stays Disordered at the impact after
    // passing the check its reaction fire forced: never better than unfired.
    let green = |fire: &'static str| {
        let s = run(
            "charge",
            &[("attacker_quality", "green"), ("reaction_fire", fire)],
        );
        p(&s, "carries", "yes")
    };
    assert!(green("long") < green("none"));
}

#[test]
fn the_charge_working_shows_the_level_the_impact_uses() {
    let working = |fields: &[(&str, &str)]| {
        volley_core::ask::question::Question::new(
            "deadly-field",
            "charge",
            &[],
            &common::raw_fields(fields),
        )
        .unwrap()
        .working()
        .join("\n")
    };
    // Green: always Disordered on arrival.
    let green = working(&[("attacker_quality", "green")]);
    assert!(green.contains("arriving Disordered"), "{green}");
    assert!(!green.contains("arriving in Good Order"), "{green}");
    // A Veteran 1" away never passes its move plus half the bonus: it arrives
    // in Good Order, and the working says so.
    let veteran = working(&[("attacker_quality", "veteran"), ("distance", "1")]);
    assert!(veteran.contains("arriving in Good Order"), "{veteran}");
    assert!(!veteran.contains("arriving Disordered"), "{veteran}");
}

/// "A defender can only fire once -- reaction fire or DF -- against any one
/// unit": desperation fire is the charged unit's own, made after its
/// pre-impact check, instead of its reaction.
#[test]
fn desperation_fire_is_the_defenders_own_and_comes_after_its_check() {
    let none = run("charge", &[("reaction_fire", "none")]);
    let desperation = run("charge", &[("reaction_fire", "desperation")]);
    // The check comes first, against an unhurt charger: the same as no fire.
    close(
        p(&desperation, "charge", "defender-routs-before-impact"),
        p(&none, "charge", "defender-routs-before-impact"),
    );
    assert!(p(&desperation, "charge", "stopped-by-fire") > 0.0);
    // The old field for a second unit's fire is gone, refused by name.
    let e = common::try_run(
        "deadly-field",
        "charge",
        &[("desperation_fire", "true")],
        MethodRequest::Exact,
    )
    .unwrap_err();
    assert!(e.contains("desperation_fire"), "{e}");
    assert!(e.contains("reaction_fire=desperation"), "{e}");
}

/// A regiment's figures stand on its stands: given the stands alone, the
/// figures follow (4 a stand, as the default 12 on 3); a start that leaves a
/// stand empty is refused, naming both fields.
#[test]
fn stands_and_figures_agree() {
    let two_stands = run("charge", &[("defender_stands", "2")]);
    let eight = run(
        "charge",
        &[("defender_stands", "2"), ("defender_figures", "8")],
    );
    close(
        p(&two_stands, "carries", "yes"),
        p(&eight, "carries", "yes"),
    );
    let twelve = run("charge", &[]);
    assert!(p(&two_stands, "carries", "yes") > p(&twelve, "carries", "yes") + 0.1);
    // Figures given with the stands, or an original strength, are kept.
    let kept = run(
        "charge",
        &[
            ("defender_stands", "2"),
            ("defender_original_figures", "12"),
        ],
    );
    let two_on_twelve = run(
        "charge",
        &[("defender_stands", "2"), ("defender_figures", "12")],
    );
    close(
        p(&kept, "carries", "yes"),
        p(&two_on_twelve, "carries", "yes"),
    );
    for fields in [
        &[("defender_stands", "3"), ("defender_figures", "2")][..],
        &[
            ("defender_stands", "3"),
            ("defender_original_figures", "2"),
            ("defender_figures", "1"),
        ][..],
    ] {
        let e =
            common::try_run("deadly-field", "charge", fields, MethodRequest::Exact).unwrap_err();
        assert!(
            e.contains("defender_stands") && e.contains("figures"),
            "{e}"
        );
    }
    // `same` for the original figures is as good as not giving them; the
    // original figures given alone are the figures now.
    let same = run(
        "charge",
        &[
            ("defender_stands", "2"),
            ("defender_original_figures", "same"),
        ],
    );
    close(p(&same, "carries", "yes"), p(&two_stands, "carries", "yes"));
    let original_eight = run("charge", &[("defender_original_figures", "8")]);
    let eight_on_three = run("charge", &[("defender_figures", "8")]);
    close(
        p(&original_eight, "carries", "yes"),
        p(&eight_on_three, "carries", "yes"),
    );
    // A remnant of one figure, as its answer prints it (on 2 stands), is
    // answered again when typed back.
    for fields in [
        &[("defender_figures", "1")][..],
        &[("defender_figures", "1"), ("defender_stands", "2")][..],
    ] {
        assert!(common::try_run("deadly-field", "charge", fields, MethodRequest::Exact).is_ok());
    }
    // Two figures alone stand on two stands.
    assert!(
        common::try_run(
            "deadly-field",
            "charge",
            &[("defender_figures", "2")],
            MethodRequest::Exact
        )
        .is_ok()
    );
}
