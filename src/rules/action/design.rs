//! Design points: what an element is bought with. Combat skill, evasion,
//! life levels and action points cost one design point per point; weapon and
//! protective values are whatever the campaign's data table gives them (the
//! text leaves their prices open), and bounce prices them one for one too.

use serde::Serialize;

/// Design points that buy `points` of combat skill, evasion, LL or AP.
pub const DP_PER_POINT: i64 = 1;

/// An element's statistics: everything bought with design points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Element {
    pub combat_skill: i64,
    pub evasion: i64,
    /// Protective items' value (added to the defence roll).
    pub protective: i64,
    /// The weapon's best value (added to the attack roll); it may fall with range.
    pub weapon: i64,
    pub life_levels: i64,
    /// Action points for attacks or movement, each turn.
    pub action_points: i64,
    /// Action points for movement only (bounce's way of giving speed without
    /// more attacks), each turn.
    pub move_points: i64,
}

/// The design points an element is worth, item by item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DesignPoints {
    pub combat_skill: i64,
    pub evasion: i64,
    pub protective: i64,
    pub weapon: i64,
    pub life_levels: i64,
    pub action_points: i64,
    pub total: i64,
}

impl Element {
    /// The cost of each statistic and the total.
    pub fn design_points(&self) -> DesignPoints {
        let c = |v: i64| v.max(0) * DP_PER_POINT;
        let d = DesignPoints {
            combat_skill: c(self.combat_skill),
            evasion: c(self.evasion),
            protective: c(self.protective),
            weapon: c(self.weapon),
            life_levels: c(self.life_levels),
            action_points: c(self.action_points) + c(self.move_points),
            total: 0,
        };
        DesignPoints {
            total: d.combat_skill
                + d.evasion
                + d.protective
                + d.weapon
                + d.life_levels
                + d.action_points,
            ..d
        }
    }

    /// The attack bonus before situational modifiers.
    pub fn attack_bonus(&self, weapon_value: i64) -> i64 {
        self.combat_skill + weapon_value
    }

    /// The defence bonus.
    pub fn defence_bonus(&self) -> i64 {
        self.evasion + self.protective
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare() -> Element {
        Element {
            combat_skill: 0,
            evasion: 0,
            protective: 0,
            weapon: 0,
            life_levels: 0,
            action_points: 0,
            move_points: 0,
        }
    }

    #[test]
    fn the_texts_examples_one_point_each() {
        // Rules text L79, L101, L113, L119: 2 DP on combat skill → skill 2; 2 DP on
        // evasion → 2; 10 on LL → 10; 10 on AP → 10.
        let e = Element {
            combat_skill: 2,
            ..bare()
        };
        assert_eq!(e.design_points().combat_skill, 2);
        let e = Element {
            evasion: 2,
            ..bare()
        };
        assert_eq!(e.design_points().evasion, 2);
        let e = Element {
            life_levels: 10,
            ..bare()
        };
        assert_eq!(e.design_points().life_levels, 10);
        let e = Element {
            action_points: 10,
            ..bare()
        };
        assert_eq!(e.design_points().action_points, 10);
    }

    #[test]
    fn bonuses_and_total() {
        let e = Element {
            combat_skill: 20,
            evasion: 10,
            protective: 30,
            weapon: 60,
            life_levels: 4,
            action_points: 10,
            move_points: 0,
        };
        assert_eq!(e.attack_bonus(60), 80);
        assert_eq!(e.defence_bonus(), 40);
        assert_eq!(e.design_points().total, 134);
    }
}
