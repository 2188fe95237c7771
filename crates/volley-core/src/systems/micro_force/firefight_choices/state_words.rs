//! A firefight's decision state in the card's words, for a plan's policy
//! rows: each side's losses, beads, Disorder, first fire and commander, then
//! who won the last initiative and what A has marked.

use super::{FirefightChoices, Phase};
use crate::plan::AxisWords;

/// An axis of the firefight's decision states (see `describe`) in words.
pub(super) fn axis(axis: &str) -> Option<AxisWords> {
    if axis == "a_had_initiative" {
        return Some(AxisWords::count(
            "who won the last initiative (-1 none yet, 0 B, 1 A)",
        ));
    }
    if axis == "a_charging" {
        return Some(AxisWords::flag(
            "A has marked a charge",
            "A has marked a charge",
            "A has marked fire",
        ));
    }
    let (side, rest) = axis.split_once('_')?;
    let side = match side {
        "a" => "A",
        "b" => "B",
        _ => return None,
    };
    let flag = |word: &str| {
        AxisWords::flag(
            format!("{side} {word}"),
            format!("{side} is {word}"),
            format!("{side} is not {word}"),
        )
    };
    Some(match rest {
        "steps_lost" => AxisWords::count(format!("{side}'s steps lost")),
        "shaken" => flag("Shaken"),
        "disordered" => flag("Disordered"),
        "first_fire" => AxisWords::flag(
            format!("{side}'s first fire unused"),
            format!("{side}'s first fire is unused"),
            format!("{side}'s first fire is spent"),
        ),
        "commander_wounds" => AxisWords::count(format!("{side}'s commander's wounds")),
        "competence" => AxisWords::count(format!("{side}'s commander's competence")),
        _ => return None,
    })
}

/// `phase` as a policy row says it (`A: 1 step lost, Shaken; B: unharmed;
/// A won the last initiative`), built in one string: a plan words every
/// state it reaches.
pub(super) fn of(choices: &FirefightChoices, phase: &Phase) -> String {
    use std::fmt::Write;
    let s = phase.fight();
    let lost = choices.fight.steps_lost(&s);
    let mut text = String::with_capacity(64);
    for (name, unit, start, lost) in [
        ("A", &s.a, &choices.fight.a, lost[0]),
        ("B", &s.b, &choices.fight.b, lost[1]),
    ] {
        if name == "B" {
            text.push_str("; ");
        }
        let _ = write!(text, "{name}: ");
        let mut first = true;
        let mut say = |text: &mut String, words: std::fmt::Arguments| {
            if !first {
                text.push_str(", ");
            }
            first = false;
            let _ = text.write_fmt(words);
        };
        match lost {
            0 => {}
            1 => say(&mut text, format_args!("1 step lost")),
            n => say(&mut text, format_args!("{n} steps lost")),
        }
        if unit.shaken {
            say(&mut text, format_args!("Shaken"));
        }
        if unit.disordered() {
            say(&mut text, format_args!("Disordered"));
        }
        if !unit.first_fire_used {
            say(&mut text, format_args!("first fire unused"));
        }
        if unit.competence != start.competence {
            say(
                &mut text,
                format_args!("commander replaced (competence {})", unit.competence),
            );
        }
        if unit.wounds > 0 {
            say(
                &mut text,
                format_args!("commander wounded (cohesion -{})", unit.wounds),
            );
        }
        if first {
            text.push_str("unharmed");
        }
    }
    match s.last_winner_a {
        Some(true) => text.push_str("; A won the last initiative"),
        Some(false) => text.push_str("; B won the last initiative"),
        None => {}
    }
    if let Phase::Answer { a_charges, .. } = phase {
        text.push_str(if *a_charges {
            "; A has marked a charge"
        } else {
            "; A has marked fire"
        });
    }
    text
}
