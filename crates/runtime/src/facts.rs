//! The facts rules read, computed from the game state and the event being ruled on.
//!
//! Generated code calls the typed methods directly; the interpreter goes through `fact`, which
//! maps a schema id to the same method. One implementation, two callers: the backends cannot
//! disagree about a fact.

use shakmaty::{Color, Role};

use super::analysis::Winnability;
use super::mechanics::Mechanics;
use super::mechanics::any::{AnyGame, AnyKind, AnyMove};
use super::position::GameState;
use crate::lang::schema::{EventKind, FactId};
use crate::value::{EvalError, Value};

pub use crate::record::events::ClaimKind;

#[derive(Clone, Debug)]
pub struct Claim {
    pub kind: ClaimKind,
    pub by: Color,
    pub intended: Intended,
}

/// The move a claim says its claimant intends to make (9.2.1.1, 9.3.1).
#[derive(Clone, Debug)]
pub enum Intended {
    /// The claim names no move.
    None,
    /// A legal move in the position where the claim is made.
    Legal(AnyMove),
    /// A move that is not legal there (illegal, or ambiguous): the claim is incorrect (9.5.3),
    /// which is a fact the rules read, not an error of the record (only a word that is no move
    /// in SAN at all is).
    NotLegal,
}

/// What a `[%illegal ...]` says was done (`pgn::events::IllegalKind`, without the move's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalForm {
    /// The move just made was illegal and stands on the board as made.
    Standing,
    /// A promotion (a crowning) without the new piece designated (7.5.2).
    Promotion,
    /// An illegal move completed and taken back: the position before it is on the board.
    Reinstated,
    /// The clock pressed without a move (7.5.3).
    NoMove,
    /// A move made with two hands (7.5.4).
    TwoHands,
}

/// An event the rules are asked about.
#[derive(Clone, Debug)]
pub enum Event {
    Position,
    Claim(Claim),
    Offer {
        by: Color,
    },
    Accept {
        by: Color,
    },
    Decline {
        by: Color,
    },
    Touch {
        by: Color,
    },
    Consent,
    Flag {
        by: Color,
    },
    BothFlags,
    /// A player resigns (`[%resign]`, or the loser of a decisive recorded result).
    Resign {
        by: Color,
    },
    /// The players agreed a draw: the record says so, its offer and acceptance not written.
    Agreement,
    Increment {
        by: Color,
    },
    Quickplay {
        by: Color,
        no_win: bool,
        no_effort: bool,
    },
    ArbiterAgrees,
    ArbiterPostpones {
        extra_time: bool,
    },
    ArbiterRejects,
    ArbiterGrants,
    ArbiterDeclares {
        draw: bool,
    },
    /// An illegal (or irregular) move, and what kind (see [`IllegalForm`]).
    Illegal {
        by: Color,
        form: IllegalForm,
    },
    /// The arbiter acts on an illegal move he has observed (A.5.2).
    ArbiterIntervenes,
    Correct {
        by: Color,
    },
    /// The position before an illegal move of `by` has just been reinstated (7.5.1).
    Reinstated {
        by: Color,
    },
    Drawn,
}

