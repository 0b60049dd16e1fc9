//! Guidance for the late helpmate searches: where the mate is planned, and how far each piece
//! is from where the plan wants it, counted in its own moves on the *blocked board*.
//!
//! The plain move scoring of the search (`search::Scorer::class`) knows a mating corner and
//! measures kings and knights on an empty board. Composed positions need more: eight bishops
//! that must clear a diagonal before the king can walk into the corner, a king that must go
//! round a pawn wall, blockers that must find the one square next to their king. A [`Guide`] is
//! computed once, from the position the late tiers start from, and read at every node:
//!
//! * the *steady* pieces: pawns rammed head-on by an enemy pawn with nothing to capture, pawns
//!   stuck behind steady pieces, and pieces with no square to go to but those of their own
//!   steady pieces (for a king, also none a steady enemy pawn attacks); a guess, not a proof:
//!   it only shapes distances;
//! * the planned mate: the loser's king on a corner of the colour of the winner's bishops (the
//!   corner of `Scorer`, on the loser's side, or the other one of that colour if the loser's
//!   king cannot reach it on the blocked board), its flight squares, and among them the
//!   *blocks*, which the winner can never attack (a bishop attacks one colour only) and the
//!   loser's own pieces must fill;
//! * for each colour and role, the moves such a piece needs to reach its targets with the
//!   steady pieces standing in the way (breadth first from the targets; kings never stepping
//!   where a steady enemy pawn attacks): the loser's king to the mating square, its other
//!   pieces to the blocks, the winner's pieces to squares outside the net (the mating square and
//!   its flight squares) from which they attack the mating square or a flight square the loser
//!   does not fill, the winner's king to a square two steps from the mating square;
//! * a *potential*: the sum over the pieces of a term of their square, the distance above, plus
//!   2 for a winner's piece in the net or on a line through the mating square (the loser's king
//!   can only walk in once the lines are clear; the mating move comes back to one), capped;
//! * *jailers*: when the winner's king can reach none of its squares near the mate on the
//!   blocked board, the winner's own steady pieces around the region it can reach (a bishop
//!   that cannot move and the pawns beside it, shutting the king in a corner); only the loser
//!   can let it out, by taking one, so while they stand the loser's pieces are measured by their
//!   moves to them and taking one is rewarded, and the winner's king is measured as if they
//!   were gone;
//! * *punished* moves: the moves of the root after which the quick static proofs show that the
//!   mate is impossible (the loser taking the winner's last pawn, say), punished wherever their
//!   from and to squares are met, on the guess that they are as bad there.
//!
//! Nothing here is needed for soundness: the guide only changes a move's class (its cost and
//! its place in the order), and every legal move is still tried.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square, attacks};

use super::semistatic;

/// Unreachable.
const FAR: u8 = u8::MAX;

/// Largest potential term of one piece (distances beyond count as this).
const TERM_CAP: u8 = 60;

/// Weight of a winner's piece standing in the net or on a line through the mating square.
const IN_THE_WAY: i8 = 2;

/// Most punished root moves kept (a position has at most 218 legal moves).
const PUNISHED: usize = 256;

#[derive(Clone)]
pub(crate) struct Guide {
    winner: Color,
    /// The mating square and its flight squares: a winner's piece standing there is in the way.
    net: Bitboard,
    /// The winner's steady pieces that shut its own king in (see [`jailers`]).
    jailers: Bitboard,
    /// While one of them stands: the loser's pieces' moves to them, `[role]`.
    jail: [[u8; 64]; 6],
    /// Moves to the targets, `[colour][role]` (roles from the pawn, 0, to the king, 5; pawns
    /// have none).
    dist: [[[u8; 64]; 6]; 2],
    /// Potential terms, `[colour][role][square]`.
    terms: [[[i8; 64]; 6]; 2],
    /// (from, to) of the punished root moves.
    punished: Vec<(Square, Square)>,
}

/// Index of a colour.
fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Index of a role.
fn role_index(r: Role) -> usize {
    match r {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// Squares a piece of `role` on `sq` reaches in one move, `occupied` blocking its lines (pawns:
/// none here).
fn reach(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => Bitboard::EMPTY,
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, occupied),
        Role::Rook => attacks::rook_attacks(sq, occupied),
        Role::Queen => attacks::queen_attacks(sq, occupied),
        Role::King => attacks::king_attacks(sq),
    }
}

