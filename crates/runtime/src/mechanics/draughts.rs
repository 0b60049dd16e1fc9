//! Russian draughts mechanics on [`crate::draughts`]: the position, exact repetition counts, the
//! plies since the last man move or capture, and lazily computed facts.
//!
//! Positions are the same when the same men and kings of each side stand on the same squares
//! with the same side to move: a [`Position`] is that key. They are found by its 64-bit hash and
//! every match is confirmed by comparing the positions, so the count is exact. Only positions
//! since the last irreversible move (a man move or a capture) are kept: a man never moves
//! back and a piece taken never returns, so no earlier position can recur.

use shakmaty::Color;

use super::history::{History, Repeatable};
use super::{Mechanics, TouchFacts};
use crate::analysis::{DeadStatus, Line, Shown, Winnability};
use crate::draughts::{Kind, Move, Position, Square};
use crate::unwinnable::Proof;
use crate::unwinnable::{Budget, Helpmate};

/// A draughts game's position as play proceeds (the [`Mechanics`] of Russian draughts).
#[derive(Clone, Debug)]
pub struct DraughtsMechanics {
    pos: Position,
    /// Positions since the last irreversible move, the current one last.
    history: History<Position>,
    /// Appearances of the current position, this one included.
    repetitions: u32,
    plies_since_irreversible: u32,
    /// Plies since the balance of forces (each side's men and kings) last changed: a capture
    /// or a crowning; from a set-up start, since that start.
    plies_since_balance: u32,
    fullmoves: u32,
    /// Lazily: does the side to move have a legal move?
    has_legal_move: Option<bool>,
}

impl Default for DraughtsMechanics {
    fn default() -> DraughtsMechanics {
        DraughtsMechanics::new(Position::initial())
    }
}

impl DraughtsMechanics {
    /// The game from `pos` (the initial position, or a record's FEN), move 1 (a draughts FEN
    /// states no move number), no earlier position and no count of moves without progress.
    pub fn new(pos: Position) -> DraughtsMechanics {
        DraughtsMechanics {
            history: History::starting(pos),
            repetitions: 1,
            plies_since_irreversible: 0,
            plies_since_balance: 0,
            fullmoves: 1,
            has_legal_move: None,
            pos,
        }
    }

    /// The position, for what only draughts does with it (reading and naming moves).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Does `m` make earlier positions unreachable (a man moves, or a piece is taken)?
    fn irreversible(&self, m: Move) -> bool {
        m.is_capture() || !self.pos.kings().contains(m.from())
    }

    /// Moves `side` has made in the last `plies` plies, the last of them made by the side not
    /// to move.
    fn moves_of(&self, side: Color, plies: u32) -> u32 {
        if side == self.pos.turn() {
            plies / 2
        } else {
            plies.div_ceil(2)
        }
    }

    /// Moves `side` has made since the last man move or capture: moves made only with kings,
    /// without capturing.
    pub fn kings_only_moves(&self, side: Color) -> u32 {
        self.moves_of(side, self.plies_since_irreversible)
    }

    /// Moves `side` has made since the balance of forces last changed (a capture, or a man
    /// crowned), or since the start.
    pub fn balance_moves(&self, side: Color) -> u32 {
        self.moves_of(side, self.plies_since_balance)
    }

    /// `side`'s pieces on the main road, the long diagonal a1–h8.
    pub fn main_road(&self, side: Color) -> u32 {
        let on = |sq: &Square| sq.file() == sq.rank();
        u32::try_from(self.pos.pieces(side).filter(on).count()).unwrap_or(u32::MAX)
    }

    fn after(&self, m: Move) -> Position {
        let mut after = self.pos;
        after.play(&m);
        after
    }
}

impl Mechanics for DraughtsMechanics {
    type Move = Move;
    type Kind = Kind;

    fn to_move(&self) -> Color {
        self.pos.turn()
    }

    fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    fn is_legal(&self, m: Move) -> bool {
        self.pos.is_legal(&m)
    }

    fn play(&mut self, m: Move) {
        let irreversible = self.irreversible(m);
        // The balance of forces (each side's men and kings) changes exactly by a capture or a
        // crowning.
        let rebalances = m.is_capture() || m.crowns();
        if self.pos.turn() == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.pos.play(&m);
        self.has_legal_move = None;
        if irreversible {
            self.history.clear();
            self.plies_since_irreversible = 0;
        } else {
            self.plies_since_irreversible = self.plies_since_irreversible.saturating_add(1);
        }
        self.plies_since_balance = if rebalances {
            0
        } else {
            self.plies_since_balance.saturating_add(1)
        };
        self.repetitions = 1 + self.history.count(&self.pos);
        self.history.push(self.pos);
    }

