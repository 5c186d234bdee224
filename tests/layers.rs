//! The layers point one way (docs/architecture.md): this test reads every
//! source file and fails on a path against the arrows, so a shortcut cannot
//! creep in unnoticed.
//!
//! Every path that names a module is resolved to where it leads: `crate::…`,
//! `bounce::…`, `self::…` and `super::…` (counted from the file's module and
//! any inline `mod` it sits in), `use` groups (`crate::{a, b}`) over several
//! lines included; comments are skipped, and so are string literals unless
//! one is exactly a path (as serde's `with = "…"` attributes are). A layer may name
//! itself and the layers listed for it in `ARROWS`; a ruleset folder may name
//! only itself among the rulesets; `rusqlite` appears only in `store/`. The
//! checker is tested on planted wrong imports in every layer
//! (`planted_wrong_imports_are_caught`), so it cannot rot silently.

use std::path::{Path, PathBuf};

/// (layer, the layers it may name besides itself): the arrows of
/// docs/architecture.md. `rules::bia` allows that one ruleset only.
const ARROWS: &[(&str, &[&str])] = &[
    ("core", &[]),
    ("battle", &["core"]),
    ("rules", &["battle", "core"]),
    ("store", &["battle", "core"]),
    ("campaign", &["store", "battle", "rules::bia", "core"]),
    ("engine", &["campaign", "store", "battle", "rules", "core"]),
    ("report", &["engine", "campaign", "store", "battle", "core"]),
    (
        "cli",
        &["report", "engine", "campaign", "store", "battle", "core"],
    ),
    // The crate roots: the library declares the layers; the binary runs the
    // command line with the standard registry.
    (
        "lib",
        &[
            "cli", "report", "engine", "campaign", "store", "rules", "battle", "core",
        ],
    ),
    ("main", &["cli", "engine"]),
];

/// The folders that are layers (every top-level folder of `src/`).
const LAYERS: &[&str] = &[
    "core", "battle", "rules", "store", "campaign", "engine", "report", "cli",
];

/// The rulesets the planted tests assume (the real run lists `src/rules/`).
const RULESETS: &[&str] = &["bia", "dirtside", "fma", "action"];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Sep,
    Open,
    Close,
    Comma,
    Star,
    Other(char),
}

/// The tokens of Rust source that matter for paths, with their line numbers;
/// comments, strings, characters and lifetimes are skipped.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let b: Vec<char> = text.chars().collect();
    let at = |i: usize| b.get(i).copied().unwrap_or('\0');
    let ident_start = |c: char| c.is_alphabetic() || c == '_';
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    let (mut i, mut line, mut out) = (0usize, 1usize, Vec::new());
    // Skips a quoted string from its opening quote; returns the index after it.
    let skip_string = |mut i: usize, line: &mut usize| {
        i += 1;
        while i < b.len() && b[i] != '"' {
            if b[i] == '\\' {
                i += 1;
            }
            if at(i) == '\n' {
                *line += 1;
            }
            i += 1;
        }
        i + 1
    };
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            let (start, at_line) = (i + 1, line);
            i = skip_string(i, &mut line);
            // A string that is exactly a path names it (serde's `with`,
            // `serialize_with`, `default`).
            let inner: String = b[start..i.saturating_sub(1).max(start)].iter().collect();
            let segments: Vec<&str> = inner.split("::").collect();
            if segments.len() > 1
                && segments
                    .iter()
                    .all(|s| s.chars().next().is_some_and(ident_start) && s.chars().all(ident_char))
            {
                for (n, s) in segments.iter().enumerate() {
                    if n > 0 {
                        out.push((Tok::Sep, at_line));
                    }
                    out.push((Tok::Ident(s.to_string()), at_line));
                }
            }
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                // An escaped character: to the closing quote.
                i += 2;
                while i < b.len() && b[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime or label.
                i += 1;
                while ident_char(at(i)) {
                    i += 1;
                }
            }
        } else if ident_start(c) {
            let start = i;
            while ident_char(at(i)) {
                i += 1;
            }
            let word: String = b[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            if raw && (at(i) == '#' || at(i) == '"') {
                let mut hashes = 0;
                while at(i + hashes) == '#' {
                    hashes += 1;
                }
                if at(i + hashes) == '"' {
                    // A raw string: to the quote followed by as many `#`.
                    i += hashes + 1;
                    while i < b.len() {
                        if b[i] == '"' && (0..hashes).all(|h| at(i + 1 + h) == '#') {
                            i += 1 + hashes;
                            break;
                        }
                        if b[i] == '\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                    continue;
                }
                // A raw identifier, `r#name`.
                i += 1;
                let start = i;
                while ident_char(at(i)) {
                    i += 1;
                }
                out.push((Tok::Ident(b[start..i].iter().collect()), line));
                continue;
            }
            if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = skip_string(i, &mut line);
                continue;
            }
            if word == "b" && at(i) == '\'' {
                continue;
            }
            out.push((Tok::Ident(word), line));
        } else if c == ':' && at(i + 1) == ':' {
            out.push((Tok::Sep, line));
            i += 2;
        } else {
            out.push((
                match c {
                    '{' => Tok::Open,
                    '}' => Tok::Close,
                    ',' => Tok::Comma,
                    '*' => Tok::Star,
                    c => Tok::Other(c),
                },
                line,
            ));
            i += 1;
        }
    }
    out
}

