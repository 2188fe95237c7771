//! The core's layers, held from its own source: a module names no module of
//! a layer above its own (`crate::ask::question` from inside `plan/`, say).
//! The layers, from the ground up, are those `lib.rs` describes, each way
//! to ask in `ask/` a layer of its own as `ask/mod.rs` orders them; a module
//! may name modules of its own layer or below, and a rule system names no
//! other system but the shared mechanics it builds on.

use std::path::{Path, PathBuf};

/// The core's top-level modules (and the modules of `ask/`, whose layers
/// stand between the systems and the contract), by layer, from the ground
/// up.
const LAYERS: &[&[&str]] = &[
    &["dice", "error"],
    &["tally"],
    &["stats", "rules"],
    &["engine"],
    &["plan"],
    &["action"],
    &["systems"],
    &["ask::question"],
    &["ask::compare", "ask::solve", "ask::grid"],
    &["ask::effects"],
    &["ask::variants", "ask::sensitivity"],
    &["ask::readings"],
    &["contract"],
    &["experiment"],
];

/// The folder whose modules are layers of their own.
const LAYERED: &str = "ask";

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a source file: its lines up to its unit tests (which may
/// stand on anything), less comments (whose links name what they explain).
fn code_of(text: &str) -> String {
    text.lines()
        .take_while(|line| line.trim() != "#[cfg(test)]")
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The name that opens `path`.
fn first_name(path: &str) -> &str {
    let end = path
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(path.len());
    &path[..end]
}

/// The items of a `{...}` group's inside, split at its own commas.
fn group_items(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// The modules a path after `crate::` names: its first module, or each
/// item's of a `{...}` group; within `ask/`, the way to ask it names.
fn modules_in(path: &str) -> Vec<String> {
    let path = path.trim_start();
    if let Some(group) = path.strip_prefix('{') {
        return group_items(group)
            .into_iter()
            .flat_map(modules_in)
            .collect();
    }
    let first = first_name(path);
    match path[first.len()..].strip_prefix("::") {
        Some(inner) if first == LAYERED => modules_in(inner)
            .into_iter()
            .map(|m| format!("{LAYERED}::{m}"))
            .collect(),
        _ => vec![first.to_string()],
    }
}

/// The modules `code` names as `crate::MODULE`, `crate::ask::MODULE` or a
/// group of them; and, in a module of `ask/` (`in_ask`), as `super::MODULE`.
fn named_modules(code: &str, in_ask: bool) -> Vec<String> {
    let after = |prefix: &'static str| {
        code.match_indices(prefix)
            .map(move |(at, _)| &code[at + prefix.len()..])
    };
    let mut named: Vec<String> = after("crate::").flat_map(modules_in).collect();
    if in_ask {
        let siblings = after("super::").flat_map(modules_in);
        named.extend(siblings.map(|m| format!("{LAYERED}::{m}")));
    }
    named
}

/// Where each source file stands: its top-level module, or its module of
/// `ask/` (`lib.rs` and `ask/mod.rs` stand on all of theirs).
fn module_of(file: &Path) -> Option<String> {
    let relative = file.strip_prefix(source_root()).ok()?;
    let mut parts = relative.components().map(|c| c.as_os_str().to_str());
    let first = parts.next()??;
    let module = first.strip_suffix(".rs").unwrap_or(first);
    if module == LAYERED {
        let inner = parts.next()??;
        let inner = inner.strip_suffix(".rs").unwrap_or(inner);
        return (inner != "mod").then(|| format!("{LAYERED}::{inner}"));
    }
    (module != "lib").then(|| module.to_string())
}

#[test]
fn no_module_names_a_layer_above_its_own() {
    let mut files = Vec::new();
    rust_files(&source_root(), &mut files);
    assert!(files.len() > 100, "the core's sources: {}", files.len());
    let mut upward = Vec::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let own = layer_of(&module)
            .unwrap_or_else(|| panic!("{}: module `{module}` has no layer", file.display()));
        if file.file_name().is_some_and(|name| name == "tests.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(file).expect("a readable source file"));
        let in_ask = module.starts_with(&format!("{LAYERED}::"));
        for named in named_modules(&code, in_ask) {
            if named.starts_with(LAYERED) && layer_of(&named).is_none() {
                upward.push(format!(
                    "{} names crate::{named}, which has no layer here",
                    file.display()
                ));
            }
            if let Some(layer) = layer_of(&named).filter(|&layer| layer > own) {
                upward.push(format!(
                    "{} (layer {own}) names crate::{named} (layer {layer})",
                    file.display()
                ));
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(
        upward.is_empty(),
        "imports that run up a layer, or name no layer:\n{}",
        upward.join("\n")
    );
}

#[test]
fn imports_are_read_whole_groups_and_siblings_included() {
    let code = "use crate::ask::{question::Question, readings};\nuse crate::{plan, engine::Stepped};\nuse super::compare::Variant;";
    let mut named = named_modules(code, true);
    named.sort();
    assert_eq!(
        named,
        [
            "ask::compare",
            "ask::question",
            "ask::readings",
            "engine",
            "plan"
        ]
    );
    assert_eq!(named_modules("use super::x;", false), Vec::<String>::new());
}

#[test]
fn every_module_has_a_layer() {
    for (file, prefix) in [("lib.rs", ""), ("ask/mod.rs", "ask::")] {
        let text = std::fs::read_to_string(source_root().join(file)).unwrap();
        let declared: Vec<String> = text
            .lines()
            .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
            .map(|module| format!("{prefix}{module}"))
            .filter(|module| module != LAYERED)
            .collect();
        assert!(declared.len() >= 8, "{file}: {declared:?}");
        for module in declared {
            assert!(layer_of(&module).is_some(), "`{module}` has no layer here");
        }
    }
}

#[test]
fn the_ways_to_ask_are_declared_in_the_order_of_their_layers() {
    let text = std::fs::read_to_string(source_root().join("ask/mod.rs")).unwrap();
    let layers: Vec<usize> = text
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(|module| layer_of(&format!("ask::{module}")).expect("a layer"))
        .collect();
    assert!(layers.is_sorted(), "ask/mod.rs declares them out of order");
}

#[test]
fn a_rule_system_names_no_other_system() {
    // Shared mechanics (`ghq`, `hex_duel`) are named by the systems built on
    // them; a system itself is named by none of the others.
    let systems = source_root().join("systems");
    let shared = ["ghq", "hex_duel"];
    let mut own_systems: Vec<String> = std::fs::read_dir(&systems)
        .expect("the systems folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.is_dir())
        .filter_map(|path| Some(path.file_name()?.to_str()?.to_string()))
        .filter(|name| !shared.contains(&name.as_str()))
        .collect();
    own_systems.sort();
    assert!(own_systems.len() >= 6, "the rule systems: {own_systems:?}");
    let mut crossing = Vec::new();
    for system in &own_systems {
        let mut files = Vec::new();
        rust_files(&systems.join(system), &mut files);
        assert!(!files.is_empty(), "{system}: no sources");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for other in own_systems.iter().filter(|o| *o != system) {
                let named = [
                    format!("systems::{other}::"),
                    format!("super::super::{other}::"),
                ];
                let mut lines = text
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"));
                if lines.any(|line| named.iter().any(|n| line.contains(n.as_str()))) {
                    crossing.push(format!("{} names {other}", file.display()));
                }
            }
        }
    }
    assert!(crossing.is_empty(), "{}", crossing.join("\n"));
}
