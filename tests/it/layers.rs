//! The house keeps its layers: every file in `src/` imports only its own layer and the layers
//! below it (ARCHITECTURE.md). `crate::…`, `super::…` (resolved to the module it names)
//! and `pplan::…` paths count, in `use` lists with braces too, and so does a name re-exported
//! through `lib.rs` (`crate::Error` is the error layer's).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first: a layer may use the layers in the tiers before its own. `protocol`
/// and `git` share a tier: they stand beside each other, and neither uses the other. `error` is
/// `src/error.rs` (it wraps the text layer's edit error; every layer above returns it), `cli` is
/// `src/cli.rs` (the arguments; only the commands read them), `main` is the binary.
const LAYERS: &[&[&str]] = &[
    &["text"],
    &["error"],
    &["plan"],
    &["store"],
    &["protocol", "git"],
    &["views"],
    &["cli"],
    &["commands"],
    &["main"],
];

fn tier(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|t| t.contains(&layer))
}

/// `layer` may use `other`.
fn may_use(layer: &str, other: &str) -> bool {
    layer == other || matches!((tier(layer), tier(other)), (Some(a), Some(b)) if b < a)
}

/// The module path of a file under `src/`: `protocol/reboot.rs` → `[protocol, reboot]`,
/// `store/mod.rs` → `[store]`, `lib.rs` → `[]`; `main.rs` is the binary, `[main]`.
fn module_of(rel: &str) -> Vec<String> {
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source with comments, strings and char literals blanked (newlines kept), so that only
/// code is read: a doc link or a message that mentions `crate::commands` is no import.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, s: &str| out.extend(s.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        let end = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let open = 2 + hashes + usize::from(rest.starts_with('b'));
            rest[open..].find(&close).map_or(rest.len(), |k| open + k + close.len())
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(rest.len())
        } else if rest.starts_with('\'') {
            // A char literal ('a', '\n', '\u{2026}', '…'), not a lifetime ('a).
            let mut chars = rest.char_indices().skip(1);
            match (chars.next(), chars.next()) {
                (Some((_, '\\')), _) => rest[2..].find('\'').map_or(1, |k| k + 3),
                (Some(_), Some((k, '\''))) => k + 1,
                _ => 1,
            }
        } else {
            let c = rest.chars().next().map_or(1, char::len_utf8);
            out.push_str(&rest[..c]);
            i += c;
            continue;
        };
        let end = end.max(1);
        if rest.starts_with('\'') && end == 1 {
            out.push('\'');
        } else {
            blank(&mut out, &rest[..end]);
        }
        i += end;
    }
    out
}

/// `r"…"`, `r#"…"#`, `br"…"`: the number of `#`s, when `rest` opens a raw string.
fn raw_string_start(rest: &str) -> Option<usize> {
    let r = rest.strip_prefix('b').unwrap_or(rest).strip_prefix('r')?;
    let hashes = r.bytes().take_while(|&c| c == b'#').count();
    r[hashes..].starts_with('"').then_some(hashes)
}

/// Every path in `code` that starts at `crate::`, `super::` or `pplan::` (`self::` and child
/// modules stay inside the file's own module), with brace lists expanded:
/// `use crate::{plan::Plan, store::{self, Store}}` gives `crate::plan::Plan`,
/// `crate::store::self`, `crate::store::Store`.
fn paths(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let b = code.as_bytes();
    for root in ["crate::", "super::", "pplan::"] {
        let mut from = 0;
        while let Some(k) = code[from..].find(root) {
            let at = from + k;
            from = at + root.len();
            let word_before =
                at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b':');
            if word_before {
                continue; // `pplan::` inside `my_pplan::`, or a `super::` after `super::`
            }
            let line = code[..at].matches('\n').count() + 1;
            let tree = path_tree(&code[at..]);
            found.extend(expand(&tree).into_iter().map(|p| (line, p)));
        }
    }
    found
}

/// The path text starting at `s`: identifiers, `::`, and balanced `{…}` with commas.
fn path_tree(s: &str) -> String {
    let mut depth = 0usize;
    let mut end = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' | ' ' | '\n' | '\t' if depth > 0 => {}
            c if c.is_alphanumeric() || c == '_' || c == ':' || c == '*' => {}
            _ if depth > 0 => {} // `as` renames, spacing inside braces
            _ => break,
        }
        end = i + c.len_utf8();
        if depth == 0 && c == '}' {
            break;
        }
    }
    s[..end].trim_end_matches(':').to_string()
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.split_whitespace().next().unwrap_or_default().to_string()];
    };
    let prefix = &tree[..open];
    let inner = tree[open + 1..].strip_suffix('}').unwrap_or(&tree[open + 1..]);
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .flat_map(|i| expand(i).into_iter().map(move |p| format!("{prefix}{p}")))
        .collect()
}

/// The module a path names, from the file's module: `super::` climbs, `crate::` and `pplan::`
/// start at the root; `None` for a path that leaves the crate.
fn resolve(module: &[String], path: &str) -> Option<Vec<String>> {
    let mut segs = path.split("::").map(str::trim);
    let mut at: Vec<String> = match segs.next()? {
        "crate" | "pplan" => Vec::new(),
        "super" => module[..module.len().checked_sub(1)?].to_vec(),
        _ => return None,
    };
    for s in segs {
        match s {
            "super" => {
                at.pop()?;
            }
            "" => {}
            s => at.push(s.split_whitespace().next().unwrap_or(s).to_string()),
        }
    }
    Some(at)
}

