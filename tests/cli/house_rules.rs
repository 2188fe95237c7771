//! House rules and readings: what a patch changes, and the bounds it must keep.

use super::{stderr_of, volley};

#[test]
fn a_house_rule_changes_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("woods.toml");
    std::fs::write(&rule, "[set]\n\"terrain.woods.personnel\" = 0\n").unwrap();
    let base = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    let patched = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--format",
            "csv",
            "--house-rule",
            rule.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let clear = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=clear",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_ne!(base.stdout, patched.stdout);
    assert_eq!(patched.stdout, clear.stdout);
}

#[test]
fn a_house_rule_keeps_each_value_within_its_charts_scale() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let huge = rule(
        "huge.toml",
        "[set]\n\"terrain.woods.personnel\" = 2000000000\n",
    );
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &huge]);
    assert!(
        e.contains("huge.toml:2:") && e.contains("out of this chart's scale"),
        "{e}"
    );
    let negative = rule("negative.toml", "[set]\n\"options.ms_cohesion\" = -3\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &negative]);
    assert!(
        e.contains("negative.toml:2:") && e.contains("negative"),
        "{e}"
    );
    // A designer's move is within scale.
    let fine = rule("fine.toml", "[set]\n\"terrain.woods.personnel\" = 12\n");
    let out = volley()
        .args([
            "odds",
            "micro-squad",
            "fire",
            "terrain=woods",
            "--house-rule",
            &fine,
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_house_rule_keeps_each_value_within_its_cards_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let rule = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    // Within ten times the values beside it, but not a chance in tenths.
    let sure = rule(
        "sure.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 30\n",
    );
    let e = stderr_of(&["odds", "stand-and-die", "attack", "--house-rule", &sure]);
    assert!(
        e.contains("sure.toml:3:")
            && e.contains("`chances.infantry.standing` = 30 is outside 0 to 10")
            && e.contains("tenths"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    // A cohesion penalty beyond the d20.
    let penalty = rule("penalty.toml", "[set]\n\"markers.suppressed\" = 25\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &penalty]);
    assert!(
        e.contains("penalty.toml:2:") && e.contains("outside 0 to 19"),
        "{e}"
    );
    // The bounds themselves are not a chart.
    let loosen = rule("loosen.toml", "[set]\n\"bounds.markers.*.max\" = 100\n");
    let e = stderr_of(&["odds", "micro-squad", "fire", "--house-rule", &loosen]);
    assert!(
        e.contains("loosen.toml:2:") && e.contains("not a chart"),
        "{e}"
    );
    // Within bounds is fine.
    let fine = rule(
        "fine.toml",
        "system = \"stand-and-die\"\n[set]\n\"chances.infantry.standing\" = 10\n",
    );
    let out = volley()
        .args(["odds", "stand-and-die", "attack", "--house-rule", &fine])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_reading_takes_only_the_values_volley_has_built() {
    let dir = tempfile::tempdir().unwrap();
    for (system, option) in [("micro-force", "mf_c6_m2_p8"), ("hex-acw", "hx_turn")] {
        let rule = dir.path().join(format!("{option}.toml"));
        std::fs::write(&rule, format!("[set]\n\"options.{option}\" = \"bogus\"\n")).unwrap();
        let e = stderr_of(&[
            "rules",
            system,
            "options",
            "--house-rule",
            rule.to_str().unwrap(),
        ]);
        assert!(
            e.contains(":2:") && e.contains("unknown variant `bogus`"),
            "{e}"
        );
    }
}

/// Where the card is open and volley builds one reading only, the rules page
/// and the readings page say so, with the card's words.
#[test]
fn readings_built_one_way_are_printed_with_the_cards_words() {
    let rules = |system: &str| {
        let out = volley()
            .args(["rules", system, "options"])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
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
