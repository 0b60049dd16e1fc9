//! The interpreter: walks the IR. Used for a rulebook folder given at run time, so an edited
//! rulebook runs without a Rust toolchain, and in the tests beside the compiled backend.

use crate::lang::ir::{IrExpr, Rulebook};
use crate::lang::schema::{EffectId, EventKind};
use crate::locale::say::Message;
use crate::runtime::facts::Ctx;
use crate::runtime::rules::{
    BookMeta, ClauseMeta, Effect, Index, ParamMeta, RuleMeta, Rules, at, effect_from, index,
};
use crate::value::{EvalError, Value};

mod node;

use node::{Env, Node, eval, truth};

pub struct Interpreter {
    ir: Rulebook,
    meta: BookMeta,
    /// Per event, its rules in rulebook order: index and condition.
    by_event: Vec<(EventKind, Vec<(Index, Node)>)>,
    /// Per rule: its effects (with their conditions) and ruling variables.
    rules: Vec<RuleNodes>,
    /// The definitions, in `Rulebook::definitions` order.
    defs: Vec<Node>,
}

/// A rule's effects and variables in the evaluator's form.
struct RuleNodes {
    effects: Vec<(EffectId, Vec<Node>, Option<Node>)>,
    vars: Vec<(String, Node)>,
}

impl Interpreter {
    /// The interpreter of a checked rulebook; an error when one of its texts cannot be made
    /// (a message missing from a language's locale).
    pub fn new(ir: Rulebook) -> Result<Interpreter, Message> {
        let meta = super::meta_of(&ir)?;
        let d = &ir.definitions;
        let by_event = EventKind::ALL
            .iter()
            .map(|ev| {
                let list = (ir.rules.iter().enumerate())
                    .filter(|(_, r)| r.on == *ev)
                    .map(|(i, r)| Ok((index(i).ok_or_else(|| too_many(i))?, Node::of(&r.when, d))))
                    .collect::<Result<_, Message>>()?;
                Ok((*ev, list))
            })
            .collect::<Result<_, Message>>()?;
        let rules = (ir.rules.iter())
            .map(|r| RuleNodes {
                effects: (r.effects.iter())
                    .map(|e| {
                        let args = e.args.iter().map(|a| Node::of(a, d)).collect();
                        (e.id, args, e.cond.as_ref().map(|c| Node::of(c, d)))
                    })
                    .collect(),
                vars: (r.vars.iter())
                    .map(|(n, e)| (n.clone(), Node::of(e, d)))
                    .collect(),
            })
            .collect();
        let defs = d.iter().map(|x| Node::of(&x.body, d)).collect();
        Ok(Interpreter {
            ir,
            meta,
            by_event,
            rules,
            defs,
        })
    }
}

/// A rulebook too large to index (the checker refuses one long before).
fn too_many(i: usize) -> Message {
    crate::locale::say::too_many_rules(i, crate::lang::limits::MAX_RULES)
}

pub(crate) fn clause_metas(ir: &Rulebook) -> Result<Vec<ClauseMeta>, Message> {
    ir.clauses
        .iter()
        .map(|c| {
            Ok(ClauseMeta {
                id: c.id.clone(),
                games: c.games,
                beats: c
                    .beats
                    .iter()
                    .map(|&b| index(b).ok_or_else(|| too_many(b)))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

pub(crate) fn rule_metas(ir: &Rulebook) -> Result<Vec<RuleMeta>, Message> {
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

pub(crate) fn param_metas(ir: &Rulebook) -> Result<Vec<ParamMeta>, Message> {
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
        let env = Env { defs: &self.defs };
        for (i, when) in list {
            let holds = truth(when, &env, cx).map_err(|e| self.in_clause(*i, e))?;
            cx.fire(*i, holds, out);
        }
        Ok(())
    }

    fn effects(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<Effect>, EvalError> {
        let env = Env { defs: &self.defs };
        let in_clause = |e: EvalError| self.in_clause(rule, e);
        let mut out = Vec::new();
        for (id, args, cond) in &self.rule(rule)?.effects {
            if let Some(c) = cond
                && !truth(c, &env, cx).map_err(in_clause)?
            {
                continue;
            }
            let args = (args.iter())
                .map(|a| eval(a, &env, cx))
                .collect::<Result<Vec<_>, _>>()
                .map_err(in_clause)?;
            out.push(effect_from(*id, &args)?);
        }
        Ok(out)
    }

    fn vars(&self, rule: Index, cx: &mut Ctx) -> Result<Vec<(String, Value)>, EvalError> {
        let env = Env { defs: &self.defs };
        (self.rule(rule)?.vars.iter())
            .map(|(n, e)| {
                let v = eval(e, &env, cx).map_err(|e| self.in_clause(rule, e))?;
                Ok((n.clone(), v))
            })
            .collect()
    }
}

impl Interpreter {
    fn rule(&self, i: Index) -> Result<&RuleNodes, EvalError> {
        self.rules
            .get(at(i))
            .ok_or_else(|| EvalError::new(format!("rulebook {} has no rule {i}", self.ir.id)))
    }

    /// An error evaluating rule `i`, said to be in its clause.
    fn in_clause(&self, i: Index, e: EvalError) -> EvalError {
        match self.ir.rules.get(at(i)) {
            Some(r) => e.in_clause(&r.clause_id),
            None => e,
        }
    }
}
