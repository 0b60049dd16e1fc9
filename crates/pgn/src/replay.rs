//! The reference for arbiter's speed: parse and replay games with pgn-reader and shakmaty, and
//! nothing else. The benchmark and `examples/replay.rs` measure arbiter against it.

use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

struct Replay;

impl Visitor for Replay {
    type Tags = ();
    type Movetext = Option<Chess>;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }
    fn san(&mut self, pos: &mut Option<Chess>, san: SanPlus) -> ControlFlow<bool> {
        if let Some(p) = pos {
            match san.san.to_move(p) {
                Ok(m) => p.play_unchecked(m),
                Err(_) => *pos = None,
            }
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, pos: Option<Chess>) -> bool {
        pos.is_some()
    }
}

/// Replay every game of `bytes` from the standard start; the number replayed without error.
pub fn replay_all(bytes: &[u8]) -> usize {
    let mut r = Reader::new(bytes);
    let mut n = 0;
    while let Ok(Some(ok)) = r.read_game(&mut Replay) {
        n += usize::from(ok);
    }
    n
}
