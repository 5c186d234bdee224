//! Fire: target lists and target choice, fire phases and orbital fire, and a
//! shot from the roll to hit through penetration or wounds; air defence too.
//! Target lists are kept between phases because odds runs spend most of their
//! time here.

use super::events::{BiaEvent, Mod};
use super::piece::{indirect, target_mod_index, Piece, State, Trigger};
use super::Battle;
use crate::battle::result::{Knockout, Role};
use crate::core::kinds::{Cover, Weapon};
use crate::rules::bia::air_defence::attack_range_cm;
use crate::rules::bia::armour::{penetration_result, PenetrationResult};
use crate::rules::bia::fire::{hits_for, modifiers};
use crate::rules::bia::range_table::{band_index, BANDS};

impl Battle<'_, '_> {
    /// Range from a firer to a target, in table cm: the attacker's distance to
    /// the defenders' line, plus how far each stands behind its own line.
    pub(super) fn range(&self, f: &Piece, t: &Piece) -> i64 {
        if f.is_aircraft {
            return attack_range_cm(f.speed);
        }
        if f.in_orbit() {
            // From orbit every stand on the table is as far: the weapon's
            // longest band.
            return f.reach;
        }
        let (a, d) = if f.role == Role::Attacker {
            (f, t)
        } else {
            (t, f)
        };
        (a.dist + a.back + d.back).max(1)
    }

    /// Air defence engages aircraft; anti-armour weapons take the nearest armour
    /// they can penetrate from where they are; everything else takes the
    /// nearest target it can hurt. A stand still fighting is always chosen
    /// over one already out of the fight (ineffective or fleeing) when one is
    /// in reach; among equally near targets the dice choose.
    fn pick_target(&mut self, i: usize) -> Option<usize> {
        let f = &self.s.pieces[i];
        let (ground, air, flyer) = (f.line.is_some(), f.ad.is_some(), f.is_aircraft);
        // Aircraft look for enemy aircraft first; infantry for what is on
        // the ground, then aircraft; a stand out of the fight last.
        let mut pick = None;
        let mut fallback = None;
        if air && flyer {
            pick = self.pick_aircraft(i);
        }
        if pick.is_none() && ground {
            (pick, fallback) = self.pick_ground(i);
        }
        if pick.is_none() && air && !flyer {
            pick = self.pick_aircraft(i);
        }
        let pick = pick.or(fallback);
        debug_assert!(
            pick.is_none_or(|j| !self.passed_over_a_fighting_target(i, j)),
            "{} fired at {} while an enemy still fighting was in reach",
            self.code(i),
            pick.map_or("", |j| self.code(j)),
        );
        pick
    }

    /// The nearest ground target still fighting that firer `i` wants, and
    /// the nearest one already out of the fight.
    fn pick_ground(&mut self, i: usize) -> (Option<usize>, Option<usize>) {
        let o = self.s.pieces[i].role.other().index();
        let mut fallback = None;
        let mut pick = None;
        for armour_only in [true, false] {
            if armour_only && !self.s.pieces[i].anti_armour() {
                continue;
            }
            let (list, split) = if armour_only {
                (&self.s.armour_targets[o], self.s.armour_split[o])
            } else {
                (&self.s.targets[o], self.s.split[o])
            };
            let (run, other) = self.scan(i, list, split, armour_only);
            fallback = fallback.or(other);
            if let Some((from, to)) = run {
                pick = Some(self.one_of_run(i, o, armour_only, from, to));
                break;
            }
        }
        (pick, fallback)
    }

    /// One of the equally near stands still fighting and wanted in a run of
    /// side `o`'s target list, each as likely as the others: a die with as
    /// many faces as there are of them. Stands put out of the fight earlier
    /// in the phase keep their place in the run but are no faces, so they
    /// lend no weight to the stand beside them. The die is rolled over the
    /// whole run and rolled again on a stand that is no face (which keeps
    /// each face equally likely); only after a few such rolls are the faces
    /// counted, since a company's line can put a hundred stands in one run.
    fn one_of_run(
        &mut self,
        i: usize,
        o: usize,
        armour_only: bool,
        from: usize,
        to: usize,
    ) -> usize {
        let len = to - from;
        if len > 1 {
            let sides = u32::try_from(len).unwrap_or(u32::MAX);
            let list = if armour_only {
                &self.s.armour_targets[o]
            } else {
                &self.s.targets[o]
            };
            for _ in 0..4 {
                let k = usize::try_from(self.s.dice.d(sides) - 1).unwrap_or(0);
                let j = list[from + k];
                if self.s.pieces[j].fighting() && self.wanted(i, j, armour_only) {
                    return j;
                }
            }
        }
        let n = self.faces(i, o, armour_only, from, to).count();
        debug_assert!(n > 0, "the run starts with a wanted stand");
        let k = if n > 1 {
            let k = self.s.dice.d(u32::try_from(n).unwrap_or(u32::MAX)) - 1;
            usize::try_from(k).unwrap_or(0)
        } else {
            0
        };
        let first = if armour_only {
            self.s.armour_targets[o][from]
        } else {
            self.s.targets[o][from]
        };
        self.faces(i, o, armour_only, from, to)
            .nth(k)
            .unwrap_or(first)
    }

