//! The semi-static tier ([`Proof::SemiStatic`](super::Proof::SemiStatic)): locked pawns as
//! walls, a mobility fixpoint, and whether any piece of the winner can ever attack a square the
//! loser's king can ever stand on.
//!
//! A *wall* is a set `W` of pawns that provably never move and are never captured. Given `W`,
//! every other piece can only ever stand on the squares of its *reach*: a flood fill from where
//! it stands with its own moves, through every square but the walls (other pieces are treated as
//! transparent, as if they could always get out of the way or be captured), kings never entering
//! a square attacked by a pawn of the other colour in `W`, free pawns going forward and
//! diagonally forward, and promoting on the last rank into every piece, whose reach goes on
//! from the promotion square. The reach is an over-approximation as long as `W` stands.
//!
//! `W` is the greatest fixpoint of: a pawn is in `W` when the square in front of it holds a pawn
//! of `W`, no enemy piece can ever stand on a square it could capture on (no enemy pawn of `W`
//! there, no square of an enemy piece's reach), and no enemy piece can ever capture it (its
//! square is attacked from no square of an enemy piece's reach, except by the enemy king when a
//! pawn of `W` of its own colour defends it). Starting from every pawn with a pawn in front and
//! dropping pawns until the conditions hold, the set only shrinks and the reaches only grow.
//!
//! Why it is sound: consider the first move that moves or captures a pawn of `W`. Before it,
//! `W` stood, so every piece was within its reach. The pawn cannot step forward (a pawn of `W`
//! stands in front), cannot capture (no enemy piece can be on its capture squares; an
//! en-passant capture needs an enemy pawn to pass a capture square, which its reach would
//! include), and cannot be captured (no enemy piece attacks it; the king would step into check
//! from a pawn of `W`). So no such move exists, and `W` stands forever.
//!
//! Then the winner can checkmate only if one of its pieces can attack a square of the loser
//! king's reach (a pawn of `W` gives no check: the king never steps into its attack, and the
//! tier abstains if the king stands in it already). If no reach of the winner attacks the
//! loser king's reach, the winner can never even give check: unwinnable.
//!
//! The tier abstains (says nothing) when castling rights remain or an en-passant capture is
//! legal; both are moves the floods do not model.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square, attacks};

/// Squares a piece of `role` and `color` can ever stand on, starting from `from`, never
/// entering `walls` or (kings) `forbidden`.
fn flood(
    role: Role,
    color: Color,
    from: Bitboard,
    walls: Bitboard,
    forbidden: Bitboard,
) -> Bitboard {
    let blocked = walls | forbidden;
    let mut seen = from;
    let mut frontier = from;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= match role {
                Role::Pawn => pawn_steps(sq, color),
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, walls),
                Role::Rook => attacks::rook_attacks(sq, walls),
                Role::Queen => attacks::queen_attacks(sq, walls),
                Role::King => attacks::king_attacks(sq),
            };
        }
        frontier = next & !blocked & !seen;
        seen |= frontier;
    }
    seen
}

/// Squares a pawn can go to in one move (forward one or two, diagonally forward), ignoring
/// what stands there; none from the last rank.
fn pawn_steps(sq: Square, color: Color) -> Bitboard {
    let Some(one) = sq.offset(if color == Color::White { 8 } else { -8 }) else {
        return Bitboard::EMPTY;
    };
    let mut to = Bitboard::from(one) | attacks::pawn_attacks(color, sq);
    if sq.rank() == color.relative_rank(shakmaty::Rank::Second)
        && let Some(two) = one.offset(if color == Color::White { 8 } else { -8 })
    {
        to |= Bitboard::from(two);
    }
    to
}

/// Squares attacked from anywhere in `reach` by a piece of `role` and `color`, walls blocking.
fn attacked_from(role: Role, color: Color, reach: Bitboard, walls: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in reach {
        out |= match role {
            Role::Pawn => attacks::pawn_attacks(color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, walls),
            Role::Rook => attacks::rook_attacks(sq, walls),
            Role::Queen => attacks::queen_attacks(sq, walls),
            Role::King => attacks::king_attacks(sq),
        };
    }
    out
}

