//! A game in progress: its mechanics (the position and the facts about it, behind the
//! [`Mechanics`] trait) and the stores the rules' effects write, which are the same for any board
//! game: the offer ledger, the touched flag, the arbiter's consent, the required move, the clocks
//! and the proceedings.

use shakmaty::Color;

use super::analysis::{Analysis, Consulted, DeadPlies, DeadStatus, Evidence, Winnability};
use super::clock::Clocks;
use super::mechanics::any::AnyGame;
use super::mechanics::{Mechanics, TouchFacts};
use super::proceedings::Proceedings;
use crate::record::time::TimeControl;
use crate::unwinnable::Proof;

/// The state of a game of `M` (any game arbiter knows unless said otherwise): its position, and what has happened
/// at the board and before the arbiter.
#[derive(Clone, Debug)]
pub struct GameState<M: Mechanics = AnyGame> {
    /// The position and the facts about it.
    mechanics: M,
    /// Plies played from the start position.
    ply: u32,
    /// The last move played (None at the start position).
    last_move: Option<M::Move>,
    /// The player to move has touched a piece with the intention of moving or capturing it.
    touched: bool,
    /// The squares he has touched since his last move, in order (Article 4.3).
    touches: Vec<shakmaty::Square>,
    /// What the player who has just moved had touched, measured against his move.
    touch_facts: TouchFacts,
    /// The move just made is one the record marks illegal, standing as made.
    last_move_illegal: bool,
    /// When the last move stands on the board as an illegal one: the ply it was made at, the
    /// position before it and the move before that, to reinstate (Article 7.5.1).
    reinstatable: Option<Box<Reinstatable<M>>>,
    /// The arbiter has consented to a draw since the last move.
    consent: bool,
    /// A move the player to move must make (from an incorrect claim with an intended move); after
    /// his move it is kept for the position event, then dropped.
    required: Option<M::Move>,
    required_checked: Option<M::Move>,
    before_required: Option<M>,
    /// Every draw offer of the game, in order.
    offers: Vec<OfferRecord>,
    /// The time control and what is known of the clocks.
    pub clocks: Clocks,
    /// Claims and requests before the arbiter, flags, irregularities.
    pub proceedings: Proceedings,
    /// Whether each side can still checkmate: the budget, the dead plies, answers found.
    pub analysis: Analysis,
}

/// The position before an illegal move that stands on the board.
#[derive(Clone, Debug)]
struct Reinstatable<M: Mechanics> {
    ply: u32,
    mechanics: M,
    last_move: Option<M::Move>,
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

impl<M: Mechanics> GameState<M> {
    /// A game about to be played from the position `mechanics` holds, its clocks unknown.
    pub fn new(mechanics: M) -> GameState<M> {
        GameState {
            mechanics,
            ply: 0,
            last_move: None,
            touched: false,
            touches: Vec::new(),
            touch_facts: TouchFacts::default(),
            last_move_illegal: false,
            reinstatable: None,
            consent: false,
            required: None,
            required_checked: None,
            before_required: None,
            offers: Vec::new(),
            clocks: Clocks::new(TimeControl::Unknown),
            proceedings: Proceedings::default(),
            analysis: Analysis::default(),
        }
    }

