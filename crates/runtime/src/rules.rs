//! What a backend is: something that says which clauses fire on an event, and what the winners'
//! effects and ruling variables are. The compiled backend (generated code) and the interpreter
//! both implement `Rules`; everything else is shared.

use crate::games::Games;
use std::collections::BTreeMap;

use serde::Serialize;
use shakmaty::Color;

use super::facts::Ctx;
use crate::lang::schema::{EffectId, EventKind};
use crate::value::{EvalError, Value};

/// A move an effect names (`require_move`): the move, and its SAN in the position where it is
/// to be made (filled in by the adjudicator, which knows the position). Serialised as the SAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveArg {
    pub san: String,
    pub mv: crate::games::AnyMove,
}

impl MoveArg {
    /// A move whose SAN the adjudicator has yet to write.
    pub fn new(mv: crate::games::AnyMove) -> MoveArg {
        MoveArg {
            san: String::new(),
            mv,
        }
    }
}

/// A field of a typed effect, for its words and its ruling variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldValue<'a> {
    Side(Color),
    /// Seconds.
    Duration(i64),
    /// The move's SAN.
    Move(&'a str),
}

/// How an effect's field is serialised and read, by its type.
pub trait Field: Sized {
    fn from_arg(v: Option<&Value>, effect: EffectId) -> Result<Self, EvalError>;
    fn value(&self) -> FieldValue<'_>;
}

impl Field for Color {
    fn from_arg(v: Option<&Value>, effect: EffectId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Side(c)) => Ok(*c),
            _ => Err(EvalError::new(format!(
                "{effect:?}: an argument must be a side"
            ))),
        }
    }
    fn value(&self) -> FieldValue<'_> {
        FieldValue::Side(*self)
    }
}

impl Field for i64 {
    fn from_arg(v: Option<&Value>, effect: EffectId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Duration(s)) => Ok(*s),
            _ => Err(EvalError::new(format!(
                "{effect:?}: an argument must be a duration"
            ))),
        }
    }
    fn value(&self) -> FieldValue<'_> {
        FieldValue::Duration(*self)
    }
}

impl Field for MoveArg {
    fn from_arg(v: Option<&Value>, effect: EffectId) -> Result<Self, EvalError> {
        match v {
            Some(Value::Move(m)) => Ok(MoveArg::new(*m)),
            _ => Err(EvalError::new(format!(
                "{effect:?}: an argument must be a move"
            ))),
        }
    }
    fn value(&self) -> FieldValue<'_> {
        FieldValue::Move(&self.san)
    }
}

fn ser_field<T: Field, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    match v.value() {
        FieldValue::Side(c) => s.serialize_str(side_name(c)),
        FieldValue::Duration(n) => s.serialize_i64(n),
        FieldValue::Move(san) => s.serialize_str(san),
    }
}

/// The Rust type of an effect's field of a rule-language type.
macro_rules! field_type {
    (Side) => {
        Color
    };
    (Duration) => {
        i64
    };
    (Move) => {
        MoveArg
    };
}

