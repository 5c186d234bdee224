//! Foot infantry carried by another unit (L1089–1105, L359): an attacking
//! unit of vehicles with APCs or hoverbuses among them, and no teams of its
//! own, carries whole foot units of its own command. While mounted the two
//! are one: they activate together, the riders move at the carriers' pace,
//! and they unload together as the carriers' own teams would (`transport`).
//! Once out, each is a unit of its own again.

use super::events::DsEvent;
use super::fire::Situation;
use super::transport::CAPACITY;
use super::{Battle, Prepared};
use crate::battle::result::Role;
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::Class;

impl Prepared<'_> {
    fn command_of(&self, u: usize) -> &str {
        &self.stands[self.stand_of[self.members[u][0]]].command
    }

    /// Whether every element of unit `u` is a foot (line or militia) team.
    fn foot_unit(&self, u: usize) -> bool {
        self.members[u].iter().all(|&e| {
            matches!(
                self.elements[e].make,
                Make::Team {
                    class: Class::Line | Class::Militia,
                    ..
                }
            ) && self.elements[e].aboard.is_none()
        })
    }

    /// Each attacking unit of ground vehicles only, with carriers among them, takes
    /// the foot units of its command in the order of battle, each whole
    /// (three teams a carrier, a unit's teams never sharing a carrier with
    /// another's) while its carriers hold them.
    pub(super) fn embark_riders(&mut self) {
        for c in 0..self.units.len() {
            if self.units[c].role != Role::Attacker
                || self.units[c].rides_with.is_some()
                || !self.members[c].iter().all(|&e| {
                    matches!(
                        self.elements[e].make,
                        Make::Vehicle {
                            aircraft: false,
                            ..
                        }
                    )
                })
            {
                continue;
            }
            let mut free = self.carriers(c).into_iter();
            for f in 0..self.units.len() {
                let n = self.members[f].len();
                if f == c
                    || self.units[f].role != Role::Attacker
                    || self.units[f].rides_with.is_some()
                    || self.command_of(f) != self.command_of(c)
                    || !self.foot_unit(f)
                    || n.div_ceil(CAPACITY) > free.len()
                {
                    continue;
                }
                let taken: Vec<usize> = free.by_ref().take(n.div_ceil(CAPACITY)).collect();
                for (k, &t) in self.members[f].clone().iter().enumerate() {
                    self.elements[t].aboard = Some(taken[k / CAPACITY]);
                }
                self.units[f].rides_with = Some(c);
                self.carried = true;
            }
        }
    }
}

impl Battle<'_, '_> {
    /// The units riding in unit `c`'s carriers.
    pub(super) fn riders(&self, c: usize) -> Vec<usize> {
        if !self.p.carried {
            return Vec::new();
        }
        (0..self.s.units.len())
            .filter(|&r| self.s.units[r].rides_with == Some(c))
            .collect()
    }

    /// Whether unit `u` has teams aboard carriers: its own, or a unit riding
    /// in its carriers.
    pub(super) fn loaded(&self, u: usize) -> bool {
        self.mounted(u) || !self.riders(u).is_empty()
    }

    /// At the start of a turn: riders have no activation of their own; they
    /// go with their carriers'.
    pub(super) fn ride_along(&mut self) {
        if !self.p.carried {
            return;
        }
        for r in 0..self.s.units.len() {
            if self.s.units[r].rides_with.is_some() {
                self.s.units[r].activated = true;
                self.seen_sync(r);
            }
        }
    }

    /// Unit `c` moved to `to`: those riding in its carriers go with it.
    pub(super) fn carry_riders(&mut self, c: usize, to: i64) {
        for r in self.riders(c) {
            let from = self.s.units[r].dist;
            self.s.units[r].dist = to;
            self.seen_sync(r);
            let role = self.s.units[r].role;
            self.log(Some(role), move |b| DsEvent::Move {
                unit: b.ucode(r),
                from,
                to,
                how: "carried",
            });
        }
    }

    /// Logs who rides in what, carrier by carrier.
    pub(super) fn embark_events(&mut self) {
        if !self.s.log.is_on() {
            return;
        }
        for c in 0..self.s.elements.len() {
            let mut by_unit: Vec<(usize, Vec<usize>)> = Vec::new();
            for t in 0..self.s.elements.len() {
                if self.s.elements[t].aboard != Some(c) {
                    continue;
                }
                let u = self.s.elements[t].unit;
                match by_unit.iter_mut().find(|(v, _)| *v == u) {
                    Some((_, ts)) => ts.push(t),
                    None => by_unit.push((u, vec![t])),
                }
            }
            for (u, teams) in by_unit {
                let role = self.s.units[u].role;
                self.log(Some(role), move |b| DsEvent::Embark {
                    carrier: b.code(c),
                    carrier_unit: b.ucode(b.s.elements[c].unit),
                    unit: b.ucode(u),
                    teams: teams.iter().map(|&t| b.code(t)).collect(),
                });
            }
        }
    }

