//! Fire: opportunity fire, what each element can do against each target,
//! target choice, a unit's fire plan and its shots to the hit (direct fire,
//! guided missiles, small arms). What a hit does is in `damage`.

use super::events::DsEvent;
use super::{rolled, Attack, Battle, Post};
use crate::core::ladder::Die;
use crate::rules::dirtside::chits;
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::effectiveness::{effectiveness, effectiveness_die, firing_elements};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::fire_control::{self, Band, Position};
use crate::rules::dirtside::infantry::{self, Cover, Role as TeamRole};
use crate::rules::dirtside::missiles::{self, Grade};
use crate::rules::dirtside::weapons::{System, Weapon};

/// How one element engages one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    /// A direct-fire gun: opposed roll, then chits.
    Direct(Weapon),
    /// A guided missile: area defence, then guidance against ECM.
    Missile(Weapon),
    /// Small arms or a vehicle's APSW: chits only (a firefight draw).
    Small(Weapon),
    /// A vehicle gun against infantry: chits only.
    AntiPersonnel(Weapon, usize),
    /// An infantry rocket at a vehicle within 4".
    Iavr,
}

/// What the umpire says about one shot in table play.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Situation {
    pub band: Option<Band>,
    pub cover: Option<Position>,
    pub moving: bool,
    /// Opportunity fire: only direct-fire weapons fire (L167), not small arms.
    pub direct_only: bool,
}

impl Battle<'_, '_> {
    /// Unactivated enemy units able to engage the mover with direct-fire
    /// weapons fire at it now (L167). Small arms and APSW fire is an infantry
    /// firefight, a different combat action (L91), so it does not take
    /// opportunity fire (docs/rules-decisions.md). Broken units may fire
    /// (L260); routed ones may not.
    pub(crate) fn opportunity_fire(&mut self, mover: usize) {
        let role = self.s.units[mover].role;
        let other = role.other();
        let direct = Situation {
            direct_only: true,
            ..Situation::default()
        };
        // Only a unit's fire can end the battle or take the mover off, so
        // that is asked before the walk and after each fire.
        let gone = |b: &Self| b.s.over.is_some() || !b.present(mover) || b.s.units[mover].out;
        if gone(self) {
            return;
        }
        // The side's compact entries are exactly its units on the table, in
        // order, with their idle bit: most are already activated, so few
        // reach the wide `Unit`. Walked by position; after a unit fires the
        // walk goes on from the next unit after it, wherever it now stands.
        debug_assert!(self.seen_ok(other.index()));
        let mut i = 0;
        while let Some(&y) = self.s.seen[other.index()].get(i) {
            i += 1;
            let v = y.unit();
            debug_assert_eq!(y.idle, !self.s.units[v].activated);
            if !y.idle || self.s.units[v].level >= Level::Routed {
                continue;
            }
            debug_assert!(self.s.units[v].role == other && self.present(v));
            debug_assert!(!gone(self));
            let range = self.gap(v, mover);
            // Units standing together: the kept ranges alone answer.
            let together = range < super::reach::MASKED && !self.apart(v) && !self.apart(mover);
            // Beyond the longest reach the unit began with: no shot at all.
            if together && range > self.unit_longest(v) {
                debug_assert_eq!(self.unit_direct(v, mover) >> range & 1, 0);
                continue;
            }
            if !together && self.unit_reach(v, mover) < self.nearest_gap(v, mover) {
                continue;
            }
            // Only a firer with some shot at the mover plans one (by lookup):
            // per pair of units from the memo while both stand together.
            let full = |b: &Self| {
                b.alive(v).any(|e| {
                    b.reaches_unit(e, mover, range)
                        && b.any_plan(e, mover, range, |p| !matches!(p, Plan::Small(_)))
                })
            };
            let reach = if together {
                let hit = self.unit_direct(v, mover) >> range & 1 == 1;
                debug_assert_eq!(hit, full(self), "direct fire of {v} at {mover}");
                hit
            } else {
                full(self)
            };
            if reach {
                let unit = self.s.units[v];
                self.set_activated(v, true);
                self.log(Some(unit.role), move |b| DsEvent::Activate {
                    unit: b.ucode(v),
                    confidence: unit.level.word(),
                    inches: unit.dist,
                    opportunity: true,
                });
                self.fire_unit(v, Some(mover), direct);
                self.end_activation(v);
                self.check_end();
                if gone(self) {
                    return;
                }
                i = self.s.seen[other.index()].partition_point(|y| y.unit() <= v);
            }
        }
    }

