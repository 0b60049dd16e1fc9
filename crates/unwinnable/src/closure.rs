//! Exhaustive reachable-set closure (tiers 7 and 9): breadth first over every position
//! reachable from the root, deduplicated by exact key. Positions where the winner has
//! insufficient material, and terminal positions, are not expanded (no mate by the winner can
//! follow them). Sound and complete, but only affordable for small reachable sets, hence a cap.
//!
//! Positions are stored packed (the [`Packed`] key, 32 bytes, and the parent's index: about 40
//! bytes a position, where a full `Chess` and a hashed key took about 290), deduplicated by an
//! open-addressing table of indices into the list (4 to 8 bytes a position), and rebuilt with
//! `Chess::from_setup` when their turn to be expanded comes. The moves of a helpmate found are
//! recovered from the parents at the end: the move of the parent whose child packs to the
//! child's key. A position that does not pack (castling rights off the back ranks), or that
//! does not rebuild to the very key it was stored under, ends the closure without an answer
//! ([`Closure::TooBig`]): the packed form can never make it skip or confuse a position.

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, PositionError,
    Rank, Role, Setup, Square,
};

use super::Meter;

pub(crate) enum Closure {
    /// The loser can be mated: a shortest line from the root.
    Mate(Vec<Move>),
    /// Every reachable position (this many) was seen, none the loser mated.
    Complete(usize),
    /// More than the cap (or a position the packed form cannot hold): gave up.
    TooBig,
    /// The node or time budget ran out.
    Spent,
}

/// An exact position key, packed: the occupied squares, a 4-bit code (colour, role) for each
/// occupied square in square order (at most 32 pieces), and the side to move, the legal
/// en-passant square and the castling rights (rook squares on the first and eighth ranks).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Packed([u64; 4]);

/// Code of a role in a packed key (1 to 6; 0 is never used).
fn role_code(role: Role) -> u64 {
    match role {
        Role::Pawn => 1,
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 4,
        Role::Queen => 5,
        Role::King => 6,
    }
}

