//! Movement: action points to cross one grid (one inch) of each terrain, and
//! what the terrain does to sight and cover.

use serde::Serialize;

/// The movement table's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    Open,
    InsideBuilding,
    OnBuilding,
    LightForest,
    Rough,
    ShallowWater,
    Hills,
    HeavyForest,
    Swamp,
    DeepWater,
    ClimbBuilding,
    /// Not a row of the table: see `RUBBLE`.
    Rubble,
}

/// What a terrain does to line of sight (the table's notes column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    Clear,
    /// This many grids of it block sight through it.
    BlockedAfter(i64),
    /// The building hides those inside from outside.
    HiddenFromOutside,
    /// Blocks sight to its far side.
    BlocksFarSide,
}

/// One row: terrain, its name, AP per grid, sight, cover to elements inside
/// (or shot through), elevated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub terrain: Terrain,
    pub name: &'static str,
    pub ap: i64,
    pub sight: Sight,
    pub cover_inside: bool,
    pub elevated: bool,
}

const fn r(
    terrain: Terrain,
    name: &'static str,
    ap: i64,
    sight: Sight,
    cover_inside: bool,
    elevated: bool,
) -> Row {
    Row {
        terrain,
        name,
        ap,
        sight,
        cover_inside,
        elevated,
    }
}

use Sight::{BlockedAfter, BlocksFarSide, Clear, HiddenFromOutside};

/// The table in the text's order (rules text L177-188).
#[rustfmt::skip]
pub const MOVEMENT: [Row; 11] = [
    r(Terrain::Open, "open", 1, Clear, false, false),
    r(Terrain::InsideBuilding, "inside-building", 1, HiddenFromOutside, false, false),
    r(Terrain::OnBuilding, "on-building", 1, Clear, false, true),
    r(Terrain::LightForest, "light-forest", 2, BlockedAfter(2), true, false),
    r(Terrain::Rough, "rough", 2, Clear, false, false),
    r(Terrain::ShallowWater, "shallow-water", 2, Clear, false, false),
    r(Terrain::Hills, "hills", 2, BlocksFarSide, false, false),
    r(Terrain::HeavyForest, "heavy-forest", 3, BlockedAfter(1), true, false),
    r(Terrain::Swamp, "swamp", 3, Clear, false, false),
    r(Terrain::DeepWater, "deep-water", 3, Clear, false, false),
    r(Terrain::ClimbBuilding, "climb-building", 5, HiddenFromOutside, false, true),
];

/// Rubble left by a destroyed obstacle grid: the text calls it difficult
/// terrain without a row; bounce prices it like rough ground.
pub const RUBBLE_AP: i64 = 2;

/// Rubble as a row of its own, so that a battle fought on it and the
/// move-cost query read it alike (L318).
pub const RUBBLE: Row = r(Terrain::Rubble, "rubble", RUBBLE_AP, Clear, false, false);

/// Every ground word a battle or a query accepts: the table, then rubble.
pub fn rows() -> impl Iterator<Item = &'static Row> {
    MOVEMENT.iter().chain(std::iter::once(&RUBBLE))
}

impl Terrain {
    pub fn row(self) -> &'static Row {
        rows()
            .find(|r| r.terrain == self)
            .expect("every terrain is in the table")
    }
    pub fn ap(self) -> i64 {
        self.row().ap
    }
    pub fn name(self) -> &'static str {
        self.row().name
    }
    /// Elements in deep water cannot attack (they have no powers for it).
    pub fn can_attack_from(self) -> bool {
        self != Terrain::DeepWater
    }
    /// The row a battle's description of its ground names, if any: the
    /// longest row name found in it, spaces and underscores read as hyphens.
    pub fn named_in(text: &str) -> Option<Terrain> {
        let t = text.to_lowercase().replace([' ', '_'], "-");
        rows()
            .filter(|r| t.contains(r.name))
            .max_by_key(|r| r.name.len())
            .map(|r| r.terrain)
    }

    pub fn parse(s: &str) -> Result<Terrain, String> {
        rows()
            .find(|r| r.name == s)
            .map(|r| r.terrain)
            .ok_or_else(|| {
                format!(
                    "terrain is one of {}, not `{s}`",
                    rows().map(|r| r.name).collect::<Vec<_>>().join(", ")
                )
            })
    }
}

/// Action points to move `grids` grids over one terrain.
pub fn cost(terrain: Terrain, grids: i64) -> i64 {
    terrain.ap() * grids.max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_as_printed() {
        // Rules text L177-188, one row each.
        let printed = [
            ("open", 1),
            ("inside-building", 1),
            ("on-building", 1),
            ("light-forest", 2),
            ("rough", 2),
            ("shallow-water", 2),
            ("hills", 2),
            ("heavy-forest", 3),
            ("swamp", 3),
            ("deep-water", 3),
            ("climb-building", 5),
        ];
        assert_eq!(MOVEMENT.len(), printed.len());
        for (name, ap) in printed {
            assert_eq!(Terrain::parse(name).unwrap().ap(), ap, "{name}");
        }
        assert!(Terrain::parse("lava").is_err());
    }

    #[test]
    fn notes_of_the_table() {
        assert_eq!(Terrain::LightForest.row().sight, BlockedAfter(2));
        assert_eq!(Terrain::HeavyForest.row().sight, BlockedAfter(1));
        assert_eq!(Terrain::Hills.row().sight, BlocksFarSide);
        assert_eq!(Terrain::InsideBuilding.row().sight, HiddenFromOutside);
        assert_eq!(Terrain::ClimbBuilding.row().sight, HiddenFromOutside);
        let covered: Vec<&str> = MOVEMENT
            .iter()
            .filter(|r| r.cover_inside)
            .map(|r| r.name)
            .collect();
        assert_eq!(
            covered,
            ["light-forest", "heavy-forest"],
            "only the forests give cover"
        );
        assert!(Terrain::OnBuilding.row().elevated && Terrain::ClimbBuilding.row().elevated);
        assert!(!Terrain::DeepWater.can_attack_from());
        assert!(Terrain::Swamp.can_attack_from());
        assert_eq!(RUBBLE_AP, Terrain::Rough.ap());
    }

    #[test]
    fn a_battles_description_names_its_row() {
        assert_eq!(
            Terrain::named_in("heavy-forest"),
            Some(Terrain::HeavyForest)
        );
        assert_eq!(
            Terrain::named_in("Light forest on the crater rim"),
            Some(Terrain::LightForest)
        );
        assert_eq!(Terrain::named_in("deep_water"), Some(Terrain::DeepWater));
        assert_eq!(Terrain::named_in("Flat regolith along the road"), None);
        assert_eq!(Terrain::named_in(""), None);
    }

    #[test]
    fn crossing_costly_ground() {
        // Three grids of heavy forest take nine AP: nine action phases.
        assert_eq!(cost(Terrain::HeavyForest, 3), 9);
        assert_eq!(cost(Terrain::Open, 10), 10);
    }
}
