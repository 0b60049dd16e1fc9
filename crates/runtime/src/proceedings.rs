//! What is before the arbiter and what has happened at the board beyond the moves: a quickplay
//! claim and its postponement, an increment request, a fallen flag, an irregularity, play
//! stopped awaiting a decision. Plain state set by events and effects; what it means is the
//! rulebook's.

use shakmaty::{ByColor, Color};

#[derive(Clone, Debug, Default)]
pub struct Proceedings {
    /// A quickplay claim before the arbiter: the claimant, and whether the decision is postponed.
    pub quickplay: Option<(Color, bool)>,
    /// A request for an increment before the arbiter, by this side.
    pub increment_request: Option<Color>,
    /// The side whose flag has fallen (a single flag).
    pub flagged: Option<Color>,
    /// Play has stopped and the result awaits the arbiter's decision.
    pub awaiting: bool,
    /// Illegal moves made by each side.
    pub illegal: ByColor<u32>,
    /// The last irregularity on record and not corrected.
    pub irregularity: Option<Irregularity>,
    /// Illegal moves of each side on which Article 7.5.5's action was taken.
    pub penalised: ByColor<u32>,
}

#[derive(Clone, Copy, Debug)]
pub struct Irregularity {
    pub by: Color,
    pub promotion: bool,
    /// Moves the opponent of `by` had made when it happened.
    pub opponent_moves: u32,
}

impl Proceedings {
    pub fn illegal_moves(&self, side: Color) -> u32 {
        *self.illegal.get(side)
    }

    pub fn note_illegal(&mut self, by: Color, promotion: bool, opponent_moves: u32) {
        let n = self.illegal.get_mut(by);
        *n = n.saturating_add(1);
        self.irregularity = Some(Irregularity {
            by,
            promotion,
            opponent_moves,
        });
    }

    /// Article 7.5.5's action has been taken on an illegal move of `side`.
    pub fn penalise(&mut self, side: Color) {
        let n = self.penalised.get_mut(side);
        *n = n.saturating_add(1);
    }
}
