//! Setting up an ACTION battle: stands become elements on the grid and
//! commands become morale groups, once per battle; each run starts from a
//! copy.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

use super::chooser::Chooser;
use super::events::ActEvent;
use super::fast::{At, Line, Tables};
use super::{
    terrain_of, Battle, Fight, Ground, Piece, Prepared, State, ARTILLERY_BACK, LEAST_OPENING,
    OPENING_BEYOND_SIGHT, SPACING,
};
use crate::battle::drive::check_forces;
use crate::battle::group_morale::{test_order, Group, Member};
use crate::battle::log::Log;
use crate::battle::result::Role;
use crate::battle::ruleset::BattleError;
use crate::battle::setup::BattleSetup;
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::{AircraftSpeed, StandType};
use crate::rules::action::movement::Sight;
use crate::rules::action::range::grids_from_cm;
use crate::rules::action::{mapping, sequence, weapons};

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        check_forces(setup)?;
        let terrain = terrain_of(setup).map_err(BattleError::Setup)?;
        let mut range = grids_from_cm(setup.range_cm).max(LEAST_OPENING);
        if let Sight::BlockedAfter(n) = terrain.row().sight {
            range = range.min((n + OPENING_BEYOND_SIGHT).max(LEAST_OPENING));
        }
        static PREPARED: AtomicU64 = AtomicU64::new(1);
        let mut p = Prepared {
            id: PREPARED.fetch_add(1, Ordering::Relaxed),
            setup,
            log,
            codes: Vec::new(),
            group_codes: Vec::new(),
            pieces: Vec::new(),
            groups: Vec::new(),
            range,
            terrain,
            move_cost: terrain.ap(),
            sight: match terrain.row().sight {
                // n grids of it block: a target n grids away has n - 1 between.
                Sight::BlockedAfter(n) => Some(n),
                // One ground everywhere: hills and buildings hide nobody from
                // someone standing on the same ground.
                Sight::Clear | Sight::HiddenFromOutside | Sight::BlocksFarSide => None,
            },
            forest_cover: terrain.row().cover_inside,
            tables: Tables::of(&[], None),
            choosers: Vec::new(),
            scatter: Vec::new(),
            ties: None,
            morale_order: Vec::new(),
            ground: None,
            standing: [0, 0],
            group_fighting: Vec::new(),
            members: Vec::new(),
            fliers: [Vec::new(), Vec::new()],
        };
        for role in [Role::Attacker, Role::Defender] {
            let force = setup.force(role);
            let ground = force
                .stands
                .iter()
                .filter(|s| s.stand_type != StandType::Aircraft)
                .count() as i64;
            let mut column = 0;
            for s in &force.stands {
                let g = match (0..p.groups.len())
                    .find(|&g| p.groups[g].role == role && p.group_codes[g] == s.command)
                {
                    Some(g) => g,
                    None => {
                        p.groups.push(Group::of(role, &[]));
                        p.group_codes.push(&s.command);
                        p.groups.len() - 1
                    }
                };
                let m = mapping::map(s);
                let air = (s.stand_type == StandType::Aircraft)
                    .then(|| s.speed.unwrap_or(AircraftSpeed::Slow));
                let artillery = s.stand_type == StandType::Artillery;
                let x = if air.is_some() {
                    0
                } else {
                    column += 1;
                    SPACING * (column - 1) - SPACING * (ground - 1) / 2
                };
                let line = if role == Role::Attacker { range } else { 0 };
                let back = if artillery { ARTILLERY_BACK } else { 0 };
                let y = match role {
                    Role::Attacker => line + back,
                    Role::Defender => line - back,
                };
                p.codes.push(&s.code);
                p.pieces.push(Piece {
                    role,
                    group: g,
                    m,
                    weapon: s.weapon,
                    bia: s.bia,
                    air,
                    artillery,
                    pos: (x, y),
                    people: (s.men - s.hits).max(0),
                    hits_before: s.hits,
                    morale: i64::from(s.morale.morale),
                    ll: m.element.life_levels,
                    hits: 0,
                    ap: 0,
                    move_ap: 0,
                    state: State::Fighting,
                    ready: None,
                    readied_on: None,
                    moved: false,
                    injured: false,
                    attacked: false,
                    done: false,
                    progress: 0,
                    acted_in: 0,
                    ready_at: None,
                    initiative: 0,
                    fired: false,
                    fired_this_turn: false,
                    under_fire: false,
                    ammo: s.ammo,
                    ammo_spent: 0,
                    knockout: None,
                });
            }
        }
        for (i, g) in p.groups.iter_mut().enumerate() {
            let members: Vec<Member> = p
                .pieces
                .iter()
                .filter(|x| x.group == i)
                .map(|x| Member {
                    morale: x.morale,
                    people: x.people,
                    // An element is out of the fight only at LL 0: the
                    // hits that take a group out are its people's LL.
                    strength: x.people,
                })
                .collect();
            *g = Group::of(g.role, &members);
        }
        p.tables = Tables::of(&p.pieces, p.sight);
        p.choosers = Chooser::all(&p.tables, p.pieces.len());
        p.ties = sequence::tie_ranks(
            &p.pieces
                .iter()
                .map(|x| (x.m.element.evasion, x.role == Role::Defender))
                .collect::<Vec<_>>(),
        );
        p.scatter = p
            .pieces
            .iter()
            .map(|x| x.weapon.and_then(|w| weapons::scatter_radius(&x.bia, w)))
            .collect();
        p.morale_order = test_order(&p.groups);
        p.standing = Role::BOTH.map(|r| {
            p.pieces
                .iter()
                .filter(|x| x.role == r && x.fighting())
                .count()
        });
        p.group_fighting = (0..p.groups.len())
            .map(|g| {
                p.pieces
                    .iter()
                    .filter(|x| x.group == g && x.fighting())
                    .count()
            })
            .collect();
        p.members = (0..p.groups.len())
            .map(|g| {
                (0..p.pieces.len())
                    .filter(|&i| p.pieces[i].group == g)
                    .collect()
            })
            .collect();
        p.fliers = Role::BOTH.map(|r| {
            (0..p.pieces.len())
                .filter(|&i| {
                    let x = &p.pieces[i];
                    x.role == r && x.fighting() && x.is_aircraft()
                })
                .collect()
        });
        p.ground = Some(p.build_ground());
        Ok(p)
    }

    /// The state a fight starts from, with these dice; the ground is a
    /// copy of the one built once (the occupancy grid and the lines are
    /// dear to build).
    pub(crate) fn start(&self, dice: Roller) -> Fight {
        let ground = match &self.ground {
            Some(g) => g.clone(),
            None => self.build_ground(),
        };
        Fight {
            from: self.id,
            dice,
            pieces: self.pieces.clone(),
            groups: self.groups.clone(),
            turn: 0,
            phase: 0,
            order: Vec::new(),
            entries: Vec::new(),
            keys: Vec::new(),
            counts: Vec::new(),
            room: Vec::new(),
            active: Vec::new(),
            under: Vec::new(),
            log: Log::new(self.log),
            stalemate: false,
            standing: self.standing,
            group_hits: vec![0; self.groups.len()],
            no_test_at: vec![-1; self.groups.len()],
            group_fighting: self.group_fighting.clone(),
            readied: 0,
            lines: ground.lines,
            armour_lines: ground.armour_lines,
            moves: [0, 0],
            kept: vec![Cell::new(None); self.pieces.len()],
            fliers: self.fliers.clone(),
            occupied: ground.occupied,
        }
    }

    /// Sets `f` to the start of the battle with `dice`, keeping the
    /// vectors it has (odds fight thousands of runs on each thread).
    pub(crate) fn restart(&self, f: &mut Fight, dice: Roller) {
        let Some(ground) = &self.ground else {
            *f = self.start(dice);
            return;
        };
        f.dice = dice;
        // The grid the last fight left, cleared where its elements ended
        // and filled as the start's (a copy of the whole grid cost more).
        if f.occupied.same_box(&ground.occupied) {
            for x in &f.pieces {
                f.occupied.remove(x.pos);
            }
            for (i, x) in self.pieces.iter().enumerate() {
                if !x.is_aircraft() {
                    f.occupied.insert(x.pos, i);
                }
            }
            debug_assert_eq!(f.occupied, ground.occupied);
        } else {
            f.occupied.clone_from(&ground.occupied);
        }
        if f.from == self.id {
            for (x, start) in f.pieces.iter_mut().zip(&self.pieces) {
                x.reset_to(start);
            }
            debug_assert_eq!(format!("{:?}", f.pieces), format!("{:?}", self.pieces));
        } else {
            f.pieces.clone_from(&self.pieces);
            f.from = self.id;
        }
        f.groups.clone_from(&self.groups);
        f.turn = 0;
        f.phase = 0;
        f.order.clear();
        f.log.clear();
        f.log.set_on(self.log);
        f.stalemate = false;
        f.standing = self.standing;
        f.group_hits.clear();
        f.group_hits.resize(self.groups.len(), 0);
        f.no_test_at.clear();
        f.no_test_at.resize(self.groups.len(), -1);
        f.group_fighting.clone_from(&self.group_fighting);
        f.readied = 0;
        for (to, from) in f.lines.iter_mut().zip(&ground.lines) {
            to.clone_from(from);
        }
        for (to, from) in f.armour_lines.iter_mut().zip(&ground.armour_lines) {
            to.clone_from(from);
        }
        for (to, from) in f.fliers.iter_mut().zip(&self.fliers) {
            to.clone_from(from);
        }
        f.moves = [0, 0];
        f.kept.clear();
        f.kept.resize(self.pieces.len(), Cell::new(None));
    }

    fn build_ground(&self) -> Ground {
        ground_of(&self.pieces, &self.tables)
    }
}

