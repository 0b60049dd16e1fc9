//! The boundary between the laws and a game's mechanics: what a rule can ask of a position.
//!
//! [`Mechanics`] is the contract a board game implements so that the runtime can adjudicate it:
//! the position after each move of the record, and the facts about it that the laws of
//! competition refer to (repetition of position, moves without progress, whether a side can
//! still win, material). Everything else the runtime keeps — the offer ledger, the touched flag,
//! the arbiter's consent, the required move, the clocks, the proceedings — is the same for any
//! game and lives in [`GameState`](super::position::GameState), which holds a `Mechanics`.
//!
//! Chess is [`chess::ChessMechanics`], on shakmaty. A second game (Russian draughts) implements
//! this trait beside it; neither the compiler nor the chess code changes for that.
//!
//! Both games this is designed for have two sides, White and Black, moving in turn, White first;
//! the side type is shakmaty's [`Color`], used as nothing more than that pair.

pub mod any;
pub mod chess;
pub mod draughts;
mod history;
pub mod san;

use shakmaty::{Color, Square};

use super::analysis::{DeadStatus, Line, Shown, Winnability};
use crate::unwinnable::Proof;
use crate::unwinnable::{Budget, Helpmate};

/// What a player had touched (Article 4.3), measured against the move he then made: the
/// mechanical facts the rulebook's 4.3 reads, none of its logic. "Can be moved" and "can be
/// captured" are by a legal move of the position before the move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TouchFacts {
    /// He touched one of his own pieces.
    pub own: bool,
    /// He touched one of his opponent's pieces.
    pub opponent: bool,
    /// One of the pieces he touched could be moved (his own) or captured (his opponent's).
    pub actionable: bool,
    /// His move moved, or captured, the first piece he touched that could be.
    pub acted_on_first: bool,
    /// The first of his own pieces he touched could capture the first of his opponent's he
    /// touched.
    pub capture_legal: bool,
    /// His move was that capture.
    pub made_capture: bool,
}

impl TouchFacts {
    /// The facts for the squares `touched` (in order), the side `us` having touched them,
    /// given what is whose (`color_at`), what can move (`movable`), what can be captured
    /// (`capturable`), whether the first own piece can capture the first opponent's
    /// (`can_capture`), and what the move did (`moved`: the square it moved from; `took`:
    /// whether it captured a piece on a square).
    #[allow(clippy::too_many_arguments)]
    pub fn measure(
        touched: &[Square],
        us: Color,
        color_at: impl Fn(Square) -> Option<Color>,
        movable: impl Fn(Square) -> bool,
        capturable: impl Fn(Square) -> bool,
        can_capture: impl Fn(Square, Square) -> bool,
        moved: Square,
        took: impl Fn(Square) -> bool,
    ) -> TouchFacts {
        let own = |sq: &&Square| color_at(**sq) == Some(us);
        let theirs = |sq: &&Square| color_at(**sq) == Some(!us);
        let actionable = |sq: &Square| {
            if color_at(*sq) == Some(us) {
                movable(*sq)
            } else {
                color_at(*sq).is_some() && capturable(*sq)
            }
        };
        let first = touched.iter().find(|sq| actionable(sq));
        let acted = |sq: Square| {
            if color_at(sq) == Some(us) {
                moved == sq
            } else {
                took(sq)
            }
        };
        let pair = touched.iter().find(own).zip(touched.iter().find(theirs));
        TouchFacts {
            own: touched.iter().any(|sq| own(&sq)),
            opponent: touched.iter().any(|sq| theirs(&sq)),
            actionable: first.is_some(),
            acted_on_first: first.is_some_and(|sq| acted(*sq)),
            capture_legal: pair.is_some_and(|(a, b)| can_capture(*a, *b)),
            made_capture: pair.is_some_and(|(a, b)| moved == *a && took(*b)),
        }
    }
}

/// A game's position as play proceeds, and the facts about it that rules read.
///
/// An implementation is created at the game's start position (the standard one, or one a record
/// sets up) and is then advanced only by [`play`](Mechanics::play), with moves the caller has
/// checked to be legal. The runtime reads facts at every ply, so the cheap ones
/// ([`to_move`](Mechanics::to_move), [`in_check`](Mechanics::in_check),
/// [`repetitions`](Mechanics::repetitions), [`plies_since_irreversible`](Mechanics::plies_since_irreversible))
/// should be computed once per move in `play`, not on each call; the runtime uses the
/// implementation as a generic parameter, never behind `dyn`, so calls cost nothing.
///
/// Nothing here panics on a legal sequence of moves; what a record contains is checked for
/// legality before it reaches `play`.
pub trait Mechanics: Clone + std::fmt::Debug {
    /// One move of the game: what a player does in one turn. Chess: a shakmaty `Move` (one
    /// ply). Russian draughts: a whole move, a multiple capture included (from-square, the
    /// squares passed, the pieces taken), so that one move is always one ply.
    type Move: Copy + Eq + std::fmt::Debug;

    /// A kind of piece, for material counts. Chess: shakmaty's `Role`. Russian draughts: man or
    /// king.
    type Kind: Copy;

    /// The side to move.
    fn to_move(&self) -> Color;

    /// The number of the move in progress, as the position counts it: 1 at the first move of a
    /// game from the standard start, increased after each move of Black. From a set-up start,
    /// the number the set-up states (chess: the FEN's fullmove counter), 1 when it states none.
    /// The runtime derives from it, and from [`to_move`](Mechanics::to_move), the number of the
    /// last move made and the moves each side has made.
    fn fullmoves(&self) -> u32;

