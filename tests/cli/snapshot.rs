//! Determinism pinned: the whole `battle auto --json` document of a fixture
//! battle with a fixed seed is checked in. Any change of a roll, an order, a
//! modifier or a field shows up here. After an intended change, rewrite the
//! golden file with `BLESS=1 cargo test --test snapshot` and review the diff.

use crate::common::Campaign;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/golden/crater-rim-seed-7.json"
);

#[test]
fn battle_auto_of_crater_rim_with_seed_7_is_byte_for_byte_the_golden_file() {
    let c = Campaign::full_moon();
    let out = c.ok(&["--json", "battle", "auto", "crater-rim", "--seed", "7"]);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(GOLDEN, &out).expect("write golden file");
    }
    let golden = std::fs::read_to_string(GOLDEN).expect("the golden file is checked in");
    assert!(
        out == golden,
        "battle auto output differs from {GOLDEN}; if the change is intended, run BLESS=1 cargo test --test snapshot"
    );
    // The stored battle reads back as the same document.
    let shown = c.ok(&["--json", "battle", "show", "crater-rim"]);
    let mut a: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b: serde_json::Value = serde_json::from_str(&shown).unwrap();
    a["dry_run"] = b["dry_run"].clone();
    assert_eq!(a, b);
}
