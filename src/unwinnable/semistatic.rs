//! The semi-static tier ([`Proof::SemiStatic`](super::Proof::SemiStatic)): pawns that never
//! leave their files, pieces that never move, walls, a mobility fixpoint, and whether any piece
//! of the winner can ever attack a square the loser's king can ever stand on.
//!
//! Four sets are assumed, and then checked, together:
//!
//! * *filed* pawns never capture, so never leave their files;
//! * *fixed* pawns (a subset of the filed ones) are also never captured;
//! * pieces (any but a pawn, kings included) that *stay*: never move, though they may be
//!   captured;
//! * *safe* pieces are never captured (kings always are). Staying and safe: *frozen*.
//!
//! Pawns never pass each other on a file, nor a piece that stands there for good, so each filed
//! pawn has a *range* on its file: from its square forward to the square before the first
//! *stopper* ahead (a fixed enemy pawn or a frozen piece of either colour), less one square per
//! fixed pawn of its own colour in between (they stay in between). Pawns ahead that are not
//! fixed are passed over: they may disappear. A pawn with no stopper ahead may promote and is
//! not filed. A fixed pawn whose range is its own square, and a frozen piece, is a *wall*: it
//! stands there for good. A piece that stays stands on its square while it lives. Every other
//! piece can only ever stand on the squares of its *reach*: a flood fill from where it stands
//! with its own moves, through every square but the walls (other pieces are transparent, as if
//! they could always get out of the way), kings never entering a square an enemy wall attacks,
//! free pawns (not filed) going forward onto non-wall squares and diagonally only onto squares
//! where an enemy piece other than the king can ever stand (a least fixpoint, grown from where
//! the pieces stand), and promoting on the last rank into every piece, whose reach goes on from
//! there.
//!
//! The sets are the greatest fixpoint of (starting from every pawn and every piece, and
//! dropping until the conditions hold; the sets only shrink, the ranges and reaches only grow):
//!
//! * a pawn is filed when its range is bounded as above and no enemy piece other than the king
//!   can ever stand on a square it could capture on from its range (neither in an enemy filed
//!   pawn's range nor in an enemy piece's reach);
//! * a filed pawn is fixed when no square of its range is attacked from an enemy free piece's
//!   reach, nor is next to the enemy king's reach without being attacked by a wall of its own
//!   colour (filed pawns and staying pieces never capture);
//! * a piece stays when every square it could move to (a slider: up to the first piece of its
//!   colour or wall on each line) is a wall of its colour, or for a king, attacked by an enemy
//!   wall, or holds a safe piece of its colour that by the same rule cannot move while the
//!   first one stands (a piece held by such pieces: a rook in a corner behind its king and
//!   bishop can be taken, but the two cannot move while it stands, so it never moves);
//! * a piece is safe when no square of its reach (its own square, if it stays) is attacked from
//!   an enemy free piece's reach, nor is next to the enemy king's reach without being attacked
//!   by a wall of its own colour. Only the pieces some staying piece relies on are checked;
//!   the others are never read.
//!
//! A wall *attacks for good* the squares it attacks whatever stands around it: a pawn's two
//! capture squares, a knight's and a king's squares, a slider's next square on each line.
//!
//! Why it is sound: consider the first move after which an assumption is broken (a filed pawn
//! captured or stepped out of its range, a fixed pawn or a safe piece was captured, a staying
//! piece or one it relies on moved while it stood, a free piece left its reach). Before it,
//! every assumption held: the walls stood, the pawns of each file kept their order, every
//! piece was in its reach. A filed pawn cannot step past its range (the stopper and the own
//! fixed pawns in between are still there; an enemy pawn only comes closer), cannot capture
//! (no enemy piece can be on its capture squares; an en-passant capture needs an enemy pawn to
//! pass a capture square, which its reach or range would include). A fixed pawn or safe piece
//! cannot be captured: no free enemy piece attacks it, filed pawns and staying pieces capture
//! nothing, and the king would step next to a square a wall attacks. A staying piece and the
//! pieces it relies on have no square to move to while it stands (an own piece stands on each,
//! or for a king, a wall attacks it). A free piece's next square is in its reach by
//! construction of the flood. So no such move exists.
//!
//! Then the winner can checkmate only if one of its pieces can attack a square the loser's king
//! can stand on: the king's reach, or the square it stands on. If no reach and no range of the
//! winner attacks them, the winner can never even give check: unwinnable.
//!
//! The counting form (in [`analyse`](super::analyse), after the probe; not in `quick`) goes on
//! where a check is possible. To be mated on a square `k`, the king must be checked there and
//! have no flight square: each square next to `k` is a wall, or attacked by a winner's piece,
//! or holds a piece of the loser's (a winner's piece there, undefended, would be taken). The
//! winner's king stands on one square `w` of its reach, not next to `k`, and covers the
//! squares next to `w`; every other flight square that no winner's piece can ever attack needs
//! a piece of the loser's, a different one on each, each able to reach it. When for every `k`
//! where a check is possible and every such `w` these squares outnumber the loser's pieces
//! able to reach them, or one of them cannot be reached at all, there is no mate.
//!
//! The tier abstains (says nothing) when castling rights remain or an en-passant capture is
//! legal; both are moves the floods do not model.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Rank, Role, Square, attacks};

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

