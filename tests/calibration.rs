//! Auto-resolve points the obvious way: better troops win, cover helps the
//! defender, tanks do better with infantry (docs/calibration.md has the figures).

use bounce::engine::calibration::matchups;
use bounce::engine::odds::{odds, Odds};
use bounce::engine::Registry;

fn rates() -> Vec<(&'static str, Odds)> {
    let registry = Registry::standard();
    let bia = registry.get("bia").unwrap();
    matchups()
        .into_iter()
        .map(|(name, setup)| (name, odds(bia, &setup, 42, 300, &|| ()).unwrap()))
        .collect()
}

fn find<'a>(all: &'a [(&str, Odds)], prefix: &str) -> &'a Odds {
    &all.iter()
        .find(|(n, _)| n.starts_with(prefix))
        .unwrap_or_else(|| panic!("no matchup {prefix}"))
        .1
}

#[test]
fn the_obvious_matchups_go_the_obvious_way() {
    let all = rates();
    assert!(find(&all, "6 HMA regular fire teams attack").attacker_wins > 0.9);
    assert!(find(&all, "3 civilian militia stands attack").defender_wins > 0.9);
    let open = find(&all, "8 LTA squads attack 8 LTA squads in the open");
    let cover = find(&all, "8 LTA squads attack 8 LTA squads in cover");
    let bunker = find(&all, "8 LTA squads attack 8 LTA squads in bunkers");
    assert!(cover.defender_wins >= open.defender_wins);
    assert!(bunker.defender_hits.mean <= open.defender_hits.mean);
    let alone = find(&all, "4 hovertanks alone");
    let supported = find(&all, "4 hovertanks with 8 HMA");
    assert!(supported.attacker_wins > alone.attacker_wins);
    assert!(find(&all, "4 track tanks attack 4 hovertanks").defender_wins > 0.5);
    for (name, o) in &all {
        assert!(
            (o.attacker_wins + o.defender_wins + o.draws - 1.0).abs() < 1e-9,
            "{name}"
        );
    }
}