    /// The stands of a run of side `o`'s target list (positions `from..to`)
    /// still fighting and wanted by firer `i`: the faces of its die.
    fn faces(
        &self,
        i: usize,
        o: usize,
        armour_only: bool,
        from: usize,
        to: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let list = if armour_only {
            &self.s.armour_targets[o]
        } else {
            &self.s.targets[o]
        };
        list[from..to]
            .iter()
            .copied()
            .filter(move |&j| self.s.pieces[j].fighting() && self.wanted(i, j, armour_only))
    }

    /// Whether firer `i` wants target `j` from where they stand: armour only
    /// from where the weapon can penetrate it (a `-` in the band cannot harm
    /// it), anything else it can hurt.
    fn wanted(&self, i: usize, j: usize, armour_only: bool) -> bool {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        if t.is_aircraft {
            return false;
        }
        let range = self.range(f, t);
        if armour_only {
            f.penetrates_at(range, t.armour)
        } else {
            f.can_hurt(t) && (!t.is_vehicle || t.armour == 0 || f.penetrates_at(range, t.armour))
        }
    }

    /// One of a side's target lists, for firer `i`: the run of list
    /// positions (from, to) of stands at the distance of the nearest wanted
    /// stand still fighting, the first of them wanted; and the nearest wanted
    /// stand already out of the fight, the target when nothing fighting is.
    fn scan(
        &self,
        i: usize,
        list: &[usize],
        split: usize,
        armour_only: bool,
    ) -> (Option<(usize, usize)>, Option<usize>) {
        let f = &self.s.pieces[i];
        let reach = if armour_only { f.pen_reach } else { f.reach };
        let at = |j: usize| self.s.pieces[j].dist + self.s.pieces[j].back;
        let mut fallback = None;
        // Each section of a list (fighting, then going back) is sorted by
        // distance, so the first stand out of reach ends it.
        for (k, section) in [&list[..split], &list[split..]].into_iter().enumerate() {
            let base = if k == 0 { 0 } else { split };
            for (pos, &j) in section.iter().enumerate() {
                let t = &self.s.pieces[j];
                if t.is_aircraft {
                    continue;
                }
                if self.range(f, t) > reach {
                    break;
                }
                if !t.on_field() || !self.wanted(i, j, armour_only) {
                    continue;
                }
                if t.fighting() {
                    let d = at(j);
                    let len = section[pos..].partition_point(|&x| at(x) == d);
                    return (Some((base + pos, base + pos + len)), fallback);
                }
                if fallback.is_none() {
                    fallback = Some(j);
                }
            }
        }
        (None, fallback)
    }

    /// A check on target choice, independent of the lists: `j` is out of the
    /// fight while some enemy still fighting was a target `i` could reach and
    /// hurt.
    fn passed_over_a_fighting_target(&self, i: usize, j: usize) -> bool {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        if t.fighting() {
            return false;
        }
        (0..self.s.pieces.len()).any(|k| {
            let e = &self.s.pieces[k];
            e.role != f.role && e.fighting() && self.could_engage(i, k)
        })
    }

    /// Whether firer `i` could shoot at and hurt stand `k` from where they
    /// are now: an aircraft it would engage, or a ground stand in its reach.
    pub(super) fn could_engage(&self, i: usize, k: usize) -> bool {
        let (f, e) = (&self.s.pieces[i], &self.s.pieces[k]);
        if e.is_aircraft {
            return self.air_wanted(i, k);
        }
        let range = self.range(f, e);
        f.can_hurt(e)
            && range <= f.reach
            && (!e.is_vehicle || e.armour == 0 || f.penetrates_at(range, e.armour))
    }

