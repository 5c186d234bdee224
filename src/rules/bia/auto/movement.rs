//! The movement phase: attackers advance by bounds and go into the enemy
//! position; stands put out of the fight go back until they are off the table.

use super::events::BiaEvent;
use super::piece::{Order, Posture, State, Trigger};
use super::{Battle, ASSAULT_CM};
use crate::battle::result::Role;
use crate::core::kinds::{Equipment, StandType};

/// Stands going back stop moving this far beyond the opening range: off the
/// table, out of every weapon's reach.
const OFF_TABLE_CM: i64 = 120;

/// A fighting attacker's move this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Stay,
    /// A bound forward, to this distance.
    Bound(i64),
    /// Into the enemy position from the 5 cm band.
    GoIn,
}

impl Battle<'_, '_> {
    pub(super) fn movement_phase(&mut self) {
        let mut went_in = false;
        for i in 0..self.s.pieces.len() {
            match self.s.pieces[i].state {
                State::Fighting => went_in |= self.advance(i),
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

    /// The move a fighting attacker is ordered to make this turn, from the
    /// situation at the orders phase.
    pub(super) fn intent(&self, i: usize, assault: bool, lead_in: bool) -> Order {
        let p = &self.s.pieces[i];
        if p.role != Role::Attacker
            || !p.fighting()
            || p.posture != Posture::Advance
            || p.is_aircraft
            || p.kind == StandType::Artillery
            || p.tactical_move == 0
            || p.dist == 0
        {
            return Order::Stay;
        }
        if p.dist <= ASSAULT_CM {
            // Foot soldiers go in; vehicles stay at the 5 cm band and shoot
            // them in.
            return if p.on_foot && assault {
                Order::GoIn
            } else {
                Order::Stay
            };
        }
        // Foot soldiers who cannot shoot well on the move split in two: a base
        // of fire (every other stand) holds within reach and fires at full
        // effect while the assault element moves every turn; the base
        // follows once the assault element is at the 5 cm band.
        // A base stand with no enemy it could engage from where it stands
        // moves up too: holding, it would do nothing.
        let penalised = p.on_foot && p.equipment != Some(Equipment::Hma);
        if penalised && i.is_multiple_of(2) && !lead_in && p.dist <= p.reach && self.has_target(i) {
            return Order::Stay;
        }
        Order::Bound
    }

    /// Where a fighting attacker's move this turn takes it: its order, unless
    /// its morale holds it back (or, going in, it has not yet tested for it).
    pub(super) fn step(&self, i: usize) -> Step {
        let p = &self.s.pieces[i];
        if p.role != Role::Attacker || !p.fighting() || p.posture != Posture::Advance {
            return Step::Stay;
        }
        match p.order {
            Order::Stay => Step::Stay,
            // A test called since the morale phase (fired on in suppressive
            // fire) waits for the next one; it does not hold back a stand
            // that has passed its test to go in.
            Order::GoIn if !p.has_tested(Trigger::EnterPosition) => Step::Stay,
            Order::GoIn => Step::GoIn,
            Order::Bound => Step::Bound((p.dist - p.tactical_move).max(ASSAULT_CM)),
        }
    }

    /// Whether the assault pays and whether foot soldiers already lead in at
    /// the 5 cm band: what every attacker's step depends on.
    pub(super) fn move_situation(&self) -> (bool, bool) {
        let lead_in = self
            .side(Role::Attacker)
            .iter()
            .any(|a| a.fighting() && a.on_foot && a.dist <= ASSAULT_CM);
        (self.assault_pays(), lead_in)
    }

    /// Before the defenders' suppressive fire: the attackers about to move
    /// this turn (by a bound, into the position, back to the aid post, or in
    /// flight) are moving targets to it (BiA L399–401), fleeing ones
    /// non-tactical. The marks are cleared again before anyone moves.
    pub(super) fn mark_movers(&mut self) {
        let limit = self.p.setup.range_cm + OFF_TABLE_CM;
        for i in 0..self.p.attackers {
            let p = &self.s.pieces[i];
            let going_back =
                p.tactical_move > 0 && !p.is_aircraft && !p.off_table && p.dist < limit;
            let (moves, run) = match p.state {
                State::Fighting => (self.step(i) != Step::Stay, false),
                State::Ineffective => (going_back, false),
                State::Fled => (going_back, true),
                _ => (false, false),
            };
            let p = &mut self.s.pieces[i];
            p.moved = moves || p.retired;
            p.non_tactical = run;
        }
    }

    /// Clears the attackers' marks of `mark_movers`: who moves is now settled
    /// by moving (a retirement to cover has been made already and stays).
    pub(super) fn clear_movers(&mut self) {
        for p in &mut self.s.pieces[..self.p.attackers] {
            p.moved = p.retired;
            p.non_tactical = false;
        }
    }

    /// A fighting attacker's move: by bounds to the 5 cm band, then into the
    /// enemy position when the assault pays and its morale held (then `true`).
    fn advance(&mut self, i: usize) -> bool {
        let step = self.step(i);
        let p = &mut self.s.pieces[i];
        let from = p.dist;
        match step {
            Step::Stay => false,
            Step::GoIn => {
                p.dist = 0;
                p.moved = true;
                p.call_test(Trigger::FirstHandToHand);
                if self.s.log.is_on() {
                    let stand = self.code(i).to_string();
                    self.log(Some(Role::Attacker), BiaEvent::Assault { stand, from });
                }
                true
            }
            Step::Bound(to) => {
                p.dist = to;
                p.moved = true;
                if self.s.log.is_on() {
                    let stand = self.code(i).to_string();
                    self.log(Some(Role::Attacker), BiaEvent::Advance { stand, from, to });
                }
                false
            }
        }
    }

    /// An ineffective or fleeing stand goes back at its movement rate (fleeing:
    /// non-tactically, twice as far) until it is out of the enemy's reach,
    /// when it leaves the table.
    fn fall_back(&mut self, i: usize, why: &'static str, run: bool) {
        if self.s.pieces[i].off_table {
            return;
        }
        if self.out_of_reach(i) {
            self.leave_table(i, "out of the enemy's reach", "movement");
            return;
        }
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
        if self.s.log.is_on() {
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
        if self.out_of_reach(i) {
            self.leave_table(i, "out of the enemy's reach", "movement");
        }
    }

    /// Whether no enemy ground stand still fighting could reach stand `i`,
    /// now or after closing one tactical move. Aircraft and orbital
    /// platforms, which reach the whole table, shoot at stands still
    /// fighting and do not hold a stand on it.
    fn out_of_reach(&self, i: usize) -> bool {
        let p = &self.s.pieces[i];
        self.side(p.role.other()).iter().all(|e| {
            !e.fighting()
                || e.is_aircraft
                || e.weapon.is_none()
                || self.range(e, p) > e.reach + e.tactical_move
        })
    }

    /// Takes a stand going back off the table: no longer a target.
    pub(super) fn leave_table(&mut self, i: usize, why: &'static str, phase: &'static str) {
        self.s.pieces[i].off_table = true;
        if self.s.log.is_on() {
            let (stand, role) = (self.code(i).to_string(), self.s.pieces[i].role);
            self.log(Some(role), BiaEvent::LeavesTable { stand, why, phase });
        }
    }
}
