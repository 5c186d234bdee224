//! Infantry as Dirtside fights it: militia, line and powered teams, their
//! rifle ranges, how many chits a team draws in a firefight and in close
//! assault, which colours count against each kind of cover, and the points
//! that kill a team.

use serde::Serialize;

use super::chits::Colours;

/// A team's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Militia,
    Line,
    Powered,
}

impl Class {
    pub const ALL: [Class; 3] = [Class::Militia, Class::Line, Class::Powered];
    pub fn name(self) -> &'static str {
        match self {
            Class::Militia => "militia",
            Class::Line => "line",
            Class::Powered => "powered",
        }
    }
    pub fn parse(s: &str) -> Result<Class, String> {
        Class::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| format!("unknown infantry `{s}`; allowed: militia, line, powered"))
    }
}

/// Valid points that kill one team of each kind (and a softskin vehicle,
/// which small arms treat as powered).
pub const KILL_VALUES: [(Class, i64); 3] =
    [(Class::Militia, 3), (Class::Line, 4), (Class::Powered, 5)];

pub fn kill_value(c: Class) -> i64 {
    by_place(&KILL_VALUES, c, c as usize)
}

/// Personal arms' range in inches (APSW 12).
pub const RIFLE_RANGES: [(Class, i64); 3] =
    [(Class::Militia, 4), (Class::Line, 6), (Class::Powered, 8)];

pub const APSW_RANGE: i64 = 12;

pub fn rifle_range(c: Class) -> i64 {
    by_place(&RIFLE_RANGES, c, c as usize)
}

/// What a team fights with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Rifle,
    Apsw,
    /// An assault team (close assault only differs).
    Assault,
    /// Observers, engineers and missile crews: no firefight.
    Specialist,
}

/// Chits per team in a firefight; `None` for teams that may not take part.
pub fn firefight_chits(c: Class, r: Role) -> Option<usize> {
    match (c, r) {
        (_, Role::Specialist) => None,
        (Class::Powered, _) | (_, Role::Apsw) => Some(3),
        _ => Some(2),
    }
}

/// Chits per team in close assault.
pub fn assault_chits(c: Class, r: Role) -> usize {
    match (c, r) {
        (Class::Powered, _) | (_, Role::Apsw | Role::Assault) => 3,
        _ => 2,
    }
}

/// Where an infantry target is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    Open,
    Soft,
    /// Dug in (or in an urban area, for a firefight).
    DugIn,
}

impl Cover {
    pub const ALL: [Cover; 3] = [Cover::Open, Cover::Soft, Cover::DugIn];
    pub fn name(self) -> &'static str {
        match self {
            Cover::Open => "open",
            Cover::Soft => "soft",
            Cover::DugIn => "dug-in",
        }
    }
    pub fn parse(s: &str) -> Result<Cover, String> {
        Cover::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| format!("unknown infantry cover `{s}`; allowed: open, soft, dug-in"))
    }
}

/// Valid colours in a firefight, by the target's cover.
pub const FIREFIGHT_VALID: [(Cover, Colours); 3] = [
    (Cover::Open, Colours::RY),
    (Cover::Soft, Colours::R),
    (Cover::DugIn, Colours::Y),
];

/// Valid colours in close assault, by the target's cover.
pub const ASSAULT_VALID: [(Cover, Colours); 3] = [
    (Cover::Open, Colours::RYG),
    (Cover::Soft, Colours::RY),
    (Cover::DugIn, Colours::R),
];

pub fn firefight_valid(c: Cover) -> Colours {
    by_place(&FIREFIGHT_VALID, c, c as usize)
}

pub fn assault_valid(c: Cover) -> Colours {
    by_place(&ASSAULT_VALID, c, c as usize)
}

/// `table`'s value for `kind`, which sits at `place` (its place in its
/// enum): the tables list every kind in order (checked by the tests), so
/// the hot path of an odds run reads them by place instead of searching.
fn by_place<K: Copy + PartialEq + std::fmt::Debug, V: Copy>(
    table: &[(K, V)],
    kind: K,
    place: usize,
) -> V {
    let (k, v) = table[place];
    debug_assert_eq!(k, kind);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_read_by_place_list_kinds_in_order() {
        for (i, c) in Class::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(KILL_VALUES[i].0, c);
            assert_eq!(RIFLE_RANGES[i].0, c);
        }
        for (i, c) in Cover::ALL.into_iter().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(FIREFIGHT_VALID[i].0, c);
            assert_eq!(ASSAULT_VALID[i].0, c);
        }
    }

    #[test]
    fn kill_values_ranges_and_chits_match_the_text() {
        assert_eq!(KILL_VALUES.map(|(_, v)| v), [3, 4, 5]);
        assert_eq!(RIFLE_RANGES.map(|(_, v)| v), [4, 6, 8]);
        assert_eq!(APSW_RANGE, 12);
        assert_eq!(firefight_chits(Class::Powered, Role::Rifle), Some(3));
        assert_eq!(firefight_chits(Class::Line, Role::Apsw), Some(3));
        assert_eq!(firefight_chits(Class::Line, Role::Rifle), Some(2));
        assert_eq!(firefight_chits(Class::Militia, Role::Rifle), Some(2));
        assert_eq!(firefight_chits(Class::Line, Role::Specialist), None);
        assert_eq!(assault_chits(Class::Militia, Role::Rifle), 2);
        assert_eq!(assault_chits(Class::Line, Role::Rifle), 2);
        assert_eq!(assault_chits(Class::Line, Role::Assault), 3);
        assert_eq!(assault_chits(Class::Line, Role::Apsw), 3);
        assert_eq!(assault_chits(Class::Powered, Role::Rifle), 3);
    }

    #[test]
    fn validity_by_cover_matches_the_text() {
        assert_eq!(
            FIREFIGHT_VALID.map(|(_, v)| v),
            [Colours::RY, Colours::R, Colours::Y]
        );
        assert_eq!(
            ASSAULT_VALID.map(|(_, v)| v),
            [Colours::RYG, Colours::RY, Colours::R]
        );
    }
}
