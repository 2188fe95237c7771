//! Roll scripts by hand: hooks before and after the test point's roll,
//! with and without dice of their own, and hostile scripts stopped with
//! the file and line.

use super::tests::{POINT, check};
use super::*;
use crate::dice::{Enumerator, Sampler};

/// The rules of a house rule whose text is `text`, compiled against the
/// test point.
fn scripted(text: &str) -> Result<RollRules, InputError> {
    let house = crate::rules::HouseRule::parse("s.toml", text)?;
    let points: &'static [RollPoint] = Box::leak(Box::new([POINT]));
    let scripts = house
        .scripts
        .iter()
        .map(|s| s.compile("s.toml", "s", points))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RollRules::new(Vec::new(), scripts))
}

/// A house rule of one script at the test point.
fn script(code: &str) -> RollRules {
    scripted(&format!(
        "[[script]]\npoint = \"check\"\ncode = '''\n{code}\n'''\n"
    ))
    .unwrap()
}

fn exact_pass(rules: &RollRules, quality: &'static str) -> f64 {
    let mut passed = 0.0;
    Enumerator::new(10_000)
        .explore(
            |dice| check(rules, dice, quality),
            |p, w| passed += if p { w } else { 0.0 },
        )
        .unwrap();
    passed
}

fn assert_monte_carlo_agrees(rules: &RollRules, exact: f64) {
    let n = 200_000;
    let mut sampler = Sampler::new(17);
    let passed = (0..n)
        .filter(|_| check(rules, &mut sampler, "green"))
        .count();
    let observed = passed as f64 / n as f64;
    let sd = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!((observed - exact).abs() < 5.0 * sd, "{observed} vs {exact}");
    assert!(rules.failure().is_none());
}

#[test]
fn a_before_hook_says_what_the_declarative_form_says() {
    // The veterans' re-roll as code: 1 - (1/2)^2 for veterans, 1/2 else.
    let rules = script(
        r#"fn before(roll) { if roll.unit.quality == "veteran" { #{ reroll: "failed" } } }"#,
    );
    assert_eq!(exact_pass(&rules, "veteran"), 0.75);
    assert_eq!(exact_pass(&rules, "green"), 0.5);
    // A bare number is a modifier: 3+ passes, 4/6; a new threshold: 6+.
    assert!((exact_pass(&script("fn before(roll) { 1 }"), "green") - 4.0 / 6.0).abs() < 1e-15);
    let six = script("fn before(roll) { #{ threshold: 6 } }");
    assert!((exact_pass(&six, "green") - 1.0 / 6.0).abs() < 1e-15);
    let moved = script("fn before(roll) { #{ modifier: 1, threshold_add: 1 } }");
    assert_eq!(exact_pass(&moved, "green"), 0.5);
    assert!(rules.failure().is_none());
}

