//! Shell habits: completion scripts and manual pages come from the parser's
//! own definitions; battle logs read modifiers as words.

use crate::common::Campaign;

#[test]
fn completion_scripts_name_every_command() {
    let c = Campaign::empty();
    for shell in ["bash", "zsh", "fish"] {
        let script = c.ok(&["completions", shell]);
        for command in ["battle", "report", "regroup", "advance", "completions"] {
            assert!(
                script.contains(command),
                "{shell} completions lack `{command}`"
            );
        }
    }
    let bash = c.ok(&["completions", "bash"]);
    assert!(bash.contains("complete -F _bounce"), "{}", &bash[..200]);
    c.fails(2, &["completions", "tcsh"]);
}

#[test]
fn manual_pages_on_stdout_and_one_per_command_in_a_folder() {
    let c = Campaign::empty();
    let page = c.ok(&["manpage"]);
    assert!(page.contains(".TH bounce 1"), "{}", &page[..200]);
    assert!(page.contains("battle"));
    let dir = c.path("man1");
    c.ok(&["manpage", "--dir", dir.to_str().unwrap()]);
    for name in [
        "bounce.1",
        "bounce-battle.1",
        "bounce-battle-auto.1",
        "bounce-report.1",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect(name);
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{name}");
    }
    assert!(!dir.join("bounce-help.1").exists());
    // A file where the folder should be: refused, nothing half-written.
    let blocker = c.write("blocker", "x");
    c.fails(2, &["manpage", "--dir", blocker.to_str().unwrap()]);
}

#[test]
fn battle_log_reads_modifiers_as_words() {
    let c = Campaign::full_moon();
    c.ok(&["--seed", "7", "battle", "auto", "crater-rim"]);
    let log = c.ok(&["battle", "log", "crater-rim"]);
    assert!(log.contains("in cover \u{2212}1"), "{log}");
    assert!(!log.contains("in_cover"), "identifiers leaked into the log");
    // The data keeps the identifiers for programs.
    let json = c.json(&["battle", "log", "crater-rim"]);
    assert!(json.to_string().contains("\"in_cover\""));
}
