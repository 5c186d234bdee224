//! Table play's shared half: a ruleset supplies its verbs over its own state,
//! and `Table` keeps the typed copies that `undo` and refused lines go back
//! to. The engine's session (`engine::play`) reads the umpire's lines and
//! owns the verbs every ruleset shares.

use super::event::Event;
use super::result::{BattleResult, Winner};
use super::ruleset::TableBattle;
use crate::core::dice::Roller;

/// What a ruleset brings to the table.
pub trait TablePlay {
    /// Everything that changes while the battle is played: a copy is kept
    /// before each line, so undo is exact.
    type State;
    /// A copy of the state as it stands.
    fn save(&self) -> Self::State;
    /// Puts a saved copy back.
    fn load(&mut self, state: Self::State);
    /// Help lines for the ruleset's own verbs.
    fn verbs(&self) -> &'static str;
    fn dice(&mut self) -> &mut Roller;
    fn turn(&self) -> u32;
    /// Starts the next turn.
    fn next_turn(&mut self);
    /// One line of the ruleset's own verbs; an `Err` refuses it.
    fn act(&mut self, words: &[String]) -> Result<(), String>;
    /// The state as text, for `status`.
    fn status(&self) -> String;
    fn events(&self) -> &[Event];
    fn events_mut(&mut self) -> &mut Vec<Event>;
    /// The result with the umpire's call.
    fn finish(&self, winner: Winner, reason: String) -> BattleResult;
}

/// A ruleset's table play with its undo history.
pub struct Table<T: TablePlay> {
    play: T,
    history: Vec<T::State>,
}

impl<T: TablePlay> Table<T> {
    pub fn new(play: T) -> Table<T> {
        Table {
            play,
            history: Vec::new(),
        }
    }
}

impl<T: TablePlay> TableBattle for Table<T> {
    fn verbs(&self) -> &'static str {
        self.play.verbs()
    }
    fn dice(&mut self) -> &mut Roller {
        self.play.dice()
    }
    fn turn(&self) -> u32 {
        self.play.turn()
    }
    fn next_turn(&mut self) {
        self.play.next_turn()
    }
    fn act(&mut self, words: &[String]) -> Result<(), String> {
        self.play.act(words)
    }
    fn status(&self) -> String {
        self.play.status()
    }
    fn events(&self) -> &[Event] {
        self.play.events()
    }
    fn events_mut(&mut self) -> &mut Vec<Event> {
        self.play.events_mut()
    }
    fn checkpoint(&mut self) {
        self.history.push(self.play.save());
    }
    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(s) => {
                self.play.load(s);
                true
            }
            None => false,
        }
    }
    fn finish(&self, winner: Winner, reason: String) -> BattleResult {
        self.play.finish(winner, reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that only goes up.
    struct Counter {
        state: (u32, u32, Vec<Event>),
        dice: Roller,
    }

    impl TablePlay for Counter {
        type State = (u32, u32, Vec<Event>);
        fn save(&self) -> Self::State {
            self.state.clone()
        }
        fn load(&mut self, state: Self::State) {
            self.state = state;
        }
        fn verbs(&self) -> &'static str {
            "add"
        }
        fn dice(&mut self) -> &mut Roller {
            &mut self.dice
        }
        fn turn(&self) -> u32 {
            self.state.0
        }
        fn next_turn(&mut self) {
            self.state.0 += 1;
        }
        fn act(&mut self, words: &[String]) -> Result<(), String> {
            match words {
                [w] if w == "add" => {
                    self.state.1 += 1;
                    Ok(())
                }
                _ => Err("only add".into()),
            }
        }
        fn status(&self) -> String {
            format!("turn {} count {}", self.state.0, self.state.1)
        }
        fn events(&self) -> &[Event] {
            &self.state.2
        }
        fn events_mut(&mut self) -> &mut Vec<Event> {
            &mut self.state.2
        }
        fn finish(&self, _: Winner, _: String) -> BattleResult {
            unimplemented!("not needed here")
        }
    }

    #[test]
    fn undo_goes_back_one_checkpoint_at_a_time() {
        let mut t = Table::new(Counter {
            state: (1, 0, vec![]),
            dice: Roller::seeded(1),
        });
        t.checkpoint();
        t.act(&["add".into()]).unwrap();
        t.checkpoint();
        t.next_turn();
        t.act(&["add".into()]).unwrap();
        assert_eq!(t.status(), "turn 2 count 2");
        assert!(t.undo());
        assert_eq!(t.status(), "turn 1 count 1");
        assert!(t.undo());
        assert_eq!(t.status(), "turn 1 count 0");
        assert!(!t.undo(), "nothing left to take back");
    }
}
