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

/// The code of a source file less its test-only items (each `#[cfg(test)]`
/// item, the unit tests' module among them, may stand on anything) and its
/// comments (whose links name what they explain).
fn code_of(text: &str) -> String {
    let mut code = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" {
            skip_item(&mut lines);
        } else if !line.trim_start().starts_with("//") {
            code.push(line);
        }
    }
    code.join("\n")
}

/// Pass over the item that starts at the next line: to the `}` that closes
/// its first `{`, or to its `;` where it has no body.
fn skip_item<'a>(lines: &mut impl Iterator<Item = &'a str>) {
    let mut depth = 0i32;
    for line in lines {
        let opened = line.contains('{');
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        let ends = if opened || depth > 0 {
            depth <= 0
        } else {
            line.trim_end().ends_with(';')
        };
        if ends {
            return;
        }
    }
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

/// The names a folder's `mod.rs` brings in from its modules (`use
/// solver::{Plan, solve}`, public or not), each with the module it is from:
/// a sibling that names `super::Plan` imports `solver`.
fn reexports(folder: &Path, modules: &[String]) -> Vec<(String, String)> {
    let Ok(text) = std::fs::read_to_string(folder.join("mod.rs")) else {
        return Vec::new();
    };
    let code = code_of(&text);
    let mut found = Vec::new();
    for (at, _) in code.match_indices("use ") {
        let before = &code[..at];
        let starts_item = before.is_empty()
            || before.ends_with('\n')
            || before.ends_with("pub ")
            || before.ends_with(") ");
        let path = code[at + "use ".len()..].split(';').next().unwrap_or("");
        let module = first_name(path);
        if !starts_item || !modules.iter().any(|m| m == module) {
            continue;
        }
        let items = path[module.len()..].trim_start_matches("::");
        let items = items.strip_prefix('{').map_or(vec![items], group_items);
        for item in items {
            // `a::b::Name` brings in `Name`; `Name as Other`, `Other`.
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item);
            let name = name.rsplit("::").next().unwrap_or(name).trim();
            if !name.is_empty() && name != "*" && name != "self" {
                found.push((name.to_string(), module.to_string()));
            }
        }
    }
    found
}

/// The modules of `folder`, each with the siblings its code names as
/// `super::NAME`, or as `super::ITEM` where the folder's `mod.rs` brings
/// `ITEM` in from one: its files (less `mod.rs`, the folder itself) and its
/// sub-folders (read through their `mod.rs`).
fn sibling_imports(folder: &Path) -> Vec<(String, Vec<String>)> {
    let mut modules: Vec<(String, PathBuf)> = std::fs::read_dir(folder)
        .expect("a readable source folder")
        .filter_map(|entry| {
            let path = entry.expect("a folder entry").path();
            let name = path.file_stem()?.to_str()?.to_string();
            if path.is_dir() {
                let root = path.join("mod.rs");
                root.exists().then_some((name, root))
            } else {
                let rust = path.extension().is_some_and(|e| e == "rs");
                (rust && name != "mod").then_some((name, path))
            }
        })
        .collect();
    modules.sort();
    let names: Vec<String> = modules.iter().map(|(name, _)| name.clone()).collect();
    let brought_in = reexports(folder, &names);
    let module_of_name = |named: String| -> Option<String> {
        if names.contains(&named) {
            return Some(named);
        }
        let from = brought_in.iter().find(|(item, _)| *item == named)?;
        Some(from.1.clone())
    };
    modules
        .iter()
        .map(|(name, path)| {
            let code = code_of(&std::fs::read_to_string(path).expect("a readable source file"));
            let mut named: Vec<String> = code
                .match_indices("super::")
                .flat_map(|(at, _)| modules_in(&code[at + "super::".len()..]))
                .filter_map(module_of_name)
                .filter(|n| n != name)
                .collect();
            named.sort();
            named.dedup();
            (name.clone(), named)
        })
        .collect()
}

/// Circles of `imports` (module, the modules it names), as `a -> b -> a`:
/// one for each import that closes a circle on a depth-first walk, so at
/// least one wherever there is any.
fn circles(imports: &[(String, Vec<String>)]) -> Vec<String> {
    fn walk<'a>(
        at: &'a str,
        imports: &'a [(String, Vec<String>)],
        path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
        found: &mut Vec<String>,
    ) {
        if let Some(start) = path.iter().position(|m| *m == at) {
            let mut circle = path[start..].to_vec();
            circle.push(at);
            found.push(circle.join(" -> "));
            return;
        }
        if done.contains(&at) {
            return;
        }
        path.push(at);
        let named = imports.iter().find(|(m, _)| m == at).map(|(_, n)| n);
        for next in named.into_iter().flatten() {
            walk(next, imports, path, done, found);
        }
        path.pop();
        done.push(at);
    }
    let (mut done, mut found) = (Vec::new(), Vec::new());
    for (module, _) in imports {
        walk(module, imports, &mut Vec::new(), &mut done, &mut found);
    }
    found
}

#[test]
fn the_files_of_a_folder_import_each_other_in_no_circle() {
    let mut folders = vec![source_root()];
    let (mut found, mut imports) = (Vec::new(), 0);
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            }
        }
        let siblings = sibling_imports(&folder);
        imports += siblings.iter().map(|(_, named)| named.len()).sum::<usize>();
        for circle in circles(&siblings) {
            found.push(format!("{}: {circle}", folder.display()));
        }
    }
    // A reader that sees no imports would find no circle either.
    assert!(imports > 300, "imports between siblings read: {imports}");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn a_circle_of_imports_is_found_once_and_a_chain_is_not_one() {
    let imports = |edges: &[(&str, &[&str])]| -> Vec<(String, Vec<String>)> {
        edges
            .iter()
            .map(|(m, n)| (m.to_string(), n.iter().map(|s| s.to_string()).collect()))
            .collect()
    };
    let circle = imports(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &["a"])]);
    assert_eq!(circles(&circle), ["a -> b -> c -> a"]);
    let chain = imports(&[("a", &["b"]), ("b", &["c"]), ("c", &[]), ("d", &["a", "c"])]);
    assert!(circles(&chain).is_empty());
    let dir = source_root().join("systems").join("deadly_field");
    let shot = sibling_imports(&dir)
        .into_iter()
        .find(|(m, _)| m == "shot")
        .expect("deadly_field/shot.rs");
    assert!(shot.1.contains(&"roll_points".to_string()), "{shot:?}");
    // `super::{Plan, solve}` in plan/answer.rs names what plan/mod.rs brings
    // in from plan/solver.rs.
    let answer = sibling_imports(&source_root().join("plan"))
        .into_iter()
        .find(|(m, _)| m == "answer")
        .expect("plan/answer.rs");
    assert!(answer.1.contains(&"solver".to_string()), "{answer:?}");
}
