//! The typed schema of what rules can talk about — events, facts, effects — derived from the
//! one declaration of the vocabulary (`lang::vocabulary`).
//!
//! This is the contract between the law (in `rules/`) and the mechanics (in `runtime::facts`).
//! Every fact is computed by Rust; no fact encodes a threshold or a clause's condition. A
//! rulebook names facts here and nothing else. The words for them are in the locales.

use crate::locale::say;

/// Types of the rule language.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ty {
    Bool,
    Int,
    Side,
    Duration,
    Move,
}

impl Ty {
    /// The type as a diagnostic names it (`an int`, `a side`), said in the diagnostic's words.
    pub fn a(self) -> say::Message {
        match self {
            Ty::Bool => say::a_bool(),
            Ty::Int => say::an_int(),
            Ty::Side => say::a_side(),
            Ty::Duration => say::a_duration(),
            Ty::Move => say::a_move(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::Side => "side",
            Ty::Duration => "duration",
            Ty::Move => "move",
        }
    }
}

macro_rules! declare_events {
    ($( { $name:literal, $id:ident } )*) => {
        /// The events a clause can answer.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
        pub enum EventKind {
            $( $id, )*
        }

        impl EventKind {
            /// Every event, in the order of the declaration.
            pub const ALL: &'static [EventKind] = &[ $( EventKind::$id, )* ];

            /// The name rules use (`on: claim`).
            pub fn name(self) -> &'static str {
                match self {
                    $( EventKind::$id => $name, )*
                }
            }
        }
    };
}
crate::lang::vocabulary::with_events!(declare_events);

impl EventKind {
    pub fn from_name(s: &str) -> Option<EventKind> {
        Self::ALL.iter().copied().find(|e| e.name() == s)
    }
}

/// Whether something is restricted to one event (`any` in the declaration: no), or the event
/// an effect raises (`none`: none).
macro_rules! event_of {
    (any) => {
        None
    };
    (none) => {
        None
    };
    ($e:ident) => {
        Some(EventKind::$e)
    };
}

/// The boolean fact that must hold for a fact to exist (`none` in the declaration: always).
macro_rules! guard_of {
    (none) => {
        None
    };
    ($g:ident) => {
        Some(FactId::$g)
    };
}

macro_rules! fallible {
    (fallible) => {
        true
    };
    (infallible) => {
        false
    };
}

macro_rules! declare_facts {
    ($( { $name:literal, $id:ident, [$($p:ident),*], $ty:ident, $method:ident, $fall:ident,
          $ev:ident, $guard:ident } )*) => {
        /// Every fact and function the mechanics provide.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum FactId {
            $( $id, )*
        }

        impl FactId {
            /// Every fact, in the order of the declaration.
            pub const ALL: &'static [FactId] = &[ $( FactId::$id, )* ];

            /// What the declaration says of the fact.
            pub fn spec(self) -> FactSpec {
                match self {
                    $( FactId::$id => FactSpec {
                        id: FactId::$id,
                        name: $name,
                        params: &[ $( Ty::$p ),* ],
                        ty: Ty::$ty,
                        event: event_of!($ev),
                        guard: guard_of!($guard),
                        method: stringify!($method),
                        fallible: fallible!($fall),
                    }, )*
                }
            }
        }
    };
}
crate::lang::vocabulary::with_facts!(declare_facts);

/// A fact as declared.
#[derive(Clone, Copy, Debug)]
pub struct FactSpec {
    pub id: FactId,
    /// The name rules use.
    pub name: &'static str,
    pub params: &'static [Ty],
    pub ty: Ty,
    /// Only available on this event (event fields).
    pub event: Option<EventKind>,
    /// Only meaningful when this boolean fact is true; the type checker requires the guard.
    pub guard: Option<FactId>,
    /// The method of `runtime::facts::Ctx` that computes it (generated code calls it).
    pub method: &'static str,
    /// Whether the method can fail (returns `Result`).
    pub fallible: bool,
}

/// The fact a rule names, if there is one.
pub fn fact(name: &str) -> Option<FactSpec> {
    FactId::ALL
        .iter()
        .map(|f| f.spec())
        .find(|f| f.name == name)
}

/// What part of the outcome an effect decides; two effects of one class that differ contradict.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum OutcomeClass {
    /// The game's result.
    Result,
    /// The decision on a claim.
    Decision,
    /// What becomes of a draw offer.
    Offer,
    Other,
}