/// Squares the steady pawns of `color` attack (among `steady`).
fn pawn_guard(board: &Board, steady: Bitboard, color: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in steady & board.pawns() & board.by_color(color) {
        out |= attacks::pawn_attacks(color, sq);
    }
    out
}

/// The steady pieces (see the module documentation): a growing fixpoint from the rammed pawns.
pub(crate) fn steady(board: &Board) -> Bitboard {
    let pawns = board.pawns();
    let white = board.white() & pawns;
    let black = board.black() & pawns;
    // A pawn with an enemy piece on a capture square may leave its file.
    let can_capture =
        |sq: Square, c: Color| attacks::pawn_attacks(c, sq).intersects(board.by_color(!c));
    let mut out = Bitboard::EMPTY;
    for sq in (white & black.shift(-8)) | (black & white.shift(8)) {
        if let Some(c) = board.color_at(sq)
            && !can_capture(sq, c)
        {
            out.add(sq);
        }
    }
    loop {
        let mut grown = out;
        for sq in board.occupied() & !out {
            let Some(piece) = board.piece_at(sq) else {
                continue;
            };
            let stuck = if piece.role == Role::Pawn {
                let ahead = match piece.color {
                    Color::White => sq.offset(8),
                    Color::Black => sq.offset(-8),
                };
                ahead.is_some_and(|a| out.contains(a)) && !can_capture(sq, piece.color)
            } else {
                let mut to =
                    reach(piece.role, sq, board.occupied()) & !(board.by_color(piece.color) & out);
                if piece.role == Role::King {
                    to &= !pawn_guard(board, out, !piece.color);
                }
                to.is_empty()
            };
            if stuck {
                grown.add(sq);
            }
        }
        if grown == out {
            return out;
        }
        out = grown;
    }
}

/// The winner's own steady pieces next to its king's region (the squares it can reach on the
/// blocked board, never where a steady enemy pawn attacks) when that region holds none of the
/// `targets`: the king is shut in by its own pieces, and only the loser can let it out, by
/// taking one (empty when the king can get out, or has no king).
fn jailers(
    board: &Board,
    walls: Bitboard,
    winner: Color,
    targets: Bitboard,
    guarded: Bitboard,
) -> Bitboard {
    let Some(king) = board.king_of(winner) else {
        return Bitboard::EMPTY;
    };
    let region = region(king, walls, guarded);
    if region.intersects(targets) {
        return Bitboard::EMPTY;
    }
    let mut around = Bitboard::EMPTY;
    for sq in region {
        around |= attacks::king_attacks(sq);
    }
    around & walls & board.by_color(winner)
}

/// The squares a king on `king` can reach through squares that are neither `walls` nor
/// `guarded`.
fn region(king: Square, walls: Bitboard, guarded: Bitboard) -> Bitboard {
    let mut region = Bitboard::from(king);
    let mut frontier = region;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::king_attacks(sq);
        }
        frontier = next & !walls & !guarded & !region;
        region |= frontier;
    }
    region
}

/// For every square, the moves a piece of `role` needs to reach one of `targets`, never
/// standing on `walls` or `forbidden` and never passing through `walls` (breadth first from the
/// targets: the moves of every role but the pawn are their own reverse).
fn distances(role: Role, targets: Bitboard, walls: Bitboard, forbidden: Bitboard) -> [u8; 64] {
    let blocked = walls | forbidden;
    let mut out = [FAR; 64];
    let mut frontier = targets & !blocked;
    let mut seen = frontier;
    let mut d = 0u8;
    while frontier.any() {
        for sq in frontier {
            if let Some(slot) = out.get_mut(sq.to_usize()) {
                *slot = d;
            }
        }
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= reach(role, sq, walls);
        }
        frontier = next & !blocked & !seen;
        seen |= frontier;
        d = d.saturating_add(1);
    }
    out
}

