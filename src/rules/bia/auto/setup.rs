//! Setting up a BiA battle: the pieces, groups and orders of fire are worked
//! out once per battle, and each run (thousands of them for odds) starts from
//! a copy that reuses the vectors of the run before.

use super::piece::{test_order, Piece};
use super::{Fight, Prepared};
use crate::battle::drive::check_forces;
use crate::battle::group_morale::{self, Group, Member};
use crate::battle::result::Role;
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::core::dice::Roller;
use crate::core::kinds::StandType;

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        check_forces(setup)?;
        let mut pieces = Vec::new();
        let mut codes = Vec::new();
        let mut groups: Vec<Group> = Vec::new();
        let mut group_codes: Vec<&str> = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            for s in &force.stands {
                let g = match (0..groups.len())
                    .find(|&g| groups[g].role == role && group_codes[g] == s.command)
                {
                    Some(g) => g,
                    None => {
                        groups.push(Group::of(role, &[]));
                        group_codes.push(&s.command);
                        groups.len() - 1
                    }
                };
                pieces.push(Piece::new(s, role, g, setup.range_cm, setup.defender_cover));
                codes.push(s.code.as_str());
            }
        }
        attach_figures(&mut pieces);
        for (i, g) in groups.iter_mut().enumerate() {
            // Platforms in orbit are not with the group on the table.
            let members: Vec<Member> = pieces
                .iter()
                .filter(|p| p.command == i && !p.in_orbit())
                .map(|p| Member {
                    morale: p.morale,
                    people: p.people,
                    strength: p.strength(),
                })
                .collect();
            *g = Group::of(g.role, &members);
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
        // Across sides: equal ranks, the defenders (in position) first.
        let mut rank_all = all;
        rank_all.sort_by_key(|&i| {
            (
                std::cmp::Reverse(pieces[i].experience),
                std::cmp::Reverse(pieces[i].training),
                pieces[i].role == Role::Attacker,
                i,
            )
        });
        let mut test_rank: Vec<usize> = (0..pieces.len()).collect();
        test_rank.sort_by_key(|&i| (test_order(&pieces[i]), i));
        let group_order = group_morale::test_order(&groups);
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
            rank_all,
            test_rank,
            group_order,
            attackers,
            fighting,
            fighting_ground,
            orbit,
        })
    }
}

/// Individually based figures (BiA L385): a one-man foot stand goes with the
/// first stand of its command of several people that has a weapon, and adds
/// +1 to that stand's fire instead of rolling a die of its own.
fn attach_figures(pieces: &mut [Piece]) {
    let foot = |p: &Piece| p.on_foot && p.kind != StandType::Artillery && !p.in_orbit();
    for i in 0..pieces.len() {
        if !foot(&pieces[i]) || pieces[i].people != 1 {
            continue;
        }
        let host = (0..pieces.len()).find(|&h| {
            let q = &pieces[h];
            q.role == pieces[i].role
                && q.command == pieces[i].command
                && foot(q)
                && q.people > 1
                && q.weapon.is_some()
        });
        if let Some(h) = host {
            pieces[i].host = u32::try_from(h).ok();
            pieces[h].escort += 1;
        }
    }
}

impl Prepared<'_> {
    pub(super) fn start(&self, seed: u64) -> Fight {
        let mut f = Fight::default();
        self.restart(&mut f, seed);
        f
    }

    /// Sets `f` to the start of the battle with dice from `seed`, keeping
    /// the vectors it has (odds fight thousands of runs on each thread).
    pub(super) fn restart(&self, f: &mut Fight, seed: u64) {
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
            log: {
                let mut log = std::mem::take(&mut f.log);
                log.clear();
                log.set_on(self.log);
                log
            },
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
            suppressive: false,
            surrendered: 0,
            called_off: None,
            fighting: self.fighting,
            fighting_ground: self.fighting_ground,
            keys: cleared(&mut f.keys),
        };
    }
}