/// A field of an effect: its name in the typed effect, its type, and the ruling variable it
/// gives (`_`: none).
#[derive(Clone, Copy, Debug)]
pub struct FieldSpec {
    pub name: &'static str,
    pub ty: Ty,
    pub var: Option<&'static str>,
}

macro_rules! var_of {
    (_) => {
        None
    };
    ($v:ident) => {
        Some(stringify!($v))
    };
}

macro_rules! declare_effects {
    ($( { $name:literal, $id:ident, ($($f:ident: $t:ident => $v:tt),*), $ev:ident,
          $class:ident, $raises:ident } )*) => {
        /// The effects a clause can have.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub enum EffectId {
            $( $id, )*
        }

        impl EffectId {
            /// Every effect, in the order of the declaration.
            pub const ALL: &'static [EffectId] = &[ $( EffectId::$id, )* ];

            /// What the declaration says of the effect.
            pub fn spec(self) -> EffectSpec {
                match self {
                    $( EffectId::$id => EffectSpec {
                        id: EffectId::$id,
                        name: $name,
                        variant: stringify!($id),
                        fields: &[ $( FieldSpec {
                            name: stringify!($f),
                            ty: Ty::$t,
                            var: var_of!($v),
                        } ),* ],
                        event: event_of!($ev),
                        class: OutcomeClass::$class,
                        raises: event_of!($raises),
                    }, )*
                }
            }
        }
    };
}
crate::lang::vocabulary::with_effects!(declare_effects);

/// An effect as declared.
#[derive(Clone, Copy, Debug)]
pub struct EffectSpec {
    pub id: EffectId,
    pub name: &'static str,
    /// The variant of `runtime::rules::Effect` (generated code builds it).
    pub variant: &'static str,
    /// The arguments, in order.
    pub fields: &'static [FieldSpec],
    pub event: Option<EventKind>,
    pub class: OutcomeClass,
    /// The event it raises once carried out (`draw` raises `drawn`).
    pub raises: Option<EventKind>,
}

impl EffectSpec {
    /// The types of the arguments.
    pub fn params(&self) -> Vec<Ty> {
        self.fields.iter().map(|f| f.ty).collect()
    }

    /// Ruling variables the effect provides (`win` gives `$winner`).
    pub fn vars(&self) -> impl Iterator<Item = &'static str> {
        self.fields.iter().filter_map(|f| f.var)
    }
}

/// The effect a rule names, if there is one.
pub fn effect(name: &str) -> Option<EffectSpec> {
    EffectId::ALL
        .iter()
        .map(|e| e.spec())
        .find(|e| e.name == name)
}

/// Side literals.
pub fn side_literal(name: &str) -> Option<shakmaty::Color> {
    match name {
        "white" => Some(shakmaty::Color::White),
        "black" => Some(shakmaty::Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = FactId::ALL.iter().map(|f| f.spec().name).collect();
        names.extend(EffectId::ALL.iter().map(|e| e.spec().name));
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "a fact or effect name is declared twice");
        let mut events: Vec<&str> = EventKind::ALL.iter().map(|e| e.name()).collect();
        events.dedup();
        assert_eq!(events.len(), EventKind::ALL.len());
    }

    #[test]
    fn specs_round_trip() {
        for &f in FactId::ALL {
            assert_eq!(fact(f.spec().name).map(|s| s.id), Some(f));
        }
        for &e in EffectId::ALL {
            assert_eq!(effect(e.spec().name).map(|s| s.id), Some(e));
        }
        for &e in EventKind::ALL {
            assert_eq!(EventKind::from_name(e.name()), Some(e));
        }
    }

    #[test]
    fn guards_and_event_fields() {
        let m = fact("claim.move").unwrap();
        assert_eq!(m.guard, Some(FactId::ClaimMoveLegal));
        assert_eq!(m.event, Some(EventKind::Claim));
        assert!(m.fallible);
        let w = effect("add_time").unwrap();
        assert_eq!(w.params(), vec![Ty::Side, Ty::Duration]);
        assert_eq!(w.vars().collect::<Vec<_>>(), vec!["added_to", "added"]);
        assert_eq!(effect("score").unwrap().event, Some(EventKind::Drawn));
        assert_eq!(effect("draw").unwrap().raises, Some(EventKind::Drawn));
        assert_eq!(effect("win").unwrap().raises, None);
    }
}