    /// Whether `e` has a shot at some element of unit `v` that `keep` accepts.
    /// `plan` sees a target only through its make and its unit, so one
    /// element of each make in a row is enough to try.
    pub(super) fn any_plan(
        &self,
        e: usize,
        v: usize,
        range: i64,
        keep: impl Fn(Plan) -> bool,
    ) -> bool {
        let mut tried: Option<Make> = None;
        let spread = self.apart(v);
        for t in self.alive(v) {
            let m = self.s.elements[t].make;
            if tried == Some(m) && !spread {
                continue;
            }
            if self.plan(e, t, range).is_some_and(&keep) {
                return true;
            }
            tried = Some(m);
        }
        false
    }

    /// An ADS keeps its sensors active while the enemy has missiles on the
    /// table, since it can only intercept when active (L155); otherwise it
    /// stays in ground-fire mode (L161). Active, it may not fire its guns at
    /// ground targets, and it is easier to see (L151).
    #[inline]
    pub(crate) fn ads_active(&self, e: usize) -> bool {
        let f = &self.s.elements[e];
        if !matches!(f.make, Make::Vehicle { ads: true, .. }) {
            return false;
        }
        self.enemy_missiles(f.role.other())
    }

    /// Whether side `enemy` has a missile-armed element on the table.
    fn enemy_missiles(&self, enemy: crate::battle::result::Role) -> bool {
        self.s.elements.iter().any(|g| {
            g.alive
                && g.role == enemy
                && match g.make {
                    Make::Team { launcher, .. } => launcher.is_some(),
                    Make::Vehicle { weapon, .. } => weapon.system.missile(),
                }
        })
    }

    /// What `e` can do against `t` when their units are `range` apart (an
    /// element left behind measures from where it stands; teams aboard a
    /// carrier neither fire nor are fired on).
    pub(crate) fn plan(&self, e: usize, t: usize, range: i64) -> Option<Plan> {
        if self.s.elements[e].aboard.is_some() || self.s.elements[t].aboard.is_some() {
            return None;
        }
        self.plan_at(e, t, self.element_range(e, t, range))
    }

    /// What `e` can do against `t` at `range` between the two elements.
    pub(crate) fn plan_at(&self, e: usize, t: usize, range: i64) -> Option<Plan> {
        let (f, g) = (&self.s.elements[e], &self.s.elements[t]);
        if !f.alive || !g.alive || f.systems_down {
            return None;
        }
        self.plan_against(e, g.make, range, || {
            self.infantry_cover(t, Situation::default())
        })
    }

    /// `plan_at` for a living firer `e` against a target of make `make` in
    /// the cover `cover` gives (asked only of teams under a vehicle's gun):
    /// also for a make and cover no element holds as things stand.
    #[inline]
    pub(super) fn plan_against(
        &self,
        e: usize,
        make: Make,
        range: i64,
        cover: impl FnOnce() -> Cover,
    ) -> Option<Plan> {
        let f = &self.s.elements[e];
        match (f.make, make) {
            (
                Make::Team {
                    class,
                    role,
                    launcher,
                    iavr,
                },
                _,
            ) => {
                if let Some(w) = launcher {
                    return (make.is_vehicle() && range <= w.max_range())
                        .then_some(Plan::Missile(w));
                }
                if role == TeamRole::Specialist {
                    return None;
                }
                let small = Weapon {
                    system: if role == TeamRole::Apsw {
                        System::Apsw
                    } else if class == infantry::Class::Powered {
                        System::PoweredRifle
                    } else {
                        System::Rifle
                    },
                    class: 0,
                };
                let reach = if role == TeamRole::Apsw {
                    infantry::APSW_RANGE
                } else {
                    infantry::rifle_range(class)
                };
                match make.armour() {
                    None => (range <= reach).then_some(Plan::Small(small)),
                    Some(_) if iavr && range <= 4 => Some(Plan::Iavr),
                    Some(0) => (range <= reach).then_some(Plan::Small(small)),
                    Some(_) => None,
                }
            }
            (Make::Vehicle { stats, weapon, .. }, Make::Vehicle { stats: ts, .. }) => {
                if weapon.system.small_arms() {
                    (ts.armour == 0 && range <= infantry::APSW_RANGE).then_some(Plan::Small(weapon))
                } else if weapon.system.missile() {
                    (range <= weapon.max_range()).then_some(Plan::Missile(weapon))
                } else if weapon.in_range(range, f.damaged) && !self.ads_active(e) {
                    Some(Plan::Direct(weapon))
                } else if stats.apsw && ts.armour == 0 && range <= infantry::APSW_RANGE {
                    Some(Plan::Small(Weapon {
                        system: System::Apsw,
                        class: 0,
                    }))
                } else {
                    None
                }
            }
            (Make::Vehicle { stats, weapon, .. }, Make::Team { .. }) => {
                if (weapon.system == System::Apsw || stats.apsw) && range <= infantry::APSW_RANGE {
                    return Some(Plan::Small(Weapon {
                        system: System::Apsw,
                        class: 0,
                    }));
                }
                let (n, reach) = weapon.against_infantry()?;
                // Only when some colour can count against the target's cover.
                let colours = chits::anti_personnel_validity(weapon.system, cover())?;
                (colours != chits::Colours::NONE
                    && !self.ads_active(e)
                    && range <= reach
                    && weapon.in_range(range, f.damaged))
                .then_some(Plan::AntiPersonnel(weapon, n))
            }
        }
    }

