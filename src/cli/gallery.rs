//! `volley gallery [FOLDER] [--out DIR]`: every house rule of a folder
//! compared with the card at the question it names (its `[question]`),
//! written to `DIR/house-rule-gallery/`: the report (each rule, what it
//! changes, the headline it moves and every figure beside the card's), its
//! tidy results and what they are.

use crate::ask::variants::comparison;
use crate::contract::{
    ComparisonJson, ComparisonMethodJson, DifferenceJson, GalleryMetaJson, HouseRuleFileJson,
};
use crate::frame::write_atomic;
use crate::output::{Format, comparison_json, render_comparison};
use crate::rules::HouseRule;
use anyhow::Context;
use clap::Args;
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct GalleryArgs {
    /// The folder of house-rule files (each names its system and its
    /// `[question]`).
    #[arg(default_value = "house_rules")]
    pub folder: PathBuf,
    /// Where the report's folder, `house-rule-gallery`, is written.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    pub out: PathBuf,
}

/// The report's folder name.
const FOLDER: &str = "house-rule-gallery";

/// One rule compared with the card.
struct Shown {
    rule: HouseRule,
    path: String,
    action: String,
    fields: Vec<(String, String)>,
    /// The comparison as the command prints it in Markdown, and as its
    /// contract.
    markdown: String,
    json: ComparisonJson,
}

