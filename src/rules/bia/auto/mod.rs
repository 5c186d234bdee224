//! The BiA auto-resolver: fights a battle turn by turn from the campaign's
//! stands, following the BiA sequence of play, and logs every roll.

pub mod events;
mod piece;
pub mod play;

use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Knockout, Role, StandOutcome, Winner};
use crate::battle::ruleset::{BattleError, PreparedBattle};
use crate::battle::setup::BattleSetup;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover, Equipment, StandType, Status, VehicleKind};
use crate::rules::bia::air_defence::{ad_entry, attack_range_cm, lock_on_number, Lock};
use crate::rules::bia::armour::{penetration_result, PenetrationResult};
use crate::rules::bia::fire::{hits_for, modifiers, Firer, Target};
use crate::rules::bia::morale_test::{
    due_threshold, group_test, stand_result, threshold_casualties, StandResult, Threshold,
    THRESHOLDS,
};
use crate::rules::bia::range_table::{band_index, BANDS};
use events::{BiaEvent, Mod};
use piece::{Piece, Posture, State};

/// Attackers stop closing at this range: close assault is not modelled.
const CLOSEST_CM: i64 = 5;
/// Artillery stands this far behind its own line.
const ARTILLERY_BACK_CM: i64 = 30;

/// One player's group: tested for morale as a whole.
#[derive(Debug, Clone, Copy)]
struct Group {
    role: Role,
    members: i64,
    morale: i64,
    /// Thresholds already tested, in `THRESHOLDS` order.
    tested: [bool; 3],
    withdrawn: bool,
}

/// The battle's pieces built once from the setup; each run starts from a copy.
pub(crate) struct Prepared<'a> {
    setup: &'a BattleSetup,
    log: bool,
    pieces: Vec<Piece>,
    groups: Vec<Group>,
    group_codes: Vec<&'a str>,
    codes: Vec<&'a str>,
}

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        let mut pieces = Vec::new();
        let mut codes = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        let mut group_codes: Vec<&str> = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            if force.stands.is_empty() {
                return Err(BattleError::NoForce {
                    battle: setup.code.clone(),
                    role: role.as_str(),
                });
            }
            for s in &force.stands {
                let g = match (0..groups.len())
                    .find(|&g| groups[g].role == role && group_codes[g] == s.command)
                {
                    Some(g) => g,
                    None => {
                        groups.push(Group {
                            role,
                            members: 0,
                            morale: 0,
                            tested: [false; 3],
                            withdrawn: false,
                        });
                        group_codes.push(&s.command);
                        groups.len() - 1
                    }
                };
                pieces.push(Piece::new(s, role, g, setup.range_cm));
                codes.push(s.code.as_str());
            }
        }
        for (i, g) in groups.iter_mut().enumerate() {
            let members: Vec<&Piece> = pieces.iter().filter(|p| p.command == i).collect();
            g.members = members.iter().map(|p| p.people).sum();
            // A group tests on the morale of its typical stand: the rounded mean.
            let n = members.len().max(1) as i64;
            g.morale = ((members.iter().map(|p| p.morale).sum::<i64>() + n / 2) / n).clamp(1, 9);
        }
        Ok(Prepared {
            setup,
            log,
            pieces,
            groups,
            group_codes,
            codes,
        })
    }
}

impl Prepared<'_> {
    fn start(&self, seed: u64) -> Fight {
        Fight {
            seed,
            dice: Roller::seeded(seed),
            pieces: self.pieces.clone(),
            groups: self.groups.clone(),
            turn: 0,
            events: Vec::new(),
            order: Vec::with_capacity(self.pieces.len()),
            targets: [Vec::new(), Vec::new()],
            situation: None,
        }
    }
}

impl PreparedBattle for Prepared<'_> {
    fn fight(&self, seed: u64) -> BattleResult {
        let mut b = Battle {
            p: self,
            s: self.start(seed),
        };
        b.fight();
        b.finish()
    }
}