    /// Whether stand `i` has an enemy still fighting that it could engage
    /// now, with ammunition to do it.
    pub(super) fn has_target(&self, i: usize) -> bool {
        let p = &self.s.pieces[i];
        p.weapon.is_some()
            && p.ammo > 0
            && (0..self.s.pieces.len()).any(|k| {
                let e = &self.s.pieces[k];
                e.role != p.role && e.fighting() && self.could_engage(i, k)
            })
    }

    /// Makes one side's target lists for a fire phase: stands still fighting
    /// first, nearest first; then those going back.
    fn target_lists(&mut self, role: Role) {
        const INDEX: u64 = (1 << 20) - 1;
        let mut keys = std::mem::take(&mut self.s.keys);
        let r = role.index();
        let mut list = std::mem::take(&mut self.s.targets[r]);
        if !self.s.targets_built[r] {
            list.clear();
            list.extend((0..self.s.pieces.len()).filter(|&j| self.s.pieces[j].role.index() == r));
        }
        // Stands never come back onto the field, so last phase's list less
        // those gone is this phase's, and nearly in order. Each stand's
        // sort key is packed in one word: going back, distance, index.
        keys.clear();
        keys.extend(list.iter().filter_map(|&j| {
            let t = &self.s.pieces[j];
            let at = u64::try_from(t.dist + t.back).unwrap_or(0);
            t.on_field()
                .then(|| (u64::from(!t.fighting()) << 60) | (at << 20) | j as u64)
        }));
        if !keys.is_sorted() {
            keys.sort_unstable();
        }
        list.clear();
        list.extend(keys.iter().map(|k| (k & INDEX) as usize));
        self.s.split[r] = keys.partition_point(|k| k >> 60 == 0);
        let armour = &mut self.s.armour_targets[r];
        armour.clear();
        armour.extend(
            list.iter()
                .copied()
                .filter(|&j| self.s.pieces[j].armour > 0),
        );
        self.s.armour_split[r] = armour
            .iter()
            .take_while(|&&j| self.s.pieces[j].fighting())
            .count();
        self.s.targets[r] = list;
        self.s.keys = keys;
        self.s.targets_built[r] = true;
    }

    /// Suppressive fire (BiA's third phase): a stationary defender whose
    /// target of choice is an attacker about to move (marked by
    /// `mark_movers`) or an attacking aircraft (BiA L146: "including AD
    /// systems") fires at it now; one whose target stands still keeps its
    /// fire for the firing phase, where the order of fire decides who shoots
    /// first.
    pub(super) fn suppressive_fire(&mut self) {
        self.target_lists(Role::Attacker);
        let mut order = std::mem::take(&mut self.s.order);
        order.clear();
        order.extend(self.p.rank[Role::Defender.index()].iter().copied());
        self.s.suppressive = true;
        for &i in &order {
            // A defender that retired to cover this turn is not stationary.
            if self.can_fire(i) && !self.s.pieces[i].moved {
                // Aircraft fly in before they attack (movement, air first):
                // air defence meets them now. An aircraft is never stationary:
                // it engages aircraft here, but its attack on the ground is
                // air to surface, the first fire of the firing phase (L151).
                let flyer = self.s.pieces[i].is_aircraft;
                match self.pick_target(i) {
                    Some(j) if self.s.pieces[j].is_aircraft => self.fire_at(i, j),
                    Some(j) if self.s.pieces[j].moved && !flyer => self.fire_at(i, j),
                    _ => {}
                }
            }
        }
        self.s.suppressive = false;
        self.s.order = order;
    }

    /// The firing phase (BiA's fifth): every stand that has not fired this
    /// turn, both sides in one order (BiA L387–391): stationary before
    /// moving, then more experienced before less and better trained before
    /// worse, whichever side they are on; equal ranks, defenders first.
    pub(super) fn firing_phase(&mut self) {
        self.target_lists(Role::Attacker);
        self.target_lists(Role::Defender);
        let mut order = std::mem::take(&mut self.s.order);
        order.clear();
        let mut moving = std::mem::take(&mut self.s.keys);
        moving.clear();
        for &i in &self.p.rank_all {
            if self.can_fire(i) {
                if self.s.pieces[i].moved {
                    moving.push(i as u64);
                } else {
                    order.push(i);
                }
            }
        }
        order.extend(moving.iter().map(|&i| i as usize));
        self.s.keys = moving;
        for &i in &order {
            if !self.can_fire(i) {
                continue;
            }
            if let Some(j) = self.pick_target(i) {
                self.fire_at(i, j);
            }
        }
        self.s.order = order;
    }

