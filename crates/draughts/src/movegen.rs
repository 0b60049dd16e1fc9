//! Legal move generation: quiet moves only when no capture exists; captures by a depth-first
//! walk over the jumps (at most [`MAX_JUMPS`] deep, one per piece taken), with the taken pieces
//! left on the board until the move ends.

use super::{Bitboard, Color, MAX_JUMPS, Move, Position, Square};

/// No square: the step off the board.
const OFF: u8 = 32;

/// Directions: north-east, north-west (White's forward), south-east, south-west (Black's).
const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `STEP[d][s]`: the square one step from `s` in direction `d`, or [`OFF`].
const STEP: [[u8; 32]; 4] = steps();

const fn steps() -> [[u8; 32]; 4] {
    let mut t = [[OFF; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0u8;
        while s < 32 {
            let sq = Square(s);
            let file = sq.file() as i8 + DIRS[d].0;
            let rank = sq.rank() as i8 + DIRS[d].1;
            if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                t[d][s as usize] = (rank * 4 + file / 2) as u8;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// The step from `s` in direction `d`, if on the board.
fn step(d: usize, s: u8) -> Option<u8> {
    let n = STEP[d][usize::from(s)];
    (n != OFF).then_some(n)
}

/// The last rank of each side's men: White's rank 8, Black's rank 1.
fn crowning_rank(side: Color) -> u32 {
    match side {
        Color::White => 0xF000_0000,
        Color::Black => 0x0000_000F,
    }
}

/// The directions a man of `side` moves in without capturing.
fn forward(side: Color) -> [usize; 2] {
    match side {
        Color::White => [0, 1],
        Color::Black => [2, 3],
    }
}

/// One piece's capturing sequences being walked: the board as the move sees it.
struct Walk<'a> {
    out: &'a mut Vec<Move>,
    /// The opponent's pieces (taken ones included: they stay until the move ends).
    them: u32,
    /// Every piece but the one moving (its square is empty while it moves).
    occupied: u32,
    crowning: u32,
    from: Square,
    path: [Square; MAX_JUMPS],
    len: usize,
}

impl Walk<'_> {
    /// The jumps from `s` (for a man when `!king`) of a piece not yet taken, each with its
    /// square and the squares it may land on (a man's one; a king's every empty square beyond).
    fn jumps(&self, s: u8, king: bool, taken: u32, mut f: impl FnMut(u8, u8)) {
        for d in 0..4 {
            let Some(mut n) = step(d, s) else { continue };
            while king && self.occupied & (1 << n) == 0 {
                match step(d, n) {
                    Some(next) => n = next,
                    None => break,
                }
            }
            if self.them & !taken & (1 << n) == 0 {
                continue;
            }
            let mut land = step(d, n);
            while let Some(l) = land.filter(|l| self.occupied & (1 << l) == 0) {
                f(n, l);
                if !king {
                    break;
                }
                land = step(d, l);
            }
        }
    }

    /// Can the piece on `s` take another piece?
    fn can_jump(&self, s: u8, king: bool, taken: u32) -> bool {
        let mut any = false;
        self.jumps(s, king, taken, |_, _| any = true);
        any
    }

    /// Every complete sequence going on from `s`, having taken `taken`; the move ends where no
    /// jump is left. A king chooses among its landings only those from which the sequence goes
    /// on, when there are any.
    fn extend(&mut self, s: u8, king: bool, taken: u32, crowns: bool) {
        let mut next: [(u8, u8); 32] = [(0, 0); 32];
        let mut count = 0;
        self.jumps(s, king, taken, |n, l| {
            if count < next.len() {
                next[count] = (n, l);
                count += 1;
            }
        });
        if count == 0 || self.len >= MAX_JUMPS {
            self.emit(taken, crowns);
            return;
        }
        // Whether the sequence can go on after each jump; a king must choose, among its landings
        // beyond one piece, one from which it goes on, when there is one.
        let mut goes_on = [false; 32];
        for (g, &(n, l)) in goes_on.iter_mut().zip(&next[..count]) {
            let king = king || self.crowning & (1 << l) != 0;
            *g = self.can_jump(l, king, taken | (1 << n));
        }
        for (i, &(n, l)) in next[..count].iter().enumerate() {
            let beyond_same = |k: usize| next[k].0 == n && goes_on[k];
            if king && !goes_on[i] && (0..count).any(beyond_same) {
                continue;
            }
            let crowned = !king && self.crowning & (1 << l) != 0;
            self.path[self.len] = Square(l);
            self.len += 1;
            self.extend(l, king || crowned, taken | (1 << n), crowns || crowned);
            self.len -= 1;
        }
    }

    fn emit(&mut self, taken: u32, crowns: bool) {
        let mut path = [Square::default(); MAX_JUMPS];
        path[..self.len].copy_from_slice(&self.path[..self.len]);
        self.out.push(Move {
            from: self.from,
            path,
            len: self.len as u8,
            captured: Bitboard(taken),
            crowns,
        });
    }
}

/// A quiet move (one landing square).
fn quiet(from: u8, to: u8, crowns: bool) -> Move {
    let mut path = [Square::default(); MAX_JUMPS];
    path[0] = Square(to);
    Move {
        from: Square(from),
        path,
        len: 1,
        captured: Bitboard(0),
        crowns,
    }
}

impl Position {
    /// The legal moves, into `out` (cleared first), so that a caller generating often reuses
    /// one buffer: every capturing sequence if there is one, otherwise every quiet move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.captures(out);
        if out.is_empty() {
            self.quiet_moves(out);
        }
    }

    /// Does the side to move have a capture? (Cheaper than generating them.)
    pub fn has_capture(&self) -> bool {
        let us = self.side(self.turn);
        Bitboard(us).any(|s| {
            self.walk(s, &mut Vec::new())
                .can_jump(s.0, self.is_king(s), 0)
        })
    }

    /// Does the side to move have a legal move? Without one it has lost.
    pub fn has_legal_move(&self) -> bool {
        self.has_capture() || self.has_quiet_move()
    }

    /// Is `m` one of the legal moves here?
    pub fn is_legal(&self, m: &Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(m)
    }

    fn is_king(&self, s: Square) -> bool {
        self.kings & s.bit() != 0
    }

    fn walk<'a>(&self, from: Square, out: &'a mut Vec<Move>) -> Walk<'a> {
        Walk {
            out,
            them: self.side(!self.turn),
            occupied: self.occupied() & !from.bit(),
            crowning: crowning_rank(self.turn),
            from,
            path: [Square::default(); MAX_JUMPS],
            len: 0,
        }
    }

    fn captures(&self, out: &mut Vec<Move>) {
        for s in Bitboard(self.side(self.turn)) {
            let king = self.is_king(s);
            let mut walk = self.walk(s, out);
            if walk.can_jump(s.0, king, 0) {
                walk.extend(s.0, king, 0, false);
            }
        }
    }

    /// Every quiet move: a man one step forward, a king any distance, onto empty squares.
    fn quiet_moves(&self, out: &mut Vec<Move>) {
        let empty = !self.occupied();
        let crowning = crowning_rank(self.turn);
        for s in Bitboard(self.side(self.turn)) {
            if self.is_king(s) {
                for d in 0..4 {
                    let mut n = step(d, s.0);
                    while let Some(t) = n.filter(|t| empty & (1 << t) != 0) {
                        out.push(quiet(s.0, t, false));
                        n = step(d, t);
                    }
                }
            } else {
                for d in forward(self.turn) {
                    if let Some(t) = step(d, s.0).filter(|t| empty & (1 << t) != 0) {
                        out.push(quiet(s.0, t, crowning & (1 << t) != 0));
                    }
                }
            }
        }
    }

    fn has_quiet_move(&self) -> bool {
        let empty = !self.occupied();
        Bitboard(self.side(self.turn)).any(|s| {
            let dirs: &[usize] = if self.is_king(s) {
                &[0, 1, 2, 3]
            } else {
                &forward(self.turn)
            };
            dirs.iter()
                .any(|&d| step(d, s.0).is_some_and(|t| empty & (1 << t) != 0))
        })
    }
}

