//! Untyped syntax trees of conditions and effects, with byte spans into the expression text.

use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Bool(bool),
    Int(i64),
    /// In seconds.
    Duration(i64),
    /// A fact, an event field or a side literal: `repetitions`, `claim.by`, `white`.
    Name(String),
    /// A function or fact function: `opponent(to_move)`.
    Call(String, Range<usize>, Vec<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if CONDITION then A else B`
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Not,
    Neg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

/// An effect as written: `draw`, `win(opponent(to_move))`, `add_time(opponent(claim.by), 2min)`.
#[derive(Clone, Debug, PartialEq)]
pub struct EffectAst {
    pub name: String,
    pub name_span: Range<usize>,
    pub args: Vec<Expr>,
    /// `EFFECT if CONDITION`
    pub cond: Option<Expr>,
}
