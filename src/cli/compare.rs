//! `volley compare SYSTEM ACTION [field=value]... --variant NAME:SPEC...`: a
//! question against its variants on the same trials, with paired differences.

use super::{MethodArgs, key_values};
use crate::compare::{Comparison, Variant};
use crate::error::InputError;
use crate::output::{Format, render_comparison};
use crate::question::{Question, RawField};
use crate::rules::HouseRule;
use crate::systems::Origin;
use clap::Args;
use std::path::Path;

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Rule system (see `volley systems`).
    pub system: String,
    /// Action of the system.
    pub action: String,
    /// The baseline's fields as field=value.
    pub fields: Vec<String>,
    /// A variant as NAME:SPEC, repeatable. SPEC is a comma-separated list of
    /// house-rule files, chart patches (chart.path=value, as a house rule's
    /// `[set]` names them) and field=value overrides, on top of the baseline:
    /// `woods6:house_rules/woods_plus_6.toml`, `woods6:terrain.woods.personnel=6`,
    /// `harder:die_mod=1`, `both:house_rules/woods_plus_6.toml,die_mod=1`.
    #[arg(long = "variant", value_name = "NAME:SPEC", required = true)]
    pub variants: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub method: MethodArgs,
}

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
                fields.push((field, value.trim().to_string(), Origin::command_line()));
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

/// Build the comparison a command line asks for.
pub fn comparison(
    system: &str,
    action: &str,
    fields: &[(String, String)],
    method: &MethodArgs,
    variants: &[String],
) -> Result<Comparison, InputError> {
    let base_rules = method.house_rules()?;
    let raw: Vec<RawField> = fields
        .iter()
        .map(|(k, v)| (k.clone(), v.clone(), Origin::command_line()))
        .collect();
    let baseline = Question::new(system, action, &base_rules, &raw)?;
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
            &baseline,
            &base_rules,
            &name,
            &spec,
            &rules,
            &overrides,
        )?);
    }
    Ok(Comparison {
        baseline,
        variants: built,
    })
}

pub fn run(args: &CompareArgs) -> anyhow::Result<String> {
    let comparison = comparison(
        &args.system,
        &args.action,
        &key_values(&args.fields)?,
        &args.method,
        &args.variants,
    )?;
    let config = args.method.config();
    let mut compared = comparison.run(&config).map_err(super::explain)?;
    // A variant that changes nothing here: say where it would.
    for (answer, variant) in compared.variants.iter_mut().zip(&comparison.variants) {
        if answer.changes_nothing() {
            let moves = crate::effects::where_they_differ(
                &comparison.baseline,
                &variant.question,
                config.seed,
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
    Ok(render_comparison(&comparison, &compared, args.format))
}
