//! The turn: alternate activations, each moving and/or firing, opportunity
//! fire, close assault, and the confidence tests each of them sets off.

use super::events::{DsEvent, Rolled};
use super::{ri, Battle, Post, OFF_TABLE_COMMAND};
use crate::battle::result::{Knockout, Role, Winner};
use crate::rules::dirtside::chits::{self, Chit, Effect, Target, VehicleResult};
use crate::rules::dirtside::confidence::{self, Level, Threat};
use crate::rules::dirtside::die::Die;
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

/// Target priority, smallest first: wrong kind for an anti-armour weapon,
/// not yet activated, range, in cover, unit.
type TargetKey = (bool, bool, i64, bool, usize);

/// What the umpire says about one shot in table play.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Situation {
    pub band: Option<Band>,
    pub cover: Option<Position>,
    pub moving: bool,
}

/// The tally of one attack on each enemy unit: strength at its start, losses, leader.
struct Attack {
    strength: Vec<usize>,
    losses: Vec<usize>,
    leader_lost: Vec<bool>,
    attacked: Vec<bool>,
    air: bool,
    marker: Vec<bool>,
}

fn rolled(d: Die, roll: i64) -> Rolled {
    Rolled {
        die: d.name(),
        roll,
    }
}

impl Battle<'_, '_> {
    pub(crate) fn alive(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        self.p.members[u]
            .iter()
            .copied()
            .filter(|&e| self.s.elements[e].alive)
    }

    pub(crate) fn present(&self, u: usize) -> bool {
        !self.s.units[u].out && self.alive(u).next().is_some()
    }

    fn side_units(&self, r: Role) -> Vec<usize> {
        (0..self.s.units.len())
            .filter(|&u| self.s.units[u].role == r && self.present(u))
            .collect()
    }

    /// All of a side's units BR or worse, withdrawn or destroyed.
    pub(crate) fn broken(&self, r: Role) -> bool {
        self.side_units(r)
            .iter()
            .all(|&u| self.s.units[u].level >= Level::Broken)
    }

    pub(crate) fn check_end(&mut self) {
        if self.s.over.is_some() {
            return;
        }
        let (a, d) = (self.broken(Role::Attacker), self.broken(Role::Defender));
        self.s.over = match (a, d) {
            (true, true) => Some((Winner::Draw, "both sides are broken".into())),
            (true, false) => Some((Winner::Defender, "the attacker is broken".into())),
            (false, true) => Some((Winner::Attacker, "the defender is broken".into())),
            _ => None,
        };
    }

    /// Inches between two units.
    pub(crate) fn gap(&self, a: usize, b: usize) -> i64 {
        (self.s.units[a].dist - self.s.units[b].dist).abs()
    }

    pub(crate) fn unit_mf(&self, u: usize) -> i64 {
        self.alive(u)
            .map(|e| self.s.elements[e].mf())
            .filter(|m| *m > 0)
            .min()
            .unwrap_or(0)
    }

    pub(crate) fn infantry_unit(&self, u: usize) -> bool {
        self.alive(u).all(|e| !self.s.elements[e].is_vehicle())
    }

    /// One turn: activations alternate, the side with fewer units first.
    pub(crate) fn turn(&mut self) {
        self.s.turn += 1;
        for u in self.s.units.iter_mut() {
            u.activated = false;
        }
        let first = self.first_side();
        self.log(
            None,
            DsEvent::TurnBegins {
                turn: self.s.turn,
                first: first.as_str(),
            },
        );
        let mut side = first;
        loop {
            if self.s.over.is_some() {
                return;
            }
            let next = self.next_unit(side).or_else(|| {
                side = side.other();
                self.next_unit(side)
            });
            let Some(u) = next else { break };
            self.activate(u);
            self.check_end();
            side = side.other();
        }
    }

    pub(crate) fn first_side(&self) -> Role {
        let a = self.side_units(Role::Attacker).len();
        let d = self.side_units(Role::Defender).len();
        if d < a {
            Role::Defender
        } else {
            Role::Attacker
        }
    }

    fn next_unit(&self, side: Role) -> Option<usize> {
        self.side_units(side)
            .into_iter()
            .find(|&u| !self.s.units[u].activated)
    }

    /// A roll of `d` through the battle's dice.
    pub(crate) fn roll(&mut self, d: Die) -> i64 {
        self.s.dice.d(d.sides())
    }

