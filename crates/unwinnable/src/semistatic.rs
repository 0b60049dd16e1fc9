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
//!   bishop can be taken, but the two cannot move while it stands, so it never moves), or is
//!   fatal for it (a loser's piece: see below);
//! * a piece is safe when no square of its reach (its own square, if it stays) is attacked from
//!   an enemy free piece's reach, nor is next to the enemy king's reach without being attacked
//!   by a wall of its own colour. Only the pieces some staying piece relies on are checked;
//!   the others are never read.
//!
//! A wall *attacks for good* the squares it attacks whatever stands around it: a pawn's two
//! capture squares, a knight's and a king's squares, a slider's next square on each line.
//!
//! # Moves that end the game
//!
//! Some moves are left out of the floods because, made, they end the game at once, and not
//! with the loser mated: nothing follows them.
//!
//! *Stalemating king steps.* A side whose every piece but the king stays or is a *stuck* pawn
//! (a filed pawn whose range is its own square: the square ahead always holds a wall or a fixed
//! pawn of its own, and no enemy piece but the king ever stands on its capture squares) can
//! move nothing but its king. When one side can, or when the kings' regions, taken apart,
//! touch, the kings' squares are taken together, as the pairs (white king's square, black
//! king's square) that can ever stand together: from the pair they stand on, one king steps at
//! a time onto a square next to it that is not a wall, not attacked by an enemy wall, not the
//! other king's square nor next to it (kings never stand side by side), and not a stalemating
//! step. A step onto `t`, the other king on `k`, the other side moving nothing but its king,
//! stalemates when every square next to `k` holds a wall of the other side's, or is attacked
//! for good by a wall of the stepping side's, or is next to `t`, and the step opens no line
//! onto `k` (the square the king leaves is on a line with `k`, no wall between, and beyond it,
//! before any wall, is a square where a piece of the stepping side's other than the king can
//! ever stand). After such a step the other side is to move; its king was not in check (the
//! stepping side was to move) and is not now (a king gives no check, no line opened, and a
//! piece the king took on `t` is replaced on the same square by the king), and has no square;
//! its stuck pawns have the square ahead occupied (by the wall or own pawn, or by the king on
//! `t`) and nothing to capture (the stepping side's other pieces did not move); its staying
//! pieces have only their own pieces on their squares, or the king on `t`, which they would
//! then attack, so the step was illegal. Stalemate. Whether a side has another move to make
//! between two king steps is not asked: the pairs are more than play can reach, never fewer.
//! Each king's region is then the squares of its pairs, and a fixed pawn or safe piece is taken
//! by the king only where it may step onto it from a pair, on the same conditions. (Past 256
//! pairs the kings are taken apart, without this rule.) The counting form below places
//! the winner's king only on squares paired with the loser king's.
//!
//! *Fatal arrivals of the loser's pieces.* While the winner's king stays, a piece of the
//! loser's arriving where it surely checks that king, on a square no piece of the winner's can
//! ever attack and, if next to the king, that a wall of the loser's defends, checkmates the
//! winner: the king cannot step (each square next to it still holds an own wall or a piece it
//! relies on, or is attacked by a wall of the loser's; the arrival square, if next to it, is
//! defended), the checking piece cannot be taken, and the check cannot be blocked (a knight's or
//! a pawn's, or one from a square next to the king). Such *fatal* squares: for a knight, every
//! square it checks the king from; for a bishop, rook or queen, the squares next to the king on
//! its lines; for a pawn, the two squares it checks the king from, reached by a step or a
//! capture, or by a double step when the square it passes is one the winner can never attack
//! (no capture en passant). The loser's pieces never go there: their reaches leave them out, a
//! piece whose every move would go there stays, and a filed pawn's range ends before the first
//! such square ahead (all of it for a pawn on its second rank, whose double step may pass one;
//! a pawn that would otherwise promote may so be filed). The fatal squares start as every
//! square they may be and shrink with the winner's attacks, like the other sets, and there are
//! none once the winner's king may move. While there are, the winner's king never moves and
//! its stalemating steps are not looked for (the loser's pieces that stay only for fear of a
//! fatal square have moves).
//!
//! # Why it is sound
//!
//! Consider the first move after which an assumption is broken (a filed pawn captured or
//! stepped out of its range, a fixed pawn or a safe piece was captured, a staying piece or one
//! it relies on moved while it stood, a free piece left its reach). Before it, every
//! assumption held: the walls stood, the pawns of each file kept their order, every piece was
//! in its reach. A filed pawn cannot step past its range (the stopper and the own fixed pawns
//! in between are still there; an enemy pawn only comes closer), cannot capture (no enemy piece
//! can be on its capture squares; an en-passant capture needs an enemy pawn to pass a capture
//! square, which its reach or range would include). A fixed pawn or safe piece cannot be
//! captured: no free enemy piece attacks it, filed pawns and staying pieces capture nothing,
//! and the enemy king cannot step onto it (a wall of its own defends it, or, the kings taken
//! together, no pair allows the step). A staying piece and the pieces it relies on have no
//! square to move to while it stands (an own piece stands on each, or for a king, a wall
//! attacks it). A free piece's next square is in its reach by construction of the flood, and
//! the kings' next pair among their pairs. The only moves left out of all this are the ones
//! that end the game (above): a king's stalemating step, a loser's fatal arrival (a staying
//! piece's move or a pawn's step beyond its shortened range is one). So every position reached
//! is one where all the assumptions hold, or a final position, reached from one by one move,
//! where the loser is not mated.
//!
//! Then the winner can checkmate only if one of its pieces can give check on a square the
//! loser's king can stand on: the king's reach, or the square it stands on. A check is given
//! only by a move (a move never leaves the mover's own king in check): the piece moved attacks
//! the king from where it arrives, or a line opens for a slider; or it is in force at the
//! start. A filed pawn arrives only on the squares of its range ahead of it (a stuck pawn never
//! checks), a free piece only in its reach; a slider's lines are taken with the walls alone
//! blocking them. So if no square the winner's pieces can so attack, and not the loser's king's
//! square if it is in check now, is one the loser's king can stand on, the winner can never
//! even give check: unwinnable.
//!
//! The counting form (in [`analyse`](super::analyse), after the probe; not in `quick`) goes on
//! where a check is possible. To be mated on a square `k`, the king must be checked there and
//! have no flight square: each square next to `k` is a wall, or attacked by a winner's piece
//! (any attack counts here, a stuck pawn's too), or holds a piece of the loser's (a winner's
//! piece there, undefended, would be taken). The
//! winner's king stands on one square `w` of its reach, not next to `k`, and covers the
//! squares next to `w`; every other flight square that no winner's piece can ever attack needs
//! a piece of the loser's, a different one on each, each able to reach it. When for every `k`
//! where a check is possible and every such `w` these squares outnumber the loser's pieces
//! able to reach them, or one of them cannot be reached at all, there is no mate.
//!
//! The tier abstains (says nothing) when castling rights remain or an en-passant capture is
//! legal; both are moves the floods do not model.