    /// Resolves declared shots as one attack.
    pub(crate) fn resolve_shots(
        &mut self,
        u: usize,
        mut shots: Vec<(usize, usize, Plan)>,
        sit: Situation,
    ) {
        if shots.is_empty() {
            self.s.spare_shots = shots;
            return;
        }
        let role = self.s.units[u].role;
        // APSW teams count among those firing first (`silence`): the shots
        // that need the roll and the APSW teams' among them, in one pass.
        // Counted without a branch on each shot's kind (mixed kinds in a
        // list were branches the predictor missed), with whether any shot is
        // a missile, the only shots the ADS pass below looks at.
        let (mut eligible, mut apsw, mut missiles) = (0, 0, false);
        for &(e, _, p) in &shots {
            let needs = self.needs_effectiveness(e, p);
            eligible += usize::from(needs);
            apsw += usize::from(needs & self.apsw_team(e));
            missiles |= matches!(p, Plan::Missile(_));
        }
        if eligible > 0 {
            let unit = self.s.units[u];
            let die = effectiveness_die(unit.quality, unit.marker).unwrap_or(Die::D4);
            let r = self.roll(die);
            let eff = effectiveness(r, unit.leadership);
            let firing = firing_elements(eff, eligible);
            self.log(Some(role), move |b| DsEvent::Effectiveness {
                unit: b.ucode(u),
                rolled: rolled(die, r),
                leadership: unit.leadership,
                result: eff.word(),
                firing,
                eligible,
            });
            // An APSW team fires when fewer APSW shots than `firing` come
            // before it, any other team when all APSW shots and those before
            // it are fewer: every one, when all may fire.
            if firing >= eligible {
                debug_assert!(apsw <= eligible);
            } else {
                self.silence(&mut shots, firing, apsw);
            }
        }
        let mut attack = self.new_attack();
        // Each ADS covering a target declares, once for the whole attack, how
        // many of its missiles it engages: as many as it can (L806-814).
        // Only an attack with a missile in it can meet an ADS.
        if missiles {
            for (_, t, p) in &shots {
                if !matches!(p, Plan::Missile(_)) {
                    continue;
                }
                if let Some(a) = self.area_defence(self.s.elements[*t].unit) {
                    match attack.ads.iter_mut().find(|x| x.0 == a) {
                        Some(x) => x.1 += 1,
                        None => attack.ads.push((a, 1, 0)),
                    }
                }
            }
        }
        for x in attack.ads.iter_mut() {
            x.1 = x.1.min(missiles::ads_capacity(Grade::Basic));
        }
        for &(e, t, plan) in &shots {
            if !self.s.elements[e].alive {
                continue;
            }
            self.s.elements[e].fired = true;
            self.s.elements[e].ammo_spent += 1;
            if let Make::Vehicle { aircraft: true, .. } = self.s.elements[e].make {
                attack.air = true;
            }
            let tu = self.s.elements[t].unit;
            // Listed once: the tests walk the list, sorted and deduplicated.
            if !attack.tally[tu].attacked {
                attack.tally[tu].attacked = true;
                attack.touched.push(tu);
            }
            if !self.s.elements[t].is_vehicle() {
                attack.tally[tu].marker = true;
            }
            if !self.s.elements[t].alive {
                continue; // declared at a target already killed: wasted
            }
            self.shoot(e, t, plan, sit, &mut attack);
        }
        self.after_attack(attack);
        shots.clear();
        self.s.spare_shots = shots;
    }

