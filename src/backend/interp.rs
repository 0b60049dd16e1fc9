//! The interpreter: walks the IR. Used for a rulebook folder given at run time, so an edited
//! rulebook runs without a Rust toolchain, and in the tests beside the compiled backend.

use crate::lang::ir::{ArithOp, CmpOp, Definition, IrExpr, Rulebook};
use crate::lang::schema::EventKind;
use crate::runtime::facts::Ctx;
use crate::runtime::rules::{
    BookMeta, ClauseMeta, Effect, Index, ParamMeta, RuleMeta, Rules, at, effect_from, index,
};
use crate::value::{EvalError, Value, ops};

pub struct Interpreter {
    ir: Rulebook,
    meta: BookMeta,
    /// Rule indices per event, in rulebook order.
    by_event: Vec<(EventKind, Vec<Index>)>,
}

impl Interpreter {
    /// The interpreter of a checked rulebook; an error when one of its texts cannot be made
    /// (a message missing from a language's locale).
    pub fn new(mut ir: Rulebook) -> Result<Interpreter, String> {
        let meta = super::meta_of(&ir)?;
        fold_literals(&mut ir);
        let by_event = EventKind::ALL
            .iter()
            .map(|ev| {
                let list = ir
                    .rules
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.on == *ev)
                    .map(|(i, _)| index(i).ok_or_else(|| too_many(i)))
                    .collect::<Result<_, _>>()?;
                Ok((*ev, list))
            })
            .collect::<Result<_, String>>()?;
        Ok(Interpreter { ir, meta, by_event })
    }
}

/// A named constant is read by name in the readable rulebook and the generated code; the
/// interpreter, which only evaluates, reads its literal in place (no lookup per evaluation).
fn fold_literals(ir: &mut Rulebook) {
    let literals: Vec<Option<IrExpr>> = ir
        .definitions
        .iter()
        .map(|d| d.is_literal().then(|| d.body.clone()))
        .collect();
    let fold = |e: &mut IrExpr| fold_expr(e, &literals);
    for r in &mut ir.rules {
        fold(&mut r.when);
        for e in &mut r.effects {
            e.args.iter_mut().for_each(fold);
            if let Some(c) = &mut e.cond {
                fold(c);
            }
        }
        r.vars.iter_mut().for_each(|(_, e)| fold(e));
    }
    for d in &mut ir.definitions {
        fold(&mut d.body);
    }
}

fn fold_expr(e: &mut IrExpr, literals: &[Option<IrExpr>]) {
    let f = |x: &mut IrExpr| fold_expr(x, literals);
    match e {
        IrExpr::Defined(i) => {
            if let Some(Some(v)) = literals.get(*i) {
                *e = v.clone();
            }
        }
        IrExpr::Not(x) | IrExpr::Neg(x) => f(x),
        IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) | IrExpr::Arith(_, a, b) => {
            f(a);
            f(b);
        }
        IrExpr::If(c, a, b) => {
            f(c);
            f(a);
            f(b);
        }
        IrExpr::Fact(_, args) => args.iter_mut().for_each(f),
        IrExpr::Bool(_)
        | IrExpr::Int(_)
        | IrExpr::Duration(_)
        | IrExpr::Side(_)
        | IrExpr::Param(_) => {}
    }
}

/// A rulebook too large to index (the checker refuses one long before).
fn too_many(i: usize) -> String {
    crate::locale::say::too_many_rules(i, crate::lang::limits::MAX_RULES)
}

