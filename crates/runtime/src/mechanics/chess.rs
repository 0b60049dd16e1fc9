//! Chess mechanics on shakmaty: the position, its repetition count under the identity of 9.2.2,
//! and lazily computed facts.
//!
//! Positions are identified by a key of the pieces on their squares, the side to move, castling
//! *rights* (9.2.2.2) and en passant counted only when legally possible (9.2.2.1). Positions are
//! found by a hash of the key and every match is confirmed by comparing the full key, so the
//! count is exact. Only positions since the last irreversible move are kept:
//! after a pawn move, a capture, a change of castling rights or a lapsed en passant right no
//! earlier position can recur.

use std::cell::Cell;

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

use super::history::{History, Repeatable};
use super::{Mechanics, TouchFacts};
use crate::analysis::{self, DeadStatus, Line, Shown, Winnability};
use crate::unwinnable::Proof;
use crate::unwinnable::{Budget, Helpmate};

/// What makes two positions the same under 9.2.2, with a hash of it in front: the derived
/// comparison looks at the hash first, so unequal keys rarely cost more than one comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    hash: u64,
    board: Board,
    turn: Color,
    castling_rights: Bitboard,
    legal_ep: Option<Square>,
}

impl Repeatable for Key {
    fn repetition_hash(&self) -> u64 {
        self.hash
    }
}

impl Key {
    fn of(pos: &Chess, legal_ep: Option<Square>) -> Key {
        let (board, turn) = (pos.board(), pos.turn());
        let castling_rights = pos.castles().castling_rights();
        Key {
            hash: hash(board, turn, castling_rights, legal_ep),
            board: board.clone(),
            turn,
            castling_rights,
            legal_ep,
        }
    }
}

/// A hash of a key's parts, to find candidates, far cheaper per ply than a Zobrist hash
/// recomputed or updated move by move: each word is multiplied by its own odd constant (the
/// products are independent, so they run side by side) and the products are combined and mixed
/// once. Equal keys have equal hashes; a collision costs only a full comparison.
fn hash(b: &Board, turn: Color, castling_rights: Bitboard, legal_ep: Option<Square>) -> u64 {
    const K: [u64; 10] = [
        0x9E37_79B9_7F4A_7C15,
        0xC2B2_AE3D_27D4_EB4F,
        0x1656_67B1_9E37_79F9,
        0x85EB_CA77_C2B2_AE63,
        0x27D4_EB2F_1656_67C5,
        0xFF51_AFD7_ED55_8CCD,
        0xC4CE_B9FE_1A85_EC53,
        0xD6E8_FEB8_6659_FD93,
        0xA076_1D64_78BD_642F,
        0xE703_7ED1_A0B4_28DB,
    ];
    let words = [
        b.by_color(Color::White).0,
        b.by_color(Color::Black).0,
        b.pawns().0,
        b.knights().0,
        b.bishops().0,
        b.rooks().0,
        b.queens().0,
        b.kings().0,
        castling_rights.0,
        (u64::from(turn.is_white()) << 8) | legal_ep.map_or(64, u64::from),
    ];
    let mut h = 0u64;
    for (w, k) in words.iter().zip(K) {
        h ^= w.wrapping_mul(k).rotate_left(31);
    }
    (h ^ (h >> 29)).wrapping_mul(K[0])
}

/// A chess game's position as play proceeds (the [`Mechanics`] of chess).
#[derive(Clone, Debug)]
pub struct ChessMechanics {
    pos: Chess,
    /// Positions since the last irreversible move, the current one last.
    history: History<Key>,
    /// Appearances of the current position, this one included.
    repetitions: u32,
    /// Lazily: does the side to move have a legal move?
    has_legal_move: Option<bool>,
    /// The en passant square if a capture there is legal (computed once per position).
    legal_ep: Option<Square>,
    /// Lazily: is the side to move in check? Most plies never ask: a mate or stalemate is looked
    /// for only when the side to move has no legal move.
    in_check: Cell<Option<bool>>,
    /// Whether White and Black have mating material (computed when material changes).
    can_win: [bool; 2],
    /// Whether the position is one a game can reach, which the unwinnability engine is asked
    /// about: false after an illegal move played as made left one it cannot handle (the side
    /// not to move in check, a pawn on its first or last rank), until a position is legal again.
    analysable: bool,
}

impl Default for ChessMechanics {
    fn default() -> ChessMechanics {
        ChessMechanics::new(Chess::default())
    }
}

