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
}

pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn ser_side<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(side_name(*c))
}

#[derive(Clone, Debug)]
pub struct ClauseMeta {
    pub id: String,
    pub on: Option<EventKind>,
    /// Indices of the clauses this one wins over (transitive closure of `exception_to`).
    pub beats: Vec<u16>,
}

#[derive(Clone, Debug)]
pub struct BookMeta {
    pub id: String,
    pub languages: Vec<String>,
    pub clauses: Vec<ClauseMeta>,
    /// Fluent resources of the rulings, per language.
    pub ftl: BTreeMap<String, String>,
    /// The readable rulebook (Markdown), per language.
    pub markdown: BTreeMap<String, String>,
}

pub trait Rules: Send + Sync {
    fn meta(&self) -> &BookMeta;
    /// Push, in rulebook order, every clause on `event` whose condition holds.
    fn fired(&self, event: EventKind, cx: &mut Ctx, out: &mut Vec<u16>) -> Result<(), EvalError>;
    fn effects(&self, clause: u16, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError>;
    fn vars(&self, clause: u16, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError>;
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
    })
}

/// The clauses that survive precedence: those fired that no other fired clause beats.
pub fn winners(meta: &BookMeta, fired: &[u16]) -> Vec<u16> {
    fired
        .iter()
        .copied()
        .filter(|c| {
            !fired
                .iter()
                .any(|d| meta.clauses[usize::from(*d)].beats.contains(c))
        })
        .collect()
}

/// A rulebook compiled into the binary (listed in `generated/mod.rs`).
pub struct Embedded {
    pub name: &'static str,
    pub rules: &'static dyn Rules,
    /// The YAML sources, `rulebook.yaml` first, for the interpreter and `explain`.
    pub sources: &'static [(&'static str, &'static str)],
}