pub(crate) fn clause_metas(ir: &Rulebook) -> Result<Vec<ClauseMeta>, String> {
    ir.clauses
        .iter()
        .map(|c| {
            Ok(ClauseMeta {
                id: c.id.clone(),
                beats: c
                    .beats
                    .iter()
                    .map(|&b| index(b).ok_or_else(|| too_many(b)))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

pub(crate) fn rule_metas(ir: &Rulebook) -> Result<Vec<RuleMeta>, String> {
    ir.rules
        .iter()
        .map(|r| {
            Ok(RuleMeta {
                clause: index(r.clause).ok_or_else(|| too_many(r.clause))?,
                on: r.on,
                message: r.message_id(),
                decisive: r.decisive(),
            })
        })
        .collect()
}

pub(crate) fn param_metas(ir: &Rulebook) -> Result<Vec<ParamMeta>, String> {
    ir.params
        .iter()
        .map(|p| {
            Ok(ParamMeta {
                name: p.name.clone(),
                default: constant(&p.default)
                    .ok_or_else(|| format!("the default of `{}` is not a constant", p.name))?,
                tag: p.tag.clone(),
            })
        })
        .collect()
}

/// The value of a constant expression (the checker admits only constants as parameter
/// defaults; anything else is `None`, never a made-up value).
fn constant(e: &IrExpr) -> Option<Value> {
    Some(match e {
        IrExpr::Bool(b) => Value::Bool(*b),
        IrExpr::Int(i) => Value::Int(*i),
        IrExpr::Duration(s) => Value::Duration(*s),
        IrExpr::Side(c) => Value::Side(*c),
        IrExpr::Neg(x) => match constant(x)? {
            Value::Int(i) => Value::Int(i.checked_neg()?),
            Value::Duration(i) => Value::Duration(i.checked_neg()?),
            _ => return None,
        },
        _ => return None,
    })
}

impl Rules for Interpreter {
    fn meta(&self) -> &BookMeta {
        &self.meta
    }

    fn fired(&self, event: EventKind, cx: &mut Ctx, out: &mut Vec<Index>) -> Result<(), EvalError> {
        let Some((_, list)) = self.by_event.iter().find(|(e, _)| *e == event) else {
            return Ok(());
        };
        for &i in list {
            let r = self.rule(i)?;
            if truth(&r.when, &self.ir.definitions, cx).map_err(|e| e.in_clause(&r.clause_id))? {
                out.push(i);
            }
        }
        Ok(())
    }

    fn effects(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError> {
        let r = self.rule(rule)?;
        let defs = &self.ir.definitions;
        let mut out = Vec::new();
        let in_clause = |e: EvalError| e.in_clause(&r.clause_id);
        for e in &r.effects {
            if let Some(c) = &e.cond
                && !truth(c, defs, cx).map_err(in_clause)?
            {
                continue;
            }
            let args = e
                .args
                .iter()
                .map(|a| eval(a, defs, cx))
                .collect::<Result<Vec<_>, _>>()
                .map_err(in_clause)?;
            out.push(effect_from(e.id, &args)?);
        }
        Ok(out)
    }

    fn vars(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError> {
        let r = self.rule(rule)?;
        r.vars
            .iter()
            .map(|(n, e)| {
                let v = eval(e, &self.ir.definitions, cx).map_err(|e| e.in_clause(&r.clause_id))?;
                Ok((n.clone(), v))
            })
            .collect()
    }
}

impl Interpreter {
    fn rule(&self, i: Index) -> Result<&crate::lang::ir::Rule, EvalError> {
        self.ir
            .rules
            .get(at(i))
            .ok_or_else(|| EvalError::new(format!("rulebook {} has no rule {i}", self.ir.id)))
    }
}

fn truth(e: &IrExpr, defs: &[Definition], cx: &mut Ctx) -> Result<bool, EvalError> {
    match eval(e, defs, cx)? {
        Value::Bool(b) => Ok(b),
        v => Err(EvalError::new(format!("expected a bool, got {v:?}"))),
    }
}

fn int(e: &IrExpr, defs: &[Definition], cx: &mut Ctx) -> Result<i64, EvalError> {
    match eval(e, defs, cx)? {
        Value::Int(i) | Value::Duration(i) => Ok(i),
        v => Err(EvalError::new(format!("expected a number, got {v:?}"))),
    }
}

/// The value of an expression; `defs` are the rulebook's definitions (`IrExpr::Defined`).
pub fn eval(e: &IrExpr, defs: &[Definition], cx: &mut Ctx) -> Result<Value, EvalError> {
    Ok(match e {
        IrExpr::Bool(b) => Value::Bool(*b),
        IrExpr::Int(i) => Value::Int(*i),
        IrExpr::Duration(s) => Value::Duration(*s),
        IrExpr::Side(c) => Value::Side(*c),
        IrExpr::Fact(id, args) => match args.as_slice() {
            // No allocation for the common shapes: facts take at most one argument today.
            [] => cx.fact(*id, &[])?,
            [a] => {
                let a = eval(a, defs, cx)?;
                cx.fact(*id, std::slice::from_ref(&a))?
            }
            _ => {
                let args = args
                    .iter()
                    .map(|a| eval(a, defs, cx))
                    .collect::<Result<Vec<_>, _>>()?;
                cx.fact(*id, &args)?
            }
        },
        IrExpr::Param(i) => cx.param(*i)?.clone(),
        IrExpr::Not(x) => Value::Bool(!truth(x, defs, cx)?),
        IrExpr::Defined(i) => match defs.get(*i) {
            Some(d) => eval(&d.body, defs, cx)?,
            None => return Err(EvalError::new(format!("no definition {i}"))),
        },
        IrExpr::Neg(x) => match eval(x, defs, cx)? {
            Value::Int(i) => Value::Int(ops::neg(i)?),
            Value::Duration(i) => Value::Duration(ops::neg(i)?),
            v => return Err(EvalError::new(format!("cannot negate {v:?}"))),
        },
        IrExpr::If(c, a, b) => {
            if truth(c, defs, cx)? {
                eval(a, defs, cx)?
            } else {
                eval(b, defs, cx)?
            }
        }
        IrExpr::And(a, b) => Value::Bool(truth(a, defs, cx)? && truth(b, defs, cx)?),
        IrExpr::Or(a, b) => Value::Bool(truth(a, defs, cx)? || truth(b, defs, cx)?),
        IrExpr::Cmp(op, _, a, b) => {
            let (x, y) = (eval(a, defs, cx)?, eval(b, defs, cx)?);
            let ord = |x: &Value, y: &Value| match (x, y) {
                (Value::Int(a), Value::Int(b)) | (Value::Duration(a), Value::Duration(b)) => {
                    Ok(a.cmp(b))
                }
                _ => Err(EvalError::new(format!("cannot order {x:?} and {y:?}"))),
            };
            Value::Bool(match op {
                CmpOp::Eq => x == y,
                CmpOp::Ne => x != y,
                CmpOp::Lt => ord(&x, &y)?.is_lt(),
                CmpOp::Le => ord(&x, &y)?.is_le(),
                CmpOp::Gt => ord(&x, &y)?.is_gt(),
                CmpOp::Ge => ord(&x, &y)?.is_ge(),
            })
        }
        IrExpr::Arith(op, a, b) => {
            let (x, dur) = match eval(a, defs, cx)? {
                Value::Int(i) => (i, false),
                Value::Duration(i) => (i, true),
                v => return Err(EvalError::new(format!("expected a number, got {v:?}"))),
            };
            let y = int(b, defs, cx)?;
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
