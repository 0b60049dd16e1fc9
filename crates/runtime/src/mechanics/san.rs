//! A recorded move's SAN resolved in a chess position: shakmaty's answer, found without
//! generating a move list where that is simple.
//!
//! Resolving a SAN is the replay's main cost. shakmaty 0.30.1's `San::to_move` lists the
//! candidate moves into a 2 KB `MoveList` and returns it by value (copied: a quarter of the
//! resolution's instructions). A piece, pawn or king move has at most a few candidates, found
//! from the attack tables, each legal unless it is pinned off its line to the king or leaves a
//! check unanswered (a king's step: unless its square is attacked): those are resolved here.
//! Everything else (castling, en passant, anything unusual) is left to shakmaty. The answer is
//! shakmaty's in every case: a test compares the two on every SAN a position can be given, in
//! thousands of positions.

use shakmaty::san::{San, SanError};
use shakmaty::{Bitboard, Chess, Color, Move, Position, Rank, Role, Square, attacks};

/// The legal move `san` names in `pos`, as shakmaty's `San::to_move` answers.
pub fn to_move(pos: &Chess, san: &San) -> Result<Move, SanError> {
    match quick(pos, san) {
        Some(answer) => answer,
        None => san.to_move(pos),
    }
}

/// `to_move` for a piece, pawn or king move; `None` for what shakmaty is asked.
fn quick(pos: &Chess, san: &San) -> Option<Result<Move, SanError>> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let board = pos.board();
    let turn = pos.turn();
    if pos.us().contains(to) {
        return None;
    }
    let king = board.king_of(turn)?;
    // In check, a move other than the king's must take the one checker or block it.
    let checkers = pos.checkers();
    let evasion = match checkers.first() {
        None => Bitboard::FULL,
        Some(_) if checkers.more_than_one() => Bitboard::EMPTY,
        Some(checker) => attacks::between(king, checker).with(checker),
    };
    let taken = board.role_at(to);
    if role == Role::Pawn && capture && taken.is_none() {
        // En passant (which may take a checker standing beside the square it goes to).
        return None;
    }
    if role != Role::King && !evasion.contains(to) {
        return Some(Err(SanError::IllegalSan));
    }
    // What shakmaty's candidates are filtered by besides the hints: the capture mark and the
    // piece a pawn reaching the last rank becomes (a piece move promotes to nothing).
    let last = match turn {
        Color::White => Rank::Eighth,
        Color::Black => Rank::First,
    };
    let promotes = role == Role::Pawn && to.rank() == last;
    let promotion_fits = match promotion {
        None => !promotes,
        Some(p) => promotes && matches!(p, Role::Queen | Role::Rook | Role::Bishop | Role::Knight),
    };
    if capture != taken.is_some() || !promotion_fits {
        return Some(Err(SanError::IllegalSan));
    }
    let occupied = board.occupied();
    let ours = board.by_piece(role.of(turn));
    let from = match role {
        Role::Pawn => pawn_from(turn, to, capture, occupied, ours),
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        // A step to a square no enemy piece attacks once the king has left its own (a
        // checking slider's line goes on past it).
        Role::King
            if board
                .attacks_to(to, !turn, occupied.without(king))
                .is_empty() =>
        {
            attacks::king_attacks(to) & ours
        }
        Role::King => Bitboard::EMPTY,
    };
    let blockers = pinned(pos, king);
    let mut found = None;
    for sq in from {
        if file.is_some_and(|f| f != sq.file()) || rank.is_some_and(|r| r != sq.rank()) {
            continue;
        }
        if blockers.contains(sq) && !attacks::aligned(sq, to, king) {
            continue;
        }
        if found.is_some() {
            return Some(Err(SanError::AmbiguousSan));
        }
        found = Some(Move::Normal {
            role,
            from: sq,
            capture: taken,
            to,
            promotion,
        });
    }
    Some(found.ok_or(SanError::IllegalSan))
}

/// The squares a pawn of `turn` may come to `to` from (before pins): a capture onto an enemy
/// piece, or a push onto an empty square (`quick` has checked which `to` holds).
fn pawn_from(
    turn: Color,
    to: Square,
    capture: bool,
    occupied: Bitboard,
    ours: Bitboard,
) -> Bitboard {
    if capture {
        // A pawn of `turn` on these squares attacks `to`.
        return attacks::pawn_attacks(!turn, to) & ours;
    }
    let (step, double) = match turn {
        Color::White => (-8, Rank::Fourth),
        Color::Black => (8, Rank::Fifth),
    };
    let Some(one) = to.offset(step) else {
        return Bitboard::EMPTY;
    };
    if ours.contains(one) {
        return Bitboard::from_square(one);
    }
    if to.rank() != double || occupied.contains(one) {
        return Bitboard::EMPTY;
    }
    one.offset(step)
        .map_or(Bitboard::EMPTY, |two| Bitboard::from_square(two) & ours)
}

