//! The morale phase: individual tests with the modifiers the situation gives,
//! group tests at casualty thresholds, and officers rallying stands their
//! morale held back. Every morale number and modifier of the resolver is here.

use super::events::{BiaEvent, Mod};
use super::piece::{Piece, Posture, State, Trigger};
use super::{Battle, ASSAULT_CM};
use crate::battle::result::Role;
use crate::battle::shared_events::Shared;
use crate::core::kinds::{Cover, StandType, VehicleKind};
use crate::rules::bia::morale_test::{stand_result, StandResult};

/// What each side sees at a morale phase, worked out once for all its tests
/// (they are taken at the same moment).
#[derive(Clone, Default)]
pub(super) struct Picture {
    /// By the viewer's role: what it sees of the enemy.
    view: [EnemyView; 2],
    /// By role: people able to fight.
    fit: [i64; 2],
    /// By the viewer's role: tenths of the enemy's people hit.
    enemy_tenths: [i64; 2],
    /// By role: the nearest of its fighting ground stands, as distance to the
    /// defenders' line (attackers) or behind it (defenders).
    front: [Option<i64>; 2],
    /// By group: casualties so far (people hit or taken), and the same
    /// counted against the group's strength (`Piece::losses`).
    casualties: Vec<i64>,
    losses: Vec<i64>,
}

/// What a stand testing morale can see of the enemy.
#[derive(Default, Clone, Copy)]
struct EnemyView {
    tanks: bool,
    hma_or_apc: bool,
    people: i64,
}

