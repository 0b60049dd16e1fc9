//! What a backend is: something that says which clauses fire on an event, and what the winners'
//! effects and ruling variables are. The compiled backend (generated code) and the interpreter
//! both implement `Rules`; everything else is shared.

use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::Color;

use super::facts::Ctx;
use crate::lang::schema::EventKind;
use crate::value::{EvalError, Value};

/// A typed effect, as it appears in the JSON output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    Draw,
    Win {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    Uphold,
    Reject,
    AddTime {
        #[serde(serialize_with = "ser_side")]
        side: Color,
        seconds: i64,
    },
    /// A draw offer by `side` is now pending.
    Offer {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    /// A draw offer by `side` is not valid (forbidden by the regulations).
    VoidOffer {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    AcceptOffer,
    DeclineOffer,
    RejectOfferByTouch,
    RejectOfferByMove,
    /// The player having the move must make this move next.
    RequireMove {
        /// SAN, filled in by the adjudicator, which knows the position.
        #[serde(rename = "move")]
        san: String,
        #[serde(skip)]
        mv: shakmaty::Move,
    },
    Irregularity,
    /// The claim by `side` goes before the arbiter.
    Refer {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    Postpone,
    CloseClaim,
    RequestIncrement {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    CloseRequest,
    /// From now on `seconds` are added to both clocks after each move.
    SetIncrement {
        seconds: i64,
    },
    /// Play stops; the result awaits the arbiter's decision.
    AwaitDecision,
    /// The drawn game scores as a win for `side`.
    Score {
        #[serde(serialize_with = "ser_side")]
        side: Color,
    },
    CorrectIrregularity,
}

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A side in the JSON output: `white` or `black` (effects, rulings, offers).
pub fn ser_side<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side_name(*c))
}

#[derive(Clone, Debug)]
pub struct ClauseMeta {
    pub id: String,
    /// Indices of the clauses this one wins over (transitive closure of `exception_to`).
    pub beats: Vec<u16>,
}

/// One way a clause answers an event.
#[derive(Clone, Debug)]
pub struct RuleMeta {
    /// Index into `BookMeta::clauses`.
    pub clause: u16,
    pub on: EventKind,
    /// The Fluent id of its ruling.
    pub message: String,
    /// Whether it ends the game or decides a claim (such a rule is cited before others).
    pub decisive: bool,
}

/// A rulebook parameter, set per game by a PGN tag.
#[derive(Clone, Debug)]
pub struct ParamMeta {
    pub name: String,
    pub default: Value,
    pub tag: Option<String>,
}

#[derive(Clone, Debug)]
pub struct BookMeta {
    pub id: String,
    pub languages: Vec<String>,
    pub clauses: Vec<ClauseMeta>,
    pub rules: Vec<RuleMeta>,
    pub params: Vec<ParamMeta>,
    /// Fluent resources of the rulings, per language.
    pub ftl: BTreeMap<String, String>,
    /// The readable rulebook (Markdown), per language.
    pub markdown: BTreeMap<String, String>,
}

pub trait Rules: Send + Sync {
    fn meta(&self) -> &BookMeta;
    /// Push, in rulebook order, every rule on `event` whose condition holds.
    fn fired(&self, event: EventKind, cx: &mut Ctx, out: &mut Vec<u16>) -> Result<(), EvalError>;
    /// The effects of a rule that fired (conditional effects whose condition holds).
    fn effects(&self, rule: u16, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError>;
    fn vars(&self, rule: u16, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError>;
}

/// Convert evaluated effect arguments to a typed effect (shared by both backends).
pub fn effect_from(id: crate::lang::schema::EffectId, args: &[Value]) -> Result<Effect, EvalError> {
    use crate::lang::schema::EffectId;
    let side = |i: usize| match args.get(i) {
        Some(Value::Side(c)) => Ok(*c),
        _ => Err(EvalError(format!("{id:?}: argument {i} must be a side"))),
    };
    Ok(match id {
        EffectId::Draw => Effect::Draw,
        EffectId::Win => Effect::Win { side: side(0)? },
        EffectId::Uphold => Effect::Uphold,
        EffectId::Reject => Effect::Reject,
        EffectId::AddTime => match args.get(1) {
            Some(Value::Duration(s)) => Effect::AddTime {
                side: side(0)?,
                seconds: *s,
            },
            _ => return Err(EvalError("add_time: argument 1 must be a duration".into())),
        },
        EffectId::Offer => Effect::Offer { side: side(0)? },
        EffectId::VoidOffer => Effect::VoidOffer { side: side(0)? },
        EffectId::AcceptOffer => Effect::AcceptOffer,
        EffectId::DeclineOffer => Effect::DeclineOffer,
        EffectId::RejectOfferByTouch => Effect::RejectOfferByTouch,
        EffectId::RejectOfferByMove => Effect::RejectOfferByMove,
        EffectId::RequireMove => match args.first() {
            Some(Value::Move(m)) => Effect::RequireMove {
                san: String::new(),
                mv: *m,
            },
            _ => return Err(EvalError("require_move: argument 0 must be a move".into())),
        },
        EffectId::Irregularity => Effect::Irregularity,
        EffectId::Refer => Effect::Refer { side: side(0)? },
        EffectId::Postpone => Effect::Postpone,
        EffectId::CloseClaim => Effect::CloseClaim,
        EffectId::RequestIncrement => Effect::RequestIncrement { side: side(0)? },
        EffectId::CloseRequest => Effect::CloseRequest,
        EffectId::SetIncrement => match args.first() {
            Some(Value::Duration(s)) => Effect::SetIncrement { seconds: *s },
            _ => {
                return Err(EvalError(
                    "set_increment: argument 0 must be a duration".into(),
                ));
            }
        },
        EffectId::AwaitDecision => Effect::AwaitDecision,
        EffectId::Score => Effect::Score { side: side(0)? },
        EffectId::CorrectIrregularity => Effect::CorrectIrregularity,
    })
}

/// The rules that survive precedence: those fired whose clause no other fired rule's clause
/// beats, the one to cite first: the first, in rulebook order, that decides something, or else
/// the first of all.
pub fn winners(meta: &BookMeta, fired: &[u16]) -> Vec<u16> {
    let clause = |r: u16| meta.rules[usize::from(r)].clause;
    let mut win: Vec<u16> = fired
        .iter()
        .copied()
        .filter(|&r| {
            !fired.iter().any(|&d| {
                meta.clauses[usize::from(clause(d))]
                    .beats
                    .contains(&clause(r))
            })
        })
        .collect();
    if let Some(i) = win
        .iter()
        .position(|&r| meta.rules[usize::from(r)].decisive)
    {
        let primary = win.remove(i);
        win.insert(0, primary);
    }
    win
}

/// A rulebook compiled into the binary (listed in `generated/mod.rs`).
pub struct Embedded {
    pub name: &'static str,
    pub rules: &'static dyn Rules,
    /// The YAML sources, `rulebook.yaml` first, for the interpreter and `explain`.
    pub sources: &'static [(&'static str, &'static str)],
}