/// How [`perft`] counts moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counting {
    /// Every path of landing squares is a move (pydraughts' convention, ours).
    Paths,
    /// Captures by the same piece from the same square to the same square taking the same
    /// pieces (and crowning alike, so that they lead to the same position) are one move
    /// (py-draughts' convention).
    Captures,
}

/// The number of move sequences `depth` plies deep from `pos` (leaves, counted as `counting`
/// says at every ply). A side without a move ends its sequences early: they are not counted.
pub fn perft(pos: &Position, depth: u32, counting: Counting) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    perft_in(pos, depth, counting, &mut buffers)
}

fn perft_in(pos: &Position, depth: u32, counting: Counting, buffers: &mut [Vec<Move>]) -> u64 {
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(moves);
    if counting == Counting::Captures {
        dedup_same_captures(moves);
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut after = *pos;
            after.play(m);
            perft_in(&after, depth - 1, counting, rest)
        })
        .sum()
}

/// Keep the first of moves with the same from, to, captured set and crowning (they lead to the
/// same position). Moves of one piece are generated together, so comparing within a run of the
/// same from-square suffices; the runs are short.
pub(super) fn dedup_same_captures(moves: &mut Vec<Move>) {
    let same = |a: &Move, b: &Move| {
        a.from == b.from && a.to() == b.to() && a.captured == b.captured && a.crowns == b.crowns
    };
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        let run_start = moves[..kept]
            .iter()
            .rposition(|k| k.from != m.from)
            .map_or(0, |p| p + 1);
        if !m.is_capture() || !moves[run_start..kept].iter().any(|k| same(k, &m)) {
            moves[kept] = m;
            kept += 1;
        }
    }
    moves.truncate(kept);
}
