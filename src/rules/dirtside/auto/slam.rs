//! A SLAM salvo that hits (L780–790, L1081): the aimed-at element takes its
//! hit as any direct-fire hit, then each element close beside it in its
//! unit's line takes a d6 to be hit too, vehicles and infantry alike (the
//! only way a SLAM reaches infantry beyond close range).

use super::events::DsEvent;
use super::fire::Situation;
use super::{rolled, Attack, Battle};
use crate::core::ladder::Die;
use crate::rules::dirtside::chits;
use crate::rules::dirtside::fire_control::Band;
use crate::rules::dirtside::slam;
use crate::rules::dirtside::weapons::{System, Weapon};

impl Battle<'_, '_> {
    /// The elements in the danger zone around `t` at `band`: those within
    /// `slam::neighbours(band)` places of it in its unit's line (a unit's
    /// living elements in a row an inch apart), standing where it stands.
    pub(super) fn slam_zone(&self, t: usize, band: Band) -> Vec<usize> {
        let k = slam::neighbours(band);
        if k == 0 {
            return Vec::new();
        }
        let tu = self.s.elements[t].unit;
        // Elements left behind (L361) stand elsewhere.
        let here = self.spot(t);
        let line: Vec<usize> = self
            .alive(tu)
            .filter(|&x| self.spot(x) == here && self.s.elements[x].aboard.is_none())
            .collect();
        let Some(i) = line.iter().position(|&x| x == t) else {
            return Vec::new();
        };
        let lo = i.saturating_sub(k);
        let hi = (i + k).min(line.len() - 1);
        (lo..=hi).filter(|&j| j != i).map(|j| line[j]).collect()
    }

    /// A SLAM hit on vehicle `t` at `band`: its own chits, then the extra
    /// hits on the elements in the zone around it.
    pub(super) fn slam_hit(
        &mut self,
        e: usize,
        t: usize,
        w: Weapon,
        band: Band,
        sit: Situation,
        attack: &mut Attack,
    ) {
        let zone = self.slam_zone(t, band);
        self.vehicle_damage(e, t, w, Some(band), sit, attack);
        let Some(need) = slam::zone(band).1 else {
            return;
        };
        // Each element in the zone stands in its own cover.
        let own = Situation { cover: None, ..sit };
        for x in zone {
            if !self.s.elements[x].alive {
                continue;
            }
            let r = self.roll(Die::D6);
            let hit = slam::secondary_hit(band, r);
            self.log(Some(self.s.elements[e].role), move |b| DsEvent::SlamZone {
                firer: b.code(e),
                target: b.code(x),
                rolled: rolled(Die::D6, r),
                need,
                hit,
            });
            if !hit {
                continue;
            }
            if self.s.elements[x].is_vehicle() {
                self.vehicle_damage(e, x, w, Some(band), own, attack);
            } else {
                let tu = self.s.elements[x].unit;
                attack.tally[tu].marker = true;
                attack.touched.push(tu);
                let colours =
                    chits::anti_personnel_validity(System::Slam, self.infantry_cover(x, own))
                        .unwrap_or(chits::Colours::NONE);
                self.infantry_damage(e, x, usize::from(w.class), colours, attack);
            }
        }
    }
}