    /// The end of unit `c`'s activation is its riders' too (L105).
    pub(super) fn riders_end_activation(&mut self, c: usize) {
        for r in self.riders(c) {
            self.s.units[r].marker = false;
        }
    }

    /// Riders that got out in their carriers' activation fire in it: it is
    /// theirs too.
    pub(super) fn riders_fire(&mut self, got_out: &[usize]) {
        for &r in got_out {
            if self.present(r) && !self.s.units[r].out && self.s.over.is_none() {
                self.fire_unit(r, None, Situation::default());
                self.end_activation(r);
            }
        }
    }

    /// A broken or routed carrier unit lets its riders out where it stands
    /// before it falls back or leaves: they are a unit of their own.
    pub(super) fn drop_riders(&mut self, c: usize) {
        for r in self.riders(c) {
            self.get_out(r, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use crate::battle::result::Role;
    use crate::battle::setup::{BattleSetup, Force, StandSetup};
    use crate::core::dice::Roller;
    use crate::core::kinds::{Cover, Equipment, Medical, StandType, VehicleKind, Weapon};
    use crate::rules::dirtside::chits::VehicleResult;

    /// `n` LTA teams of four in unit `unit` of command `command`.
    fn teams(unit: &str, command: &str, n: usize) -> Vec<StandSetup> {
        (0..n)
            .map(|i| StandSetup {
                unit: unit.into(),
                command: command.into(),
                equipment: Some(Equipment::Lta),
                men: 4,
                ..StandSetup::example(&format!("{unit}-{i}"))
            })
            .collect()
    }

    fn vehicle(code: &str, unit: &str, kind: VehicleKind, weapon: Weapon) -> StandSetup {
        StandSetup {
            unit: unit.into(),
            command: "c".into(),
            stand_type: StandType::Vehicle,
            equipment: None,
            vehicle: Some(kind),
            weapon: Some(weapon),
            men: 2,
            ..StandSetup::example(code)
        }
    }

    fn battle(attackers: Vec<StandSetup>, defenders: Vec<StandSetup>) -> BattleSetup {
        let force = |side: &str, stands| Force {
            side: side.into(),
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            commands: vec![],
            units: vec![],
            stands,
        };
        BattleSetup {
            code: "t".into(),
            ruleset: "dirtside".into(),
            range_cm: 60,
            defender_cover: Cover::Cover,
            terrain: String::new(),
            turn_limit: 12,
            options: Default::default(),
            attacker: force("a", attackers),
            defender: force("d", defenders),
        }
    }

    /// A lift section of two hoverbuses and a hovercar, then foot units:
    /// one of another command, then two of the section's.
    fn lift() -> BattleSetup {
        let mut a = vec![
            vehicle("bus-1", "lift", VehicleKind::Hoverbus, Weapon::VehLmg),
            vehicle("car-1", "lift", VehicleKind::Hovercar, Weapon::VehLmg),
            vehicle("bus-2", "lift", VehicleKind::Hoverbus, Weapon::VehLmg),
        ];
        a.extend(teams("other", "x", 2));
        a.extend(teams("first", "c", 4));
        a.extend(teams("second", "c", 2));
        let mut d = teams("dpl", "d", 3);
        d.push(vehicle(
            "d-bus",
            "dlift",
            VehicleKind::Hoverbus,
            Weapon::VehLmg,
        ));
        d.extend(teams("dpl2", "c", 3));
        battle(a, d)
    }

    fn unit(p: &Prepared, code: &str) -> usize {
        p.unit_codes.iter().position(|c| c == code).unwrap()
    }

    /// Who rides: the first foot unit of the section's command in the order
    /// of battle that fits whole in the buses still free (`first`, four
    /// teams, both buses); the unit of another command and the defenders
    /// walk, and `second` finds no bus left.
    #[test]
    fn the_first_foot_unit_of_its_command_that_fits_rides() {
        let s = lift();
        let p = Prepared::new(&s, false).unwrap();
        let lift = unit(&p, "lift");
        let rides = |code: &str| p.units[unit(&p, code)].rides_with;
        assert_eq!(rides("first"), Some(lift));
        for walker in ["other", "second", "dpl", "dpl2"] {
            assert_eq!(rides(walker), None, "{walker}");
        }
        let aboard: Vec<(&str, &str)> = p
            .elements
            .iter()
            .enumerate()
            .filter_map(|(e, x)| x.aboard.map(|c| (p.codes[e].as_str(), p.codes[c].as_str())))
            .collect();
        assert_eq!(
            aboard,
            [
                ("first-0", "bus-1"),
                ("first-1", "bus-1"),
                ("first-2", "bus-1"),
                ("first-3", "bus-2")
            ]
        );
    }

    /// L1103: a bus knocked out with teams of another unit aboard loses
    /// each on 3–6; the rest get out with every team of their unit (the
    /// other bus's too), and the unit is its own again.
    #[test]
    fn a_knocked_out_carrier_costs_its_riders_and_lets_their_unit_out() {
        let s = lift();
        let p = Prepared::new(&s, false).unwrap();
        let (lift, first) = (unit(&p, "lift"), unit(&p, "first"));
        let bus = p.members[lift][0];
        let mut lost = 0;
        for seed in 0..400 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            let mut attack = b.new_attack();
            b.kill(bus);
            b.carrier_hit(bus, VehicleResult::KnockedOut, &mut attack);
            lost += 3 - b.alive(first).filter(|&e| e < p.members[first][3]).count();
            assert_eq!(b.s.units[first].rides_with, None);
            assert!(b.alive(first).all(|e| b.s.elements[e].aboard.is_none()));
            assert!(b.s.elements[p.members[first][3]].alive);
        }
        let rate = lost as f64 / 1200.0;
        assert!((rate - 4.0 / 6.0).abs() < 0.05, "{rate}");
    }

    /// Mounted, the riders activate with their carriers and stand where
    /// they do; the carriers' first move is theirs.
    #[test]
    fn riders_move_and_activate_with_their_carriers() {
        let s = lift();
        let p = Prepared::new(&s, false).unwrap();
        let (lift, first) = (unit(&p, "lift"), unit(&p, "first"));
        let mut riding = 0;
        for seed in 0..40 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            b.turn();
            let (c, r) = (b.s.units[lift], b.s.units[first]);
            if r.rides_with == Some(lift) {
                riding += 1;
                assert_eq!(r.dist, c.dist, "seed {seed}");
                assert!(c.dist < p.range_in, "seed {seed}: the buses moved");
            }
            assert!(r.activated && c.activated);
            assert_eq!(b.s.units[first].role, Role::Attacker);
        }
        // 24" out, half a bus's move (6") leaves them beyond 12": they stay in.
        assert!(riding >= 30, "{riding}");
    }

    /// A unit with an aircraft among its vehicles is no ground transport:
    /// its hoverbus carries nobody.
    #[test]
    fn a_unit_with_an_aircraft_carries_nobody() {
        let mut a = vec![
            vehicle("bus-1", "mixed", VehicleKind::Hoverbus, Weapon::VehLmg),
            StandSetup {
                stand_type: StandType::Aircraft,
                vehicle: None,
                weapon: Some(Weapon::VehCannon),
                ..vehicle("flyer", "mixed", VehicleKind::Hoverbus, Weapon::VehLmg)
            },
        ];
        a.extend(teams("first", "c", 3));
        let s = battle(a, teams("dpl", "d", 3));
        let p = Prepared::new(&s, false).unwrap();
        assert!(p.units.iter().all(|u| u.rides_with.is_none()));
        assert!(!p.carried);
    }

    /// Carriers under fire about to unload test once to move (L287); if
    /// they balk they stay put with the riders aboard, rather than test a
    /// second time to advance in the same activation.
    #[test]
    fn carriers_that_balk_at_unloading_test_once_and_stay() {
        let s = lift();
        let p = Prepared::new(&s, true).unwrap();
        let lift = unit(&p, "lift");
        let (mut balked, mut tests) = (0, 0);
        for seed in 0..60 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            for u in [lift, unit(&p, "first")] {
                b.s.units[u].dist = 16;
            }
            b.s.units[lift].marker = true;
            b.turn();
            let texts: Vec<String> = b.s.log.events().iter().map(|e| e.text.clone()).collect();
            let reactions = texts
                .iter()
                .filter(|t| t.starts_with("lift reaction test (under fire, moving"))
                .count();
            assert!(reactions <= 1, "seed {seed}: {texts:#?}");
            if texts
                .iter()
                .any(|t| t.starts_with("lift reaction") && t.ends_with("failed"))
            {
                balked += 1;
                assert_eq!(b.s.units[lift].dist, 16, "seed {seed}");
                assert_eq!(b.s.units[unit(&p, "first")].rides_with, Some(lift));
            }
            tests += reactions;
        }
        assert!(balked > 0 && tests > balked, "{balked} balked of {tests}");
    }

    /// At the table the umpire moves the buses with the riders aboard and
    /// unloads them with `unload lift`; the status shows who is aboard what.
    #[test]
    fn the_umpire_unloads_riders_at_the_table() {
        use super::super::table::DirtsideTable;
        use crate::battle::table::TablePlay;
        let s = lift();
        let mut t = DirtsideTable::new(&s, Roller::seeded(1)).unwrap();
        let line = |t: &mut DirtsideTable, l: &str| {
            let words: Vec<String> = l.split(' ').map(String::from).collect();
            t.act(&words)
        };
        assert!(
            t.status().contains("first-3 aboard bus-2"),
            "{}",
            t.status()
        );
        line(&mut t, "activate lift").unwrap();
        line(&mut t, "move lift 6").unwrap();
        line(&mut t, "unload lift").unwrap();
        assert!(!t.status().contains("aboard"), "{}", t.status());
        assert!(t
            .status()
            .contains("first (attacker) regular confident, leadership 2, 18\""));
        let err = line(&mut t, "unload lift").unwrap_err();
        assert!(err.contains("no teams aboard"), "{err}");
    }
}