    /// Fighting, armed, with ammunition, and not yet fired this turn.
    fn can_fire(&self, i: usize) -> bool {
        let p = &self.s.pieces[i];
        p.fighting()
            && p.weapon.is_some()
            && p.ammo > 0
            && !p.fired_now
            && p.host.is_none()
            && !p.evasive
    }

    fn fire_at(&mut self, i: usize, j: usize) {
        self.s.pieces[i].fired_now = true;
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        if t.is_aircraft && f.is_aircraft {
            self.air_to_air(i, j);
        } else if t.is_aircraft {
            self.air_defence(i, j);
        } else if f.is_aircraft && f.weapon == Some(Weapon::MultiCannon) {
            self.strafe(i, j);
        } else {
            self.shoot(i, j);
        }
        self.drop_target(j);
    }

    /// Orbital activity: each side's weapons platforms in orbit fire as
    /// artillery does, at the nearest enemy stand still fighting that they
    /// can hurt, attackers' platforms first.
    pub(super) fn orbital_phase(&mut self) {
        if !self.p.orbit {
            return;
        }
        for role in [Role::Attacker, Role::Defender] {
            self.target_lists(role.other());
            for i in 0..self.s.pieces.len() {
                let p = &self.s.pieces[i];
                if p.role != role || !p.in_orbit() || p.weapon.is_none() || p.ammo <= 0 {
                    continue;
                }
                let Some(j) = self.pick_target(i) else {
                    continue;
                };
                self.shoot(i, j);
                self.drop_target(j);
            }
        }
    }

    /// Takes a stand out of the fire phase's target lists once it is off the
    /// field, so later firers do not step over it. (A stand made ineffective
    /// keeps its place until the next phase's lists; the choice of target
    /// passes over it while a stand still fighting is in reach.)
    #[inline]
    fn drop_target(&mut self, j: usize) {
        if self.s.pieces[j].on_field() {
            return;
        }
        self.drop_off_field(j);
    }

    fn drop_off_field(&mut self, j: usize) {
        let r = self.s.pieces[j].role.index();
        let lists = [
            (&mut self.s.targets[r], &mut self.s.split[r]),
            (&mut self.s.armour_targets[r], &mut self.s.armour_split[r]),
        ];
        for (list, split) in lists {
            if let Some(k) = list.iter().position(|&x| x == j) {
                list.remove(k);
                if k < *split {
                    *split -= 1;
                }
            }
        }
    }

    /// A turn of fire spent.
    pub(super) fn spend(&mut self, i: usize) {
        let f = &mut self.s.pieces[i];
        f.ammo -= 1;
        f.ammo_spent += 1;
        f.fired = true;
        let side = f.role.index();
        self.s.fired[side] = true;
    }

    /// What being shot at does to the target: it is under fire (from the
    /// air, or indirect), and tests if it is the first time.
    pub(super) fn mark_target(&mut self, i: usize, j: usize) {
        let f = &self.s.pieces[i];
        let indirect = indirect(f.kind, f.weapon);
        let from_the_air = f.is_aircraft;
        let t = &mut self.s.pieces[j];
        t.air_attacked |= from_the_air;
        if t.fighting() {
            t.call_test(Trigger::FirstFire);
        }
        t.under_fire = true;
        t.shelled |= indirect;
    }

    pub(super) fn shoot(&mut self, i: usize, j: usize) {
        self.shot(i, j, true);
    }

