//! The auto-resolver's outer loop, once for every ruleset: open the battle,
//! then play turns until the battle is over by the ruleset's own rules or the
//! turn limit is reached. A limit below one still plays one turn.

use super::result::Role;
use super::ruleset::BattleError;
use super::setup::BattleSetup;

/// A battle the kernel plays turn by turn.
pub trait TurnByTurn {
    /// Logs how the battle opens (nothing is rolled here).
    fn open(&mut self);
    /// Turns played so far.
    fn turns_played(&self) -> u32;
    /// Whether the battle has ended by the ruleset's rules.
    fn is_over(&self) -> bool;
    /// Plays the next turn (it may stop early once the battle is over).
    fn play_turn(&mut self);
}

/// Plays a battle to its end.
pub fn play_out(b: &mut impl TurnByTurn, turn_limit: u32) {
    b.open();
    while !b.is_over() && b.turns_played() < turn_limit.max(1) {
        b.play_turn();
    }
}

/// Refuses a battle in which a side has no stand to fight with.
pub fn check_forces(setup: &BattleSetup) -> Result<(), BattleError> {
    for role in Role::BOTH {
        if setup.force(role).stands.is_empty() {
            return Err(BattleError::NoForce {
                battle: setup.code.clone(),
                role: role.as_str(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Countdown {
        opened: bool,
        turn: u32,
        ends_after: u32,
    }

    impl TurnByTurn for Countdown {
        fn open(&mut self) {
            self.opened = true;
        }
        fn turns_played(&self) -> u32 {
            self.turn
        }
        fn is_over(&self) -> bool {
            self.turn >= self.ends_after
        }
        fn play_turn(&mut self) {
            assert!(self.opened, "opened before the first turn");
            self.turn += 1;
        }
    }

    #[test]
    fn turns_run_until_over_or_the_limit_and_at_least_one() {
        let run = |ends_after, limit| {
            let mut c = Countdown {
                opened: false,
                turn: 0,
                ends_after,
            };
            play_out(&mut c, limit);
            c.turn
        };
        assert_eq!(run(3, 10), 3, "over by the rules");
        assert_eq!(run(30, 10), 10, "the limit");
        assert_eq!(run(30, 0), 1, "a limit of 0 still plays a turn");
    }
}
