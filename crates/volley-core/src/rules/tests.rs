//! The rule book's house rules: cells set and changed, and what is refused.

use super::*;

/// The Micro Squad card as shipped (the rules module knows no system).
fn micro_squad_card() -> RuleBook {
    RuleBook::card(
        "micro-squad",
        Card {
            file: "crates/volley-core/src/rules/micro_squad.toml",
            text: include_str!("micro_squad.toml"),
        },
    )
    .unwrap()
}

fn no_check(_: &RuleBook) -> Result<(), String> {
    Ok(())
}

#[test]
fn a_house_rule_changes_a_cell() {
    let mut book = micro_squad_card();
    let rule = HouseRule::parse("hr.toml", "[set]\n\"crt.a.rows.5.+1\" = \"E\"\n").unwrap();
    book.apply(&rule, no_check).unwrap();
    let cell = &book.tree["crt"]["a"]["rows"]["5"]["+1"];
    assert_eq!(cell.as_str(), Some("E"));
    assert_eq!(book.house_rules, vec!["hr".to_string()]);
}

#[test]
fn a_missing_cell_is_an_error_with_file_line_and_path() {
    let mut book = micro_squad_card();
    let rule = HouseRule::parse(
        "hr.toml",
        "name = \"x\"\n[set]\n\"crt.a.rows.5.+10\" = \"E\"\n",
    )
    .unwrap();
    let err = book.apply(&rule, no_check).unwrap_err();
    assert_eq!(err.file, "hr.toml");
    assert_eq!(err.line, Some(3));
    assert_eq!(err.field, "crt.a.rows.5.+10");
    assert!(err.message.contains("no entry `+10`"), "{}", err.message);
}

#[test]
fn a_value_of_another_type_is_refused() {
    let mut book = micro_squad_card();
    let rule =
        HouseRule::parse("hr.toml", "[set]\n\"terrain.woods.personnel\" = \"lots\"\n").unwrap();
    let err = book.apply(&rule, no_check).unwrap_err();
    assert!(err.message.contains("integer"), "{}", err.message);
}

#[test]
fn malformed_toml_names_the_line() {
    let err = HouseRule::parse("hr.toml", "[set]\n\"a\" = = 3\n").unwrap_err();
    assert_eq!(err.line, Some(2));
}

/// The value at a dotted path of a book.
fn at<'a>(book: &'a RuleBook, path: &str) -> &'a Value {
    let segments: Vec<&str> = path.split('.').collect();
    patch::lookup(&book.tree, &segments).unwrap()
}

#[test]
fn relative_changes_add_subtract_and_multiply_the_cards_value() {
    let mut book = micro_squad_card();
    let inline =
        |path: &str, value: &str| HouseRule::inline(&[(path.to_string(), value.to_string())]);
    book.apply(&inline("terrain.woods.personnel+", "1"), no_check)
        .unwrap();
    assert_eq!(at(&book, "terrain.woods.personnel").as_integer(), Some(5));
    book.apply(&inline("terrain.woods.personnel-", "2"), no_check)
        .unwrap();
    assert_eq!(at(&book, "terrain.woods.personnel").as_integer(), Some(3));
    book.apply(&inline("terrain.woods.personnel*", "2"), no_check)
        .unwrap();
    assert_eq!(at(&book, "terrain.woods.personnel").as_integer(), Some(6));
    // A value is set without a plus sign (a negative one with its minus).
    book.apply(&inline("terrain.soft-sand.personnel", "1"), no_check)
        .unwrap();
    assert_eq!(
        at(&book, "terrain.soft-sand.personnel").as_integer(),
        Some(1)
    );
    let said: Vec<String> = book
        .patches
        .iter()
        .map(|p| crate::contract::PatchJson::from(p).said())
        .collect();
    assert_eq!(
        said,
        [
            "terrain.woods.personnel: 4 -> 5",
            "terrain.woods.personnel: 5 -> 3",
            "terrain.woods.personnel: 3 -> 6",
            "terrain.soft-sand.personnel: -1 -> 1",
        ]
    );
}

