//! Orders: the attackers' doctrine at the start of each turn, when to give up
//! the attack and when to go in, kept apart from the rules that carry it out.

use super::events::BiaEvent;
use super::piece::{Order, Posture, State, Trigger};
use super::{Battle, Tally};
use crate::battle::result::Role;

/// Why an attacking group that can do nothing more gives up the attack.
const STALEMATE: &str = "stalemate: nothing in reach and no stand that will close";

impl Battle<'_, '_> {
    /// Each of one side's groups' numbers, in one pass over its stands (the
    /// other side's groups are left empty).
    pub(super) fn tallies(&self, role: Role) -> Vec<Tally> {
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

    /// Orders: the attackers' doctrine. A group out of ammunition, or a side
    /// that cannot win, withdraws in good order; so does the whole attack
    /// when it can do nothing more (nothing in reach, no stand that will
    /// close). Each
    /// stand is given its move for the turn; stands about to cross ground
    /// the enemy swept with fire last turn, or to go into the enemy position,
    /// must first pass a morale test.
    pub(super) fn orders_phase(&mut self) {
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
            self.call_off(g, why);
        }
        // Each attacker's move for the turn, given from the situation now.
        let (assault, lead_in) = self.move_situation();
        for i in 0..self.p.attackers {
            self.s.pieces[i].order = self.intent(i, assault, lead_in);
        }
        // A stalemate: every attacking group still in the fight is idle.
        let in_fight = |g: usize| {
            self.s.groups[g].role == Role::Attacker
                && !self.s.groups[g].withdrawn
                && self.s.pieces[..self.p.attackers]
                    .iter()
                    .any(|p| p.command == g && (p.fighting() || p.in_orbit()))
        };
        let groups: Vec<usize> = (0..tallies.len()).filter(|&g| in_fight(g)).collect();
        if !groups.is_empty() && groups.iter().all(|&g| self.idle(g, tallies[g].officer)) {
            for g in groups {
                self.call_off(g, STALEMATE);
            }
        }
        // A stand about to cross the ground the enemy swept with fire last
        // turn, or to go into the enemy position, must first pass a morale
        // test (BiA L310). A base of fire holding in reach crosses nothing
        // and does not test.
        let swept = self.s.swept[Role::Defender.index()];
        for p in &mut self.s.pieces[..self.p.attackers] {
            let crossing = swept && p.order == Order::Bound;
            if p.fighting() && (crossing || p.order == Order::GoIn) {
                p.call_test(Trigger::EnterPosition);
            }
        }
    }

    /// An attacking group gives up the attack and withdraws in good order.
    fn call_off(&mut self, g: usize, why: &'static str) {
        self.s.called_off.get_or_insert(why);
        if self.s.log.is_on() {
            let group = self.p.group_codes[g].to_string();
            self.log(
                Some(Role::Attacker),
                BiaEvent::GroupWithdraws { group, why },
            );
        }
        self.withdraw_group(g, "orders");
    }

    /// Whether attacking group `g` can do nothing more to the enemy: none of
    /// its stands will move this turn, none has an enemy in reach it could
    /// hurt (orbital platforms included), and no officer is there to rally
    /// a stand its morale holds back. Stands inside the enemy position hold
    /// it, which is not idling.
    fn idle(&self, g: usize, officer: bool) -> bool {
        (0..self.p.attackers).all(|i| {
            let p = &self.s.pieces[i];
            if p.command != g {
                return true;
            }
            if p.in_orbit() {
                return !self.has_target(i);
            }
            !p.fighting()
                || (p.order == Order::Stay
                    && p.dist > 0
                    && !(officer && p.posture == Posture::Shaken)
                    && !self.has_target(i))
        })
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
    pub(super) fn assault_pays(&self) -> bool {
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

    /// A group withdraws in good order, "recovering any casualties" (BiA
    /// L298): its fighting stands leave, and its ineffective stands still on
    /// the table go with them (logged under `phase`).
    pub(super) fn withdraw_group(&mut self, g: usize, phase: &'static str) {
        self.s.groups[g].withdrawn = true;
        for i in 0..self.s.pieces.len() {
            let p = &self.s.pieces[i];
            if p.command != g {
                continue;
            }
            if p.fighting() {
                self.set_state(i, State::Left);
            } else if p.state == State::Ineffective && p.on_field() {
                self.leave_table(i, "carried off by its withdrawing group", phase);
            }
        }
    }
}