impl ChessMechanics {
    /// The game from `pos` (the standard start, or a record's `[FEN]`).
    pub fn new(pos: Chess) -> ChessMechanics {
        let legal_ep = pos.legal_ep_square();
        let key = Key::of(&pos, legal_ep);
        ChessMechanics {
            history: History::starting(key),
            repetitions: 1,
            has_legal_move: None,
            in_check: Cell::new(None),
            can_win: mating_material(&pos),
            legal_ep,
            analysable: true,
            pos,
        }
    }

    /// The shakmaty position, for what only chess does with it (reading and naming moves in
    /// SAN, the piece on a touched square).
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The position after the legal move `m`.
    fn after(&self, m: Move) -> Chess {
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        after
    }
}

impl Mechanics for ChessMechanics {
    type Move = Move;
    type Kind = Role;

    fn to_move(&self) -> Color {
        self.pos.turn()
    }

    fn fullmoves(&self) -> u32 {
        self.pos.fullmoves().get()
    }

    fn is_legal(&self, m: Move) -> bool {
        self.pos.is_legal(m)
    }

    fn play(&mut self, m: Move) {
        let rights = self.pos.castles().castling_rights();
        self.pos.play_unchecked(m);
        if m.is_capture() || m.is_promotion() {
            self.can_win = mating_material(&self.pos);
        }
        let irreversible = irreversible(m, self.legal_ep, rights, &self.pos);
        self.legal_ep = self.pos.legal_ep_square();
        self.in_check.set(None);
        self.has_legal_move = None;
        if irreversible {
            self.history.clear();
        }
        let key = Key::of(&self.pos, self.legal_ep);
        self.repetitions = 1 + self.history.count(&key);
        self.history.push(key);
        if !self.analysable {
            self.analysable = reachable(&self.pos);
        }
    }

    fn play_as_made(&mut self, m: Move) {
        // The move made may change material however it likes (a capture the laws forbid).
        self.play(m);
        self.can_win = mating_material(&self.pos);
        self.analysable = reachable(&self.pos);
    }

    fn touch_facts(&self, touched: &[Square], m: Move) -> TouchFacts {
        let legal = self.pos.legal_moves();
        let board = self.pos.board();
        TouchFacts::measure(
            touched,
            self.pos.turn(),
            |sq| board.color_at(sq),
            |sq| legal.iter().any(|l| l.from() == Some(sq)),
            |sq| legal.iter().any(|l| taken_square(l) == Some(sq)),
            |a, b| (legal.iter()).any(|l| l.from() == Some(a) && taken_square(l) == Some(b)),
            m.from().unwrap_or(m.to()),
            |sq| taken_square(&m) == Some(sq),
        )
    }

    fn touched_by(&self, m: Move) -> Vec<Square> {
        let mut out = vec![m.from().unwrap_or(m.to())];
        out.extend(taken_square(&m));
        out
    }

    fn deadness(&self, budget: &Budget) -> (DeadStatus, u64) {
        if self.analysable {
            return analysis::deadness_given(&self.pos, budget, [None, None]);
        }
        let (white, w) = unanalysable(&self.pos, Color::White, budget);
        let (black, b) = unanalysable(&self.pos, Color::Black, budget);
        let nodes = w.saturating_add(b);
        let status = match (white, black) {
            (Winnability::Cannot { tier: w, .. }, Winnability::Cannot { tier: b, .. }) => {
                DeadStatus::Dead { white: w, black: b }
            }
            (Winnability::Can(_), _) | (_, Winnability::Can(_)) => DeadStatus::Alive,
            _ => DeadStatus::Undetermined { nodes },
        };
        (status, nodes)
    }

    fn note_legal_move(&mut self) {
        self.has_legal_move = Some(true);
    }

    fn has_legal_move(&mut self) -> bool {
        *self
            .has_legal_move
            .get_or_insert_with(|| !self.pos.legal_moves().is_empty())
    }

    fn in_check(&self) -> bool {
        match self.in_check.get() {
            Some(known) => known,
            None => {
                let known = self.pos.is_check();
                self.in_check.set(Some(known));
                known
            }
        }
    }

    fn repetitions(&self) -> u32 {
        self.repetitions
    }

    fn repetitions_after(&self, m: Move) -> u32 {
        let after = self.after(m);
        let rights = self.pos.castles().castling_rights();
        if irreversible(m, self.legal_ep, rights, &after) {
            return 1;
        }
        let ep = after.legal_ep_square();
        1 + self.history.count(&Key::of(&after, ep))
    }

