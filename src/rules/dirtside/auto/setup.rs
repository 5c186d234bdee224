//! Setting up a Dirtside battle: campaign units and stands become units and
//! elements once per battle (leader, command unit, quality), and each run
//! starts from a copy with the full chit pot.

use super::{Battle, Element, Post, Prepared, State, Unit};
use crate::battle::drive::check_forces;
use crate::battle::log::Log;
use crate::battle::result::Role;
use crate::battle::ruleset::BattleError;
use crate::battle::setup::{BattleSetup, StandSetup};
use crate::battle::shared_events::Shared;
use crate::core::dice::Roller;
use crate::core::kinds::{Cover as CampaignCover, StandType};
use crate::rules::dirtside::chits::Pot;
use crate::rules::dirtside::confidence::Level;
use crate::rules::dirtside::elements;
use crate::rules::dirtside::quality::Quality;

impl<'a> Prepared<'a> {
    pub(crate) fn new(setup: &'a BattleSetup, log: bool) -> Result<Self, BattleError> {
        check_forces(setup)?;
        let pot = Pot::from_options(&setup.options).map_err(BattleError::Setup)?;
        let range_in = ((setup.range_cm as f64) / 2.54).round() as i64;
        let mut p = Prepared {
            setup,
            log,
            codes: Vec::new(),
            stands: Vec::new(),
            stand_of: Vec::new(),
            unit_codes: Vec::new(),
            campaign_units: Vec::new(),
            members: Vec::new(),
            member_at: Vec::new(),
            elements: Vec::new(),
            units: Vec::new(),
            pot: pot.chits(),
            range_in,
            carried: false,
            reaches: Default::default(),
            farthest: Default::default(),
            opening: Default::default(),
            id: super::reach::battle_id(),
        };
        for role in Role::BOTH {
            let force = setup.force(role);
            let post = match (role, setup.defender_cover) {
                (Role::Attacker, _) | (_, CampaignCover::Open) => Post::Open,
                (_, CampaignCover::Cover) => Post::Soft,
                (_, CampaignCover::Bunker) => Post::Dug,
            };
            // Each campaign unit with its elements, in order of first appearance.
            let mut by_unit: Vec<(&'a str, Vec<usize>)> = Vec::new();
            for s in &force.stands {
                let over = setup.options.get(&elements::override_key(&s.code));
                let make =
                    elements::make(s, over.map(String::as_str)).map_err(BattleError::Setup)?;
                let st = p.stands.len();
                p.stands.push(s);
                let people = (s.men - s.hits).max(0);
                let sizes = match make {
                    elements::Make::Team { .. } => team_sizes(people),
                    elements::Make::Vehicle { .. } => vec![people],
                };
                let k = match by_unit.iter().position(|(c, _)| *c == s.unit) {
                    Some(k) => k,
                    None => {
                        by_unit.push((&s.unit, Vec::new()));
                        by_unit.len() - 1
                    }
                };
                for (i, n) in sizes.iter().enumerate() {
                    by_unit[k].1.push(p.elements.len());
                    p.codes.push(if sizes.len() == 1 {
                        s.code.clone()
                    } else {
                        format!("{}#{}", s.code, i + 1)
                    });
                    p.stand_of.push(st);
                    p.elements.push(Element {
                        role,
                        unit: 0,
                        make,
                        people: *n,
                        commander: s.stand_type == StandType::Commander,
                        alive: true,
                        damaged: false,
                        immobilised: false,
                        systems_down: false,
                        lost: false,
                        knockout: None,
                        fired: false,
                        under_fire: false,
                        ammo_spent: 0,
                        left_at: None,
                        aboard: None,
                    });
                }
            }
            for (code, mut members) in by_unit {
                // The commander (or officer) goes with the first unit.
                members.sort_by_key(|&e| {
                    let s = p.stands[p.stand_of[e]];
                    !(s.stand_type == StandType::Commander || s.officer)
                });
                let us = force.units.iter().find(|x| x.code == code);
                let sizes = unit_sizes(members.len());
                let mut at = 0;
                for (k, n) in sizes.iter().enumerate() {
                    let chunk = members[at..at + n].to_vec();
                    at += n;
                    let u = p.units.len();
                    for &e in &chunk {
                        p.elements[e].unit = u;
                    }
                    p.units.push(Unit {
                        role,
                        quality: Quality::Green,
                        leadership: us.map(|x| x.leadership.clamp(1, 3)).unwrap_or(2),
                        level: us
                            .map(|x| Level::from_campaign(x.confidence))
                            .unwrap_or(Level::Confident),
                        start: 0,
                        leader: chunk[0],
                        command: false,
                        first_loss: false,
                        half_tested: false,
                        marker: false,
                        activated: false,
                        out: false,
                        attacked_before: false,
                        skip_next: false,
                        all_under_fire: false,
                        evading: false,
                        dist: if role == Role::Attacker { range_in } else { 0 },
                        post,
                        moved: 0,
                        rides_with: None,
                        pinned: None,
                    });
                    p.unit_codes.push(if sizes.len() == 1 {
                        code.to_string()
                    } else {
                        format!("{code}/{}", k + 1)
                    });
                    p.campaign_units.push(code);
                    p.members.push(chunk);
                }
            }
        }
        for (u, unit) in p.units.iter_mut().enumerate() {
            let ms = &p.members[u];
            unit.start = ms.len();
            // The leader: a commander or officer's stand, else the first.
            let stands: Vec<&StandSetup> = ms.iter().map(|&e| p.stands[p.stand_of[e]]).collect();
            unit.leader = ms
                .iter()
                .zip(&stands)
                .find(|(_, s)| s.stand_type == StandType::Commander || s.officer)
                .map(|(e, _)| *e)
                .unwrap_or(ms[0]);
            unit.command = stands.iter().all(|s| s.stand_type == StandType::Commander);
            // The unit's quality: the commonest among its stands, the better on a tie.
            let mut tally = [0usize; 3];
            for s in &stands {
                tally[Quality::of_stand(s.training, s.actions) as usize] += 1;
            }
            let best = *tally.iter().max().unwrap_or(&0);
            unit.quality = Quality::ALL
                .into_iter()
                .rev()
                .find(|q| tally[*q as usize] == best)
                .unwrap_or(Quality::Green);
        }
        p.embark();
        p.member_at = std::iter::once(0)
            .chain(p.members.iter().scan(0, |at, m| {
                *at += m.len();
                Some(*at)
            }))
            .collect();
        p.reaches = super::reach::Reaches::new(&p);
        p.farthest = super::farthest::Farthest::new(&p);
        p.opening = p.count_opening();
        Ok(p)
    }

    /// Sets `out` to how many of each unit's members pass `test` as the
    /// battle starts (`State::alive_n`, `aboard_n`, `lost_n`).
    fn count_members(&self, out: &mut Vec<usize>, test: impl Fn(&Element) -> bool) {
        out.clear();
        out.extend(
            self.members
                .iter()
                .map(|m| m.iter().filter(|&&e| test(&self.elements[e])).count()),
        );
    }

    /// Sets `out` to every element's movement factor (`State::mf`).
    fn fill_mf(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend(self.elements.iter().map(super::mf_byte));
    }

    /// Sets `out` to every unit's members, those alive first
    /// (`State::alive_list`).
    fn fill_alive(&self, out: &mut Vec<usize>) {
        out.clear();
        for m in &self.members {
            out.extend(m.iter().filter(|&&e| self.elements[e].alive));
            out.extend(m.iter().filter(|&&e| !self.elements[e].alive));
        }
        debug_assert_eq!(out.len(), self.member_at[self.members.len()]);
    }

    /// Each side's units on the table, in order (`State::roster`), their
    /// compact entries and places among them, and how many are not broken:
    /// what a fight starts from, fresh or restarted.
    fn fill_roster(&self, s: &mut Opening) {
        let (roster, seen, seen_at) = (&mut s.roster, &mut s.seen, &mut s.seen_at);
        seen_at.clear();
        seen_at.resize(self.units.len(), usize::MAX);
        for r in roster.iter_mut() {
            r.clear();
        }
        for r in seen.iter_mut() {
            r.clear();
        }
        for (u, x) in self.units.iter().enumerate() {
            if !x.out && s.alive_n[u] > 0 {
                roster[x.role.index()].push(u);
                seen_at[u] = seen[x.role.index()].len();
                seen[x.role.index()].push(super::seen::Seen::of(u, x));
            }
        }
        super::near::fill_near(&s.seen, &mut s.near, &mut s.near_at, self.units.len());
        s.unbroken = unbroken(&self.units, &s.roster);
    }

    /// The kept lists and counts a fight starts from, worked out from the
    /// opening elements and units.
    fn count_opening(&self) -> Opening {
        let mut o = Opening::default();
        self.count_members(&mut o.alive_n, |x| x.alive);
        self.count_members(&mut o.aboard_n, |x| x.alive && x.aboard.is_some());
        self.count_members(&mut o.lost_n, |x| x.lost);
        self.fill_alive(&mut o.alive_list);
        self.fill_mf(&mut o.mf);
        self.fill_roster(&mut o);
        o
    }

    pub(crate) fn start(&self, dice: Roller) -> State {
        // Empty room that `reset` fills, so that a fresh fight and an odds
        // run restarted in a spare state start from the same code.
        let mut s = State {
            dice,
            pot: self.pot.clone(),
            elements: Vec::new(),
            units: Vec::new(),
            alive_n: Vec::new(),
            alive_list: Vec::new(),
            aboard_n: Vec::new(),
            lost_n: Vec::new(),
            turn: 0,
            log: Log::new(self.log),
            command_lost: [false; 2],
            left_behind: false,
            reach_memo: super::reach::Memo::new(self.units.len(), self.id),
            over: None,
            fire_buf: Default::default(),
            spare_shots: Vec::new(),
            drawn: Vec::new(),
            party: Default::default(),
            idle: [0; 2],
            next_from: Default::default(),
            roster: Default::default(),
            seen: Default::default(),
            seen_at: Vec::new(),
            near: Default::default(),
            near_at: Vec::new(),
            unbroken: [0; 2],
            mf: Vec::new(),
        };
        self.reset(&mut s);
        s
    }

    /// Sets `s` (its dice aside) to the start of the battle, keeping the
    /// vectors it has: every kept list and count a fight reads is filled
    /// here, once for both ways in.
    pub(super) fn reset(&self, s: &mut State) {
        s.pot.clone_from(&self.pot);
        s.elements.clone_from(&self.elements);
        s.units.clone_from(&self.units);
        // Copied from the opening worked out once (the prepared battle never
        // changes), not counted afresh from the elements at every restart;
        // the readers of the lists check them against the elements
        // (`alive_slice`, `side_iter`, `seen_ok`).
        let o = &self.opening;
        s.alive_n.clone_from(&o.alive_n);
        s.aboard_n.clone_from(&o.aboard_n);
        s.lost_n.clone_from(&o.lost_n);
        s.alive_list.clone_from(&o.alive_list);
        s.mf.clone_from(&o.mf);
        s.roster.clone_from(&o.roster);
        s.seen.clone_from(&o.seen);
        s.seen_at.clone_from(&o.seen_at);
        s.near.clone_from(&o.near);
        s.near_at.clone_from(&o.near_at);
        s.unbroken = o.unbroken;
        s.turn = 0;
        s.log.clear();
        s.log.set_on(self.log);
        s.command_lost = [false; 2];
        s.left_behind = false;
        s.reach_memo.restart(self.units.len(), self.id);
        s.over = None;
    }
}

/// What `reset` sets a fight's kept lists and counts to (the `State`
/// fields of the same names): worked out once as the battle is prepared,
/// since they follow from the opening elements and units alone, and copied
/// at each of an odds run's thousands of restarts.
#[derive(Clone, Default, PartialEq)]
pub(crate) struct Opening {
    alive_n: Vec<usize>,
    aboard_n: Vec<usize>,
    lost_n: Vec<usize>,
    alive_list: Vec<usize>,
    mf: Vec<u8>,
    roster: [Vec<usize>; 2],
    seen: [Vec<super::seen::Seen>; 2],
    seen_at: Vec<usize>,
    near: [Vec<super::seen::Seen>; 2],
    near_at: Vec<usize>,
    unbroken: [usize; 2],
}

/// Per side, its units on `roster` below Broken (`State::unbroken`).
pub(super) fn unbroken(units: &[Unit], roster: &[Vec<usize>; 2]) -> [usize; 2] {
    use crate::rules::dirtside::confidence::Level;
    roster.each_ref().map(|r| {
        r.iter()
            .filter(|&&u| units[u].level < Level::Broken)
            .count()
    })
}

/// Largest DS2 team: a stand of more people becomes several elements.
pub const TEAM_MAX: i64 = 5;
/// Largest DS2 unit (a platoon): a campaign unit of more elements becomes
/// several units of three to five.
pub const UNIT_MAX: usize = 5;

/// People per element for a stand of `people`: one element up to five,
/// else as many as it takes, as even as possible (two to five each).
pub fn team_sizes(people: i64) -> Vec<i64> {
    if people <= TEAM_MAX {
        return vec![people];
    }
    let n = (people + TEAM_MAX - 1) / TEAM_MAX;
    (0..n)
        .map(|i| people / n + i64::from(i < people % n))
        .collect()
}

/// Elements per DS2 unit for a campaign unit of `n`: one unit up to five,
/// else as many as it takes, as even as possible (three to five each).
pub fn unit_sizes(n: usize) -> Vec<usize> {
    if n <= UNIT_MAX {
        return vec![n];
    }
    let k = n.div_ceil(UNIT_MAX);
    (0..k).map(|i| n / k + usize::from(i < n % k)).collect()
}

impl Battle<'_, '_> {
    pub(super) fn setup_event(&mut self) {
        let count = |r| self.p.units.iter().filter(|u| u.role == r).count();
        let mut ev = Shared::setup(
            self.p.setup,
            [count(Role::Attacker), count(Role::Defender)],
            "units",
            (self.p.range_in, "in"),
            Some(format!("{} chits in the pot", self.p.pot.len())),
        );
        if let Shared::Setup { cover, .. } = &mut ev {
            // Dirtside's own words for a position.
            *cover = match self.p.setup.defender_cover {
                CampaignCover::Open => Post::Open.name(),
                CampaignCover::Cover => Post::Soft.name(),
                CampaignCover::Bunker => Post::Dug.name(),
            }
            .to_string();
        }
        self.log(None, move |_| ev);
        self.embark_events();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::setup::Force;
    use crate::core::kinds::{Cover, Medical, Training};

    fn squads(side: &str, n: usize) -> Force {
        let stands = (0..n)
            .map(|i| StandSetup {
                unit: format!("{side}-pl{}", i / 4),
                command: format!("{side}-c"),
                training: Training::Trained,
                ..StandSetup::example(&format!("{side}-{}", i + 1))
            })
            .collect();
        Force {
            side: side.into(),
            medical: Medical::Normal,
            enemy_treats_pw_well: false,
            commands: vec![],
            units: vec![],
            stands,
        }
    }

    fn platoons(att: usize, def: usize) -> BattleSetup {
        BattleSetup {
            code: "t".into(),
            ruleset: "dirtside".into(),
            range_cm: 60,
            defender_cover: Cover::Cover,
            terrain: String::new(),
            turn_limit: 12,
            options: Default::default(),
            attacker: squads("a", 4 * att),
            defender: squads("d", 4 * def),
        }
    }

    #[test]
    fn stands_become_teams_and_big_units_platoons() {
        let s = platoons(2, 1);
        let p = Prepared::new(&s, false).unwrap();
        // Eight squads of eight: sixteen teams of four, in 2 × 2 units of four.
        let attackers: Vec<&String> = p
            .unit_codes
            .iter()
            .zip(&p.units)
            .filter(|(_, u)| u.role == Role::Attacker)
            .map(|(c, _)| c)
            .collect();
        assert_eq!(attackers, ["a-pl0/1", "a-pl0/2", "a-pl1/1", "a-pl1/2"]);
        assert!(p.members.iter().all(|m| m.len() == 4));
        assert!(p.elements.iter().all(|e| e.people == 4));
        assert_eq!(p.codes[0], "a-1#1");
        assert_eq!(p.codes[1], "a-1#2");
    }

    /// No unit ends a turn on a spot an enemy unit still holds: only a close
    /// assault makes contact, and it ends with one side gone or withdrawn.
    #[test]
    fn no_two_enemy_units_share_a_spot() {
        let s = platoons(2, 2);
        let p = Prepared::new(&s, false).unwrap();
        for seed in 0..40 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            while b.s.over.is_none() && b.s.turn < 12 {
                b.turn();
                let here: Vec<(Role, i64)> = (0..b.s.units.len())
                    .filter(|&u| b.present(u) && !b.s.units[u].out)
                    .map(|u| (b.s.units[u].role, b.s.units[u].dist))
                    .collect();
                for (r, d) in &here {
                    assert!(
                        !here.iter().any(|(q, e)| q != r && e == d),
                        "seed {seed} turn {}: units of both sides at {d}\"",
                        b.s.turn
                    );
                }
            }
        }
    }

    #[test]
    fn teams_of_two_to_five_and_platoons_of_three_to_five() {
        assert_eq!(team_sizes(4), vec![4]);
        assert_eq!(team_sizes(5), vec![5]);
        assert_eq!(team_sizes(6), vec![3, 3]);
        assert_eq!(team_sizes(8), vec![4, 4]);
        assert_eq!(team_sizes(11), vec![4, 4, 3]);
        assert_eq!(team_sizes(46).iter().sum::<i64>(), 46);
        assert!(team_sizes(46).iter().all(|n| (2..=5).contains(n)));
        assert_eq!(unit_sizes(4), vec![4]);
        assert_eq!(unit_sizes(6), vec![3, 3]);
        assert_eq!(unit_sizes(24), vec![5, 5, 5, 5, 4]);
        for n in 6..200 {
            let u = unit_sizes(n);
            assert_eq!(u.iter().sum::<usize>(), n);
            assert!(u.iter().all(|k| (3..=5).contains(k)), "{n}: {u:?}");
        }
    }
}