    /// The position and the facts about it.
    pub fn mechanics(&self) -> &M {
        &self.mechanics
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Play a legal move (the caller has checked its legality).
    pub fn play(&mut self, m: M::Move) {
        self.before_move(m);
        self.mechanics.play(m);
        self.after_move(m);
    }

    /// Play a move the record marks as illegal, as it was made (legal or not): the game goes
    /// on from the position it makes, which is kept to be reinstated (7.5.1) until the next
    /// move.
    pub fn play_illegal(&mut self, m: M::Move) {
        let before = Reinstatable {
            ply: self.ply.saturating_add(1),
            mechanics: self.mechanics.clone(),
            last_move: self.last_move,
        };
        self.before_move(m);
        self.mechanics.play_as_made(m);
        self.after_move(m);
        self.last_move_illegal = true;
        self.reinstatable = Some(Box::new(before));
    }

    fn before_move(&mut self, m: M::Move) {
        // A clone of the position only when a move is required (9.5.3), or one was.
        if self.required.is_some() || self.before_required.is_some() {
            self.before_required = self.required.is_some().then(|| self.mechanics.clone());
        }
        self.touch_facts = if self.touches.is_empty() {
            TouchFacts::default()
        } else {
            self.mechanics.touch_facts(&self.touches, m)
        };
        self.touches.clear();
    }

    fn after_move(&mut self, m: M::Move) {
        self.ply = self.ply.saturating_add(1);
        self.last_move = Some(m);
        self.touched = false;
        self.consent = false;
        self.required_checked = self.required.take();
        self.last_move_illegal = false;
        self.reinstatable = None;
    }

    /// The last move stands on the board as an illegal one, and the position before it can be
    /// reinstated.
    pub fn reinstatable(&self) -> bool {
        self.reinstatable
            .as_ref()
            .is_some_and(|r| r.ply == self.ply)
    }

    /// Reinstate the position before the illegal move that stands on the board (7.5.1), if it
    /// is still the last move made; the player who made it is to move again, and has touched
    /// the piece he moved with it (Articles 4.3 and 4.7 apply to the move replacing it). The
    /// ply count goes on: the record's plies are counted, the one taken back included. Whether
    /// anything was reinstated.
    pub fn reinstate(&mut self) -> bool {
        let Some(r) = self.reinstatable.take().filter(|r| r.ply == self.ply) else {
            return false;
        };
        let Some(illegal) = self.last_move else {
            return false;
        };
        self.mechanics = r.mechanics;
        self.last_move = r.last_move;
        self.last_move_illegal = false;
        self.touch_facts = TouchFacts::default();
        self.touches = self.mechanics.touched_by(illegal);
        self.touched = !self.touches.is_empty();
        self.analysis.forget(self.ply);
        true
    }

    /// The move just made is one the record marks illegal, standing as made.
    pub fn last_move_illegal(&self) -> bool {
        self.last_move_illegal
    }

    /// What the player who has just moved had touched before his move (Article 4.3).
    pub fn touch_facts(&self) -> TouchFacts {
        self.touch_facts
    }

    /// Can `side` checkmate from here (Articles 5.2.2, 6.9)? The engine's answer, computed once
    /// per ply and recorded as consulted by the rule being asked; `None` when the engine is
    /// off (the facts then fall back to material).
    pub fn winnability(&mut self, side: Color) -> Option<&Winnability> {
        let mechanics = &self.mechanics;
        self.analysis
            .winnability(self.ply, side, |budget| mechanics.winnability(side, budget))
    }

    /// The evidence behind what a fact read, written out for the reader now that a ruling
    /// cites it (a helpmate as the analysis's [`Shown`](super::analysis::Shown) says).
    pub fn evidence(&self, consulted: Consulted) -> Option<Evidence> {
        match consulted {
            Consulted::Made(e) => Some(e),
            Consulted::Answer(i) => {
                let (side, w) = self.analysis.answer(i)?;
                let shown = self.analysis.shown;
                Some(Evidence::of_winnability(side, w, |h| {
                    self.mechanics.helpmate_line(side, h, shown)
                }))
            }
        }
    }

    /// The evidence rule `rule`'s condition read, if it fired and read any.
    pub fn evidence_of(&mut self, rule: u32) -> Option<Evidence> {
        let c = self.analysis.consulted_by(rule)?;
        self.evidence(c)
    }

    /// The evidence the facts read since the last question, if any (and forgets it).
    pub fn take_evidence(&mut self) -> Option<Evidence> {
        let c = self.analysis.take_consulted()?;
        self.evidence(c)
    }

    /// Is the position dead, and is that undetermined? From the dead plies the analysis knows,
    /// or, in the first pass, from material alone; a dead or undetermined answer is recorded as
    /// evidence.
    pub fn dead_position(&mut self) -> (bool, bool) {
        match &self.analysis.dead {
            DeadPlies::Material => {
                let dead =
                    !self.mechanics.can_win(Color::White) && !self.mechanics.can_win(Color::Black);
                if dead {
                    self.analysis.consult(Evidence::DeadPosition {
                        white: Proof::Material,
                        black: Proof::Material,
                        forced: None,
                    });
                }
                (dead, false)
            }
            DeadPlies::From { ply, status } if self.ply >= *ply => match status {
                DeadStatus::Alive => (false, false),
                DeadStatus::Dead { white, black } => {
                    let (white, black) = (*white, *black);
                    let proofs = [(Color::White, white), (Color::Black, black)];
                    self.analysis.consult(Evidence::DeadPosition {
                        white,
                        black,
                        forced: self.mechanics.forced_line(&proofs),
                    });
                    (true, false)
                }
                DeadStatus::Undetermined { nodes } => {
                    self.analysis.consult(Evidence::Undetermined {
                        side: None,
                        nodes: *nodes,
                    });
                    (false, true)
                }
            },
            DeadPlies::From { .. } => (false, false),
            DeadPlies::Each => {
                let mechanics = &self.mechanics;
                let status =
                    (self.analysis).deadness_each(self.ply, |budget| mechanics.deadness(budget));
                match status {
                    DeadStatus::Alive => (false, false),
                    DeadStatus::Dead { white, black } => {
                        let proofs = [(Color::White, white), (Color::Black, black)];
                        self.analysis.consult(Evidence::DeadPosition {
                            white,
                            black,
                            forced: self.mechanics.forced_line(&proofs),
                        });
                        (true, false)
                    }
                    DeadStatus::Undetermined { nodes } => {
                        self.analysis
                            .consult(Evidence::Undetermined { side: None, nodes });
                        (false, true)
                    }
                }
            }
        }
    }

    pub fn last_move(&self) -> Option<M::Move> {
        self.last_move
    }

    pub fn to_move(&self) -> Color {
        self.mechanics.to_move()
    }

    /// Tell the state that the next move of the record is legal here: then the side to move has
    /// a legal move and no move generation is needed to rule out mate and stalemate.
    pub fn note_legal_move(&mut self) {
        self.mechanics.note_legal_move();
    }

    /// Does the side to move have a legal move (computed at most once per position)?
    pub fn has_legal_move(&mut self) -> bool {
        self.mechanics.has_legal_move()
    }

    /// The number of the last move made: 0 before the first move of a game from the standard
    /// start; from a set-up start, the number its move counter implies.
    pub fn move_number(&self) -> u32 {
        let full = self.mechanics.fullmoves();
        match self.to_move() {
            // After White's move it is Black's turn in the same move number.
            Color::Black => full,
            Color::White => full.saturating_sub(1),
        }
    }

    /// Moves `side` has made in the game (from a set-up start, as its move counter implies).
    pub fn moves_made(&self, side: Color) -> u32 {
        let full = self.mechanics.fullmoves();
        match (side, self.to_move()) {
            (Color::White, Color::Black) => full,
            _ => full.saturating_sub(1),
        }
    }

    /// The number of `side`'s next move (as counted on the scoresheet).
    pub fn next_move_number(&self, side: Color) -> u32 {
        self.moves_made(side) + 1
    }

    /// The position before the last move, kept only while a required move is being checked
    /// (to name moves in that position).
    pub fn before_required(&self) -> Option<&M> {
        self.before_required.as_ref()
    }

    pub fn touched(&self) -> bool {
        self.touched
    }

    /// The player to move touches the piece on `sq`.
    pub fn touch(&mut self, sq: shakmaty::Square) {
        self.touched = true;
        self.touches.push(sq);
    }

    pub fn consent(&self) -> bool {
        self.consent
    }

    pub fn give_consent(&mut self) {
        self.consent = true;
    }

    /// The move that the move just made had to be (at the position after it), or the move that
    /// must be made next (before it).
    pub fn required_move(&self) -> Option<M::Move> {
        self.required_checked.or(self.required)
    }

    pub fn require(&mut self, m: M::Move) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mechanics::chess::ChessMechanics;
    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::{CastlingMode, Chess, Position};

    fn state(fen: &str) -> GameState<ChessMechanics> {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        GameState::new(ChessMechanics::new(pos))
    }

    fn play(st: &mut GameState<ChessMechanics>, sans: &str) {
        for s in sans.split_whitespace() {
            let m = s
                .parse::<San>()
                .unwrap()
                .to_move(st.mechanics().position())
                .unwrap();
            st.play(m);
        }
    }

    /// A game that is not chess: a pile of stones, each move takes one or two. Only to show that
    /// the game-independent stores need nothing of chess.
    #[derive(Clone, Debug)]
    struct Stones {
        pile: u32,
        plies: u32,
    }

    impl Mechanics for Stones {
        type Move = u32;
        type Kind = ();
        fn to_move(&self) -> Color {
            if self.plies.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            }
        }
        fn fullmoves(&self) -> u32 {
            1 + self.plies / 2
        }
        fn is_legal(&self, m: u32) -> bool {
            (1..=2).contains(&m) && m <= self.pile
        }
        fn play(&mut self, m: u32) {
            self.pile -= m;
            self.plies += 1;
        }
        fn note_legal_move(&mut self) {}
        fn has_legal_move(&mut self) -> bool {
            self.pile > 0
        }
        fn in_check(&self) -> bool {
            false
        }
        fn repetitions(&self) -> u32 {
            1
        }
        fn repetitions_after(&self, _: u32) -> u32 {
            1
        }
        fn plies_since_irreversible(&self) -> u32 {
            0
        }
        fn plies_since_irreversible_after(&self, _: u32) -> u32 {
            0
        }
        fn can_win(&self, _: Color) -> bool {
            self.pile > 0
        }
        fn winnability(
            &self,
            _: Color,
            _: &crate::unwinnable::Budget,
        ) -> (crate::analysis::Winnability, u64) {
            (crate::analysis::Winnability::Undetermined { nodes: 0 }, 0)
        }
        fn helpmate_line(
            &self,
            _: Color,
            _: &crate::unwinnable::Helpmate,
            _: crate::analysis::Shown,
        ) -> Option<crate::analysis::Line> {
            None
        }
        fn forced_line(
            &self,
            _: &[(Color, crate::unwinnable::Proof)],
        ) -> Option<crate::analysis::Line> {
            None
        }
        fn count(&self, _: Color, _: ()) -> u32 {
            self.pile
        }
        fn occupied(&self, _: shakmaty::Square) -> bool {
            false
        }
        fn move_text(&self, m: u32) -> String {
            m.to_string()
        }
        fn touch_facts(&self, _: &[shakmaty::Square], _: u32) -> TouchFacts {
            TouchFacts::default()
        }
        fn touched_by(&self, _: u32) -> Vec<shakmaty::Square> {
            Vec::new()
        }
        fn deadness(&self, _: &crate::unwinnable::Budget) -> (DeadStatus, u64) {
            (DeadStatus::Alive, 0)
        }
    }