    pub(crate) fn reaction(&mut self, u: usize, threat: Threat) -> bool {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat.level());
        let passed = confidence::reaction(r, t);
        let ev = DsEvent::Reaction {
            unit: self.ucode(u),
            why: threat_name(threat),
            threat: threat.level(),
            rolled: rolled(die, r),
            target: t,
            passed,
        };
        self.log(Some(unit.role), ev);
        passed
    }

    /// A confidence test at `threat`; a unit reaching RO leaves the table.
    pub(crate) fn confidence_test(&mut self, u: usize, threat: Threat) {
        self.confidence_test_at(u, threat_name(threat), threat.level());
    }

    pub(crate) fn confidence_test_at(&mut self, u: usize, why: &'static str, threat: i64) {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat);
        let after = confidence::after_test(unit.level, r, t);
        self.s.units[u].level = after;
        let ev = DsEvent::Confidence {
            unit: self.ucode(u),
            why,
            threat,
            rolled: rolled(die, r),
            target: t,
            before: unit.level.word(),
            after: after.word(),
        };
        self.log(Some(unit.role), ev);
        self.rout_check(u);
    }

    fn rout_check(&mut self, u: usize) {
        if self.s.units[u].level == Level::Routed && !self.s.units[u].out {
            self.s.units[u].out = true;
            let ev = DsEvent::Withdraws {
                unit: self.ucode(u),
            };
            self.log(Some(self.s.units[u].role), ev);
        }
    }

    /// The leadership a rally adds: the side's command unit on the table, or
    /// an off-table command; `None` once the command unit is lost.
    pub(crate) fn command_leadership(&self, r: Role) -> Option<i64> {
        if self.s.command_lost[ri(r)] {
            return None;
        }
        Some(
            (0..self.s.units.len())
                .find(|&u| self.s.units[u].role == r && self.s.units[u].command && self.present(u))
                .map(|u| self.s.units[u].leadership)
                .unwrap_or(OFF_TABLE_COMMAND),
        )
    }

    pub(crate) fn rally(&mut self, u: usize) -> Result<(), String> {
        let unit = self.s.units[u];
        let cl = self
            .command_leadership(unit.role)
            .ok_or("the command unit is lost: no rallies")?;
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::rally_target(unit.leadership, cl);
        let after = confidence::after_rally(unit.level, r, t);
        self.s.units[u].level = after;
        self.s.units[u].activated = true;
        let ev = DsEvent::Rally {
            unit: self.ucode(u),
            rolled: rolled(die, r),
            target: t,
            before: unit.level.word(),
            after: after.word(),
        };
        self.log(Some(unit.role), ev);
        Ok(())
    }

    fn nearest_enemy(&self, u: usize) -> Option<(usize, i64)> {
        let r = self.s.units[u].role;
        self.side_units(r.other())
            .into_iter()
            .map(|v| (v, self.gap(u, v)))
            .min_by_key(|(v, g)| (*g, *v))
    }

    /// How far the unit's weapons want to close: the close band of its guns
    /// while enemy vehicles remain, else the reach of its anti-personnel fire.
    fn stand_off(&self, u: usize) -> i64 {
        if self.infantry_unit(u) {
            return 0;
        }
        let role = self.s.units[u].role;
        let vehicles = self
            .side_units(role.other())
            .into_iter()
            .any(|v| self.alive(v).any(|e| self.s.elements[e].is_vehicle()));
        self.alive(u)
            .filter_map(|e| match self.s.elements[e].make {
                Make::Vehicle { weapon, stats, .. } => {
                    Some(if vehicles && !weapon.system.small_arms() {
                        match weapon.reach() {
                            crate::rules::dirtside::weapons::Reach::Bands(b) => b[0].unwrap_or(12),
                            crate::rules::dirtside::weapons::Reach::Max(m) => m,
                        }
                    } else if stats.apsw || weapon.system.small_arms() {
                        infantry::APSW_RANGE
                    } else {
                        weapon.against_infantry().map(|(_, r)| r).unwrap_or(12)
                    })
                }
                Make::Team { .. } => None,
            })
            .min()
            .unwrap_or(12)
            .max(6)
    }

    /// One unit's activation in the auto-resolver.
    fn activate(&mut self, u: usize) {
        self.s.units[u].activated = true;
        self.s.units[u].moved = 0;
        let role = self.s.units[u].role;
        if self.s.units[u].skip_next {
            self.s.units[u].skip_next = false;
            let ev = DsEvent::LosesActivation {
                unit: self.ucode(u),
            };
            self.log(Some(role), ev);
            return;
        }
        let ev = DsEvent::Activate {
            unit: self.ucode(u),
            confidence: self.s.units[u].level.word(),
            inches: self.s.units[u].dist,
            opportunity: false,
        };
        self.log(Some(role), ev);
        self.s.units[u].evading = false;
        self.repairs(u);
        let level = self.s.units[u].level;
        let in_reach = self.targets_in_reach(u);
        let can_rally = self.command_leadership(role).is_some();
        if level >= Level::Broken
            || (level == Level::Shaken && !in_reach && can_rally && role == Role::Defender)
        {
            if can_rally {
                let _ = self.rally(u);
            } else if self.s.units[u].post == Post::Open {
                self.fall_back(u, "fall back");
            }
            self.end_activation(u);
            return;
        }
        if role == Role::Attacker {
            let assault = self.try_assault(u);
            if assault == Some(true) {
                self.end_activation(u);
                return;
            }
            self.advance(u);
            // A unit that balked at an assault only moves this activation.
            if assault == Some(false) || !self.present(u) || self.s.units[u].out {
                self.end_activation(u);
                return;
            }
        }
        self.fire_unit(u, None, Situation::default());
        self.end_activation(u);
    }

    fn end_activation(&mut self, u: usize) {
        self.s.units[u].marker = false;
    }

    fn targets_in_reach(&self, u: usize) -> bool {
        self.alive(u).any(|e| self.has_target(e, None))
    }

    /// Systems-down vehicles try to repair: a 6 on a d6.
    fn repairs(&mut self, u: usize) {
        let down: Vec<usize> = self
            .alive(u)
            .filter(|&e| self.s.elements[e].systems_down)
            .collect();
        for e in down {
            let r = self.roll(Die::D6);
            let fixed = r == 6;
            if fixed {
                self.s.elements[e].systems_down = false;
            }
            let ev = DsEvent::Repair {
                element: self.code(e),
                rolled: rolled(Die::D6, r),
                fixed,
            };
            self.log(Some(self.s.units[u].role), ev);
        }
    }

    /// Moves a unit `inches` toward (+) or away from (−) the enemy.
    pub(crate) fn shift(&mut self, u: usize, inches: i64, how: &'static str) {
        let role = self.s.units[u].role;
        let from = self.s.units[u].dist;
        let to = match role {
            Role::Attacker => from - inches,
            Role::Defender => from + inches,
        };
        self.s.units[u].dist = to;
        self.s.units[u].moved += inches.abs();
        if inches != 0 {
            self.s.units[u].post = Post::Open;
        }
        let ev = DsEvent::Move {
            unit: self.ucode(u),
            from,
            to,
            how,
        };
        self.log(Some(role), ev);
    }

    fn fall_back(&mut self, u: usize, how: &'static str) {
        let mf = self.unit_mf(u);
        if mf > 0 {
            self.shift(u, -mf, how);
        }
    }

    /// Tests a unit takes before it moves; false if it balks.
    pub(crate) fn may_move(&mut self, u: usize, advancing: bool) -> bool {
        let unit = self.s.units[u];
        let infantry = self.infantry_unit(u);
        let mut threats = Vec::new();
        if unit.marker {
            threats.push(if infantry {
                Threat::InfantryUnderFireMoves
            } else {
                Threat::VehicleUnderFireMoves
            });
        }
        if infantry && advancing && unit.level == Level::Shaken {
            threats.push(Threat::ShakenAdvance);
        }
        match confidence::highest(&threats) {
            Some(t) => self.reaction(u, t),
            None => true,
        }
    }

    fn advance(&mut self, u: usize) {
        let mf = self.unit_mf(u);
        let Some((_, gap)) = self.nearest_enemy(u) else {
            return;
        };
        let want = gap - self.stand_off(u);
        if mf == 0 || want <= 0 {
            return;
        }
        let in_reach = self.targets_in_reach(u);
        let step = if in_reach {
            (mf / 2).min(want)
        } else {
            mf.min(want)
        };
        if step <= 0 || !self.may_move(u, true) {
            return;
        }
        self.shift(u, step, "advance");
        let evaders = self.alive(u).all(|e| match self.s.elements[e].make {
            Make::Vehicle { stats, .. } => stats.mobility.may_evade(),
            Make::Team { .. } => false,
        });
        if evaders && 4 * step >= 3 * mf && !self.targets_in_reach(u) {
            self.s.units[u].evading = true;
        }
        self.opportunity_fire(u);
    }

    /// Unactivated enemy units with the mover in reach fire at it now.
    pub(crate) fn opportunity_fire(&mut self, mover: usize) {
        let role = self.s.units[mover].role;
        for v in self.side_units(role.other()) {
            if self.s.over.is_some() || !self.present(mover) || self.s.units[mover].out {
                return;
            }
            let unit = self.s.units[v];
            if unit.activated || unit.level >= Level::Broken {
                continue;
            }
            let reach = self.alive(v).any(|e| self.has_target(e, Some(mover)));
            if reach {
                self.s.units[v].activated = true;
                let ev = DsEvent::Activate {
                    unit: self.ucode(v),
                    confidence: unit.level.word(),
                    inches: unit.dist,
                    opportunity: true,
                };
                self.log(Some(unit.role), ev);
                self.fire_unit(v, Some(mover), Situation::default());
                self.end_activation(v);
                self.check_end();
            }
        }
    }

    /// What `e` can do against `t`, at the units' distance.
    pub(crate) fn plan(&self, e: usize, t: usize, range: i64) -> Option<Plan> {
        let (f, g) = (&self.s.elements[e], &self.s.elements[t]);
        if !f.alive || !g.alive || f.systems_down {
            return None;
        }
        match (f.make, g.make) {
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
                    return (g.is_vehicle() && range <= w.max_range()).then_some(Plan::Missile(w));
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
                match g.armour() {
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
                } else if weapon.in_range(range, f.damaged) {
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
                let colours = chits::anti_personnel_colours(weapon.system)?.and(
                    infantry::firefight_valid(self.infantry_cover(t, Situation::default())),
                );
                (colours != chits::Colours::NONE
                    && range <= reach
                    && weapon.in_range(range, f.damaged))
                .then_some(Plan::AntiPersonnel(weapon, n))
            }
        }
    }

    /// The farthest any shot of element `e` could reach, in inches: an upper
    /// bound that lets target picking pass over units out of reach without
    /// planning a shot at each of their elements.
    fn max_reach(&self, e: usize) -> i64 {
        match self.s.elements[e].make {
            Make::Team {
                class, launcher, ..
            } => launcher
                .map(|w| w.max_range())
                .unwrap_or(0)
                .max(infantry::rifle_range(class))
                .max(infantry::APSW_RANGE)
                .max(4),
            Make::Vehicle { weapon, .. } => weapon
                .max_range()
                .max(infantry::APSW_RANGE)
                .max(weapon.against_infantry().map(|(_, r)| r).unwrap_or(0)),
        }
    }

    fn anti_armour(&self, e: usize) -> bool {
        match self.s.elements[e].make {
            Make::Vehicle { weapon, .. } => !weapon.system.small_arms(),
            Make::Team { launcher, .. } => launcher.is_some(),
        }
    }

    /// The target `e` picks (the `k`-th of its choice's unit, to spread fire):
    /// anti-armour weapons take vehicles; then an enemy that has activated, the
    /// nearest, one in the open. `only` limits it to one enemy unit.
    /// Whether element `e` has any shot (at unit `only`, if given): the
    /// yes-or-no of `pick_target`, stopping at the first shot found.
    pub(crate) fn has_target(&self, e: usize, only: Option<usize>) -> bool {
        let f = self.s.elements[e];
        let reach = self.max_reach(e);
        self.side_units(f.role.other()).into_iter().any(|v| {
            if only.is_some_and(|o| o != v) {
                return false;
            }
            let range = self.gap(f.unit, v);
            range <= reach && self.alive(v).any(|t| self.plan(e, t, range).is_some())
        })
    }

    pub(crate) fn pick_target(
        &self,
        e: usize,
        only: Option<usize>,
        k: usize,
    ) -> Option<(usize, Plan)> {
        let f = self.s.elements[e];
        let av = self.anti_armour(e);
        let reach = self.max_reach(e);
        let mut best: Option<(TargetKey, usize)> = None;
        for v in self.side_units(f.role.other()) {
            if only.is_some_and(|o| o != v) {
                continue;
            }
            let range = self.gap(f.unit, v);
            if range > reach {
                continue;
            }
            for t in self.alive(v) {
                if self.plan(e, t, range).is_none() {
                    continue;
                }
                let tv = self.s.elements[t].is_vehicle();
                let key = (
                    av && !tv,
                    !self.s.units[v].activated,
                    range,
                    self.s.units[v].post != Post::Open,
                    v,
                );
                if best.is_none_or(|(b, _)| key < b) {
                    best = Some((key, t));
                }
                // Within one unit the key differs only by whether the target
                // is a vehicle; once the better kind is found, the rest of the
                // unit cannot beat it.
                if !key.0 {
                    break;
                }
            }
        }
        let (key, first) = best?;
        let v = self.s.elements[first].unit;
        let range = self.gap(f.unit, v);
        let options: Vec<usize> = self
            .alive(v)
            .filter(|&t| {
                self.plan(e, t, range).is_some()
                    && (self.s.elements[t].is_vehicle() != key.0 || !av)
            })
            .collect();
        let t = if options.is_empty() {
            first
        } else {
            options[k % options.len()]
        };
        self.plan(e, t, range).map(|p| (t, p))
    }

    fn new_attack(&self) -> Attack {
        let n = self.s.units.len();
        Attack {
            strength: (0..n)
                .map(|u| {
                    self.p.members[u]
                        .iter()
                        .filter(|&&e| !self.s.elements[e].lost)
                        .count()
                })
                .collect(),
            losses: vec![0; n],
            leader_lost: vec![false; n],
            attacked: vec![false; n],
            air: false,
            marker: vec![false; n],
        }
    }

    /// A unit fires: every element declares a target, infantry roll fire
    /// effectiveness once, then each shot is resolved and tests follow.
    pub(crate) fn fire_unit(&mut self, u: usize, only: Option<usize>, sit: Situation) {
        let elements: Vec<usize> = self.alive(u).collect();
        let mut shots: Vec<(usize, usize, Plan)> = Vec::new();
        for (k, &e) in elements.iter().enumerate() {
            if let Some((t, plan)) = self.pick_target(e, only, k) {
                shots.push((e, t, plan));
            }
        }
        self.resolve_shots(u, shots, sit);
    }

    /// Resolves declared shots as one attack.
    pub(crate) fn resolve_shots(
        &mut self,
        u: usize,
        mut shots: Vec<(usize, usize, Plan)>,
        sit: Situation,
    ) {
        if shots.is_empty() {
            return;
        }
        let role = self.s.units[u].role;
        // Infantry small arms and rockets need the unit's fire effectiveness.
        let needs = |b: &Self, e: usize, p: Plan| {
            !b.s.elements[e].is_vehicle() && matches!(p, Plan::Small(_) | Plan::Iavr)
        };
        let eligible = shots.iter().filter(|(e, _, p)| needs(self, *e, *p)).count();
        if eligible > 0 {
            let unit = self.s.units[u];
            let die = effectiveness_die(unit.quality, unit.marker).unwrap_or(Die::D4);
            let r = self.roll(die);
            let eff = effectiveness(r, unit.leadership);
            let firing = firing_elements(eff, eligible);
            let ev = DsEvent::Effectiveness {
                unit: self.ucode(u),
                rolled: rolled(die, r),
                leadership: unit.leadership,
                result: eff.word(),
                firing,
                eligible,
            };
            self.log(Some(role), ev);
            // APSW teams count among those firing first.
            let mut order: Vec<(usize, bool)> = shots
                .iter()
                .enumerate()
                .filter(|(_, (e, _, p))| needs(self, *e, *p))
                .map(|(i, (e, _, _))| {
                    (
                        i,
                        matches!(
                            self.s.elements[*e].make,
                            Make::Team {
                                role: TeamRole::Apsw,
                                ..
                            }
                        ),
                    )
                })
                .collect();
            order.sort_by_key(|(i, apsw)| (!apsw, *i));
            let silent: Vec<usize> = order.iter().skip(firing).map(|(i, _)| *i).collect();
            // Targets of silenced teams are still under fire.
            for &i in &silent {
                let t = shots[i].1;
                let tu = self.s.elements[t].unit;
                if !self.s.elements[t].is_vehicle() {
                    self.s.units[tu].marker = true;
                    self.mark_under_fire(tu);
                }
            }
            let mut i = 0;
            shots.retain(|_| {
                let keep = !silent.contains(&i);
                i += 1;
                keep
            });
        }
        let mut attack = self.new_attack();
        for (e, t, plan) in shots {
            if !self.s.elements[e].alive {
                continue;
            }
            self.s.elements[e].fired = true;
            self.s.elements[e].ammo_spent += 1;
            if let Make::Vehicle { aircraft: true, .. } = self.s.elements[e].make {
                attack.air = true;
            }
            let tu = self.s.elements[t].unit;
            attack.attacked[tu] = true;
            if !self.s.elements[t].is_vehicle() {
                attack.marker[tu] = true;
            }
            if !self.s.elements[t].alive {
                continue; // declared at a target already killed: wasted
            }
            self.shoot(e, t, plan, sit, &mut attack);
        }
        self.after_attack(attack);
    }

    fn mark_under_fire(&mut self, tu: usize) {
        for t in self.p.members[tu].clone() {
            self.s.elements[t].under_fire = true;
        }
    }

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

    fn infantry_cover(&self, t: usize, sit: Situation) -> Cover {
        match self.target_position(t, sit) {
            Position::Soft | Position::PopUp => Cover::Soft,
            Position::DugIn | Position::HullDown | Position::TurretDown => Cover::DugIn,
            _ => Cover::Open,
        }
    }

    /// Draws `n` chits from the pot (returned after the shot).
    fn draw(&mut self, n: usize) -> Vec<Chit> {
        let mut drawn = Vec::with_capacity(n);
        for _ in 0..n {
            match self.s.dice.draw(&mut self.s.pot, |c: &Chit| c.name()) {
                Some(c) => drawn.push(c),
                None => break,
            }
        }
        drawn
    }

    fn shoot(&mut self, e: usize, t: usize, plan: Plan, sit: Situation, attack: &mut Attack) {
        let (fu, tu) = (self.s.elements[e].unit, self.s.elements[t].unit);
        let range = self.gap(fu, tu);
        let role = self.s.elements[e].role;
        match plan {
            Plan::Direct(w) => {
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
                    Make::Vehicle { stats, .. } => stats.signature,
                    Make::Team { .. } => 5,
                };
                let td = fire_control::target_die(sig);
                let sd = fire_control::secondary_die(self.target_position(t, sit));
                let fr = self.roll(fd);
                let tr = self.roll(td);
                let sr = sd.map(|d| self.roll(d));
                let hit = fire_control::hits(fr, tr, sr);
                let ev = DsEvent::Shot {
                    firer: self.code(e),
                    target: self.code(t),
                    weapon: w.to_string(),
                    range_in: range,
                    band: band.name(),
                    firer_die: rolled(fd, fr),
                    target_die: rolled(td, tr),
                    secondary: sd.zip(sr).map(|(d, r)| rolled(d, r)),
                    hit,
                };
                self.log(Some(role), ev);
                if hit {
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
                if let Some(a) = self.area_defence(tu) {
                    let ad = missiles::ads_die(Grade::Basic, 1).unwrap_or(Die::D4);
                    let ar = self.roll(ad);
                    let gr = self.roll(gd);
                    down = missiles::intercepted(ar, gr);
                    ev_ads = Some(self.code(a));
                    ads_roll = Some(rolled(ad, ar));
                    g_vs_ads = Some(rolled(gd, gr));
                }
                let (mut g, mut ecm, mut hit) = (None, None, false);
                if !down {
                    let ecm_grade = match self.s.elements[t].make {
                        Make::Vehicle { stats, .. } => stats.ecm,
                        Make::Team { .. } => None,
                    };
                    let ed = missiles::ecm_die(ecm_grade);
                    let gr = self.roll(gd);
                    let er = self.roll(ed);
                    hit = gr > er;
                    g = Some(rolled(gd, gr));
                    ecm = Some(rolled(ed, er));
                }
                let ev = DsEvent::Missile {
                    firer: self.code(e),
                    target: self.code(t),
                    weapon: w.to_string(),
                    ads: ev_ads,
                    ads_die: ads_roll,
                    guidance_vs_ads: g_vs_ads,
                    shot_down: down,
                    guidance: g,
                    ecm,
                    hit,
                };
                self.log(Some(role), ev);
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
                let colours = chits::anti_personnel_colours(w.system)
                    .unwrap_or(chits::Colours::NONE)
                    .and(infantry::firefight_valid(self.infantry_cover(t, sit)));
                self.infantry_damage(e, t, n, colours, attack);
            }
        }
    }

    /// An enemy ADS vehicle within 12" of the missile's target unit.
    fn area_defence(&self, tu: usize) -> Option<usize> {
        let r = self.s.units[tu].role;
        self.side_units(r).into_iter().find_map(|v| {
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

    fn record_loss(&mut self, t: usize, attack: &mut Attack) {
        let tu = self.s.elements[t].unit;
        if !self.s.elements[t].lost {
            self.s.elements[t].lost = true;
            attack.losses[tu] += 1;
        }
        if !self.s.elements[t].alive && self.s.units[tu].leader == t {
            attack.leader_lost[tu] = true;
        }
        if self.s.elements[t].is_vehicle() {
            attack.marker[tu] = true;
        }
    }

    fn vehicle_damage(
        &mut self,
        e: usize,
        t: usize,
        w: Weapon,
        band: Option<Band>,
        sit: Situation,
        attack: &mut Attack,
    ) {
        let Make::Vehicle { stats, .. } = self.s.elements[t].make else {
            return;
        };
        let target = Target::Vehicle {
            armour: stats.armour,
            kind: stats.armour_kind,
            apfc: false,
            cover: self.infantry_cover(t, sit),
        };
        let Ok(Some(v)) = chits::validity(w, band, target) else {
            return;
        };
        let n = w.chits_per_hit();
        let drawn = self.draw(n);
        let (result, reading) = chits::vehicle_hit(&drawn, v, stats.armour, w.system.small_arms());
        self.s.pot.extend(drawn.iter().copied());
        let firer_is_vehicle = self.s.elements[e].is_vehicle();
        let mut effects: Vec<&'static str> = Vec::new();
        for fx in &reading.effects {
            match fx {
                Effect::Immobilised => {
                    self.s.elements[t].immobilised = true;
                    effects.push("immobilised");
                }
                Effect::SystemsDown => {
                    self.s.elements[t].systems_down = true;
                    effects.push("systems down");
                }
                Effect::FirerSystemsDown if firer_is_vehicle => {
                    self.s.elements[e].systems_down = true;
                    effects.push("firer systems down");
                }
                Effect::FirerSystemsDown => effects.push("no effect on an infantry firer"),
            }
        }
        let mut outcome = result;
        if result == VehicleResult::Damaged && self.s.elements[t].damaged {
            outcome = VehicleResult::KnockedOut;
            effects.push("second damage knocks it out");
        }
        match outcome {
            VehicleResult::Undamaged => {}
            VehicleResult::Damaged => self.s.elements[t].damaged = true,
            VehicleResult::KnockedOut | VehicleResult::Destroyed => {
                self.s.elements[t].alive = false;
                self.s.elements[t].knockout = Some(if outcome == VehicleResult::Destroyed {
                    Knockout::Exploded
                } else {
                    Knockout::Killed
                });
            }
        }
        if matches!(
            outcome,
            VehicleResult::Damaged | VehicleResult::KnockedOut | VehicleResult::Destroyed
        ) {
            self.record_loss(t, attack);
        }
        let ev = DsEvent::Chits {
            firer: self.code(e),
            target: self.code(t),
            drawn: drawn.iter().map(|c| c.name()).collect(),
            valid: reading.valid.iter().map(|c| c.name()).collect(),
            total: reading.valid_total,
            result: outcome.word(),
            effects,
        };
        self.log(Some(self.s.elements[e].role), ev);
    }

    fn infantry_damage(
        &mut self,
        e: usize,
        t: usize,
        n: usize,
        colours: chits::Colours,
        attack: &mut Attack,
    ) {
        let Make::Team { class, .. } = self.s.elements[t].make else {
            return;
        };
        let drawn = self.draw(n);
        let (killed, reading) = chits::infantry_hit(&drawn, colours, class);
        self.s.pot.extend(drawn.iter().copied());
        if killed {
            self.s.elements[t].alive = false;
            self.record_loss(t, attack);
        }
        let ev = DsEvent::Chits {
            firer: self.code(e),
            target: self.code(t),
            drawn: drawn.iter().map(|c| c.name()).collect(),
            valid: reading.valid.iter().map(|c| c.name()).collect(),
            total: reading.valid_total,
            result: reading.result,
            effects: Vec::new(),
        };
        self.log(Some(self.s.elements[e].role), ev);
    }

    /// The tests one attack sets off, unit by unit.
    fn after_attack(&mut self, a: Attack) {
        for tu in 0..self.s.units.len() {
            if !a.attacked[tu] {
                continue;
            }
            if a.marker[tu] {
                self.s.units[tu].marker = true;
                self.mark_under_fire(tu);
            }
            if self.s.units[tu].out {
                continue;
            }
            let first_time = !self.s.units[tu].attacked_before;
            self.s.units[tu].attacked_before = true;
            let mut threats = Vec::new();
            if a.losses[tu] > 0 && !self.s.units[tu].first_loss {
                self.s.units[tu].first_loss = true;
                threats.push(Threat::FirstLoss);
            }
            if a.losses[tu] > 0 && 4 * a.losses[tu] >= a.strength[tu] {
                threats.push(Threat::QuarterInOneAttack);
            }
            let lost = self.p.members[tu]
                .iter()
                .filter(|&&e| self.s.elements[e].lost)
                .count();
            if !self.s.units[tu].half_tested && 2 * lost >= self.s.units[tu].start {
                self.s.units[tu].half_tested = true;
                threats.push(Threat::HalfLost);
            }
            if a.leader_lost[tu] {
                threats.push(Threat::LeaderLost);
            }
            if a.air && self.infantry_unit(tu) {
                threats.push(Threat::ArtilleryOrAir);
            }
            if !self.present(tu) {
                self.command_check(tu);
                continue;
            }
            if let Some(t) = confidence::highest(&threats) {
                self.confidence_test(tu, t);
            }
            if a.leader_lost[tu] {
                self.new_leader(tu);
            }
            if first_time
                && self.s.units[tu].quality == crate::rules::dirtside::quality::Quality::Green
                && !self.s.units[tu].out
                && !self.reaction(tu, Threat::Panic)
            {
                self.s.units[tu].skip_next = true;
            }
        }
    }

    fn new_leader(&mut self, u: usize) {
        let r = self.roll(Die::D6);
        let before = self.s.units[u].leadership;
        let after = confidence::replacement_leader(before, r);
        self.s.units[u].leadership = after;
        let next = self.alive(u).next();
        if let Some(next) = next {
            self.s.units[u].leader = next;
        }
        let ev = DsEvent::NewLeader {
            unit: self.ucode(u),
            rolled: rolled(Die::D6, r),
            before,
            after,
        };
        self.log(Some(self.s.units[u].role), ev);
    }

    /// A command unit wiped out: every unit of its side drops a level.
    fn command_check(&mut self, u: usize) {
        let role = self.s.units[u].role;
        if !self.s.units[u].command || self.s.command_lost[ri(role)] {
            return;
        }
        self.s.command_lost[ri(role)] = true;
        self.log(
            None,
            DsEvent::CommandLost {
                side: role.as_str(),
            },
        );
        for v in self.side_units(role) {
            self.s.units[v].level = self.s.units[v].level.worse(1);
            self.rout_check(v);
        }
    }

    /// An attacking infantry unit close-assaults when an enemy is within a
    /// double move (and 2"): `None` if it did not try, else whether it went in.
    fn try_assault(&mut self, u: usize) -> Option<bool> {
        if !self.infantry_unit(u) {
            return None;
        }
        let threat = confidence::assault_threat(self.s.units[u].level)?;
        let mf = self.unit_mf(u);
        let role = self.s.units[u].role;
        let target = self
            .side_units(role.other())
            .into_iter()
            .filter(|&v| self.alive(v).any(|e| !self.s.elements[e].is_vehicle()))
            .map(|v| (self.gap(u, v), v))
            .min();
        let (gap, v) = target?;
        if gap > 2 * mf + 2 {
            return None;
        }
        Some(self.assault(u, v, threat))
    }

    /// The close assault of `u` on `v`; returns false if the attacker balked.
    pub(crate) fn assault(&mut self, u: usize, v: usize, threat: i64) -> bool {
        if !self.reaction_at(u, "close assault", threat) {
            return false;
        }
        let gap = self.gap(u, v);
        if gap > 2 {
            self.shift(u, gap - 2, "double move");
            self.opportunity_fire(u);
            let still =
                self.present(u) && confidence::assault_threat(self.s.units[u].level).is_some();
            if !still || self.s.over.is_some() {
                return true;
            }
        }
        let powered = self.alive(u).any(|e| self.s.elements[e].powered());
        let level_before = self.s.units[v].level;
        if self.infantry_unit(v) && level_before == Level::Broken {
            self.s.units[v].level = Level::Routed;
            self.rout_check(v);
            return true;
        }
        self.confidence_test(
            v,
            if powered {
                Threat::AssaultedByPowered
            } else {
                Threat::Assaulted
            },
        );
        if self.s.units[v].out {
            return true;
        }
        if self.s.units[v].level > level_before {
            self.withdraw_from_assault(v, u);
            return true;
        }
        let mut round = 1;
        let mut cover = self.s.units[v].post;
        loop {
            let ev = DsEvent::Assault {
                attacker: self.ucode(u),
                defender: self.ucode(v),
                round,
            };
            self.log(Some(self.s.units[u].role), ev);
            let (au, du) = (self.alive(u).count(), self.alive(v).count());
            self.assault_round(u, v, cover);
            let a_lost = au - self.alive(u).count();
            let d_lost = du - self.alive(v).count();
            if !self.present(v) {
                self.command_check(v);
                self.s.units[u].dist = self.s.units[v].dist;
                return true;
            }
            let dt = if 2 * d_lost >= du {
                Threat::AssaultRoundHeavy
            } else {
                Threat::AssaultRoundLight
            };
            let before = self.s.units[v].level;
            self.confidence_test(v, dt);
            if self.s.units[v].out || self.s.units[v].level > before {
                if !self.s.units[v].out {
                    self.withdraw_from_assault(v, u);
                }
                return true;
            }
            if !self.present(u) {
                return true;
            }
            let at = if 2 * a_lost >= au {
                Threat::AssaultRoundHeavy
            } else {
                Threat::AssaultRoundLight
            };
            let before = self.s.units[u].level;
            self.confidence_test(u, at);
            if self.s.units[u].out || self.s.units[u].level > before {
                if !self.s.units[u].out {
                    let back = (self.unit_mf(u) / 2).max(2);
                    self.shift(u, -back, "fall back");
                    self.s.units[u].marker = true;
                }
                return true;
            }
            round += 1;
            cover = Post::Open;
            if round > 6 {
                return true;
            }
        }
    }

    pub(crate) fn reaction_at(&mut self, u: usize, why: &'static str, threat: i64) -> bool {
        let unit = self.s.units[u];
        let die = unit.quality.die();
        let r = self.roll(die);
        let t = confidence::target(unit.leadership, threat);
        let passed = confidence::reaction(r, t);
        let ev = DsEvent::Reaction {
            unit: self.ucode(u),
            why,
            threat,
            rolled: rolled(die, r),
            target: t,
            passed,
        };
        self.log(Some(unit.role), ev);
        passed
    }

    fn withdraw_from_assault(&mut self, v: usize, u: usize) {
        let back = (self.unit_mf(v) / 2).max(2);
        let old = self.s.units[v].dist;
        self.shift(v, -back, "withdraw");
        self.s.units[v].marker = true;
        self.s.units[u].dist = old;
        self.s.units[u].post = Post::Open;
    }

    /// Every team on both sides draws at once; the dead still fire this round.
    fn assault_round(&mut self, u: usize, v: usize, defender_post: Post) {
        let a: Vec<usize> = self
            .alive(u)
            .filter(|&e| !self.s.elements[e].is_vehicle())
            .collect();
        let d: Vec<usize> = self
            .alive(v)
            .filter(|&e| !self.s.elements[e].is_vehicle())
            .collect();
        if a.is_empty() || d.is_empty() {
            return;
        }
        let mut kills = Vec::new();
        let mut attack = self.new_attack();
        for (firers, targets, post) in [(&a, &d, defender_post), (&d, &a, Post::Open)] {
            for (k, &e) in firers.iter().enumerate() {
                let t = targets[k % targets.len()];
                let (Make::Team { class, role, .. }, Make::Team { class: tc, .. }) =
                    (self.s.elements[e].make, self.s.elements[t].make)
                else {
                    continue;
                };
                let n = infantry::assault_chits(class, role);
                let cover = match post {
                    Post::Open => Cover::Open,
                    Post::Soft => Cover::Soft,
                    Post::Dug => Cover::DugIn,
                };
                let drawn = self.draw(n);
                let (killed, reading) =
                    chits::infantry_hit(&drawn, infantry::assault_valid(cover), tc);
                self.s.pot.extend(drawn.iter().copied());
                self.s.elements[e].fired = true;
                self.s.elements[e].under_fire = true;
                self.s.elements[t].under_fire = true;
                if killed {
                    kills.push(t);
                }
                let ev = DsEvent::Chits {
                    firer: self.code(e),
                    target: self.code(t),
                    drawn: drawn.iter().map(|c| c.name()).collect(),
                    valid: reading.valid.iter().map(|c| c.name()).collect(),
                    total: reading.valid_total,
                    result: reading.result,
                    effects: Vec::new(),
                };
                self.log(Some(self.s.elements[e].role), ev);
            }
        }
        for t in kills {
            self.s.elements[t].alive = false;
            self.record_loss(t, &mut attack);
        }
    }
}

fn threat_name(t: Threat) -> &'static str {
    match t {
        Threat::FirstLoss => "first loss",
        Threat::QuarterInOneAttack => "a quarter lost in one attack",
        Threat::HalfLost => "half lost",
        Threat::LeaderLost => "leader lost",
        Threat::ArtilleryOrAir => "under air attack",
        Threat::ShakenAdvance => "shaken, advancing",
        Threat::InfantryUnderFireMoves => "under fire, moving",
        Threat::VehicleUnderFireMoves => "under fire, moving",
        Threat::Panic => "first time under attack",
        Threat::AssaultedByPowered => "assaulted by powered infantry",
        Threat::Assaulted => "assaulted",
        Threat::AssaultRoundLight => "assault round, light losses",
        Threat::AssaultRoundHeavy => "assault round, heavy losses",
        Threat::PartnerFellBack => "a partner fell back",
        Threat::FollowThroughDestroyed => "follow-through",
        Threat::FollowThroughWithdrew => "follow-through",
    }
}
