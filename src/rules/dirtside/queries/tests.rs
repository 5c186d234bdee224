//! Unit tests of the Dirtside rule queries, kept in their own file so that
//! `queries.rs` reads as the queries alone.

use super::*;
use clap::FromArgMatches;

pub(super) fn ask(args: &str) -> Result<Value, String> {
    let cmd = <DirtsideQuery as Subcommand>::augment_subcommands(clap::Command::new("dirtside"));
    let m = cmd
        .try_get_matches_from(std::iter::once("dirtside").chain(args.split(' ')))
        .map_err(|e| e.to_string())?;
    let q = DirtsideQuery::from_arg_matches(&m).map_err(|e| e.to_string())?;
    answer(q).map(|a| a.json)
}

fn sums_to_one(p: &Value) {
    let s: f64 = p
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((s - 1.0).abs() < 1e-12, "{p}");
}

#[test]
fn confidence_example_by_roll_and_by_enumeration() {
    let a = ask("confidence --quality regular --leadership 2 --level steady --threat 1 --roll 1")
        .unwrap();
    assert_eq!(a["result"], "broken");
    assert_eq!(a["die"], "d8");
    assert_eq!(a["target"], 3);
    let a = ask("confidence --quality regular --leadership 2 --level steady --threat 1").unwrap();
    assert_eq!(a["p"]["steady"], 5.0 / 8.0);
    assert_eq!(a["p"]["shaken"], 2.0 / 8.0);
    assert_eq!(a["p"]["broken"], 1.0 / 8.0);
    sums_to_one(&a["p"]);
    assert!(ask("confidence --quality regular --leadership 2 --level steady --roll 9").is_err());
}

#[test]
fn rally_effectiveness_and_regroup_examples() {
    let a = ask(
        "rally --quality regular --leadership 2 --level broken --command-leadership 1 --roll 4",
    )
    .unwrap();
    assert_eq!(a["result"], "shaken");
    let a = ask("rally --quality regular --leadership 2 --level broken --command-leadership 1")
        .unwrap();
    assert_eq!(a["p"]["shaken"], 5.0 / 8.0);
    let a = ask("effectiveness --quality regular --leadership 2").unwrap();
    assert_eq!(a["p"]["ineffective"], 1.0 / 8.0);
    assert_eq!(a["p"]["partial"], 2.0 / 8.0);
    assert_eq!(a["p"]["full"], 5.0 / 8.0);
    let a = ask("effectiveness --quality regular --leadership 2 --under-fire --roll 3").unwrap();
    assert_eq!(
        (a["die"].as_str(), a["result"].as_str()),
        (Some("d6"), Some("partial"))
    );
    let a = ask("regroup --unit veteran:2:broken:2 --unit regular:3:steady:3").unwrap();
    assert_eq!(
        a,
        json!({"quality": "regular", "leadership": 2, "confidence": "shaken", "elements": 5})
    );
}

#[test]
fn fire_example_and_enumeration() {
    let a =
        ask("fire --fire-control enhanced --band medium --signature 4 --cover soft --roll 7,2,6")
            .unwrap();
    assert_eq!(a["result"], "hit");
    assert_eq!(
        (
            a["firer_die"].as_str(),
            a["target_die"].as_str(),
            a["secondary_die"].as_str()
        ),
        (Some("d8"), Some("d6"), Some("d6"))
    );
    let a = ask("fire --fire-control basic --band long --moving-fast --signature 3").unwrap();
    assert_eq!(a["firer_die"], Value::Null);
    assert_eq!(a["p"]["cannot_fire"], 1.0);
    // d8 against a lone d8: the firer wins 28 of 64.
    let a = ask("fire --fire-control enhanced --band medium --signature 3").unwrap();
    assert_eq!(a["p"]["hit"], 28.0 / 64.0);
    sums_to_one(&a["p"]);
    assert!(ask("fire --fire-control enhanced --band medium --signature 3 --roll 9,1").is_err());
}

#[test]
fn chits_examples_and_refusals() {
    let a = ask("chits --weapon hkp --class 3 --band medium --armour 4 --draw R3,G1,Y2").unwrap();
    assert_eq!(a["result"], "knocked_out");
    assert_eq!(a["valid"], json!(["R3", "Y2"]));
    assert_eq!(a["valid_total"], 5);
    let a = ask("chits --weapon hkp --class 3 --band medium --armour 4 --draw Y3,R1,M").unwrap();
    assert_eq!(a["result"], "damaged");
    assert_eq!(a["effects"], json!(["immobilised"]));
    let a = ask("chits --weapon mdc --class 1 --band close --armour 5 --draw BOOM").unwrap();
    assert_eq!(a["result"], "destroyed");
    let a = ask("chits --weapon apsw --infantry powered --cover open --draw Y2,Y3,R1").unwrap();
    assert_eq!(
        (a["result"].as_str(), a["chits"].as_i64()),
        (Some("killed"), Some(3))
    );
    let a = ask("chits --weapon rifle --infantry powered --draw R2,G1").unwrap();
    assert_eq!(a["result"], "unharmed");
    let a = ask("chits --weapon iavr --armour 3 --draw Y3,G1").unwrap();
    assert_eq!(a["result"], "damaged");
    let a = ask("chits --weapon hkp --class 3 --band medium --armour 4").unwrap();
    sums_to_one(&a["p"]);
    assert!(a["p"]["knocked_out"].as_f64().unwrap() > 0.0);
    assert!(ask("chits --weapon laser --class 3 --armour 4 --draw R1").is_err());
    assert!(ask("chits --weapon hel --class 3 --band medium --armour 4 --draw R1,R2,R3").is_err());
    assert!(ask("chits --weapon mdc --class 1 --band close --armour 4 --draw R4").is_err());
    assert!(
        ask("chits --weapon hkp --class 3 --band close --armour 4 --draw BOOM,BOOM,BOOM,BOOM")
            .is_err()
    );
    assert!(
        ask("chits --weapon hkp --class 3 --band close --armour 4 --draw R1").is_err(),
        "three chits"
    );
    assert!(ask("chits --weapon rfac --class 2 --band long --infantry line --draw Y1,Y2").is_err());
}
