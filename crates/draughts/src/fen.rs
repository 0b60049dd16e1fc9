//! PDN FEN: `W:Wa1,c3,Ke5:Bb6,d8` — the side to move, then each side's pieces (`K` before a
//! king), the sides in either order. Squares are algebraic (`c3`) or PDN numbers (`10`), as in
//! pydraughts' Russian variant (1 = a1). A trailing `.` is allowed; ranges (`W1-12`) are not.

use std::fmt::Write;

use super::{Color, MAX_PIECES, Position, Square};

/// Why a FEN was refused, and where (a byte offset into the text).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FenError {
    pub offset: usize,
    pub kind: FenErrorKind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenErrorKind {
    /// Not `W` or `B` where a side is named.
    Side,
    /// Not a dark square's name (`a1`..`h8`) or number (1..=32).
    Square,
    /// `:` or `,` or the end expected.
    Separator,
    /// The square has a piece already.
    Twice,
    /// A side has more than 12 pieces.
    TooMany,
    /// A man on the rank where it would have been crowned.
    ManOnLastRank,
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.kind {
            FenErrorKind::Side => "expected W or B",
            FenErrorKind::Square => "expected a dark square (a1..h8 or 1..32)",
            FenErrorKind::Separator => "expected ':', ',' or the end",
            FenErrorKind::Twice => "a second piece on this square",
            FenErrorKind::TooMany => "more than 12 pieces of one side",
            FenErrorKind::ManOnLastRank => "a man on its crowning rank",
        };
        write!(f, "{what} at byte {}", self.offset)
    }
}

impl std::error::Error for FenError {}

fn side(b: u8) -> Option<Color> {
    match b {
        b'W' | b'w' => Some(Color::White),
        b'B' | b'b' => Some(Color::Black),
        _ => None,
    }
}

/// A square's name or number, as the whole of `text`.
pub(super) fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::from_coords(f - b'a', r - b'1'),
        [b'1'..=b'9', ..] if text.len() <= 2 => Square::from_number(text.parse().ok()?),
        _ => None,
    }
}

impl Position {
    /// The position a PDN FEN describes. Every error is located; nothing panics.
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        let err = |offset, kind| FenError { offset, kind };
        let body = text.strip_suffix('.').unwrap_or(text);
        let bytes = body.as_bytes();
        let turn = bytes
            .first()
            .and_then(|&b| side(b))
            .ok_or(err(0, FenErrorKind::Side))?;
        let mut pos = Position {
            white: 0,
            black: 0,
            kings: 0,
            turn,
        };
        let mut at = 1;
        while at < bytes.len() {
            if bytes[at] != b':' {
                return Err(err(at, FenErrorKind::Separator));
            }
            let color = bytes.get(at + 1).and_then(|&b| side(b));
            let color = color.ok_or(err(at + 1, FenErrorKind::Side))?;
            at += 2;
            let end = body[at..].find(':').map_or(body.len(), |e| at + e);
            if at < end {
                for item in body[at..end].split(',') {
                    pos.place(item, at, color)?;
                    at += item.len() + 1;
                }
            }
            at = end;
        }
        Ok(pos)
    }

    /// Put the piece `item` (`c3`, `Ke5`, `10`, `K10`) starting at byte `at` on the board.
    fn place(&mut self, item: &str, at: usize, color: Color) -> Result<(), FenError> {
        let err = |kind| Err(FenError { offset: at, kind });
        let (king, name) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let Some(sq) = parse_square(name) else {
            return err(FenErrorKind::Square);
        };
        if self.occupied() & sq.bit() != 0 {
            return err(FenErrorKind::Twice);
        }
        if self.side(color).count_ones() >= MAX_PIECES {
            return err(FenErrorKind::TooMany);
        }
        let last_rank = match color {
            Color::White => 7,
            Color::Black => 0,
        };
        if !king && sq.rank() == last_rank {
            return err(FenErrorKind::ManOnLastRank);
        }
        match color {
            Color::White => self.white |= sq.bit(),
            Color::Black => self.black |= sq.bit(),
        }
        if king {
            self.kings |= sq.bit();
        }
        Ok(())
    }

    /// The position as a PDN FEN: White's pieces then Black's, each in square order (a1, c1,
    /// ..., h8), kings marked `K`.
    pub fn fen(&self) -> String {
        let mut out = String::from(if self.turn.is_white() { "W" } else { "B" });
        for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
            out.push(':');
            out.push(letter);
            for (i, sq) in self.pieces(color).enumerate() {
                let sep = if i == 0 { "" } else { "," };
                let k = if self.kings().contains(sq) { "K" } else { "" };
                let _ = write!(out, "{sep}{k}{sq}");
            }
        }
        out
    }
}
