//! The semi-static tier ([`Proof::SemiStatic`](super::Proof::SemiStatic)): pawns that never
//! leave their files, walls, a mobility fixpoint, and whether any piece of the winner can ever
//! attack a square the loser's king can ever stand on.
//!
//! A set `S` of *stuck* pawns is assumed never to leave its file (never capture) and never to be
//! captured. Pawns on a file then never pass each other, so each pawn of `S` has a *range* on
//! its file: from its square forward to the square before the next enemy pawn ahead, less one
//! square per pawn of its own colour in between (every one of them in `S`); a pawn without an
//! enemy pawn ahead is not in `S`. A pawn of `S` whose range is its own square is a *wall*: it
//! stands there for good. Every other piece can only ever stand on the squares of its *reach*:
//! a flood fill from where it stands with its own moves, through every square but the walls
//! (other pieces are transparent, as if they could always get out of the way), kings never
//! entering a square an enemy wall attacks, free pawns going forward onto non-wall squares and
//! diagonally only onto squares where an enemy piece other than the king can ever stand (a
//! least fixpoint, grown from where the pieces stand), and promoting on the last rank into
//! every piece, whose reach goes on from there.
//!
//! `S` is the greatest fixpoint of: a pawn is in `S` when its range is bounded as above, no
//! enemy piece other than the king can ever stand on a square it could capture on from its
//! range (neither in an enemy pawn's range nor in an enemy piece's reach), and no enemy piece
//! can ever capture it (no square of its range is attacked from an enemy piece's reach, nor next
//! to the enemy king's reach, unless it is a wall defended by a wall). Starting from every pawn
//! and dropping pawns until the conditions hold, the set only shrinks and the reaches only
//! grow.
//!
//! Why it is sound: consider the first move after which a pawn of `S` has left its range or
//! been captured. Before it, every pawn of `S` was in its range (so the pawns of each file kept
//! their order) and every other piece within its reach. The pawn cannot step past its range
//! (the pawn ahead blocks it: an enemy pawn never comes further back than its range allows, an
//! own pawn never further forward), cannot capture (no enemy piece can be on its capture
//! squares; an en-passant capture needs an enemy pawn to pass a capture square, which its reach
//! or range would include), and cannot be captured (no enemy piece attacks it; the king would
//! step into check from a wall). So no such move exists.
//!
//! Then the winner can checkmate only if one of its pieces can attack a square of the loser
//! king's reach (walls give no check: the king never steps into their attack, and the tier
//! abstains if the king stands in the attack of a pawn of `S` already). If no reach and no
//! range of the winner attacks the loser king's reach, the winner can never even give check:
//! unwinnable.
//!
//! The counting form (in [`analyse`](super::analyse), after the probe; not in `quick`) goes on
//! where a check is possible. To be mated on a square `k`, the king must be checked there and
//! have no flight square: each square next to `k` is a wall, or attacked by a winner's piece,
//! or holds a piece of the loser's (a winner's piece there, undefended, would be taken). If
//! no winner's piece can ever attack a square next to `k` (the winner's king included), a
//! piece of the loser's must stand there, a different one on each such square, each able to
//! reach it. When for every `k` where a check is possible these squares outnumber the loser's
//! pieces able to reach them, or one of them cannot be reached at all, there is no mate. The
//! counting form is skipped when the winner has a rook or a queen (it would not succeed and
//! costs the whole fixpoint).
//!
//! The tier abstains (says nothing) when castling rights remain or an en-passant capture is
//! legal; both are moves the floods do not model.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square, attacks};

/// Squares a piece of `role` and `color` can ever stand on, starting from `from`, never
/// entering `walls` or (kings) `forbidden`.
fn flood(role: Role, from: Bitboard, walls: Bitboard, forbidden: Bitboard) -> Bitboard {
    let blocked = walls | forbidden;
    let mut seen = from;
    let mut frontier = from;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= match role {
                // Pawns have their own flood.
                Role::Pawn => Bitboard::EMPTY,
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
    /// Squares some piece other than the king can ever stand on (a king is never captured, so
    /// only these matter to an enemy pawn's captures).
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

/// Squares pawns of `color` starting on `from` can ever stand on: forward (one, or two from
/// their first rank) onto squares that are not walls, diagonally forward only onto squares of
/// `prey` (where an enemy piece can ever stand: a pawn moves diagonally only to capture).
fn pawn_flood(color: Color, from: Bitboard, walls: Bitboard, prey: Bitboard) -> Bitboard {
    let forward = if color == Color::White { 8 } else { -8 };
    let second = color.relative_rank(shakmaty::Rank::Second);
    let mut seen = from;
    let mut frontier = from;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::pawn_attacks(color, sq) & prey;
            if let Some(one) = sq.offset(forward)
                && !walls.contains(one)
            {
                next.add(one);
                if sq.rank() == second
                    && let Some(two) = one.offset(forward)
                {
                    next.add(two);
                }
            }
        }
        frontier = next & !walls & !seen;
        seen |= frontier;
    }
    seen
}