/// Squares a piece of `role` and `color` on `sq` attacks, `occupied` blocking its lines.
fn attacks_from(role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => attacks::pawn_attacks(color, sq),
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, occupied),
        Role::Rook => attacks::rook_attacks(sq, occupied),
        Role::Queen => attacks::queen_attacks(sq, occupied),
        Role::King => attacks::king_attacks(sq),
    }
}

/// Squares attacked from anywhere in `reach` by a piece of `role` and `color`, walls blocking.
fn attacked_from(role: Role, color: Color, reach: Bitboard, walls: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in reach {
        out |= attacks_from(role, color, sq, walls);
    }
    out
}

/// What the pieces of one colour can ever do.
struct Mobility {
    /// Squares some piece other than the king can ever stand on (a king is never captured, so
    /// only these matter to an enemy pawn's captures).
    occupy: Bitboard,
    /// Squares some piece other than the king or a filed pawn can ever attack (filed pawns and
    /// frozen pieces capture nothing, but frozen pieces' attacks are included: they are walls
    /// of their own colour).
    attack: Bitboard,
    /// Squares the king can ever stand on.
    king: Bitboard,
}

/// Squares the walls of `color` attack for good, whatever stands around them (a slider: its
/// next square on each line; it attacks it even when pinned).
fn wall_attacks(board: &Board, walls: Bitboard, color: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for sq in walls & board.by_color(color) {
        if let Some(role) = board.role_at(sq) {
            out |= attacks_from(role, color, sq, Bitboard::FULL);
        }
    }
    out
}

