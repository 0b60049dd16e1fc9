//! Chess mechanics of a game in progress: the position, its repetition count under the identity
//! of 9.2.2, and lazily computed facts.
//!
//! Positions are identified by Zobrist hash with en passant counted only when legally possible
//! (9.2.2.1) and castling *rights* (9.2.2.2), and every hash match is confirmed by comparing the
//! full key, so the count is exact. Only positions since the last irreversible move are kept:
//! after a pawn move, a capture, a change of castling rights or a lapsed en passant right no
//! earlier position can recur.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use super::clock::Clocks;
use super::proceedings::Proceedings;
use crate::pgn::time::TimeControl;

/// What makes two positions the same under 9.2.2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    board: Board,
    turn: Color,
    castling_rights: Bitboard,
    legal_ep: Option<Square>,
}

impl Key {
    fn of(pos: &Chess, legal_ep: Option<Square>) -> Key {
        Key {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling_rights: pos.castles().castling_rights(),
            legal_ep,
        }
    }
}

#[derive(Clone, Debug)]
pub struct GameState {
    pos: Chess,
    hash: Zobrist64,
    /// Plies played from the start position.
    ply: u32,
    /// Positions since the last irreversible move, the current one last.
    history: Vec<(Zobrist64, Key)>,
    /// Appearances of the current position, this one included.
    repetitions: u32,
    /// Lazily: does the side to move have a legal move?
    has_legal_move: Option<bool>,
    /// The en passant square if a capture there is legal (computed once per position).
    legal_ep: Option<Square>,
    /// Is the side to move in check (computed once per position)?
    in_check: bool,
    /// The last move played (None at the start position).
    last_move: Option<Move>,
    /// The player to move has touched a piece with the intention of moving or capturing it.
    touched: bool,
    /// The arbiter has consented to a draw since the last move.
    consent: bool,
    /// A move the player to move must make (from an incorrect claim with an intended move); after
    /// his move it is kept for the position event, then dropped.
    required: Option<Move>,
    required_checked: Option<Move>,
    before_required: Option<Chess>,
    /// Every draw offer of the game, in order.
    offers: Vec<OfferRecord>,
    /// The time control and what is known of the clocks.
    pub clocks: Clocks,
    /// Claims and requests before the arbiter, flags, irregularities.
    pub proceedings: Proceedings,
}

/// What became of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OfferFate {
    Pending,
    Accepted,
    Declined,
    RejectedByTouch,
    RejectedByMove,
    GameEnded,
    Forbidden,
}

impl OfferFate {
    pub fn name(self) -> &'static str {
        match self {
            OfferFate::Pending => "pending",
            OfferFate::Accepted => "accepted",
            OfferFate::Declined => "declined",
            OfferFate::RejectedByTouch => "rejected-by-touch",
            OfferFate::RejectedByMove => "rejected-by-move",
            OfferFate::GameEnded => "game-ended",
            OfferFate::Forbidden => "forbidden",
        }
    }
}

/// One draw offer: when it was made, by whom, and what became of it (9.1.2.2's scoresheet mark).
#[derive(Clone, Debug, serde::Serialize)]
pub struct OfferRecord {
    /// Plies played when it was made.
    pub ply: u32,
    #[serde(serialize_with = "super::rules::ser_side")]
    pub by: Color,
    pub fate: OfferFate,
    /// Plies played when its fate was decided (null while pending).
    pub fate_ply: Option<u32>,
}