    /// Takes off the team shots beyond the first `firing` (APSW teams' first,
    /// `apsw` of them), in order; their targets are still under fire.
    fn silence(&mut self, shots: &mut Vec<(usize, usize, Plan)>, firing: usize, apsw: usize) {
        let (mut apsw_seen, mut other_seen) = (0, 0);
        // Kept shots slide down over the silenced ones, in order (a loop
        // the compiler inlines, where `retain` called a closure a shot).
        let mut kept = 0;
        for i in 0..shots.len() {
            let (e, t, p) = shots[i];
            let fires = !self.needs_effectiveness(e, p) || {
                let rank = if self.apsw_team(e) {
                    apsw_seen += 1;
                    apsw_seen - 1
                } else {
                    other_seen += 1;
                    apsw + other_seen - 1
                };
                rank < firing
            };
            if fires {
                shots[kept] = shots[i];
                kept += 1;
                continue;
            }
            // Targets of silenced teams are still under fire.
            let tu = self.s.elements[t].unit;
            if !self.s.elements[t].is_vehicle() {
                self.s.units[tu].marker = true;
                self.mark_under_fire(tu);
            }
        }
        shots.truncate(kept);
    }

    /// Infantry small arms and rockets need the unit's fire effectiveness.
    #[inline]
    fn needs_effectiveness(&self, e: usize, p: Plan) -> bool {
        !self.s.elements[e].is_vehicle() & matches!(p, Plan::Small(_) | Plan::Iavr)
    }

    #[inline]
    fn apsw_team(&self, e: usize) -> bool {
        matches!(
            self.s.elements[e].make,
            Make::Team {
                role: TeamRole::Apsw,
                ..
            }
        )
    }

    pub(super) fn mark_under_fire(&mut self, tu: usize) {
        // The mark is never lifted: once every element has it, again is a no-op.
        if self.s.units[tu].all_under_fire {
            debug_assert!(self.p.members[tu]
                .iter()
                .all(|&t| self.s.elements[t].under_fire));
            return;
        }
        self.s.units[tu].all_under_fire = true;
        let p = self.p;
        for &t in &p.members[tu] {
            self.s.elements[t].under_fire = true;
        }
    }

    #[inline]
    fn target_position(&self, t: usize, sit: Situation) -> Position {
        if let Some(p) = sit.cover {
            return p;
        }
        let unit = self.s.units[self.s.elements[t].unit];
        if unit.evading {
            return Position::Evading;
        }
        match unit.post {
            Post::Open => Position::None,
            Post::Soft => Position::Soft,
            Post::Dug => Position::HullDown,
        }
    }

    #[inline]
    pub(super) fn infantry_cover(&self, t: usize, sit: Situation) -> Cover {
        match self.target_position(t, sit) {
            Position::Soft | Position::PopUp => Cover::Soft,
            Position::DugIn | Position::HullDown | Position::TurretDown => Cover::DugIn,
            _ => Cover::Open,
        }
    }

