//! The BiA auto-resolver: fights a battle turn by turn from the campaign's
//! stands, following the BiA sequence of play, and logs every roll.

mod piece;

use serde_json::json;

use crate::battle::resolver::{BattleError, Resolver};
use crate::battle::result::{BattleResult, Event, Knockout, Role, StandOutcome, Winner};
use crate::battle::setup::{BattleSetup, Force};
use crate::rules::bia::air_defence::{ad_entry, attack_range_cm, lock_on_number, Lock};
use crate::rules::bia::armour::{penetration_result, PenetrationResult};
use crate::rules::bia::fire::{hits_for, modifiers, Firer, Target};
use crate::rules::bia::morale::BattleContext;
use crate::rules::bia::morale_test::{
    due_threshold, group_test, stand_result, StandResult, Threshold,
};
use crate::rules::bia::range_table::{band_index, BANDS};
use crate::rules::dice::Dice;
use crate::rules::kinds::{Cover, Ruleset, Status, VehicleKind};
use piece::{Piece, Posture, State};

/// Attackers stop closing at this range: close assault is not modelled.
const CLOSEST_CM: i64 = 5;
/// Artillery stands this far behind its own line.
const ARTILLERY_BACK_CM: i64 = 30;

/// The Bounce into Action resolver.
#[derive(Debug, Clone, Copy, Default)]
pub struct BiaResolver {
    /// Keep the turn-by-turn log (off for odds runs, which only need numbers).
    pub log: bool,
}

impl Resolver for BiaResolver {
    fn ruleset(&self) -> Ruleset {
        Ruleset::Bia
    }

    fn resolve(&self, setup: &BattleSetup, seed: u64) -> Result<BattleResult, BattleError> {
        let mut b = Battle::new(setup, seed, self.log)?;
        b.fight();
        Ok(b.finish())
    }
}

struct Group {
    role: Role,
    code: String,
    members: i64,
    morale: i64,
    tested: Vec<Threshold>,
    withdrawn: bool,
}

struct Battle<'a> {
    setup: &'a BattleSetup,
    seed: u64,
    dice: Dice,
    pieces: Vec<Piece>,
    groups: Vec<Group>,
    turn: u32,
    log: bool,
    events: Vec<Event>,
    order: Vec<usize>,
}

fn battle_context(own: &Force, enemy: &Force) -> BattleContext {
    let air = |f: &Force| {
        f.stands
            .iter()
            .any(|s| s.stand_type == crate::rules::kinds::StandType::Aircraft)
    };
    BattleContext {
        enemy_air_superiority: air(enemy) && !air(own),
        enemy_cant_kill_us: false,
        we_cant_kill_enemy: false,
    }
}

