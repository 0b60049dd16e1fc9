//! Russian draughts: the board, the pieces, legal moves, notation and perft — the game's
//! mechanics, on which `runtime::mechanics::draughts` builds the facts the laws read.
//!
//! A crate of its own: `std` and shakmaty's [`Color`] (the two sides, nothing more) only, no
//! arbiter crate.
//!
//! # The board
//!
//! The 32 dark squares of an 8×8 board, a1 dark at White's lower left, numbered 0..32 rank by
//! rank from a1 (a1, c1, e1, g1, b2, d2, ..., h8). The PDN number of a square is its index plus
//! one, as pydraughts' Russian variant numbers them (1 = a1, 4 = g1, 5 = b2, 32 = h8). A set of
//! squares is a [`Bitboard`], one bit per dark square.
//!
//! # The rules implemented
//!
//! Men move one square diagonally forward and capture forward and backward; capture is
//! compulsory; a capture, once begun, is taken to its end, but any capturing sequence may be
//! chosen (not necessarily the longest). Kings fly: they move and capture along a diagonal at any
//! distance, landing on any empty square beyond the piece taken — except that when a further
//! capture is possible from some of those squares, the king must land on one of them (the
//! sequence must go on). A man reaching the last rank during a capture is crowned at once and
//! goes on capturing as a king in the same move. Pieces taken are removed only after the move,
//! so a piece cannot be jumped twice and a taken piece still blocks (the "Turkish strike"). A
//! player with no legal move loses.
//!
//! One [`Move`] per path of landing squares (pydraughts' convention): two captures by the same
//! piece of the same pieces, ending on the same square by different landings, are two moves.
//! [`perft`] counts both ways.
//!
//! # Example
//!
//! ```
//! use arbiter_draughts::{Counting, Position, perft};
//!
//! let start = Position::default();
//! assert_eq!(perft(&start, 3, Counting::Paths), 302);
//! ```

mod fen;
mod movegen;
mod notation;
#[cfg(test)]
mod tests;

use std::fmt;

pub use shakmaty::Color;

pub use fen::{FenError, FenErrorKind};
pub use movegen::{Counting, perft};
pub use notation::{AsMadeError, Expected, Illegal, MoveError, is_move_text};

/// The most jumps one move can make: every capture takes one of the opponent's pieces, and a
/// side has at most 12 (a position with more is refused when it is read).
pub const MAX_JUMPS: usize = 12;

/// Pieces a side may have: the 12 men it starts with.
pub const MAX_PIECES: u32 = 12;

/// One of the 32 dark squares, by index (0 = a1, 31 = h8).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// The square of index `i` (0..32).
    pub const fn new(i: u8) -> Option<Square> {
        if i < 32 { Some(Square(i)) } else { None }
    }

    /// The square of a PDN number (1..=32; 1 = a1, 32 = h8).
    pub fn from_number(n: u32) -> Option<Square> {
        u8::try_from(n).ok()?.checked_sub(1).and_then(Square::new)
    }

    /// The dark square on `file` (0 = a) and `rank` (0 = 1), if it is one.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square(rank * 4 + file / 2))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The PDN number (1..=32).
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// 0 = a .. 7 = h.
    pub const fn file(self) -> u8 {
        2 * (self.0 % 4) + (self.0 / 4) % 2
    }

    /// 0 = the first rank .. 7 = the eighth.
    pub const fn rank(self) -> u8 {
        self.0 / 4
    }

    const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        let rank = char::from(b'1' + self.rank());
        write!(f, "{file}{rank}")
    }
}

/// A set of dark squares, one bit per square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bitboard(pub u32);

impl Bitboard {
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(i))
    }
}

/// A kind of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Man,
    King,
}

/// One move of a player: a quiet step or slide, or a whole capturing sequence.
///
/// `Copy` and compared by value: the landing squares beyond the move's length are always the
/// default square, so two equal moves are equal field by field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: Square,
    /// Landing squares: the destination of a quiet move; after each jump of a capture.
    path: [Square; MAX_JUMPS],
    len: u8,
    /// The pieces taken (empty for a quiet move).
    captured: Bitboard,
    /// A man reaches the last rank (at the end, or during a capture).
    crowns: bool,
}

impl Move {
    pub fn from(&self) -> Square {
        self.from
    }

    /// The square the piece ends on.
    pub fn to(&self) -> Square {
        self.landings().last().copied().unwrap_or(self.from)
    }

    /// Every landing square in order: one for a quiet move, one per jump for a capture.
    pub fn landings(&self) -> &[Square] {
        &self.path[..usize::from(self.len).min(MAX_JUMPS)]
    }

    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// Does a man become a king by this move?
    pub fn crowns(&self) -> bool {
        self.crowns
    }
}

/// A position: the pieces on their squares, men and kings, and the side to move.
///
/// Equality is the identity of positions for repetition (same men and kings of each side on
/// the same squares, same side to move): a `Position` is its own full key; [`Position::hash`]
/// finds candidates cheaply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    white: u32,
    black: u32,
    kings: u32,
    turn: Color,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    /// The start: White's 12 men on ranks 1–3, Black's on ranks 6–8, White to move.
    pub const fn initial() -> Position {
        Position {
            white: 0x0000_0FFF,
            black: 0xFFF0_0000,
            kings: 0,
            turn: Color::White,
        }
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of `side`'s pieces.
    pub fn pieces(&self, side: Color) -> Bitboard {
        Bitboard(self.side(side))
    }

    /// The squares of kings, both sides.
    pub fn kings(&self) -> Bitboard {
        Bitboard(self.kings)
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Color, Kind)> {
        let side = if self.white & sq.bit() != 0 {
            Color::White
        } else if self.black & sq.bit() != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.kings & sq.bit() != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Some((side, kind))
    }

    /// How many pieces of `kind` `side` has.
    pub fn count(&self, side: Color, kind: Kind) -> u32 {
        let kings = self.side(side) & self.kings;
        match kind {
            Kind::King => kings.count_ones(),
            Kind::Man => (self.side(side) & !kings).count_ones(),
        }
    }

    /// Play `m`, a legal move in this position (not checked: see [`Position::is_legal`]).
    pub fn play(&mut self, m: &Move) {
        let (from, to) = (m.from.bit(), m.to().bit());
        let was_king = self.kings & from != 0;
        let (us, them) = match self.turn {
            Color::White => (&mut self.white, &mut self.black),
            Color::Black => (&mut self.black, &mut self.white),
        };
        *us = (*us & !from) | to;
        *them &= !m.captured.0;
        self.kings &= !(from | m.captured.0);
        if was_king || m.crowns {
            self.kings |= to;
        }
        self.turn = !self.turn;
    }

    /// A 64-bit hash of the position, to find repetition candidates (confirm with `==`): each
    /// word multiplied by its own odd constant, combined and mixed once — far cheaper than a
    /// Zobrist update, and equal positions hash equally.
    pub fn hash(&self) -> u64 {
        const K: [u64; 3] = [
            0x9E37_79B9_7F4A_7C15,
            0xC2B2_AE3D_27D4_EB4F,
            0x1656_67B1_9E37_79F9,
        ];
        let turn = u64::from(self.turn.is_black()) << 32;
        let h = (u64::from(self.white) | turn).wrapping_mul(K[0])
            ^ u64::from(self.black).wrapping_mul(K[1]).rotate_left(21)
            ^ u64::from(self.kings).wrapping_mul(K[2]).rotate_left(42);
        (h ^ (h >> 29)).wrapping_mul(K[0])
    }

    fn side(&self, side: Color) -> u32 {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn occupied(&self) -> u32 {
        self.white | self.black
    }
}