/// Squares pawns of `color` starting on `from` can ever stand on: forward (one, or two from
/// their first rank) onto squares that are not walls, diagonally forward only onto squares of
/// `prey` (where an enemy piece can ever stand: a pawn moves diagonally only to capture).
fn pawn_flood(color: Color, from: Bitboard, walls: Bitboard, prey: Bitboard) -> Bitboard {
    let forward = if color == Color::White { 8 } else { -8 };
    let second = color.relative_rank(Rank::Second);
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

/// The pieces of `color`: the free ones (not in `still`) flooding, the pieces of `stay` where
/// they stand, with `walls` standing for good (`enemy_walls`: the squares the enemy's attack
/// for good).
fn mobility(
    board: &Board,
    still: Bitboard,
    stay: Bitboard,
    walls: Bitboard,
    enemy_walls: Bitboard,
    color: Color,
    prey: Bitboard,
) -> Mobility {
    let mine = board.by_color(color);
    let ours = mine & !still;
    let kings = mine & board.kings();
    let king = if kings.is_subset(stay) {
        kings
    } else {
        flood(Role::King, kings, walls, enemy_walls) | kings
    };
    let pawns = pawn_flood(color, ours & board.pawns(), walls, prey);
    let mut occupy = pawns | (mine & stay & !board.kings());
    let mut attack = attacked_from(Role::Pawn, color, pawns, walls);
    // A piece that stays attacks only squares of its own pieces (see `jammed`), the pieces
    // next to it on its lines: they matter to the counting form (an own piece it defends).
    for sq in mine & stay & !board.kings() {
        if let Some(role) = board.role_at(sq) {
            attack |= attacks_from(role, color, sq, board.occupied());
        }
    }
    let promotions = pawns & Bitboard::from_rank(color.relative_rank(Rank::Eighth));
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

/// The squares a filed pawn on `sq` may ever stand on: from its square up to the square below
/// the first stopper ahead on its file (a pawn of `fixed` of the other colour, or a piece of
/// `frozen`), less one square for each pawn of its own colour of `fixed` in between (pawns on
/// a file never pass each other). Pawns ahead that are not in `fixed` are passed over (they
/// may disappear). `None` when there is no stopper ahead: the pawn may promote.
fn range(
    board: &Board,
    fixed: Bitboard,
    frozen: Bitboard,
    sq: Square,
    color: Color,
) -> Option<Bitboard> {
    let step = if color == Color::White { 8 } else { -8 };
    let mut own_between = 0i32;
    let mut at = sq;
    loop {
        at = at.offset(step)?;
        if !frozen.contains(at) {
            if !(board.pawns() & fixed).contains(at) {
                continue;
            }
            if board.by_color(color).contains(at) {
                own_between += 1;
                continue;
            }
        }
        // `at` holds the stopper: the last square is `own_between + 1` squares back.
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

/// Whether the piece on `sq` can never move: every square it could move to holds a wall of
/// its colour, or (a king) is attacked by an enemy wall, or holds a piece of its colour of
/// `safe` (never captured) that can itself never move while the piece on `sq` stands, by the
/// same rule (a slider's lines stop at the first piece of its colour). `Some` of the squares of
/// those pieces, `sq` included: they stand there as long as the piece on `sq` does. Its
/// attacks are then only squares of its own pieces (or, a king's, squares enemy walls attack).
fn jammed(
    board: &Board,
    walls: Bitboard,
    safe: Bitboard,
    sq: Square,
    enemy_wall_attacks: Bitboard,
) -> Option<Bitboard> {
    let color = board.color_at(sq)?;
    let own = board.by_color(color);
    let own_walls = walls & own;
    let men = own & !board.pawns();
    let mut held = Bitboard::from(sq);
    let mut todo = held;
    while let Some(at) = todo.first() {
        todo = todo.without(at);
        let role = board.role_at(at)?;
        for to in attacks_from(role, color, at, walls | men) {
            if own_walls.contains(to)
                || held.contains(to)
                || (role == Role::King && enemy_wall_attacks.contains(to))
            {
                continue;
            }
            if !(men & safe).contains(to) {
                return None;
            }
            held.add(to);
            todo.add(to);
        }
    }
    Some(held)
}

/// The pieces that may be found to stay (see [`jammed`]): those with nothing but their own
/// pieces (not a pawn free to step ahead) on every square they could move to, or for a king,
/// squares next to an enemy piece's lines. Every piece `jammed` accepts is among them, so
/// starting the fixpoint from them skips rounds that would drop the others one by one.
fn stay_candidates(board: &Board) -> Bitboard {
    let occupied = board.occupied();
    // Pawns with a piece right ahead: the only pawns that may be walls.
    let stuck = (board.white() & board.pawns() & occupied.shift(-8))
        | (board.black() & board.pawns() & occupied.shift(8));
    // Squares next to the lines of the pieces of a colour (computed only for a king that needs
    // them).
    let near = |color: Color| {
        let mut out = Bitboard::EMPTY;
        for sq in board.by_color(color) {
            if let Some(role) = board.role_at(sq) {
                out |= attacks_from(role, color, sq, Bitboard::FULL);
            }
        }
        out
    };
    let mut out = Bitboard::EMPTY;
    for sq in occupied & !board.pawns() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let allowed = board.by_color(piece.color) & (!board.pawns() | stuck);
        let moves = attacks_from(piece.role, piece.color, sq, occupied) & !allowed;
        if moves.is_empty() || (piece.role == Role::King && moves.is_subset(near(!piece.color))) {
            out.add(sq);
        }
    }
    out
}

fn decide(pos: &Chess, winner: Color, counting: bool) -> bool {
    if pos.castles().any() || pos.legal_ep_square().is_some() {
        return false;
    }
    let board = pos.board();
    let Some(loser_king) = board.king_of(!winner) else {
        return false;
    };
    // Without a pawn blocked by an enemy pawn there is no wall, and the floods cover nearly
    // the whole board: not worth computing.
    let pawns = board.pawns();
    let blocked = (board.white() & pawns & (board.black() & pawns).shift(-8))
        | (board.black() & pawns & (board.white() & pawns).shift(8));
    if blocked.is_empty() {
        return false;
    }
    // Candidates: every pawn is filed and fixed, every other piece stays and is safe; the
    // sets only shrink. Frozen: staying and safe.
    let mut filed = pawns;
    let mut fixed = pawns;
    let men = board.occupied() & !pawns;
    let mut stay = stay_candidates(board);
    let mut safe = men;
    let mut frozen;
    let mut mob;
    let mut walls;
    let mut ranges;
    let mut prey;
    loop {
        frozen = stay & safe;
        // The ranges of the pawns still filed; drop those whose range is not bounded.
        let mut bounded = Bitboard::EMPTY;
        walls = frozen;
        ranges = [Bitboard::EMPTY; 2];
        for color in [Color::White, Color::Black] {
            for sq in filed & board.by_color(color) {
                if let Some(r) = range(board, fixed, frozen, sq, color) {
                    bounded.add(sq);
                    ranges[side(color)] |= r;
                    if fixed.contains(sq) && r == Bitboard::from(sq) {
                        walls.add(sq);
                    }
                }
            }
        }
        if bounded != filed {
            filed = bounded;
            fixed &= filed;
            continue;
        }
        // Pieces with a square to move to do not stay.
        let wall_attacked = [
            wall_attacks(board, walls, Color::White),
            wall_attacks(board, walls, Color::Black),
        ];
        let mut jams = Bitboard::EMPTY;
        // The pieces some staying piece relies on (themselves included): the only ones whose
        // safety matters (`safe` is read for them only).
        let mut members = Bitboard::EMPTY;
        for sq in stay {
            if let Some(color) = board.color_at(sq)
                && let Some(held) = jammed(board, walls, safe, sq, wall_attacked[side(!color)])
            {
                jams.add(sq);
                members |= held;
            }
        }
        if jams != stay {
            stay = jams;
            continue;
        }
        if (walls & pawns).is_empty() {
            return false;
        }
        // The free pawns' captures and the other side's squares grow together, from where
        // the pieces stand to a fixpoint (each side's prey: where the other side's pieces other
        // than the king can ever stand).
        let others = !board.kings() & !filed;
        prey = [
            (board.black() & others) | ranges[1],
            (board.white() & others) | ranges[0],
        ];
        let still = filed | stay;
        loop {
            mob = [
                mobility(
                    board,
                    still,
                    stay,
                    walls,
                    wall_attacked[1],
                    Color::White,
                    prey[0],
                ),
                mobility(
                    board,
                    still,
                    stay,
                    walls,
                    wall_attacked[0],
                    Color::Black,
                    prey[1],
                ),
            ];
            // Shrinking the sets and growing the prey only grow the winner's checks and the
            // loser king's reach: once they meet, they meet at the fixpoints too.
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
        let mut keep_filed = Bitboard::EMPTY;
        let mut keep_fixed = Bitboard::EMPTY;
        let mut keep_safe = safe & (board.kings() | !members);
        for color in [Color::White, Color::Black] {
            let them = &mob[side(!color)];
            let defended = wall_attacked[side(color)];
            let enemy_squares = ranges[side(!color)] | them.occupy;
            // Whether an enemy piece can ever take on one of `squares`.
            let taken = |squares: Bitboard| {
                let mut near = Bitboard::EMPTY;
                for at in squares & !defended {
                    near |= attacks::king_attacks(at);
                }
                them.attack.intersects(squares) || near.intersects(them.king)
            };
            for sq in filed & board.by_color(color) {
                let Some(r) = range(board, fixed, frozen, sq, color) else {
                    continue;
                };
                let mut captures = Bitboard::EMPTY;
                for at in r {
                    captures |= attacks::pawn_attacks(color, at);
                }
                if captures.intersects(enemy_squares) {
                    continue;
                }
                keep_filed.add(sq);
                if fixed.contains(sq) && !taken(r) {
                    keep_fixed.add(sq);
                }
            }
            for sq in safe & members & board.by_color(color) & !board.kings() {
                let reach = match board.role_at(sq) {
                    Some(role) if !stay.contains(sq) => {
                        flood(role, Bitboard::from(sq), walls, Bitboard::EMPTY)
                    }
                    _ => Bitboard::from(sq),
                };
                if !taken(reach) {
                    keep_safe.add(sq);
                }
            }
        }
        if keep_filed == filed && keep_fixed == fixed && keep_safe == safe {
            break;
        }
        filed = keep_filed;
        fixed = keep_fixed;
        safe = keep_safe;
    }
    let checks = checks(&mob, ranges, winner);
    let mates = (mob[side(!winner)].king | loser_king) & checks;
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
    let mut pieces = [Bitboard::EMPTY; 64];
    let mut n = 0usize;
    for sq in board.by_color(loser) & !board.kings() & !walls {
        let reach = if filed.contains(sq) {
            range(board, fixed, frozen, sq, loser).unwrap_or(Bitboard::FULL)
        } else if stay.contains(sq) {
            Bitboard::from(sq)
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
    // Whether the loser's pieces can fill every square of `need`, one piece on each.
    let fillable = |need: Bitboard| {
        let helpers = pieces.iter().filter(|r| r.intersects(need)).count();
        helpers >= need.count()
            && need
                .into_iter()
                .all(|f| pieces.iter().any(|r| r.contains(f)))
    };
    let winner_king = mob[side(winner)].king;
    mates.into_iter().all(|k| {
        let need = attacks::king_attacks(k) & !walls & !checks;
        // The winner's king stands on one square of its reach, not next to `k`, and covers
        // the flight squares next to it.
        let mut kings = winner_king & !attacks::king_attacks(k) & !Bitboard::from(k);
        if kings.is_empty() {
            kings = winner_king;
        }
        let possible = kings
            .into_iter()
            .any(|w| fillable(need & !attacks::king_attacks(w)))
            || (winner_king.is_empty() && fillable(need));
        !possible
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
    let promotions = pawn & Bitboard::from_rank(color.relative_rank(Rank::Eighth));
    if promotions.is_empty() {
        return pawn;
    }
    pawn | flood(Role::Queen, promotions, walls, Bitboard::EMPTY)
        | flood(Role::Knight, promotions, walls, Bitboard::EMPTY)
}

/// Squares the winner can ever attack: from its free pieces' reaches and its filed pawns'
/// ranges.
fn checks(mob: &[Mobility; 2], ranges: [Bitboard; 2], winner: Color) -> Bitboard {
    let mut out = mob[side(winner)].attack;
    for sq in ranges[side(winner)] {
        out |= attacks::pawn_attacks(winner, sq);
    }
    out
}
