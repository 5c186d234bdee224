//! FMA at the table through `battle play`: smoke laid, a shot through it
//! refused, a figure walking into it tested, and the end-of-turn roll that
//! clears it typed with `turn roll N`.

use crate::common::Campaign;

#[test]
fn smoke_at_the_table_blocks_fire_until_a_five_or_six_clears_it() {
    let c = Campaign::full_moon();
    c.ok(&[
        "battle",
        "new",
        "s",
        "--attacker",
        "a1-1",
        "--defender",
        "mil-1a",
        "--range",
        "60",
        "--ruleset",
        "fma",
    ]);
    let help = c
        .cmd(&["battle", "play", "s", "--dice", "manual"])
        .write_stdin("help\nabort\n")
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("smoke FIG at FIG|INCHES"), "{help}");
    assert!(help.contains("turn [roll"), "{help}");
    // The gauss rifleman 24" out throws smoke 12" ahead: 6 bands of 2",
    // target number 6; his d8 shows 8, on target.
    let script = "activate a1-1#1\n\
                  smoke a1-1#1 at 12 roll 8\n\
                  fire a1-1#1 at mil-1a#1 roll 6,7,5,11,2,3\n\
                  turn\n\
                  turn roll 4\n\
                  activate mil-1a#1\n\
                  fire mil-1a#1 at a1-1#1 roll 6,7,5,11,2,3\n\
                  turn roll 6\n\
                  activate mil-1a#1\n\
                  fire mil-1a#1 at a1-1#1 roll 1,1,8,4\n\
                  status\n\
                  abort\n";
    let out = c
        .cmd(&["battle", "play", "s", "--dice", "manual"])
        .write_stdin(script)
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("throws a grenade of smoke 12\""), "{out}");
    assert!(out.contains("on target"), "{out}");
    assert_eq!(
        out.matches("a cloud blocks the line of fire").count(),
        2,
        "both ways through the cloud: {out}"
    );
    assert!(
        out.contains("this line needs more dice"),
        "bare turn: {out}"
    );
    assert!(out.contains("d6 4, stays"), "{out}");
    assert!(out.contains("d6 6, clears"), "{out}");
    assert!(
        out.contains("no effect"),
        "the shot after it cleared: {out}"
    );
}