impl Event {
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Position => EventKind::Position,
            Event::Claim(_) => EventKind::Claim,
            Event::Offer { .. } => EventKind::Offer,
            Event::Accept { .. } => EventKind::Accept,
            Event::Decline { .. } => EventKind::Decline,
            Event::Touch { .. } => EventKind::Touch,
            Event::Consent => EventKind::Consent,
            Event::Flag { .. } => EventKind::Flag,
            Event::BothFlags => EventKind::BothFlags,
            Event::Resign { .. } => EventKind::Resign,
            Event::Agreement => EventKind::Agreement,
            Event::Increment { .. } => EventKind::Increment,
            Event::Quickplay { .. } => EventKind::Quickplay,
            Event::ArbiterAgrees => EventKind::ArbiterAgrees,
            Event::ArbiterPostpones { .. } => EventKind::ArbiterPostpones,
            Event::ArbiterRejects => EventKind::ArbiterRejects,
            Event::ArbiterGrants => EventKind::ArbiterGrants,
            Event::ArbiterDeclares { .. } => EventKind::ArbiterDeclares,
            Event::Illegal { .. } => EventKind::Illegal,
            Event::ArbiterIntervenes => EventKind::ArbiterIntervenes,
            Event::Correct { .. } => EventKind::Correct,
            Event::Reinstated { .. } => EventKind::Reinstated,
            Event::Drawn => EventKind::Drawn,
        }
    }

    /// The side making the event, if a player makes it.
    pub fn by(&self) -> Option<Color> {
        match self {
            Event::Claim(c) => Some(c.by),
            Event::Offer { by }
            | Event::Accept { by }
            | Event::Decline { by }
            | Event::Touch { by }
            | Event::Flag { by }
            | Event::Resign { by }
            | Event::Increment { by }
            | Event::Quickplay { by, .. }
            | Event::Illegal { by, .. }
            | Event::Correct { by }
            | Event::Reinstated { by } => Some(*by),
            Event::Position
            | Event::Consent
            | Event::BothFlags
            | Event::Agreement
            | Event::ArbiterAgrees
            | Event::ArbiterPostpones { .. }
            | Event::ArbiterRejects
            | Event::ArbiterGrants
            | Event::ArbiterDeclares { .. }
            | Event::ArbiterIntervenes
            | Event::Drawn => None,
        }
    }
}

pub struct Ctx<'a> {
    pub state: &'a mut GameState<AnyGame>,
    pub event: &'a Event,
    /// The game's parameters (rulebook defaults, overridden by those the record sets).
    pub params: &'a [Value],
}

fn int(n: u32) -> i64 {
    i64::from(n)
}

/// Moves by each player in `plies`: a move is two plies.
fn moves(plies: u32) -> i64 {
    int(plies / 2)
}