    #[test]
    fn the_stores_hold_any_game() {
        let mut st = GameState::new(Stones { pile: 5, plies: 0 });
        st.record_offer(Color::White, OfferFate::Pending);
        st.require(2);
        st.play(2);
        assert_eq!(st.required_move(), Some(2));
        assert_eq!(st.before_required().map(|b| b.pile), Some(5));
        st.requirement_checked();
        st.settle_offer(OfferFate::RejectedByMove);
        st.play(1);
        assert_eq!(
            (st.ply(), st.last_move(), st.mechanics().pile),
            (2, Some(1), 2)
        );
        assert_eq!((st.move_number(), st.to_move()), (1, Color::White));
        assert!(st.offer_blocked(Color::White));
        assert!(st.has_legal_move());
    }

    #[test]
    fn move_numbers_from_the_start() {
        let mut st = GameState::new(ChessMechanics::default());
        assert_eq!((st.move_number(), st.moves_made(Color::White)), (0, 0));
        play(&mut st, "e4");
        assert_eq!(st.move_number(), 1);
        assert_eq!(
            (st.moves_made(Color::White), st.moves_made(Color::Black)),
            (1, 0)
        );
        play(&mut st, "e5");
        assert_eq!(st.move_number(), 1);
        assert_eq!(
            (st.moves_made(Color::White), st.moves_made(Color::Black)),
            (1, 1)
        );
        assert_eq!(st.next_move_number(Color::Black), 2);
        assert_eq!(st.ply(), 2);
    }