impl<'a> Battle<'a> {
    fn new(setup: &'a BattleSetup, seed: u64, log: bool) -> Result<Self, BattleError> {
        let mut pieces = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            let enemy = setup.force(role.other());
            if force.stands.is_empty() {
                return Err(BattleError::NoForce {
                    battle: setup.code.clone(),
                    role: role.as_str(),
                });
            }
            let ctx = battle_context(force, enemy);
            for s in &force.stands {
                let g = match groups
                    .iter()
                    .position(|g| g.role == role && g.code == s.command)
                {
                    Some(g) => g,
                    None => {
                        groups.push(Group {
                            role,
                            code: s.command.clone(),
                            members: 0,
                            morale: 0,
                            tested: vec![],
                            withdrawn: false,
                        });
                        groups.len() - 1
                    }
                };
                pieces.push(Piece::new(s, role, g, force, ctx, setup.range_cm));
            }
        }
        // "Can't kill" factors need the whole battle: recompute with them.
        let snapshot = pieces.clone();
        for p in &mut pieces {
            let enemies: Vec<&Piece> = snapshot.iter().filter(|e| e.role != p.role).collect();
            let we_cant = !enemies.iter().any(|e| p.can_hurt(e)) && p.weapon.is_some();
            let they_cant = !enemies.iter().any(|e| e.can_hurt(p));
            p.morale = (p.morale + if we_cant { 2 } else { 0 } - if they_cant { 2 } else { 0 })
                .clamp(1, 9);
        }
        for (i, g) in groups.iter_mut().enumerate() {
            let members: Vec<&Piece> = pieces.iter().filter(|p| p.command == i).collect();
            g.members = members.iter().map(|p| p.people).sum();
            // The group tests on the morale of its typical stand: the rounded mean.
            let n = members.len().max(1) as i64;
            g.morale = ((members.iter().map(|p| p.morale).sum::<i64>() + n / 2) / n).clamp(1, 9);
        }
        Ok(Battle {
            setup,
            seed,
            dice: Dice::from_seed(seed),
            pieces,
            groups,
            turn: 0,
            log,
            events: Vec::new(),
            order: Vec::new(),
        })
    }

    fn event(
        &mut self,
        phase: &str,
        text: impl FnOnce() -> String,
        data: impl FnOnce() -> serde_json::Value,
    ) {
        if self.log {
            self.events.push(Event {
                turn: self.turn,
                phase: phase.to_string(),
                text: text(),
                data: Some(data()),
            });
        }
    }

    fn side_out(&self, role: Role) -> bool {
        !self.pieces.iter().any(|p| p.role == role && p.fighting())
    }

    fn fight(&mut self) {
        let s = self.setup;
        self.event(
            "setup",
            || {
                format!(
                    "{} stands attack {} defenders at {} cm; defenders {} ({})",
                    s.attacker.stands.len(),
                    s.defender.stands.len(),
                    s.range_cm,
                    s.defender_cover.as_str(),
                    if s.terrain.is_empty() {
                        "no terrain noted"
                    } else {
                        s.terrain.as_str()
                    }
                )
            },
            || json!({"range_cm": s.range_cm, "cover": s.defender_cover.as_str()}),
        );
        while self.turn < self.setup.turn_limit {
            self.turn += 1;
            self.morale_phase();
            if self.over() {
                return;
            }
            for p in &mut self.pieces {
                p.moved = false;
            }
            self.fire_phase(true);
            self.movement_phase();
            self.fire_phase(false);
            if self.over() {
                return;
            }
        }
    }

    fn over(&self) -> bool {
        self.side_out(Role::Attacker) || self.side_out(Role::Defender)
    }

    fn casualties_of(&self, g: usize) -> i64 {
        self.pieces
            .iter()
            .filter(|p| p.command == g)
            .map(|p| p.hits + p.captured.min(p.people))
            .sum()
    }

    fn morale_phase(&mut self) {
        // Individual tests first, for stands that came under fire for the first time.
        for i in 0..self.pieces.len() {
            if !(self.pieces[i].test_pending && self.pieces[i].fighting()) {
                continue;
            }
            self.pieces[i].test_pending = false;
            let roll = self.dice.two_d6() as i64;
            let mods = self.individual_modifiers(i);
            let modified = roll + mods.iter().map(|(_, m)| m).sum::<i64>();
            let margin = self.pieces[i].morale - modified;
            let result = stand_result(margin);
            let p = &self.pieces[i];
            let (code, morale) = (p.code.clone(), p.morale);
            self.event("morale", || format!(
                "{code} tests morale under fire: 2d6 {roll} {} = {modified} against {morale} → {}",
                mods.iter().map(|(n, m)| format!("{n} {m:+}")).collect::<Vec<_>>().join(" "),
                result_name(result)
            ), || json!({"stand": code, "roll": roll, "modified": modified, "morale": morale, "result": result_name(result)}));
            self.apply_stand_result(i, result);
        }
        // Group tests: attackers biggest first, then defenders biggest first.
        let mut order: Vec<usize> = (0..self.groups.len()).collect();
        order.sort_by_key(|&g| {
            (
                self.groups[g].role == Role::Defender,
                std::cmp::Reverse(self.groups[g].members),
            )
        });
        for g in order {
            if self.groups[g].withdrawn {
                continue;
            }
            let cas = self.casualties_of(g);
            let Some((threshold, modifier)) =
                due_threshold(self.groups[g].members, cas, &self.groups[g].tested)
            else {
                continue;
            };
            // A passed test also covers any lesser threshold reached at the same time.
            for (t, _) in crate::rules::bia::morale_test::THRESHOLDS {
                if crate::rules::bia::morale_test::threshold_casualties(t, self.groups[g].members)
                    <= cas
                {
                    self.groups[g].tested.push(t);
                }
            }
            let roll = self.dice.two_d6() as i64;
            let morale = self.groups[g].morale;
            let t =
                group_test(morale, roll, &[modifier]).expect("group morale and 2d6 are in range");
            let code = self.groups[g].code.clone();
            let members = self.groups[g].members;
            let passed = t.margin <= 0;
            self.event("morale", || format!(
                "group {code} has {cas} casualties of {members} ({threshold:?} threshold): 2d6 {roll} {modifier:+} = {} against {morale} → {}",
                t.modified, if passed { "carries on" } else { "withdraws in good order" }
            ), || json!({"group": code, "casualties": cas, "roll": roll, "modifier": modifier, "morale": morale, "passed": passed}));
            if !passed {
                self.groups[g].withdrawn = true;
                for p in self
                    .pieces
                    .iter_mut()
                    .filter(|p| p.command == g && p.fighting())
                {
                    p.state = State::Left;
                }
            }
        }
    }

    fn individual_modifiers(&self, i: usize) -> Vec<(&'static str, i64)> {
        let p = &self.pieces[i];
        let enemies = self
            .pieces
            .iter()
            .filter(|e| e.role != p.role && e.fighting());
        let mut tanks = false;
        let mut hma = false;
        let mut air = false;
        let mut enemy_people = 0;
        for e in enemies {
            tanks |= matches!(
                e.vehicle,
                Some(VehicleKind::TrackTank | VehicleKind::Hovertank)
            );
            hma |= e.hard()
                || matches!(
                    e.vehicle,
                    Some(VehicleKind::LightTrack | VehicleKind::Hoverbus)
                );
            air |= e.is_aircraft;
            enemy_people += e.people - e.hits;
        }
        let friends: i64 = self
            .pieces
            .iter()
            .filter(|f| f.role == p.role && f.fighting())
            .map(|f| f.people - f.hits)
            .sum();
        let own_cas = self.casualties_of(p.command);
        let members = self.groups[p.command].members.max(1);
        let mut out = Vec::new();
        if p.officers > 0 {
            out.push(("officer_leading", 1));
        }
        if p.dist <= CLOSEST_CM && p.role == Role::Attacker {
            out.push(("under_close_or_indirect_fire", -1));
        }
        if hma {
            out.push(("enemy_in_hma_or_apc", -1));
        }
        if tanks {
            out.push(("enemy_tanks", -2));
        }
        if air {
            out.push(("under_air_attack", -3));
        }
        if enemy_people > friends {
            out.push(("visibly_outnumbered", -1));
        }
        let tenths = own_cas * 10 / members;
        if tenths > 0 {
            out.push(("friendly_casualties", -tenths));
        }
        out
    }

    fn apply_stand_result(&mut self, i: usize, result: StandResult) {
        let p = &mut self.pieces[i];
        match result {
            StandResult::CarryOn => {}
            StandResult::NoCloser => p.posture = Posture::Hold,
            StandResult::Retire => {
                p.posture = Posture::Hold;
                if p.role == Role::Attacker {
                    p.dist = (p.dist + p.tactical_move).min(self.setup.range_cm.max(p.dist));
                }
            }
            StandResult::Surrender => {
                if p.dist <= CLOSEST_CM {
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
        for i in 0..self.pieces.len() {
            let p = &mut self.pieces[i];
            if !p.fighting()
                || p.posture != Posture::Advance
                || p.is_aircraft
                || p.tactical_move == 0
            {
                continue;
            }
            if p.dist > CLOSEST_CM
                && !(p.reach > 0
                    && p.dist <= p.reach.min(CLOSEST_CM * 2)
                    && p.kind == crate::rules::kinds::StandType::Artillery)
            {
                let from = p.dist;
                p.dist = (p.dist - p.tactical_move).max(CLOSEST_CM);
                p.moved = true;
                let (code, to) = (p.code.clone(), p.dist);
                self.event(
                    "movement",
                    || format!("{code} advances from {from} to {to} cm"),
                    || json!({"stand": code, "from": from, "to": to}),
                );
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
        let back = if f.kind == crate::rules::kinds::StandType::Artillery {
            ARTILLERY_BACK_CM
        } else {
            0
        };
        (base + back).max(1)
    }

    /// The target a piece engages: aircraft for air defence; otherwise a target it
    /// can hurt and reach, armour first for anti-armour weapons, else the nearest.
    fn pick_target(&self, i: usize) -> Option<usize> {
        let f = &self.pieces[i];
        let mut best: Option<(bool, i64, usize)> = None;
        for (j, t) in self.pieces.iter().enumerate() {
            if t.role == f.role || !t.fighting() || !f.can_hurt(t) {
                continue;
            }
            let r = self.range(f, t);
            if f.ad.is_none() && r > f.reach {
                continue;
            }
            let key = (!(f.anti_armour() && t.armour > 0), r, j);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(_, _, j)| j)
    }

    fn fire_phase(&mut self, stationary_defenders: bool) {
        self.order.clear();
        for (i, p) in self.pieces.iter().enumerate() {
            let eligible = if stationary_defenders {
                p.role == Role::Defender
            } else {
                p.role == Role::Attacker
            };
            if eligible && p.fighting() && p.weapon.is_some() && p.ammo > 0 {
                self.order.push(i);
            }
        }
        let mut order = std::mem::take(&mut self.order);
        order.sort_by_key(|&i| self.pieces[i].fire_order());
        for &i in &order {
            if !self.pieces[i].fighting() {
                continue;
            }
            let Some(j) = self.pick_target(i) else {
                continue;
            };
            if self.pieces[i].ad.is_some() {
                self.air_defence(i, j);
            } else {
                self.shoot(i, j);
            }
        }
        self.order = order;
    }

    fn spend(&mut self, i: usize, j: usize) {
        let f = &mut self.pieces[i];
        f.ammo -= 1;
        f.ammo_spent += 1;
        f.fired = true;
        let t = &mut self.pieces[j];
        if !t.tested_first_fire {
            t.tested_first_fire = true;
            t.test_pending = true;
        }
        t.under_fire = true;
    }

    fn shoot(&mut self, i: usize, j: usize) {
        let range = self.range(&self.pieces[i], &self.pieces[j]);
        let (f, t) = (&self.pieces[i], &self.pieces[j]);
        let line = f.line.expect("a firing piece has a range-table weapon");
        let Some(band) = band_index(range) else {
            return;
        };
        let Some(cell) = line.cells[band] else { return };
        let cover = if t.role == Role::Defender {
            self.setup.defender_cover
        } else {
            Cover::Open
        };
        let firer = Firer {
            training: f.training,
            experience: f.experience,
            on_foot: f.on_foot,
            equipment: f.equipment,
            moving: f.moved,
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
            non_tactical: false,
            chaff: false,
            locked_on: false,
            evasive: false,
        };
        let mods = modifiers(&firer, &target, line.blast);
        let total: i64 = mods.iter().map(|m| m.value()).sum();
        let roll = self.dice.d10() as i64;
        let hits = hits_for(roll + total, cell.hit);
        self.spend(i, j);
        let (fc, tc) = (self.pieces[i].code.clone(), self.pieces[j].code.clone());
        let phase = if self.pieces[i].is_aircraft {
            "air to surface"
        } else if self.pieces[i].kind == crate::rules::kinds::StandType::Artillery {
            "indirect fire"
        } else {
            "fire"
        };
        self.event(phase, || format!(
            "{fc} fires at {tc} at {range} cm ({} cm band, needs {}): d10 {roll} {} = {} → {hits} hit{}",
            BANDS[band], cell.hit,
            mods.iter().map(|m| format!("{} {:+}", m.name(), m.value())).collect::<Vec<_>>().join(" "),
            roll + total, if hits == 1 { "" } else { "s" }
        ), || json!({"firer": fc, "target": tc, "range_cm": range, "band": BANDS[band], "hit_number": cell.hit, "roll": roll,
                    "modifiers": mods.iter().map(|m| json!({"name": m.name(), "modifier": m.value()})).collect::<Vec<_>>(),
                    "modified_roll": roll + total, "hits": hits}));
        if hits == 0 {
            return;
        }
        if self.pieces[j].is_vehicle || self.pieces[j].is_aircraft {
            for _ in 0..hits {
                if !self.pieces[j].fighting() {
                    break;
                }
                self.penetrate(j, cell.pen);
            }
        } else {
            self.wound(j, hits);
        }
    }

    fn penetrate(&mut self, j: usize, pen: Option<i64>) {
        let roll = self.dice.d10() as i64;
        let armour = self.pieces[j].armour;
        let (total, result) = penetration_result(pen, roll, armour);
        let code = self.pieces[j].code.clone();
        self.event("penetration", || format!(
            "{code} (armour {armour}): d10 {roll} + penetration {} = {total} → {}",
            pen.map(|p| p.to_string()).unwrap_or_else(|| "none".into()), result.as_str()
        ), || json!({"target": code, "armour": armour, "roll": roll, "penetration": pen, "total": total, "result": result.as_str()}));
        let t = &mut self.pieces[j];
        match result {
            PenetrationResult::NoEffect => {}
            PenetrationResult::Killed | PenetrationResult::Exploded => {
                t.knockout = Some(if result == PenetrationResult::Exploded {
                    Knockout::Exploded
                } else {
                    Knockout::Killed
                });
                t.state = State::Destroyed;
                t.hits = t.people;
            }
        }
    }

    fn wound(&mut self, j: usize, hits: i64) {
        let t = &mut self.pieces[j];
        t.hits = (t.hits + hits).min(t.people);
        let total = t.hits_before + t.hits;
        let out = total >= t.effects.destroyed || t.hits >= t.people;
        let new_state = if out {
            State::Destroyed
        } else if total >= t.effects.ineffective {
            State::Ineffective
        } else {
            State::Fighting
        };
        if new_state != State::Fighting {
            t.state = new_state;
            let (code, hits_now) = (t.code.clone(), total);
            let what = if new_state == State::Destroyed {
                "destroyed"
            } else {
                "ineffective and falls back to the aid post"
            };
            self.event(
                "hits",
                || format!("{code} is {what} with {hits_now} hits"),
                || json!({"stand": code, "hits": hits_now, "state": what}),
            );
        }
    }

    fn air_defence(&mut self, i: usize, j: usize) {
        let (f, t) = (&self.pieces[i], &self.pieces[j]);
        let Some(system) = f.ad else { return };
        let entry = ad_entry(system);
        let Some(number) = lock_on_number(entry.line, t.speed) else {
            return;
        };
        let lock_roll = self.dice.d10() as i64;
        let locked = match entry.lock {
            Lock::Yes => lock_roll >= number,
            Lock::At(m) => lock_roll + m >= number,
            Lock::No => false,
        };
        let fire_roll = self.dice.d10() as i64;
        let modified = fire_roll + entry.firing + if locked { 3 } else { 0 };
        let hit = modified >= number;
        self.spend(i, j);
        let (fc, tc) = (self.pieces[i].code.clone(), self.pieces[j].code.clone());
        self.event("air defence", || format!(
            "{fc} engages {tc}: lock-on d10 {lock_roll} → {}; fire d10 {fire_roll} → {modified} against {number} → {}",
            if locked { "locked" } else { "no lock" }, if hit { "hit" } else { "miss" }
        ), || json!({"firer": fc, "target": tc, "lock_roll": lock_roll, "locked": locked, "roll": fire_roll, "modified_roll": modified, "hit_number": number, "hit": hit}));
        if hit {
            self.penetrate(j, Some(0));
        }
    }

    fn finish(mut self) -> BattleResult {
        let a_out = self.side_out(Role::Attacker);
        let d_out = self.side_out(Role::Defender);
        let (winner, reason) = match (a_out, d_out) {
            (true, true) => (
                Winner::Draw,
                "both sides were put out of the fight".to_string(),
            ),
            (true, false) => (
                Winner::Defender,
                format!("the attackers {}", self.how_out(Role::Attacker)),
            ),
            (false, true) => (
                Winner::Attacker,
                format!("the defenders {}", self.how_out(Role::Defender)),
            ),
            (false, false) => (
                Winner::Defender,
                format!(
                    "turn limit of {} reached: the defender holds",
                    self.setup.turn_limit
                ),
            ),
        };
        let turns = self.turn;
        self.event(
            "end",
            || format!("after {turns} turns: {} ({reason})", winner.as_str()),
            || json!({"winner": winner.as_str(), "turns": turns}),
        );
        let stands = self
            .pieces
            .iter()
            .map(|p| StandOutcome {
                code: p.code.clone(),
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
                knockout: p.knockout,
            })
            .collect();
        BattleResult {
            ruleset: Ruleset::Bia,
            seed: self.seed,
            winner,
            turns,
            end_reason: reason,
            stands,
            units: Vec::new(),
            events: self.events,
        }
    }

    fn how_out(&self, role: Role) -> &'static str {
        let mine = self.pieces.iter().filter(|p| p.role == role);
        let (mut left, mut captured, mut hurt) = (0, 0, 0);
        for p in mine {
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
