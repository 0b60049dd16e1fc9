//! The one intermediate representation both backends consume.
//!
//! A checked rulebook: names resolved to facts, expressions typed, exceptions resolved to clause
//! indices (with their transitive closure), texts per language. Codegen turns it into Rust and
//! Fluent; the interpreter walks it.

use std::collections::BTreeMap;

use shakmaty::Color;

use crate::lang::ast::BinOp;
use crate::lang::schema::{EffectId, EventKind, FactId, Ty};

/// A text per language code.
pub type Texts = BTreeMap<String, String>;

#[derive(Clone, Debug)]
pub struct Rulebook {
    pub id: String,
    pub title: Texts,
    pub source: Texts,
    pub languages: Vec<String>,
    pub articles: Vec<Article>,
    pub clauses: Vec<Clause>,
    /// The YAML sources, `rulebook.yaml` first, as (path relative to the rulebook folder, text).
    pub files: Vec<(String, String)>,
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
    pub official: bool,
    pub title: Option<Texts>,
    pub text: Texts,
    pub note: Option<Texts>,
    pub on: Option<EventKind>,
    pub when: Option<IrExpr>,
    /// The condition as written, for the readable rulebook.
    pub when_src: String,
    pub effects: Vec<IrEffect>,
    /// Clauses this one is an exception to (indices), as written.
    pub exception_to: Vec<usize>,
    /// Every clause this one wins over: the transitive closure of `exception_to`.
    pub beats: Vec<usize>,
    pub refs: Vec<String>,
    pub vars: Vec<(String, IrExpr)>,
    pub ruling: Option<Texts>,
}

impl Clause {
    /// The Fluent message id of the clause's ruling.
    pub fn message_id(&self) -> String {
        message_id(&self.id)
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
}

#[derive(Clone, Debug, PartialEq)]
pub enum IrExpr {
    Bool(bool),
    Int(i64),
    Duration(i64),
    Side(Color),
    Fact(FactId, Vec<IrExpr>),
    Not(Box<IrExpr>),
    Neg(Box<IrExpr>),
    And(Box<IrExpr>, Box<IrExpr>),
    Or(Box<IrExpr>, Box<IrExpr>),
    /// A comparison between operands of the given type.
    Cmp(BinOp, Ty, Box<IrExpr>, Box<IrExpr>),
    /// Integer or duration arithmetic.
    Arith(BinOp, Box<IrExpr>, Box<IrExpr>),
}
