//! Attacks: range and weapon value, target choice, fire at readied
//! triggers, opposed d100 attacks with their modifiers, area attacks and
//! scatter, and the life level each hit takes.

use super::events::{ActEvent, Mod};
use super::fast::ground_value;
use super::{Battle, State};
use crate::battle::result::{Knockout, Role};
use crate::core::kinds::Cover;
use crate::rules::action::modifiers::Situation;
use crate::rules::action::opposed::{self, Outcome};
use crate::rules::action::range::{grids, Grid};
use crate::rules::action::{air, mapping, scatter, sequence, templates, weapons};

/// What an attack is, beyond what the two elements' state says.
#[derive(Debug, Clone, Default)]
pub(crate) struct Shot {
    /// Range in grids (elevation included).
    pub range: i64,
    pub cover: bool,
    pub bunker: bool,
    pub higher: bool,
    pub lower: bool,
    pub stunned: bool,
    /// Extra modifiers the umpire gives.
    pub extra: Vec<i64>,
    /// Part of an area attack or a scattered shot: costs no action point.
    pub via: Option<Via>,
    /// The weapon value at `range` where whoever made the shot has looked
    /// it up already (the auto action does, to see whether to close);
    /// `None`: the roll looks it up.
    pub value: Option<i64>,
}

/// Why a roll costs no action point: it is part of another attack. Named in
/// the log only, so odds runs build no text for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Via {
    /// Under the template of a hit on this element.
    Area(usize),
    /// Under where a missed shot at this element came down.
    Scatter(usize),
    /// Typed at the table as another roll of the same attack.
    Extra,
}

impl Via {
    fn text(self, b: &Battle) -> String {
        match self {
            Via::Area(j) => format!("area of the shot at {}", b.code(j)),
            Via::Scatter(j) => format!("scatter of the shot at {}", b.code(j)),
            Via::Extra => "extra roll of the same attack".into(),
        }
    }
}

/// The figures of one opposed roll, handed to its log line.
struct Rolled {
    role: Role,
    combat_skill: i64,
    weapon: i64,
    officer: i64,
    ab: i64,
    db: i64,
    ra: i64,
    rd: i64,
    bunker: i64,
    hit: bool,
    ap_left: Option<i64>,
    move_left: i64,
}

impl Battle<'_, '_> {
    /// Grids between two elements; aircraft are as far as they fly high.
    pub(crate) fn distance(&self, i: usize, j: usize) -> i64 {
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        match (a.air, b.air) {
            (Some(_), _) => air::attack_grids(a.bia.attack_range_cm),
            (_, Some(_)) => air::attack_grids(b.bia.attack_range_cm),
            _ => grids(a.pos, b.pos).max(1),
        }
    }

    /// The weapon value of `i` against `j` at `range`, `None` when it cannot
    /// attack it at all. Always inlined: every action asks it, and the call
    /// cost more than the look-up.
    #[inline(always)]
    pub(crate) fn weapon_value(&self, i: usize, j: usize, range: i64) -> Option<i64> {
        if self.p.tables.air[j] {
            let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
            a.weapon?;
            return b.air.and_then(|speed| air::ad_value(&a.bia, speed));
        }
        let v = self.p.tables.ground(i, j, range);
        debug_assert_eq!(v, {
            let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
            ground_value(a, b.m.armour, b.m.hard_infantry, range)
        });
        v
    }

    /// The shot `i` would make at `j` in the auto-resolver.
    pub(super) fn auto_shot(&self, i: usize, j: usize) -> Shot {
        self.auto_shot_at(i, j, self.distance(i, j))
    }