    /// Is `m` legal in the current position? Moves a rule names (a claim's intended move, a
    /// required move) are checked with this before any `*_after` fact is asked about them.
    /// Russian draughts: a capture is compulsory, so a quiet move is illegal while a capture
    /// exists; any capture sequence may be chosen (not necessarily the longest), but it must be
    /// taken to its end.
    fn is_legal(&self, m: Self::Move) -> bool;

    /// Play `m`, which the caller has checked to be legal, and compute what the facts below
    /// need of the new position.
    fn play(&mut self, m: Self::Move);

    /// Play `m` as the player made it, legal or not (a move the record marks illegal and that
    /// stands on the board, Article 7 and the club's irregularities): the facts below stay
    /// sound in the position it makes, whatever it is.
    fn play_as_made(&mut self, m: Self::Move) {
        self.play(m);
    }

    /// What a player who touched `touched` (in order) measured against his move `m`, in the
    /// position before it (Article 4.3).
    fn touch_facts(&self, touched: &[Square], m: Self::Move) -> TouchFacts;

    /// The squares of the pieces a player touches to make `m` in the current position (his
    /// piece, and the piece it takes), in order: after an illegal move is taken back, he must
    /// still move or capture them if he can (7.5.1: Articles 4.3 and 4.7 apply to the move
    /// replacing it). Empty where the game's laws say nothing of touched pieces.
    fn touched_by(&self, m: Self::Move) -> Vec<Square>;

    /// Is the current position dead (neither side can win by any series of legal moves), and
    /// how many positions it took to find out; never a guess (`DeadStatus::Undetermined` when
    /// the budget runs out or the question cannot be asked of this position).
    fn deadness(&self, budget: &Budget) -> (DeadStatus, u64);

    /// The caller knows that the side to move has a legal move (the record's next move is
    /// legal here), so [`has_legal_move`](Mechanics::has_legal_move) need not generate moves.
    /// Forgotten at the next `play`.
    fn note_legal_move(&mut self);

    /// Does the side to move have a legal move? Computed lazily (move generation is the most
    /// expensive fact), hence `&mut self`. Chess: none is checkmate or stalemate, as
    /// [`in_check`](Mechanics::in_check) says. Russian draughts: none (no pieces left, or all
    /// blocked) is a loss.
    fn has_legal_move(&mut self) -> bool;

    /// Is the side to move in check? Games without check (draughts) answer `false`.
    fn in_check(&self) -> bool;

    /// Appearances of the current position in the game, this one included (so at least 1).
    /// Positions are the same when the game's laws say so (chess, Article 9.2.2: same pieces on
    /// the same squares, same side to move, same castling rights, same legal en passant
    /// captures; Russian draughts: same men and kings on the same squares, same side to move).
    /// Exact: a hash alone may serve to find candidates, never to decide.
    fn repetitions(&self) -> u32;

    /// The appearances the position after the legal move `m` would have, that one included.
    /// Does not change the current position.
    fn repetitions_after(&self, m: Self::Move) -> u32;

    /// Plies played since the last move that resets the game's count of moves without progress
    /// (chess, Article 9.3: a pawn move or a capture — shakmaty's halfmove clock, so a FEN
    /// start's count is included; Russian draughts: a man move or a capture). Rules count moves
    /// of each player: half of this.
    fn plies_since_irreversible(&self) -> u32;

    /// [`plies_since_irreversible`](Mechanics::plies_since_irreversible) after the legal move
    /// `m` (0 when `m` resets the count). Does not change the current position.
    fn plies_since_irreversible_after(&self, m: Self::Move) -> u32;

    /// Could `side` still win by some series of legal moves, the opponent's however unlikely
    /// included? `false` only when it certainly could not. Chess: `side` has mating material
    /// (shakmaty's insufficient-material test, by material alone, as Article 6.9 and 9.6.2 are
    /// ruled on today). Russian draughts: `side` has a piece.
    fn can_win(&self, side: Color) -> bool;

    /// The exact question of Articles 5.2.2 and 6.9: can `side` checkmate (win) by some series
    /// of legal moves from the current position? A certificate (a helpmate), a proof (the tier
    /// that proved it impossible), or undetermined when `budget` runs out: never a guess. Chess:
    /// the unwinnability engine (`crate::unwinnable`). Costly: asked when a rule needs it (a
    /// fallen flag), not at every ply.
    /// Returns the answer and the positions examined.
    fn winnability(&self, side: Color, budget: &Budget) -> (Winnability, u64);

    /// A helpmate for `side` that [`winnability`](Mechanics::winnability) found in the current
    /// position, written out for a reader as `shown` says; `None` when `shown` asks for no line
    /// (or the game has no such lines).
    fn helpmate_line(&self, side: Color, helpmate: &Helpmate, shown: Shown) -> Option<Line>;

    /// The forced moves from the current position that a proof of unwinnability (`proofs`, per
    /// side) may need its reader to see, as in [`Winnability::Cannot`]; `None` when none.
    fn forced_line(&self, proofs: &[(Color, Proof)]) -> Option<Line>;

    /// Pieces of one kind that `side` has on the board.
    fn count(&self, side: Color, kind: Self::Kind) -> u32;

    /// Is there a piece on `sq` (a touched piece must be one)? Both games name squares a1–h8
    /// (draughts: a1 the dark square at White's lower left).
    fn occupied(&self, sq: Square) -> bool;

    /// The legal move `m` in the game's notation, in the current position: chess SAN (`Nf3`,
    /// `exd5+`), draughts `c3-d4`, `c3:e5:c7`.
    fn move_text(&self, m: Self::Move) -> String;
}
