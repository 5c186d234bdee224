//! Close assault: when attacking infantry goes in, and the rounds of chits
//! both sides draw until one gives way.

use super::events::DsEvent;
use super::fire::Situation;
use super::{Battle, Post};
use crate::battle::result::Role;
use crate::rules::dirtside::chits;
use crate::rules::dirtside::confidence::{self, Level, Threat};
use crate::rules::dirtside::elements::Make;
use crate::rules::dirtside::infantry::{self, Cover};

impl Battle<'_, '_> {
    /// An attacking infantry unit close-assaults when an enemy is within a
    /// double move (and 2"): `None` if it did not try, else whether it went in
    /// (or, having first to pin its target, fired at it instead).
    pub(super) fn try_assault(&mut self, u: usize) -> Option<bool> {
        if !self.has_teams(u) {
            return None;
        }
        let threat = confidence::assault_threat(self.s.units[u].level)?;
        let mf = self.unit_mf(u);
        let role = self.s.units[u].role;
        let other = role.other();
        let here = self.s.units[u].dist;
        // The nearest enemy unit with teams, if within a double move: the
        // range is asked first (nearly every unit is out of it), whether
        // the unit holds teams only of one near enough to matter.
        let within = 2 * mf + 2;
        debug_assert!(self.seen_ok(other.index()));
        // Most tries find no enemy unit within a double move at all: the
        // nearest in order of spot tells, before the roster walk.
        let near = self.nearest_range(other.index(), here);
        let walk = if near.is_some_and(|n| n <= within) {
            &self.s.seen[other.index()][..]
        } else {
            &[]
        };
        // The best so far starts just past the double move, so one compare
        // both bounds the range and keeps the first of the nearest.
        let mut best = (within + 1, usize::MAX);
        for y in walk {
            let (v, gap) = (y.unit(), (y.dist - here).abs());
            if gap < best.0 && self.holds_teams(v) {
                best = (gap, v);
            }
        }
        let target = (best.1 != usize::MAX).then_some(best);
        debug_assert_eq!(
            target,
            self.side_iter(other)
                .filter(|&v| self.alive(v).any(|e| !self.s.elements[e].is_vehicle()))
                .map(|v| (self.gap(u, v), v))
                .min()
                .filter(|&(g, _)| g <= within)
        );
        let (gap, v) = target?;
        // Fire to pin first (docs/rules-decisions.md): a unit that has not
        // yet fired at the unit it means to assault closes to its weapons'
        // reach and fires at it in this activation, going in at a later one.
        // A target already Under Fire (from this unit or any other) is
        // pinned: go in. A unit that has no shot at its target and can come
        // no closer without going in has nothing to pin with: it goes in too
        // (otherwise, as each pinned target broke and the next along the
        // line became the nearest, attackers stood off firing for the rest
        // of the battle and never went in).
        if self.s.units[u].pinned != Some(v) && !self.s.units[v].marker {
            let mut closed = true;
            if !self.has_shot_at(u, v) {
                self.advance(u);
                if !self.present(u) || self.s.units[u].out || self.s.over.is_some() {
                    return Some(true);
                }
                closed = self.gap(u, v) < gap;
            }
            if self.has_shot_at(u, v) {
                self.s.units[u].pinned = Some(v);
                self.fire_unit(u, Some(v), Situation::default());
                return Some(true);
            }
            if closed {
                self.fire_unit(u, None, Situation::default());
                return Some(true);
            }
        }
        Some(self.assault(u, v, threat))
    }

    fn has_shot_at(&self, u: usize, v: usize) -> bool {
        self.alive(u).any(|e| self.has_target(e, Some(v)))
    }