/// Reads one path (or `use` tree) starting at `k`; pushes every full path it
/// names onto `out` and returns the index after it.
fn tree(
    t: &[(Tok, usize)],
    mut k: usize,
    mut path: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        match t.get(k).map(|x| &x.0) {
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                k += 1;
            }
            Some(Tok::Star) => {
                path.push("*".into());
                out.push(path);
                return k + 1;
            }
            Some(Tok::Open) => {
                k += 1;
                loop {
                    match t.get(k).map(|x| &x.0) {
                        None => return k,
                        Some(Tok::Close) => return k + 1,
                        Some(Tok::Comma) => k += 1,
                        // `a as b`: the alias names nothing.
                        Some(Tok::Ident(s)) if s == "as" => k += 2,
                        _ => {
                            let next = tree(t, k, path.clone(), out);
                            k = if next == k { k + 1 } else { next };
                        }
                    }
                }
            }
            _ => {
                out.push(path);
                return k;
            }
        }
        if t.get(k).map(|x| &x.0) == Some(&Tok::Sep) {
            k += 1;
        } else {
            out.push(path);
            return k;
        }
    }
}

/// The module a file is, from its path under `src/` (`a/b/mod.rs` → `a::b`).
fn module_of(file: &str) -> Vec<String> {
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let mut m: Vec<String> = stem.split('/').map(String::from).collect();
    if matches!(m.last().map(String::as_str), Some("mod")) || stem == "lib" || stem == "main" {
        m.pop();
    }
    m
}

/// Every path in `text` that leaves its module, resolved from the crate root,
/// with its line: (line, path).
fn named_paths(file: &str, text: &str) -> Vec<(usize, Vec<String>)> {
    let t = tokens(text);
    let module = module_of(file);
    let is_main = file == "main.rs";
    let mut out = Vec::new();
    // Inline modules: (name, the brace depth they opened at).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut k = 0;
    while k < t.len() {
        match &t[k].0 {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some((Tok::Ident(name), _)), Some((Tok::Open, _))) =
                    (t.get(k + 1), t.get(k + 2))
                {
                    inline.push((name.clone(), depth));
                }
            }
            Tok::Ident(w)
                if matches!(w.as_str(), "crate" | "bounce" | "super" | "self")
                    && t.get(k + 1).map(|x| &x.0) == Some(&Tok::Sep)
                    && (k == 0 || t[k - 1].0 != Tok::Sep) =>
            {
                let line = t[k].1;
                let mut paths = Vec::new();
                let next = tree(&t, k, Vec::new(), &mut paths);
                let here: Vec<String> = module
                    .iter()
                    .cloned()
                    .chain(inline.iter().map(|(n, _)| n.clone()))
                    .collect();
                for p in paths {
                    let resolved = match p[0].as_str() {
                        // In the binary, `crate` is the binary itself.
                        "crate" if is_main => continue,
                        "crate" | "bounce" => p[1..].to_vec(),
                        _ => {
                            let mut at = here.clone();
                            let mut rest = p.as_slice();
                            while let Some(first) = rest.first() {
                                match first.as_str() {
                                    "self" => {}
                                    "super" => {
                                        at.pop();
                                    }
                                    _ => break,
                                }
                                rest = &rest[1..];
                            }
                            at.extend(rest.iter().cloned());
                            at
                        }
                    };
                    out.push((line, resolved));
                }
                k = next.max(k + 1);
                continue;
            }
            _ => {}
        }
        k += 1;
    }
    out
}

