//! Probabilities in words, as every front end prints them: a percentage never
//! rounded to 0 or 100 unless it is, an exact fraction where it is small, an
//! interval beside a Monte Carlo figure; and the headline sentence.

use super::{Estimate, Summary};

/// A probability in percent to two decimals, never rounded to `0.00` or `100.00`
/// when it is not exactly 0 or 1 (`<0.01`, `>99.99`); `n/a` when undefined.
pub fn percent_digits(p: f64) -> String {
    if p.is_nan() {
        "n/a".to_string()
    } else if p > 0.0 && p < 0.00005 {
        "<0.01".to_string()
    } else if p < 1.0 && p > 0.99995 {
        ">99.99".to_string()
    } else {
        format!("{:.2}", 100.0 * p)
    }
}

/// Largest denominator `--fractions` shows: the dice trees of a few rolls
/// (720 = d20 x 2D6, 1296 = 4D6) and then some.
pub const MAX_DENOMINATOR: u64 = 100_000;

/// `p` as a fraction `n/d` with `d` at most [`MAX_DENOMINATOR`], when it is one
/// to within rounding (an exact answer summed in floating point): the best
/// rational approximation by continued fractions, kept only if it is that close.
pub fn fraction(p: f64) -> Option<(u64, u64)> {
    if !(0.0..=1.0).contains(&p) {
        return None;
    }
    // Convergents h/k of p's continued fraction.
    let (mut h0, mut h1, mut k0, mut k1) = (0u64, 1u64, 1u64, 0u64);
    let mut x = p;
    for _ in 0..40 {
        let a = x.floor();
        let (h2, k2) = (a as u64 * h1 + h0, a as u64 * k1 + k0);
        if k2 > MAX_DENOMINATOR {
            break;
        }
        (h0, h1, k0, k1) = (h1, h2, k1, k2);
        if (h1 as f64 / k1 as f64 - p).abs() <= 1e-12 {
            return Some((h1, k1));
        }
        let rest = x - a;
        if rest < 1e-15 {
            break;
        }
        x = 1.0 / rest;
    }
    None
}

/// An exact probability as a fraction with its percentage (`7/36 (19.44%)`)
/// where it is one with a small denominator, else as [`percent`].
pub fn probability_text(e: &Estimate, exact: bool, fractions: bool) -> String {
    match (exact && fractions).then(|| fraction(e.value)).flatten() {
        Some((0, _)) => "0".to_string(),
        Some((n, d)) if n == d => "1".to_string(),
        Some((n, d)) => format!("{n}/{d} ({}%)", percent_digits(e.value)),
        None => percent(e, exact),
    }
}

/// A probability as a percentage, with its interval unless exact.
pub fn percent(e: &Estimate, exact: bool) -> String {
    if e.value.is_nan() {
        return "n/a (the condition never happens)".to_string();
    }
    if exact {
        format!("{}%", percent_digits(e.value))
    } else {
        format!(
            "{}% [{}, {}]",
            percent_digits(e.value),
            percent_digits(e.low),
            percent_digits(e.high)
        )
    }
}

/// "P(works) = 35.34%": an answer's headline outcome `(variable, value)`,
/// stated first (a yes/no variable reads as an event: P(works), not P(works =
/// yes)); `None` when the summary has no such outcome.
pub fn headline_sentence(
    headline: (&str, &str),
    summary: &Summary,
    fractions: bool,
) -> Option<String> {
    let (variable, value) = headline;
    let e = summary.probability(variable, value)?;
    let event = if value == "yes" {
        variable.to_string()
    } else {
        format!("{variable} = {value}")
    };
    Some(format!(
        "P({event}) = {}",
        probability_text(&e, summary.exact, fractions)
    ))
}