use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Rank, Role, Square, attacks};

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
#[derive(Clone, Copy, Default)]
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

/// Squares where a piece of the loser's (`loser`), arriving, would checkmate the winner's king
/// that never moves: a knight anywhere it checks the king from, a bishop, rook or queen next to
/// the king (so the check is certain) on a square the loser's walls defend; in both cases where
/// no piece of the winner's can ever attack (see [`decide`]). The loser's pieces never go there:
/// the game would end, the winner mated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fatal {
    loser: Color,
    knight: Bitboard,
    diagonal: Bitboard,
    straight: Bitboard,
    /// Where a pawn checks the king, next to it on a square the loser's walls defend.
    pawn: Bitboard,
    /// Those of `pawn` a pawn may not reach by a double step either: the square it passes is
    /// one the winner can never attack (no capture en passant).
    pawn_double: Bitboard,
}

impl Fatal {
    /// The squares a piece of `role` and `color` never enters.
    fn of(&self, role: Role, color: Color) -> Bitboard {
        if color != self.loser {
            return Bitboard::EMPTY;
        }
        match role {
            Role::Knight => self.knight,
            Role::Bishop => self.diagonal,
            Role::Rook => self.straight,
            Role::Queen => self.diagonal | self.straight,
            Role::Pawn | Role::King => Bitboard::EMPTY,
        }
    }

    /// No fatal square.
    fn none(loser: Color) -> Fatal {
        Fatal {
            loser,
            knight: Bitboard::EMPTY,
            diagonal: Bitboard::EMPTY,
            straight: Bitboard::EMPTY,
            pawn: Bitboard::EMPTY,
            pawn_double: Bitboard::EMPTY,
        }
    }

    fn is_empty(&self) -> bool {
        (self.knight | self.diagonal | self.straight | self.pawn).is_empty()
    }

    /// The squares a pawn of `color` never steps onto (one step, or a capture), and never
    /// reaches by a double step.
    pub(crate) fn pawn_of(&self, color: Color) -> (Bitboard, Bitboard) {
        if color == self.loser {
            (self.pawn, self.pawn_double)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        }
    }

    /// The squares fatal in both.
    fn meet(self, other: Fatal) -> Fatal {
        Fatal {
            loser: self.loser,
            knight: self.knight & other.knight,
            diagonal: self.diagonal & other.diagonal,
            straight: self.straight & other.straight,
            pawn: self.pawn & other.pawn,
            pawn_double: self.pawn_double & other.pawn_double,
        }
    }

