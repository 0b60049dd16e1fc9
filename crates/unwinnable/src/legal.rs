//! Legal moves handed to a caller one by one, without a move list.
//!
//! shakmaty 0.30.1's `legal_moves` fills a 256-move list (2 KB), returns it by copy, and runs a
//! second pass over it to drop the moves of pinned pieces; the search then copied the moves once
//! more into its own buffer. Generating a node's moves was a third of the engine's time. Here
//! each legal move is given to `push` as it is found, pins checked on the way.
//!
//! The moves and their **order** are shakmaty's (en passant; then pawns — captures towards the
//! a-file side, captures towards the h-file side, single steps, double steps —, knights,
//! bishops, rooks, queens; the king; castling king side, queen side; out of check: the king's
//! steps first, then captures and interpositions): the search tries moves of a class in the
//! order generated, so the helpmate it finds, and the lines readers see, depend on it. A test
//! (`legal_moves_are_shakmatys_in_its_order`) compares both, list against list.
//!
//! Asked to, the generator also marks the moves that may give check
//! ([`legal_moves_marking_checks`]), from tables made once for the node: the mover's pieces
//! whose leaving uncovers a line to the enemy king, and the squares each kind of piece checks
//! from. A mate in one is looked for among the marked moves only (`search::mate_in_one`).

use shakmaty::{
    Bitboard, Board, CastlingSide, Chess, Color, Move, Position, Role, Square, attacks,
};

/// Calls `push` with each legal move of `pos`, in the order of shakmaty's `legal_moves`.
#[inline]
pub(crate) fn legal_moves(pos: &Chess, mut push: impl FnMut(Move)) {
    generate(pos, false, &mut |m, _| push(m));
}

/// Calls `push` with each legal move of `pos`, in the order of shakmaty's `legal_moves`, and
/// whether it may give check: every move that gives check is marked (and a few that do not).
#[inline]
pub(crate) fn legal_moves_marking_checks(pos: &Chess, mut push: impl FnMut(Move, bool)) {
    generate(pos, true, &mut push);
}

#[inline(always)]
fn generate(pos: &Chess, checks: bool, push: &mut impl FnMut(Move, bool)) {
    let board = pos.board();
    let turn = pos.turn();
    let Some(king) = board.king_of(turn) else {
        return;
    };
    let node = Node {
        board,
        turn,
        king,
        us: board.by_color(turn),
        them: board.by_color(!turn),
        occupied: board.occupied(),
        pinned: alone_between(board, king, board.by_color(!turn)),
        checks: if checks {
            Checks::new(board, turn)
        } else {
            Checks::NONE
        },
    };
    node.en_passant(pos.maybe_ep_square(), push);
    let checkers = pos.checkers();
    if checkers.is_empty() {
        let target = !node.us;
        node.non_king(target, push);
        node.safe_king(target, push);
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            node.castle(pos, side, push);
        }
    } else {
        // Out of check: the king steps off the checking lines (a slider's line runs on past
        // the king), and against a single checker, another piece takes it or steps between.
        let mut attacked = Bitboard::EMPTY;
        for checker in checkers & board.sliders() {
            attacked |= attacks::ray(checker, king) ^ Bitboard::from(checker);
        }
        node.safe_king(!node.us & !attacked, push);
        if let Some(checker) = checkers.single_square() {
            node.non_king(
                attacks::between(king, checker) | Bitboard::from(checker),
                push,
            );
        }
    }
}

/// Whether the side to move has a legal move.
pub(crate) fn has_legal_move(pos: &Chess) -> bool {
    let mut any = false;
    legal_moves(pos, |_| any = true);
    any
}

/// The pieces, of either colour, each alone between `king` and one of the rooks, bishops or
/// queens among `pieces` that would see it along their line. Against the mover's king and the
/// enemy's pieces: the mover's pinned pieces (the enemy's are never moved). Against the enemy
/// king and the mover's pieces: those whose leaving may uncover a check.
fn alone_between(board: &Board, king: Square, pieces: Bitboard) -> Bitboard {
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut alone = Bitboard::EMPTY;
    for sniper in snipers & pieces {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            alone |= between;
        }
    }
    alone
}

/// The squares `color`'s pawns (`pawns`, a bitboard's bits) capture onto: towards the a-file
/// side, towards the h-file side.
fn pawn_captures(pawns: u64, color: Color) -> (u64, u64) {
    if color == Color::White {
        ((pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7)
    }
}

const FILE_A: u64 = Bitboard::from_file(shakmaty::File::A).0;
const FILE_H: u64 = Bitboard::from_file(shakmaty::File::H).0;

/// One position's facts for generating its moves.
struct Node<'a> {
    board: &'a Board,
    turn: Color,
    king: Square,
    us: Bitboard,
    them: Bitboard,
    occupied: Bitboard,
    pinned: Bitboard,
    checks: Checks,
}

