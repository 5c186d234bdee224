//! The BiA auto-resolver: fights a battle turn by turn from the campaign's
//! stands, following the BiA sequence of play, and logs every roll.

pub mod events;
mod piece;
pub mod play;

use crate::battle::event::Event;
use crate::battle::result::{BattleResult, Knockout, Role, StandOutcome, Winner};
use crate::battle::ruleset::{BattleError, PreparedBattle, RunSummary};
use crate::battle::setup::BattleSetup;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover, Equipment, StandType, VehicleKind};
use crate::rules::bia::air_defence::{ad_entry, attack_range_cm, lock_on_number, Lock};
use crate::rules::bia::armour::{penetration_result, PenetrationResult};
use crate::rules::bia::fire::{hits_for, modifiers};
use crate::rules::bia::morale_test::{
    due_threshold, group_test, stand_result, threshold_casualties, StandResult, Threshold,
    THRESHOLDS,
};
use crate::rules::bia::range_table::{band_index, BANDS};
use events::{BiaEvent, Mod};
use piece::{target_mod_index, test_order, Piece, Posture, State, Trigger};

/// Attackers close to this range (the 5 cm band) by ordinary moves; from
/// here they go into the enemy position by assault.
const ASSAULT_CM: i64 = 5;
/// Stands going back stop moving this far beyond the opening range: off the
/// table, out of every weapon's reach.
const OFF_TABLE_CM: i64 = 120;

/// One player's group: tested for morale as a whole.
#[derive(Debug, Clone, Copy)]
struct Group {
    role: Role,
    /// People on the table: the base of the friendly-casualties modifier.
    people: i64,
    /// Hits that would make every stand ineffective: the base of the
    /// casualty thresholds (docs/rules-decisions.md, group thresholds).
    strength: i64,
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
    /// Per role, its stands in the order of fire, movement aside.
    rank: [Vec<usize>; 2],
    /// Every stand in BiA's order of individual tests by type.
    test_rank: Vec<usize>,
    /// Groups in the order they test: attackers biggest first, then defenders.
    group_order: Vec<usize>,
    /// How many of the pieces are attackers (they come first).
    attackers: usize,
    /// Per role: stands fighting at the start, and those on the ground.
    fighting: [usize; 2],
    fighting_ground: [usize; 2],
    /// Some stand is a weapons platform in orbit.
    orbit: bool,
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
                            people: 0,
                            strength: 0,
                            morale: 0,
                            tested: [false; 3],
                            withdrawn: false,
                        });
                        group_codes.push(&s.command);
                        groups.len() - 1
                    }
                };
                pieces.push(Piece::new(s, role, g, setup.range_cm, setup.defender_cover));
                codes.push(s.code.as_str());
            }
        }
        for (i, g) in groups.iter_mut().enumerate() {
            // Platforms in orbit are not with the group on the table.
            let members: Vec<&Piece> = pieces
                .iter()
                .filter(|p| p.command == i && !p.in_orbit())
                .collect();
            g.people = members.iter().map(|p| p.people).sum();
            g.strength = members.iter().map(|p| p.strength()).sum();
            g.morale = group_morale(&members);
        }
        // The order of fire within stationary (or moving) stands never
        // changes in a battle: more experienced, then better trained first.
        let mut all: Vec<usize> = (0..pieces.len()).collect();
        all.sort_by_key(|&i| {
            (
                std::cmp::Reverse(pieces[i].experience),
                std::cmp::Reverse(pieces[i].training),
                i,
            )
        });
        let rank = [Role::Attacker, Role::Defender].map(|r| {
            all.iter()
                .copied()
                .filter(|&i| pieces[i].role == r)
                .collect()
        });
        let mut test_rank: Vec<usize> = (0..pieces.len()).collect();
        test_rank.sort_by_key(|&i| (test_order(&pieces[i]), i));
        let mut group_order: Vec<usize> = (0..groups.len()).collect();
        group_order.sort_by_key(|&g| {
            (
                groups[g].role == Role::Defender,
                std::cmp::Reverse(groups[g].people),
            )
        });
        let attackers = pieces
            .iter()
            .take_while(|p| p.role == Role::Attacker)
            .count();
        let count = |r: Role, ground: bool| {
            pieces
                .iter()
                .filter(|p| p.role == r && p.fighting() && !(ground && p.is_aircraft))
                .count()
        };
        let fighting = [count(Role::Attacker, false), count(Role::Defender, false)];
        let fighting_ground = [count(Role::Attacker, true), count(Role::Defender, true)];
        let orbit = pieces.iter().any(Piece::in_orbit);
        debug_assert!(pieces[attackers..].iter().all(|p| p.role == Role::Defender));
        Ok(Prepared {
            setup,
            log,
            pieces,
            groups,
            group_codes,
            codes,
            rank,
            test_rank,
            group_order,
            attackers,
            fighting,
            fighting_ground,
            orbit,
        })
    }
}