#[test]
fn a_hooks_own_dice_branch_exactly_and_agree_with_monte_carlo() {
    // Before the check, 1D6: on a 6 the roll gets +2 (5+ on the check's
    // die becomes 2+). 5/6 x 1/2 + 1/6 x 5/6 = 20/36.
    let inspired = script("fn before(roll) { if d6() == 6 { #{ modifier: 2 } } }");
    let exact = exact_pass(&inspired, "green");
    assert!((exact - 20.0 / 36.0).abs() < 1e-15, "{exact}");
    assert_monte_carlo_agrees(&inspired, exact);
    // After a failed check, 1D6: on 4+ it is rolled again.
    // 1/2 + 1/2 x 1/2 x 1/2 = 5/8.
    let rally =
        script(r#"fn after(roll) { if roll.failed && d6() >= 4 { "reroll" } else { "keep" } }"#);
    let exact = exact_pass(&rally, "green");
    assert_eq!(exact, 0.625);
    assert_monte_carlo_agrees(&rally, exact);
    // Two dice summed, and a die of 10: 2D6 of 11+ (3/36) or a 10 on the
    // D10 (1/10) gives +3 (1+ then): 1/2 + (1 - 33/36 x 9/10) x 1/2.
    let either =
        script("fn before(roll) { if dice(2, 6) >= 11 || d(10) == 10 { #{ modifier: 3 } } }");
    let boosted = 1.0 - 33.0 / 36.0 * 9.0 / 10.0;
    assert!((exact_pass(&either, "green") - (0.5 + boosted * 0.5)).abs() < 1e-15);
}

#[test]
fn a_result_hook_reads_a_total_as_another_and_composes_with_the_rest() {
    // A 1 of the check's die is read as a 6: 4+ passes, 1/2 + 1/6.
    let one_is_six = script("fn result(roll) { if roll.total == 1 { 6 } }");
    assert!((exact_pass(&one_is_six, "green") - 4.0 / 6.0).abs() < 1e-15);
    assert_monte_carlo_agrees(&one_is_six, 4.0 / 6.0);
    // With a failed roll re-rolled: 1 - (2/6)^2.
    let both =
        script("fn result(roll) { if roll.total == 1 { 6 } }\nfn after(roll) { roll.failed }");
    assert!((exact_pass(&both, "green") - (1.0 - 1.0 / 9.0)).abs() < 1e-15);
    // A total the die cannot make stops the script.
    let e = stops("fn result(roll) { roll.total + 1 }");
    assert!(e.message.contains("1 to 6"), "{}", e.message);
    // `result` rolls no dice: it is read once per total.
    let e = stops("fn result(roll) { d6() }");
    assert!(e.message.contains("roll dice in `after`"), "{}", e.message);
}

#[test]
fn an_after_hook_and_a_declarative_reroll_roll_again_once_in_all() {
    // The rule re-rolls a fail; the script asks again after the second
    // roll is not offered: one re-roll, 3/4.
    let text = "[[roll]]\npoint = \"check\"\nreroll = \"failed\"\n\n[[script]]\npoint = \"check\"\ncode = 'fn after(roll) { roll.failed }'\n";
    let house = crate::rules::HouseRule::parse("s.toml", text).unwrap();
    let points: &'static [RollPoint] = Box::leak(Box::new([POINT]));
    let rules = RollRules::new(
        vec![house.rolls[0].check("s.toml", "s", points).unwrap()],
        vec![house.scripts[0].compile("s.toml", "s", points).unwrap()],
    );
    assert_eq!(exact_pass(&rules, "green"), 0.75);
}

/// The error a script stops with at the test point's roll.
fn stops(code: &str) -> InputError {
    let rules = script(code);
    let _ = exact_pass(&rules, "green");
    rules
        .failure()
        .cloned()
        .unwrap_or_else(|| panic!("`{code}` did not stop"))
}

#[test]
fn hostile_scripts_are_stopped_with_the_file_line_and_why() {
    // The code starts on the file's line 4.
    let looping = stops("fn before(roll) {\n    loop { }\n}");
    assert_eq!(looping.file, "s.toml");
    assert_eq!(looping.field, "script.code");
    assert!(
        looping.message.contains("ran past 100,000 operations"),
        "{}",
        looping.message
    );
    let deep = stops("fn deeper(n) { deeper(n + 1) }\nfn before(roll) { deeper(0) }");
    assert!(
        deep.message.contains("more than 32 deep"),
        "{}",
        deep.message
    );
    let big = stops("fn before(roll) { let s = \"x\"; loop { s += s; } }");
    assert!(big.message.contains("too large"), "{}", big.message);
    let dice = stops("fn before(roll) { let n = 0; for i in 0..20 { n += d(2); } n }");
    assert!(dice.message.contains("at most 8 dice"), "{}", dice.message);
    let wide = stops("fn before(roll) { d(100) + d(100) }");
    assert!(
        wide.message.contains("at most 1,296 outcomes"),
        "{}",
        wide.message
    );
    let sides = stops("fn before(roll) { d(1) }");
    assert!(
        sides.message.contains("2 to 100 sides"),
        "{}",
        sides.message
    );
    let typo = stops("fn before(roll) {\n    if roll.unit.qualty == \"green\" { 1 }\n}");
    assert_eq!(typo.line, Some(5), "{typo}");
    assert!(typo.message.contains("qualty"), "{}", typo.message);
    let wrong = stops("fn before(roll) { \"plus one\" }");
    assert!(wrong.message.contains("returns a map"), "{}", wrong.message);
    let key = stops("fn before(roll) { #{ modifer: 1 } }");
    assert!(
        key.message.contains("returned `modifer`"),
        "{}",
        key.message
    );
    let huge = stops("fn before(roll) { 1000000 }");
    assert!(huge.message.contains("out of range"), "{}", huge.message);
    let after = stops("fn after(roll) { 3 }");
    assert!(
        after.message.contains("returns \"reroll\""),
        "{}",
        after.message
    );
    // A limit on dice is a stop, not an error the script may catch.
    let caught =
        stops("fn before(roll) { let n = 0; for i in 0..20 { try { n += d(2); } catch { } } n }");
    assert!(
        caught.message.contains("at most 8 dice"),
        "{}",
        caught.message
    );
    // A stop with no line of its own is told at its hook's `fn`, and every
    // stop says what the roll showed.
    let late = stops("fn helper(x) { x }\n\nfn before(roll) {\n    \"oops\"\n}");
    assert_eq!(late.line, Some(6), "{late}");
    assert!(
        late.message.contains(
            "(at a roll showing unit.quality = \"green\", distance = 1, charging = false)"
        ),
        "{}",
        late.message
    );
    // Code written on one line of the file is told at that line.
    let rules = scripted(
        "name = \"x\"\n\n[[script]]\npoint = \"check\"\ncode = \"fn before(roll) {\\n roll.nope\\n}\"\n",
    )
    .unwrap();
    let _ = exact_pass(&rules, "green");
    assert_eq!(rules.failure().unwrap().line, Some(5));
    // Printing goes nowhere, and the roll is the card's.
    let quiet = script("fn before(roll) { print(\"hello\"); debug(roll); }");
    assert_eq!(exact_pass(&quiet, "green"), 0.5);
    assert!(quiet.failure().is_none());
}

#[test]
fn scripts_that_cannot_run_are_refused_when_read() {
    let refused = |code: &str| {
        scripted(&format!(
            "name = \"x\"\n[[script]]\npoint = \"check\"\ncode = '''\n{code}\n'''\n"
        ))
        .unwrap_err()
    };
    let e = refused("fn before(roll) {\n    let x = ;\n}");
    assert_eq!((e.line, e.field.as_str()), (Some(6), "script.code"), "{e}");
    assert!(e.message.contains("does not compile"), "{}", e.message);
    let e = refused("fn before(roll) { eval(\"1\") }");
    assert!(e.message.contains("does not compile"), "{}", e.message);
    let e = refused("import \"file\" as f;\nfn before(roll) { 1 }");
    assert!(e.message.contains("does not compile"), "{}", e.message);
    let e = refused("fn helper(roll) { 1 }");
    assert!(e.message.contains("defines no hook"), "{}", e.message);
    let e = refused("fn before() { 1 }");
    assert!(e.message.contains("takes one argument"), "{}", e.message);
    let e = refused("loop { }\nfn before(roll) { 1 }");
    assert!(e.message.contains("outside a function"), "{}", e.message);
    let e = refused("fn before(roll) { undefined_name + 1 }");
    assert!(e.message.contains("undefined_name"), "{}", e.message);
    let e = scripted("[[script]]\npoint = \"chek\"\ncode = 'fn before(roll) { 1 }'\n").unwrap_err();
    assert_eq!((e.line, e.field.as_str()), (Some(2), "script.point"));
    let e = refused(&"// padding\n".repeat(2_000));
    assert!(e.message.contains("at most 20000"), "{}", e.message);
}