/// The pieces standing alone between `king` and an enemy slider on its line (shakmaty's
/// `slider_blockers`): a piece of ours among them may move only along that line.
fn pinned(pos: &Chess, king: Square) -> Bitboard {
    let board = pos.board();
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers & pos.them() {
        let b = attacks::between(king, sniper) & board.occupied();
        if !b.more_than_one() {
            blockers |= b;
        }
    }
    blockers
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, File};

    /// Every SAN worth asking in `pos`: every role to every square, with and without each
    /// hint, capture mark and promotion (plus the legal moves' own SANs).
    fn sans(pos: &Chess) -> Vec<San> {
        let mut out = Vec::new();
        let hints = |sq: Option<Square>| {
            let mut h = vec![(None, None)];
            if let Some(sq) = sq {
                h.push((Some(sq.file()), None));
                h.push((None, Some(sq.rank())));
                h.push((Some(sq.file()), Some(sq.rank())));
            }
            h.push((Some(File::A), None));
            h
        };
        for m in pos.legal_moves() {
            out.push(San::from_move(pos, m));
            if let Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } = m
            {
                for (file, rank) in hints(Some(from)) {
                    for capture in [capture.is_some(), capture.is_none()] {
                        for promotion in [promotion, None, Some(Role::Queen), Some(Role::King)] {
                            out.push(San::Normal {
                                role,
                                file,
                                rank,
                                capture,
                                to,
                                promotion,
                            });
                        }
                    }
                }
            }
        }
        for role in Role::ALL {
            for to in Square::ALL {
                for capture in [false, true] {
                    out.push(San::Normal {
                        role,
                        file: None,
                        rank: None,
                        capture,
                        to,
                        promotion: None,
                    });
                }
            }
        }
        out
    }

    fn agree(pos: &Chess) -> usize {
        let mut n = 0;
        for san in sans(pos) {
            assert_eq!(
                to_move(pos, &san),
                san.to_move(pos),
                "{san} in {}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
            n += 1;
        }
        n
    }

    /// A small deterministic generator (xorshift): the same positions every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn the_answer_is_shakmatys_on_every_san_in_random_games() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut positions, mut asked) = (0, 0);
        for _ in 0..60 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                asked += agree(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let i = usize::try_from(rng.next() % moves.len() as u64).unwrap();
                pos.play_unchecked(moves[i]);
            }
        }
        assert!(
            positions > 3_000 && asked > 1_000_000,
            "{positions} {asked}"
        );
    }

    #[test]
    fn the_answer_is_shakmatys_in_pins_promotions_checks_and_en_passant() {
        for fen in [
            // A pinned knight, a bishop pinned along its diagonal, a rook pinned on a file.
            "4k3/8/8/8/b7/8/2N5/4K3 w - - 0 1",
            "4k3/8/8/7b/8/8/4B3/3K4 w - - 0 1",
            "4r1k1/8/8/8/8/8/4R3/4K2R w K - 0 1",
            // Two knights and two rooks that can reach the same square; a pinned one of them.
            "4k3/8/8/8/8/2N3N1/8/R3K2R w KQ - 0 1",
            "1k6/8/8/8/q7/8/2N1N3/4K3 w - - 0 1",
            // Promotions, with captures, and a pinned pawn that cannot take.
            "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/p1p5/1N2K3 b - - 0 1",
            "4k3/8/8/1b6/2P5/8/4K3/8 w - - 0 1",
            // En passant (left to shakmaty), a pawn pinned on its file, double steps.
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/1p6/P7/4K3 w - - 0 1",
            // A king beside squares a rook and a knight attack, and one that may take an
            // undefended rook but not a defended knight (neither king in check).
            "4k3/8/8/8/5n2/8/r7/4K3 w - - 0 1",
            "4k3/8/8/8/8/2p5/3n1r2/4K3 w - - 0 1",
            // In check: by a pawn en passant can take, by a slider a piece can block or take,
            // twice (only the king may move), by a knight.
            "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1",
            "4k3/8/8/8/1b6/8/2N5/R3K2R w KQ - 0 1",
            "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
            "4k3/8/8/8/8/3n4/2B5/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1",
        ] {
            let pos: Chess = match fen.parse::<Fen>() {
                Ok(f) => f.into_position(CastlingMode::Standard).unwrap(),
                Err(e) => panic!("{fen}: {e}"),
            };
            agree(&pos);
        }
    }
}
