//! The interpreter's form of an expression, built once from the IR when a rulebook is loaded and
//! walked for every event.
//!
//! The IR is made to be read (by the code generator, the readable rulebook and the checker); this
//! form is made to be evaluated. It differs from the IR only where that saves work per ply, never
//! in what an expression means:
//! - a literal constant is read in place, and a fact's constant arguments are evaluated once;
//! - `and` and `or` chains are flat lists, evaluated left to right and stopping as the IR does;
//! - a comparison of a fact with a constant (`repetitions >= 5`) is one node;
//! - a condition is evaluated as a `bool` ([`truth`]), not as a [`Value`] then tested.
//!
//! Errors are those of the IR's evaluation, at the same points: an overflow, a division by zero,
//! a fact read where it has no value, a value of the wrong type (which the checker rules out).

use crate::lang::ir::{ArithOp, CmpOp, Definition, IrExpr};
use crate::lang::schema::{FactId, Ty};
use crate::runtime::facts::Ctx;
use crate::value::{EvalError, Value, ops};

#[derive(Clone, Debug)]
pub enum Node {
    Const(Value),
    /// A fact whose arguments are all constants (most facts take none), evaluated once.
    Fact(FactId, Box<[Value]>),
    /// A fact with arguments to evaluate.
    FactOf(FactId, Box<[Node]>),
    /// `FACT OP CONSTANT`, its arguments constant.
    CmpFact(CmpOp, FactId, Box<[Value]>, Value),
    /// `FACT OP NUMBER` for a fact whose values are numbers (`repetitions >= 5`): compared as
    /// `i64`, with no `Value` in between.
    CmpIntFact(CmpOp, FactId, Box<[Value]>, i64),
    Param(usize),
    /// A definition that is not a literal: an index into the evaluator's definitions.
    Defined(usize),
    Not(Box<Node>),
    Neg(Box<Node>),
    /// `a and b and ...`: true unless one is false; stops at the first false.
    All(Box<[Node]>),
    /// `a or b or ...`: false unless one is true; stops at the first true.
    Any(Box<[Node]>),
    Cmp(CmpOp, Box<Node>, Box<Node>),
    Arith(ArithOp, Box<Node>, Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
}

impl Node {
    /// The evaluator's form of `e`; `defs` are the rulebook's definitions (a literal one is read
    /// in place, any other stays a reference, so the form is as large as the IR).
    pub fn of(e: &IrExpr, defs: &[Definition]) -> Node {
        let of = |x: &IrExpr| Box::new(Node::of(x, defs));
        match e {
            IrExpr::Bool(b) => Node::Const(Value::Bool(*b)),
            IrExpr::Int(i) => Node::Const(Value::Int(*i)),
            IrExpr::Duration(s) => Node::Const(Value::Duration(*s)),
            IrExpr::Side(c) => Node::Const(Value::Side(*c)),
            IrExpr::Param(i) => Node::Param(*i),
            IrExpr::Defined(i) => match defs.get(*i) {
                Some(d) if d.is_literal() => Node::of(&d.body, defs),
                _ => Node::Defined(*i),
            },
            IrExpr::Fact(id, args) => {
                let args: Vec<Node> = args.iter().map(|a| Node::of(a, defs)).collect();
                match constants(&args) {
                    Some(values) => Node::Fact(*id, values),
                    None => Node::FactOf(*id, args.into()),
                }
            }
            IrExpr::Not(x) => Node::Not(of(x)),
            IrExpr::Neg(x) => Node::Neg(of(x)),
            IrExpr::And(..) => {
                let mut list = Vec::new();
                chain(e, defs, &mut list, true);
                Node::All(list.into())
            }
            IrExpr::Or(..) => {
                let mut list = Vec::new();
                chain(e, defs, &mut list, false);
                Node::Any(list.into())
            }
            IrExpr::Cmp(op, _, a, b) => match (Node::of(a, defs), Node::of(b, defs)) {
                (Node::Fact(id, args), Node::Const(Value::Int(k))) if id.spec().ty == Ty::Int => {
                    Node::CmpIntFact(*op, id, args, k)
                }
                (Node::Fact(id, args), Node::Const(c)) => Node::CmpFact(*op, id, args, c),
                (a, b) => Node::Cmp(*op, Box::new(a), Box::new(b)),
            },
            IrExpr::Arith(op, a, b) => Node::Arith(*op, of(a), of(b)),
            IrExpr::If(c, a, b) => Node::If(of(c), of(a), of(b)),
        }
    }
}

/// The values of `args` if every one is a constant.
fn constants(args: &[Node]) -> Option<Box<[Value]>> {
    args.iter()
        .map(|a| match a {
            Node::Const(v) => Some(v.clone()),
            _ => None,
        })
        .collect()
}

/// The operands of a chain of `and` (`all`) or `or`, left to right, as a flat list. The chain is
/// walked down its left side in a loop: a long chain nests to the left.
fn chain(e: &IrExpr, defs: &[Definition], out: &mut Vec<Node>, all: bool) {
    let mut rights = Vec::new();
    let mut at = e;
    while let (IrExpr::And(a, b), true) | (IrExpr::Or(a, b), false) = (at, all) {
        rights.push(&**b);
        at = a;
    }
    out.push(Node::of(at, defs));
    out.extend(rights.iter().rev().map(|b| Node::of(b, defs)));
}

/// What the evaluator reads besides the context: the definitions and the game's parameters come
/// through `cx`.
pub struct Env<'a> {
    pub defs: &'a [Node],
}