/// Everything that changes while a battle is fought; cloned to take back a line in play.
#[derive(Clone)]
struct Fight {
    seed: u64,
    dice: Roller,
    pieces: Vec<Piece>,
    groups: Vec<Group>,
    turn: u32,
    events: Vec<Event>,
    order: Vec<usize>,
    /// Per role (attacker, defender): its fighting pieces, nearest first.
    targets: [Vec<usize>; 2],
    /// The umpire's description of the current shot, in table play.
    situation: Option<Situation>,
}

/// What a `fire` line says about the shot beyond what the stands say.
#[derive(Clone, Debug, Default)]
struct Situation {
    range: i64,
    cover: Option<Cover>,
    moving: bool,
    extra: Vec<i64>,
}

struct Battle<'p, 'a> {
    p: &'p Prepared<'a>,
    s: Fight,
}

/// What a stand testing morale can see of the enemy.
#[derive(Default, Clone, Copy)]
struct EnemyView {
    tanks: bool,
    hma_or_apc: bool,
    aircraft: bool,
    people: i64,
}

fn role_index(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

impl Battle<'_, '_> {
    fn code(&self, i: usize) -> &str {
        self.p.codes[i]
    }

    fn log(&mut self, side: Option<Role>, what: BiaEvent) {
        self.s.events.push(Event::of(self.s.turn, side, &what));
    }

    fn side_out(&self, role: Role) -> bool {
        !self.s.pieces.iter().any(|p| p.role == role && p.fighting())
    }

    fn over(&self) -> bool {
        self.side_out(Role::Attacker) || self.side_out(Role::Defender)
    }

    fn fight(&mut self) {
        if self.p.log {
            let s = self.p.setup;
            self.log(
                None,
                BiaEvent::Setup {
                    attackers: s.attacker.stands.len(),
                    defenders: s.defender.stands.len(),
                    range_cm: s.range_cm,
                    cover: s.defender_cover.as_str(),
                    terrain: s.terrain.clone(),
                },
            );
        }
        while self.s.turn < self.p.setup.turn_limit {
            self.s.turn += 1;
            self.morale_phase();
            if self.over() {
                return;
            }
            for p in &mut self.s.pieces {
                p.moved = false;
                p.non_tactical = false;
            }
            // Stationary defenders fire first, then the attackers move and fire.
            self.fire_phase(Role::Defender);
            self.movement_phase();
            self.fire_phase(Role::Attacker);
            if self.over() {
                return;
            }
        }
    }

    fn casualties_of(&self, g: usize) -> i64 {
        // People hit, plus any taken prisoner unhurt.
        self.s
            .pieces
            .iter()
            .filter(|p| p.command == g)
            .map(|p| p.hits.max(p.captured.min(p.people)))
            .sum()
    }

    fn enemy_view(&self, role: Role) -> EnemyView {
        let mut v = EnemyView::default();
        for e in self
            .s
            .pieces
            .iter()
            .filter(|e| e.role != role && e.fighting())
        {
            v.tanks |= matches!(
                e.vehicle,
                Some(VehicleKind::TrackTank | VehicleKind::Hovertank)
            );
            v.hma_or_apc |= e.hard()
                || matches!(
                    e.vehicle,
                    Some(VehicleKind::LightTrack | VehicleKind::Hoverbus)
                );
            v.aircraft |= e.is_aircraft;
            v.people += e.people - e.hits;
        }
        v
    }

    fn morale_phase(&mut self) {
        for i in 0..self.s.pieces.len() {
            if self.s.pieces[i].test_pending && self.s.pieces[i].fighting() {
                self.s.pieces[i].test_pending = false;
                self.test_stand(i);
            }
        }
        // Group tests: attacking groups biggest first, then defending ones.
        let mut order: Vec<usize> = (0..self.s.groups.len()).collect();
        order.sort_by_key(|&g| {
            (
                self.s.groups[g].role == Role::Defender,
                std::cmp::Reverse(self.s.groups[g].members),
            )
        });
        for g in order {
            self.test_group(g);
        }
    }

    /// People able to fight on a role's side.
    fn fit_people(&self, r: Role) -> i64 {
        self.s
            .pieces
            .iter()
            .filter(|f| f.role == r && f.fighting())
            .map(|f| f.people - f.hits)
            .sum()
    }

    /// One stand's individual test, with the modifiers the situation gives.
    fn test_stand(&mut self, i: usize) -> StandResult {
        let role = self.s.pieces[i].role;
        let mods = self.individual_modifiers(i, self.enemy_view(role), self.fit_people(role));
        let roll = self.s.dice.two_d6();
        let modified = roll + mods.iter().map(|(_, m)| m).sum::<i64>();
        let morale = self.s.pieces[i].morale;
        let result = stand_result(morale - modified);
        if self.p.log {
            let stand = self.code(i).to_string();
            self.log(
                Some(role),
                BiaEvent::StandMorale {
                    stand,
                    roll,
                    modifiers: mods
                        .iter()
                        .map(|&(name, modifier)| Mod { name, modifier })
                        .collect(),
                    modified,
                    morale,
                    result: result_name(result),
                },
            );
        }
        self.apply_stand_result(i, result);
        result
    }

    /// A group's test if it has reached a threshold it has not tested; returns
    /// whether a test was taken.
    fn test_group(&mut self, g: usize) -> bool {
        if self.s.groups[g].withdrawn {
            return false;
        }
        let cas = self.casualties_of(g);
        let members = self.s.groups[g].members;
        let tested: Vec<Threshold> = THRESHOLDS
            .iter()
            .zip(self.s.groups[g].tested)
            .filter(|(_, t)| *t)
            .map(|((th, _), _)| *th)
            .collect();
        let Some((threshold, modifier)) = due_threshold(members, cas, &tested) else {
            return false;
        };
        // One test covers every threshold reached so far.
        for (k, (t, _)) in THRESHOLDS.iter().enumerate() {
            if threshold_casualties(*t, members) <= cas {
                self.s.groups[g].tested[k] = true;
            }
        }
        let roll = self.s.dice.two_d6();
        let morale = self.s.groups[g].morale;
        let t = group_test(morale, roll, &[modifier]).expect("group morale and 2d6 are in range");
        let passed = t.margin <= 0;
        if self.p.log {
            let group = self.p.group_codes[g].to_string();
            let role = self.s.groups[g].role;
            self.log(
                Some(role),
                BiaEvent::GroupMorale {
                    group,
                    casualties: cas,
                    members,
                    threshold: format!("{threshold:?}").to_lowercase(),
                    roll,
                    modifier,
                    modified: t.modified,
                    morale,
                    passed,
                },
            );
        }
        if !passed {
            self.s.groups[g].withdrawn = true;
            for p in self
                .s
                .pieces
                .iter_mut()
                .filter(|p| p.command == g && p.fighting())
            {
                p.state = State::Left;
            }
        }
        true
    }

    fn individual_modifiers(
        &self,
        i: usize,
        view: EnemyView,
        friends: i64,
    ) -> Vec<(&'static str, i64)> {
        let p = &self.s.pieces[i];
        let mut out = Vec::new();
        if p.officers > 0 {
            out.push(("officer_leading", 1));
        }
        if p.dist <= CLOSEST_CM && p.role == Role::Attacker {
            out.push(("under_close_or_indirect_fire", -1));
        }
        if view.hma_or_apc {
            out.push(("enemy_in_hma_or_apc", -1));
        }
        if view.tanks {
            out.push(("enemy_tanks", -2));
        }
        if view.aircraft {
            out.push(("under_air_attack", -3));
        }
        if view.people > friends {
            out.push(("visibly_outnumbered", -1));
        }
        let tenths = self.casualties_of(p.command) * 10 / self.s.groups[p.command].members.max(1);
        if tenths > 0 {
            out.push(("each_10pct_friendly_casualties", -tenths));
        }
        out
    }

    fn apply_stand_result(&mut self, i: usize, result: StandResult) {
        let range = self.p.setup.range_cm;
        // Within 5 cm of the nearest enemy: attackers measure their own distance,
        // defenders that of the nearest attacker still fighting.
        let close = match self.s.pieces[i].role {
            Role::Attacker => self.s.pieces[i].dist <= CLOSEST_CM,
            Role::Defender => self
                .s
                .pieces
                .iter()
                .filter(|a| a.role == Role::Attacker && a.fighting())
                .any(|a| a.dist <= CLOSEST_CM),
        };
        let p = &mut self.s.pieces[i];
        match result {
            StandResult::CarryOn => {}
            StandResult::NoCloser => p.posture = Posture::Hold,
            StandResult::Retire => {
                p.posture = Posture::Hold;
                if p.role == Role::Attacker {
                    p.dist = (p.dist + p.tactical_move).min(range.max(p.dist));
                }
            }
            StandResult::Surrender => {
                if close {
                    p.state = State::Captured;
                    p.captured = p.people;
                } else {
                    // Runs for it, leaving its wounded to the enemy.
                    p.state = State::Left;
                    p.captured = p.hits;
                }
            }
        }
    }

    fn movement_phase(&mut self) {
        for i in 0..self.s.pieces.len() {
            let p = &mut self.s.pieces[i];
            let artillery = p.kind == StandType::Artillery;
            if !p.fighting()
                || p.posture != Posture::Advance
                || p.is_aircraft
                || artillery
                || p.tactical_move == 0
                || p.dist <= CLOSEST_CM
            {
                continue;
            }
            // Foot soldiers who cannot shoot well on the move bound forward by halves:
            // each stays put every other turn and fires at full effect.
            let penalised = p.on_foot && p.equipment != Some(Equipment::Hma);
            if penalised && (self.s.turn as usize + i).is_multiple_of(2) {
                continue;
            }
            let from = p.dist;
            p.dist = (p.dist - p.tactical_move).max(CLOSEST_CM);
            p.moved = true;
            let to = p.dist;
            if self.p.log {
                let stand = self.code(i).to_string();
                self.log(Some(Role::Attacker), BiaEvent::Advance { stand, from, to });
            }
        }
    }

    /// Range from a firer to a target, in table cm.
    fn range(&self, f: &Piece, t: &Piece) -> i64 {
        if f.is_aircraft {
            return attack_range_cm(f.speed);
        }
        let base = if f.role == Role::Attacker {
            f.dist
        } else {
            t.dist
        };
        let back = if f.kind == StandType::Artillery {
            ARTILLERY_BACK_CM
        } else {
            0
        };
        (base + back).max(1)
    }

    /// Air defence engages aircraft; anti-armour weapons take the nearest armour
    /// they can reach; everything else takes the nearest target it can hurt.
    fn pick_target(&self, i: usize) -> Option<usize> {
        let f = &self.s.pieces[i];
        let list = &self.s.targets[role_index(f.role.other())];
        let usable = |j: usize| {
            let t = &self.s.pieces[j];
            t.fighting() && f.can_hurt(t) && (f.ad.is_some() || self.range(f, t) <= f.reach)
        };
        if f.anti_armour() {
            if let Some(j) = list
                .iter()
                .copied()
                .find(|&j| self.s.pieces[j].armour > 0 && usable(j))
            {
                return Some(j);
            }
        }
        list.iter().copied().find(|&j| usable(j))
    }

    fn fire_phase(&mut self, role: Role) {
        for r in [Role::Attacker, Role::Defender] {
            let mut list = std::mem::take(&mut self.s.targets[role_index(r)]);
            list.clear();
            list.extend(
                (0..self.s.pieces.len())
                    .filter(|&j| self.s.pieces[j].role == r && self.s.pieces[j].fighting()),
            );
            list.sort_by_key(|&j| (self.s.pieces[j].dist, j));
            self.s.targets[role_index(r)] = list;
        }
        let mut order = std::mem::take(&mut self.s.order);
        order.clear();
        order.extend((0..self.s.pieces.len()).filter(|&i| {
            let p = &self.s.pieces[i];
            p.role == role && p.fighting() && p.weapon.is_some() && p.ammo > 0
        }));
        order.sort_by_key(|&i| (self.s.pieces[i].fire_order(), i));
        for &i in &order {
            if !self.s.pieces[i].fighting() {
                continue;
            }
            let Some(j) = self.pick_target(i) else {
                continue;
            };
            if self.s.pieces[i].ad.is_some() {
                self.air_defence(i, j);
            } else {
                self.shoot(i, j);
            }
        }
        self.s.order = order;
    }

    fn spend(&mut self, i: usize, j: usize) {
        let f = &mut self.s.pieces[i];
        f.ammo -= 1;
        f.ammo_spent += 1;
        f.fired = true;
        let t = &mut self.s.pieces[j];
        if !t.tested_first_fire {
            t.tested_first_fire = true;
            t.test_pending = true;
        }
        t.under_fire = true;
    }

    fn shoot(&mut self, i: usize, j: usize) {
        let situation = self.s.situation.clone();
        let range = match &situation {
            Some(s) => s.range,
            None => self.range(&self.s.pieces[i], &self.s.pieces[j]),
        };
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        let Some(line) = f.line else { return };
        let Some(band) = band_index(range) else {
            return;
        };
        let Some(cell) = line.cells[band] else { return };
        let cover = match &situation {
            Some(s) => s.cover.unwrap_or(Cover::Open),
            None if t.role == Role::Defender => self.p.setup.defender_cover,
            None => Cover::Open,
        };
        let firer = Firer {
            training: f.training,
            experience: f.experience,
            on_foot: f.on_foot,
            equipment: f.equipment,
            moving: f.moved || situation.as_ref().is_some_and(|s| s.moving),
            officers: f.officers,
        };
        let target = Target {
            training: t.training,
            experience: t.experience,
            on_foot: t.on_foot,
            is_vehicle: t.is_vehicle,
            is_aircraft: t.is_aircraft,
            equipment: t.equipment,
            cover,
            moving: t.moved,
            non_tactical: t.non_tactical,
            chaff: false,
            locked_on: false,
            evasive: false,
        };
        let (aircraft, artillery) = (f.is_aircraft, f.kind == StandType::Artillery);
        let mut mods: Vec<(&str, i64)> = modifiers(&firer, &target, line.blast)
            .into_iter()
            .map(|m| (m.name(), m.value()))
            .collect();
        mods.extend(
            situation
                .iter()
                .flat_map(|s| s.extra.iter().map(|m| ("mod", *m))),
        );
        let total: i64 = mods.iter().map(|m| m.1).sum();
        let roll = self.s.dice.d10();
        let hits = hits_for(roll + total, cell.hit);
        self.spend(i, j);
        if self.p.log {
            let (firer, target) = (self.code(i).to_string(), self.code(j).to_string());
            let phase = if aircraft {
                "air to surface"
            } else if artillery {
                "indirect fire"
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
            return;
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
    }

    fn penetrate(&mut self, j: usize, pen: Option<i64>) {
        let roll = self.s.dice.d10();
        let armour = self.s.pieces[j].armour;
        let (total, result) = penetration_result(pen, roll, armour);
        if self.p.log {
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
            t.state = State::Destroyed;
            t.hits = t.people;
        }
    }

    fn wound(&mut self, j: usize, hits: i64) {
        let t = &mut self.s.pieces[j];
        t.hits = (t.hits + hits).min(t.people);
        let total = t.hits_before + t.hits;
        let new_state = if total >= t.effects.destroyed || t.hits >= t.people {
            State::Destroyed
        } else if total >= t.effects.ineffective {
            State::Ineffective
        } else {
            return;
        };
        t.state = new_state;
        if self.p.log {
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

    fn air_defence(&mut self, i: usize, j: usize) {
        let (f, t) = (&self.s.pieces[i], &self.s.pieces[j]);
        let Some(system) = f.ad else { return };
        let entry = ad_entry(system);
        let Some(number) = lock_on_number(entry.line, t.speed) else {
            return;
        };
        let lock_roll = self.s.dice.d10();
        let locked = match entry.lock {
            Lock::Yes => lock_roll >= number,
            Lock::At(m) => lock_roll + m >= number,
            Lock::No => false,
        };
        let fire_roll = self.s.dice.d10();
        let modified = fire_roll + entry.firing + if locked { 3 } else { 0 };
        let hit = modified >= number;
        self.spend(i, j);
        if self.p.log {
            let (firer, target) = (self.code(i).to_string(), self.code(j).to_string());
            let side = Some(self.s.pieces[i].role);
            self.log(
                side,
                BiaEvent::AirDefence {
                    firer,
                    target,
                    lock_roll,
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

    fn finish(self) -> BattleResult {
        self.finish_with(None)
    }

    /// The result; `decided` is the umpire's call in a played battle.
    fn finish_with(mut self, decided: Option<(Winner, String)>) -> BattleResult {
        let a_out = self.side_out(Role::Attacker);
        let d_out = self.side_out(Role::Defender);
        let (winner, reason) = match (decided, a_out, d_out) {
            (Some(d), _, _) => d,
            (None, true, true) => (
                Winner::Draw,
                "both sides were put out of the fight".to_string(),
            ),
            (None, true, false) => (
                Winner::Defender,
                format!("the attackers {}", self.how_out(Role::Attacker)),
            ),
            (None, false, true) => (
                Winner::Attacker,
                format!("the defenders {}", self.how_out(Role::Defender)),
            ),
            (None, false, false) => (
                Winner::Defender,
                format!(
                    "turn limit of {} reached: the defender holds",
                    self.p.setup.turn_limit
                ),
            ),
        };
        let turns = self.s.turn;
        if self.p.log {
            self.log(
                None,
                BiaEvent::End {
                    winner: winner.as_str(),
                    turns,
                    reason: reason.clone(),
                },
            );
        }
        let stands = self
            .s
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| StandOutcome {
                code: self.p.codes[i].to_string(),
                role: p.role,
                hits_taken: p.hits,
                status_after: match p.state {
                    State::Fighting | State::Left => Status::Effective,
                    State::Ineffective => Status::Ineffective,
                    State::Destroyed => Status::Destroyed,
                    State::Captured => Status::Captured,
                },
                fired: p.fired,
                under_fire: p.under_fire,
                ammo_spent: p.ammo_spent,
                captured: p.captured,
                killed: 0,
                knockout: p.knockout,
                damage: None,
            })
            .collect();
        BattleResult {
            ruleset: "bia".to_string(),
            seed: self.s.seed,
            winner,
            turns,
            end_reason: reason,
            stands,
            units: Vec::new(),
            events: self.s.events,
        }
    }

    fn how_out(&self, role: Role) -> &'static str {
        let (mut left, mut captured, mut hurt) = (0, 0, 0);
        for p in self.s.pieces.iter().filter(|p| p.role == role) {
            match p.state {
                State::Left => left += 1,
                State::Captured => captured += 1,
                _ => hurt += 1,
            }
        }
        if left >= captured && left >= hurt {
            "withdrew"
        } else if captured >= hurt {
            "surrendered"
        } else {
            "were made ineffective"
        }
    }
}

fn result_name(r: StandResult) -> &'static str {
    match r {
        StandResult::CarryOn => "carry on",
        StandResult::NoCloser => "no closer",
        StandResult::Retire => "retire to cover",
        StandResult::Surrender => "surrender or flee",
    }
}
