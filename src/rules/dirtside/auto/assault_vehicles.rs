//! Vehicles in a close assault (L1011–1013): a unit's vehicles fight in its
//! assault on either side, firing their APSW at enemy teams or, at enemy
//! vehicles, as if they carried IAVRs; teams with IAVRs that have no enemy
//! team left to fight fire them at the enemy's vehicles.

use super::fire::Situation;
use super::{Attack, Battle};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::{self, Class, Cover, Role as TeamRole};
use crate::rules::dirtside::weapons::{System, Weapon};

const IAVR: Weapon = Weapon {
    system: System::Iavr,
    class: 0,
};

impl Battle<'_, '_> {
    /// Whether unit `u` has infantry teams, the only elements that can
    /// carry a close assault in.
    pub(super) fn has_teams(&self, u: usize) -> bool {
        self.alive(u)
            .any(|e| !self.s.elements[e].is_vehicle() && self.s.elements[e].aboard.is_none())
    }

    /// The elements of `u` that fight in its close assault: its teams, and
    /// its ground vehicles that stand with it (not left behind, L361) and
    /// whose systems work.
    /// Filled into `teams` and `vehicles`, cleared first (kept lists: an
    /// odds run fights thousands of rounds).
    pub(super) fn assault_party(
        &self,
        u: usize,
        teams: &mut Vec<usize>,
        vehicles: &mut Vec<usize>,
    ) {
        let here = self.s.units[u].dist;
        teams.clear();
        vehicles.clear();
        for e in self.alive(u) {
            match self.s.elements[e].make {
                Make::Team { .. } if self.s.elements[e].aboard.is_none() => teams.push(e),
                Make::Team { .. } => {}
                Make::Vehicle {
                    aircraft: false, ..
                } if self.spot(e) == here && !self.s.elements[e].systems_down => vehicles.push(e),
                Make::Vehicle { .. } => {}
            }
        }
    }

    /// The `k`-th vehicle of a side fires in an assault round: its APSW at
    /// the enemy's teams while it has any, else as an IAVR at its vehicles.
    /// Teams it kills are listed in `kills` (they still fight this round).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn assault_vehicle_fire(
        &mut self,
        e: usize,
        k: usize,
        teams: &[usize],
        vehicles: &[usize],
        cover: Cover,
        kills: &mut Vec<usize>,
        attack: &mut Attack,
    ) {
        let apsw = match self.s.elements[e].make {
            Make::Vehicle { stats, weapon, .. } => stats.apsw || weapon.system == System::Apsw,
            Make::Team { .. } => false,
        };
        self.s.elements[e].fired = true;
        if apsw && !teams.is_empty() {
            let t = teams[k % teams.len()];
            let Make::Team { class: tc, .. } = self.s.elements[t].make else {
                return;
            };
            let n = infantry::assault_chits(Class::Line, TeamRole::Apsw);
            self.assault_chits(e, t, n, cover, tc, kills);
        } else {
            self.assault_rocket(e, k, vehicles, attack);
        }
    }

    /// The `k`-th firer's IAVR (a vehicle's as-if IAVR, or a team's own) at
    /// the enemy's vehicles in the assault.
    pub(super) fn assault_rocket(
        &mut self,
        e: usize,
        k: usize,
        vehicles: &[usize],
        attack: &mut Attack,
    ) {
        // The `k`-th living one, counted round (no list).
        let living = vehicles.iter().filter(|&&t| self.s.elements[t].alive);
        let n = living.clone().count();
        let Some(&t) = (n > 0).then(|| living.clone().nth(k % n)).flatten() else {
            return;
        };
        let armed = match self.s.elements[e].make {
            Make::Team { iavr, .. } => iavr,
            Make::Vehicle { .. } => true,
        };
        if armed {
            self.s.elements[e].fired = true;
            self.vehicle_damage(e, t, IAVR, None, Situation::default(), attack);
        }
    }
}