/// The typed effect enum, one variant per declared effect (a unit variant when it has no
/// field), built one entry at a time.
macro_rules! effect_enum {
    (@acc [$($out:tt)*]) => {
        /// A typed effect, as it appears in the JSON output (`{"type":"add_time","side":...}`).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[serde(tag = "type", rename_all = "snake_case")]
        pub enum Effect { $($out)* }
    };
    (@acc [$($out:tt)*] { $name:literal, $id:ident, (), $ev:ident, $class:ident, $raises:ident } $($rest:tt)*) => {
        effect_enum!(@acc [$($out)* $id,] $($rest)*);
    };
    (@acc [$($out:tt)*] { $name:literal, $id:ident, ($($f:ident: $t:ident => $v:tt),+),
                          $ev:ident, $class:ident, $raises:ident } $($rest:tt)*) => {
        effect_enum!(@acc [$($out)* $id {
            $( #[serde(serialize_with = "ser_field")] $f: field_type!($t), )+
        },] $($rest)*);
    };
    ($($all:tt)*) => { effect_enum!(@acc [] $($all)*); };
}
crate::lang::vocabulary::with_effects!(effect_enum);

/// `Effect::Draw` or `Effect::Win { side: ... }`, as a value or a pattern.
macro_rules! effect_value {
    ($id:ident;) => { Effect::$id };
    ($id:ident; $($f:ident: $e:expr),+) => { Effect::$id { $($f: $e),+ } };
}
macro_rules! effect_pattern {
    ($id:ident;) => { Effect::$id };
    ($id:ident; $($f:ident),+) => { Effect::$id { $($f),+ } };
}
macro_rules! ruling_var {
    (_, $f:ident) => {
        None
    };
    ($v:ident, $f:ident) => {
        Some((stringify!($v), $f.value()))
    };
}

macro_rules! effect_impls {
    ($( { $name:literal, $id:ident, ($($f:ident: $t:ident => $v:tt),*), $ev:ident,
          $class:ident, $raises:ident } )*) => {
        /// Convert evaluated effect arguments to a typed effect (the interpreter's way; generated
        /// code builds the same variants).
        pub fn effect_from(id: EffectId, args: &[Value]) -> Result<Effect, EvalError> {
            Ok(match id {
                $( EffectId::$id => {
                    let mut _next = args.iter();
                    effect_value!($id; $($f: <field_type!($t)>::from_arg(_next.next(), id)?),*)
                } )*
            })
        }

        impl Effect {
            /// The declared effect this is.
            pub fn id(&self) -> EffectId {
                match self {
                    $( effect_pattern!($id; $($f),*) => {
                        $( let _ = $f; )*
                        EffectId::$id
                    } )*
                }
            }

            /// Its fields by name (`side`, `seconds`, `move`), for its words.
            pub fn fields(&self) -> Vec<(&'static str, FieldValue<'_>)> {
                match self {
                    $( effect_pattern!($id; $($f),*) => {
                        vec![ $( (field_key(stringify!($f)), $f.value()) ),* ]
                    } )*
                }
            }

            /// The ruling variables it provides (`win` gives `winner`), as declared.
            pub fn vars(&self) -> Vec<(&'static str, FieldValue<'_>)> {
                match self {
                    $( effect_pattern!($id; $($f),*) => {
                        $( let _ = &$f; )*
                        let all: Vec<Option<(&'static str, FieldValue<'_>)>> =
                            vec![ $( ruling_var!($v, $f) ),* ];
                        all.into_iter().flatten().collect()
                    } )*
                }
            }
        }
    };
}
crate::lang::vocabulary::with_effects!(effect_impls);

/// A field's name as data sees it: `r#move` is `move`.
fn field_key(rust: &'static str) -> &'static str {
    rust.strip_prefix("r#").unwrap_or(rust)
}

// A side's name and its serialisation live with the values (`crate::value`), below both the
// rules and the analysis that name sides.
pub use crate::value::{ser_side, side_name};

/// The index of a rule or a clause in a rulebook. `lang::limits` keeps a rulebook's counts far
/// below `u32::MAX`, and the compiler converts with a check (`index`), never by truncation.
pub type Index = u32;

// `at` widens without loss: arbiter is built for targets whose `usize` has 32 bits or more.
const _: () = assert!(usize::BITS >= Index::BITS);

/// An index as a `usize`, to index a table with.
pub fn at(i: Index) -> usize {
    i as usize
}

/// A position in a table as an `Index`; `None` past `u32::MAX` (a rulebook over the limits).
pub fn index(i: usize) -> Option<Index> {
    Index::try_from(i).ok()
}

#[derive(Clone, Debug)]
pub struct ClauseMeta {
    pub id: String,
    /// Indices of the clauses this one wins over (transitive closure of `exception_to`).
    pub beats: Vec<Index>,
    /// The games it applies to.
    pub games: Games,
}

/// One way a clause answers an event.
#[derive(Clone, Debug)]
pub struct RuleMeta {
    /// Index into `BookMeta::clauses`.
    pub clause: Index,
    pub on: EventKind,
    /// The Fluent id of its ruling.
    pub message: String,
    /// Whether it ends the game or decides a claim (such a rule is cited before others).
    pub decisive: bool,
}

pub use crate::record::ParamMeta;

#[derive(Clone, Debug)]
pub struct BookMeta {
    pub id: String,
    /// The edition of a family (the FIDE Laws of a period) the rulebook is, or stands on.
    pub edition: Option<crate::lang::ir::Edition>,
    /// The rulebook is compiled once per edition of the family it stands on; this is the one
    /// on `edition`.
    pub per_edition: bool,
    pub languages: Vec<String>,
    /// The games the rulebook is for.
    pub games: Games,
    pub clauses: Vec<ClauseMeta>,
    pub rules: Vec<RuleMeta>,
    pub params: Vec<ParamMeta>,
    /// Fluent resources of the rulings, per language.
    pub ftl: BTreeMap<String, String>,
}

pub trait Rules: Send + Sync {
    fn meta(&self) -> &BookMeta;
    /// Push, in rulebook order, every rule on `event` whose condition holds.
    fn fired(&self, event: EventKind, cx: &mut Ctx, out: &mut Vec<Index>) -> Result<(), EvalError>;
    /// The effects of a rule that fired (conditional effects whose condition holds).
    fn effects(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError>;
    fn vars(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError>;
}

/// The rules that survive precedence: those fired whose clause no other fired rule's clause
/// beats, the one to cite first: the first, in rulebook order, that decides something, or else
/// the first of all.
pub fn winners(meta: &BookMeta, fired: &[Index]) -> Vec<Index> {
    let clause = |r: Index| meta.rules[at(r)].clause;
    let mut win: Vec<Index> = fired
        .iter()
        .copied()
        .filter(|&r| {
            !fired
                .iter()
                .any(|&d| meta.clauses[at(clause(d))].beats.contains(&clause(r)))
        })
        .collect();
    if let Some(i) = win.iter().position(|&r| meta.rules[at(r)].decisive) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::schema::Ty;
    use shakmaty::{Chess, Position};

    /// A value of each type, to build every effect.
    fn sample(t: Ty) -> Value {
        match t {
            Ty::Side => Value::Side(Color::Black),
            Ty::Duration => Value::Duration(120),
            Ty::Move => {
                let pos = Chess::default();
                let legal = pos.legal_moves();
                Value::Move(crate::games::AnyMove::Chess(legal[0]))
            }
            Ty::Bool => Value::Bool(true),
            Ty::Int => Value::Int(1),
        }
    }

    #[test]
    fn every_declared_effect_builds_serialises_and_names_itself() {
        for &id in EffectId::ALL {
            let spec = id.spec();
            let args: Vec<Value> = spec.fields.iter().map(|f| sample(f.ty)).collect();
            let e = effect_from(id, &args).unwrap();
            assert_eq!(e.id(), id);
            let json = serde_json::to_value(&e).unwrap();
            assert_eq!(json["type"], spec.name, "{json}");
            let keys: Vec<&str> = e.fields().iter().map(|(k, _)| *k).collect();
            let declared: Vec<&str> = spec
                .fields
                .iter()
                .map(|f| f.name.trim_start_matches("r#"))
                .collect();
            assert_eq!(keys, declared);
            for k in &keys {
                assert!(json.get(k).is_some(), "{json} lacks {k}");
            }
            let vars: Vec<&str> = e.vars().iter().map(|(k, _)| *k).collect();
            assert_eq!(vars, spec.vars().collect::<Vec<_>>());
            // Too few arguments is an error, not a default.
            if !spec.fields.is_empty() {
                assert!(effect_from(id, &[]).is_err());
            }
        }
    }

    #[test]
    fn effects_serialise_as_the_protocol_says() {
        let e = effect_from(
            EffectId::AddTime,
            &[Value::Side(Color::Black), Value::Duration(120)],
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"type":"add_time","side":"black","seconds":120}"#
        );
        let mut r = effect_from(EffectId::RequireMove, &[sample(Ty::Move)]).unwrap();
        if let Effect::RequireMove { r#move } = &mut r {
            r#move.san = "Nf3".into();
        }
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"type":"require_move","move":"Nf3"}"#
        );
        assert_eq!(
            serde_json::to_string(&Effect::Draw).unwrap(),
            r#"{"type":"draw"}"#
        );
    }

    #[test]
    fn winners_follow_exceptions_and_cite_a_decisive_rule_first() {
        let meta = BookMeta {
            id: "t".into(),
            edition: None,
            per_edition: false,
            games: crate::games::Games::CHESS,
            languages: vec![],
            clauses: vec![
                ClauseMeta {
                    id: "a".into(),
                    games: crate::games::Games::CHESS,
                    beats: vec![1],
                },
                ClauseMeta {
                    id: "b".into(),
                    games: crate::games::Games::CHESS,
                    beats: vec![],
                },
                ClauseMeta {
                    id: "c".into(),
                    games: crate::games::Games::CHESS,
                    beats: vec![],
                },
            ],
            rules: vec![
                RuleMeta {
                    clause: 0,
                    on: EventKind::Claim,
                    message: "m0".into(),
                    decisive: false,
                },
                RuleMeta {
                    clause: 1,
                    on: EventKind::Claim,
                    message: "m1".into(),
                    decisive: true,
                },
                RuleMeta {
                    clause: 2,
                    on: EventKind::Claim,
                    message: "m2".into(),
                    decisive: true,
                },
            ],
            params: vec![],
            ftl: Default::default(),
        };
        // `a` beats `b`; of `a` and `c`, the decisive `c` is cited first.
        assert_eq!(winners(&meta, &[0, 1, 2]), vec![2, 0]);
        assert_eq!(winners(&meta, &[1]), vec![1]);
    }
}
