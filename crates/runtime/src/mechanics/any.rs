//! Every game arbiter knows, as one type the runtime holds: [`AnyGame`] implements
//! [`Mechanics`] by handing each call to the game being played. A move of one game is never
//! given to another's position (moves are read against the position they are played in), so
//! the mixed cases below answer as for an illegal move.
//!
//! Why an enum and not a generic runtime: the rules (`Rules`, generated or interpreted) are one
//! object per rulebook, called through `&dyn Rules` with a `Ctx` over the game; making the
//! context generic would make every rulebook's generated code twice as large and the trait no
//! longer an object. A game is chosen once, from its record (`GameType`), and a match on a
//! two-way tag per fact costs nothing beside the facts themselves.

use shakmaty::{Color, Square};

use super::chess::ChessMechanics;
use super::draughts::DraughtsMechanics;
use super::{Mechanics, TouchFacts};
use crate::analysis::{DeadStatus, Line, Shown, Winnability};
use crate::draughts;
use crate::unwinnable::Proof;
use crate::unwinnable::{Budget, Helpmate};

pub use crate::games::{AnyKind, AnyMove, GameKind};

/// The position of the game being played.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Chess(ChessMechanics),
    Draughts(DraughtsMechanics),
}

impl AnyGame {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Chess(_) => GameKind::Chess,
            AnyGame::Draughts(_) => GameKind::RussianDraughts,
        }
    }

    /// Russian draughts: moves `side` has made only with kings, without capturing, since the
    /// last man move or capture (0 in chess).
    pub fn kings_only_moves(&self, side: Color) -> u32 {
        match self {
            AnyGame::Chess(_) => 0,
            AnyGame::Draughts(g) => g.kings_only_moves(side),
        }
    }

    /// Russian draughts: moves `side` has made since the balance of forces last changed (0 in
    /// chess).
    pub fn balance_moves(&self, side: Color) -> u32 {
        match self {
            AnyGame::Chess(_) => 0,
            AnyGame::Draughts(g) => g.balance_moves(side),
        }
    }

    /// Russian draughts: `side`'s pieces on the main road a1–h8 (0 in chess).
    pub fn main_road(&self, side: Color) -> u32 {
        match self {
            AnyGame::Chess(_) => 0,
            AnyGame::Draughts(g) => g.main_road(side),
        }
    }

    /// The chess position, when the game is chess.
    pub fn chess(&self) -> Option<&ChessMechanics> {
        match self {
            AnyGame::Chess(c) => Some(c),
            AnyGame::Draughts(_) => None,
        }
    }
}

impl Mechanics for AnyGame {
    type Move = AnyMove;
    type Kind = AnyKind;

    fn to_move(&self) -> Color {
        match self {
            AnyGame::Chess(g) => g.to_move(),
            AnyGame::Draughts(g) => g.to_move(),
        }
    }

    fn fullmoves(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.fullmoves(),
            AnyGame::Draughts(g) => g.fullmoves(),
        }
    }

    fn is_legal(&self, m: AnyMove) -> bool {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.is_legal(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.is_legal(m),
            // A move of another game is legal in none of this one's positions.
            _ => false,
        }
    }

    fn play(&mut self, m: AnyMove) {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.play(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.play(m),
            // Never reached: a move is played only after it was found legal here.
            _ => {}
        }
    }

    fn play_as_made(&mut self, m: AnyMove) {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.play_as_made(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.play_as_made(m),
            // Never reached: a move is read for the game of its record.
            _ => {}
        }
    }

    fn touch_facts(&self, touched: &[Square], m: AnyMove) -> TouchFacts {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.touch_facts(touched, m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.touch_facts(touched, m),
            _ => TouchFacts::default(),
        }
    }

    fn touched_by(&self, m: AnyMove) -> Vec<Square> {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.touched_by(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.touched_by(m),
            _ => Vec::new(),
        }
    }

    fn deadness(&self, budget: &Budget) -> (DeadStatus, u64) {
        match self {
            AnyGame::Chess(g) => g.deadness(budget),
            AnyGame::Draughts(g) => g.deadness(budget),
        }
    }

    fn note_legal_move(&mut self) {
        match self {
            AnyGame::Chess(g) => g.note_legal_move(),
            AnyGame::Draughts(g) => g.note_legal_move(),
        }
    }

    fn has_legal_move(&mut self) -> bool {
        match self {
            AnyGame::Chess(g) => g.has_legal_move(),
            AnyGame::Draughts(g) => g.has_legal_move(),
        }
    }

    fn in_check(&self) -> bool {
        match self {
            AnyGame::Chess(g) => g.in_check(),
            AnyGame::Draughts(g) => g.in_check(),
        }
    }

    fn repetitions(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.repetitions(),
            AnyGame::Draughts(g) => g.repetitions(),
        }
    }

    fn repetitions_after(&self, m: AnyMove) -> u32 {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.repetitions_after(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.repetitions_after(m),
            _ => 0,
        }
    }

    fn plies_since_irreversible(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.plies_since_irreversible(),
            AnyGame::Draughts(g) => g.plies_since_irreversible(),
        }
    }

    fn plies_since_irreversible_after(&self, m: AnyMove) -> u32 {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.plies_since_irreversible_after(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.plies_since_irreversible_after(m),
            _ => 0,
        }
    }

    fn can_win(&self, side: Color) -> bool {
        match self {
            AnyGame::Chess(g) => g.can_win(side),
            AnyGame::Draughts(g) => g.can_win(side),
        }
    }

    fn winnability(&self, side: Color, budget: &Budget) -> (Winnability, u64) {
        match self {
            AnyGame::Chess(g) => g.winnability(side, budget),
            AnyGame::Draughts(g) => g.winnability(side, budget),
        }
    }

    fn helpmate_line(&self, side: Color, helpmate: &Helpmate, shown: Shown) -> Option<Line> {
        match self {
            AnyGame::Chess(g) => g.helpmate_line(side, helpmate, shown),
            AnyGame::Draughts(g) => g.helpmate_line(side, helpmate, shown),
        }
    }

    fn forced_line(&self, proofs: &[(Color, Proof)]) -> Option<Line> {
        match self {
            AnyGame::Chess(g) => g.forced_line(proofs),
            AnyGame::Draughts(g) => g.forced_line(proofs),
        }
    }

    fn count(&self, side: Color, kind: AnyKind) -> u32 {
        match (self, kind) {
            (AnyGame::Chess(g), AnyKind::Chess(r)) => g.count(side, r),
            (AnyGame::Chess(_), AnyKind::Man | AnyKind::King) => 0,
            (AnyGame::Draughts(g), AnyKind::Man) => g.count(side, draughts::Kind::Man),
            (AnyGame::Draughts(g), AnyKind::King) => g.count(side, draughts::Kind::King),
            (AnyGame::Draughts(_), AnyKind::Chess(_)) => 0,
        }
    }

    fn occupied(&self, sq: Square) -> bool {
        match self {
            AnyGame::Chess(g) => g.occupied(sq),
            AnyGame::Draughts(g) => g.occupied(sq),
        }
    }

    fn move_text(&self, m: AnyMove) -> String {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.move_text(m),
            (AnyGame::Draughts(g), AnyMove::Draughts(m)) => g.move_text(m),
            (_, m) => m.to_string(),
        }
    }
}