    #[test]
    fn move_numbers_from_a_fen_with_black_to_move() {
        let mut st = state("4k3/8/8/8/8/8/8/4K3 b - - 0 40");
        assert_eq!(st.move_number(), 40);
        assert_eq!(
            (st.moves_made(Color::White), st.moves_made(Color::Black)),
            (40, 39)
        );
        play(&mut st, "Kd8");
        assert_eq!(st.move_number(), 40);
        assert_eq!(
            (st.moves_made(Color::White), st.moves_made(Color::Black)),
            (40, 40)
        );
        assert_eq!(st.ply(), 1);
    }

    #[test]
    fn a_move_clears_touch_and_consent_and_keeps_the_requirement_for_its_position() {
        let mut st = GameState::new(ChessMechanics::default());
        let nf3 = "Nf3".parse::<San>().unwrap();
        let m = nf3.to_move(st.mechanics().position()).unwrap();
        st.touch(shakmaty::Square::G1);
        st.give_consent();
        st.require(m);
        st.play(m);
        assert!(!st.touched() && !st.consent());
        assert_eq!(st.last_move(), Some(m));
        assert_eq!(st.required_move(), Some(m));
        let before = st.before_required().map(|b| b.position().board().clone());
        assert_eq!(before.as_ref(), Some(Chess::default().board()));
        st.requirement_checked();
        assert_eq!(st.required_move(), None);
        assert!(st.before_required().is_none());
    }
}