/// An individual test's modifiers by name: at most one of each of BiA's eight
/// situations, kept without an allocation.
#[derive(Default)]
struct Mods {
    list: [(&'static str, i64); 8],
    len: usize,
}

impl Mods {
    fn push(&mut self, m: (&'static str, i64)) {
        self.list[self.len] = m;
        self.len += 1;
    }

    fn iter(&self) -> std::slice::Iter<'_, (&'static str, i64)> {
        self.list[..self.len].iter()
    }

    fn total(&self) -> i64 {
        self.iter().map(|(_, m)| m).sum()
    }
}

impl Battle<'_, '_> {
    /// A group's losses, as its casualty thresholds count them.
    pub(super) fn losses_of(&self, g: usize) -> i64 {
        self.s
            .pieces
            .iter()
            .filter(|p| p.command == g)
            .map(Piece::losses)
            .sum()
    }

    /// The picture for a morale phase, in one pass over the stands.
    pub(super) fn picture(&self) -> Picture {
        let mut pic = Picture {
            casualties: vec![0; self.s.groups.len()],
            losses: vec![0; self.s.groups.len()],
            ..Picture::default()
        };
        let mut hit = [0i64; 2];
        let mut people = [0i64; 2];
        for p in &self.s.pieces {
            let r = p.role.index();
            pic.casualties[p.command] += p.casualties();
            pic.losses[p.command] += p.losses();
            hit[r] += p.hits;
            people[r] += p.people;
            if !p.fighting() {
                continue;
            }
            pic.fit[r] += p.people - p.hits;
            if !p.is_aircraft {
                let at = p.dist + p.back;
                pic.front[r] = Some(pic.front[r].map_or(at, |f| f.min(at)));
            }
            // What the other side sees of this stand.
            let v = &mut pic.view[1 - r];
            v.tanks |= matches!(
                p.vehicle,
                Some(VehicleKind::TrackTank | VehicleKind::Hovertank)
            );
            v.hma_or_apc |= p.hard() || p.apc();
            v.people += p.people - p.hits;
        }
        for r in 0..2 {
            pic.enemy_tenths[r] = hit[1 - r] * 10 / people[1 - r].max(1);
        }
        pic
    }

    /// Within 5 cm of an enemy still fighting on the ground.
    fn close(&self, pic: &Picture, i: usize) -> bool {
        let p = &self.s.pieces[i];
        if p.is_aircraft {
            return false;
        }
        pic.front[p.role.other().index()]
            .is_some_and(|f| (p.dist + p.back + f).max(1) <= ASSAULT_CM)
    }

    pub(super) fn morale_phase(&mut self) {
        // Individual tests in BiA's order of type: militia, aircraft, infantry,
        // vehicles, hovertanks.
        let mut due = std::mem::take(&mut self.s.order);
        due.clear();
        due.extend(
            self.p
                .test_rank
                .iter()
                .copied()
                .filter(|&i| self.s.pieces[i].test_due()),
        );
        let mut losses = None;
        if !due.is_empty() {
            let pic = self.picture();
            let surrendered = self.s.surrendered;
            // One 2d6 for the stands of a side in the same place (BiA L314
            // and its footnote); each applies its own modifiers.
            let mut dice: Vec<(Role, i64, i64)> = Vec::new();
            for &i in &due {
                if let Some(trigger) = self.s.pieces[i].take_test() {
                    let p = &self.s.pieces[i];
                    if !p.fighting() {
                        continue;
                    }
                    let (role, at) = (p.role, p.dist + p.back);
                    let roll = if p.is_aircraft {
                        self.s.dice.two_d6()
                    } else if let Some(&(_, _, r)) =
                        dice.iter().find(|&&(ro, a, _)| ro == role && a == at)
                    {
                        r
                    } else {
                        let r = self.s.dice.two_d6();
                        dice.push((role, at, r));
                        r
                    };
                    self.test_stand_with(i, trigger, &pic, roll);
                }
            }
            // Only a surrender changes a group's losses during the tests.
            if self.s.surrendered == surrendered {
                losses = Some(pic.losses);
            }
        }
        self.s.order = due;
        // Group tests: attacking groups biggest first, then defending ones.
        let losses = losses.unwrap_or_else(|| {
            let mut l = vec![0; self.s.groups.len()];
            for p in &self.s.pieces {
                l[p.command] += p.losses();
            }
            l
        });
        for &g in &self.p.group_order {
            self.test_group(g, losses[g]);
        }
    }

    /// One stand's individual test, with the modifiers the situation gives.
    pub(super) fn test_stand(&mut self, i: usize, trigger: Trigger, pic: &Picture) -> StandResult {
        let roll = self.s.dice.two_d6();
        self.test_stand_with(i, trigger, pic, roll)
    }

    /// One stand's individual test on a 2d6 already rolled.
    fn test_stand_with(
        &mut self,
        i: usize,
        trigger: Trigger,
        pic: &Picture,
        roll: i64,
    ) -> StandResult {
        let role = self.s.pieces[i].role;
        let mods = self.individual_modifiers(i, pic);
        let modified = roll + mods.total();
        let morale = self.s.pieces[i].morale;
        let result = stand_result(morale - modified);
        if self.s.log.is_on() {
            let stand = self.code(i).to_string();
            self.log(
                Some(role),
                BiaEvent::StandMorale {
                    stand,
                    trigger: trigger.as_str(),
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
        self.apply_stand_result(i, result, self.close(pic, i));
        result
    }

    /// A group's test if it has reached a threshold it has not tested; returns
    /// whether a test was taken.
    pub(super) fn test_group(&mut self, g: usize, cas: i64) -> bool {
        // A group with no stand left fighting has nobody to test.
        if self.s.groups[g].due(cas).is_none()
            || !self.s.pieces.iter().any(|p| p.command == g && p.fighting())
        {
            return false;
        }
        let Some(t) = self.s.groups[g].test(cas, &mut self.s.dice) else {
            return false;
        };
        if self.s.log.is_on() {
            let role = self.s.groups[g].role;
            self.log(Some(role), Shared::group_morale(self.p.group_codes[g], &t));
        }
        if !t.passed {
            self.withdraw_group(g, "morale");
        }
        true
    }

    /// An officer of the stand's group still fighting in the same place: in
    /// sight and doing the same as the stand (BiA L317 and its footnote).
    fn officer_with(&self, i: usize) -> bool {
        let p = &self.s.pieces[i];
        let at = p.dist + p.back;
        self.side(p.role).iter().any(|o| {
            o.officers > 0
                && o.fighting()
                && o.command == p.command
                && !o.is_aircraft
                && o.dist + o.back == at
        })
    }

    fn individual_modifiers(&self, i: usize, pic: &Picture) -> Mods {
        let p = &self.s.pieces[i];
        let r = p.role.index();
        let view = pic.view[r];
        let mut out = Mods::default();
        if p.officers > 0 {
            // The officer's own stand: the officer is taking the test.
            out.push(("officer_taking_morale", 2));
        } else {
            if p.kind == StandType::Commander {
                // A command figure who holds no commission: a key NCO.
                out.push(("nco_taking_morale", 1));
            }
            if self.officer_with(i) {
                out.push(("officer_leading", 1));
            }
        }
        if p.apc() {
            // The crew of an armoured personnel carrier, inside it.
            out.push(("in_apc", 1));
        }
        if self.close(pic, i) || p.shelled {
            out.push(("under_close_or_indirect_fire", -1));
        }
        if view.hma_or_apc {
            out.push(("enemy_in_hma_or_apc", -1));
        }
        if view.tanks {
            out.push(("enemy_tanks", -2));
        }
        if p.air_attacked {
            out.push(("under_air_attack", -3));
        }
        if view.people > pic.fit[r] {
            out.push(("visibly_outnumbered", -1));
        }
        let tenths = pic.casualties[p.command] * 10 / self.s.groups[p.command].people.max(1);
        if tenths > 0 {
            out.push(("each_10pct_friendly_casualties", -tenths));
        }
        // Enemy casualties in sight, counted like friendly ones: one for each
        // tenth of the enemy's people hit.
        let enemy_tenths = pic.enemy_tenths[r];
        if enemy_tenths > 0 {
            out.push(("each_enemy_casualty_in_sight", enemy_tenths));
        }
        out
    }

    fn apply_stand_result(&mut self, i: usize, result: StandResult, close: bool) {
        let range = self.p.setup.range_cm;
        let p = &mut self.s.pieces[i];
        match result {
            StandResult::CarryOn => {}
            StandResult::NoCloser => p.posture = Posture::Shaken,
            StandResult::Retire => {
                // Back one tactical move to the nearest cover; a stand that
                // cannot move stands and fights.
                p.posture = Posture::Shaken;
                if p.tactical_move == 0 {
                    return;
                }
                let from = p.dist + p.back;
                match p.role {
                    Role::Attacker => p.dist = (p.dist + p.tactical_move).min(range.max(p.dist)),
                    Role::Defender => {
                        p.back += p.tactical_move;
                        p.cover = match p.cover {
                            Cover::Bunker | Cover::Cover => Cover::Cover,
                            Cover::Open => Cover::Open,
                        };
                    }
                }
                let to = p.dist + p.back;
                p.retired = to != from;
                if self.p.log && to != from {
                    let (stand, role) = (self.code(i).to_string(), self.s.pieces[i].role);
                    self.log(
                        Some(role),
                        BiaEvent::FallBack {
                            stand,
                            why: "retires to cover",
                            from,
                            to,
                            non_tactical: false,
                            behind: role == Role::Defender,
                        },
                    );
                }
            }
            StandResult::Surrender => {
                let captured = if close {
                    p.captured = p.people;
                    self.s.surrendered += 1;
                    self.set_state(i, State::Captured);
                    self.s.pieces[i].people
                } else {
                    // Runs for it, leaving its wounded to the enemy.
                    self.set_state(i, State::Fled);
                    self.s.pieces[i].hits
                };
                if self.s.log.is_on() {
                    let (stand, role) = (self.code(i).to_string(), self.s.pieces[i].role);
                    self.log(
                        Some(role),
                        BiaEvent::Surrender {
                            stand,
                            fled: !close,
                            captured,
                        },
                    );
                }
            }
        }
    }

    /// Special actions: officers rally attacking stands their morale held
    /// back. A stand with an officer, or in a group whose officer still fights,
    /// tests again (the officer leading, +1); passing, it advances once more.
    pub(super) fn special_actions(&mut self) {
        if !self
            .side(Role::Attacker)
            .iter()
            .any(|p| p.posture == Posture::Shaken)
        {
            return;
        }
        let tallies = self.tallies(Role::Attacker);
        for i in 0..self.p.attackers {
            let p = &self.s.pieces[i];
            if p.role != Role::Attacker || !p.fighting() || p.posture != Posture::Shaken {
                continue;
            }
            if !tallies[p.command].officer {
                continue;
            }
            let roll = self.s.dice.two_d6();
            let morale = self.s.pieces[i].morale;
            let modified = roll + 1;
            let rallied = modified >= morale;
            if rallied {
                self.s.pieces[i].posture = Posture::Advance;
            }
            if self.s.log.is_on() {
                let stand = self.code(i).to_string();
                self.log(
                    Some(Role::Attacker),
                    BiaEvent::Rally {
                        stand,
                        roll,
                        modified,
                        morale,
                        rallied,
                    },
                );
            }
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
