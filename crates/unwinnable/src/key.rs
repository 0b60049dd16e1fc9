//! An exact position key for the transposition table and the closure: two positions get equal
//! keys iff they have the same pieces, side to move, castling rights and legal en-passant
//! square (the same as `shakmaty::Chess`'s `Eq`), packed into 64 bytes and hashed cheaply.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use shakmaty::{Chess, Color, Position};

/// Pawns, knights, bishops, rooks, queens, white, black (kings are the occupied squares left),
/// and a word holding the castling rights (rook squares, ranks 1 and 8), the legal en-passant
/// square (ranks 3 and 6) and the side to move (bit 32, on rank 5, which neither uses).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Key([u64; 8]);

impl Key {
    pub(crate) fn new(pos: &Chess) -> Key {
        let b = pos.board();
        let mut meta = pos.castles().castling_rights().0;
        if let Some(ep) = pos.legal_ep_square() {
            meta |= 1u64 << ep.to_u32();
        }
        if pos.turn() == Color::Black {
            meta |= 1u64 << 32;
        }
        Key([
            b.pawns().0,
            b.knights().0,
            b.bishops().0,
            b.rooks().0,
            b.queens().0,
            b.white().0,
            b.black().0,
            meta,
        ])
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut h: u64 = 0;
        for w in self.0 {
            h = (h.rotate_left(26) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        state.write_u64(h ^ (h >> 31));
    }
}

/// Passes the key's own mixed hash through.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) type BuildKeyHasher = BuildHasherDefault<KeyHasher>;
