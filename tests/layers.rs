//! The layers point one way (docs/architecture.md): this test reads every
//! source file and fails on an import against the arrows, so a shortcut cannot
//! creep in unnoticed.

use std::path::{Path, PathBuf};

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

/// (folder, what it may not name)
const RULES: &[(&str, &[&str])] = &[
    (
        "core",
        &[
            "crate::battle",
            "crate::rules",
            "crate::campaign",
            "crate::store",
            "crate::engine",
            "crate::cli",
            "crate::report",
        ],
    ),
    (
        "battle",
        &[
            "crate::rules",
            "crate::campaign",
            "crate::store",
            "crate::engine",
            "crate::cli",
            "crate::report",
        ],
    ),
    (
        "rules",
        &[
            "crate::campaign",
            "crate::store",
            "crate::engine",
            "crate::cli",
            "crate::report",
        ],
    ),
    (
        "store",
        &[
            "crate::rules",
            "crate::engine",
            "crate::cli",
            "crate::report",
        ],
    ),
    (
        "campaign",
        &["crate::engine", "crate::cli", "crate::report"],
    ),
    ("engine", &["crate::cli", "crate::report"]),
    ("report", &["crate::rules", "crate::cli"]),
];

#[test]
fn imports_follow_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    assert!(all.len() > 20, "found the sources");
    let mut wrong = Vec::new();
    for f in &all {
        let rel = f.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("rusqlite") && top != "store" {
                wrong.push(format!(
                    "{}:{}: rusqlite outside store/",
                    rel.display(),
                    n + 1
                ));
            }
            for (folder, banned) in RULES {
                if top == *folder {
                    for b in *banned {
                        if line.contains(b) {
                            wrong.push(format!("{}:{}: {folder}/ names {b}", rel.display(), n + 1));
                        }
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}