    /// One roll to hit and its effect; the hits scored. `ammo`: the shot
    /// costs a turn of fire (a strafing run pays once for its whole line).
    pub(super) fn shot(&mut self, i: usize, j: usize, ammo: bool) -> i64 {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        // The umpire's situation, in table play, overrides what the pieces say.
        let (range, said_cover, said_moving, extra) = match &self.s.situation {
            None => (self.range(f, t), None, false, 0),
            Some(s) => (
                s.range,
                Some(s.cover.unwrap_or(Cover::Open)),
                s.moving,
                s.extra.iter().sum(),
            ),
        };
        let Some(line) = f.line else { return 0 };
        let Some(band) = band_index(range) else {
            return 0;
        };
        let Some(cell) = line.cells[band] else {
            return 0;
        };
        let cover = match said_cover {
            Some(c) => c,
            // Inside the position the walls still count, the rest of the
            // cover no longer does.
            None if f.dist == 0 && f.role == Role::Attacker && t.back == 0 => match t.cover {
                Cover::Bunker => Cover::Cover,
                _ => Cover::Open,
            },
            None => t.cover,
        };
        let moving = f.moved || said_moving;
        let total = i64::from(f.firer_mod[usize::from(moving)])
            + i64::from(f.escort)
            + i64::from(t.target_mod[target_mod_index(cover, t.moved, t.non_tactical, line.blast)])
            + extra;
        let mods = if self.s.log.is_on() {
            self.named_modifiers(f, t, moving, cover, line.blast, total)
        } else {
            Vec::new()
        };
        let (aircraft, artillery) = (f.is_aircraft, indirect(f.kind, f.weapon));
        let roll = self.s.dice.d10();
        let hits = hits_for(roll + total, cell.hit);
        if ammo {
            self.spend(i);
        }
        self.mark_target(i, j);
        if self.s.log.is_on() {
            let (firer, target) = (self.code(i).to_string(), self.code(j).to_string());
            let phase = if aircraft && self.s.pieces[i].weapon == Some(Weapon::MultiCannon) {
                "strafing"
            } else if aircraft {
                "air to surface"
            } else if self.s.pieces[i].in_orbit() {
                "orbital fire"
            } else if artillery {
                "indirect fire"
            } else if self.s.suppressive {
                "suppressive fire"
            } else {
                "fire"
            };
            let side = Some(self.s.pieces[i].role);
            self.log(
                side,
                BiaEvent::Fire {
                    phase,
                    firer,
                    target,
                    range_cm: range,
                    band: BANDS[band],
                    hit_number: cell.hit,
                    roll,
                    modifiers: mods
                        .iter()
                        .map(|&(name, modifier)| Mod { name, modifier })
                        .collect(),
                    modified_roll: roll + total,
                    hits,
                },
            );
        }
        if hits == 0 {
            return 0;
        }
        if self.s.pieces[j].is_vehicle || self.s.pieces[j].is_aircraft {
            for _ in 0..hits {
                if !self.s.pieces[j].fighting() {
                    break;
                }
                self.penetrate(j, cell.pen);
            }
        } else {
            self.wound(j, hits);
        }
        hits
    }

    /// A shot's modifiers by name, for the log (the total comes from the
    /// stands' shares worked out once; both come from the same table).
    fn named_modifiers(
        &self,
        f: &Piece,
        t: &Piece,
        moving: bool,
        cover: Cover,
        blast: bool,
        total: i64,
    ) -> Vec<(&'static str, i64)> {
        let (firer, target) = (
            f.as_firer(moving),
            t.as_target(cover, t.moved, t.non_tactical),
        );
        let extra = self
            .s
            .situation
            .iter()
            .flat_map(|s| s.extra.iter().copied());
        let named: Vec<(&'static str, i64)> = modifiers(&firer, &target, blast)
            .iter()
            .map(|m| (m.name(), m.value()))
            .chain(extra.map(|m| ("mod", m)))
            .collect();
        debug_assert_eq!(named.iter().map(|(_, v)| v).sum::<i64>(), total);
        named
    }

    pub(super) fn penetrate(&mut self, j: usize, pen: Option<i64>) {
        let roll = self.s.dice.d10();
        let armour = self.s.pieces[j].armour;
        let (total, result) = penetration_result(pen, roll, armour);
        if self.s.log.is_on() {
            let target = self.code(j).to_string();
            let side = Some(self.s.pieces[j].role.other());
            self.log(
                side,
                BiaEvent::Penetration {
                    target,
                    armour,
                    roll,
                    penetration: pen,
                    total,
                    result: result.as_str(),
                },
            );
        }
        if result != PenetrationResult::NoEffect {
            let t = &mut self.s.pieces[j];
            t.knockout = Some(if result == PenetrationResult::Exploded {
                Knockout::Exploded
            } else {
                Knockout::Killed
            });
            t.hits = t.people;
            self.set_state(j, State::Destroyed);
        }
    }

    fn wound(&mut self, j: usize, hits: i64) {
        let t = &mut self.s.pieces[j];
        t.hits = (t.hits + hits).min(t.people);
        let total = t.hits_before + t.hits;
        let new_state = if total >= t.destroyed_at || t.hits >= t.people {
            State::Destroyed
        } else if total >= t.ineffective_at && t.state == State::Fighting {
            State::Ineffective
        } else {
            return;
        };
        if new_state == t.state {
            return;
        }
        self.set_state(j, new_state);
        if self.s.log.is_on() {
            let stand = self.code(j).to_string();
            let side = Some(self.s.pieces[j].role.other());
            self.log(
                side,
                BiaEvent::Hits {
                    stand,
                    hits: total,
                    destroyed: new_state == State::Destroyed,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests;