/// What the pieces of one colour outside the walls can ever do.
struct Mobility {
    /// Squares some piece (king included) can ever stand on.
    occupy: Bitboard,
    /// Squares some piece other than the king can ever attack.
    attack: Bitboard,
    /// Squares the king can ever stand on.
    king: Bitboard,
}

/// Pawns of `walls` of `color` attack these squares for good.
fn wall_attacks(board: &Board, walls: Bitboard, color: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in walls & board.by_color(color) {
        out |= attacks::pawn_attacks(color, sq);
    }
    out
}

fn mobility(board: &Board, walls: Bitboard, color: Color) -> Mobility {
    let ours = board.by_color(color) & !walls;
    let enemy_walls = wall_attacks(board, walls, !color);
    let king =
        flood(Role::King, color, ours & board.kings(), walls, enemy_walls) | (ours & board.kings());
    let pawns = flood(
        Role::Pawn,
        color,
        ours & board.pawns(),
        walls,
        Bitboard::EMPTY,
    );
    let mut occupy = king | pawns;
    let mut attack = attacked_from(Role::Pawn, color, pawns, walls);
    let promotions = pawns & Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Eighth));
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let from = (ours & board.by_role(role)) | promotions;
        if from.is_empty() {
            continue;
        }
        let reach = flood(role, color, from, walls, Bitboard::EMPTY);
        occupy |= reach;
        attack |= attacked_from(role, color, reach, walls);
    }
    Mobility {
        occupy,
        attack,
        king,
    }
}

/// Index of `color` in a `[white, black]` pair.
fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The squares in front of the pawns `pawns` of `color`.
fn fronts(pawns: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => pawns.shift(8),
        Color::Black => pawns.shift(-8),
    }
}

/// True when `winner` provably can never give check, hence never checkmate (see the module
/// documentation). False says nothing.
pub(crate) fn unwinnable(pos: &Chess, winner: Color) -> bool {
    if pos.castles().any() || pos.legal_ep_square().is_some() {
        return false;
    }
    let board = pos.board();
    let pawns = board.pawns();
    let Some(loser_king) = board.king_of(!winner) else {
        return false;
    };
    // Candidates: every pawn with a pawn in front of it.
    let mut walls = (board.white() & pawns & fronts(pawns, Color::Black))
        | (board.black() & pawns & fronts(pawns, Color::White));
    if walls.is_empty() {
        // Nothing blocks anything: the reaches are the whole board for practical purposes.
        return false;
    }
    let mut mob;
    loop {
        mob = [
            mobility(board, walls, Color::White),
            mobility(board, walls, Color::Black),
        ];
        let mut keep = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let ours = walls & board.by_color(color);
            let them = &mob[side(!color)];
            let defended = wall_attacks(board, walls, color);
            let enemy_walls = walls & board.by_color(!color);
            for sq in ours {
                let front_walled = fronts(Bitboard::from(sq), color).intersects(walls);
                let captures = attacks::pawn_attacks(color, sq);
                let can_capture =
                    captures.intersects(enemy_walls) || captures.intersects(them.occupy);
                let king_takes =
                    attacks::king_attacks(sq).intersects(them.king) && !defended.contains(sq);
                let taken = them.attack.contains(sq) || king_takes;
                if front_walled && !can_capture && !taken {
                    keep.add(sq);
                }
            }
        }
        if keep == walls {
            break;
        }
        walls = keep;
        if walls.is_empty() {
            return false;
        }
    }
    let loser = &mob[side(!winner)];
    let winner_mob = &mob[side(winner)];
    let checks = winner_mob.attack | wall_attacks(board, walls, winner);
    if checks.contains(loser_king) {
        return false;
    }
    !loser.king.intersects(checks)
}