impl Prepared<'_> {
    fn start(&self, seed: u64) -> Fight {
        let mut f = Fight::default();
        self.restart(&mut f, seed);
        f
    }

    /// Sets `f` to the start of the battle with dice from `seed`, keeping
    /// the vectors it has (odds fight thousands of runs on each thread).
    fn restart(&self, f: &mut Fight, seed: u64) {
        fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
            let mut v = std::mem::take(v);
            v.clear();
            v
        }
        let mut pieces = std::mem::take(&mut f.pieces);
        pieces.clone_from(&self.pieces);
        let mut groups = std::mem::take(&mut f.groups);
        groups.clone_from(&self.groups);
        *f = Fight {
            seed,
            dice: Roller::seeded(seed),
            pieces,
            groups,
            turn: 0,
            events: cleared(&mut f.events),
            order: cleared(&mut f.order),
            targets: [cleared(&mut f.targets[0]), cleared(&mut f.targets[1])],
            situation: None,
            fired: [false; 2],
            swept: [false; 2],
            split: [0; 2],
            armour_targets: [
                cleared(&mut f.armour_targets[0]),
                cleared(&mut f.armour_targets[1]),
            ],
            armour_split: [0; 2],
            targets_built: [false; 2],
            surrendered: 0,
            fighting: self.fighting,
            fighting_ground: self.fighting_ground,
            keys: cleared(&mut f.keys),
        };
    }
}

thread_local! {
    /// The last battle fought for odds on this thread, kept for its vectors.
    static SPARE: std::cell::RefCell<Fight> = std::cell::RefCell::new(Fight::default());
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

    fn summary(&self, seed: u64, order: &[&str]) -> RunSummary {
        debug_assert!(self.codes.iter().eq(order.iter()));
        SPARE.with(|spare| {
            let mut s = spare.take();
            self.restart(&mut s, seed);
            let mut b = Battle { p: self, s };
            b.fight();
            let out = b.summary();
            spare.replace(b.s);
            out
        })
    }
}

/// Everything that changes while a battle is fought; cloned to take back a line in play.
#[derive(Clone, Default)]
pub(crate) struct Fight {
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
    /// Per role: fired this turn, and fired last turn (its fire swept the ground).
    fired: [bool; 2],
    swept: [bool; 2],
    /// Per role: how many of `targets` were fighting when the list was made.
    split: [usize; 2],
    /// Per role: the armoured stands of `targets`, in the same order, and how
    /// many of them were fighting when the list was made.
    armour_targets: [Vec<usize>; 2],
    armour_split: [usize; 2],
    /// `targets` has been filled once; later phases only prune and re-sort it.
    targets_built: [bool; 2],
    /// Stands that have surrendered so far.
    surrendered: u32,
    /// Per role: stands fighting, and those of them on the ground.
    fighting: [usize; 2],
    fighting_ground: [usize; 2],
    /// Scratch words for sorting, kept between phases.
    keys: Vec<u64>,
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

/// What each side sees at a morale phase, worked out once for all its tests
/// (they are taken at the same moment).
#[derive(Clone, Default)]
struct Picture {
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

/// One group's numbers at a moment of the turn.
#[derive(Clone, Copy, Default)]
struct Tally {
    /// Fighting stands with a weapon, and those of them with ammunition left.
    armed: usize,
    with_ammo: usize,
    /// An officer still fighting with the group.
    officer: bool,
}

/// What a stand testing morale can see of the enemy.
#[derive(Default, Clone, Copy)]
struct EnemyView {
    tanks: bool,
    hma_or_apc: bool,
    aircraft: bool,
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