/// The pieces of `color` not in `stuck`, with `walls` standing for good.
fn mobility(
    board: &Board,
    stuck: Bitboard,
    walls: Bitboard,
    color: Color,
    prey: Bitboard,
) -> Mobility {
    let ours = board.by_color(color) & !stuck;
    let enemy_walls = wall_attacks(board, walls, !color);
    let king = flood(Role::King, ours & board.kings(), walls, enemy_walls) | (ours & board.kings());
    let pawns = pawn_flood(color, ours & board.pawns(), walls, prey);
    let mut occupy = pawns;
    let mut attack = attacked_from(Role::Pawn, color, pawns, walls);
    let promotions = pawns & Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Eighth));
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let from = (ours & board.by_role(role)) | promotions;
        if from.is_empty() {
            continue;
        }
        let reach = flood(role, from, walls, Bitboard::EMPTY);
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

/// The squares a pawn of `stuck` on `sq` may ever stand on, if every pawn of `stuck` stays on
/// its file: from its square up to the square below where the next enemy pawn ahead on the
/// file stands, less one square for each pawn of its own colour in between (pawns on a file
/// never pass each other). `None` when no enemy pawn is ahead, or a pawn up to it is not in
/// `stuck`.
fn range(board: &Board, stuck: Bitboard, sq: Square, color: Color) -> Option<Bitboard> {
    let step = if color == Color::White { 8 } else { -8 };
    let mut own_between = 0i32;
    let mut at = sq;
    loop {
        at = at.offset(step)?;
        if !board.pawns().contains(at) {
            continue;
        }
        if !stuck.contains(at) {
            return None;
        }
        if board.by_color(color).contains(at) {
            own_between += 1;
            continue;
        }
        // `at` holds the enemy pawn: the last square is `own_between + 1` squares back.
        let mut out = Bitboard::from(sq);
        let mut to = sq;
        let mut gap = (i32::from(at.rank()) - i32::from(sq.rank())).abs() - 1 - own_between;
        while gap > 0 {
            to = to.offset(step)?;
            out.add(to);
            gap -= 1;
        }
        return Some(out);
    }
}

/// True when `winner` provably can never give check, hence never checkmate (see the module
/// documentation). False says nothing. Stops as soon as a check looks possible (the cheap form,
/// for [`quick`](super::quick)).
pub(crate) fn unwinnable(pos: &Chess, winner: Color) -> bool {
    decide(pos, winner, false)
}

/// As [`unwinnable`], and where the winner can give check, whether the loser's pieces are
/// enough to block the flight squares no winner's piece can ever attack (see the module
/// documentation). Slower: no early stop.
pub(crate) fn unwinnable_counting(pos: &Chess, winner: Color) -> bool {
    decide(pos, winner, true)
}

