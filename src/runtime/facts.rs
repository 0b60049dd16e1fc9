//! The facts rules read, computed from the game state and the event being ruled on.
//!
//! Generated code calls the typed methods directly; the interpreter goes through `fact`, which
//! maps a schema id to the same method. One implementation, two callers: the backends cannot
//! disagree about a fact.

use shakmaty::{Color, Move};

use super::position::GameState;
use crate::lang::schema::{EventKind, FactId};
use crate::value::{EvalError, Value};

/// A claim of a draw (`[%claim ...]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    Threefold,
    Fifty,
}

impl ClaimKind {
    pub fn name(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::Fifty => "fifty",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Claim {
    pub kind: ClaimKind,
    pub by: Color,
    /// The intended move, already checked to be legal in the position.
    pub intended: Option<Move>,
}

/// An event the rules are asked about.
#[derive(Clone, Debug)]
pub enum Event {
    Position,
    Claim(Claim),
    Offer { by: Color },
    Accept { by: Color },
    Decline { by: Color },
    Touch { by: Color },
    Consent,
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
        }
    }

    /// The side making the event, if a player makes it.
    pub fn by(&self) -> Option<Color> {
        match self {
            Event::Claim(c) => Some(c.by),
            Event::Offer { by }
            | Event::Accept { by }
            | Event::Decline { by }
            | Event::Touch { by } => Some(*by),
            Event::Position | Event::Consent => None,
        }
    }
}

pub struct Ctx<'a> {
    pub state: &'a mut GameState,
    pub event: &'a Event,
    /// The game's parameters (rulebook defaults, overridden by the game's tags).
    pub params: &'a [Value],
}

fn int(n: u32) -> i64 {
    i64::from(n)
}