/// The corners where the mate is planned, the likelier first: those of the colour of the
/// winner's bishops (without one, of the colour a loser's bishop could block on next to the
/// other colour's corner), the one on the loser's side first, as in `Scorer`.
fn corners(board: &Board, winner: Color) -> [Square; 2] {
    let wb = board.by_color(winner) & board.bishops();
    let lb = board.by_color(!winner) & board.bishops();
    let dark = (wb & Bitboard::DARK_SQUARES).any()
        || (wb.is_empty() && (lb & Bitboard::LIGHT_SQUARES).any());
    let [near, far] = if dark {
        [Square::H8, Square::A1]
    } else {
        [Square::A8, Square::H1]
    };
    if winner == Color::White {
        [near, far]
    } else {
        [near.rotate_180(), far.rotate_180()]
    }
}

/// Squares the winner's pieces could ever attack, roughly: a bishop those of its colour, any
/// other piece (and a pawn that is not steady: it may promote) every square, a steady pawn its
/// two capture squares.
fn attackable(board: &Board, winner: Color, steady: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in board.by_color(winner) & !board.kings() {
        match board.role_at(sq) {
            Some(Role::Bishop) => {
                out |= if Bitboard::DARK_SQUARES.contains(sq) {
                    Bitboard::DARK_SQUARES
                } else {
                    Bitboard::LIGHT_SQUARES
                };
            }
            Some(Role::Pawn) if steady.contains(sq) => out |= attacks::pawn_attacks(winner, sq),
            Some(_) => return Bitboard::FULL,
            None => {}
        }
    }
    out
}

