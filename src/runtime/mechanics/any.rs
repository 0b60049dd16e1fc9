//! Every game arbiter knows, as one type the runtime holds: [`AnyGame`] implements
//! [`Mechanics`] by handing each call to the game being played.
//!
//! Why an enum and not a generic runtime: the rules (`Rules`, generated or interpreted) are one
//! object per rulebook, called through `&dyn Rules` with a `Ctx` over the game; making the
//! context generic would make every rulebook's generated code twice as large and the trait no
//! longer an object. A game is chosen once, from its record (`GameType`), and a match on a
//! two-way tag per fact costs nothing beside the facts themselves.

use shakmaty::{Color, Square};

use super::Mechanics;
use super::chess::ChessMechanics;
use crate::runtime::analysis::{Line, Tier, Winnability};
use crate::unwinnable::Budget;

pub use crate::games::{AnyKind, AnyMove, GameKind};

/// The position of the game being played.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Chess(ChessMechanics),
}

impl AnyGame {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Chess(_) => GameKind::Chess,
        }
    }

    /// The chess position, when the game is chess.
    pub fn chess(&self) -> Option<&ChessMechanics> {
        match self {
            AnyGame::Chess(c) => Some(c),
        }
    }
}

impl Mechanics for AnyGame {
    type Move = AnyMove;
    type Kind = AnyKind;

    fn to_move(&self) -> Color {
        match self {
            AnyGame::Chess(g) => g.to_move(),
        }
    }

    fn fullmoves(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.fullmoves(),
        }
    }

    fn is_legal(&self, m: AnyMove) -> bool {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.is_legal(m),
        }
    }

    fn play(&mut self, m: AnyMove) {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.play(m),
        }
    }

    fn note_legal_move(&mut self) {
        match self {
            AnyGame::Chess(g) => g.note_legal_move(),
        }
    }

    fn has_legal_move(&mut self) -> bool {
        match self {
            AnyGame::Chess(g) => g.has_legal_move(),
        }
    }

    fn in_check(&self) -> bool {
        match self {
            AnyGame::Chess(g) => g.in_check(),
        }
    }

    fn repetitions(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.repetitions(),
        }
    }

    fn repetitions_after(&self, m: AnyMove) -> u32 {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.repetitions_after(m),
        }
    }

    fn plies_since_irreversible(&self) -> u32 {
        match self {
            AnyGame::Chess(g) => g.plies_since_irreversible(),
        }
    }

    fn plies_since_irreversible_after(&self, m: AnyMove) -> u32 {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.plies_since_irreversible_after(m),
        }
    }

    fn can_win(&self, side: Color) -> bool {
        match self {
            AnyGame::Chess(g) => g.can_win(side),
        }
    }

    fn winnability(&self, side: Color, budget: &Budget, shorten: u32) -> Winnability {
        match self {
            AnyGame::Chess(g) => g.winnability(side, budget, shorten),
        }
    }

    fn forced_line(&self, proofs: &[(Color, Tier)]) -> Option<Line> {
        match self {
            AnyGame::Chess(g) => g.forced_line(proofs),
        }
    }

    fn count(&self, side: Color, kind: AnyKind) -> u32 {
        match (self, kind) {
            (AnyGame::Chess(g), AnyKind::Chess(r)) => g.count(side, r),
            (AnyGame::Chess(_), AnyKind::Man | AnyKind::King) => 0,
        }
    }

    fn occupied(&self, sq: Square) -> bool {
        match self {
            AnyGame::Chess(g) => g.occupied(sq),
        }
    }

    fn move_text(&self, m: AnyMove) -> String {
        match (self, m) {
            (AnyGame::Chess(g), AnyMove::Chess(m)) => g.move_text(m),
        }
    }
}