    /// The close assault of `u` on `v`; returns false if the attacker balked.
    pub(crate) fn assault(&mut self, u: usize, v: usize, threat: i64) -> bool {
        // An Under Fire unit must pass a reaction before it moves (L379-381);
        // the assault's double move is that move, so one test is taken at
        // the higher of the two threats (L303, docs/rules-decisions.md).
        let (why, threat) = if self.s.units[u].marker {
            let moving = if self.infantry_unit(u) {
                Threat::InfantryUnderFireMoves
            } else {
                Threat::VehicleUnderFireMoves
            };
            ("close assault, under fire", threat.max(moving.level()))
        } else {
            ("close assault", threat)
        };
        if !self.reaction_at(u, why, threat) {
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
        // The unit assaulted inverts its command marker: if it has not
        // activated yet this turn, it will not (L101). Only an assault that
        // comes in does this, not one stopped on its way by opportunity fire.
        if !self.s.units[v].activated {
            self.set_activated(v, true);
            self.log(Some(self.s.units[v].role), move |b| {
                DsEvent::LosesActivation { unit: b.ucode(v) }
            });
        }
        let powered = self.alive(u).any(|e| self.s.elements[e].powered());
        let level_before = self.s.units[v].level;
        if self.infantry_unit(v) && level_before == Level::Broken {
            self.set_level(v, Level::Routed);
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
            self.log(Some(self.s.units[u].role), move |b| DsEvent::Assault {
                attacker: b.ucode(u),
                defender: b.ucode(v),
                round,
            });
            let (au, du) = (self.alive(u).count(), self.alive(v).count());
            self.assault_round(u, v, cover);
            let a_lost = au - self.alive(u).count();
            let d_lost = du - self.alive(v).count();
            if !self.present(v) {
                self.command_check(v);
                let spot = self.s.units[v].dist;
                self.take_position(u, spot);
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

    fn withdraw_from_assault(&mut self, v: usize, u: usize) {
        let back = (self.unit_mf(v) / 2).max(2);
        let old = self.s.units[v].dist;
        self.shift(v, -back, "withdraw");
        self.s.units[v].marker = true;
        self.take_position(u, old);
        // Its post matters to the kept answers about who can shoot whom
        // (`reach.rs`) only when it changes.
        if self.s.units[u].post != Post::Open {
            self.s.units[u].post = Post::Open;
            self.seen_sync(u);
            self.unit_changed(u);
        }
    }

    /// The winner of an assault moves into the position it took, unless
    /// another enemy unit still holds that spot: then it stops an inch short.
    fn take_position(&mut self, u: usize, spot: i64) {
        self.leave_behind(u);
        let role = self.s.units[u].role;
        let held = self
            .side_iter(role.other())
            .any(|w| !self.s.units[w].out && self.s.units[w].dist == spot);
        self.s.units[u].dist = match (held, role) {
            (false, _) => spot,
            (true, Role::Attacker) => spot + 1,
            (true, Role::Defender) => spot - 1,
        };
        self.seen_sync(u);
        self.moved();
    }

    /// Every team and vehicle on both sides fires at once (L1013); the dead
    /// still fire this round.
    fn assault_round(&mut self, u: usize, v: usize, defender_post: Post) {
        let [mut a, mut av, mut d, mut dv, mut kills] = std::mem::take(&mut self.s.party);
        self.assault_party(u, &mut a, &mut av);
        self.assault_party(v, &mut d, &mut dv);
        kills.clear();
        if !((a.is_empty() && av.is_empty()) || (d.is_empty() && dv.is_empty())) {
            self.assault_fire(defender_post, [&a, &av, &d, &dv], &mut kills);
        }
        self.s.party = [a, av, d, dv, kills];
    }

    /// Both sides' fire in one assault round, from the parties `assault_round`
    /// listed (teams and vehicles of the attacker, then of the defender);
    /// teams killed are listed in `kills` and taken off at the end.
    fn assault_fire(
        &mut self,
        defender_post: Post,
        [a, av, d, dv]: [&[usize]; 4],
        kills: &mut Vec<usize>,
    ) {
        let mut attack = self.new_attack();
        for (firers, vehicles, targets, their_vehicles, post) in
            [(a, av, d, dv, defender_post), (d, dv, a, av, Post::Open)]
        {
            let cover = match post {
                Post::Open => Cover::Open,
                Post::Soft => Cover::Soft,
                Post::Dug => Cover::DugIn,
            };
            for (k, &e) in vehicles.iter().enumerate() {
                self.assault_vehicle_fire(e, k, targets, their_vehicles, cover, kills, &mut attack);
            }
            for (k, &e) in firers.iter().enumerate() {
                if targets.is_empty() {
                    self.assault_rocket(e, k, their_vehicles, &mut attack);
                    continue;
                }
                let t = targets[k % targets.len()];
                let (Make::Team { class, role, .. }, Make::Team { class: tc, .. }) =
                    (self.s.elements[e].make, self.s.elements[t].make)
                else {
                    continue;
                };
                self.s.elements[e].fired = true;
                self.s.elements[e].under_fire = true;
                let n = infantry::assault_chits(class, role);
                self.assault_chits(e, t, n, cover, tc, kills);
            }
        }
        for &t in kills.iter() {
            self.kill(t);
            self.record_loss(t, &mut attack);
        }
        super::damage::recycle(attack);
    }
}

impl Battle<'_, '_> {
    /// One close-assault draw of `n` chits by `e` at team `t` (of class
    /// `tc`, read by the position's `cover`); a kill joins `kills`.
    pub(super) fn assault_chits(
        &mut self,
        e: usize,
        t: usize,
        n: usize,
        cover: Cover,
        tc: crate::rules::dirtside::infantry::Class,
        kills: &mut Vec<usize>,
    ) {
        if let Some(killed) = self.quiet_kills(n, infantry::assault_valid(cover), tc) {
            self.s.elements[t].under_fire = true;
            if killed {
                kills.push(t);
            }
            return;
        }
        // As `infantry_damage`: the chits go into the battle's kept list,
        // and only a logged battle reads them out in full.
        let mut drawn = std::mem::take(&mut self.s.drawn);
        drawn.clear();
        self.draw_into(n, &mut drawn);
        let colours = infantry::assault_valid(cover);
        let killed = chits::infantry_kills(&drawn, colours, tc);
        debug_assert_eq!(killed, chits::infantry_hit(&drawn, colours, tc).0);
        let reading = self
            .s
            .log
            .is_on()
            .then(|| chits::infantry_hit(&drawn, colours, tc).1);
        self.s.pot.extend(drawn.iter().copied());
        self.s.elements[t].under_fire = true;
        if killed {
            kills.push(t);
        }
        if let Some(reading) = reading {
            let names = drawn.iter().map(|c| c.name()).collect();
            let result = reading.result;
            self.log_chits(e, t, names, reading, result, Vec::new());
        }
        self.s.drawn = drawn;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, Prepared};
    use crate::battle::result::Role;
    use crate::battle::setup::{BattleSetup, Force, StandSetup};
    use crate::core::dice::Roller;
    use crate::core::kinds::{Cover, Medical, StandType, Weapon};

    fn platoon(side: &str) -> Force {
        let stands = (0..4)
            .map(|i| StandSetup {
                unit: format!("{side}-pl"),
                stand_type: StandType::Infantry,
                vehicle: None,
                weapon: Some(Weapon::SlaSquad),
                men: 4,
                ..StandSetup::example(&format!("{side}-{i}"))
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

    /// Two line platoons 20 cm apart in the open.
    fn two_platoons() -> BattleSetup {
        BattleSetup {
            code: "t".into(),
            ruleset: "dirtside".into(),
            range_cm: 20,
            defender_cover: Cover::Open,
            terrain: String::new(),
            turn_limit: 12,
            options: Default::default(),
            attacker: platoon("a"),
            defender: platoon("d"),
        }
    }

    /// A confident unit assaults at +0, but one marked Under Fire must pass
    /// its +1 test to move (L379-381): over many seeds every assault
    /// reaction it takes is at +1 or more (the review found +0 tests).
    #[test]
    fn an_under_fire_unit_tests_at_least_plus_one_to_assault() {
        let s = two_platoons();
        let p = Prepared::new(&s, true).unwrap();
        for seed in 0..20 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            let unit = |b: &Battle, r| (0..b.s.units.len()).find(|&u| b.s.units[u].role == r);
            let (u, v) = (
                unit(&b, Role::Attacker).unwrap(),
                unit(&b, Role::Defender).unwrap(),
            );
            b.s.units[u].marker = true;
            b.assault(u, v, 0);
            let tests: Vec<i64> =
                b.s.log
                    .events()
                    .iter()
                    .filter_map(|e| e.data.as_ref())
                    .filter(|d| d["kind"] == "reaction" && d["unit"] == "a-pl")
                    .map(|d| d["threat"].as_i64().unwrap())
                    .collect();
            assert!(!tests.is_empty(), "seed {seed}: no reaction test");
            assert!(
                tests.iter().all(|&t| t >= 1),
                "seed {seed}: threats {tests:?}"
            );
        }
    }

    /// L101: only an assault that comes in costs the target its activation.
    /// An attacker broken on its way in (as by opportunity fire on its
    /// double move) stops; the target still activates (the review found
    /// targets losing their activation to assaults that never came).
    #[test]
    fn an_assault_that_never_comes_in_leaves_the_target_its_activation() {
        use crate::rules::dirtside::confidence::Level;
        let s = two_platoons();
        let p = Prepared::new(&s, false).unwrap();
        let mut went = 0;
        for seed in 0..20 {
            let mut b = Battle {
                p: &p,
                s: p.start(Roller::seeded(seed)),
            };
            let unit = |b: &Battle, r| (0..b.s.units.len()).find(|&u| b.s.units[u].role == r);
            let (u, v) = (
                unit(&b, Role::Attacker).unwrap(),
                unit(&b, Role::Defender).unwrap(),
            );
            assert!(b.gap(u, v) > 2);
            b.set_level(u, Level::Broken);
            if b.assault(u, v, 0) {
                went += 1;
                assert!(
                    !b.s.units[v].activated,
                    "seed {seed}: target lost its activation"
                );
            }
        }
        assert!(went > 0, "no reaction passed");
    }
}
