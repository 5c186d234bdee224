//! The foundation through the binary: import/export, bad input, undo, check,
//! backup, newer schemas and the demo (concurrency: `concurrency.rs`,
//! `faults.rs`; the export round trip: `lossless.rs`).

use crate::common::{full_moon_text, Campaign, FULL_MOON};

#[test]
fn export_to_file_matches_stdout() {
    let c = Campaign::full_moon();
    let out = c.path("out.toml");
    c.ok(&["export", out.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(out).unwrap(), c.export());
}

/// Runs one bad import twice: into a new file (which must not appear) and into
/// an existing campaign (whose bytes must not change). Returns the message.
fn refused(text: &str) -> String {
    let fresh = Campaign::empty();
    let f = fresh.write("bad.toml", text);
    let msg = fresh.fails(2, &["import", f.to_str().unwrap()]);
    assert!(!fresh.db.exists(), "a refused import created the file");

    let existing = Campaign::empty();
    existing.ok(&["init", "--name", "Base"]);
    let before = existing.bytes();
    let export_before = existing.export();
    let f = existing.write("bad.toml", text);
    existing.fails(2, &["import", f.to_str().unwrap()]);
    assert_eq!(
        before,
        existing.bytes(),
        "a refused import changed the file"
    );
    assert_eq!(export_before, existing.export());
    msg
}

fn with_stand_field(field: &str, value: &str) -> String {
    let text = full_moon_text();
    let pattern = format!("\n{field} = ");
    let at = text.find(&pattern).expect("field present") + 1;
    let end = at + text[at..].find('\n').unwrap();
    format!("{}{field} = {value}{}", &text[..at], &text[end..])
}

fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect("needle")]
        .matches('\n')
        .count()
        + 1
}

#[test]
fn malformed_toml_names_file_and_line() {
    let text = "[campaign]\nname = \"x\"\nstart = \"2157-01-01T00:00:00\"\n\n[[sides]]\ncode = \"a\nname = \"A\"\n";
    let msg = refused(text);
    assert!(msg.contains("bad.toml"), "{msg}");
    assert!(msg.contains("line 6"), "{msg}");
}

#[test]
fn zero_and_negative_men_are_refused() {
    for bad in ["0", "-3"] {
        let text = with_stand_field("men", bad);
        let msg = refused(&text);
        let line = line_of(&text, &format!("men = {bad}"));
        assert!(msg.contains(&format!("line {line}")), "{msg}");
        assert!(msg.contains("stands.men"), "{msg}");
    }
}

#[test]
fn duplicate_code_is_refused() {
    let text = format!(
        "{}\n[[sides]]\ncode = \"ifu\"\nname = \"Second IFU\"\n",
        full_moon_text()
    );
    let msg = refused(&text);
    assert!(msg.contains("`ifu` is already used"), "{msg}");
    assert!(msg.contains("sides.code"), "{msg}");
    assert!(
        msg.contains(&format!("line {}", text.lines().count() - 1)),
        "{msg}"
    );
}

#[test]
fn dangling_reference_is_refused() {
    let text = with_stand_field("unit", "\"no-such-unit\"");
    let msg = refused(&text);
    assert!(msg.contains("no unit `no-such-unit`"), "{msg}");
    let line = line_of(&text, "unit = \"no-such-unit\"");
    assert!(msg.contains(&format!("line {line}")), "{msg}");
}

#[test]
fn importing_into_a_campaign_adds_and_refuses_existing_codes() {
    let c = Campaign::full_moon();
    let before = c.bytes();
    let msg = c.fails(2, &["import", FULL_MOON]);
    assert!(msg.contains("already used"), "{msg}");
    assert_eq!(before, c.bytes());
    let extra = c.write(
        "extra.toml",
        "[[units]]\ncode = \"reserve\"\ncommand = \"ifu-inf\"\nname = \"Reserve\"\n\n[[stands]]\ncode = \"res-1\"\nunit = \"reserve\"\ntype = \"infantry\"\ntraining = \"regular\"\nequipment = \"hma\"\nweapon = \"sla_squad\"\nmen = 4\n",
    );
    c.ok(&["import", extra.to_str().unwrap()]);
    let stand = c.json(&["stand", "show", "res-1"]);
    assert_eq!(stand["unit"], "reserve");
    assert_eq!(stand["ammo"], 12);
}

