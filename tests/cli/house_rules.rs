//! House rules and readings: what a patch changes, and the bounds it must keep.

use super::{refused_naming, stdout_of};

/// A house-rule file `name` holding `text`, written in `dir`: its path.
fn rule_file(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_house_rule_changes_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("woods.toml");
    std::fs::write(&rule, "[set]\n\"terrain.woods.personnel\" = 0\n").unwrap();
    let csv_of = |terrain: &str, rule: &[&str]| {
        let args = ["odds", "micro-squad", "fire", terrain, "--format", "csv"];
        stdout_of(&[&args[..], rule].concat())
    };
    let base = csv_of("terrain=woods", &[]);
    let patched = csv_of("terrain=woods", &["--house-rule", rule.to_str().unwrap()]);
    let clear = csv_of("terrain=clear", &[]);
    assert_ne!(base, patched);
    assert_eq!(patched, clear);
}

#[test]
fn a_relative_patch_changes_the_cards_value_and_says_old_and_new() {
    let compared = |variant: &str| {
        stdout_of(&[
            "compare",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--variant",
            variant,
        ])
    };
    let plus = compared("woods5:terrain.woods.personnel+=1");
    assert!(
        plus.contains("\n  changes terrain.woods.personnel: 4 -> 5\n"),
        "{plus}"
    );
    // The same as setting 5: woods gets stronger (P(unharmed) up).
    let set = compared("woods5:terrain.woods.personnel=5");
    let table = |text: &str| text[text.find("  variable").unwrap()..].to_string();
    assert_eq!(table(&plus), table(&set));
    // The headline (P(result = E)) is 0% on both sides: the outcome that
    // moved most leads, then the headline's standstill.
    assert!(
        set.contains("woods5 moves P(target_after = ok) from 70.83% to 81.25%: 10.42 points higher (exact). P(result = E) stays at 0.00%."),
        "{set}"
    );
    // `=+1` on a chart of counts is refused, with both ways to say it.
    refused_naming(
        &[
            "compare",
            "micro-squad",
            "fire",
            "--variant",
            "w:terrain.woods.personnel=+1",
        ],
        &[
            "field `terrain.woods.personnel`",
            "write `terrain.woods.personnel+=1` to add 1 (4 -> 5), or `terrain.woods.personnel=1` to set it",
        ],
    );
    // A file's [add], on an answer: the value old -> new under the rule.
    let dir = tempfile::tempdir().unwrap();
    let rule = rule_file(
        &dir,
        "woods.toml",
        "[add]\n\"terrain.woods.personnel\" = 2\n",
    );
    let answer = stdout_of(&[
        "odds",
        "micro-squad",
        "fire",
        "terrain=woods",
        "--house-rule",
        &rule,
    ]);
    assert!(
        answer.contains("house rules: woods\n  changes terrain.woods.personnel: 4 -> 6\n"),
        "{answer}"
    );
}

#[test]
fn a_house_rule_keeps_each_value_within_its_charts_scale() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| rule_file(&dir, name, text);
    let huge = rule(
        "huge.toml",
        "[set]\n\"terrain.woods.personnel\" = 2000000000\n",
    );
    refused_naming(
        &["odds", "micro-squad", "fire", "--house-rule", &huge],
        &["huge.toml:2:", "out of this chart's scale"],
    );
    let negative = rule("negative.toml", "[set]\n\"options.ms_cohesion\" = -3\n");
    refused_naming(
        &["odds", "micro-squad", "fire", "--house-rule", &negative],
        &["negative.toml:2:", "negative"],
    );
    // A designer's move is within scale.
    let fine = rule("fine.toml", "[set]\n\"terrain.woods.personnel\" = 12\n");
    stdout_of(&[
        "odds",
        "micro-squad",
        "fire",
        "terrain=woods",
        "--house-rule",
        &fine,
    ]);
}

#[test]
fn a_house_rule_keeps_each_value_within_its_cards_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| rule_file(&dir, name, text);
    // Within ten times the values beside it, but not a chance in tenths.
    let sure = rule(
        "sure.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 30\n",
    );
    refused_naming(
        &["odds", "stand-and-die", "attack", "--house-rule", &sure],
        &[
            "sure.toml:3:",
            "`chances.infantry.standing` = 30 is outside 0 to 10",
            "tenths",
        ],
    );
    // A cohesion penalty beyond the d20.
    let penalty = rule("penalty.toml", "[set]\n\"markers.suppressed\" = 25\n");
    refused_naming(
        &["odds", "micro-squad", "fire", "--house-rule", &penalty],
        &["penalty.toml:2:", "outside 0 to 19"],
    );
    // The bounds themselves are not a chart.
    let loosen = rule("loosen.toml", "[set]\n\"bounds.markers.*.max\" = 100\n");
    refused_naming(
        &["odds", "micro-squad", "fire", "--house-rule", &loosen],
        &["loosen.toml:2:", "not a chart"],
    );
    // Within bounds is fine.
    let fine = rule(
        "fine.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 10\n",
    );
    stdout_of(&["odds", "stand-and-die", "attack", "--house-rule", &fine]);
}

#[test]
fn a_reading_takes_only_the_values_volley_has_built() {
    let dir = tempfile::tempdir().unwrap();
    for (system, option) in [("micro-force", "mf_c6_m2_p8"), ("hex-acw", "hx_turn")] {
        let rule = dir.path().join(format!("{option}.toml"));
        std::fs::write(&rule, format!("[set]\n\"options.{option}\" = \"bogus\"\n")).unwrap();
        refused_naming(
            &[
                "rules",
                system,
                "options",
                "--house-rule",
                rule.to_str().unwrap(),
            ],
            &[":2:", "unknown variant `bogus`"],
        );
    }
}

/// Where the card is open and volley builds one reading only, the rules page
/// and the readings page say so, with the card's words.
#[test]
fn readings_built_one_way_are_printed_with_the_cards_words() {
    let rules = |system: &str| stdout_of(&["rules", system, "options"]);
    let field = rules("deadly-field");
    for words in [
        "charge_disorder",
        "strictly more than half",
        "desperation_fire",
        "never both at one charger",
        "columns_in_the_charge",
        "stop_short_ranges",
        "enemy_within_one_inch",
        "defender_support",
        "firefight_order",
        "the natural is kinder than the rolls just above it",
    ] {
        assert!(field.contains(words), "deadly-field options lack {words}");
    }
    let armour = rules("micro-armour");
    for words in [
        "posture_initiative",
        "winner fires first in every standard fire phase",
        "combined_attacks",
        "overrun_vehicles",
        "25% of original (round up)",
        "ma_helicopter_dash_s",
        "ma_engagement_attack_again",
    ] {
        assert!(armour.contains(words), "micro-armour options lack {words}");
    }
    let page = std::fs::read_to_string("docs/readings.md").unwrap();
    assert!(page.contains("`posture_initiative`") && page.contains("`charge_disorder`"));
}
