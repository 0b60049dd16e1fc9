//! The one intermediate representation both backends consume.
//!
//! A checked rulebook: names resolved to facts, expressions typed, exceptions resolved to clause
//! indices (with their transitive closure), texts per language. Codegen turns it into Rust and
//! Fluent; the interpreter walks it.

use std::collections::BTreeMap;

use shakmaty::Color;

use crate::games::Games;
use crate::lang::schema::{EffectId, EventKind, FactId, Ty};

/// A text per language code.
pub type Texts = BTreeMap<String, String>;

#[derive(Clone, Debug)]
pub struct Rulebook {
    pub id: String,
    /// The rulebooks this one extends, in the order named (one per game when more than one).
    pub extends: Vec<String>,
    /// The ids of the `extends` chain, the root base first and this rulebook last (each base's
    /// own chain in turn when there are several, `Loaded::chain`).
    pub chain: Vec<String>,
    /// The part of `chain` that is the edition of a family this rulebook stands on, root first
    /// (`[fide-2018, fide-2023]` for the club's regulation on the 2023 Laws); empty when it
    /// stands on none. The rest of the chain is the same on every edition.
    pub edition_chain: Vec<String>,
    /// Per level of `chain`, the clause ids its amendments changed (`(old, new)`): a clause
    /// id written for level `l` is this rulebook's id through the renames of levels above `l`.
    pub renames: Vec<Vec<(String, String)>>,
    /// Names defined by clauses (`defines:`), in rulebook order; `IrExpr::Defined` indexes
    /// this list. Each is checked once and emitted once (a function in generated code).
    pub definitions: Vec<Definition>,
    pub title: Texts,
    pub source: Texts,
    pub languages: Vec<String>,
    /// The games the rulebook is for.
    pub games: Games,
    pub params: Vec<Param>,
    pub articles: Vec<Article>,
    pub clauses: Vec<Clause>,
    /// Every rule of every clause, in rulebook order.
    pub rules: Vec<Rule>,
    /// The YAML sources, `rulebook.yaml` first, as (path relative to the rulebook folder, text).
    pub files: Vec<(String, String)>,
    /// The edition of a family (the FIDE Laws of a period) this rulebook is, or stands on.
    pub edition: Option<Edition>,
    /// This is one of the rulebook's compilations on each edition of the family it stands on
    /// (`extends: fide`): the one on `edition`.
    pub per_edition: bool,
}

/// An edition of a family of rulebooks: which, and from when it is in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edition {
    /// The edition's rulebook id (`fide-2023`).
    pub id: String,
    /// The family (`fide`).
    pub family: String,
    /// The first day it is in force; it stays in force until the next edition's.
    pub in_force_from: crate::date::Date,
}

impl Rulebook {
    /// A clause id as written for the rulebook `book` of the chain (a scenario of a base, a
    /// reference), as this rulebook names the clause; `None` when `book` is not in the chain.
    pub fn rename(&self, book: &str, id: &str) -> Option<String> {
        let level = self.chain.iter().position(|b| b == book)?;
        let mut id = id.to_string();
        for renames in self.renames.iter().skip(level + 1) {
            if let Some((_, new)) = renames.iter().find(|(old, _)| *old == id) {
                id = new.clone();
            }
        }
        Some(id)
    }
}

/// A named value: a constant of `rulebook.yaml` (`fifty_moves`) or a name defined by a clause
/// (`defines: rapid` with `when: ...`). An overlay may redefine either; every use follows.
#[derive(Clone, Debug)]
pub struct Definition {
    pub name: String,
    /// The id of the clause that defines it; `None` for a constant of `rulebook.yaml`.
    pub clause_id: Option<String>,
    /// What a constant number counts.
    pub unit: Option<Unit>,
    /// A constant's documentation.
    pub doc: Option<Texts>,
    pub ty: Ty,
    pub body: IrExpr,
    /// The definition as written, for comments and the readable rulebook.
    pub src: String,
}

impl Definition {
    /// Whether the value is a literal (a constant not redefined as an expression).
    pub fn is_literal(&self) -> bool {
        matches!(
            self.body,
            IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_)
        )
    }
}

/// What a named number counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Moves by each player (a move is two plies).
    Moves,
    Plies,
    /// Occurrences (of a position).
    Times,
}

impl Unit {
    pub const ALL: [Unit; 3] = [Unit::Moves, Unit::Plies, Unit::Times];