/// The imports of one source file (`file` is its path under `src/`, with `/`)
/// against the layers; `rulesets` are the folders under `src/rules/`.
fn wrong_imports(file: &str, text: &str, rulesets: &[&str]) -> Vec<String> {
    let parts: Vec<&str> = file.split('/').collect();
    let layer = if parts.len() == 1 {
        parts[0].strip_suffix(".rs").unwrap_or(parts[0])
    } else {
        parts[0]
    };
    let mut wrong = Vec::new();
    let Some((_, allowed)) = ARROWS.iter().find(|(l, _)| *l == layer) else {
        return vec![format!(
            "{file}: {layer}/ is no layer of docs/architecture.md"
        )];
    };
    // The ruleset folder a file sits in, if any.
    let own_ruleset = (layer == "rules" && parts.len() > 2).then(|| parts[1]);
    if layer != "store" {
        for (tok, line) in tokens(text) {
            if tok == Tok::Ident("rusqlite".into()) {
                wrong.push(format!("{file}:{line}: rusqlite outside store/"));
            }
        }
    }
    for (line, path) in named_paths(file, text) {
        let Some(target) = path.first().map(String::as_str) else {
            continue;
        };
        let shown = format!("crate::{}", path.join("::"));
        if target == "*" && layer != "lib" {
            wrong.push(format!(
                "{file}:{line}: {layer}/ names every layer ({shown})"
            ));
            continue;
        }
        if !LAYERS.contains(&target) {
            continue;
        }
        let ruleset = (target == "rules").then(|| path.get(1).map(String::as_str));
        if target == layer {
            // Within the rules, a ruleset names only itself (and shared
            // modules beside the rulesets).
            if let (Some(own), Some(other)) = (own_ruleset, ruleset) {
                let leaves = match other {
                    None | Some("*") => true,
                    Some(o) => o != own && rulesets.contains(&o),
                };
                if leaves {
                    wrong.push(format!(
                        "{file}:{line}: ruleset {own} names another ruleset ({shown})"
                    ));
                }
            } else if layer == "rules" && own_ruleset.is_none() {
                if let Some(Some(o)) = ruleset {
                    if rulesets.contains(&o) {
                        wrong.push(format!(
                            "{file}:{line}: rules/ outside a ruleset names one ({shown})"
                        ));
                    }
                }
            }
            continue;
        }
        let ok = allowed.iter().any(|a| match a.split_once("::") {
            None => *a == target,
            Some((l, r)) => l == target && ruleset == Some(Some(r)),
        });
        if !ok {
            wrong.push(format!("{file}:{line}: {layer}/ names {shown}"));
        }
    }
    wrong
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let p = entry.expect("entry").path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn imports_follow_the_layers() {
    let src = src();
    let rulesets: Vec<String> = std::fs::read_dir(src.join("rules"))
        .expect("src/rules")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    assert!(rulesets.len() >= 4, "found the rulesets: {rulesets:?}");
    let rulesets: Vec<&str> = rulesets.iter().map(String::as_str).collect();
    let mut all = Vec::new();
    files(&src, &mut all);
    assert!(all.len() > 20, "found the sources");
    let mut wrong = Vec::new();
    let mut paths = 0;
    for f in &all {
        let rel = f.strip_prefix(&src).unwrap();
        let rel: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().to_string())
            .collect();
        let rel = rel.join("/");
        let text = std::fs::read_to_string(f).unwrap();
        paths += named_paths(&rel, &text).len();
        wrong.extend(wrong_imports(&rel, &text, &rulesets));
    }
    assert!(paths > 500, "the checker reads the paths ({paths})");
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_folder_of_src_is_a_layer() {
    for entry in std::fs::read_dir(src()).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            assert!(
                LAYERS.contains(&name.as_str()) && ARROWS.iter().any(|(l, _)| *l == name),
                "src/{name}/ has no arrows in tests/layers.rs"
            );
        }
    }
}