    /// The same where the caller has the range (`distance`) already.
    /// Always inlined: as a call it saved registers and wrote the whole
    /// `Shot` through a pointer on every one of the auto action's shots.
    #[inline(always)]
    pub(super) fn auto_shot_at(&self, i: usize, j: usize, range: i64) -> Shot {
        debug_assert_eq!(range, self.distance(i, j));
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        let dug = b.role == Role::Defender && !b.is_aircraft() && range > 1;
        Shot {
            range,
            cover: (dug && self.p.setup.defender_cover != Cover::Open) || self.field_cover(i, j),
            bunker: dug && self.p.setup.defender_cover == Cover::Bunker,
            higher: a.is_aircraft() && !b.is_aircraft(),
            lower: b.is_aircraft() && !a.is_aircraft(),
            // Unable to move (L244): artillery and emplaced weapons.
            stunned: !b.m.mobile && !b.is_aircraft(),
            ..Shot::default()
        }
    }

    /// The roll against `k` caught under `i`'s template (area or scatter):
    /// a friend of the firer was not dug in against him, so loses the
    /// prepared position, but keeps the cover of the ground it stands in and
    /// of elements in the way (L181, L185, L206).
    pub(super) fn template_shot(&self, i: usize, k: usize) -> Shot {
        let mut s = self.auto_shot(i, k);
        if self.s.pieces[k].role == self.s.pieces[i].role {
            s.cover = self.field_cover(i, k);
            s.bunker = false;
        }
        s
    }

    /// Whether `i` could attack now at all (a weapon, ammunition, not in deep water).
    pub(super) fn armed(&self, i: usize) -> bool {
        let a = &self.s.pieces[i];
        a.fighting()
            && a.weapon.is_some()
            && (a.ammo > 0 || a.fired_this_turn)
            && self.p.terrain.can_attack_from()
    }

    /// The same choice looking at every piece: what the lists must agree with.
    pub(super) fn pick_target_scan(&self, i: usize, only: Option<usize>) -> Option<usize> {
        if !self.armed(i) {
            return None;
        }
        let a = &self.s.pieces[i];
        let mut best: Option<(bool, bool, i64, i64, usize)> = None;
        for (j, b) in self.s.pieces.iter().enumerate() {
            if b.role == a.role || !b.fighting() || only.is_some_and(|o| o != j) {
                continue;
            }
            if !self.may_see(i, j) {
                continue;
            }
            let range = self.distance(i, j);
            if self.weapon_value(i, j, range).is_none() {
                continue;
            }
            let armour_first = !(a.anti_armour() && b.m.armour > 0);
            let spares = match a.area_radius() {
                Some(r) if !b.is_aircraft() => self.friend_within(b.pos, r, a.role),
                _ => false,
            };
            let key = (armour_first, spares, range, self.column_gap(i, j), j);
            if best.is_none_or(|k| key < k) {
                best = Some(key);
            }
        }
        best.map(|k| k.4)
    }

    /// Readied enemies whose trigger `mover` has met attack it at once, first
    /// in the sequence, in initiative order.
    pub(super) fn ready_fire(&mut self, mover: usize) {
        debug_assert_eq!(
            self.s.readied,
            self.s.pieces.iter().filter(|x| x.ready.is_some()).count()
        );
        if self.s.readied == 0 {
            return;
        }
        for k in 0..self.s.order.len() {
            let r = self.s.order[k];
            let x = &self.s.pieces[r];
            let Some(on) = x.ready else { continue };
            if !x.fighting()
                || !self.s.pieces[mover].fighting()
                || x.role == self.s.pieces[mover].role
            {
                continue;
            }
            let range = self.distance(r, mover);
            let can = self.weapon_value(r, mover, range).is_some()
                && self.armed(r)
                && self.may_see(r, mover);
            if !sequence::triggered(
                match on {
                    Some(t) => sequence::Ready::On(t),
                    None => sequence::Ready::AnyInRange,
                },
                mover,
                can,
            ) {
                continue;
            }
            self.s.pieces[r].ready = None;
            self.s.readied -= 1;
            self.s.pieces[r].readied_on = Some(Some(mover));
            let shot = self.auto_shot(r, mover);
            self.attack(r, mover, &shot);
        }
    }