/// Where the side to move's pieces may give check from (all empty when not asked, or without
/// an enemy king).
struct Checks {
    /// The enemy king (`None`: no move is marked).
    king: Option<Square>,
    /// The mover's pieces alone between the enemy king and a rook, bishop or queen of the
    /// mover's on its line: any move of theirs may uncover a check.
    lines: Bitboard,
    pawn: Bitboard,
    knight: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
}

impl Checks {
    const NONE: Checks = Checks {
        king: None,
        lines: Bitboard::EMPTY,
        pawn: Bitboard::EMPTY,
        knight: Bitboard::EMPTY,
        bishop: Bitboard::EMPTY,
        rook: Bitboard::EMPTY,
    };

    /// The squares each piece checks from in the position as it stands. A piece's own move
    /// does not change them for it: the square it leaves is never between the king and the one
    /// it reaches (a slider there would be giving check already, on the mover's turn); only a
    /// pawn promoting may uncover its new piece's line through the square it leaves, which is
    /// looked up with the pawn gone ([`Node::promotion_checks`]).
    fn new(board: &Board, turn: Color) -> Checks {
        let Some(king) = board.king_of(!turn) else {
            return Checks::NONE;
        };
        let occupied = board.occupied();
        let ours = board.by_color(turn);
        Checks {
            king: Some(king),
            lines: alone_between(board, king, ours) & ours,
            pawn: attacks::pawn_attacks(!turn, king),
            knight: attacks::knight_attacks(king),
            bishop: attacks::bishop_attacks(king, occupied),
            rook: attacks::rook_attacks(king, occupied),
        }
    }

    /// The squares a piece of `role` on `from` may check from by moving there.
    #[inline(always)]
    fn from(&self, role: Role, from: Square) -> Bitboard {
        if self.lines.contains(from) {
            return Bitboard::FULL;
        }
        match role {
            Role::Pawn => self.pawn,
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.bishop | self.rook,
            Role::King => Bitboard::EMPTY,
        }
    }
}

