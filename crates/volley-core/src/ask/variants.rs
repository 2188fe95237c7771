//! Variants written as `NAME:SPEC`, as the command line's `--variant` and the
//! Python package take them: a comma-separated list of house-rule files, chart
//! patches (`terrain.woods.personnel=6`, as a house rule's `[set]` names them)
//! and `field=value` overrides; the comparison they make with a question; and,
//! for a variant that changes nothing, where it would.

use crate::ask::compare::{Compared, Comparison, Variant};
use crate::ask::question::{Question, RawField};
use crate::error::InputError;
use crate::rules::HouseRule;
use crate::systems::Origin;
use std::path::Path;

/// A variant's house rules and field overrides from its SPEC.
pub fn parse_variant(
    text: &str,
) -> Result<(String, String, Vec<HouseRule>, Vec<RawField>), InputError> {
    let (name, spec) = text.split_once(':').ok_or_else(|| {
        InputError::argument(
            "variant",
            format!("`{text}`: a variant is NAME:SPEC, e.g. harder:die_mod=1"),
        )
    })?;
    let name = name.trim();
    if name == "baseline"
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || "-_.+".contains(c))
    {
        return Err(InputError::argument(
            "variant",
            format!(
                "`{name}`: a variant's name is a word (letters, digits, - _ . +), not `baseline`"
            ),
        ));
    }
    if name.is_empty() || spec.trim().is_empty() {
        return Err(InputError::argument(
            "variant",
            format!("`{text}`: give both a name and a spec (house-rule files, field=value)"),
        ));
    }
    let mut rules = Vec::new();
    let mut fields = Vec::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.split_once('=') {
            // A dotted name is a chart's cell or option, patched as a house
            // rule would (`terrain.woods.personnel=6`); scenario fields have no dots.
            Some((path, value)) if path.contains('.') => {
                rules.push(HouseRule::inline(&[(
                    path.trim().to_string(),
                    value.trim().to_string(),
                )]));
            }
            Some((field, value)) => {
                let field = field.trim().to_string();
                if fields.iter().any(|f: &RawField| f.0 == field) {
                    return Err(InputError::argument(
                        "variant",
                        format!("`{text}` sets `{field}` twice"),
                    ));
                }
                fields.push((field, value.trim().to_string(), Origin::arguments()));
            }
            None if !Path::new(part).exists() => {
                return Err(InputError::argument(
                    "variant",
                    format!(
                        "`{part}` in `{text}` is neither field=value nor a house-rule file that exists"
                    ),
                ));
            }
            None => rules.push(HouseRule::from_file(Path::new(part))?),
        }
    }
    Ok((name.to_string(), spec.trim().to_string(), rules, fields))
}

/// The comparison of a question (`fields` on `base_rules`) with variants
/// written as NAME:SPEC.
pub fn comparison(
    system: &str,
    action: &str,
    fields: &[(String, String)],
    base_rules: &[HouseRule],
    variants: &[String],
) -> Result<Comparison, InputError> {
    let raw = Origin::arguments_of(fields);
    let baseline = Question::new(system, action, base_rules, &raw)?;
    let mut built = Vec::new();
    for text in variants {
        let (name, spec, rules, overrides) = parse_variant(text)?;
        if built.iter().any(|v: &Variant| v.name == name) {
            return Err(InputError::argument(
                "variant",
                format!("two variants are named `{name}`"),
            ));
        }
        built.push(Variant::of(
            &baseline, base_rules, &name, &spec, &rules, &overrides,
        )?);
    }
    Ok(Comparison {
        baseline,
        variants: built,
    })
}

/// For each variant that changes nothing here, the one-step moves of the
/// scenario after which it would ([`crate::ask::effects::where_they_differ`]; at most
/// three, one a field), said as `field=to (instead of from)`.
pub fn say_where_they_would_differ(compared: &mut Compared, comparison: &Comparison, seed: u64) {
    for (answer, variant) in compared.variants.iter_mut().zip(&comparison.variants) {
        if answer.changes_nothing() {
            let moves = crate::ask::effects::where_they_differ(
                &comparison.baseline,
                &variant.question,
                seed,
                3,
            );
            answer.differs_at = Some(
                moves
                    .iter()
                    .map(|m| format!("{}={} (instead of {})", m.field, m.to, m.from))
                    .collect(),
            );
        }
    }
}
