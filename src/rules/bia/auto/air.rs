//! Fire at and from aircraft: ground air defence (SAMs, and infantry with
//! their own weapons), air-to-air combat, strafing, and which aircraft take
//! evasive action (BiA L425–480).

use super::events::{BiaEvent, Mod};
use super::piece::Piece;
use super::Battle;
use crate::core::kinds::Cover;
use crate::rules::bia::air_defence::{
    ad_entry, attack_range_cm, lock_on_number, AdEntry, Lock, METRES_PER_CM,
};
use crate::rules::bia::fire::{firer_total, modifiers, target_total};

/// Targets a strafing run may roll for, the first included (BiA L480).
pub const STRAFE_LINE: usize = 6;

/// Lock-on gives the shot this much (BiA L401).
const LOCKED_ON: i64 = 3;

impl Battle<'_, '_> {
    /// The firing modifiers of a shot at an aircraft, firer's and target's
    /// (an aircraft brings only chaff, lock-on and evasion; lock-on is
    /// added apart), with their names for the log.
    fn air_modifiers(&self, f: &Piece, t: &Piece) -> (i64, Vec<Mod>) {
        let firer = f.as_firer(f.moved);
        let target = t.as_target(Cover::Open, false, false);
        let total = firer_total(&firer) + target_total(&target, false);
        let named = if self.s.log.is_on() {
            modifiers(&firer, &target, false)
                .iter()
                .map(|m| Mod {
                    name: m.name(),
                    modifier: m.value(),
                })
                .collect()
        } else {
            Vec::new()
        };
        (total, named)
    }

    /// Whether firer `i` would engage aircraft `j`: in its system's reach
    /// (an aircraft over the field is at its attack range from the ground;
    /// aircraft meet each other anywhere) and with some chance to hit.
    pub(super) fn air_wanted(&self, i: usize, j: usize) -> bool {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        let Some(system) = f.ad else { return false };
        if !t.is_aircraft {
            return false;
        }
        let entry = ad_entry(system);
        if !f.is_aircraft && entry.range_m < attack_range_cm(t.speed) * METRES_PER_CM {
            return false;
        }
        let Some(number) = lock_on_number(entry.line, t.speed) else {
            return false;
        };
        let (mods, _) = self.air_modifiers(f, t);
        let can_lock = match entry.lock {
            Lock::No => false,
            // Air to air: the best roll must beat the target's worst.
            Lock::At(m) if f.is_aircraft => 10 + mods + m > 1 + firer_total(&t.as_firer(t.moved)),
            Lock::Yes if f.is_aircraft => 10 + mods > 1 + firer_total(&t.as_firer(t.moved)),
            Lock::At(m) => 10 + mods + m >= number,
            Lock::Yes => 10 + mods >= number,
        };
        let lock = if can_lock { LOCKED_ON } else { 0 };
        10 + mods + entry.firing + lock >= number
    }

    /// An enemy aircraft still fighting that firer `i` would engage; among
    /// several the dice choose.
    pub(super) fn pick_aircraft(&mut self, i: usize) -> Option<usize> {
        let role = self.s.pieces[i].role;
        let wanted = (0..self.s.pieces.len())
            .filter(|&j| {
                let t = &self.s.pieces[j];
                t.role != role && t.is_aircraft && t.fighting() && self.air_wanted(i, j)
            })
            .collect::<Vec<_>>();
        match wanted.len() {
            0 => None,
            1 => Some(wanted[0]),
            n => {
                let k = self.s.dice.d(u32::try_from(n).unwrap_or(u32::MAX)) - 1;
                wanted.get(usize::try_from(k).unwrap_or(0)).copied()
            }
        }
    }

    /// What `i`'s air-defence system brings against aircraft `j`: its table
    /// entry, the lock-on number at `j`'s speed, the normal firing modifiers
    /// (their sum and names) and the system's lock-on adjustment. `None`
    /// when `i` has no such system or the table gives `j` no number.
    fn engagement(&self, i: usize, j: usize) -> Option<Engagement> {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        let entry = ad_entry(f.ad?);
        let number = lock_on_number(entry.line, t.speed)?;
        let (normal, named) = self.air_modifiers(f, t);
        let adjust = match entry.lock {
            Lock::At(m) => m,
            _ => 0,
        };
        Some(Engagement {
            entry,
            number,
            normal,
            named,
            adjust,
        })
    }

    /// Ground fire at an aircraft (BiA L447–468): a lock-on roll for a
    /// system that has a targeting system, then the shot; both take the
    /// normal firing modifiers, the lock-on its system's adjustment, the
    /// shot its firing adjustment and +3 if locked on.
    pub(super) fn air_defence(&mut self, i: usize, j: usize) {
        let Some(Engagement {
            entry,
            number,
            normal,
            named,
            adjust,
        }) = self.engagement(i, j)
        else {
            return;
        };
        // No roll for a lock that no face of the die could give.
        let can_lock = entry.lock != Lock::No && 10 + normal + adjust >= number;
        let lock_roll = can_lock.then(|| self.s.dice.d10());
        let lock = lock_roll.map(|r| (r, r + normal + adjust));
        let locked = lock.is_some_and(|(_, total)| total >= number);
        self.air_shot(i, j, entry, number, normal, named, lock, None, locked);
    }