    /// One side's pieces: the attackers come first, then the defenders.
    fn side(&self, role: Role) -> &[Piece] {
        let (a, d) = self.s.pieces.split_at(self.p.attackers);
        match role {
            Role::Attacker => a,
            Role::Defender => d,
        }
    }

    fn side_out(&self, role: Role) -> bool {
        debug_assert_eq!(
            self.s.fighting[role_index(role)],
            self.side(role).iter().filter(|p| p.fighting()).count()
        );
        self.s.fighting[role_index(role)] == 0
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
            self.orders_phase();
            self.morale_phase();
            if self.over() {
                return;
            }
            for p in &mut self.s.pieces {
                p.moved = false;
                p.non_tactical = false;
                p.shelled = false;
            }
            // Stationary defenders fire first, then the attackers move and fire.
            self.fire_phase(Role::Defender);
            self.movement_phase();
            self.fire_phase(Role::Attacker);
            self.orbital_phase();
            self.special_actions();
            self.s.swept = std::mem::take(&mut self.s.fired);
            if self.over() {
                return;
            }
        }
    }

    /// Each of one side's groups' numbers, in one pass over its stands (the
    /// other side's groups are left empty).
    fn tallies(&self, role: Role) -> Vec<Tally> {
        let mut out = vec![Tally::default(); self.s.groups.len()];
        for p in self.side(role) {
            let t = &mut out[p.command];
            if p.fighting() {
                t.officer |= p.officers > 0;
                if p.weapon.is_some() {
                    t.armed += 1;
                    t.with_ammo += usize::from(p.ammo > 0);
                }
            }
        }
        out
    }

    /// A group's losses, as its casualty thresholds count them.
    fn losses_of(&self, g: usize) -> i64 {
        self.s
            .pieces
            .iter()
            .filter(|p| p.command == g)
            .map(Piece::losses)
            .sum()
    }

    /// The picture for a morale phase, in one pass over the stands.
    fn picture(&self) -> Picture {
        let mut pic = Picture {
            casualties: vec![0; self.s.groups.len()],
            losses: vec![0; self.s.groups.len()],
            ..Picture::default()
        };
        let mut hit = [0i64; 2];
        let mut people = [0i64; 2];
        for p in &self.s.pieces {
            let r = role_index(p.role);
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
            v.hma_or_apc |= p.hard()
                || matches!(
                    p.vehicle,
                    Some(VehicleKind::LightTrack | VehicleKind::Hoverbus)
                );
            v.aircraft |= p.is_aircraft;
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
        pic.front[role_index(p.role.other())]
            .is_some_and(|f| (p.dist + p.back + f).max(1) <= ASSAULT_CM)
    }

    /// Orders: the attackers' doctrine. A group out of ammunition, or a side
    /// that cannot win, withdraws in good order; stands about to cross ground
    /// the enemy swept with fire last turn, or to go into the enemy position,
    /// must first pass a morale test.
    fn orders_phase(&mut self) {
        let hopeless = self.hopeless();
        let tallies = self.tallies(Role::Attacker);
        for (g, tally) in tallies.iter().enumerate() {
            if self.s.groups[g].role != Role::Attacker || self.s.groups[g].withdrawn {
                continue;
            }
            if tally.armed == 0 {
                continue;
            }
            let out_of_ammo = tally.with_ammo == 0;
            let why = match (out_of_ammo, hopeless) {
                (true, _) => "out of ammunition",
                (false, Some(why)) => why,
                (false, None) => continue,
            };
            self.withdraw_group(g);
            if self.p.log {
                let group = self.p.group_codes[g].to_string();
                self.log(
                    Some(Role::Attacker),
                    BiaEvent::GroupWithdraws { group, why },
                );
            }
        }
        let swept = self.s.swept[role_index(Role::Defender)];
        let assault = self.assault_pays();
        for p in self.s.pieces[..self.p.attackers].iter_mut() {
            if !p.fighting()
                || p.posture != Posture::Advance
                || p.dist == 0
                || p.tactical_move == 0
                || p.is_aircraft
                || p.kind == StandType::Artillery
            {
                continue;
            }
            let assaulting = p.dist <= ASSAULT_CM && assault && p.on_foot;
            if (swept && p.dist > ASSAULT_CM) || assaulting {
                p.call_test(Trigger::EnterPosition);
            }
        }
    }

    /// Why the attack cannot succeed, if it cannot: nothing the attackers
    /// still have can hurt a defender, or the defenders' fighting stands
    /// outnumber theirs three to one.
    fn hopeless(&self) -> Option<&'static str> {
        let fighting = |r: Role| self.side(r).iter().filter(|p| p.fighting());
        let can_hurt =
            fighting(Role::Attacker).any(|a| fighting(Role::Defender).any(|d| a.can_hurt(d)));
        if !can_hurt {
            return Some("nothing they have can hurt the defenders");
        }
        if self.s.fighting[0] * 3 < self.s.fighting[1] {
            return Some("outnumbered three to one, the attack is hopeless");
        }
        None
    }