    /// The squares for the winner's king on `king` (when it never moves), where the winner
    /// can never attack (`covers`) and the loser's walls attack `defended`.
    pub(crate) fn new(
        loser: Color,
        king: Option<Square>,
        covers: Bitboard,
        defended: Bitboard,
    ) -> Fatal {
        let Some(w) = king else {
            return Fatal::none(loser);
        };
        let near = attacks::king_attacks(w) & defended & !covers;
        let pawn = near & attacks::pawn_attacks(!loser, w);
        // The square a loser's pawn passes on a double step onto `t` is behind `t`.
        let back = if loser == Color::White { -8 } else { 8 };
        let mut pawn_double = Bitboard::EMPTY;
        for t in pawn {
            if t.offset(back).is_some_and(|p| !covers.contains(p)) {
                pawn_double.add(t);
            }
        }
        Fatal {
            loser,
            knight: attacks::knight_attacks(w) & !covers,
            diagonal: near & attacks::bishop_attacks(w, Bitboard::EMPTY),
            straight: near & attacks::rook_attacks(w, Bitboard::EMPTY),
            pawn,
            pawn_double,
        }
    }
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
/// `prey` (where an enemy piece can ever stand: a pawn moves diagonally only to capture), never
/// onto the squares of `fatal` (by a double step, of its second set).
#[inline]
fn pawn_flood(
    color: Color,
    from: Bitboard,
    walls: Bitboard,
    prey: Bitboard,
    fatal: &Fatal,
) -> Bitboard {
    let (single, double) = fatal.pawn_of(color);
    let forward = if color == Color::White { 8 } else { -8 };
    let second = color.relative_rank(Rank::Second);
    let mut seen = from;
    let mut frontier = from;
    while frontier.any() {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::pawn_attacks(color, sq) & prey & !single;
            if let Some(one) = sq.offset(forward)
                && !walls.contains(one)
            {
                if !single.contains(one) {
                    next.add(one);
                }
                if sq.rank() == second
                    && let Some(two) = one.offset(forward)
                    && !double.contains(two)
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

/// What the floods of both sides share: the board, the pieces that never leave their squares
/// or files (`still`; of them, `stay`: the pieces but pawns), the walls, the loser's fatal
/// squares.
struct Frame<'a> {
    board: &'a Board,
    still: Bitboard,
    stay: Bitboard,
    walls: Bitboard,
    fatal: &'a Fatal,
}

/// The squares the king of `color` can ever stand on, apart from the other king: a flood from
/// where it stands, never onto a wall or a square of `barred` (those the enemy's walls attack
/// for good); where it stands if it stays. The kings together: see [`together`].
fn king_region(frame: &Frame, barred: Bitboard, color: Color) -> Bitboard {
    let kings = frame.board.by_color(color) & frame.board.kings();
    if kings.is_subset(frame.stay) {
        kings
    } else {
        flood(Role::King, kings, frame.walls, barred) | kings
    }
}

/// The pieces of `color` but the king: the free ones (not in `still`) flooding, the pieces of
/// `stay` where they stand, with `walls` standing for good; `king`: its king's region.
fn mobility(frame: &Frame, color: Color, prey: Bitboard, king: Bitboard) -> Mobility {
    let Frame {
        board,
        still,
        stay,
        walls,
        fatal,
    } = *frame;
    let mine = board.by_color(color);
    let ours = mine & !still;
    let pawns = pawn_flood(color, ours & board.pawns(), walls, prey, fatal);
    let mut occupy = pawns | (mine & stay & !board.kings());
    let mut attack = attacked_from(Role::Pawn, color, pawns, walls);
    // A piece that stays attacks only squares of its own pieces and fatal ones (see
    // `jammed`): they matter to the counting form (an own piece it defends).
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
        let reach = flood(role, from, walls, fatal.of(role, color));
        occupy |= reach;
        attack |= attacked_from(role, color, reach, walls);
    }
    Mobility {
        occupy,
        attack,
        king,
    }
}

/// The squares of `b` and those next to them.
fn around(b: Bitboard) -> Bitboard {
    let not_a = !Bitboard::from_file(File::A);
    let not_h = !Bitboard::from_file(File::H);
    let row = b | (b & not_h).shift(1) | (b & not_a).shift(-1);
    row | row.shift(8) | row.shift(-8)
}

/// Index of `color` in a `[white, black]` pair.
fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Whether a king leaving `s` may give check to the enemy king on `k` by opening a line: `s`
/// is on a line with `k`, no wall between them, and beyond `s` on that line, before any wall,
/// is a square of `sliders` (where a piece of the king's side other than the king may ever
/// stand; any kind, so more than needed).
fn may_discover(s: Square, k: Square, walls: Bitboard, sliders: Bitboard) -> bool {
    !attacks::between(k, s).intersects(walls)
        && attacks::ray(k, s).into_iter().any(|x| {
            x != s
                && attacks::between(k, x).contains(s)
                && sliders.contains(x)
                && !attacks::between(s, x).intersects(walls)
        })
}

/// Most pairs of kings' squares [`together`] looks at; with more, the kings are taken apart.
const PAIRS: usize = 256;

/// What the kings' steps depend on, each side's (`[white, black]`).
struct Kings {
    /// Where each king stands.
    start: [Square; 2],
    /// The king may move (it does not stay).
    moves: [bool; 2],
    /// Squares the king never steps onto: walls, squares the enemy's walls attack.
    blocked: [Bitboard; 2],
    /// Enemy walls the king might take: those no enemy wall defends.
    prey: [Bitboard; 2],
    /// The side can move nothing but its king: the enemy king's stalemating steps are left
    /// out.
    only_king: [bool; 2],
    /// Squares next to the side's king it can never step onto whatever the enemy king does:
    /// its own walls, squares the enemy's walls attack.
    cover: [Bitboard; 2],
    /// Where the side's pieces other than the king may ever stand.
    sliders: [Bitboard; 2],
    walls: Bitboard,
}

/// Where the kings can ever stand together: the pairs of squares (white king's, black king's)
/// reached from the pair they stand on, one king stepping at a time onto a square next to it
/// that it may enter (not `blocked`), not the other king's nor next to it, and not a
/// stalemating step (the other side can move nothing but its king, every square next to the
/// other king is covered, by `cover` or by the stepping king, and no line opens onto it from
/// the square the king leaves, see [`may_discover`]). Whether a side has another move to make
/// in between is not asked: more pairs than play can reach, never fewer. Returns, for each
/// king, the squares it stands on and the enemy walls it may step onto (takes), and for each
/// square of the black king the white king's squares beside it; `None` past [`PAIRS`] pairs.
fn together(k: &Kings) -> Option<([Bitboard; 2], [Bitboard; 2], [Bitboard; 64])> {
    let [w0, b0] = k.start;
    let mut seen = [Bitboard::EMPTY; 64];
    let mut queue = vec![(w0, b0)];
    if let Some(s) = seen.get_mut(b0.to_usize()) {
        s.add(w0);
    }
    let mut region = [Bitboard::EMPTY; 2];
    let mut takes = [Bitboard::EMPTY; 2];
    let mut i = 0usize;
    while let Some(&(w, b)) = queue.get(i) {
        i += 1;
        region[0].add(w);
        region[1].add(b);
        for color in [Color::White, Color::Black] {
            let (c, o) = (side(color), side(!color));
            if !k.moves[c] {
                continue;
            }
            let (me, other) = if color == Color::White {
                (w, b)
            } else {
                (b, w)
            };
            let steps = attacks::king_attacks(me)
                & (!k.blocked[c] | k.prey[c])
                & !attacks::king_attacks(other)
                & !Bitboard::from(other);
            for t in steps {
                let stalemates = k.only_king[o]
                    && attacks::king_attacks(other)
                        .is_subset(k.cover[o] | attacks::king_attacks(t))
                    && !may_discover(me, other, k.walls, k.sliders[c]);
                if stalemates {
                    continue;
                }
                if k.prey[c].contains(t) {
                    takes[c].add(t);
                    continue;
                }
                let (nw, nb) = if color == Color::White {
                    (t, b)
                } else {
                    (w, t)
                };
                let Some(s) = seen.get_mut(nb.to_usize()) else {
                    continue;
                };
                if !s.contains(nw) {
                    if queue.len() >= PAIRS {
                        return None;
                    }
                    s.add(nw);
                    queue.push((nw, nb));
                }
            }
        }
    }
    Some((region, takes, seen))
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

/// The squares a filed pawn of `color` on `sq` may ever stand on, given its range `full` (see
/// [`range`]; `None`: no stopper ahead), up to the first square of `fatal` it would step onto
/// (it never does: see [`Fatal`]). `None` when it may still promote. All of the range for a
/// pawn on its second rank (a double step may pass a fatal square).
fn short_of(full: Option<Bitboard>, sq: Square, color: Color, fatal: &Fatal) -> Option<Bitboard> {
    let (single, _) = fatal.pawn_of(color);
    if single.is_empty() || sq.rank() == color.relative_rank(Rank::Second) {
        return full;
    }
    let forward = if color == Color::White { 8 } else { -8 };
    let last = color.relative_rank(Rank::Eighth);
    let mut out = Bitboard::from(sq);
    let mut at = sq;
    while let Some(next) = at.offset(forward) {
        if single.contains(next) || full.is_some_and(|f| !f.contains(next)) {
            return Some(out);
        }
        if next.rank() == last {
            return None;
        }
        out.add(next);
        at = next;
    }
    Some(out)
}

/// True when `winner` provably can never give check, hence never checkmate (see the module
/// documentation). False says nothing. Stops as soon as a check looks possible (the cheap form,
/// for [`quick`](super::quick)).
pub(crate) fn unwinnable(pos: &Chess, winner: Color) -> bool {
    decide(pos, winner, false, Rules::ALL)
}

/// As [`unwinnable`], and where the winner can give check, whether the loser's pieces are
/// enough to block the flight squares no winner's piece can ever attack (see the module
/// documentation). Slower: no early stop.
pub(crate) fn unwinnable_counting(pos: &Chess, winner: Color) -> bool {
    decide(pos, winner, true, Rules::ALL)
}

/// Which of the tier's rules on moves that end the game and on where checks come from are
/// used: all of them, but for the tests that compare the tier with and without them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    /// Stalemating king steps.
    pub(crate) stalemate: bool,
    /// Fatal arrivals of the loser's pieces.
    pub(crate) fatal: bool,
    /// A filed pawn checks only from the squares of its range ahead of it.
    pub(crate) moved_checks: bool,
}

impl Rules {
    pub(crate) const ALL: Rules = Rules {
        stalemate: true,
        fatal: true,
        moved_checks: true,
    };
}

/// [`unwinnable`] (`counting` false) or [`unwinnable_counting`] with only some of the rules.
#[cfg(test)]
pub(crate) fn unwinnable_with(pos: &Chess, winner: Color, counting: bool, rules: Rules) -> bool {
    decide(pos, winner, counting, rules)
}

/// Whether the piece on `sq` can never move: every square it could move to holds a wall of
/// its colour, or (a king) is attacked by an enemy wall, or is `fatal` for it, or holds a piece
/// of its colour of `safe` (never captured) that can itself never move while the piece on `sq`
/// stands, by the same rule (a slider's lines stop at the first piece of its colour). `Some`
/// of the squares of those pieces, `sq` included: they stand there as long as the piece on
/// `sq` does. Its attacks are then only squares of its own pieces, fatal ones, or (a king's)
/// squares enemy walls attack.
fn jammed(
    board: &Board,
    walls: Bitboard,
    safe: Bitboard,
    sq: Square,
    enemy_wall_attacks: Bitboard,
    fatal: &Fatal,
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
                || fatal.of(role, color).contains(to)
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
/// pieces (not a pawn free to step ahead) or squares of `fatal` (any it may ever hold) on every
/// square they could move to, or for a king, squares next to an enemy piece's lines. Every
/// piece `jammed` accepts is among them, so starting the fixpoint from them skips rounds that
/// would drop the others one by one.
fn stay_candidates(board: &Board, fatal: &Fatal) -> Bitboard {
    let occupied = board.occupied();
    // Pawns with a piece or a fatal square right ahead: the only pawns that may be walls.
    let (white_fatal, _) = fatal.pawn_of(Color::White);
    let (black_fatal, _) = fatal.pawn_of(Color::Black);
    let stuck = (board.white() & board.pawns() & (occupied | white_fatal).shift(-8))
        | (board.black() & board.pawns() & (occupied | black_fatal).shift(8));
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
        let allowed = (board.by_color(piece.color) & (!board.pawns() | stuck))
            | fatal.of(piece.role, piece.color);
        let moves = attacks_from(piece.role, piece.color, sq, occupied) & !allowed;
        if moves.is_empty() || (piece.role == Role::King && moves.is_subset(near(!piece.color))) {
            out.add(sq);
        }
    }
    out
}

fn decide(pos: &Chess, winner: Color, counting: bool, rules: Rules) -> bool {
    let Some(mut f) = Fix::start(pos, winner, rules) else {
        return false;
    };
    loop {
        f.frozen = f.stay & f.safe;
        if !f.file() || !f.jam() {
            continue;
        }
        // Fatal squares only while the winner's king stays (then it never moves at all).
        if !f.fatal.is_empty() && !f.winner_king.is_some_and(|w| f.stay.contains(w)) {
            f.fatal = Fatal::none(!winner);
            continue;
        }
        if (f.walls & f.board.pawns()).is_empty() || !f.grow(counting) {
            return false;
        }
        if f.shrink() {
            break;
        }
    }
    f.unmatable(counting)
}

/// The sets [`decide`] assumes and shrinks to their fixpoint (filed, fixed, safe, staying
/// pieces, the loser's fatal squares), and what each round derives from them.
struct Fix<'a> {
    board: &'a Board,
    winner: Color,
    rules: Rules,
    /// The loser's king's square when a check is in force now (the loser to move), else empty.
    in_check: Bitboard,
    winner_king: Option<Square>,
    filed: Bitboard,
    fixed: Bitboard,
    safe: Bitboard,
    stay: Bitboard,
    fatal: Fatal,
    /// Staying and safe.
    frozen: Bitboard,
    walls: Bitboard,
    /// The filed pawns' ranges, by side.
    ranges: [Bitboard; 2],
    /// The squares of the filed pawns' ranges ahead of them (their own left out).
    ahead: [Bitboard; 2],
    /// Each filed pawn's range, by its square (empty: none, it may promote).
    own_range: [Bitboard; 64],
    /// Filed pawns whose range is their own square: they never move (captured or not).
    stuck: Bitboard,
    /// What each side's walls attack.
    wall_attacked: [Bitboard; 2],
    /// The pieces some staying piece relies on (themselves included): the only ones whose
    /// safety matters (`safe` is read for them only).
    members: Bitboard,
    /// Where each side can capture: where the other side's pieces other than the king can
    /// ever stand.
    prey: [Bitboard; 2],
    /// The walls each king may step onto.
    takes: [Bitboard; 2],
    /// The pairs of kings' squares, when computed together (for each square of the black
    /// king, the white king's squares beside it).
    pairs: Option<[Bitboard; 64]>,
    mob: [Mobility; 2],
}

impl<'a> Fix<'a> {
    /// The sets at their largest, or `None` when the tier has nothing to say: castling or en
    /// passant possible, no loser's king, or no pawn blocked by an enemy pawn (then there is
    /// no wall, and the floods cover nearly the whole board: not worth computing).
    fn start(pos: &'a Chess, winner: Color, rules: Rules) -> Option<Fix<'a>> {
        if pos.castles().any() || pos.legal_ep_square().is_some() {
            return None;
        }
        let board = pos.board();
        let loser_king = board.king_of(!winner)?;
        let pawns = board.pawns();
        let blocked = (board.white() & pawns & (board.black() & pawns).shift(-8))
            | (board.black() & pawns & (board.white() & pawns).shift(8));
        if blocked.is_empty() {
            return None;
        }
        // A check in force now (the loser to move): the king's square counts as checked.
        let in_check = if pos.turn() == !winner && pos.is_check() {
            Bitboard::from(loser_king)
        } else {
            Bitboard::EMPTY
        };
        // The loser's fatal squares: at first every square they may be (every square next to
        // the king defended); they only shrink.
        let winner_king = board.king_of(winner);
        let mut fatal = if rules.fatal {
            Fatal::new(!winner, winner_king, Bitboard::EMPTY, Bitboard::FULL)
        } else {
            Fatal::none(!winner)
        };
        let stay = stay_candidates(board, &fatal);
        // No fatal squares while the winner's king may move (see below); the candidates stay a
        // superset of the pieces that stay. Else the winner's pieces attack at least what they
        // attack from where they stand (their reaches and ranges include it, and only walls
        // block their lines there).
        if !winner_king.is_some_and(|w| stay.contains(w)) {
            fatal = Fatal::none(!winner);
        } else if !fatal.is_empty() {
            let mut now = Bitboard::EMPTY;
            for sq in board.by_color(winner) & !board.kings() {
                if let Some(role) = board.role_at(sq) {
                    now |= attacks_from(role, winner, sq, board.occupied());
                }
            }
            fatal = fatal.meet(Fatal::new(!winner, winner_king, now, Bitboard::FULL));
        }
        // Candidates: every pawn is filed and fixed, every other piece stays and is safe; the
        // sets only shrink.
        Some(Fix {
            board,
            winner,
            rules,
            in_check,
            winner_king,
            filed: pawns,
            fixed: pawns,
            safe: board.occupied() & !pawns,
            stay,
            fatal,
            frozen: Bitboard::EMPTY,
            walls: Bitboard::EMPTY,
            ranges: [Bitboard::EMPTY; 2],
            ahead: [Bitboard::EMPTY; 2],
            own_range: [Bitboard::EMPTY; 64],
            stuck: Bitboard::EMPTY,
            wall_attacked: [Bitboard::EMPTY; 2],
            members: Bitboard::EMPTY,
            prey: [Bitboard::EMPTY; 2],
            takes: [Bitboard::EMPTY; 2],
            pairs: None,
            mob: [Mobility::default(); 2],
        })
    }

    /// The pawn squares checks come from: the squares ahead in their ranges (without the
    /// rule, the whole ranges).
    fn checking(&self) -> [Bitboard; 2] {
        if self.rules.moved_checks {
            self.ahead
        } else {
            self.ranges
        }
    }

    /// The ranges of the pawns still filed, and the walls; `false` after dropping those whose
    /// range is not bounded (the round starts again).
    fn file(&mut self) -> bool {
        let board = self.board;
        let mut bounded = Bitboard::EMPTY;
        self.walls = self.frozen;
        self.ranges = [Bitboard::EMPTY; 2];
        self.ahead = [Bitboard::EMPTY; 2];
        self.stuck = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            for sq in self.filed & board.by_color(color) {
                let full = range(board, self.fixed, self.frozen, sq, color);
                let short = short_of(full, sq, color, &self.fatal);
                if let Some(slot) = self.own_range.get_mut(sq.to_usize()) {
                    *slot = short.unwrap_or(Bitboard::EMPTY);
                }
                if let Some(r) = short {
                    bounded.add(sq);
                    self.ranges[side(color)] |= r;
                    self.ahead[side(color)] |= r.without(sq);
                    if full == Some(Bitboard::from(sq)) {
                        self.stuck.add(sq);
                    }
                    if self.fixed.contains(sq) && r == Bitboard::from(sq) {
                        self.walls.add(sq);
                    }
                }
            }
        }
        if bounded != self.filed {
            self.filed = bounded;
            self.fixed &= bounded;
            return false;
        }
        true
    }