fn decide(pos: &Chess, winner: Color, counting: bool) -> bool {
    if pos.castles().any() || pos.legal_ep_square().is_some() {
        return false;
    }
    let board = pos.board();
    let Some(loser_king) = board.king_of(!winner) else {
        return false;
    };
    // With a rook or a queen, the winner covers too much for blockers ever to run short; the
    // counting form would only cost its full fixpoint (positions from games reach it).
    let counting = counting && (board.by_color(winner) & board.rooks_and_queens()).is_empty();
    // Without a pawn blocked by an enemy pawn there is no wall, and the floods cover nearly
    // the whole board: not worth computing.
    let pawns = board.pawns();
    let blocked = (board.white() & pawns & (board.black() & pawns).shift(-8))
        | (board.black() & pawns & (board.white() & pawns).shift(8));
    if blocked.is_empty() {
        return false;
    }
    // Candidates: every pawn (those without an enemy pawn ahead drop out at once).
    let mut stuck = pawns;
    let mut mob;
    let mut walls;
    let mut ranges;
    let mut prey;
    loop {
        // The ranges of the pawns still in `stuck`; drop those whose range is not bounded.
        let mut kept = Bitboard::EMPTY;
        walls = Bitboard::EMPTY;
        ranges = [Bitboard::EMPTY; 2];
        for color in [Color::White, Color::Black] {
            for sq in stuck & board.by_color(color) {
                if let Some(r) = range(board, stuck, sq, color) {
                    kept.add(sq);
                    ranges[side(color)] |= r;
                    if r == Bitboard::from(sq) {
                        walls.add(sq);
                    }
                }
            }
        }
        if kept.is_empty() {
            return false;
        }
        if kept != stuck {
            stuck = kept;
            continue;
        }
        // The pawns' captures and the other side's squares grow together, from where the
        // pieces stand to a fixpoint (each side's prey: where the other side can ever stand).
        prey = [
            (board.black() & !stuck) | ranges[1],
            (board.white() & !stuck) | ranges[0],
        ];
        loop {
            mob = [
                mobility(board, stuck, walls, Color::White, prey[0]),
                mobility(board, stuck, walls, Color::Black, prey[1]),
            ];
            // Shrinking `stuck` and growing the prey only grow the winner's checks and the loser
            // king's reach: once they meet, they meet at the fixpoints too.
            if !counting
                && checks(&mob, ranges, winner).intersects(mob[side(!winner)].king | loser_king)
            {
                return false;
            }
            let grown = [mob[1].occupy | prey[0], mob[0].occupy | prey[1]];
            if grown == prey {
                break;
            }
            prey = grown;
        }
        let mut keep = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let them = &mob[side(!color)];
            let defended = wall_attacks(board, walls, color);
            let enemy_ranges = ranges[side(!color)];
            for sq in stuck & board.by_color(color) {
                let Some(r) = range(board, stuck, sq, color) else {
                    continue;
                };
                let mut captures = Bitboard::EMPTY;
                let mut near = Bitboard::EMPTY;
                for at in r {
                    captures |= attacks::pawn_attacks(color, at);
                    near |= attacks::king_attacks(at);
                }
                let can_capture = captures.intersects(enemy_ranges | them.occupy);
                let king_takes =
                    near.intersects(them.king) && !(walls.contains(sq) && defended.contains(sq));
                let taken = them.attack.intersects(r) || king_takes;
                if !can_capture && !taken {
                    keep.add(sq);
                }
            }
        }
        if keep == stuck {
            break;
        }
        stuck = keep;
    }
    let checks = checks(&mob, ranges, winner);
    if checks.contains(loser_king) {
        return false;
    }
    let mates = mob[side(!winner)].king & checks;
    if mates.is_empty() {
        return true;
    }
    if !counting {
        return false;
    }
    // Where the king is checked, every flight square that is not a wall and that no winner's
    // piece (king included) can ever attack must hold a piece of the loser's (a winner's piece
    // there would be undefended: the king takes it), a different piece on each.
    let loser = !winner;
    let mut covered = checks;
    for sq in mob[side(winner)].king {
        covered |= attacks::king_attacks(sq);
    }
    let mut pieces = [Bitboard::EMPTY; 64];
    let mut n = 0usize;
    for sq in board.by_color(loser) & !board.kings() & !walls {
        let reach = if stuck.contains(sq) {
            range(board, stuck, sq, loser).unwrap_or(Bitboard::FULL)
        } else {
            let role = board.role_at(sq).unwrap_or(Role::Queen);
            piece_reach(role, loser, sq, walls, prey[side(loser)])
        };
        if let Some(slot) = pieces.get_mut(n) {
            *slot = reach;
            n += 1;
        }
    }
    let pieces = pieces.get(..n).unwrap_or(&[]);
    mates.into_iter().all(|k| {
        let need = attacks::king_attacks(k) & !walls & !covered;
        let helpers = pieces.iter().filter(|r| r.intersects(need)).count();
        let each = need
            .into_iter()
            .all(|f| pieces.iter().any(|r| r.contains(f)));
        !each || helpers < need.count()
    })
}

/// Squares one piece of `role` and `color` on `sq` can ever stand on (pawns: with their
/// promotions), walls standing.
fn piece_reach(role: Role, color: Color, sq: Square, walls: Bitboard, prey: Bitboard) -> Bitboard {
    let from = Bitboard::from(sq);
    if role != Role::Pawn {
        return flood(role, from, walls, Bitboard::EMPTY);
    }
    let pawn = pawn_flood(color, from, walls, prey);
    let promotions = pawn & Bitboard::from_rank(color.relative_rank(shakmaty::Rank::Eighth));
    if promotions.is_empty() {
        return pawn;
    }
    pawn | flood(Role::Queen, promotions, walls, Bitboard::EMPTY)
        | flood(Role::Knight, promotions, walls, Bitboard::EMPTY)
}

/// Squares the winner can ever attack: from its pieces' reaches and its stuck pawns' ranges.
fn checks(mob: &[Mobility; 2], ranges: [Bitboard; 2], winner: Color) -> Bitboard {
    let mut out = mob[side(winner)].attack;
    for sq in ranges[side(winner)] {
        out |= attacks::pawn_attacks(winner, sq);
    }
    out
}