/// The truth of a condition.
pub fn truth(n: &Node, env: &Env, cx: &mut Ctx) -> Result<bool, EvalError> {
    match n {
        Node::All(list) => {
            for x in list.iter() {
                if !truth(x, env, cx)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Node::Any(list) => {
            for x in list.iter() {
                if truth(x, env, cx)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Node::Not(x) => Ok(!truth(x, env, cx)?),
        Node::Const(Value::Bool(b)) => Ok(*b),
        Node::Fact(id, args) => cx.fact_bool(*id, args),
        Node::CmpIntFact(op, id, args, k) => Ok(holds(*op, cx.fact_int(*id, args)?.cmp(k))),
        Node::CmpFact(op, id, args, c) => compare(*op, &cx.fact(*id, args)?, c),
        Node::Cmp(op, a, b) => {
            let (x, y) = (eval(a, env, cx)?, eval(b, env, cx)?);
            compare(*op, &x, &y)
        }
        Node::If(c, a, b) => {
            if truth(c, env, cx)? {
                truth(a, env, cx)
            } else {
                truth(b, env, cx)
            }
        }
        _ => bool_of(eval(n, env, cx)?),
    }
}

fn bool_of(v: Value) -> Result<bool, EvalError> {
    match v {
        Value::Bool(b) => Ok(b),
        v => Err(EvalError::new(format!("expected a bool, got {v:?}"))),
    }
}

/// The value of an expression.
pub fn eval(n: &Node, env: &Env, cx: &mut Ctx) -> Result<Value, EvalError> {
    Ok(match n {
        Node::Const(v) => v.clone(),
        Node::Fact(id, args) => cx.fact(*id, args)?,
        Node::FactOf(id, args) => match &args[..] {
            // No allocation for one argument, the most any fact takes today.
            [a] => {
                let a = eval(a, env, cx)?;
                cx.fact(*id, std::slice::from_ref(&a))?
            }
            _ => {
                let args = (args.iter())
                    .map(|a| eval(a, env, cx))
                    .collect::<Result<Vec<_>, _>>()?;
                cx.fact(*id, &args)?
            }
        },
        Node::Param(i) => cx.param(*i)?.clone(),
        Node::Defined(i) => match env.defs.get(*i) {
            Some(d) => eval(d, env, cx)?,
            None => return Err(EvalError::new(format!("no definition {i}"))),
        },
        Node::Not(_)
        | Node::All(_)
        | Node::Any(_)
        | Node::Cmp(..)
        | Node::CmpFact(..)
        | Node::CmpIntFact(..) => Value::Bool(truth(n, env, cx)?),
        Node::Neg(x) => match eval(x, env, cx)? {
            Value::Int(i) => Value::Int(ops::neg(i)?),
            Value::Duration(i) => Value::Duration(ops::neg(i)?),
            v => return Err(EvalError::new(format!("cannot negate {v:?}"))),
        },
        Node::If(c, a, b) => {
            if truth(c, env, cx)? {
                eval(a, env, cx)?
            } else {
                eval(b, env, cx)?
            }
        }
        Node::Arith(op, a, b) => {
            let (x, dur) = match eval(a, env, cx)? {
                Value::Int(i) => (i, false),
                Value::Duration(i) => (i, true),
                v => return Err(EvalError::new(format!("expected a number, got {v:?}"))),
            };
            let y = match eval(b, env, cx)? {
                Value::Int(i) | Value::Duration(i) => i,
                v => return Err(EvalError::new(format!("expected a number, got {v:?}"))),
            };
            let r = match op {
                ArithOp::Add => ops::add(x, y)?,
                ArithOp::Sub => ops::sub(x, y)?,
                ArithOp::Mul => ops::mul(x, y)?,
                ArithOp::Div => ops::div(x, y)?,
                ArithOp::Rem => ops::rem(x, y)?,
            };
            if dur {
                Value::Duration(r)
            } else {
                Value::Int(r)
            }
        }
    })
}

fn compare(op: CmpOp, x: &Value, y: &Value) -> Result<bool, EvalError> {
    match (op, x, y) {
        (CmpOp::Eq, ..) => Ok(x == y),
        (CmpOp::Ne, ..) => Ok(x != y),
        (_, Value::Int(a), Value::Int(b)) | (_, Value::Duration(a), Value::Duration(b)) => {
            Ok(holds(op, a.cmp(b)))
        }
        _ => Err(EvalError::new(format!("cannot order {x:?} and {y:?}"))),
    }
}

/// Whether `op` holds between two values ordered as `ord`.
fn holds(op: CmpOp, ord: std::cmp::Ordering) -> bool {
    match op {
        CmpOp::Eq => ord.is_eq(),
        CmpOp::Ne => ord.is_ne(),
        CmpOp::Lt => ord.is_lt(),
        CmpOp::Le => ord.is_le(),
        CmpOp::Gt => ord.is_gt(),
        CmpOp::Ge => ord.is_ge(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::ir::IrExpr as E;
    use crate::runtime::facts::Event;
    use crate::runtime::mechanics::any::AnyGame;
    use crate::runtime::mechanics::chess::ChessMechanics;
    use crate::runtime::position::GameState;

    fn run<T>(n: &Node, f: impl FnOnce(&Node, &Env, &mut Ctx) -> T) -> T {
        let mut state = GameState::new(AnyGame::Chess(ChessMechanics::default()));
        let mut cx = Ctx {
            state: &mut state,
            event: &Event::Position,
            params: &[],
        };
        f(n, &Env { defs: &[] }, &mut cx)
    }

    fn and(a: E, b: E) -> E {
        E::And(Box::new(a), Box::new(b))
    }

    fn or(a: E, b: E) -> E {
        E::Or(Box::new(a), Box::new(b))
    }

    /// `1 / 0 == 1`: an error when evaluated.
    fn fails() -> E {
        let div = E::Arith(ArithOp::Div, Box::new(E::Int(1)), Box::new(E::Int(0)));
        E::Cmp(
            CmpOp::Eq,
            crate::lang::schema::Ty::Int,
            Box::new(div),
            Box::new(E::Int(1)),
        )
    }

    #[test]
    fn a_chain_is_one_list_in_order_and_stops_where_the_ir_would() {
        // ((true and true) and false) and (1/0 == 1): the division is never reached.
        let e = and(
            and(and(E::Bool(true), E::Bool(true)), E::Bool(false)),
            fails(),
        );
        let n = Node::of(&e, &[]);
        assert!(matches!(&n, Node::All(list) if list.len() == 4));
        assert_eq!(run(&n, truth).ok(), Some(false));
        // With the false last, the division is reached first: its error, as in the IR.
        let e = and(and(E::Bool(true), fails()), E::Bool(false));
        let err = run(&Node::of(&e, &[]), truth).unwrap_err();
        assert!(err.message().to_string().contains('/'), "{}", err.message());
        // `or` stops at the first true.
        let e = or(or(E::Bool(false), E::Bool(true)), fails());
        let n = Node::of(&e, &[]);
        assert!(matches!(&n, Node::Any(list) if list.len() == 3));
        assert_eq!(run(&n, truth).ok(), Some(true));
        assert_eq!(run(&n, eval).ok(), Some(Value::Bool(true)));
    }

    #[test]
    fn a_fact_compared_with_a_constant_is_one_node() {
        // At the start: the position has appeared once, and no move was made.
        let cmp = |op, k| {
            let e = E::Cmp(
                op,
                crate::lang::schema::Ty::Int,
                Box::new(E::Fact(FactId::Repetitions, vec![])),
                Box::new(E::Int(k)),
            );
            Node::of(&e, &[])
        };
        let n = cmp(CmpOp::Ge, 1);
        assert!(matches!(
            n,
            Node::CmpIntFact(CmpOp::Ge, FactId::Repetitions, _, 1)
        ));
        assert_eq!(run(&n, truth).ok(), Some(true));
        assert_eq!(run(&cmp(CmpOp::Gt, 1), truth).ok(), Some(false));
        assert_eq!(run(&cmp(CmpOp::Ne, 1), truth).ok(), Some(false));
        assert_eq!(run(&cmp(CmpOp::Le, 1), truth).ok(), Some(true));
        assert_eq!(run(&cmp(CmpOp::Lt, 1), truth).ok(), Some(false));
        assert_eq!(run(&cmp(CmpOp::Eq, 1), truth).ok(), Some(true));
        assert_eq!(run(&cmp(CmpOp::Eq, 1), eval).ok(), Some(Value::Bool(true)));
        // A side compared with a constant keeps the general comparison.
        let e = E::Cmp(
            CmpOp::Eq,
            crate::lang::schema::Ty::Side,
            Box::new(E::Fact(FactId::ToMove, vec![])),
            Box::new(E::Side(shakmaty::Color::White)),
        );
        let n = Node::of(&e, &[]);
        assert!(matches!(n, Node::CmpFact(CmpOp::Eq, FactId::ToMove, _, _)));
        assert_eq!(run(&n, truth).ok(), Some(true));
        // A fact with a constant argument is evaluated with that argument.
        let e = E::Fact(
            FactId::HasMatingMaterial,
            vec![E::Side(shakmaty::Color::Black)],
        );
        let n = Node::of(&e, &[]);
        assert!(matches!(n, Node::Fact(FactId::HasMatingMaterial, _)));
        assert_eq!(run(&n, truth).ok(), Some(true));
    }

    #[test]
    fn arithmetic_keeps_its_checks_and_its_type() {
        let e = E::Arith(
            ArithOp::Add,
            Box::new(E::Duration(i64::MAX)),
            Box::new(E::Int(1)),
        );
        assert!(run(&Node::of(&e, &[]), eval).is_err());
        let e = E::Arith(ArithOp::Mul, Box::new(E::Duration(60)), Box::new(E::Int(2)));
        assert_eq!(
            run(&Node::of(&e, &[]), eval).ok(),
            Some(Value::Duration(120))
        );
        let e = E::Neg(Box::new(E::Int(i64::MIN)));
        assert!(run(&Node::of(&e, &[]), eval).is_err());
    }
}