    /// Pieces with a square to move to do not stay; `false` after dropping them (the round
    /// starts again).
    fn jam(&mut self) -> bool {
        let board = self.board;
        self.wall_attacked = [
            wall_attacks(board, self.walls, Color::White),
            wall_attacks(board, self.walls, Color::Black),
        ];
        let mut jams = Bitboard::EMPTY;
        self.members = Bitboard::EMPTY;
        for sq in self.stay {
            if let Some(color) = board.color_at(sq)
                && let Some(held) = jammed(
                    board,
                    self.walls,
                    self.safe,
                    sq,
                    self.wall_attacked[side(!color)],
                    &self.fatal,
                )
            {
                jams.add(sq);
                self.members |= held;
            }
        }
        if jams != self.stay {
            self.stay = jams;
            return false;
        }
        true
    }

    /// The free pawns' captures and the other side's squares grow together, from where the
    /// pieces stand to a fixpoint (each side's prey: where the other side's pieces other than
    /// the king can ever stand), with the kings' regions and the mobilities. `false` when,
    /// without counting, a check of the winner's meets the loser king's region: the tier
    /// cannot say.
    fn grow(&mut self, counting: bool) -> bool {
        let board = self.board;
        let (winner, walls, stay) = (self.winner, self.walls, self.stay);
        let others = !board.kings() & !self.filed;
        self.prey = [
            (board.black() & others) | self.ranges[1],
            (board.white() & others) | self.ranges[0],
        ];
        let still = self.filed | stay;
        // A side that can move nothing but its king: the other side's king never steps where
        // that would stalemate it (see `together`).
        let only_king = [Color::White, Color::Black].map(|c| {
            self.rules.stalemate
                && (board.by_color(c) & !board.kings()).is_subset(stay | self.stuck)
        });
        loop {
            let frame = Frame {
                board,
                still,
                stay,
                walls,
                fatal: &self.fatal,
            };
            let mut region = [
                king_region(&frame, self.wall_attacked[1], Color::White),
                king_region(&frame, self.wall_attacked[0], Color::Black),
            ];
            // The enemy walls a king might take: those no enemy wall defends.
            let open = [Color::White, Color::Black]
                .map(|c| walls & board.by_color(!c) & !self.wall_attacked[side(!c)]);
            // The kings apart: each takes those next to its region.
            self.takes = [around(region[0]) & open[0], around(region[1]) & open[1]];
            self.pairs = None;
            // The kings together, when one side can move only its king or their regions
            // touch, and the pairs are few.
            let [white, black] = region;
            if (only_king[0] || only_king[1] || around(white).intersects(black))
                && (white.count() * black.count()) <= PAIRS
                && let (Some(w), Some(b)) =
                    (board.king_of(Color::White), board.king_of(Color::Black))
            {
                let kings = Kings {
                    start: [w, b],
                    moves: [!stay.contains(w), !stay.contains(b)],
                    blocked: [walls | self.wall_attacked[1], walls | self.wall_attacked[0]],
                    prey: open,
                    only_king,
                    cover: [Color::White, Color::Black]
                        .map(|c| (walls & board.by_color(c)) | self.wall_attacked[side(!c)]),
                    sliders: [self.prey[1], self.prey[0]],
                    walls,
                };
                if let Some((joint, took, by_black)) = together(&kings) {
                    region = joint;
                    self.takes = took;
                    self.pairs = Some(by_black);
                }
            }
            // The winner's pieces first: shrinking the sets and growing the prey only grow
            // the winner's checks and the loser king's region; once they meet, they meet at
            // the fixpoints too, and the loser's pieces need not be flooded.
            let (w, l) = (side(winner), side(!winner));
            let won = mobility(&frame, winner, self.prey[w], region[w]);
            if !counting {
                let pawns = self.checking();
                if checks_of(won.attack, pawns[w], winner, self.in_check).intersects(region[l]) {
                    return false;
                }
            }
            let lost = mobility(&frame, !winner, self.prey[l], region[l]);
            self.mob = if winner == Color::White {
                [won, lost]
            } else {
                [lost, won]
            };
            let grown = [
                self.mob[1].occupy | self.prey[0],
                self.mob[0].occupy | self.prey[1],
            ];
            if grown == self.prey {
                return true;
            }
            self.prey = grown;
        }
    }