impl Ctx<'_> {
    /// Rule `rule`'s condition was evaluated on the event: settle its evidence, and add it to
    /// `out` when it `holds`. What both backends do after every condition; always inlined into
    /// the compiled rulebooks (as a closure called ten times a ply it was not: 7 % of a
    /// `--material-only` run's instructions).
    #[inline(always)]
    pub fn fire(&mut self, rule: u32, holds: bool, out: &mut Vec<u32>) {
        // The evidence the condition read is kept for the ruling if it holds.
        self.state.analysis.settle(rule, holds);
        if holds {
            out.push(rule);
        }
    }

    /// The game's position and the facts about it.
    fn game(&self) -> &AnyGame {
        self.state.mechanics()
    }
    pub fn to_move(&self) -> Color {
        self.game().to_move()
    }
    pub fn ply(&self) -> i64 {
        int(self.state.ply())
    }
    pub fn in_check(&self) -> bool {
        self.game().in_check()
    }
    // Whether there is a legal move is asked first: the record's next move usually answers it,
    // and check is then never computed.
    #[inline]
    pub fn checkmate(&mut self) -> bool {
        !self.state.has_legal_move() && self.in_check()
    }
    #[inline]
    pub fn stalemate(&mut self) -> bool {
        !self.state.has_legal_move() && !self.in_check()
    }
    /// The side to move has no legal move (chess: mate or stalemate; Russian draughts: a loss).
    #[inline]
    pub fn no_legal_move(&mut self) -> bool {
        !self.state.has_legal_move()
    }
    /// The game is Russian draughts (a clause that differs by game reads it).
    pub fn draughts(&self) -> bool {
        self.game().kind() == crate::games::GameKind::RussianDraughts
    }
    pub fn repetitions(&self) -> i64 {
        int(self.game().repetitions())
    }
    /// Moves by each player since the last pawn move or capture (half the halfmove clock).
    pub fn moves_since_pawn_or_capture(&self) -> i64 {
        moves(self.game().plies_since_irreversible())
    }
    pub fn has_mating_material(&self, side: Color) -> bool {
        self.game().can_win(side)
    }
    /// Proved: a helpmate exists. With the engine off, mating material.
    pub fn can_checkmate(&mut self, side: Color) -> bool {
        match self.state.winnability(side) {
            Some(w) => matches!(w, Winnability::Can(_)),
            None => self.game().can_win(side),
        }
    }
    /// The engine's budget ran out before it could say whether `side` can checkmate.
    pub fn checkmate_undetermined(&mut self, side: Color) -> bool {
        matches!(
            self.state.winnability(side),
            Some(Winnability::Undetermined { .. })
        )
    }
    /// Proved: neither side can checkmate (the first pass: by material).
    #[inline]
    pub fn dead_position(&mut self) -> bool {
        self.state.dead_position().0
    }
    /// Whether the position is dead could not be decided within the budget.
    #[inline]
    pub fn dead_position_undetermined(&mut self) -> bool {
        self.state.dead_position().1
    }
    pub fn repetitions_after(&self, m: AnyMove) -> Result<i64, EvalError> {
        self.legal(m)?;
        Ok(int(self.game().repetitions_after(m)))
    }
    pub fn moves_since_pawn_or_capture_after(&self, m: AnyMove) -> Result<i64, EvalError> {
        self.legal(m)?;
        Ok(moves(self.game().plies_since_irreversible_after(m)))
    }
    pub fn opponent(&self, side: Color) -> Color {
        !side
    }
    fn claim(&self) -> Option<&Claim> {
        match self.event {
            Event::Claim(c) => Some(c),
            _ => None,
        }
    }
    pub fn claim_threefold(&self) -> bool {
        self.claim().is_some_and(|c| c.kind == ClaimKind::Threefold)
    }
    pub fn claim_fifty(&self) -> bool {
        self.claim().is_some_and(|c| c.kind == ClaimKind::Fifty)
    }
    pub fn claim_has_move(&self) -> bool {
        self.claim()
            .is_some_and(|c| !matches!(c.intended, Intended::None))
    }
    /// The intended move written with the claim is a legal move in the position.
    pub fn claim_move_legal(&self) -> bool {
        self.claim()
            .is_some_and(|c| matches!(c.intended, Intended::Legal(_)))
    }
    pub fn claim_move(&self) -> Result<AnyMove, EvalError> {
        self.claim()
            .and_then(|c| match c.intended {
                Intended::Legal(m) => Some(m),
                Intended::None | Intended::NotLegal => None,
            })
            .ok_or_else(|| EvalError::new("the claim names no legal intended move"))
    }
    /// The side making the event (`claim.by`, `offer.by`, ...); the player to move otherwise.
    pub fn event_by(&self) -> Color {
        self.event.by().unwrap_or(self.to_move())
    }
    #[inline]
    pub fn moved(&self) -> bool {
        self.state.last_move().is_some()
    }
    pub fn last_move(&self) -> Result<AnyMove, EvalError> {
        self.state
            .last_move()
            .ok_or_else(|| EvalError::new("no move has been made"))
    }
    pub fn move_number(&self) -> i64 {
        int(self.state.move_number())
    }
    pub fn moves_made(&self, side: Color) -> i64 {
        int(self.state.moves_made(side))
    }
    #[inline]
    pub fn offer_pending(&self) -> bool {
        self.state.pending_offer().is_some()
    }
    pub fn offer_by(&self) -> Result<Color, EvalError> {
        self.state
            .pending_offer()
            .ok_or_else(|| EvalError::new("no draw offer is pending"))
    }
    pub fn touched(&self) -> bool {
        self.state.touched()
    }
    pub fn arbiter_consent(&self) -> bool {
        self.state.consent()
    }
    #[inline]
    pub fn move_required(&self) -> bool {
        self.state.required_move().is_some()
    }
    pub fn required_move(&self) -> Result<AnyMove, EvalError> {
        self.state
            .required_move()
            .ok_or_else(|| EvalError::new("no move is required"))
    }
    // Time.
    pub fn timed(&self) -> bool {
        self.state.clocks.timed()
    }
    pub fn time_for_moves(&self, moves: i64) -> Result<i64, EvalError> {
        let n = u32::try_from(moves).map_err(|_| {
            EvalError::new(format!("time_for_moves({moves}): not a number of moves"))
        })?;
        self.state
            .clocks
            .time_for_moves(n)
            .ok_or_else(|| EvalError::say(crate::locale::say::eval_time_too_large(moves)))
    }
    pub fn has_increment(&self) -> bool {
        self.state.clocks.has_increment()
    }
    pub fn clock_known(&self, side: Color) -> bool {
        self.state.clocks.remaining(side).is_some()
    }
    pub fn remaining(&self, side: Color) -> Result<i64, EvalError> {
        self.state.clocks.remaining(side).ok_or_else(|| {
            let (name, tag) = match side {
                Color::White => ("White", "white"),
                Color::Black => ("Black", "black"),
            };
            EvalError::new(format!(
                "{name}'s remaining time is not known here: record it with [%clk H:MM:SS] after {name}'s move or [%clock {tag} H:MM:SS]"
            ))
        })
    }
    pub fn period(&self, side: Color) -> i64 {
        int(self.state.clocks.period(self.state.next_move_number(side)))
    }
    pub fn last_period(&self, side: Color) -> bool {
        self.state
            .clocks
            .last_period(self.state.next_move_number(side))
    }
    // Before the arbiter.
    pub fn quickplay_pending(&self) -> bool {
        self.state.proceedings.quickplay.is_some()
    }
    pub fn quickplay_by(&self) -> Result<Color, EvalError> {
        self.state
            .proceedings
            .quickplay
            .map(|q| q.0)
            .ok_or_else(|| EvalError::new("no quickplay claim is before the arbiter"))
    }
    pub fn quickplay_postponed(&self) -> bool {
        self.state.proceedings.quickplay.is_some_and(|q| q.1)
    }
    pub fn increment_requested(&self) -> bool {
        self.state.proceedings.increment_request.is_some()
    }
    pub fn increment_requested_by(&self) -> Result<Color, EvalError> {
        self.state
            .proceedings
            .increment_request
            .ok_or_else(|| EvalError::new("no increment request is before the arbiter"))
    }
    pub fn flag_fallen(&self) -> bool {
        self.state.proceedings.flagged.is_some()
    }
    pub fn flagged(&self) -> Result<Color, EvalError> {
        self.state
            .proceedings
            .flagged
            .ok_or_else(|| EvalError::new("no flag has fallen"))
    }
    pub fn awaiting_decision(&self) -> bool {
        self.state.proceedings.awaiting
    }
    // Material.
    pub fn pawns(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Chess(Role::Pawn)))
    }
    pub fn knights(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Chess(Role::Knight)))
    }
    pub fn bishops(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Chess(Role::Bishop)))
    }
    pub fn rooks(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Chess(Role::Rook)))
    }
    pub fn queens(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Chess(Role::Queen)))
    }
    /// Russian draughts: men (none in chess).
    pub fn men(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::Man))
    }
    /// Russian draughts: kings (none in chess).
    pub fn kings(&self, side: Color) -> i64 {
        int(self.game().count(side, AnyKind::King))
    }
    /// Russian draughts: moves `side` has made since the last move of a man or capture, by
    /// either side (moves made only with kings, without capturing). Chess: 0.
    pub fn kings_only_moves(&self, side: Color) -> i64 {
        int(self.game().kings_only_moves(side))
    }
    /// Russian draughts: moves `side` has made since the balance of forces (each side's men
    /// and kings) last changed, by a capture or a crowning, or since the start. Chess: 0.
    pub fn balance_moves(&self, side: Color) -> i64 {
        int(self.game().balance_moves(side))
    }
    /// Russian draughts: pieces of `side` on the main road (the long diagonal a1–h8). Chess: 0.
    pub fn main_road(&self, side: Color) -> i64 {
        int(self.game().main_road(side))
    }
    // Offers and irregularities.
    pub fn offer_blocked(&self, side: Color) -> bool {
        self.state.offer_blocked(side)
    }
    pub fn illegal_moves(&self, side: Color) -> i64 {
        int(self.state.proceedings.illegal_moves(side))
    }
    pub fn irregularity_open(&self) -> bool {
        self.state.proceedings.irregularity.is_some()
    }
    pub fn irregularity_by(&self) -> Result<Color, EvalError> {
        self.state
            .proceedings
            .irregularity
            .map(|i| i.by)
            .ok_or_else(|| EvalError::new("no irregularity is on record"))
    }
    pub fn irregularity_promotion(&self) -> bool {
        self.state
            .proceedings
            .irregularity
            .is_some_and(|i| i.promotion)
    }
    pub fn replied_since_irregularity(&self) -> bool {
        self.state
            .proceedings
            .irregularity
            .is_some_and(|i| self.state.moves_made(!i.by) > i.opponent_moves)
    }
    /// Illegal moves of `side` on which 7.5.5's action was taken (`penalise_illegal`).
    pub fn illegal_moves_penalised(&self, side: Color) -> i64 {
        int(*self.state.proceedings.penalised.get(side))
    }
    /// The irregularity on record is a move that stands on the board as made, the last one
    /// made: reinstating the position before it is possible.
    pub fn irregularity_on_board(&self) -> bool {
        self.state.proceedings.irregularity.is_some() && self.state.reinstatable()
    }
    /// The move just made is one the record marks as illegal, standing as made (`[%illegal]`):
    /// not "in accordance with Article 3" (5.1.1, 5.2.1, 5.2.2).
    #[inline]
    pub fn last_move_illegal(&self) -> bool {
        self.state.last_move_illegal()
    }
    // What the player who has just moved touched before his move (Article 4.3).
    pub fn touched_own(&self) -> bool {
        self.state.touch_facts().own
    }
    pub fn touched_opponent(&self) -> bool {
        self.state.touch_facts().opponent
    }
    pub fn touched_actionable(&self) -> bool {
        self.state.touch_facts().actionable
    }
    pub fn acted_on_first_touched(&self) -> bool {
        self.state.touch_facts().acted_on_first
    }
    pub fn touched_capture_legal(&self) -> bool {
        self.state.touch_facts().capture_legal
    }
    pub fn made_touched_capture(&self) -> bool {
        self.state.touch_facts().made_capture
    }
    // Event fields.
    pub fn quickplay_no_win(&self) -> bool {
        matches!(self.event, Event::Quickplay { no_win: true, .. })
    }
    pub fn quickplay_no_effort(&self) -> bool {
        matches!(
            self.event,
            Event::Quickplay {
                no_effort: true,
                ..
            }
        )
    }
    pub fn postpone_extra_time(&self) -> bool {
        matches!(self.event, Event::ArbiterPostpones { extra_time: true })
    }
    pub fn declare_draw(&self) -> bool {
        matches!(self.event, Event::ArbiterDeclares { draw: true })
    }
    fn illegal_form(&self) -> Option<IllegalForm> {
        match self.event {
            Event::Illegal { form, .. } => Some(*form),
            _ => None,
        }
    }
    pub fn illegal_promotion(&self) -> bool {
        self.illegal_form() == Some(IllegalForm::Promotion)
    }
    pub fn illegal_on_board(&self) -> bool {
        self.illegal_form() == Some(IllegalForm::Standing)
    }
    pub fn illegal_reinstated(&self) -> bool {
        self.illegal_form() == Some(IllegalForm::Reinstated)
    }
    pub fn illegal_no_move(&self) -> bool {
        self.illegal_form() == Some(IllegalForm::NoMove)
    }
    pub fn illegal_two_hands(&self) -> bool {
        self.illegal_form() == Some(IllegalForm::TwoHands)
    }

    pub fn param(&self, i: usize) -> Result<&Value, EvalError> {
        self.params
            .get(i)
            .ok_or_else(|| EvalError::new(format!("no parameter {i}")))
    }
    pub fn param_bool(&self, i: usize) -> Result<bool, EvalError> {
        match self.param(i)? {
            Value::Bool(b) => Ok(*b),
            v => Err(EvalError::new(format!(
                "parameter {i} is {v:?}, not a bool"
            ))),
        }
    }
    pub fn param_int(&self, i: usize) -> Result<i64, EvalError> {
        match self.param(i)? {
            Value::Int(n) | Value::Duration(n) => Ok(*n),
            v => Err(EvalError::new(format!(
                "parameter {i} is {v:?}, not a number"
            ))),
        }
    }
    pub fn param_side(&self, i: usize) -> Result<Color, EvalError> {
        match self.param(i)? {
            Value::Side(c) => Ok(*c),
            v => Err(EvalError::new(format!(
                "parameter {i} is {v:?}, not a side"
            ))),
        }
    }

    fn legal(&self, m: AnyMove) -> Result<(), EvalError> {
        if self.game().is_legal(m) {
            Ok(())
        } else {
            Err(EvalError::new(format!(
                "move {m} is not legal in this position"
            )))
        }
    }
}

