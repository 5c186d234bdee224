//! Orders: the attackers' doctrine at the start of each turn, when to give up
//! the attack and when to go in, kept apart from the rules that carry it out.

use super::events::BiaEvent;
use super::movement::Step;
use super::piece::{Posture, State, Trigger};
use super::{Battle, Tally, ASSAULT_CM};
use crate::battle::result::Role;
use crate::core::kinds::StandType;

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
    /// that cannot win, withdraws in good order; stands about to cross ground
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
            self.withdraw_group(g);
            self.s.called_off.get_or_insert(why);
            if self.s.log.is_on() {
                let group = self.p.group_codes[g].to_string();
                self.log(
                    Some(Role::Attacker),
                    BiaEvent::GroupWithdraws { group, why },
                );
            }
        }
        let swept = self.s.swept[Role::Defender.index()];
        let (assault, lead_in) = self.move_situation();
        for i in 0..self.p.attackers {
            let p = &self.s.pieces[i];
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
            // Only a stand about to move across the swept ground attempts to
            // cross it (BiA L310): a base of fire holding in reach does not.
            let crossing = swept
                && p.dist > ASSAULT_CM
                && matches!(self.step(i, assault, lead_in), Step::Bound(_));
            if crossing || assaulting {
                self.s.pieces[i].call_test(Trigger::EnterPosition);
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

    pub(super) fn withdraw_group(&mut self, g: usize) {
        self.s.groups[g].withdrawn = true;
        for i in 0..self.s.pieces.len() {
            let p = &self.s.pieces[i];
            if p.command == g && p.fighting() {
                self.set_state(i, State::Left);
            }
        }
    }
}