fn code_role(code: u64) -> Option<Role> {
    Some(match code {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}

impl Packed {
    /// `None` for a position the form cannot hold (more than 32 pieces, castling rights off the
    /// back ranks).
    pub(crate) fn new(pos: &Chess) -> Option<Packed> {
        let board = pos.board();
        let occupied = board.occupied();
        if occupied.count() > 32 {
            return None;
        }
        let mut codes = [0u64; 2];
        for (i, sq) in occupied.into_iter().enumerate() {
            let piece = board.piece_at(sq)?;
            let code = role_code(piece.role) | (u64::from(piece.color == Color::Black) << 3);
            let word = codes.get_mut(i / 16)?;
            *word |= code << (4 * (i % 16));
        }
        let rights = pos.castles().castling_rights();
        let back = Bitboard::from(Rank::First) | Bitboard::from(Rank::Eighth);
        if !(rights & !back).is_empty() {
            return None;
        }
        // Rank 1 is bits 0-7 of a bitboard, rank 8 bits 56-63.
        let mut meta = (rights.0 & 0xff) | ((rights.0 >> 56) << 8);
        let ep = pos.legal_ep_square().map_or(64, |s| u64::from(s.to_u32()));
        meta |= ep << 16;
        meta |= u64::from(pos.turn() == Color::Black) << 24;
        Some(Packed([occupied.0, codes[0], codes[1], meta]))
    }

    /// The position again (castling in `mode`), if it rebuilds to this very key.
    pub(crate) fn unpack(&self, mode: CastlingMode) -> Option<Chess> {
        let [occupied, lo, hi, meta] = self.0;
        let mut board = Board::empty();
        for (i, sq) in Bitboard(occupied).into_iter().enumerate() {
            let word = if i < 16 { lo } else { hi };
            let code = (word >> (4 * (i % 16))) & 0xf;
            let color = if code & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            board.set_piece_at(
                sq,
                Piece {
                    color,
                    role: code_role(code & 7)?,
                },
            );
        }
        let rights = Bitboard((meta & 0xff) | (((meta >> 8) & 0xff) << 56));
        let ep = u32::try_from((meta >> 16) & 0x7f).ok().and_then(|e| {
            if e < 64 {
                Square::try_from(e).ok()
            } else {
                None
            }
        });
        let turn = if (meta >> 24) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let setup = Setup {
            board,
            turn,
            castling_rights: rights,
            ep_square: ep,
            ..Setup::empty()
        };
        // Children of a position are as legal as it is, and the root may be one a game cannot
        // reach (more bishops than promotions allow, an odd check): those two complaints are
        // about the history, not the board, and the key checked below is the position's all.
        let pos = Chess::from_setup(setup, mode)
            .or_else(PositionError::ignore_too_much_material)
            .or_else(PositionError::ignore_impossible_check)
            .ok()?;
        (Packed::new(&pos) == Some(*self)).then_some(pos)
    }

    fn hash(&self) -> u64 {
        let mut h: u64 = 0;
        for w in self.0 {
            h = (h.rotate_left(26) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h ^ (h >> 29)
    }
}

/// The positions seen, in the order found, with their parents; and the index over them.
struct Seen {
    keys: Vec<Packed>,
    parents: Vec<u32>,
    /// Open addressing, linear probing: indices into `keys`, `u32::MAX` for an empty slot. At
    /// most half full.
    slots: Vec<u32>,
}

impl Seen {
    fn new(root: Packed, cap: usize) -> Seen {
        let mut seen = Seen {
            keys: Vec::with_capacity(cap.min(1 << 16)),
            parents: Vec::with_capacity(cap.min(1 << 16)),
            slots: vec![u32::MAX; 1 << 10],
        };
        // The first insertion into an empty list.
        let _ = seen.insert(root, u32::MAX);
        seen
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    /// Adds `key` with its parent: `Some(false)` if it was there already, `None` if the list
    /// is full (the caller gives up: a position never added must not pass for one seen).
    fn insert(&mut self, key: Packed, parent: u32) -> Option<bool> {
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = (key.hash() as usize) & mask;
        loop {
            let slot = self.slots.get_mut(at)?;
            if *slot == u32::MAX {
                let index = u32::try_from(self.keys.len())
                    .ok()
                    .filter(|&i| i != u32::MAX)?;
                *slot = index;
                self.keys.push(key);
                self.parents.push(parent);
                return Some(true);
            }
            if self.keys.get(*slot as usize) == Some(&key) {
                return Some(false);
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![u32::MAX; size];
        let mask = size - 1;
        for (index, key) in self.keys.iter().enumerate() {
            let mut at = (key.hash() as usize) & mask;
            while self.slots.get(at).is_some_and(|&s| s != u32::MAX) {
                at = (at + 1) & mask;
            }
            if let Some(slot) = self.slots.get_mut(at) {
                *slot = index as u32;
            }
        }
    }
}

/// Breadth first from `root`, keeping at most `cap` positions, and giving up when more than
/// `wide` of them wait to be expanded and they are more than half the positions expanded so
/// far (the set is still growing fast: the closures of the test set that ended never did that
/// late; the nodes are left to the searches).
pub(crate) fn closure(
    root: &Chess,
    winner: Color,
    cap: usize,
    wide: usize,
    meter: &mut Meter,
) -> Closure {
    let cap = cap.min(u32::MAX as usize - 1);
    let mode = root.castles().mode();
    let Some(key) = Packed::new(root) else {
        return Closure::TooBig;
    };
    let mut seen = Seen::new(key, cap);
    let mut i = 0usize;
    while let Some(&key) = seen.keys.get(i) {
        let waiting = seen.len() - i;
        if waiting > wide && 2 * waiting > i {
            return Closure::TooBig;
        }
        if !meter.tick() {
            return Closure::Spent;
        }
        let Some(pos) = (if i == 0 {
            Some(root.clone())
        } else {
            key.unpack(mode)
        }) else {
            return Closure::TooBig;
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if super::loser_mated(&pos, winner, true) {
                return match line_to(&seen, root, i) {
                    Some(line) => Closure::Mate(line),
                    None => Closure::TooBig,
                };
            }
        } else if !pos.has_insufficient_material(winner) {
            let parent = i as u32;
            for &m in &moves {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let Some(k) = Packed::new(&child) else {
                    return Closure::TooBig;
                };
                match seen.insert(k, parent) {
                    Some(true) if seen.len() > cap => return Closure::TooBig,
                    Some(_) => {}
                    None => return Closure::TooBig,
                }
            }
        }
        i += 1;
    }
    Closure::Complete(seen.len())
}

/// The moves from the root to position `i`: each the parent's move whose child packs to the
/// child's key.
fn line_to(seen: &Seen, root: &Chess, mut i: usize) -> Option<Vec<Move>> {
    let mut chain = vec![i];
    while let Some(&p) = seen.parents.get(i).filter(|&&p| p != u32::MAX) {
        i = p as usize;
        chain.push(i);
        if chain.len() > seen.len() {
            return None;
        }
    }
    chain.reverse();
    let mut pos = root.clone();
    let mut line = Vec::new();
    for &next in chain.iter().skip(1) {
        let want = *seen.keys.get(next)?;
        let m = pos.legal_moves().into_iter().find(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            Packed::new(&child) == Some(want)
        })?;
        pos.play_unchecked(m);
        line.push(m);
    }
    Some(line)
}