    fn plies_since_irreversible(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn plies_since_irreversible_after(&self, m: Move) -> u32 {
        self.after(m).halfmoves()
    }

    fn can_win(&self, side: Color) -> bool {
        match side {
            Color::White => self.can_win[0],
            Color::Black => self.can_win[1],
        }
    }

    fn winnability(&self, side: Color, budget: &Budget) -> (Winnability, u64) {
        if self.analysable {
            analysis::winnability(&self.pos, side, budget)
        } else {
            unanalysable(&self.pos, side, budget)
        }
    }

    fn helpmate_line(&self, side: Color, helpmate: &Helpmate, shown: Shown) -> Option<Line> {
        shown.line(&self.pos, side, &helpmate.moves)
    }

    fn forced_line(&self, proofs: &[(Color, Proof)]) -> Option<Line> {
        self.analysable
            .then(|| analysis::forced_line(&self.pos, proofs))
            .flatten()
    }

    fn occupied(&self, sq: Square) -> bool {
        self.pos.board().piece_at(sq).is_some()
    }

    fn move_text(&self, m: Move) -> String {
        shakmaty::san::San::from_move(&self.pos, m).to_string()
    }

    fn count(&self, side: Color, kind: Role) -> u32 {
        (self.pos.board().by_color(side) & self.pos.board().by_role(kind)).count() as u32
    }
}

/// The square of the piece a move takes, if it takes one (en passant: the pawn beside).
fn taken_square(m: &Move) -> Option<Square> {
    match *m {
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        _ => None,
    }
}

/// Whether `pos` is a position a game can reach, as shakmaty checks a set-up position (both
/// kings, no pawn on the first or last rank, the side not to move not in check, a possible
/// check): the positions the unwinnability engine is written for.
fn reachable(pos: &Chess) -> bool {
    use shakmaty::FromSetup;
    let setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    Chess::from_setup(setup, shakmaty::CastlingMode::Standard).is_ok()
}

/// Can `side` checkmate from a position the engine is not asked about (see
/// [`ChessMechanics::analysable`]), and the positions examined: the material's proof that it
/// cannot; or a helpmate through one of the legal moves of the side to move into a position the
/// engine is asked about (a certificate whatever the position: every move of it legal, the last
/// one mate); else undetermined, never guessed.
fn unanalysable(pos: &Chess, side: Color, budget: &Budget) -> (Winnability, u64) {
    if pos.has_insufficient_material(side) {
        let cannot = Winnability::Cannot {
            tier: Proof::Material,
            forced: None,
        };
        return (cannot, 0);
    }
    // Each way on is asked with a share of the budget, the first helpmate found ending it.
    let per = Budget {
        nodes: (budget.nodes / 8).max(1),
        ..*budget
    };
    let mut spent: u64 = 0;
    for m in pos.legal_moves() {
        // The whole question stays within its budget.
        if spent >= budget.nodes {
            break;
        }
        // The king is never taken: a move that would is no way on.
        if matches!(
            m,
            Move::Normal {
                capture: Some(Role::King),
                ..
            }
        ) {
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        if !reachable(&after) {
            continue;
        }
        let (w, nodes) = analysis::winnability(&after, side, &per);
        spent = spent.saturating_add(nodes);
        match w {
            Winnability::Can(h) => {
                let mut moves = vec![m];
                moves.extend(h.moves);
                return (Winnability::Can(Helpmate { moves }), spent);
            }
            Winnability::Undetermined { .. } | Winnability::Cannot { .. } => {}
        }
        spent = spent.saturating_add(1);
    }
    (Winnability::Undetermined { nodes: spent }, spent)
}

/// Whether White and Black (in that order) have mating material.
fn mating_material(pos: &Chess) -> [bool; 2] {
    [
        !pos.has_insufficient_material(Color::White),
        !pos.has_insufficient_material(Color::Black),
    ]
}

/// After a pawn move, a capture, a change of castling rights, or once a legal en passant capture
/// has lapsed, no earlier position can appear again. `legal_ep` and `rights` are of the position
/// before `m`; `after` is the position after it.
fn irreversible(m: Move, legal_ep: Option<Square>, rights: Bitboard, after: &Chess) -> bool {
    m.is_capture()
        || m.role() == Role::Pawn
        || legal_ep.is_some()
        || rights != after.castles().castling_rights()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::san::San;

    fn from_fen(fen: &str) -> ChessMechanics {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        ChessMechanics::new(pos)
    }

    fn mv(g: &ChessMechanics, san: &str) -> Move {
        san.parse::<San>().unwrap().to_move(g.position()).unwrap()
    }

    fn play(g: &mut ChessMechanics, sans: &str) {
        for s in sans.split_whitespace() {
            let m = mv(g, s);
            g.play(m);
        }
    }

    fn after(sans: &str) -> ChessMechanics {
        let mut g = ChessMechanics::default();
        play(&mut g, sans);
        g
    }

    #[test]
    fn a_long_game_without_irreversible_moves_counts_the_same_past_the_scan() {
        // Issue 12 (s): knights shuffling for 2,000 plies (no automatic draw in `historical`);
        // every fourth ply is the start position again.
        let mut g = ChessMechanics::default();
        for i in 1..=500u32 {
            play(&mut g, "Nf3 Nf6 Ng1 Ng8");
            assert_eq!(g.repetitions(), i + 1);
        }
        play(&mut g, "Nc3");
        assert_eq!(g.repetitions(), 1);
    }

    #[test]
    fn knight_shuffle_counts() {
        let mut g = ChessMechanics::default();
        assert_eq!(g.repetitions(), 1);
        play(&mut g, "Nf3 Nf6 Ng1");
        assert_eq!(g.repetitions(), 1);
        play(&mut g, "Ng8");
        assert_eq!(g.repetitions(), 2);
        play(&mut g, "Nf3");
        assert_eq!(g.repetitions(), 2);
        play(&mut g, "Nf6 Ng1 Ng8");
        assert_eq!(g.repetitions(), 3);
        play(&mut g, "Nc3 Nc6 Nb1 Nb8");
        assert_eq!(g.repetitions(), 4);
    }

    #[test]
    fn castling_rights_make_positions_differ() {
        // Same squares as after 1.e4 e5, but castling rights are gone.
        assert_eq!(after("e4 e5 Ke2 Ke7 Ke1 Ke8").repetitions(), 1);
        // Same squares as after 1.Nf3 Nf6, but the kingside rights are gone; from there on the
        // position without them repeats.
        let mut g = after("Nf3 Nf6 Rg1 Rg8 Rh1 Rh8");
        assert_eq!(g.repetitions(), 1);
        play(&mut g, "Ng1 Ng8 Nf3 Nf6");
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn an_en_passant_square_with_no_capture_does_not_count() {
        // After 1.e4 the FEN names e3, but no black pawn can take there: the position recurs.
        let mut g = after("e4");
        play(&mut g, "Nf6 Nf3 Ng8 Ng1");
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn a_legal_en_passant_capture_makes_the_position_differ() {
        // After 3...d5, exd6 is legal: the same squares without that right are a new position.
        let mut g = after("e4 a6 e5 d5");
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(g.repetitions(), 1);
        play(&mut g, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn a_pseudo_legal_en_passant_capture_that_is_illegal_does_not_count() {
        // bxc6 e.p. would take both pawns off the fifth rank and expose the king to the rook.
        let mut g = from_fen("7k/2p5/8/KP5r/8/8/8/8 b - - 0 1");
        play(&mut g, "c5");
        assert_eq!(g.legal_ep, None);
        play(&mut g, "Ka4 Kg8 Ka5 Kh8");
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn repetitions_after_a_move() {
        let g = after("Nf3 Nf6 Ng1");
        assert_eq!(g.repetitions_after(mv(&g, "Ng8")), 2);
        assert_eq!(g.repetitions_after(mv(&g, "Nh5")), 1);
        // A pawn move can repeat nothing.
        assert_eq!(g.repetitions_after(mv(&g, "e5")), 1);
        // Asking changes nothing.
        assert_eq!(g.repetitions(), 1);
        let g = after("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert_eq!(g.repetitions_after(mv(&g, "Ng8")), 3);
        // Losing castling rights: the same squares are a new position.
        let g = after("e4 e5 Ke2 Ke7 Ke1");
        assert_eq!(g.repetitions_after(mv(&g, "Ke8")), 1);
        let g = after("Nf3 Nf6 Rg1 Rg8 Rh1 Rh8 Ng1 Ng8 Nf3");
        assert_eq!(g.repetitions_after(mv(&g, "Nf6")), 2);
    }

    #[test]
    fn repetitions_after_a_move_with_en_passant() {
        // The position after 1.e4 (no capture possible on e3) recurs after 3.Ng1.
        let g = after("e4 Nf6 Nf3 Ng8");
        assert_eq!(g.repetitions_after(mv(&g, "Ng1")), 2);
        // With exd6 e.p. legal after 3...d5, the later position without it is new.
        let g = after("e4 a6 e5 d5 Nf3 Nf6 Ng1");
        assert_eq!(g.repetitions_after(mv(&g, "Ng8")), 1);
    }

    #[test]
    fn plies_since_a_pawn_move_or_capture() {
        let mut g = ChessMechanics::default();
        assert_eq!(g.plies_since_irreversible(), 0);
        play(&mut g, "Nf3 Nf6 Ng1");
        assert_eq!(g.plies_since_irreversible(), 3);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "Ng8")), 4);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "e5")), 0);
        assert_eq!(g.plies_since_irreversible(), 3);
        play(&mut g, "d5 Nf3 Nc6 Ne5");
        assert_eq!(g.plies_since_irreversible(), 3);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "Nb8")), 4);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "Nxe5")), 0);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "d4")), 0);
        play(&mut g, "Nxe5 Nc3");
        assert_eq!(g.plies_since_irreversible(), 1);
        // Castling and losing castling rights do not reset the count.
        let g = after("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Ke7");
        assert_eq!(g.plies_since_irreversible(), 6);
    }

    #[test]
    fn plies_since_irreversible_from_a_fen_count_on() {
        let mut g = from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 57 80");
        assert_eq!(g.plies_since_irreversible(), 57);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "Kd1")), 58);
        assert_eq!(g.plies_since_irreversible_after(mv(&g, "e4")), 0);
        play(&mut g, "Kd2 Kd8");
        assert_eq!(g.plies_since_irreversible(), 59);
        assert_eq!(g.fullmoves(), 81);
    }

    #[test]
    fn mating_material() {
        let can_win = |fen: &str| {
            let g = from_fen(fen);
            (g.can_win(Color::White), g.can_win(Color::Black))
        };
        assert_eq!(can_win("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), (false, false));
        assert_eq!(can_win("4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), (false, false));
        assert_eq!(can_win("4k3/8/8/8/8/8/8/3BK3 w - - 0 1"), (false, false));
        assert_eq!(can_win("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"), (true, false));
        assert_eq!(can_win("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"), (true, false));
        assert_eq!(can_win("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), (true, false));
        assert_eq!(can_win("4k2r/8/8/8/8/8/8/3QK3 w - - 0 1"), (true, true));
        // Bishops on squares of one colour cannot mate; on both colours they can.
        assert_eq!(can_win("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1"), (false, false));
        assert_eq!(can_win("3bk3/8/8/8/8/8/8/3BK3 w - - 0 1"), (true, true));
        assert!(ChessMechanics::default().can_win(Color::White));
    }

    #[test]
    fn material_counts() {
        let g = ChessMechanics::default();
        let counts = |g: &ChessMechanics, side| Role::ALL.map(|r| g.count(side, r));
        // Pawn, knight, bishop, rook, queen, king.
        assert_eq!(counts(&g, Color::White), [8, 2, 2, 2, 1, 1]);
        assert_eq!(counts(&g, Color::Black), [8, 2, 2, 2, 1, 1]);
        let g = after("e4 d5 exd5 Qxd5 Nc3 Qxa2 Rxa2");
        assert_eq!(counts(&g, Color::White), [6, 2, 2, 2, 1, 1]);
        assert_eq!(counts(&g, Color::Black), [7, 2, 2, 2, 0, 1]);
        let g = from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let mut g2 = g.clone();
        play(&mut g2, "a8=N");
        assert_eq!(counts(&g, Color::White), [1, 0, 0, 0, 0, 1]);
        assert_eq!(counts(&g2, Color::White), [0, 1, 0, 0, 0, 1]);
    }

    #[test]
    fn check_mate_and_stalemate() {
        let mut g = ChessMechanics::default();
        assert!(!g.in_check() && g.has_legal_move());
        // Check with a way out.
        let mut g2 = after("e4 f5 Qh5+");
        assert!(g2.in_check() && g2.has_legal_move());
        // Fool's mate.
        play(&mut g, "f3 e5 g4 Qh4#");
        assert_eq!((g.in_check(), g.has_legal_move()), (true, false));
        assert_eq!(g.to_move(), Color::White);
        // Stalemate.
        let mut g = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!((g.in_check(), g.has_legal_move()), (false, false));
        // The record's next move being legal is taken as known, until the next move.
        let mut g = after("e4");
        g.note_legal_move();
        assert!(g.has_legal_move());
        play(&mut g, "e5");
        assert_eq!(g.has_legal_move, None);
    }

    #[test]
    fn legality_and_side_to_move() {
        let g = after("e4");
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.fullmoves(), 1);
        let e5 = mv(&g, "e5");
        assert!(g.is_legal(e5));
        let white = ChessMechanics::default();
        assert!(!white.is_legal(e5));
    }
}
