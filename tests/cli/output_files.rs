//! Files the commands write (`export FILE`, `report --html FILE`, `backup
//! FILE`) never destroy the campaign and are never left half-written: the
//! campaign and its side files are refused by any name, and a new file
//! replaces an old one whole, with nothing left beside it.

use crate::common::Campaign;

/// The three ways of writing a file, each to `dest`.
fn writers(dest: &str) -> [Vec<&str>; 3] {
    [
        vec!["report", "--html", dest],
        vec!["export", dest],
        vec!["backup", dest],
    ]
}

fn names_in(c: &Campaign) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn the_campaign_and_its_side_files_are_never_written_over() {
    let c = Campaign::full_moon();
    c.ok(&["battle", "auto", "crater-rim", "--seed", "1"]);
    let before = c.export();
    let alias = c.path("alias.db");
    std::fs::hard_link(&c.db, &alias).unwrap();
    let db = c.db.to_str().unwrap().to_string();
    let targets = [
        db.clone(),
        "./campaign.db".to_string(),
        c.path("sub/../campaign.db").to_str().unwrap().to_string(),
        format!("{db}-wal"),
        format!("{db}-shm"),
        format!("{db}-journal"),
        alias.to_str().unwrap().to_string(),
    ];
    std::fs::create_dir(c.path("sub")).unwrap();
    for target in &targets {
        for args in writers(target) {
            let err = c.fails(2, &args);
            assert!(
                err.contains("would destroy the campaign") && err.contains(target.as_str()),
                "{args:?}: {err}"
            );
        }
    }
    c.ok(&["check"]);
    assert_eq!(c.export(), before, "the campaign is as it was");
    let mut names = names_in(&c);
    names.retain(|n| !n.starts_with("campaign.db"));
    assert_eq!(names, ["alias.db", "sub"], "nothing written beside it");
}

#[test]
fn a_written_file_replaces_the_old_one_whole_and_leaves_nothing_beside_it() {
    let c = Campaign::full_moon();
    let html = c.write("report.html", "old report");
    let toml = c.write("out.toml", "old export");
    c.ok(&["report", "--html", html.to_str().unwrap()]);
    c.ok(&["export", toml.to_str().unwrap()]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert_eq!(std::fs::read_to_string(&toml).unwrap(), c.export());
    let bk = c.path("bk.db");
    c.ok(&["backup", bk.to_str().unwrap()]);
    let copy = Campaign {
        dir: tempfile::tempdir().unwrap(),
        db: bk.clone(),
    };
    copy.ok(&["check"]);
    assert_eq!(copy.export(), c.export());
    // A second backup to the same name is refused; the first stays whole.
    let first = std::fs::read(&bk).unwrap();
    let err = c.fails(2, &["backup", bk.to_str().unwrap()]);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read(&bk).unwrap(), first);
    let names = names_in(&c);
    assert!(
        names
            .iter()
            .all(|n| !n.ends_with(".part") && !n.starts_with('.')),
        "temporary files left behind: {names:?}"
    );
}

#[test]
fn a_folder_or_a_missing_folder_is_refused_plainly() {
    let c = Campaign::full_moon();
    let folder = c.path("reports");
    std::fs::create_dir(&folder).unwrap();
    let missing = c.path("no/such/file.out");
    for target in [folder.to_str().unwrap(), missing.to_str().unwrap()] {
        for args in writers(target) {
            let err = c.fails(2, &args);
            assert!(
                err.contains("is a folder") || err.contains("does not exist"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("os error"), "{args:?}: raw OS text: {err}");
        }
    }
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    assert!(!c.path("no").exists());
}
