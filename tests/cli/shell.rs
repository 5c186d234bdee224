//! Shell habits: completion scripts and manual pages come from the parser's
//! own definitions; battle logs read modifiers as words.

use crate::common::Campaign;
use bounce::engine::Registry;

/// What bash offers for the last of `words` (the word being completed, `""`
/// for a fresh one), from the script `completions bash` prints, run in bash.
fn bash_offers(c: &Campaign, words: &[&str]) -> Vec<String> {
    let script = c.write("bounce.bash", &c.ok(&["completions", "bash"]));
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(
            r#"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
            _bounce bounce "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}";
            printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg("bash")
        .arg(&script)
        .args(words)
        .current_dir(c.dir.path())
        .output()
        .expect("bash");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn completions_offer_the_rulesets_and_the_subcommands() {
    let c = Campaign::empty();
    let names = Registry::standard().names();
    assert_eq!(
        bash_offers(&c, &["bounce", "battle", "new", "x", "--ruleset", ""]),
        names,
        "`battle new --ruleset` completes to the registry's rulesets"
    );
    assert_eq!(
        bash_offers(&c, &["bounce", "battle", "new", "x", "--ruleset", "d"]),
        ["dirtside"]
    );
    let battle = bash_offers(&c, &["bounce", "battle", ""]);
    for verb in ["new", "auto", "odds", "play", "record", "show", "log"] {
        assert!(battle.contains(&verb.to_string()), "{verb}: {battle:?}");
    }
    assert!(
        !battle.contains(&"report".to_string()),
        "a top-level command offered after `battle`: {battle:?}"
    );
    // zsh and fish are not installed here: their scripts carry the same values.
    let zsh = c.ok(&["completions", "zsh"]);
    let want = format!(":RULESET:({})", names.join(" "));
    assert!(
        zsh.lines()
            .any(|l| l.contains("--ruleset=[The ruleset to fight it under") && l.contains(&want)),
        "zsh: {want}"
    );
    let fish = c.ok(&["completions", "fish"]);
    let at = fish
        .find("__fish_seen_subcommand_from new\" -l ruleset")
        .expect("fish completes battle new --ruleset");
    let values: String = fish[at..]
        .split(" -a \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .into();
    let offered: Vec<&str> = values
        .lines()
        .map(|l| l.split("\\t").next().unwrap())
        .collect();
    assert_eq!(offered, names, "fish");
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
        let title = format!(".TH {} 1", name.trim_end_matches(".1"));
        assert!(text.contains(&title), "{name} has no `{title}`");
    }
    let auto = std::fs::read_to_string(dir.join("bounce-battle-auto.1")).unwrap();
    assert!(
        auto.contains("\\-\\-dry\\-run"),
        "the page lists the command's options"
    );
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