#[test]
fn a_files_add_and_multiply_tables_change_in_the_order_written() {
    let mut book = micro_squad_card();
    let text = "[multiply]\n\"terrain.woods.personnel\" = 3\n[add]\n\"terrain.woods.personnel\" = -2\n\"terrain.woods.other\" = 1\n";
    let rule = HouseRule::parse("hr.toml", text).unwrap();
    book.apply(&rule, no_check).unwrap();
    // 4 * 3 - 2, in the order of the lines.
    assert_eq!(at(&book, "terrain.woods.personnel").as_integer(), Some(10));
    assert_eq!(at(&book, "terrain.woods.other").as_integer(), Some(3));
    let empty = HouseRule::parse("hr.toml", "name = \"nothing\"\n").unwrap_err();
    assert!(
        empty.message.contains("[set], [add] or [multiply]"),
        "{}",
        empty.message
    );
}

#[test]
fn a_relative_change_to_a_list_changes_each_number() {
    let card = Card {
        file: "crates/volley-core/src/rules/micro_force.toml",
        text: include_str!("micro_force.toml"),
    };
    let mut book = RuleBook::card("micro-force", card).unwrap();
    let rule = HouseRule::inline(&[("competence.cohesion+".into(), "1".into())]);
    book.apply(&rule, no_check).unwrap();
    let said = crate::contract::PatchJson::from(&book.patches[0]).said();
    assert_eq!(
        said,
        "competence.cohesion: [14, 15, 16, 17] -> [15, 16, 17, 18]"
    );
}

#[test]
fn a_plus_sign_is_refused_as_ambiguous() {
    let mut book = micro_squad_card();
    let inline = HouseRule::inline(&[("terrain.woods.personnel".into(), "+1".into())]);
    let err = book.apply(&inline, no_check).unwrap_err();
    assert_eq!(err.field, "terrain.woods.personnel");
    assert!(
        err.message
            .contains("write `terrain.woods.personnel+=1` to add 1 (4 -> 5)"),
        "{}",
        err.message
    );
    let file = HouseRule::parse("hr.toml", "[set]\n\"terrain.woods.personnel\" = +1\n").unwrap();
    let err = book.apply(&file, no_check).unwrap_err();
    assert_eq!(err.line, Some(2));
    assert!(
        err.message.contains("put it under [add]"),
        "{}",
        err.message
    );
    // On a row of signed modifiers too (soft sand: -1 on the card).
    let signed = HouseRule::inline(&[("terrain.soft-sand.personnel".into(), "+1".into())]);
    let err = book.apply(&signed, no_check).unwrap_err();
    assert!(
        err.message
            .contains("`+1` would set this value to 1 (it is -1)"),
        "{}",
        err.message
    );
    // Out of any scale, without a number three hundred digits long.
    let huge = HouseRule::inline(&[("terrain.woods.personnel*".into(), "1e300".into())]);
    let err = book.apply(&huge, no_check).unwrap_err();
    assert!(
        err.message.contains("out of any chart's scale"),
        "{}",
        err.message
    );
    // Unchanged by the refusals.
    assert!(book.patches.is_empty());
    assert_eq!(at(&book, "terrain.woods.personnel").as_integer(), Some(4));
}

#[test]
fn a_relative_change_keeps_the_cards_kind_of_value() {
    let mut book = micro_squad_card();
    let try_it = |book: &mut RuleBook, path: &str, value: &str| {
        let rule = HouseRule::inline(&[(path.to_string(), value.to_string())]);
        book.apply(&rule, no_check).unwrap_err().message
    };
    let message = try_it(&mut book, "terrain.woods.personnel*", "1.1");
    assert!(
        message.contains("4 * 1.1 is 4.4, not a whole number"),
        "{message}"
    );
    let message = try_it(&mut book, "options.ms_naturals+", "1");
    assert!(message.contains("not a number"), "{message}");
    let message = try_it(&mut book, "terrain.woods.personnel+", "\"x\"");
    assert!(message.contains("takes a number"), "{message}");
    let message = try_it(&mut book, "terrain.woods.nothing+", "1");
    assert!(message.contains("no entry `nothing`"), "{message}");
}