    /// The situations that apply to `i` attacking `j`.
    pub(crate) fn situations(&self, i: usize, j: usize, shot: &Shot) -> Vec<Situation> {
        let mut out = Vec::new();
        self.each_situation(i, j, shot, |s| out.push(s));
        out
    }

    /// Each situation that applies, handed over in turn (no list is built).
    fn each_situation(&self, i: usize, j: usize, shot: &Shot, mut out: impl FnMut(Situation)) {
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        // Only against the element the Ready was on, or the one whose move
        // into range set it off (L243: "this unit/location").
        if a.readied_on == Some(Some(j)) {
            out(Situation::Readied);
        }
        if shot.stunned {
            out(Situation::DefenderStunned);
        }
        if b.attacked {
            out(Situation::DefenderAlreadyAttacked);
        }
        if a.moved {
            out(Situation::AttackerMoved);
        }
        if shot.higher {
            out(Situation::AttackerHigher);
        }
        if shot.lower {
            out(Situation::AttackerLower);
        }
        if shot.cover && shot.range > 1 {
            out(Situation::DefenderCover);
        }
        if a.injured {
            out(Situation::AttackerInjured);
        }
        if b.injured {
            out(Situation::DefenderInjured);
        }
    }

    /// One opposed roll of `i` against `j`; area weapons then roll against
    /// everyone else in the template, and scatter when they miss.
    #[inline]
    pub(crate) fn attack(&mut self, i: usize, j: usize, shot: &Shot) -> Outcome {
        let free = shot.via.is_some();
        let out = self.one_roll(i, j, shot);
        if free || self.s.pieces[j].is_aircraft() {
            return out;
        }
        let Some(radius) = self.p.scatter[i] else {
            return out;
        };
        self.template_rolls(i, j, radius, out)
    }

    /// What an area or scatter weapon does after its roll at `j`: the blast
    /// of a hit, or where a miss came down, and the rolls against everyone
    /// under it. Out of line: few attacks get here, and inlined it made
    /// every attack save and restore registers for it.
    #[inline(never)]
    fn template_rolls(&mut self, i: usize, j: usize, radius: i64, out: Outcome) -> Outcome {
        debug_assert_eq!(Some(radius), {
            let x = &self.s.pieces[i];
            x.weapon.and_then(|w| weapons::scatter_radius(&x.bia, w))
        });
        let centre = match out {
            // A missile's hit is the target's alone; a blast takes the area.
            Outcome::Hit if self.p.tables.area[i].is_some() => Some(self.s.pieces[j].pos),
            Outcome::Hit => None,
            Outcome::NoEffect => self.scatter(i, j),
        };
        let Some(centre) = centre else { return out };
        let via = if out == Outcome::Hit {
            Via::Area(j)
        } else {
            Via::Scatter(j)
        };
        // Everyone under the template, in index order: the grids round the
        // centre hold them (one element a grid, L171), read a row at a time
        // into room the fight keeps (thousands of attacks a run).
        let mut under = std::mem::take(&mut self.s.under);
        under.clear();
        let pieces = &self.s.pieces;
        self.s.occupied.each_within(centre, radius, |k| {
            let b = &pieces[k];
            if k != i && k != j && b.fighting() && templates::in_area(centre, radius, b.pos) {
                under.push(k);
            }
        });
        under.sort_unstable();
        debug_assert_eq!(
            under,
            (0..self.s.pieces.len())
                .filter(|&k| {
                    let b = &self.s.pieces[k];
                    k != i
                        && k != j
                        && b.fighting()
                        && !b.is_aircraft()
                        && templates::in_area(centre, radius, b.pos)
                })
                .collect::<Vec<_>>()
        );
        for &k in &under {
            // An earlier roll of this attack may have taken it out.
            if !self.s.pieces[k].fighting() {
                continue;
            }
            let mut s = self.template_shot(i, k);
            s.via = Some(via);
            self.one_roll(i, k, &s);
        }
        self.s.under = under;
        out
    }