pub fn run(args: &GalleryArgs) -> anyhow::Result<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&args.folder)
        .with_context(|| format!("{}: cannot read the folder", args.folder.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let config = crate::engine::RunConfig::default();
    let mut shown = Vec::new();
    for file in &files {
        let rule = HouseRule::from_file(file)?;
        let path = file.display().to_string();
        let (Some(system), Some((action, fields))) = (rule.system.clone(), rule.question.clone())
        else {
            anyhow::bail!(
                "{path}: a house rule in the gallery names its `system` and its `[question]` \
                 (an action and its fields) to be compared with the card"
            );
        };
        let variant = format!("{}:{path}", rule.name);
        let compared_at = comparison(&system, &action, &fields, &[], &[variant])?;
        let compared = compared_at.run(&config).map_err(crate::cli::explain)?;
        let markdown = render_comparison(&compared_at, &compared, Format::Markdown);
        let json = comparison_json(&compared_at, &compared);
        shown.push(Shown {
            rule,
            path,
            action,
            fields,
            markdown,
            json,
        });
    }
    let folder = args.out.join(FOLDER);
    std::fs::create_dir_all(&folder)?;
    write_atomic(&folder.join("results.csv"), results(&shown).as_bytes())?;
    write_atomic(&folder.join("meta.json"), meta(&shown).as_bytes())?;
    write_atomic(
        &folder.join("README.md"),
        readme(&shown, &args.folder).as_bytes(),
    )?;
    let gallery = crate::reports::gallery::write(&args.out)?;
    Ok(format!(
        "{FOLDER}: {} house rules -> {}\ngallery: {}\n",
        shown.len(),
        folder.join("README.md").display(),
        gallery.display()
    ))
}

/// The outcome the rule moves most (the first, where none moves): its row
/// of the comparison's differences.
fn headline(json: &ComparisonJson) -> Option<&DifferenceJson> {
    let rows = json.variants.first().map(|v| v.differences.as_slice());
    rows.into_iter()
        .flatten()
        .filter(|d| d.value.is_some())
        .fold(None::<&DifferenceJson>, |best, d| match best {
            Some(b) if b.difference.abs() >= d.difference.abs() => Some(b),
            _ => Some(d),
        })
}

/// The question as a command line writes its fields.
fn question_line(s: &Shown) -> String {
    let system = s.rule.system.as_deref().unwrap_or_default();
    let fields: Vec<String> = s.fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    [system, &s.action]
        .into_iter()
        .map(str::to_string)
        .chain(fields)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The headline sentence the comparison leads with (`... moves P(x) from
/// a to b ...`), read from its Markdown.
fn lead(markdown: &str) -> String {
    markdown
        .lines()
        .find(|l| l.starts_with("**"))
        .map(|l| l.trim_matches('*').to_string())
        .unwrap_or_default()
}

fn readme(shown: &[Shown], folder: &Path) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# House rules against the card\n");
    let _ = writeln!(
        out,
        "Every house rule of `{}`, each compared with the card at the question it names \
         (its `[question]`), on the same dice: exact where both sides fit the exact budget. \
         A rule changes chart values (`[set]`, `[add]`, `[multiply]`) or the procedures' \
         rolls (`[[roll]]`: a modifier, a threshold or a re-roll at a named roll, when a \
         condition holds; `[[script]]`: code run before and after a named roll, which \
         may roll dice of its own); each entry lists what it changes, the headline it moves, and \
         every figure of the question beside the card's.\n\n\
         Made by `volley gallery {} --out reports`.\n",
        folder.display(),
        folder.display()
    );
    let _ = writeln!(out, "| rule | system | changes | question | headline |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for s in shown {
        let kinds: Vec<&str> = [
            (!s.rule.changes.is_empty(), "charts"),
            (!s.rule.rolls.is_empty(), "rolls"),
            (!s.rule.scripts.is_empty(), "a script"),
        ]
        .into_iter()
        .filter_map(|(has, kind)| has.then_some(kind))
        .collect();
        let kind = kinds.join(" and ");
        let _ = writeln!(
            out,
            "| [{}](#{}) | {} | {kind} | `{}` | {} |",
            s.rule.name,
            s.rule.name,
            s.rule.system.as_deref().unwrap_or_default(),
            question_line(s),
            lead(&s.markdown).replace('|', "\\|")
        );
    }
    for s in shown {
        let _ = writeln!(out, "\n## {}\n", s.rule.name);
        let description = s
            .rule
            .description
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if !description.is_empty() {
            let _ = writeln!(out, "{description}\n");
        }
        for script in &s.rule.scripts {
            let _ = writeln!(
                out,
                "Its script at `{}`:\n\n```rhai\n{}\n```\n",
                script.point,
                script.code.trim_end()
            );
        }
        let system = s.rule.system.as_deref().unwrap_or_default();
        let fields: String = s.fields.iter().map(|(k, v)| format!(" {k}={v}")).collect();
        let _ = writeln!(
            out,
            "```sh\nvolley compare {system} {}{fields} --variant {}:{}\n```\n",
            s.action, s.rule.name, s.path
        );
        // The comparison's own headings, one level down.
        for line in s
            .markdown
            .lines()
            .skip_while(|l| l.starts_with("### ") || l.is_empty())
        {
            let line = match line.strip_prefix("#### ") {
                Some(heading) => format!("### {heading}"),
                None => line.to_string(),
            };
            let _ = writeln!(out, "{line}");
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// One row per rule: the outcome it moves most, on the card and under it.
fn results(shown: &[Shown]) -> String {
    let mut out = String::from(
        "rule,file,system,action,question,variable,value,card,rule_value,difference,ci_low,ci_high,exact\n",
    );
    for s in shown {
        let Some(h) = headline(&s.json) else {
            continue;
        };
        let base = baseline_value(&s.json, h);
        let _ = writeln!(
            out,
            "{},{},{},{},\"{}\",{},{},{},{},{},{},{},{}",
            s.rule.name,
            s.path,
            s.rule.system.as_deref().unwrap_or_default(),
            s.action,
            question_line(s),
            h.variable,
            h.value.as_deref().unwrap_or_default(),
            base,
            base + h.difference,
            h.difference,
            h.ci_low,
            h.ci_high,
            s.json.method == ComparisonMethodJson::Exact,
        );
    }
    out
}

/// The card's probability of the headline's outcome.
fn baseline_value(json: &ComparisonJson, h: &DifferenceJson) -> f64 {
    json.baseline
        .outcomes
        .iter()
        .find(|o| o.variable == h.variable && h.value.as_deref() == Some(o.value.as_str()))
        .map_or(f64::NAN, |o| o.probability)
}

fn meta(shown: &[Shown]) -> String {
    let moved = shown
        .iter()
        .filter(|s| headline(&s.json).is_some_and(|h| h.difference != 0.0))
        .count();
    let column = |name: &str, about: &str| (name.to_string(), about.to_string());
    let meta = GalleryMetaJson {
        experiment: FOLDER.to_string(),
        title: "House rules against the card".to_string(),
        headline: format!("{moved} of {} house rules move their question", shown.len()),
        house_rules: shown
            .iter()
            .map(|s| HouseRuleFileJson {
                name: s.rule.name.clone(),
                file: s.path.clone(),
            })
            .collect(),
        method: "exact where both sides fit the exact budget, else paired Monte Carlo".to_string(),
        seed: crate::engine::DEFAULT_SEED,
        figures: Vec::new(),
        volley_version: env!("CARGO_PKG_VERSION").to_string(),
        columns: [
            column("rule", "the house rule's name"),
            column("file", "its file"),
            column("system", "its system"),
            column("action", "the action of its question"),
            column("question", "its question, as the command line writes it"),
            column("variable", "the outcome the rule moves most: its variable"),
            column("value", "and its value"),
            column("card", "that outcome's probability on the card"),
            column("rule_value", "under the rule"),
            column("difference", "the rule's less the card's"),
            column("ci_low", "the lower end of the difference's interval"),
            column("ci_high", "the upper end of the difference's interval"),
            column("exact", "true when both sides were enumerated exactly"),
        ]
        .into_iter()
        .collect(),
    };
    format!("{}\n", crate::contract::to_pretty_json(&meta))
}