impl Ctx<'_> {
    pub fn to_move(&self) -> Color {
        self.state.to_move()
    }
    pub fn ply(&self) -> i64 {
        int(self.state.ply())
    }
    pub fn in_check(&self) -> bool {
        self.state.in_check()
    }
    pub fn checkmate(&mut self) -> bool {
        self.state.checkmate()
    }
    pub fn stalemate(&mut self) -> bool {
        self.state.stalemate()
    }
    pub fn repetitions(&self) -> i64 {
        int(self.state.repetitions())
    }
    pub fn moves_since_pawn_or_capture(&self) -> i64 {
        int(self.state.moves_since_pawn_or_capture())
    }
    pub fn has_mating_material(&self, side: Color) -> bool {
        self.state.has_mating_material(side)
    }
    pub fn repetitions_after(&self, m: Move) -> Result<i64, EvalError> {
        self.legal(m)?;
        Ok(int(self.state.repetitions_after(m)))
    }
    pub fn moves_since_pawn_or_capture_after(&self, m: Move) -> Result<i64, EvalError> {
        self.legal(m)?;
        Ok(int(self.state.moves_since_pawn_or_capture_after(m)))
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
        self.claim().is_some_and(|c| c.intended.is_some())
    }
    pub fn claim_move(&self) -> Result<Move, EvalError> {
        self.claim()
            .and_then(|c| c.intended)
            .ok_or_else(|| EvalError("the claim names no intended move".into()))
    }
    /// The side making the event (`claim.by`, `offer.by`, ...); the player to move otherwise.
    pub fn event_by(&self) -> Color {
        self.event.by().unwrap_or(self.state.to_move())
    }
    pub fn moved(&self) -> bool {
        self.state.last_move().is_some()
    }
    pub fn last_move(&self) -> Result<Move, EvalError> {
        self.state
            .last_move()
            .ok_or_else(|| EvalError("no move has been made".into()))
    }
    pub fn move_number(&self) -> i64 {
        int(self.state.move_number())
    }
    pub fn moves_made(&self, side: Color) -> i64 {
        int(self.state.moves_made(side))
    }
    pub fn offer_pending(&self) -> bool {
        self.state.pending_offer().is_some()
    }
    pub fn offer_by(&self) -> Result<Color, EvalError> {
        self.state
            .pending_offer()
            .ok_or_else(|| EvalError("no draw offer is pending".into()))
    }
    pub fn touched(&self) -> bool {
        self.state.touched()
    }
    pub fn arbiter_consent(&self) -> bool {
        self.state.consent()
    }
    pub fn move_required(&self) -> bool {
        self.state.required_move().is_some()
    }
    pub fn required_move(&self) -> Result<Move, EvalError> {
        self.state
            .required_move()
            .ok_or_else(|| EvalError("no move is required".into()))
    }
    pub fn param(&self, i: usize) -> Result<&Value, EvalError> {
        self.params
            .get(i)
            .ok_or_else(|| EvalError(format!("no parameter {i}")))
    }
    pub fn param_bool(&self, i: usize) -> Result<bool, EvalError> {
        match self.param(i)? {
            Value::Bool(b) => Ok(*b),
            v => Err(EvalError(format!("parameter {i} is {v:?}, not a bool"))),
        }
    }
    pub fn param_int(&self, i: usize) -> Result<i64, EvalError> {
        match self.param(i)? {
            Value::Int(n) | Value::Duration(n) => Ok(*n),
            v => Err(EvalError(format!("parameter {i} is {v:?}, not a number"))),
        }
    }
    pub fn param_side(&self, i: usize) -> Result<Color, EvalError> {
        match self.param(i)? {
            Value::Side(c) => Ok(*c),
            v => Err(EvalError(format!("parameter {i} is {v:?}, not a side"))),
        }
    }

    fn legal(&self, m: Move) -> Result<(), EvalError> {
        use shakmaty::Position;
        if self.state.position().is_legal(m) {
            Ok(())
        } else {
            Err(EvalError(format!("move {m} is not legal in this position")))
        }
    }

    /// Dynamic access for the interpreter.
    pub fn fact(&mut self, id: FactId, args: &[Value]) -> Result<Value, EvalError> {
        let side = |i: usize| match args.get(i) {
            Some(Value::Side(c)) => Ok(*c),
            _ => Err(EvalError(format!("{id:?}: argument {i} must be a side"))),
        };
        let mv = |i: usize| match args.get(i) {
            Some(Value::Move(m)) => Ok(*m),
            _ => Err(EvalError(format!("{id:?}: argument {i} must be a move"))),
        };
        Ok(match id {
            FactId::ToMove => Value::Side(self.to_move()),
            FactId::Ply => Value::Int(self.ply()),
            FactId::InCheck => Value::Bool(self.in_check()),
            FactId::Checkmate => Value::Bool(self.checkmate()),
            FactId::Stalemate => Value::Bool(self.stalemate()),
            FactId::Repetitions => Value::Int(self.repetitions()),
            FactId::MovesSincePawnOrCapture => Value::Int(self.moves_since_pawn_or_capture()),
            FactId::HasMatingMaterial => Value::Bool(self.has_mating_material(side(0)?)),
            FactId::RepetitionsAfter => Value::Int(self.repetitions_after(mv(0)?)?),
            FactId::MovesSincePawnOrCaptureAfter => {
                Value::Int(self.moves_since_pawn_or_capture_after(mv(0)?)?)
            }
            FactId::Opponent => Value::Side(self.opponent(side(0)?)),
            FactId::ClaimThreefold => Value::Bool(self.claim_threefold()),
            FactId::ClaimFifty => Value::Bool(self.claim_fifty()),
            FactId::ClaimHasMove => Value::Bool(self.claim_has_move()),
            FactId::ClaimMove => Value::Move(self.claim_move()?),
            FactId::Moved => Value::Bool(self.moved()),
            FactId::LastMove => Value::Move(self.last_move()?),
            FactId::MoveNumber => Value::Int(self.move_number()),
            FactId::MovesMade => Value::Int(self.moves_made(side(0)?)),
            FactId::OfferPending => Value::Bool(self.offer_pending()),
            FactId::OfferBy => Value::Side(self.offer_by()?),
            FactId::Touched => Value::Bool(self.touched()),
            FactId::ArbiterConsent => Value::Bool(self.arbiter_consent()),
            FactId::MoveRequired => Value::Bool(self.move_required()),
            FactId::RequiredMove => Value::Move(self.required_move()?),
            FactId::EventBy(_) => Value::Side(self.event_by()),
            FactId::Param(i) => self.param(usize::from(i))?.clone(),
        })
    }
}