    /// Where a missed area shot lands: the direction and distance d100s, in
    /// the attacker's frame (direction 1 carries on away from the attacker),
    /// logged with where it came down and whether anyone can be hurt there
    /// (rules text L300-302).
    pub(crate) fn scatter(&mut self, i: usize, j: usize) -> Option<Grid> {
        let dir_roll = self.s.dice.d100();
        let direction = scatter::direction(dir_roll);
        let (dist_roll, grids_n) = match direction {
            Some(_) => {
                let r = self.s.dice.d100();
                (Some(r), scatter::distance(r))
            }
            None => (None, None),
        };
        let landed = direction.zip(grids_n).map(|(d, g)| scatter::offset(d, g));
        let centre = landed.map(|(side, onward)| {
            let (a, t) = (self.s.pieces[i].pos, self.s.pieces[j].pos);
            // Onward points from the attacker to the target along the rows.
            let sign = if t.1 < a.1 { -1 } else { 1 };
            (t.0 + side * sign, t.1 + onward * sign)
        });
        let x = &self.s.pieces[i];
        let radius = x
            .weapon
            .and_then(|w| weapons::scatter_radius(&x.bia, w))
            .unwrap_or(0);
        // For the log only: odds runs skip the count.
        let under = |b: &Self| {
            centre.map_or(0, |c| {
                b.s.pieces
                    .iter()
                    .enumerate()
                    .filter(|&(k, b)| {
                        k != i
                            && k != j
                            && b.fighting()
                            && !b.is_aircraft()
                            && templates::in_area(c, radius, b.pos)
                    })
                    .count()
            })
        };
        self.log(Some(self.s.pieces[i].role), move |b| ActEvent::Scatter {
            phase: b.s.phase,
            attacker: b.code(i),
            target: b.code(j),
            direction_roll: dir_roll,
            direction,
            distance_roll: dist_roll,
            grids: grids_n,
            landed,
            under: under(b),
        });
        centre
    }

    /// The opposed roll itself, its log line and its damage.
    pub(crate) fn one_roll(&mut self, i: usize, j: usize, shot: &Shot) -> Outcome {
        let weapon = match shot.value {
            Some(v) => v,
            None => self.weapon_value(i, j, shot.range).unwrap_or(0),
        };
        debug_assert_eq!(weapon, self.weapon_value(i, j, shot.range).unwrap_or(0));
        let mut modifiers = shot.extra.iter().sum::<i64>();
        self.each_situation(i, j, shot, |s| modifiers += s.modifier());
        // Each piece is looked up once: odds runs make thousands of these
        // rolls a fight, and the repeated look-ups were a fifth of one.
        let (a, b) = (&self.s.pieces[i], &self.s.pieces[j]);
        let (combat_skill, officer, role) = (a.m.element.combat_skill, a.m.officer_bonus, a.role);
        let ab = combat_skill + weapon + officer + modifiers;
        let bunker = if shot.bunker && shot.range > 1 {
            mapping::BUNKER_BONUS
        } else {
            0
        };
        let db = b.m.element.defence_bonus() + bunker;
        let s = &mut self.s;
        let (ra, rd) = s.dice.opposed();
        let out = opposed::attack(ab, db, ra, rd);
        let x = &mut s.pieces[i];
        if shot.via.is_none() {
            x.ap -= 1;
            if !x.fired_this_turn {
                x.ammo -= 1;
                x.ammo_spent += 1;
            }
            x.fired_this_turn = true;
            if x.ready.take().is_some() {
                s.readied -= 1;
            }
            x.acted_in = s.phase;
        }
        x.fired = true;
        let ap_left = shot.via.is_none().then_some(x.ap + x.move_ap);
        let move_left = x.move_ap;
        // The event and its named modifiers are for the log alone: odds
        // runs build neither.
        if self.s.log.is_on() {
            let rolled = Rolled {
                role,
                combat_skill,
                weapon,
                officer,
                ab,
                db,
                ra,
                rd,
                bunker,
                hit: out == Outcome::Hit,
                ap_left,
                move_left,
            };
            self.log_roll(i, j, shot, rolled);
        }
        let t = &mut self.s.pieces[j];
        t.under_fire = true;
        t.attacked = true;
        if self.s.log.is_on() {
            if out == Outcome::Hit {
                self.lose_life_level(j);
            }
        } else {
            self.take_hit(j, out == Outcome::Hit);
        }
        out
    }