    fn note_legal_move(&mut self) {
        self.has_legal_move = Some(true);
    }

    fn has_legal_move(&mut self) -> bool {
        let pos = self.pos;
        *self
            .has_legal_move
            .get_or_insert_with(|| pos.has_legal_move())
    }

    /// Draughts has no check.
    fn in_check(&self) -> bool {
        false
    }

    fn repetitions(&self) -> u32 {
        self.repetitions
    }

    fn repetitions_after(&self, m: Move) -> u32 {
        if self.irreversible(m) {
            return 1;
        }
        1 + self.history.count(&self.after(m))
    }

    fn plies_since_irreversible(&self) -> u32 {
        self.plies_since_irreversible
    }

    fn plies_since_irreversible_after(&self, m: Move) -> u32 {
        if self.irreversible(m) {
            0
        } else {
            self.plies_since_irreversible.saturating_add(1)
        }
    }

    /// A side with a piece might still win (the opponent, however unlikely, may leave itself
    /// without a move); a side without one cannot.
    fn can_win(&self, side: Color) -> bool {
        !self.pos.pieces(side).is_empty()
    }

    /// The winnability engine is chess's; draughts has none yet. A side without pieces cannot
    /// win, proved by material ([`Proof::Material`]: "the material left cannot win" — none is
    /// left); otherwise the answer is undetermined, honestly, with no positions examined.
    fn winnability(&self, side: Color, _budget: &Budget) -> (Winnability, u64) {
        let w = if self.can_win(side) {
            Winnability::Undetermined { nodes: 0 }
        } else {
            Winnability::Cannot {
                tier: Proof::Material,
                forced: None,
            }
        };
        (w, 0)
    }

    /// Never asked: draughts has no helpmates to show.
    fn helpmate_line(&self, _: Color, _: &Helpmate, _: Shown) -> Option<Line> {
        None
    }

    fn forced_line(&self, _proofs: &[(Color, Proof)]) -> Option<Line> {
        None
    }

    fn touch_facts(&self, touched: &[shakmaty::Square], m: Move) -> TouchFacts {
        let mut legal = Vec::new();
        self.pos.legal_moves(&mut legal);
        let on =
            |sq: shakmaty::Square| Square::from_coords(u8::from(sq.file()), u8::from(sq.rank()));
        let back = |sq: Square| {
            shakmaty::Square::from_coords(
                shakmaty::File::new(u32::from(sq.file())),
                shakmaty::Rank::new(u32::from(sq.rank())),
            )
        };
        TouchFacts::measure(
            touched,
            self.pos.turn(),
            |sq| {
                on(sq)
                    .and_then(|d| self.pos.piece_at(d))
                    .map(|(side, _)| side)
            },
            |sq| on(sq).is_some_and(|d| legal.iter().any(|l| l.from() == d)),
            |sq| on(sq).is_some_and(|d| legal.iter().any(|l| l.captured().contains(d))),
            |a, b| match (on(a), on(b)) {
                (Some(a), Some(b)) => {
                    (legal.iter()).any(|l| l.from() == a && l.captured().contains(b))
                }
                _ => false,
            },
            back(m.from()),
            |sq| on(sq).is_some_and(|d| m.captured().contains(d)),
        )
    }

    /// The laws of draughts here say nothing of the piece to move after a move is taken back.
    fn touched_by(&self, _m: Move) -> Vec<shakmaty::Square> {
        Vec::new()
    }

    /// By material, as the first pass decides it: dead when neither side has a piece (the
    /// engine is chess's).
    fn deadness(&self, _budget: &Budget) -> (DeadStatus, u64) {
        let status = if self.can_win(Color::White) || self.can_win(Color::Black) {
            DeadStatus::Alive
        } else {
            DeadStatus::Dead {
                white: Proof::Material,
                black: Proof::Material,
            }
        };
        (status, 0)
    }