/// The lists and the grid the searches use, for pieces where they stand.
fn ground_of(pieces: &[Piece], tables: &Tables) -> Ground {
    Ground {
        lines: Role::BOTH.map(|r| {
            Line::of(
                pieces
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.role == r && x.fighting() && !x.is_aircraft())
                    .map(|(i, x)| At {
                        x: x.pos.0,
                        i,
                        y: x.pos.1,
                        kind: tables.kind_of(i) as u8,
                    })
                    .collect(),
            )
        }),
        armour_lines: Role::BOTH.map(|r| {
            Line::of(
                pieces
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| {
                        x.role == r && x.fighting() && !x.is_aircraft() && x.m.armour > 0
                    })
                    .map(|(i, x)| At {
                        x: x.pos.0,
                        i,
                        y: x.pos.1,
                        kind: tables.kind_of(i) as u8,
                    })
                    .collect(),
            )
        }),
        occupied: pieces
            .iter()
            .enumerate()
            .filter(|(_, x)| !x.is_aircraft())
            .map(|(i, x)| (x.pos, i))
            .collect(),
    }
}

impl Battle<'_, '_> {
    /// Builds the lists and the grid anew from where the pieces stand (a
    /// test that places them by hand).
    #[cfg(test)]
    pub(crate) fn place_anew(&mut self) {
        let g = ground_of(&self.s.pieces, &self.p.tables);
        (self.s.lines, self.s.armour_lines, self.s.occupied) =
            (g.lines, g.armour_lines, g.occupied);
    }

    pub(crate) fn setup_events(&mut self) {
        if !self.s.log.is_on() {
            return;
        }
        let count = |r| self.p.pieces.iter().filter(|x| x.role == r).count();
        let mut ev = Shared::setup(
            self.p.setup,
            [count(Role::Attacker), count(Role::Defender)],
            "elements",
            (self.p.range, "grids"),
            None,
        );
        if let Shared::Setup { terrain, .. } = &mut ev {
            // The ground ACTION fights over: its movement row, named after
            // the battle's own description where that says more.
            let row = self.p.terrain.name();
            *terrain = if terrain.is_empty() || terrain.as_str() == row {
                row.to_string()
            } else {
                format!("{terrain} ({row})")
            };
        }
        self.log(None, move |_| ev);
        for i in 0..self.p.pieces.len() {
            let e = self.p.pieces[i].m.element;
            self.log(Some(self.p.pieces[i].role), move |b| ActEvent::Element {
                stand: b.code(i),
                combat_skill: e.combat_skill,
                evasion: e.evasion,
                protective: e.protective,
                weapon: e.weapon,
                life_levels: e.life_levels,
                action_points: e.action_points,
                move_points: e.move_points,
                design_points: e.design_points().total,
            });
        }
    }
}