    /// A hit's worth (`hit`: 0 or 1 of them) taken by element `j`: life
    /// level, `injured`, hits and its group's count move by it whatever it
    /// is, so a quiet run's roll (near a coin toss, and mispredicted about
    /// as often) picks no branch; only an element put out takes one, to
    /// leave the fight. Whether it was put out. The one body for the logged
    /// path (`lose_life_level`) and the quiet one.
    #[inline(always)]
    fn take_hit(&mut self, j: usize, hit: bool) -> bool {
        let x = &mut self.s.pieces[j];
        debug_assert!(x.ll >= 0 && x.hits <= x.people);
        let h = i64::from(hit);
        let before = x.hits;
        x.ll = (x.ll - opposed::LL_PER_HIT * h).max(0);
        x.injured |= hit;
        x.hits = (x.hits + h * i64::from(!x.m.vehicle)).min(x.people);
        let out = hit && x.ll == 0;
        if out && x.m.vehicle {
            x.hits = x.people;
            x.knockout = Some(Knockout::Killed);
        }
        self.s.group_hits[x.group] += x.hits - before;
        if out {
            self.stop_fighting(j, State::Out);
        }
        out
    }

    /// The roll's log line with its named modifiers. Kept out of line and
    /// cold: odds runs never log, and inlined it made every roll save and
    /// restore registers the quiet path does not need.
    #[cold]
    #[inline(never)]
    fn log_roll(&mut self, i: usize, j: usize, shot: &Shot, r: Rolled) {
        let mods: Vec<Mod> = self
            .situations(i, j, shot)
            .iter()
            .map(|s| Mod {
                name: s.name(),
                modifier: s.modifier(),
            })
            .chain(shot.extra.iter().map(|&m| Mod {
                name: "umpire",
                modifier: m,
            }))
            .collect();
        self.log(Some(r.role), move |b| ActEvent::Attack {
            phase: b.s.phase,
            attacker: b.code(i),
            target: b.code(j),
            range: shot.range,
            combat_skill: r.combat_skill,
            weapon: r.weapon,
            officer: r.officer,
            situations: mods,
            attack_bonus: r.ab,
            defence_bonus: r.db,
            attack_roll: r.ra,
            defence_roll: r.rd,
            bunker: r.bunker,
            via: shot.via.map(|v| v.text(b)),
            hit: r.hit,
            ap_left: r.ap_left,
            move_left: r.move_left,
        });
    }

    /// One LL lost: for people one person hit. An element fights on until
    /// its LL reach 0 (rules text L109-111); then it is inactive, and a
    /// vehicle's crew bail out to the aid post.
    pub(crate) fn lose_life_level(&mut self, j: usize) {
        let out = self.take_hit(j, true);
        let vehicle = self.s.pieces[j].m.vehicle;
        let effect = match (out, vehicle) {
            (false, _) => "fights on",
            (true, true) => "knocked out",
            (true, false) => "out of action",
        };
        let x = &self.s.pieces[j];
        let (ll, hits) = (x.ll, x.hits);
        let role = x.role;
        self.log(Some(role.other()), move |b| ActEvent::LifeLost {
            phase: b.s.phase,
            stand: b.code(j),
            life_levels: ll,
            hits,
            effect,
        });
    }
}
