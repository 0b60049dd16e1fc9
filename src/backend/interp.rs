//! The interpreter: walks the IR. Used for a rulebook folder given at run time, so an edited
//! rulebook runs without a Rust toolchain, and in the tests beside the compiled backend.

use crate::compile::ir::{IrExpr, Rulebook};
use crate::lang::ast::BinOp;
use crate::lang::schema::EventKind;
use crate::runtime::facts::Ctx;
use crate::runtime::rules::{BookMeta, ClauseMeta, Effect, Rules, effect_from};
use crate::value::{EvalError, Value, ops};

pub struct Interpreter {
    ir: Rulebook,
    meta: BookMeta,
    /// Clause indices per event, in rulebook order.
    by_event: Vec<(EventKind, Vec<u16>)>,
}

impl Interpreter {
    pub fn new(ir: Rulebook) -> Interpreter {
        let meta = super::meta_of(&ir);
        let by_event = EventKind::ALL
            .iter()
            .map(|ev| {
                let list = ir
                    .clauses
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.on == Some(*ev))
                    .map(|(i, _)| i as u16)
                    .collect();
                (*ev, list)
            })
            .collect();
        Interpreter { ir, meta, by_event }
    }

    pub fn ir(&self) -> &Rulebook {
        &self.ir
    }
}

pub(crate) fn clause_metas(ir: &Rulebook) -> Vec<ClauseMeta> {
    ir.clauses
        .iter()
        .map(|c| ClauseMeta {
            id: c.id.clone(),
            on: c.on,
            beats: c.beats.iter().map(|b| *b as u16).collect(),
        })
        .collect()
}

impl Rules for Interpreter {
    fn meta(&self) -> &BookMeta {
        &self.meta
    }

    fn fired(&self, event: EventKind, cx: &mut Ctx, out: &mut Vec<u16>) -> Result<(), EvalError> {
        let Some((_, list)) = self.by_event.iter().find(|(e, _)| *e == event) else {
            return Ok(());
        };
        for &i in list {
            if let Some(w) = &self.ir.clauses[usize::from(i)].when
                && truth(w, cx)?
            {
                out.push(i);
            }
        }
        Ok(())
    }

    fn effects(&self, clause: u16, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError> {
        let c = &self.ir.clauses[usize::from(clause)];
        c.effects
            .iter()
            .map(|e| {
                let args = e
                    .args
                    .iter()
                    .map(|a| eval(a, cx))
                    .collect::<Result<Vec<_>, _>>()?;
                effect_from(e.id, &args)
            })
            .collect()
    }

    fn vars(&self, clause: u16, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError> {
        let c = &self.ir.clauses[usize::from(clause)];
        c.vars
            .iter()
            .map(|(n, e)| Ok((n.clone(), eval(e, cx)?)))
            .collect()
    }
}

fn truth(e: &IrExpr, cx: &mut Ctx) -> Result<bool, EvalError> {
    match eval(e, cx)? {
        Value::Bool(b) => Ok(b),
        v => Err(EvalError(format!("expected a bool, got {v:?}"))),
    }
}

fn int(e: &IrExpr, cx: &mut Ctx) -> Result<i64, EvalError> {
    match eval(e, cx)? {
        Value::Int(i) | Value::Duration(i) => Ok(i),
        v => Err(EvalError(format!("expected a number, got {v:?}"))),
    }
}

pub fn eval(e: &IrExpr, cx: &mut Ctx) -> Result<Value, EvalError> {
    Ok(match e {
        IrExpr::Bool(b) => Value::Bool(*b),
        IrExpr::Int(i) => Value::Int(*i),
        IrExpr::Duration(s) => Value::Duration(*s),
        IrExpr::Side(c) => Value::Side(*c),
        IrExpr::Fact(id, args) => match args.as_slice() {
            // No allocation for the common shapes: facts take at most one argument today.
            [] => cx.fact(*id, &[])?,
            [a] => {
                let a = eval(a, cx)?;
                cx.fact(*id, std::slice::from_ref(&a))?
            }
            _ => {
                let args = args
                    .iter()
                    .map(|a| eval(a, cx))
                    .collect::<Result<Vec<_>, _>>()?;
                cx.fact(*id, &args)?
            }
        },
        IrExpr::Not(x) => Value::Bool(!truth(x, cx)?),
        IrExpr::Neg(x) => match eval(x, cx)? {
            Value::Int(i) => Value::Int(ops::neg(i)?),
            Value::Duration(i) => Value::Duration(ops::neg(i)?),
            v => return Err(EvalError(format!("cannot negate {v:?}"))),
        },
        IrExpr::And(a, b) => Value::Bool(truth(a, cx)? && truth(b, cx)?),
        IrExpr::Or(a, b) => Value::Bool(truth(a, cx)? || truth(b, cx)?),
        IrExpr::Cmp(op, _, a, b) => {
            let (x, y) = (eval(a, cx)?, eval(b, cx)?);
            let ord = |x: &Value, y: &Value| match (x, y) {
                (Value::Int(a), Value::Int(b)) | (Value::Duration(a), Value::Duration(b)) => {
                    Ok(a.cmp(b))
                }
                _ => Err(EvalError(format!("cannot order {x:?} and {y:?}"))),
            };
            Value::Bool(match op {
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                BinOp::Lt => ord(&x, &y)?.is_lt(),
                BinOp::Le => ord(&x, &y)?.is_le(),
                BinOp::Gt => ord(&x, &y)?.is_gt(),
                BinOp::Ge => ord(&x, &y)?.is_ge(),
                _ => return Err(EvalError(format!("`{}` is not a comparison", op.symbol()))),
            })
        }
        IrExpr::Arith(op, a, b) => {
            let (x, dur) = match eval(a, cx)? {
                Value::Int(i) => (i, false),
                Value::Duration(i) => (i, true),
                v => return Err(EvalError(format!("expected a number, got {v:?}"))),
            };
            let y = int(b, cx)?;
            let r = match op {
                BinOp::Add => ops::add(x, y)?,
                BinOp::Sub => ops::sub(x, y)?,
                BinOp::Mul => ops::mul(x, y)?,
                BinOp::Div => ops::div(x, y)?,
                BinOp::Rem => ops::rem(x, y)?,
                _ => return Err(EvalError(format!("`{}` is not arithmetic", op.symbol()))),
            };
            if dur {
                Value::Duration(r)
            } else {
                Value::Int(r)
            }
        }
    })
}