    fn shoot(&mut self, e: usize, t: usize, plan: Plan, sit: Situation, attack: &mut Attack) {
        let (fu, tu) = (self.s.elements[e].unit, self.s.elements[t].unit);
        let role = self.s.elements[e].role;
        match plan {
            Plan::Direct(w) => {
                let range = self.element_range(e, t, self.gap(fu, tu));
                let Make::Vehicle { stats, .. } = self.s.elements[e].make else {
                    return;
                };
                let Some(band) = sit
                    .band
                    .or_else(|| w.band_at(range, self.s.elements[e].damaged))
                else {
                    return;
                };
                let mf = self.s.elements[e].mf();
                let fast = sit.moving || fire_control::moving_fast(self.s.units[fu].moved, mf);
                let Some(fd) = fire_control::firer_die(stats.fire_control, band, fast) else {
                    return;
                };
                let sig = match self.s.elements[t].make {
                    Make::Vehicle { stats, .. } => stats.signature + i64::from(self.ads_active(t)),
                    Make::Team { .. } => 5,
                };
                let td = fire_control::target_die(sig);
                let sd = fire_control::secondary_die(self.target_position(t, sit));
                let fr = self.roll(fd);
                let tr = self.roll(td);
                let sr = sd.map(|d| self.roll(d));
                let hit = fire_control::hits(fr, tr, sr);
                self.log(Some(role), move |b| DsEvent::Shot {
                    firer: b.code(e),
                    target: b.code(t),
                    weapon: w.to_string(),
                    range_in: range,
                    band: band.name(),
                    firer_die: rolled(fd, fr),
                    target_die: rolled(td, tr),
                    secondary: sd.zip(sr).map(|(d, r)| rolled(d, r)),
                    hit,
                });
                if hit && w.system == System::Slam {
                    self.slam_hit(e, t, w, band, sit, attack);
                } else if hit {
                    self.vehicle_damage(e, t, w, Some(band), sit, attack);
                }
            }
            Plan::Missile(w) => {
                let guidance = match self.s.elements[e].make {
                    Make::Vehicle { stats, .. } => stats.guidance,
                    Make::Team { .. } => Grade::Basic,
                };
                let gd = missiles::guidance_die(guidance);
                let mut ev_ads = None;
                let mut ads_roll = None;
                let mut g_vs_ads = None;
                let mut down = false;
                let engaged = self.area_defence(tu).and_then(|a| {
                    let x = attack.ads.iter_mut().find(|x| x.0 == a && x.2 < x.1)?;
                    x.2 += 1;
                    Some((a, x.1))
                });
                if let Some((a, declared)) = engaged {
                    let ad = missiles::ads_die(Grade::Basic, declared).unwrap_or(Die::D4);
                    let ar = self.roll(ad);
                    let gr = self.roll(gd);
                    down = missiles::intercepted(ar, gr);
                    ev_ads = Some(self.code(a));
                    ads_roll = Some(rolled(ad, ar));
                    g_vs_ads = Some(rolled(gd, gr));
                }
                let (mut g, mut ecm, mut hit) = (None, None, false);
                if !down {
                    // An active ADS's own ECM does not work (L151).
                    let ecm_grade = match self.s.elements[t].make {
                        Make::Vehicle { stats, .. } if !self.ads_active(t) => stats.ecm,
                        _ => None,
                    };
                    let ed = missiles::ecm_die(ecm_grade);
                    let gr = self.roll(gd);
                    let er = self.roll(ed);
                    hit = gr > er;
                    g = Some(rolled(gd, gr));
                    ecm = Some(rolled(ed, er));
                }
                self.log(Some(role), move |b| DsEvent::Missile {
                    firer: b.code(e),
                    target: b.code(t),
                    weapon: w.to_string(),
                    ads: ev_ads,
                    ads_die: ads_roll,
                    guidance_vs_ads: g_vs_ads,
                    shot_down: down,
                    guidance: g,
                    ecm,
                    hit,
                });
                if hit {
                    self.vehicle_damage(e, t, w, None, sit, attack);
                }
            }
            Plan::Iavr => {
                let w = Weapon {
                    system: System::Iavr,
                    class: 0,
                };
                self.vehicle_damage(e, t, w, None, sit, attack);
            }
            Plan::Small(w) => {
                if self.s.elements[t].is_vehicle() {
                    self.vehicle_damage(e, t, w, None, sit, attack);
                } else {
                    let n = w.chits_per_hit();
                    let colours = infantry::firefight_valid(self.infantry_cover(t, sit));
                    self.infantry_damage(e, t, n, colours, attack);
                }
            }
            Plan::AntiPersonnel(w, n) => {
                let colours = chits::anti_personnel_validity(w.system, self.infantry_cover(t, sit))
                    .unwrap_or(chits::Colours::NONE);
                self.infantry_damage(e, t, n, colours, attack);
            }
        }
    }

    /// An enemy ADS vehicle within 12" of the missile's target unit.
    fn area_defence(&self, tu: usize) -> Option<usize> {
        let r = self.s.units[tu].role;
        self.side_iter(r).find_map(|v| {
            (self.gap(v, tu) <= missiles::ADS_COVER_INCHES)
                .then(|| {
                    self.alive(v).find(|&a| {
                        matches!(self.s.elements[a].make, Make::Vehicle { ads: true, .. })
                            && !self.s.elements[a].systems_down
                    })
                })
                .flatten()
        })
    }
}