    /// Air-to-air combat (BiA L472): firer and target each roll a d10 with
    /// their manoeuvrability (taken as equal: the text gives no numbers) and
    /// the normal firing modifiers each would have as firer; the firer locks
    /// on if its roll is the higher and its system can lock. Then the shot,
    /// on the system's line, as from the ground.
    pub(super) fn air_to_air(&mut self, i: usize, j: usize) {
        let Some(Engagement {
            entry,
            number,
            normal,
            named,
            adjust,
        }) = self.engagement(i, j)
        else {
            return;
        };
        let t = &self.s.pieces[j];
        let evader = firer_total(&t.as_firer(t.moved));
        let roll = self.s.dice.d10();
        let against = self.s.dice.d10();
        let total = roll + normal + adjust;
        let locked = entry.lock != Lock::No && total > against + evader;
        let opposed = Some((against, against + evader));
        self.air_shot(
            i,
            j,
            entry,
            number,
            normal,
            named,
            Some((roll, total)),
            opposed,
            locked,
        );
    }

    /// The shot at an aircraft once lock-on is settled: the lock-on number
    /// (decided: also the number to hit) or more; a hit always penetrates.
    #[allow(clippy::too_many_arguments)]
    fn air_shot(
        &mut self,
        i: usize,
        j: usize,
        entry: AdEntry,
        number: i64,
        normal: i64,
        modifiers: Vec<Mod>,
        lock: Option<(i64, i64)>,
        opposed: Option<(i64, i64)>,
        locked: bool,
    ) {
        let fire_roll = self.s.dice.d10();
        let lock_bonus = if locked { LOCKED_ON } else { 0 };
        let modified = fire_roll + normal + entry.firing + lock_bonus;
        let hit = modified >= number;
        self.spend(i);
        self.mark_target(i, j);
        if self.s.log.is_on() {
            let (firer, target) = (self.code(i).to_string(), self.code(j).to_string());
            let side = Some(self.s.pieces[i].role);
            self.log(
                side,
                BiaEvent::AirDefence {
                    firer,
                    target,
                    modifiers,
                    system_lock: match entry.lock {
                        Lock::At(m) => m,
                        _ => 0,
                    },
                    system_firing: entry.firing,
                    lock_roll: lock.map(|(r, _)| r),
                    lock_total: lock.map(|(_, t)| t),
                    opposed,
                    locked,
                    roll: fire_roll,
                    modified_roll: modified,
                    hit_number: number,
                    hit,
                },
            );
        }
        if hit {
            self.penetrate(j, Some(0));
        }
    }

    /// Strafing (BiA L480): a multi-cannon aircraft rolls for each stand in
    /// a line, the first target and then the enemy stands nearest it, up to
    /// six; the first miss ends the run. One turn of fire pays for it.
    pub(super) fn strafe(&mut self, i: usize, first: usize) {
        let role = self.s.pieces[i].role;
        let at = |p: &Piece| p.dist + p.back;
        let from = at(&self.s.pieces[first]);
        let mut line: Vec<usize> = (0..self.s.pieces.len())
            .filter(|&j| {
                let t = &self.s.pieces[j];
                j != first
                    && t.role != role
                    && t.fighting()
                    && !t.is_aircraft
                    && self.s.pieces[i].can_hurt(t)
            })
            .collect();
        line.sort_by_key(|&j| ((at(&self.s.pieces[j]) - from).abs(), j));
        line.truncate(STRAFE_LINE - 1);
        line.insert(0, first);
        for (k, j) in line.into_iter().enumerate() {
            if self.shot(i, j, k == 0) == 0 {
                break;
            }
        }
    }

    /// Orders for aircraft: one with nothing it could engage this turn
    /// (unarmed, out of ammunition, or no enemy its weapon can hurt) takes
    /// evasive action, −3 to be hit; it cannot fire while it does.
    pub(super) fn air_orders(&mut self) {
        for i in 0..self.s.pieces.len() {
            let p = &self.s.pieces[i];
            if !p.is_aircraft || !p.fighting() {
                continue;
            }
            let idle = p.weapon.is_none()
                || p.ammo <= 0
                || !self
                    .s
                    .pieces
                    .iter()
                    .any(|t| t.role != p.role && t.fighting() && p.can_hurt(t));
            if idle != p.evasive && self.s.log.is_on() {
                let stand = self.code(i).to_string();
                let role = Some(p.role);
                self.log(
                    role,
                    BiaEvent::Evasive {
                        stand,
                        evasive: idle,
                    },
                );
            }
            self.s.pieces[i].evasive = idle;
        }
    }
}

/// An air-defence system's engagement of one aircraft, before any roll.
struct Engagement {
    entry: AdEntry,
    number: i64,
    normal: i64,
    named: Vec<Mod>,
    adjust: i64,
}