/// The layer of a module path: its first segment, or, for a name `lib.rs` re-exports
/// (`crate::Error`), the layer of what it re-exports.
fn layer_of(path: &[String], reexports: &BTreeMap<String, String>) -> Option<String> {
    let first = path.first()?;
    Some(reexports.get(first).cloned().unwrap_or_else(|| first.clone()))
}

/// The names `lib.rs` re-exports, each with the layer it comes from: `pub use error::{Error}`
/// gives `Error → error`.
fn lib_reexports(lib: &str) -> BTreeMap<String, String> {
    let code = code_only(lib);
    let mut map = BTreeMap::new();
    for stmt in code.split(';') {
        let stmt = stmt.trim();
        let Some(rest) = stmt.strip_prefix("pub use ").or_else(|| stmt.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let rest = rest.trim_start_matches("crate::").trim_start_matches("self::");
        for p in expand(&path_tree(rest)) {
            let segs: Vec<&str> = p.split("::").map(str::trim).collect();
            let Some(layer) = segs.first() else { continue };
            // `x as y` brings `y`; `*` brings every name (none we can know: use the layer's name).
            let last = segs.last().copied().unwrap_or_default();
            let name = match last.split_once(" as ") {
                Some((_, alias)) => alias.trim(),
                None => last,
            };
            let name = if name == "self" {
                segs.get(segs.len().saturating_sub(2)).copied().unwrap_or(name)
            } else {
                name
            };
            map.insert(name.to_string(), (*layer).to_string());
        }
    }
    map
}

/// The imports of one file (`rel` under `src/`) that reach a layer above its own, or a layer
/// the table does not know.
fn violations(rel: &str, src: &str, reexports: &BTreeMap<String, String>) -> Vec<String> {
    let module = module_of(rel);
    let Some(own) = module.first().cloned() else {
        return Vec::new(); // lib.rs: the root declares the layers; what it re-exports is checked where used
    };
    let mut bad = Vec::new();
    for (line, path) in paths(&code_only(src)) {
        let Some(target) = resolve(&module, &path) else { continue };
        let Some(layer) = layer_of(&target, reexports) else { continue };
        if tier(&layer).is_none() {
            bad.push(format!("src/{rel}:{line}: `{path}` names `{layer}`, which is in no layer of LAYERS"));
        } else if !may_use(&own, &layer) {
            bad.push(format!("src/{rel}:{line}: `{path}`: {own} may not use {layer}"));
        }
    }
    bad
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_file_imports_a_layer_above_its_own() {
    let src = src_dir();
    let reexports = lib_reexports(&fs::read_to_string(src.join("lib.rs")).expect("lib.rs"));
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 50, "read {} files under src/", files.len());
    let mut bad = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).expect("under src").to_string_lossy().replace('\\', "/");
        let text = fs::read_to_string(file).expect("read a source file");
        if module_of(&rel).first().is_some_and(|m| tier(m).is_none()) {
            bad.push(format!("src/{rel} is in no layer of LAYERS"));
        }
        bad.extend(violations(&rel, &text, &reexports));
    }
    assert!(bad.is_empty(), "imports against the layers:\n{}", bad.join("\n"));
}

#[test]
fn a_file_that_reaches_up_fails() {
    let reexports = lib_reexports("pub mod commands;\npub use error::{Error, Result};\n");
    let reboot = "use crate::plan::Plan;\nuse crate::commands::clip;\n";
    assert_eq!(
        violations("protocol/reboot.rs", reboot, &reexports),
        ["src/protocol/reboot.rs:2: `crate::commands::clip`: protocol may not use commands"]
    );
    // A brace list, a nested one, a path in an expression, and `super::` climbing out of a layer.
    let gate = "use crate::{store::Store, views::{check, report}};\nfn f() { crate::commands::run(); }\n";
    assert_eq!(violations("protocol/gate.rs", gate, &reexports).len(), 3);
    let rules = "use super::super::super::commands::clip;\nuse super::Rule;\n";
    assert_eq!(
        violations("views/check/rules.rs", rules, &reexports),
        ["src/views/check/rules.rs:1: `super::super::super::commands::clip`: views may not use commands"]
    );
    // Git and the protocol stand beside each other; the binary may use anything.
    assert_eq!(violations("protocol/merge/mod.rs", "use crate::git::diff3;", &reexports).len(), 1);
    assert_eq!(violations("git/merge_driver.rs", "use crate::protocol::merge;", &reexports).len(), 1);
    assert!(violations("main.rs", "use pplan::commands; use pplan::cli::Cli;", &reexports).is_empty());
    // A name re-exported through lib.rs is its layer's.
    let through_lib = lib_reexports("pub use commands::clip;\npub use error::Error;");
    assert_eq!(violations("text/chars.rs", "use crate::clip;", &through_lib).len(), 1);
    assert_eq!(
        violations("text/chars.rs", "use crate::Error;", &through_lib).len(),
        1,
        "text is below error"
    );
    assert!(violations("plan/mod.rs", "use crate::Error;", &through_lib).is_empty());
    // Comments and strings are not imports; a layer unknown to the table is named.
    assert!(
        violations(
            "store/mod.rs",
            "/// see [`crate::commands`]\nconst S: &str = \"crate::views\";",
            &reexports
        )
        .is_empty()
    );
    assert_eq!(
        violations("store/mod.rs", "use crate::attic::Thing;", &reexports),
        ["src/store/mod.rs:1: `crate::attic::Thing` names `attic`, which is in no layer of LAYERS"]
    );
}