/// An argument of a fact, as the interpreter passes it.
trait FromValue: Sized {
    fn from_value(v: Option<&Value>, fact: FactId) -> Result<Self, EvalError>;
}

impl FromValue for Color {
    fn from_value(v: Option<&Value>, fact: FactId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Side(c)) => Ok(*c),
            _ => Err(EvalError::new(format!(
                "{fact:?}: an argument must be a side"
            ))),
        }
    }
}

impl FromValue for i64 {
    fn from_value(v: Option<&Value>, fact: FactId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Int(n)) => Ok(*n),
            _ => Err(EvalError::new(format!(
                "{fact:?}: an argument must be a number"
            ))),
        }
    }
}

impl FromValue for AnyMove {
    fn from_value(v: Option<&Value>, fact: FactId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Move(m)) => Ok(*m),
            _ => Err(EvalError::new(format!(
                "{fact:?}: an argument must be a move"
            ))),
        }
    }
}

/// The Rust type of an argument of a rule-language type.
macro_rules! arg_type {
    (Side) => {
        Color
    };
    (Int) => {
        i64
    };
    (Move) => {
        AnyMove
    };
}

/// A method's result, `?` when it can fail.
macro_rules! call {
    (fallible, $e:expr) => {
        $e?
    };
    (infallible, $e:expr) => {
        $e
    };
}