    pub fn name(self) -> &'static str {
        match self {
            Unit::Moves => "moves",
            Unit::Plies => "plies",
            Unit::Times => "times",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: Ty,
    /// A constant expression.
    pub default: IrExpr,
    pub tag: Option<String>,
    pub doc: Texts,
}

/// Why a clause is not in force.
#[derive(Clone, Debug, PartialEq)]
pub enum Disabled {
    /// An overlay's `disable:`, with its reason in each language.
    Reason(Texts),
    /// An overlay's clause took its place (`replaces:`).
    ReplacedBy(String),
}

#[derive(Clone, Debug)]
pub struct Article {
    pub title: Texts,
    /// Indices into `Rulebook::clauses`.
    pub clauses: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Clause {
    pub id: String,
    /// Not in force in this rulebook (an overlay disabled or replaced it): why.
    pub disabled: Option<Disabled>,
    /// `(name, condition as written)` for a clause that defines a name.
    pub defines: Option<(String, String)>,
    /// The languages in which `text` is the official text (in the others, the rulebook's
    /// authors wrote or translated it).
    pub official: Vec<String>,
    pub title: Option<Texts>,
    pub text: Texts,
    pub note: Option<Texts>,
    /// Indices into `Rulebook::rules`.
    pub rules: Vec<usize>,
    /// Clauses this one is an exception to (indices), as written.
    pub exception_to: Vec<usize>,
    /// Every clause this one wins over: the transitive closure of `exception_to`.
    pub beats: Vec<usize>,
    pub refs: Vec<String>,
    /// The level of `Rulebook::chain` its rules were written at (a base's clause that an
    /// overlay only amended keeps its base's level).
    pub level: usize,
    /// The games it applies to: its own `games:`, else those of the rulebook it was written in.
    /// Its rules are not asked about a game of another kind.
    pub games: Games,
}

/// One way a clause answers an event.
#[derive(Clone, Debug)]
pub struct Rule {
    /// Index of the clause in `Rulebook::clauses`.
    pub clause: usize,
    pub clause_id: String,
    /// `None` for a clause written in the short form (one rule).
    pub name: Option<String>,
    pub on: EventKind,
    pub when: IrExpr,
    /// The condition as written, for the readable rulebook.
    pub when_src: String,
    pub effects: Vec<IrEffect>,
    pub vars: Vec<(String, IrExpr)>,
    pub ruling: Texts,
}

impl Rule {
    /// The Fluent message id of the rule's ruling.
    pub fn message_id(&self) -> String {
        let mut s = message_id(&self.clause_id);
        if let Some(n) = &self.name {
            s.push('-');
            s.push_str(n);
        }
        s
    }

    /// Whether the rule decides something: ends the game or decides a claim.
    pub fn decisive(&self) -> bool {
        use crate::lang::schema::OutcomeClass;
        self.effects.iter().any(|e| {
            matches!(
                e.id.spec().class,
                OutcomeClass::Result | OutcomeClass::Decision
            )
        })
    }
}

pub fn message_id(clause_id: &str) -> String {
    let mut s = String::from("ruling-");
    for c in clause_id.chars() {
        s.push(if c.is_ascii_alphanumeric() { c } else { '-' });
    }
    s
}

#[derive(Clone, Debug, PartialEq)]
pub struct IrEffect {
    pub id: EffectId,
    pub args: Vec<IrExpr>,
    /// `EFFECT if CONDITION`: the effect applies only when the condition holds.
    pub cond: Option<IrExpr>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum IrExpr {
    Bool(bool),
    Int(i64),
    Duration(i64),
    Side(Color),
    Fact(FactId, Vec<IrExpr>),
    /// An event parameter (`param.NAME`): an index into `Rulebook::params`, set per game.
    Param(usize),
    Not(Box<IrExpr>),
    Neg(Box<IrExpr>),
    And(Box<IrExpr>, Box<IrExpr>),
    Or(Box<IrExpr>, Box<IrExpr>),
    /// A comparison between operands of the given type.
    Cmp(CmpOp, Ty, Box<IrExpr>, Box<IrExpr>),
    /// Integer or duration arithmetic (checked: an overflow or a division by zero is an error).
    Arith(ArithOp, Box<IrExpr>, Box<IrExpr>),
    /// `if C then A else B`: both branches of one type.
    If(Box<IrExpr>, Box<IrExpr>, Box<IrExpr>),
    /// A name defined by a clause (`defines:`): an index into `Rulebook::definitions`.
    /// Evaluated as its definition, said by its name in the readable rulebook, emitted as a
    /// call of the definition's function in generated code (never inlined: the IR stays linear
    /// in the size of the rulebook however deeply definitions nest).
    Defined(usize),
}

/// The comparisons of the rule language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// The comparison that holds exactly when this one does not.
    pub fn negation(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Le => CmpOp::Gt,
        }
    }
}

/// The arithmetic operators of the rule language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl ArithOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Rem => "%",
        }
    }

    /// The checked operation of `value::ops` that computes it.
    pub fn function(self) -> &'static str {
        match self {
            ArithOp::Add => "add",
            ArithOp::Sub => "sub",
            ArithOp::Mul => "mul",
            ArithOp::Div => "div",
            ArithOp::Rem => "rem",
        }
    }
}