    fn occupied(&self, sq: shakmaty::Square) -> bool {
        let (file, rank) = (u8::from(sq.file()), u8::from(sq.rank()));
        Square::from_coords(file, rank).is_some_and(|sq| self.pos.piece_at(sq).is_some())
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn count(&self, side: Color, kind: Kind) -> u32 {
        self.pos.count(side, kind)
    }
}

impl Repeatable for Position {
    fn repetition_hash(&self) -> u64 {
        self.hash()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> DraughtsMechanics {
        DraughtsMechanics::new(Position::from_fen(fen).unwrap())
    }

    fn mv(g: &DraughtsMechanics, text: &str) -> Move {
        g.position().parse_move(text).unwrap()
    }

    fn play(g: &mut DraughtsMechanics, moves: &str) {
        for text in moves.split_whitespace() {
            let m = mv(g, text);
            assert!(g.is_legal(m));
            g.play(m);
        }
    }

    /// Kings far apart, each side with a man that moves only when a test says so.
    const KINGS: &str = "W:WKa1,c1:BKh4,f8";

    #[test]
    fn king_moves_repeat_positions_exactly() {
        let mut g = game(KINGS);
        assert_eq!(g.repetitions(), 1);
        play(&mut g, "a1-b2 h4-g3 b2-a1");
        assert_eq!(g.repetitions(), 1);
        assert_eq!(g.repetitions_after(mv(&g, "g3-h4")), 2);
        play(&mut g, "g3-h4");
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.plies_since_irreversible(), 4);
        play(&mut g, "a1-b2 h4-g3 b2-a1 g3-h4");
        assert_eq!(g.repetitions(), 3);
        // A man move: nothing earlier can recur, and the count of plies starts again.
        assert_eq!(g.repetitions_after(mv(&g, "c1-d2")), 1);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "c1-d2")), 0);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "a1-b2")), 9);
        play(&mut g, "c1-d2");
        assert_eq!((g.repetitions(), g.plies_since_irreversible()), (1, 0));
    }

    #[test]
    fn a_long_game_of_king_moves_counts_the_same_past_the_scan() {
        let mut g = game(KINGS);
        for i in 1..=300u32 {
            play(&mut g, "a1-b2 h4-g3 b2-a1 g3-h4");
            assert_eq!(g.repetitions(), i + 1);
        }
        assert_eq!(g.repetitions_after(mv(&g, "a1-b2")), 301);
        play(&mut g, "a1-c3");
        assert_eq!(g.repetitions(), 1);
    }

    #[test]
    fn a_capture_resets_the_count() {
        let mut g = game("W:WKc1:BKh8,h6");
        play(&mut g, "c1-e3");
        assert_eq!(g.plies_since_irreversible(), 1);
        play(&mut g, "h8-d4");
        assert_eq!(g.plies_since_irreversible(), 2);
        // Black's king stands next to White's, c5 empty beyond: the capture is compulsory.
        let take = mv(&g, "e3:c5");
        assert_eq!(g.plies_since_irreversible_after(take), 0);
        assert_eq!(g.repetitions_after(take), 1);
        play(&mut g, "e3:c5");
        assert_eq!(g.plies_since_irreversible(), 0);
        assert_eq!(g.count(Color::Black, Kind::King), 0);
        assert_eq!(g.count(Color::Black, Kind::Man), 1);
    }

    #[test]
    fn moves_counters_sides_and_material() {
        let mut g = DraughtsMechanics::default();
        assert_eq!((g.to_move(), g.fullmoves()), (Color::White, 1));
        assert_eq!(g.count(Color::White, Kind::Man), 12);
        assert_eq!(g.count(Color::Black, Kind::King), 0);
        play(&mut g, "c3-d4");
        assert_eq!((g.to_move(), g.fullmoves()), (Color::Black, 1));
        play(&mut g, "f6-e5");
        assert_eq!((g.to_move(), g.fullmoves()), (Color::White, 2));
        assert!(!g.in_check());
        // A FEN start with Black to move: move 1, then 2 after Black's move.
        let mut g = game("B:WKa1:BKh8");
        play(&mut g, "h8-g7");
        assert_eq!(g.fullmoves(), 2);
    }

    #[test]
    fn no_legal_move_and_can_win() {
        // White's man on a1 is blocked by Black's on b2, which is protected (c3 taken).
        let mut g = game("W:Wa1:Bb2,c3");
        assert!(!g.has_legal_move());
        assert!(g.can_win(Color::White) && g.can_win(Color::Black));
        let mut g = game("W:WKa1:B");
        assert!(!g.can_win(Color::Black) && g.can_win(Color::White));
        assert!(g.has_legal_move());
        let budget = Budget::default();
        assert!(matches!(
            g.winnability(Color::Black, &budget).0,
            Winnability::Cannot {
                tier: Proof::Material,
                forced: None
            }
        ));
        assert!(matches!(
            g.winnability(Color::White, &budget).0,
            Winnability::Undetermined { nodes: 0 }
        ));
        assert_eq!(g.forced_line(&[]), None);
        g.note_legal_move();
        assert!(g.has_legal_move());
    }
}