    /// Attackers at the 5 cm band go in when their fighting stands are at
    /// least as many as the defenders'.
    fn assault_pays(&self) -> bool {
        let [a, d] = self.s.fighting_ground;
        debug_assert_eq!(
            [a, d],
            [Role::Attacker, Role::Defender].map(|r| {
                self.side(r)
                    .iter()
                    .filter(|p| p.fighting() && !p.is_aircraft)
                    .count()
            })
        );
        a >= d
    }

    fn withdraw_group(&mut self, g: usize) {
        self.s.groups[g].withdrawn = true;
        for i in 0..self.s.pieces.len() {
            let p = &self.s.pieces[i];
            if p.command == g && p.fighting() {
                self.set_state(i, State::Left);
            }
        }
    }

    /// Every change of a piece's state goes through here, so the counts of
    /// stands fighting stay true without a pass over the stands.
    fn set_state(&mut self, i: usize, new: State) {
        let p = &mut self.s.pieces[i];
        if p.fighting() && new != State::Fighting {
            let r = role_index(p.role);
            self.s.fighting[r] -= 1;
            if !p.is_aircraft {
                self.s.fighting_ground[r] -= 1;
            }
        }
        p.state = new;
    }

    fn morale_phase(&mut self) {
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
            for &i in &due {
                if let Some(trigger) = self.s.pieces[i].take_test() {
                    if self.s.pieces[i].fighting() {
                        self.test_stand(i, trigger, &pic);
                    }
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
    fn test_stand(&mut self, i: usize, trigger: Trigger, pic: &Picture) -> StandResult {
        let role = self.s.pieces[i].role;
        let mods = self.individual_modifiers(i, pic);
        let roll = self.s.dice.two_d6();
        let modified = roll + mods.total();
        let morale = self.s.pieces[i].morale;
        let result = stand_result(morale - modified);
        if self.p.log {
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
    fn test_group(&mut self, g: usize, cas: i64) -> bool {
        if self.s.groups[g].withdrawn {
            return false;
        }
        let strength = self.s.groups[g].strength;
        let tested: Vec<Threshold> = THRESHOLDS
            .iter()
            .zip(self.s.groups[g].tested)
            .filter(|(_, t)| *t)
            .map(|((th, _), _)| *th)
            .collect();
        let Some((threshold, modifier)) = due_threshold(strength, cas, &tested) else {
            return false;
        };
        // One test covers every threshold reached so far.
        for (k, (t, _)) in THRESHOLDS.iter().enumerate() {
            if threshold_casualties(*t, strength) <= cas {
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
                    strength,
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
            self.withdraw_group(g);
        }
        true
    }

    fn individual_modifiers(&self, i: usize, pic: &Picture) -> Mods {
        let p = &self.s.pieces[i];
        let r = role_index(p.role);
        let view = pic.view[r];
        let mut out = Mods::default();
        if p.officers > 0 {
            out.push(("officer_leading", 1));
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
        if view.aircraft {
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
                if self.p.log {
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
    fn special_actions(&mut self) {
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
            if self.p.log {
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

    fn movement_phase(&mut self) {
        let assault = self.assault_pays();
        let lead_in = self
            .side(Role::Attacker)
            .iter()
            .any(|a| a.fighting() && a.on_foot && a.dist <= ASSAULT_CM);
        let mut went_in = false;
        for i in 0..self.s.pieces.len() {
            match self.s.pieces[i].state {
                State::Fighting => went_in |= self.advance(i, assault, lead_in),
                State::Ineffective => self.fall_back(i, "falls back to the aid post", false),
                State::Fled => self.fall_back(i, "flees", true),
                _ => {}
            }
        }
        if went_in {
            // The defenders in the position are now in hand-to-hand too.
            for d in self.s.pieces.iter_mut() {
                if d.role == Role::Defender && d.fighting() && d.back == 0 && !d.is_aircraft {
                    d.call_test(Trigger::FirstHandToHand);
                }
            }
        }
    }

    /// A fighting attacker's move: by bounds to the 5 cm band, then into the
    /// enemy position when the assault pays and its morale held (then `true`).
    fn advance(&mut self, i: usize, assault: bool, lead_in: bool) -> bool {
        let p = &mut self.s.pieces[i];
        if p.role != Role::Attacker
            || p.posture != Posture::Advance
            || p.is_aircraft
            || p.kind == StandType::Artillery
            || p.tactical_move == 0
            || p.dist == 0
        {
            return false;
        }
        let from = p.dist;
        if p.dist <= ASSAULT_CM {
            // Foot soldiers go in; vehicles stay at the 5 cm band and shoot
            // them in.
            if !p.on_foot || !assault || !p.has_tested(Trigger::EnterPosition) || p.test_due() {
                return false;
            }
            p.dist = 0;
            p.moved = true;
            p.call_test(Trigger::FirstHandToHand);
            if self.p.log {
                let stand = self.code(i).to_string();
                self.log(Some(Role::Attacker), BiaEvent::Assault { stand, from });
            }
            return true;
        }
        // Foot soldiers who cannot shoot well on the move split in two: a base
        // of fire (every other stand) holds within reach and fires at full
        // effect while the assault element moves every turn; the base
        // follows once the assault element is at the 5 cm band.
        let penalised = p.on_foot && p.equipment != Some(Equipment::Hma);
        if penalised && i.is_multiple_of(2) && !lead_in && p.dist <= p.reach {
            return false;
        }
        p.dist = (p.dist - p.tactical_move).max(ASSAULT_CM);
        p.moved = true;
        let to = p.dist;
        if self.p.log {
            let stand = self.code(i).to_string();
            self.log(Some(Role::Attacker), BiaEvent::Advance { stand, from, to });
        }
        false
    }

    /// An ineffective or fleeing stand goes back at its movement rate (fleeing:
    /// non-tactically, twice as far) until it is off the table.
    fn fall_back(&mut self, i: usize, why: &'static str, run: bool) {
        let limit = self.p.setup.range_cm + OFF_TABLE_CM;
        let p = &mut self.s.pieces[i];
        if p.tactical_move == 0 || p.is_aircraft {
            return;
        }
        let from = p.dist + p.back;
        let step = if run {
            2 * p.tactical_move
        } else {
            p.tactical_move
        };
        match p.role {
            Role::Attacker if p.dist < limit => p.dist = (p.dist + step).min(limit),
            Role::Defender if p.back < limit => p.back = (p.back + step).min(limit),
            _ => return,
        }
        p.moved = true;
        p.non_tactical = run;
        let to = p.dist + p.back;
        if self.p.log {
            let (stand, role) = (self.code(i).to_string(), self.s.pieces[i].role);
            self.log(
                Some(role),
                BiaEvent::FallBack {
                    stand,
                    why,
                    from,
                    to,
                    non_tactical: run,
                    behind: role == Role::Defender,
                },
            );
        }
    }

    /// Range from a firer to a target, in table cm: the attacker's distance to
    /// the defenders' line, plus how far each stands behind its own line.
    fn range(&self, f: &Piece, t: &Piece) -> i64 {
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
    /// nearest target it can hurt.
    fn pick_target(&self, i: usize) -> Option<usize> {
        let f = &self.s.pieces[i];
        let o = role_index(f.role.other());
        // Each section of a list (fighting, then going back) is sorted by
        // range from any one firer, so the first stand out of reach ends it.
        let scan = |list: &[usize], split: usize, armour_only: bool| {
            for section in [&list[..split], &list[split..]] {
                for &j in section {
                    let t = &self.s.pieces[j];
                    let range = self.range(f, t);
                    let reach = if armour_only { f.pen_reach } else { f.reach };
                    if f.ad.is_none() && range > reach {
                        break;
                    }
                    // Armour is worth a shot only from where the weapon can
                    // penetrate it: a `-` in the band cannot harm it.
                    let wanted = if armour_only {
                        f.penetrates_at(range, t.armour)
                    } else {
                        f.can_hurt(t)
                            && (!t.is_vehicle || t.armour == 0 || f.penetrates_at(range, t.armour))
                    };
                    if t.on_field() && wanted {
                        return Some(j);
                    }
                }
            }
            None
        };
        if f.anti_armour() {
            let list = &self.s.armour_targets[o];
            if let Some(j) = scan(list, self.s.armour_split[o], true) {
                return Some(j);
            }
        }
        scan(&self.s.targets[o], self.s.split[o], false)
    }

    /// Makes one side's target lists for a fire phase: stands still fighting
    /// first, nearest first; then those going back.
    fn target_lists(&mut self, role: Role) {
        const INDEX: u64 = (1 << 20) - 1;
        let mut keys = std::mem::take(&mut self.s.keys);
        let r = role_index(role);
        let mut list = std::mem::take(&mut self.s.targets[r]);
        if !self.s.targets_built[r] {
            list.clear();
            list.extend(
                (0..self.s.pieces.len()).filter(|&j| role_index(self.s.pieces[j].role) == r),
            );
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

    fn fire_phase(&mut self, role: Role) {
        self.target_lists(role.other());
        let mut order = std::mem::take(&mut self.s.order);
        order.clear();
        let mut moving = std::mem::take(&mut self.s.keys);
        moving.clear();
        // Stationary stands fire before moving ones, each in rank order.
        for &i in &self.p.rank[role_index(role)] {
            let p = &self.s.pieces[i];
            if p.fighting() && p.weapon.is_some() && p.ammo > 0 {
                if p.moved {
                    moving.push(i as u64);
                } else {
                    order.push(i);
                }
            }
        }
        order.extend(moving.iter().map(|&i| i as usize));
        self.s.keys = moving;
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
            self.drop_target(j);
        }
        self.s.order = order;
    }

    /// Orbital activity: each side's weapons platforms in orbit fire as
    /// artillery does, at the nearest enemy stand still fighting that they
    /// can hurt, attackers' platforms first.
    fn orbital_phase(&mut self) {
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
    /// keeps its place until the next phase's lists: fire already aimed at
    /// it lands on it.)
    #[inline]
    fn drop_target(&mut self, j: usize) {
        if self.s.pieces[j].on_field() {
            return;
        }
        self.drop_off_field(j);
    }

    fn drop_off_field(&mut self, j: usize) {
        let r = role_index(self.s.pieces[j].role);
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

    fn spend(&mut self, i: usize, j: usize) {
        let f = &mut self.s.pieces[i];
        f.ammo -= 1;
        f.ammo_spent += 1;
        f.fired = true;
        let side = role_index(f.role);
        self.s.fired[side] = true;
        let indirect = f.kind == StandType::Artillery;
        let t = &mut self.s.pieces[j];
        if t.fighting() {
            t.call_test(Trigger::FirstFire);
        }
        t.under_fire = true;
        t.shelled |= indirect;
    }

    fn shoot(&mut self, i: usize, j: usize) {
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
        let Some(line) = f.line else { return };
        let Some(band) = band_index(range) else {
            return;
        };
        let Some(cell) = line.cells[band] else { return };
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
            + i64::from(t.target_mod[target_mod_index(cover, t.moved, t.non_tactical, line.blast)])
            + extra;
        let mods = if self.p.log {
            self.named_modifiers(f, t, moving, cover, line.blast, total)
        } else {
            Vec::new()
        };
        let (aircraft, artillery) = (f.is_aircraft, f.kind == StandType::Artillery);
        let roll = self.s.dice.d10();
        let hits = hits_for(roll + total, cell.hit);
        self.spend(i, j);
        if self.p.log {
            let (firer, target) = (self.code(i).to_string(), self.code(j).to_string());
            let phase = if aircraft {
                "air to surface"
            } else if self.s.pieces[i].in_orbit() {
                "orbital fire"
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
        let (winner, reason) = match decided {
            Some(d) => d,
            None => {
                let winner = self.winner();
                (winner, self.reason(winner))
            }
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
                status_after: p.status(),
                fired: p.fired,
                under_fire: p.under_fire,
                ammo_spent: p.ammo_spent,
                // A stand that fled left every wounded man behind.
                captured: if p.state == State::Fled {
                    p.hits
                } else {
                    p.captured
                },
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

    /// Who won when the battle ended by itself: the side still fighting,
    /// the defender at the turn limit.
    fn winner(&self) -> Winner {
        match (self.side_out(Role::Attacker), self.side_out(Role::Defender)) {
            (true, true) => Winner::Draw,
            (false, true) => Winner::Attacker,
            _ => Winner::Defender,
        }
    }

    fn reason(&self, winner: Winner) -> String {
        match winner {
            Winner::Draw => "both sides were put out of the fight".to_string(),
            Winner::Attacker => format!("the defenders {}", self.how_out(Role::Defender)),
            Winner::Defender if self.side_out(Role::Attacker) => {
                format!("the attackers {}", self.how_out(Role::Attacker))
            }
            Winner::Defender => format!(
                "turn limit of {} reached: the defender holds",
                self.p.setup.turn_limit
            ),
        }
    }

    /// What odds keep of the battle (the pieces are in the setup's order).
    fn summary(&self) -> RunSummary {
        let mut hits = [0; 2];
        for p in &self.s.pieces {
            hits[role_index(p.role)] += p.hits;
        }
        RunSummary {
            winner: self.winner(),
            turns: self.s.turn,
            hits,
            status: self.s.pieces.iter().map(Piece::status).collect(),
        }
    }

    /// How a side came to be out of the fight, with every stand counted, so
    /// the reason always matches the stands' states.
    fn how_out(&self, role: Role) -> String {
        let mut counts = [0usize; 5];
        for p in self.side(role) {
            let k = match p.state {
                State::Left => 0,
                State::Fled => 1,
                State::Captured => 2,
                State::Ineffective => 3,
                State::Destroyed => 4,
                State::Fighting | State::InOrbit => continue,
            };
            counts[k] += 1;
        }
        let [left, fled, captured, ineffective, destroyed] = counts;
        let verb = if left + fled >= captured && left + fled >= ineffective + destroyed {
            "withdrew"
        } else if captured >= ineffective + destroyed {
            "surrendered"
        } else {
            "were made ineffective"
        };
        let parts: Vec<String> = [
            (left, "withdrew in good order"),
            (fled, "fled"),
            (captured, "surrendered"),
            (ineffective, "ineffective"),
            (destroyed, "destroyed"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        format!("{verb}: {}", parts.join(", "))
    }
}

/// A group tests on the morale number most of its people share (ties go to
/// the worse number): the group's own number, not an average of numbers.
fn group_morale(members: &[&Piece]) -> i64 {
    let mut people = [0i64; 10];
    for p in members {
        people[p.morale.clamp(1, 9) as usize] += p.people.max(1);
    }
    (1..=9).max_by_key(|&m| people[m as usize]).unwrap_or(5)
}

fn result_name(r: StandResult) -> &'static str {
    match r {
        StandResult::CarryOn => "carry on",
        StandResult::NoCloser => "no closer",
        StandResult::Retire => "retire to cover",
        StandResult::Surrender => "surrender or flee",
    }
}