impl GameState {
    pub fn new(pos: Chess) -> GameState {
        let hash = pos.zobrist_hash(EnPassantMode::Legal);
        let legal_ep = pos.legal_ep_square();
        let key = Key::of(&pos, legal_ep);
        GameState {
            hash,
            ply: 0,
            history: vec![(hash, key)],
            repetitions: 1,
            has_legal_move: None,
            in_check: pos.is_check(),
            legal_ep,
            pos,
            last_move: None,
            touched: false,
            consent: false,
            required: None,
            required_checked: None,
            before_required: None,
            offers: Vec::new(),
            clocks: Clocks::new(TimeControl::Unknown),
            proceedings: Proceedings::default(),
        }
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Play a legal move (the caller has checked legality with shakmaty).
    pub fn play(&mut self, m: Move) {
        self.before_required = self.required.is_some().then(|| self.pos.clone());
        let rights = self.pos.castles().castling_rights();
        let next_hash = self
            .pos
            .update_zobrist_hash(self.hash, m, EnPassantMode::Legal);
        self.pos.play_unchecked(m);
        let irreversible = irreversible(m, self.legal_ep, rights, &self.pos);
        self.legal_ep = self.pos.legal_ep_square();
        self.in_check = self.pos.is_check();
        self.hash = next_hash.unwrap_or_else(|| self.pos.zobrist_hash(EnPassantMode::Legal));
        self.ply += 1;
        self.has_legal_move = None;
        self.last_move = Some(m);
        self.touched = false;
        self.consent = false;
        self.required_checked = self.required.take();
        if irreversible {
            self.history.clear();
        }
        let key = Key::of(&self.pos, self.legal_ep);
        self.repetitions = 1 + count(&self.history, self.hash, &key);
        self.history.push((self.hash, key));
    }

    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// The number of the last move made: 0 before the first move of a game from the standard
    /// start; from a `[FEN]` start, the number its move counter implies.
    pub fn move_number(&self) -> u32 {
        match self.pos.turn() {
            // After White's move it is Black's turn in the same move number.
            Color::Black => self.pos.fullmoves().get(),
            Color::White => self.pos.fullmoves().get().saturating_sub(1),
        }
    }

    /// Moves `side` has made in the game (from a `[FEN]` start, as its move counter implies).
    pub fn moves_made(&self, side: Color) -> u32 {
        let full = self.pos.fullmoves().get();
        match (side, self.pos.turn()) {
            (Color::White, Color::Black) => full,
            _ => full.saturating_sub(1),
        }
    }

    /// The position before the last move, kept only while a required move is being checked
    /// (to name moves in that position).
    pub fn before_required(&self) -> Option<&Chess> {
        self.before_required.as_ref()
    }

    pub fn touched(&self) -> bool {
        self.touched
    }

    pub fn touch(&mut self) {
        self.touched = true;
    }

    pub fn consent(&self) -> bool {
        self.consent
    }

    pub fn give_consent(&mut self) {
        self.consent = true;
    }

    /// The move that the move just made had to be (at the position after it), or the move that
    /// must be made next (before it).
    pub fn required_move(&self) -> Option<Move> {
        self.required_checked.or(self.required)
    }

    pub fn require(&mut self, m: Move) {
        self.required = Some(m);
    }

    /// Drop the requirement checked at the position just ruled on.
    pub fn requirement_checked(&mut self) {
        self.required_checked = None;
        self.before_required = None;
    }

    pub fn offers(&self) -> &[OfferRecord] {
        &self.offers
    }

    /// The side whose offer is pending, if any.
    pub fn pending_offer(&self) -> Option<Color> {
        self.offers
            .iter()
            .rev()
            .find(|o| o.fate == OfferFate::Pending)
            .map(|o| o.by)
    }

    pub fn record_offer(&mut self, by: Color, fate: OfferFate) {
        let ply = self.ply;
        self.offers.push(OfferRecord {
            ply,
            by,
            fate,
            fate_ply: (fate != OfferFate::Pending).then_some(ply),
        });
    }

    /// Decide the fate of the pending offer, if there is one.
    pub fn settle_offer(&mut self, fate: OfferFate) {
        let ply = self.ply;
        if let Some(o) = self
            .offers
            .iter_mut()
            .rev()
            .find(|o| o.fate == OfferFate::Pending)
        {
            o.fate = fate;
            o.fate_ply = Some(ply);
        }
    }

    pub fn to_move(&self) -> Color {
        self.pos.turn()
    }

    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Tell the state that `m`, the next move of the record, is legal here: then the side to
    /// move has a legal move and no move generation is needed to rule out mate and stalemate.
    pub fn note_legal_move(&mut self) {
        self.has_legal_move = Some(true);
    }

    fn has_legal_move(&mut self) -> bool {
        *self
            .has_legal_move
            .get_or_insert_with(|| !self.pos.legal_moves().is_empty())
    }

    pub fn checkmate(&mut self) -> bool {
        self.in_check && !self.has_legal_move()
    }

    pub fn stalemate(&mut self) -> bool {
        !self.in_check && !self.has_legal_move()
    }

    pub fn repetitions(&self) -> u32 {
        self.repetitions
    }

    /// Moves by each player since the last pawn move or capture (half the halfmove clock).
    pub fn moves_since_pawn_or_capture(&self) -> u32 {
        self.pos.halfmoves() / 2
    }

    /// Pieces of one kind of `side` on the board.
    pub fn count(&self, side: Color, role: Role) -> u32 {
        (self.pos.board().by_color(side) & self.pos.board().by_role(role)).count() as u32
    }

    /// The number of `side`'s next move (as counted on the scoresheet).
    pub fn next_move_number(&self, side: Color) -> u32 {
        self.moves_made(side) + 1
    }

    /// Was the last valid offer of `side` rejected, with no valid offer by the opponent since?
    pub fn offer_blocked(&self, side: Color) -> bool {
        let valid = |o: &OfferRecord| o.fate != OfferFate::Forbidden;
        let Some(last) = self.offers.iter().rposition(|o| o.by == side && valid(o)) else {
            return false;
        };
        // Any valid offer after `side`'s last one is the opponent's.
        matches!(
            self.offers[last].fate,
            OfferFate::Declined | OfferFate::RejectedByMove | OfferFate::RejectedByTouch
        ) && !self.offers[last + 1..].iter().any(valid)
    }

    pub fn has_mating_material(&self, side: Color) -> bool {
        !self.pos.has_insufficient_material(side)
    }

    /// Appearances the position after the legal move `m` would have, that one included.
    pub fn repetitions_after(&self, m: Move) -> u32 {
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        if irreversible(
            m,
            self.legal_ep,
            self.pos.castles().castling_rights(),
            &after,
        ) {
            return 1;
        }
        let hash = after.zobrist_hash(EnPassantMode::Legal);
        let ep = after.legal_ep_square();
        1 + count(&self.history, hash, &Key::of(&after, ep))
    }

    pub fn moves_since_pawn_or_capture_after(&self, m: Move) -> u32 {
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        after.halfmoves() / 2
    }
}

/// After a pawn move, a capture, a change of castling rights, or once a legal en passant capture
/// has lapsed, no earlier position can appear again. `legal_ep` and `rights` are of the position
/// before `m`; `after` is the position after it.
fn irreversible(m: Move, legal_ep: Option<Square>, rights: Bitboard, after: &Chess) -> bool {
    m.is_capture()
        || m.role() == shakmaty::Role::Pawn
        || legal_ep.is_some()
        || rights != after.castles().castling_rights()
}

fn count(history: &[(Zobrist64, Key)], hash: Zobrist64, key: &Key) -> u32 {
    history
        .iter()
        .filter(|(h, k)| *h == hash && k == key)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn play(st: &mut GameState, sans: &str) {
        for s in sans.split_whitespace() {
            let m = s.parse::<San>().unwrap().to_move(st.position()).unwrap();
            st.play(m);
        }
    }

    #[test]
    fn knight_shuffle_counts() {
        let mut st = GameState::new(Chess::default());
        play(&mut st, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(st.repetitions(), 2);
        play(&mut st, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(st.repetitions(), 3);
    }

    #[test]
    fn castling_rights_make_positions_differ() {
        let mut st = GameState::new(Chess::default());
        play(&mut st, "e4 e5 Ke2 Ke7 Ke1 Ke8");
        // Same squares as after 1.e4 e5, but castling rights are gone.
        assert_eq!(st.repetitions(), 1);
    }
}