#[test]
fn unknown_code_on_the_command_line_is_named() {
    let c = Campaign::full_moon();
    let msg = c.fails(2, &["stand", "show", "zz-nothing"]);
    assert!(msg.contains("zz-nothing"), "{msg}");
    let msg = c.fails(2, &["roster", "--side", "martians"]);
    assert!(msg.contains("martians"), "{msg}");
    let before = c.bytes();
    let msg = c.fails(2, &["stand", "edit", "zz-nothing", "--hits", "1"]);
    assert!(msg.contains("zz-nothing"), "{msg}");
    assert_eq!(before, c.bytes());
}

#[test]
fn missing_campaign_file_says_how_to_make_one() {
    let c = Campaign::empty();
    let msg = c.fails(2, &["status"]);
    assert!(msg.contains("bounce init"), "{msg}");
    assert!(!c.db.exists());
}

#[test]
fn undo_restores_the_exact_earlier_export() {
    let c = Campaign::empty();
    c.ok(&[
        "init",
        "--name",
        "Full Moon",
        "--start",
        "2157-04-12T05:00:00",
    ]);
    let empty = c.export();
    c.ok(&["import", FULL_MOON]);
    let imported = c.export();

    let stand = first_stand(&c);
    c.ok(&[
        "stand",
        "add",
        "zz-new",
        "--unit",
        stand["unit"].as_str().unwrap(),
        "--type",
        "infantry",
        "--training",
        "trained",
        "--equipment",
        "lta",
        "--weapon",
        "sla_squad",
        "--men",
        "8",
    ]);
    let added = c.export();
    assert_ne!(added, imported);
    c.ok(&[
        "stand",
        "edit",
        stand["code"].as_str().unwrap(),
        "--hits",
        "1",
        "--ammo",
        "3",
        "--name",
        "Renamed",
    ]);
    assert_ne!(c.export(), added);

    let dry = c.ok(&["undo", "--dry-run"]);
    assert!(dry.contains("stand edit"), "{dry}");
    assert_ne!(c.export(), added, "a dry run changed the campaign");

    c.ok(&["undo"]);
    assert_eq!(c.export(), added);
    c.ok(&["undo"]);
    assert_eq!(c.export(), imported);
    c.ok(&["undo"]);
    assert_eq!(c.export(), empty);
    c.fails(2, &["undo"]);
    assert_eq!(c.export(), empty);
}

#[test]
fn undo_steps_reverts_several_entries_and_history_lists_them() {
    let c = Campaign::full_moon();
    let before = c.export();
    let code = first_stand(&c)["code"].as_str().unwrap().to_string();
    c.ok(&["stand", "edit", &code, "--actions", "20"]);
    c.ok(&["stand", "retire", &code]);
    let history = c.json(&["history"]);
    let commands: Vec<&str> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["command"].as_str().unwrap())
        .collect();
    assert_eq!(commands, ["stand retire", "stand edit", "import"]);
    c.ok(&["undo", "--steps", "2"]);
    assert_eq!(c.export(), before);
}

fn first_stand(c: &Campaign) -> serde_json::Value {
    c.json(&["roster"])
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["type"] == "infantry" && s["status"] == "effective" && s["hits"] == 0)
        .cloned()
        .expect("an infantry stand")
}