    /// Drop the pawns that may capture or be taken, the pieces that may be taken, and the
    /// fatal squares the winner may come to attack; `true` when nothing was dropped (the
    /// fixpoint).
    fn shrink(&mut self) -> bool {
        let board = self.board;
        let mut keep_filed = Bitboard::EMPTY;
        let mut keep_fixed = Bitboard::EMPTY;
        let mut keep_safe = self.safe & (board.kings() | !self.members);
        for color in [Color::White, Color::Black] {
            let them = &self.mob[side(!color)];
            // The enemy king takes where it may stand, or step onto a wall.
            let king_takes = them.king | self.takes[side(!color)];
            let enemy_squares = self.ranges[side(!color)] | them.occupy;
            // Whether an enemy piece can ever take on one of `squares`.
            let taken = |squares: Bitboard| {
                them.attack.intersects(squares) || king_takes.intersects(squares)
            };
            for sq in self.filed & board.by_color(color) {
                let Some(r) = self
                    .own_range
                    .get(sq.to_usize())
                    .copied()
                    .filter(|r| r.any())
                else {
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
                if self.fixed.contains(sq) && !taken(r) {
                    keep_fixed.add(sq);
                }
            }
            for sq in self.safe & self.members & board.by_color(color) & !board.kings() {
                let reach = match board.role_at(sq) {
                    Some(role) if !self.stay.contains(sq) => {
                        flood(role, Bitboard::from(sq), self.walls, Bitboard::EMPTY)
                    }
                    _ => Bitboard::from(sq),
                };
                if !taken(reach) {
                    keep_safe.add(sq);
                }
            }
        }
        // The fatal squares as the winner's pieces can now attack them (never more than
        // before: what the floods assumed must still hold at the fixpoint).
        let keep_fatal = if self.fatal.is_empty() {
            self.fatal
        } else {
            self.fatal.meet(Fatal::new(
                !self.winner,
                self.winner_king.filter(|&w| self.stay.contains(w)),
                checks(&self.mob, self.ranges, self.winner, Bitboard::EMPTY),
                self.wall_attacked[side(!self.winner)],
            ))
        };
        let stable = keep_filed == self.filed
            && keep_fixed == self.fixed
            && keep_safe == self.safe
            && keep_fatal == self.fatal;
        self.filed = keep_filed;
        self.fixed = keep_fixed;
        self.safe = keep_safe;
        self.fatal = keep_fatal;
        stable
    }

    /// At the fixpoint: no square the loser's king can ever stand on is ever checked, or
    /// (`counting`) on each that is, the loser's pieces are too few to block every flight
    /// square no winner's piece can ever attack.
    fn unmatable(&self, counting: bool) -> bool {
        let checked = checks(&self.mob, self.checking(), self.winner, self.in_check);
        let mates = self.mob[side(!self.winner)].king & checked;
        if mates.is_empty() {
            return true;
        }
        counting && !self.flights_filled(mates)
    }

    /// Whether, on some square of `mates` (where the loser's king can be checked), the loser's
    /// pieces can fill every flight square that is not a wall and that no winner's piece (king
    /// included) can ever attack, a different piece on each (a winner's piece there would be
    /// undefended: the king takes it). A flight square is covered by any attack, also one from
    /// a pawn that never moves.
    fn flights_filled(&self, mates: Bitboard) -> bool {
        let (board, winner, walls) = (self.board, self.winner, self.walls);
        let covers = checks(&self.mob, self.ranges, winner, Bitboard::EMPTY);
        let loser = !winner;
        let mut pieces = [Bitboard::EMPTY; 64];
        let mut n = 0usize;
        for sq in board.by_color(loser) & !board.kings() & !walls {
            let reach = if self.filed.contains(sq) {
                range(board, self.fixed, self.frozen, sq, loser).unwrap_or(Bitboard::FULL)
            } else if self.stay.contains(sq) {
                Bitboard::from(sq)
            } else {
                let role = board.role_at(sq).unwrap_or(Role::Queen);
                piece_reach(role, loser, sq, walls, self.prey[side(loser)])
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
        let winner_king = self.mob[side(winner)].king;
        mates.into_iter().any(|k| {
            let need = attacks::king_attacks(k) & !walls & !covers;
            // The winner's king stands on one square of its reach (beside `k`, if known), not
            // next to `k`, and covers the flight squares next to it.
            let mut kings = winner_king & !attacks::king_attacks(k) & !Bitboard::from(k);
            if let Some(b) = self.beside(k) {
                kings &= b;
            } else if kings.is_empty() {
                kings = winner_king;
            }
            kings
                .into_iter()
                .any(|w| fillable(need & !attacks::king_attacks(w)))
                || (winner_king.is_empty() && fillable(need))
        })
    }

    /// The winner's king's squares beside the loser's king on `k`, when the kings were taken
    /// together.
    fn beside(&self, k: Square) -> Option<Bitboard> {
        let by_black = self.pairs?;
        Some(if self.winner == Color::White {
            by_black
                .get(k.to_usize())
                .copied()
                .unwrap_or(Bitboard::FULL)
        } else {
            let mut out = Bitboard::EMPTY;
            for (b, whites) in Square::ALL.into_iter().zip(by_black) {
                if whites.contains(k) {
                    out.add(b);
                }
            }
            out
        })
    }
}

/// Squares one piece of `role` and `color` on `sq` can ever stand on (pawns: with their
/// promotions), walls standing.
fn piece_reach(role: Role, color: Color, sq: Square, walls: Bitboard, prey: Bitboard) -> Bitboard {
    let from = Bitboard::from(sq);
    if role != Role::Pawn {
        return flood(role, from, walls, Bitboard::EMPTY);
    }
    let pawn = pawn_flood(color, from, walls, prey, &Fatal::none(!color));
    let promotions = pawn & Bitboard::from_rank(color.relative_rank(Rank::Eighth));
    if promotions.is_empty() {
        return pawn;
    }
    pawn | flood(Role::Queen, promotions, walls, Bitboard::EMPTY)
        | flood(Role::Knight, promotions, walls, Bitboard::EMPTY)
}

/// Squares the winner can ever attack: from its free pieces' reaches and its filed pawns'
/// ranges (`pawns`: the ranges, or only the squares ahead of the pawns, see [`decide`]), and
/// `extra`.
fn checks(mob: &[Mobility; 2], pawns: [Bitboard; 2], winner: Color, extra: Bitboard) -> Bitboard {
    checks_of(mob[side(winner)].attack, pawns[side(winner)], winner, extra)
}

/// [`checks`] from the winner's pieces' `attack` and its pawns' squares.
fn checks_of(attack: Bitboard, pawns: Bitboard, winner: Color, extra: Bitboard) -> Bitboard {
    let mut out = attack | extra;
    for sq in pawns {
        out |= attacks::pawn_attacks(winner, sq);
    }
    out
}