/// Planted wrong imports, one or more in every layer: each must be caught.
#[test]
fn planted_wrong_imports_are_caught() {
    let planted: &[(&str, &str)] = &[
        ("core/kinds.rs", "use crate::battle::setup::BattleSetup;"),
        ("core/dice.rs", "fn f() { bounce::store::Store::open(p); }"),
        ("battle/setup.rs", "use crate::rules::bia::Bia;"),
        ("battle/event.rs", "use super::super::campaign::records;"),
        ("rules/fma/fire.rs", "use crate::store::Db;"),
        ("rules/bia/auto/mod.rs", "use crate::engine::Registry;"),
        // Between rulesets, by every road.
        (
            "rules/action/morale.rs",
            "use crate::rules::bia::morale_test::THRESHOLDS;",
        ),
        ("rules/action/auto/mod.rs", "use super::super::bia::armour;"),
        (
            "rules/action/mapping.rs",
            "use super::super::fma::{die, quality};",
        ),
        ("rules/dirtside/die.rs", "use bounce::rules::fma::die::Die;"),
        ("rules/dirtside/chits.rs", "use crate::rules::*;"),
        ("rules/mod.rs", "pub use crate::rules::bia::Bia;"),
        (
            "store/battles.rs",
            "use crate::campaign::post_battle::Consequences;",
        ),
        (
            "store/import.rs",
            "use bounce::campaign::validate::KnownCodes;",
        ),
        (
            "store/queries.rs",
            "use super::super::campaign::records::StandRecord;",
        ),
        (
            "store/logistics.rs",
            "fn f() { let t = crate::campaign::records::parse_time(\"x\"); }",
        ),
        (
            "store/export.rs",
            "use crate::{\n    battle::event::Event,\n    campaign::records::StandRecord,\n};",
        ),
        ("store/mod.rs", "use super::rules::bia;"),
        (
            "store/queries.rs",
            "#[serde(serialize_with = \"crate::campaign::records::time_format::serialize\")]",
        ),
        ("campaign/battle.rs", "use crate::rules::fma::Fma;"),
        ("campaign/whatif.rs", "use crate::engine::Registry;"),
        ("campaign/file.rs", "use crate::rules;"),
        ("engine/auto.rs", "use crate::cli::Ctx;"),
        ("engine/odds.rs", "use crate::report::model;"),
        ("report/html.rs", "use crate::rules::bia::morale;"),
        ("report/text.rs", "use crate::cli::output;"),
        (
            "cli/morale.rs",
            "use crate::rules::bia::morale::MoraleBreakdown;",
        ),
        (
            "cli/error.rs",
            "    Rule(#[from] crate::rules::bia::RuleError),",
        ),
        ("cli/stand/mod.rs", "use super::super::rules::bia;"),
        ("cli/check.rs", "fn f(c: &rusqlite::Connection) {}"),
        (
            "cli/battle/mod.rs",
            "mod inner {\n    use super::super::super::rules::bia;\n}",
        ),
        ("main.rs", "use bounce::rules::bia::Bia;"),
        ("main.rs", "use bounce::store::Store;"),
        ("extra/thing.rs", "fn f() {}"),
    ];
    let mut missed = Vec::new();
    for (file, text) in planted {
        if wrong_imports(file, text, RULESETS).is_empty() {
            missed.push(format!("{file}: {text}"));
        }
    }
    assert!(
        missed.is_empty(),
        "the checker missed:\n{}",
        missed.join("\n")
    );
}

/// What the arrows allow, written in the awkward ways too: none is flagged.
#[test]
fn allowed_imports_pass() {
    let allowed: &[(&str, &str)] = &[
        ("battle/setup.rs", "use crate::core::kinds::Training;"),
        ("rules/bia/auto/mod.rs", "use super::super::morale;\nuse crate::rules::bia::fire;"),
        (
            "rules/fma/auto/table.rs",
            "#[cfg(test)]\nmod tests {\n    use super::super::testing::{battle, RIFLES};\n}",
        ),
        ("rules/dirtside/auto/fight.rs", "use super::{ri, Battle, Post};"),
        ("store/battles.rs", "use crate::battle::event::Event;\nuse super::records::{format_time, Consequences};"),
        (
            "store/queries.rs",
            "// crate::campaign is above us\n/* crate::rules too */\nconst SQL: &str = \"SELECT crate::campaign FROM x\";\nconst RAW: &str = r#\"bounce::cli \"#;",
        ),
        ("store/mod.rs", "pub use rusqlite::Connection as Db;"),
        ("campaign/morale.rs", "use crate::rules::bia::armour::{can_hurt, profile};"),
        ("campaign/logistics.rs", "use crate::store::{logistics, StoreError, Tx};"),
        ("engine/registry.rs", ".with(Box::new(crate::rules::fma::Fma))"),
        ("report/build.rs", "use crate::store::report as q;\nuse crate::campaign::records;"),
        ("cli/mod.rs", "mod rules;\nfn f() { rules::with_queries(c, r); }\nuse crate::engine::Registry;"),
        ("cli/morale.rs", "use crate::campaign::derived::{AppliedFactor, MoraleBreakdown};"),
        ("cli/stand/mod.rs", "use super::super::campaign::records;\nfn f<'a>(x: &'a str) -> char { 'x' }"),
        ("main.rs", "let registry = bounce::engine::Registry::standard();\nbounce::cli::run(cli, registry)"),
        ("lib.rs", "pub mod battle;\npub mod rules;"),
    ];
    for (file, text) in allowed {
        let wrong = wrong_imports(file, text, RULESETS);
        assert!(wrong.is_empty(), "{file}: {wrong:?}");
    }
}