/// A fact's result read as a `bool` or a number without going through a `Value` (the
/// interpreter's conditions: `checkmate`, `repetitions >= 5`); `None` for a fact of another type.
trait Typed: Sized {
    fn into_bool(self) -> Option<bool> {
        None
    }
    fn into_int(self) -> Option<i64> {
        None
    }
}

impl Typed for bool {
    fn into_bool(self) -> Option<bool> {
        Some(self)
    }
}

impl Typed for i64 {
    fn into_int(self) -> Option<i64> {
        Some(self)
    }
}

impl Typed for Color {}
impl Typed for AnyMove {}

fn not_of_type(fact: FactId, ty: &str) -> EvalError {
    EvalError::new(format!("{fact:?} is not {ty}"))
}

/// The method of fact `$id` called with `args` converted to its parameters' types.
macro_rules! read_fact {
    ($self:ident, $id:ident, $args:ident, $method:ident, $fall:ident, [$($p:ident),*]) => {{
        let mut _next = $args.iter();
        call!($fall, $self.$method(
            $( <arg_type!($p)>::from_value(_next.next(), FactId::$id)? ),*
        ))
    }};
}

macro_rules! dispatch_facts {
    ($( { $name:literal, $id:ident, [$($p:ident),*], $ty:ident, $method:ident, $fall:ident,
          $ev:ident, $guard:ident } )*) => {
        impl Ctx<'_> {
            /// The value of a fact, for the interpreter: the same method generated code calls,
            /// chosen from the declaration of the vocabulary (`lang::vocabulary`).
            pub fn fact(&mut self, id: FactId, args: &[Value]) -> Result<Value, EvalError> {
                Ok(match id {
                    $( FactId::$id => {
                        Value::$ty(read_fact!(self, $id, args, $method, $fall, [$($p),*]))
                    } )*
                })
            }

            /// A boolean fact's value, as [`fact`](Ctx::fact) gives it (an error for a fact of
            /// another type, which the checker rules out).
            pub fn fact_bool(&mut self, id: FactId, args: &[Value]) -> Result<bool, EvalError> {
                match id {
                    $( FactId::$id => {
                        let v = read_fact!(self, $id, args, $method, $fall, [$($p),*]);
                        Typed::into_bool(v).ok_or_else(|| not_of_type(id, "a bool"))
                    } )*
                }
            }

            /// A number fact's value, as [`fact`](Ctx::fact) gives it inside `Value::Int`.
            pub fn fact_int(&mut self, id: FactId, args: &[Value]) -> Result<i64, EvalError> {
                match id {
                    $( FactId::$id => {
                        let v = read_fact!(self, $id, args, $method, $fall, [$($p),*]);
                        Typed::into_int(v).ok_or_else(|| not_of_type(id, "a number"))
                    } )*
                }
            }
        }
    };
}
crate::lang::vocabulary::with_facts!(dispatch_facts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mechanics::chess::ChessMechanics;
    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::{CastlingMode, Chess};

    fn state(fen: &str, sans: &str) -> GameState {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let mut st = GameState::new(AnyGame::Chess(ChessMechanics::new(pos)));
        for s in sans.split_whitespace() {
            let m = s.parse::<San>().unwrap().to_move(chess(&st)).unwrap();
            st.play(AnyMove::Chess(m));
        }
        st
    }

    fn chess(st: &GameState) -> &Chess {
        st.mechanics().chess().unwrap().position()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn with<T>(st: &mut GameState, f: impl FnOnce(&mut Ctx) -> T) -> T {
        let event = Event::Position;
        let mut cx = Ctx {
            state: st,
            event: &event,
            params: &[],
        };
        f(&mut cx)
    }

    #[test]
    fn mate_and_stalemate_from_the_mechanics() {
        let mut st = state(START, "f3 e5 g4 Qh4");
        assert_eq!(
            with(&mut st, |cx| (
                cx.in_check(),
                cx.checkmate(),
                cx.stalemate()
            )),
            (true, true, false)
        );
        let mut st = state("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
        assert_eq!(
            with(&mut st, |cx| (
                cx.in_check(),
                cx.checkmate(),
                cx.stalemate()
            )),
            (false, false, true)
        );
        let mut st = state(START, "e4 f5 Qh5");
        assert_eq!(
            with(&mut st, |cx| (
                cx.in_check(),
                cx.checkmate(),
                cx.stalemate()
            )),
            (true, false, false)
        );
    }

    #[test]
    fn moves_are_whole_moves_of_each_player() {
        let mut st = state("4k3/8/8/8/8/8/4P3/4K3 w - - 98 80", "Kd1");
        let (now, after, legal) = with(&mut st, |cx| {
            let kd7 = "Kd7".parse::<San>().unwrap();
            let kd7 = AnyMove::Chess(kd7.to_move(chess(cx.state)).unwrap());
            (
                cx.moves_since_pawn_or_capture(),
                cx.moves_since_pawn_or_capture_after(kd7).ok(),
                cx.repetitions_after(kd7).is_ok(),
            )
        });
        assert_eq!((now, after, legal), (49, Some(50), true));
    }

    #[test]
    fn an_illegal_move_is_an_error_not_a_fact() {
        let mut st = state(START, "e4");
        let e4 = "e4".parse::<San>().unwrap();
        let e4 = AnyMove::Chess(e4.to_move(&Chess::default()).unwrap());
        with(&mut st, |cx| {
            assert!(cx.repetitions_after(e4).is_err());
            assert!(cx.moves_since_pawn_or_capture_after(e4).is_err());
        });
    }

    #[test]
    fn material_and_mating_material() {
        let mut st = state("4k3/8/8/8/8/8/PP6/2BNK3 w - - 0 1", "");
        let white = with(&mut st, |cx| {
            let w = Color::White;
            [
                cx.pawns(w),
                cx.knights(w),
                cx.bishops(w),
                cx.rooks(w),
                cx.queens(w),
            ]
        });
        assert_eq!(white, [2, 1, 1, 0, 0]);
        let mating = with(&mut st, |cx| {
            (
                cx.has_mating_material(Color::White),
                cx.has_mating_material(Color::Black),
            )
        });
        assert_eq!(mating, (true, false));
    }
}
