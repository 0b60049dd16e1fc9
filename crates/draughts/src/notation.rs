//! Moves as text: `c3-d4` (quiet), `c3:e5:c7` (a capture, every landing square), and reading
//! them back against a position's legal moves, with a typed reason when a text names no legal
//! move. Squares may also be PDN numbers (`22-18`, `9x18x27`; `x` is a capture's separator too).

use std::fmt;

use super::fen::parse_square;
use super::{Bitboard, Color, Kind, MAX_JUMPS, Move, Position, Square};

impl fmt::Display for Move {
    /// `c3-d4`, or `c3:e5:c7` naming every landing square of a capture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { ':' } else { '-' };
        write!(f, "{}", self.from)?;
        for sq in self.landings() {
            write!(f, "{sep}{sq}")?;
        }
        Ok(())
    }
}

/// Why a text is not a legal move of the position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Not a move's text: at this byte, this was expected.
    Syntax { offset: usize, expected: Expected },
    /// A move's text, but not a legal move, for this reason.
    Illegal(Illegal),
    /// `from:to` names captures taking different pieces: give the landing squares.
    Ambiguous { candidates: Vec<Move> },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expected {
    /// A dark square's name or number.
    Square,
    /// `-`, `:` or `x`, the same throughout.
    Separator,
    /// The end of the text (too many squares, or a quiet move of more than one step).
    End,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// No piece on the from-square.
    NoPiece(Square),
    /// The piece there is the opponent's.
    OpponentsPiece(Square),
    /// A quiet move while a capture is compulsory.
    CaptureRequired,
    /// A capture's text where nothing can be taken.
    NothingToCapture,
    /// A man moving backward without capturing.
    ManBackward,
    /// A landing square is occupied.
    Occupied(Square),
    /// The capture stops where the piece can take again.
    Unfinished,
    /// The piece on this square would be jumped twice.
    JumpedTwice(Square),
    /// None of the above, and still not a legal move.
    NoSuchMove,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { offset, expected } => {
                write!(f, "expected {expected:?} at byte {offset}")
            }
            MoveError::Illegal(why) => write!(f, "illegal move: {why:?}"),
            MoveError::Ambiguous { candidates } => {
                let names: Vec<String> = candidates.iter().map(Move::to_string).collect();
                write!(f, "ambiguous: {}", names.join(", "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A move's text read: its squares, and whether it was written as a capture.
struct Written {
    squares: [Square; MAX_JUMPS + 1],
    len: usize,
    capture: bool,
}

impl Written {
    fn squares(&self) -> &[Square] {
        &self.squares[..self.len]
    }
}

/// Squares separated by one kind of separator; at most a capture's worth.
fn read(text: &str) -> Result<Written, MoveError> {
    let syntax = |offset, expected| MoveError::Syntax { offset, expected };
    let mut w = Written {
        squares: [Square::default(); MAX_JUMPS + 1],
        len: 0,
        capture: false,
    };
    let mut sep: Option<u8> = None;
    let mut at = 0;
    loop {
        let rest = &text.as_bytes()[at..];
        let n = rest
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() && b != b'x')
            .count();
        let sq = text.get(at..at + n).and_then(parse_square);
        let sq = sq.ok_or(syntax(at, Expected::Square))?;
        if w.len == w.squares.len() {
            return Err(syntax(at, Expected::End));
        }
        w.squares[w.len] = sq;
        w.len += 1;
        at += n;
        let Some(&s) = text.as_bytes().get(at) else {
            break;
        };
        if !matches!(s, b'-' | b':' | b'x') || sep.is_some_and(|p| p != s) {
            return Err(syntax(at, Expected::Separator));
        }
        if s == b'-' && sep.is_some() {
            return Err(syntax(at, Expected::End));
        }
        sep = Some(s);
        at += 1;
    }
    if w.len < 2 {
        return Err(syntax(text.len(), Expected::Separator));
    }
    w.capture = sep != Some(b'-');
    Ok(w)
}

impl Position {
    /// The legal move `text` names: `c3-d4`, a capture's full path `c3:e5:c7`, or a capture's
    /// from- and final square alone `c3:c7` when that names one legal move.
    ///
    /// Several paths from and to the same squares taking the same pieces (and crowning alike)
    /// leave the same position: a reader cannot tell them apart and need not. `c3:c7` then names
    /// the one with the fewest landings, and among those the first by its landing squares'
    /// indices (a1 < c1 < ... < h8) — a choice made by the text, not the generation order. When
    /// they take different pieces the text is [`MoveError::Ambiguous`] — unless one of them lands
    /// exactly on the squares written (a single capture `c5:a3` beside a longer one from c5 to
    /// a3): that one is named.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let w = read(text)?;
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let named = |m: &&Move| {
            let (from, rest) = (w.squares[0], &w.squares()[1..]);
            m.from == from
                && m.is_capture() == w.capture
                && (m.landings() == rest || (w.capture && rest.len() == 1 && m.to() == rest[0]))
        };
        let mut candidates: Vec<Move> = legal.iter().filter(named).copied().collect();
        // A move whose landing squares are exactly those written (`c5:a3`, one jump) is the one
        // named, even when a longer capture also goes from c5 and ends on a3.
        if candidates.iter().any(|m| m.landings() == &w.squares()[1..]) {
            candidates.retain(|m| m.landings() == &w.squares()[1..]);
        }
        candidates.sort_by_key(|m| (m.len, m.path));
        let Some(first) = candidates.first().copied() else {
            return Err(MoveError::Illegal(self.why_illegal(&w, &legal)));
        };
        let same = |m: &Move| m.captured == first.captured && m.crowns == first.crowns;
        if candidates.iter().all(same) {
            Ok(first)
        } else {
            Err(MoveError::Ambiguous { candidates })
        }
    }

    /// Why the move `w` names is not among the `legal` moves: the first reason found, from the
    /// from-square on.
    fn why_illegal(&self, w: &Written, legal: &[Move]) -> Illegal {
        let from = w.squares[0];
        match self.piece_at(from) {
            None => return Illegal::NoPiece(from),
            Some((side, _)) if side != self.turn => return Illegal::OpponentsPiece(from),
            _ => {}
        }
        let occupied = Bitboard(self.occupied() & !from.bit());
        if let Some(&sq) = w.squares()[1..].iter().find(|&&s| occupied.contains(s)) {
            return Illegal::Occupied(sq);
        }
        let any_capture = legal.iter().any(Move::is_capture);
        if !w.capture {
            return self.why_quiet_illegal(w.squares[1], from, any_capture);
        }
        if !any_capture {
            return Illegal::NothingToCapture;
        }
        if let Some(twice) = jumped_twice(self, w) {
            return Illegal::JumpedTwice(twice);
        }
        let continues = |m: &Move| {
            m.from == from && m.landings().len() > w.len - 1 && {
                let rest = &w.squares()[1..];
                m.landings().starts_with(rest)
                    || (rest.len() == 1 && m.landings().contains(&rest[0]))
            }
        };
        if legal.iter().any(continues) {
            return Illegal::Unfinished;
        }
        Illegal::NoSuchMove
    }

    fn why_quiet_illegal(&self, to: Square, from: Square, any_capture: bool) -> Illegal {
        if any_capture {
            return Illegal::CaptureRequired;
        }
        let backward = match self.turn {
            Color::White => to.rank() < from.rank(),
            Color::Black => to.rank() > from.rank(),
        };
        let is_man = self.piece_at(from).is_some_and(|(_, k)| k == Kind::Man);
        let diagonal_step =
            to.rank().abs_diff(from.rank()) == 1 && to.file().abs_diff(from.file()) == 1;
        if is_man && backward && diagonal_step {
            return Illegal::ManBackward;
        }
        Illegal::NoSuchMove
    }
}

/// The first opponent's piece the written path passes over a second time, if any: each leg
/// along a diagonal, the pieces between its ends counted.
fn jumped_twice(pos: &Position, w: &Written) -> Option<Square> {
    let them = pos.side(!pos.turn);
    let mut seen = 0u32;
    for leg in w.squares().windows(2) {
        let between = squares_between(leg[0], leg[1]) & them;
        if let Some(sq) = Bitboard(between & seen).next() {
            return Some(sq);
        }
        seen |= between;
    }
    None
}

/// The dark squares strictly between `a` and `b` when they share a diagonal; none otherwise.
fn squares_between(a: Square, b: Square) -> u32 {
    let (df, dr) = (
        i16::from(b.file()) - i16::from(a.file()),
        i16::from(b.rank()) - i16::from(a.rank()),
    );
    if df.abs() != dr.abs() || df == 0 {
        return 0;
    }
    let mut out = 0;
    for k in 1..df.abs() {
        let file = i16::from(a.file()) + k * df.signum();
        let rank = i16::from(a.rank()) + k * dr.signum();
        let sq = u8::try_from(file).ok().zip(u8::try_from(rank).ok());
        if let Some(sq) = sq.and_then(|(f, r)| Square::from_coords(f, r)) {
            out |= sq.bit();
        }
    }
    out
}

/// Whether `text` is a move's text (`c3-d4`, `c3:e5:c7`, `22-18`), whatever the position.
pub fn is_move_text(text: &str) -> bool {
    read(text).is_ok()
}

/// Why a text cannot be played as the player made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AsMadeError {
    /// Not a move's text: at this byte, this was expected.
    Syntax { offset: usize, expected: Expected },
    /// No piece on the from-square.
    NoPiece(Square),
    /// The piece there is the opponent's.
    OpponentsPiece(Square),
    /// A square the piece would land on is occupied.
    Occupied(Square),
    /// A leg that is not along a diagonal, ending on this square.
    NotDiagonal(Square),
    /// A leg passes over one of the player's own pieces, on this square.
    OwnPiece(Square),
}

impl Position {
    /// The move `text` names as the player made it, legal or not (a man moving backward, a
    /// capture missed, a capture stopped early): the piece on its first square goes to each
    /// square in turn, each leg along a diagonal; on a capture's text (`:`) the opponent's
    /// pieces each leg passes over are taken; a man that lands on its last rank is crowned.
    /// Refused, with the reason: no piece of the side to move on the first square, a landing
    /// square occupied, a leg off the diagonal, or one passing over the player's own piece.
    pub fn move_as_made(&self, text: &str) -> Result<Move, AsMadeError> {
        let w = read(text).map_err(|e| match e {
            MoveError::Syntax { offset, expected } => AsMadeError::Syntax { offset, expected },
            // `read` reports only syntax.
            _ => AsMadeError::Syntax {
                offset: 0,
                expected: Expected::Square,
            },
        })?;
        let from = w.squares[0];
        let kind = match self.piece_at(from) {
            None => return Err(AsMadeError::NoPiece(from)),
            Some((side, _)) if side != self.turn => {
                return Err(AsMadeError::OpponentsPiece(from));
            }
            Some((_, kind)) => kind,
        };
        let occupied = Bitboard(self.occupied() & !from.bit());
        let us = self.side(self.turn) & !from.bit();
        let them = self.side(!self.turn);
        let last_rank = match self.turn {
            Color::White => 7,
            Color::Black => 0,
        };
        let mut m = Move {
            from,
            path: [Square::default(); MAX_JUMPS],
            len: 0,
            captured: Bitboard::default(),
            crowns: false,
        };
        for (i, leg) in w.squares().windows(2).enumerate() {
            let (a, b) = (leg[0], leg[1]);
            if occupied.contains(b) || b == from {
                return Err(AsMadeError::Occupied(b));
            }
            let diagonal = a.file().abs_diff(b.file()) == a.rank().abs_diff(b.rank());
            if !diagonal {
                return Err(AsMadeError::NotDiagonal(b));
            }
            let between = squares_between(a, b);
            if let Some(own) = Bitboard(between & us).next() {
                return Err(AsMadeError::OwnPiece(own));
            }
            if w.capture {
                m.captured = Bitboard(m.captured.0 | (between & them));
            }
            // `read` keeps at most MAX_JUMPS + 1 squares: at most MAX_JUMPS legs.
            if let Some(slot) = m.path.get_mut(i) {
                *slot = b;
            }
            m.len = m.len.saturating_add(1);
            if kind == Kind::Man && b.rank() == last_rank {
                m.crowns = true;
            }
        }
        Ok(m)
    }
}