impl Guide {
    pub(crate) fn new(pos: &Chess, winner: Color) -> Guide {
        let board = pos.board();
        let walls = steady(board);
        let w = side(winner);
        let l = side(!winner);
        let loser_king = board.king_of(!winner);
        // The loser's king: to the first corner it can reach.
        let [first, second] = corners(board, winner);
        let guarded = pawn_guard(board, walls, winner);
        let king_to = |sq: Square| distances(Role::King, Bitboard::from(sq), walls, guarded);
        let mut mate = first;
        let mut king_dist = king_to(first);
        let reaches = |d: &[u8; 64]| {
            loser_king.is_some_and(|k| d.get(k.to_usize()).is_some_and(|&x| x != FAR))
        };
        if !reaches(&king_dist) {
            let other = king_to(second);
            if reaches(&other) {
                mate = second;
                king_dist = other;
            }
        }
        let flights = attacks::king_attacks(mate);
        let net = flights | Bitboard::from(mate);
        let mut blocks = flights & !attackable(board, winner, walls);
        if blocks.is_empty() {
            blocks = flights;
        }
        let mut dist = [[[FAR; 64]; 6]; 2];
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            dist[l][role_index(role)] = distances(role, blocks, walls, Bitboard::EMPTY);
        }
        dist[l][role_index(Role::King)] = king_dist;
        // The winner's pieces: squares outside the net from which they attack the mating
        // square or a flight square the loser does not fill.
        let hits = Bitboard::from(mate) | (flights & !blocks);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let mut targets = Bitboard::EMPTY;
            for sq in !net & !walls {
                if reach(role, sq, walls).intersects(hits) {
                    targets.add(sq);
                }
            }
            dist[w][role_index(role)] = distances(role, targets, walls, Bitboard::EMPTY);
        }
        let mut kings = Bitboard::EMPTY;
        for sq in !net {
            if sq.distance(mate) == 2 {
                kings.add(sq);
            }
        }
        let king_guard = pawn_guard(board, walls, !winner);
        let jailers = jailers(board, walls, winner, kings, king_guard);
        // The winner's king measured as if its jailers were gone: once taken, it is guided out.
        dist[w][role_index(Role::King)] =
            distances(Role::King, kings, walls & !jailers, king_guard);
        // While they stand, the loser's pieces go for them.
        let mut jail = [[FAR; 64]; 6];
        if jailers.any() {
            let open = walls & !jailers;
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                jail[role_index(role)] = distances(role, jailers, open, Bitboard::EMPTY);
            }
            let guarded = pawn_guard(board, open, winner);
            jail[role_index(Role::King)] = distances(Role::King, jailers, open, guarded);
        }
        let mut terms = [[[0i8; 64]; 6]; 2];
        let term = |d: u8| if d == FAR { 0 } else { d.min(TERM_CAP) as i8 };
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            let r = role_index(role);
            for sq in Square::ALL {
                let i = sq.to_usize();
                terms[l][r][i] = term(dist[l][r][i]);
                let in_way = role != Role::King
                    && (net.contains(sq) || reach(role, sq, walls).contains(mate));
                terms[w][r][i] = term(dist[w][r][i]) + IN_THE_WAY * i8::from(in_way);
            }
        }
        Guide {
            winner,
            net,
            jailers,
            jail,
            dist,
            terms,
            punished: punished(pos, winner),
        }
    }

    pub(crate) fn winner(&self) -> Color {
        self.winner
    }

    /// The planned mating square: where the loser's king is at distance 0.
    #[cfg(test)]
    pub(crate) fn mate(&self) -> Option<Square> {
        Square::ALL
            .into_iter()
            .find(|&sq| self.distance(!self.winner, Role::King, sq) == 0)
    }

    /// Moves a piece of `color` and `role` on `sq` needs to reach its targets ([`FAR`]: none).
    fn distance(&self, color: Color, role: Role, sq: Square) -> u8 {
        self.dist
            .get(side(color))
            .and_then(|t| t.get(role_index(role)))
            .and_then(|t| t.get(sq.to_usize()))
            .copied()
            .unwrap_or(FAR)
    }

    /// Some of the winner's jailers still stand on `board` (the first one taken may already
    /// let the king out, but the loser's pieces keep going for the others: measured on the
    /// CHA positions, this guides better than asking whether the king is still shut in).
    pub(crate) fn jailed(&self, board: &Board) -> bool {
        (board.by_color(self.winner) & self.jailers).any()
    }

    /// The jailers found at the root.
    #[cfg(test)]
    pub(crate) fn jailers(&self) -> Bitboard {
        self.jailers
    }

    /// The move takes one of the winner's jailers.
    pub(crate) fn frees(&self, m: Move) -> bool {
        m.is_capture() && self.jailers.contains(m.to())
    }

    /// Moves of the loser's piece of `role` on `sq` to the nearest jailer.
    fn jail_distance(&self, role: Role, sq: Square) -> u8 {
        self.jail
            .get(role_index(role))
            .and_then(|t| t.get(sq.to_usize()))
            .copied()
            .unwrap_or(FAR)
    }

    /// The move of a piece of `color` brings it nearer its targets (the loser's, while `jailed`,
    /// the jailers).
    pub(crate) fn approaches(&self, color: Color, m: Move, jailed: bool) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let to_role = m.promotion().unwrap_or(m.role());
        if jailed && color != self.winner {
            return self.jail_distance(to_role, m.to()) < self.jail_distance(m.role(), from);
        }
        self.distance(color, to_role, m.to()) < self.distance(color, m.role(), from)
    }

    /// A winner's piece steps out of the net (it stands where the loser's king or blockers
    /// must go).
    pub(crate) fn clears(&self, m: Move) -> bool {
        m.from().is_some_and(|f| self.net.contains(f)) && !self.net.contains(m.to())
    }

    /// The change of the potential by the move `m` of a piece of `color` (a captured piece's
    /// term is left out: taking a piece is scored by other rules).
    pub(crate) fn delta(&self, color: Color, m: Move, jailed: bool) -> i32 {
        let Some(from) = m.from() else {
            return 0;
        };
        if jailed && color != self.winner {
            let term = |r: Role, sq: Square| {
                let d = self.jail_distance(r, sq);
                if d == FAR {
                    0
                } else {
                    i32::from(d.min(TERM_CAP))
                }
            };
            return term(m.promotion().unwrap_or(m.role()), m.to()) - term(m.role(), from);
        }
        let term = |r: Role, sq: Square| {
            self.terms
                .get(side(color))
                .and_then(|t| t.get(role_index(r)))
                .and_then(|t| t.get(sq.to_usize()))
                .map_or(0, |&v| i32::from(v))
        };
        term(m.promotion().unwrap_or(m.role()), m.to()) - term(m.role(), from)
    }

    /// `m` has the squares of a punished root move.
    pub(crate) fn punished(&self, m: Move) -> bool {
        m.from()
            .is_some_and(|f| self.punished.iter().any(|&(a, b)| a == f && b == m.to()))
    }
}

/// The root moves after which the cheap static proofs show `winner` cannot mate.
fn punished(pos: &Chess, winner: Color) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if (child.has_insufficient_material(winner) || semistatic::unwinnable(&child, winner))
            && let Some(from) = m.from()
            && out.len() < PUNISHED
        {
            out.push((from, m.to()));
        }
    }
    out
}