#[test]
fn check_passes_then_finds_planted_violations() {
    let c = Campaign::full_moon();
    c.ok(&["check"]);
    let code = first_stand(&c)["code"].as_str().unwrap().to_string();
    c.sql(&format!(
        "UPDATE stands SET hits = men + 5 WHERE code = '{code}'"
    ));
    let out = c.cmd(&["check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&code) && stdout.contains("hits within people"),
        "{stdout}"
    );

    let d = Campaign::full_moon();
    d.sql("UPDATE stands SET training = 'elite' WHERE id = 1");
    let report = d.cmd(&["--json", "check"]).output().unwrap();
    assert_eq!(report.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    assert_eq!(doc["ok"], false);
    assert!(doc["violations"][0]["detail"]
        .as_str()
        .unwrap()
        .contains("elite"));

    let e = Campaign::full_moon();
    e.sql("PRAGMA foreign_keys = OFF; UPDATE stands SET unit_id = 9999 WHERE id = 2;");
    let out = e.cmd(&["check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("references"));
}

#[test]
fn a_file_from_a_newer_schema_is_refused_untouched() {
    let c = Campaign::full_moon();
    c.sql("INSERT INTO refinery_schema_history(version, name, applied_on, checksum) VALUES (999, 'future', '2200-01-01', '0')");
    let before = c.bytes();
    let msg = c.fails(2, &["status"]);
    assert!(msg.contains("newer"), "{msg}");
    assert_eq!(before, c.bytes());
}

#[test]
fn backup_is_a_working_copy() {
    let c = Campaign::full_moon();
    let copy = c.path("copy.db");
    c.ok(&["backup", copy.to_str().unwrap()]);
    let mut cmd = assert_cmd::Command::cargo_bin("bounce").unwrap();
    let out = cmd
        .args(["--db", copy.to_str().unwrap(), "export"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), c.export());
}

#[test]
fn stand_commands_refuse_bad_values_and_leave_the_file() {
    let c = Campaign::full_moon();
    let s = first_stand(&c);
    let code = s["code"].as_str().unwrap();
    let before = c.bytes();
    let msg = c.fails(2, &["stand", "edit", code, "--men", "0"]);
    assert!(msg.contains("--men"), "{msg}");
    let msg = c.fails(2, &["stand", "edit", code, "--hits", "99"]);
    assert!(msg.contains("--hits"), "{msg}");
    let msg = c.fails(2, &["stand", "edit", code, "--training", "elite"]);
    assert!(msg.contains("special_forces"), "{msg}");
    let msg = c.fails(
        2,
        &[
            "stand",
            "add",
            code,
            "--unit",
            s["unit"].as_str().unwrap(),
            "--type",
            "infantry",
            "--training",
            "regular",
            "--equipment",
            "hma",
            "--men",
            "4",
        ],
    );
    assert!(msg.contains("already used"), "{msg}");
    assert_eq!(before, c.bytes());
}

#[test]
fn stand_show_json_carries_the_required_fields() {
    let c = Campaign::full_moon();
    let code = first_stand(&c)["code"].as_str().unwrap().to_string();
    let doc = c.json(&["stand", "show", &code]);
    for field in [
        "code",
        "type",
        "training",
        "experience",
        "actions",
        "equipment",
        "weapon",
        "men",
        "hits",
        "status",
        "morale",
        "ammo",
        "unit",
        "command",
        "side",
    ] {
        assert!(doc.get(field).is_some(), "missing {field} in {doc}");
    }
}

#[test]
fn demo_builds_and_rebuilds_its_own_file_only() {
    let c = Campaign::empty();
    let mut cmd = assert_cmd::Command::cargo_bin("bounce").unwrap();
    let out = cmd
        .current_dir(c.dir.path())
        .env_remove("BOUNCE_DB")
        .arg("demo")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Full Moon") && stdout.contains("ifu"),
        "{stdout}"
    );
    assert!(c.path("bounce-demo.db").exists());
    let mut again = assert_cmd::Command::cargo_bin("bounce").unwrap();
    assert!(again
        .current_dir(c.dir.path())
        .env_remove("BOUNCE_DB")
        .arg("demo")
        .output()
        .unwrap()
        .status
        .success());

    c.ok(&["init", "--name", "Mine"]);
    let before = c.bytes();
    c.fails(2, &["demo"]);
    assert_eq!(before, c.bytes());
}