impl Node<'_> {
    /// A move of a pinned piece is legal only along the line of its pin.
    #[inline(always)]
    fn push_normal(
        &self,
        (role, from, to): (Role, Square, Square),
        promotion: Option<Role>,
        check: bool,
        push: &mut impl FnMut(Move, bool),
    ) {
        if !self.pinned.contains(from) || attacks::aligned(from, to, self.king) {
            let m = Move::Normal {
                role,
                from,
                capture: self.board.role_at(to),
                to,
                promotion,
            };
            push(m, check);
        }
    }

    /// Whether a pawn promoting to `role` on `to` may give check: it may uncover a line, or
    /// its new piece see the king, through the square it leaves too.
    fn promotion_checks(&self, from: Square, to: Square, role: Role) -> bool {
        let Some(king) = self.checks.king else {
            return false;
        };
        let occupied = (self.occupied ^ Bitboard::from(from)) | Bitboard::from(to);
        self.checks.lines.contains(from)
            || match role {
                Role::Knight => self.checks.knight.contains(to),
                Role::Bishop => attacks::bishop_attacks(king, occupied).contains(to),
                Role::Rook => attacks::rook_attacks(king, occupied).contains(to),
                Role::Queen => attacks::queen_attacks(king, occupied).contains(to),
                Role::Pawn | Role::King => false,
            }
    }

    /// Pawns, knights, bishops, rooks and queens onto `target`.
    fn non_king(&self, target: Bitboard, push: &mut impl FnMut(Move, bool)) {
        self.pawns(target, push);
        let ours = |role: Role| self.board.by_role(role) & self.us;
        for from in ours(Role::Knight) {
            let checking = self.checks.from(Role::Knight, from);
            for to in attacks::knight_attacks(from) & target {
                self.push_normal((Role::Knight, from, to), None, checking.contains(to), push);
            }
        }
        self.slider(Role::Bishop, attacks::bishop_attacks, target, push);
        self.slider(Role::Rook, attacks::rook_attacks, target, push);
        self.slider(Role::Queen, attacks::queen_attacks, target, push);
    }

    /// The moves of the mover's pieces of `role`, a slider seeing `reach` from its square.
    #[inline(always)]
    fn slider(
        &self,
        role: Role,
        reach: impl Fn(Square, Bitboard) -> Bitboard,
        target: Bitboard,
        push: &mut impl FnMut(Move, bool),
    ) {
        for from in self.board.by_role(role) & self.us {
            let checking = self.checks.from(role, from);
            for to in reach(from, self.occupied) & target {
                self.push_normal((role, from, to), None, checking.contains(to), push);
            }
        }
    }

    /// Pawn captures (towards the a-file side, then the h-file side; in each direction those
    /// that do not promote first), single steps (promotions last), then double steps, onto
    /// `target`. In square offsets: White's pawns step +8 and capture +7 and +9.
    fn pawns(&self, target: Bitboard, push: &mut impl FnMut(Move, bool)) {
        let pawns = (self.board.pawns() & self.us).0;
        let white = self.turn == Color::White;
        // Squares reached by a capture towards the a-file, the h-file, and the offsets back.
        let (west, east) = pawn_captures(pawns, self.turn);
        let (west_back, east_back) = if white { (-7, -9) } else { (9, 7) };
        self.pawns_onto(Bitboard(west) & self.them & target, west_back, push);
        self.pawns_onto(Bitboard(east) & self.them & target, east_back, push);
        let empty = !self.occupied;
        let (step, single) = if white {
            (8, Bitboard(pawns << 8) & empty)
        } else {
            (-8, Bitboard(pawns >> 8) & empty)
        };
        self.pawns_onto(single & target, -step, push);
        let (double, half) = if white {
            (Bitboard(single.0 << 8), Bitboard::SOUTH)
        } else {
            (Bitboard(single.0 >> 8), Bitboard::NORTH)
        };
        self.pawns_onto(double & half & empty & target, -2 * step, push);
    }

    /// Pawn moves onto `squares`, each from the square `back` from it: those that do not
    /// promote first, then the promotions.
    #[inline(always)]
    fn pawns_onto(&self, squares: Bitboard, back: i32, push: &mut impl FnMut(Move, bool)) {
        for to in squares & !Bitboard::BACKRANKS {
            if let Some(from) = to.offset(back) {
                let check = self.checks.from(Role::Pawn, from).contains(to);
                self.push_normal((Role::Pawn, from, to), None, check, push);
            }
        }
        for to in squares & Bitboard::BACKRANKS {
            if let Some(from) = to.offset(back) {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    let check = self.promotion_checks(from, to, role);
                    self.push_normal((Role::Pawn, from, to), Some(role), check, push);
                }
            }
        }
    }

    /// The king's steps onto `target` that no enemy piece attacks (its sliders' lines seen
    /// through the king's own square, as shakmaty does: out of check it is never on one, and in
    /// check the caller leaves the checking lines out).
    fn safe_king(&self, target: Bitboard, push: &mut impl FnMut(Move, bool)) {
        let steps = attacks::king_attacks(self.king) & target;
        if steps.is_empty() {
            return;
        }
        // The squares the enemy's pawns, knights and king attack, found once for all the
        // steps; its sliders' lines are looked up from each step.
        let board = self.board;
        let (west, east) = pawn_captures((board.pawns() & self.them).0, !self.turn);
        let mut covered = Bitboard(west | east);
        for knight in board.knights() & self.them {
            covered |= attacks::knight_attacks(knight);
        }
        for king in board.kings() & self.them {
            covered |= attacks::king_attacks(king);
        }
        let diagonal = board.bishops_and_queens() & self.them;
        let straight = board.rooks_and_queens() & self.them;
        // A king's step checks only by uncovering a line.
        let check = self.checks.lines.contains(self.king);
        for to in steps & !covered {
            if (attacks::bishop_attacks(to, self.occupied) & diagonal).is_empty()
                && (attacks::rook_attacks(to, self.occupied) & straight).is_empty()
            {
                let m = Move::Normal {
                    role: Role::King,
                    from: self.king,
                    capture: self.board.role_at(to),
                    to,
                    promotion: None,
                };
                push(m, check);
            }
        }
    }

    /// En passant onto `ep` (the square a pawn just skipped), by each pawn beside it whose
    /// king is not left attacked (the captured pawn leaves its square too). Marked as checking
    /// when checks are asked (it is rare; two pawns leave their squares).
    fn en_passant(&self, ep: Option<Square>, push: &mut impl FnMut(Move, bool)) {
        let Some(to) = ep else {
            return;
        };
        for from in self.board.pawns() & self.us & attacks::pawn_attacks(!self.turn, to) {
            let captured = Square::from_coords(to.file(), from.rank());
            let occupied = (self.occupied ^ Bitboard::from(from) ^ Bitboard::from(captured))
                | Bitboard::from(to);
            let attackers = self.board.attacks_to(self.king, !self.turn, occupied);
            if (attackers & !Bitboard::from(captured)).is_empty() {
                push(Move::EnPassant { from, to }, self.checks.king.is_some());
            }
        }
    }

    /// Castling on `side`: the rook still may, nothing stands between, and the king neither
    /// stands, passes nor lands attacked. Marked as checking when checks are asked (the rook
    /// may check from its new square).
    fn castle(&self, pos: &Chess, side: CastlingSide, push: &mut impl FnMut(Move, bool)) {
        let castles = pos.castles();
        let Some(rook) = castles.rook(self.turn, side) else {
            return;
        };
        if (castles.path(self.turn, side) & self.occupied).any() {
            return;
        }
        let king = Bitboard::from(self.king);
        let king_to = side.king_to(self.turn);
        let after =
            self.occupied ^ king ^ Bitboard::from(rook) ^ Bitboard::from(side.rook_to(self.turn));
        if self.board.attacks_to(king_to, !self.turn, after).any() {
            return;
        }
        for sq in attacks::between(self.king, king_to) | king {
            if self
                .board
                .attacks_to(sq, !self.turn, self.occupied ^ king)
                .any()
            {
                return;
            }
        }
        let m = Move::Castle {
            king: self.king,
            rook,
        };
        push(m, self.checks.king.is_some());
    }
}
