//! Name resolution and type checking: untyped AST -> typed IR, against the schema.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::ast::{BinOp, EffectAst, Expr, ExprKind, UnOp};
use super::schema::{self, EventKind, FactId, Ty};
use crate::lang::ir::{ArithOp, CmpOp, IrEffect, IrExpr};
use crate::lang::limits::Cost;
use crate::locale::say::{self, IntoArg};

/// A type error at a byte span of the expression text.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeError {
    pub span: Range<usize>,
    pub message: say::Message,
    pub help: Option<say::Message>,
    /// The error follows from one reported elsewhere (a name whose definition has an error).
    pub follow_on: bool,
}

fn err(span: &Range<usize>, message: say::Message) -> TypeError {
    TypeError {
        span: span.clone(),
        message,
        help: None,
        follow_on: false,
    }
}

/// The named values in scope: their names and types, in order (`IrExpr::Defined` indexes it),
/// found by name in logarithmic time however many a rulebook has; and the names whose
/// definitions failed to check.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    names: Vec<(String, Ty)>,
    index: BTreeMap<String, usize>,
    broken: BTreeSet<String>,
}

static NO_NAMES: Scope = Scope {
    names: Vec::new(),
    index: BTreeMap::new(),
    broken: BTreeSet::new(),
};

impl Scope {
    /// Add a name at the end; its index.
    pub fn push(&mut self, name: &str, ty: Ty) -> usize {
        let i = self.names.len();
        self.names.push((name.to_string(), ty));
        self.index.insert(name.to_string(), i);
        i
    }
    /// The index of a name.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
    pub fn get(&self, i: usize) -> Option<&(String, Ty)> {
        self.names.get(i)
    }
    pub fn len(&self) -> usize {
        self.names.len()
    }
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
    /// A name whose definition failed: a use of it is a follow-on error.
    pub fn mark_broken(&mut self, name: &str) {
        self.broken.insert(name.to_string());
    }
    pub fn is_broken(&self, name: &str) -> bool {
        self.broken.contains(name)
    }
    /// The names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|(n, _)| n.as_str())
    }
}

impl<S: AsRef<str>> FromIterator<(S, Ty)> for Scope {
    fn from_iter<I: IntoIterator<Item = (S, Ty)>>(it: I) -> Scope {
        let mut s = Scope::default();
        for (n, t) in it {
            s.push(n.as_ref(), t);
        }
        s
    }
}

/// What names a rulebook adds to the schema's facts: its parameters, by name and type, in
/// declaration order (`param.NAME`), and its named values (constants and names defined by
/// clauses with `defines:`), already checked, with their types.
#[derive(Clone, Copy)]
pub struct Params<'a> {
    pub params: &'a Scope,
    pub defs: &'a Scope,
    /// How deep and how large each named value is, expanded (by index): an expression over the
    /// limits with them is reported by the compiler. Empty: each counts as one node.
    pub costs: &'a [Cost],
    /// Do not require guards: the condition that would establish them failed to check, and its
    /// error is already reported.
    pub lenient_guards: bool,
}

impl Default for Params<'_> {
    fn default() -> Self {
        Params {
            params: &NO_NAMES,
            defs: &NO_NAMES,
            costs: &[],
            lenient_guards: false,
        }
    }
}

/// Check an expression of a clause answering `event` (None: no event, only event-free facts).
pub fn check_expr(
    e: &Expr,
    event: Option<EventKind>,
    params: Params,
) -> Result<(IrExpr, Ty), TypeError> {
    Checker { event, params }.expr(e, &[])
}

/// Check an expression evaluated only when `given` holds (a ruling variable of a clause is
/// evaluated only when the clause's condition is true, so its guards hold).
pub fn check_expr_given(
    e: &Expr,
    event: Option<EventKind>,
    params: Params,
    given: Option<&IrExpr>,
) -> Result<(IrExpr, Ty), TypeError> {
    let mut guards = Vec::new();
    if let Some(g) = given {
        established(g, &mut guards);
    }
    Checker { event, params }.expr(e, &guards)
}

/// Check an effect of a rule whose condition is `given`.
pub fn check_effect(
    e: &EffectAst,
    event: Option<EventKind>,
    params: Params,
    given: Option<&IrExpr>,
) -> Result<IrEffect, TypeError> {
    let spec = schema::effect(&e.name).ok_or_else(|| {
        let names: Vec<&str> = schema::EffectId::ALL
            .iter()
            .map(|e| e.spec().name)
            .collect();
        TypeError {
            span: e.name_span.clone(),
            message: say::unknown_effect(&e.name),
            help: Some(say::known_effects(names.join(", "))),
            follow_on: false,
        }
    })?;
    if let Some(only) = spec.event
        && event != Some(only)
    {
        return Err(err(
            &e.name_span,
            say::effect_only_on(spec.name, only.name()),
        ));
    }
    let c = Checker { event, params };
    let mut guards = Vec::new();
    if let Some(g) = given {
        established(g, &mut guards);
    }
    let cond = match &e.cond {
        Some(x) => Some(c.expect(x, Ty::Bool, &guards)?),
        None => None,
    };
    if let Some(x) = &cond {
        established(x, &mut guards);
    }
    let args = c.args(&e.args, &spec.params(), &e.name, &e.name_span, &guards)?;
    Ok(IrEffect {
        id: spec.id,
        args,
        cond,
    })
}

struct Checker<'a> {
    event: Option<EventKind>,
    params: Params<'a>,
}

impl Checker<'_> {
    fn expr(&self, e: &Expr, guards: &[FactId]) -> Result<(IrExpr, Ty), TypeError> {
        match &e.kind {
            ExprKind::Bool(b) => Ok((IrExpr::Bool(*b), Ty::Bool)),
            ExprKind::Int(i) => Ok((IrExpr::Int(*i), Ty::Int)),
            ExprKind::Duration(s) => Ok((IrExpr::Duration(*s), Ty::Duration)),
            ExprKind::Name(n) => {
                if let Some(c) = schema::side_literal(n) {
                    return Ok((IrExpr::Side(c), Ty::Side));
                }
                if let Some(p) = n.strip_prefix("param.") {
                    let found = self.params.params.position(p);
                    let Some((i, (_, ty))) =
                        found.and_then(|i| Some((i, self.params.params.get(i)?)))
                    else {
                        let known: Vec<&str> = self.params.params.names().collect();
                        return Err(TypeError {
                            span: e.span.clone(),
                            message: say::unknown_parameter(p),
                            help: Some(say::declared_parameters(if known.is_empty() {
                                say::no_parameters().into_arg()
                            } else {
                                known.join(", ").into_arg()
                            })),
                            follow_on: false,
                        });
                    };
                    return Ok((IrExpr::Param(i), *ty));
                }
                if self.params.defs.is_broken(n) {
                    return Err(TypeError {
                        follow_on: true,
                        ..err(&e.span, say::broken_definition(n))
                    });
                }
                if let Some(i) = self.params.defs.position(n)
                    && let Some((_, ty)) = self.params.defs.get(i)
                {
                    return Ok((IrExpr::Defined(i), *ty));
                }
                let spec = self.fact(n, &e.span, guards)?;
                if !spec.params.is_empty() {
                    return Err(err(&e.span, say::takes_arguments(n, spec.params.len())));
                }
                Ok((IrExpr::Fact(spec.id, vec![]), spec.ty))
            }
            ExprKind::Call(n, nspan, args) => {
                let spec = self.fact(n, nspan, guards)?;
                if spec.params.is_empty() {
                    return Err(err(nspan, say::not_a_function(n)));
                }
                let args = self.args(args, spec.params, n, nspan, guards)?;
                Ok((IrExpr::Fact(spec.id, args), spec.ty))
            }
            ExprKind::Unary(UnOp::Not, x) => {
                let x = self.expect(x, Ty::Bool, guards)?;
                Ok((IrExpr::Not(Box::new(x)), Ty::Bool))
            }
            ExprKind::Unary(UnOp::Neg, x) => {
                let (xi, t) = self.expr(x, guards)?;
                if t != Ty::Int && t != Ty::Duration {
                    return Err(err(&x.span, say::cannot_negate(t.a())));
                }
                Ok((IrExpr::Neg(Box::new(xi)), t))
            }
            ExprKind::Binary(op, l, r) => self.binary(*op, l, r, &e.span, guards),
            ExprKind::If(c, a, b) => {
                let ci = self.expect(c, Ty::Bool, guards)?;
                // Facts the condition establishes guard the `then` branch.
                let mut g = guards.to_vec();
                established(&ci, &mut g);
                let (ai, at) = self.expr(a, &g)?;
                let (bi, bt) = self.expr(b, guards)?;
                if at != bt {
                    return Err(err(&e.span, say::if_branches(at.a(), bt.a())));
                }
                Ok((IrExpr::If(Box::new(ci), Box::new(ai), Box::new(bi)), at))
            }
        }
    }

    fn binary(
        &self,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        span: &Range<usize>,
        guards: &[FactId],
    ) -> Result<(IrExpr, Ty), TypeError> {
        match op {
            BinOp::And => {
                let li = self.expect(l, Ty::Bool, guards)?;
                // Facts established by the left operand guard the right one.
                let mut g = guards.to_vec();
                established(&li, &mut g);
                let ri = self.expect(r, Ty::Bool, &g)?;
                Ok((IrExpr::And(Box::new(li), Box::new(ri)), Ty::Bool))
            }
            BinOp::Or => {
                let li = self.expect(l, Ty::Bool, guards)?;
                let ri = self.expect(r, Ty::Bool, guards)?;
                Ok((IrExpr::Or(Box::new(li), Box::new(ri)), Ty::Bool))
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                self.compare(op, l, r, span, guards)
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem => {
                self.arith(op, l, r, span, guards)
            }
        }
    }

    /// `==`/`!=` between two values of one type; `<`, `<=`, `>`, `>=` between two numbers or two
    /// durations.
    fn compare(
        &self,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        span: &Range<usize>,
        guards: &[FactId],
    ) -> Result<(IrExpr, Ty), TypeError> {
        let (li, lt) = self.expr(l, guards)?;
        let (ri, rt) = self.expr(r, guards)?;
        let equality = matches!(op, BinOp::Eq | BinOp::Ne);
        if equality && lt != rt {
            return Err(err(span, say::cannot_compare(lt.a(), rt.a())));
        }
        if !equality && (lt != rt || !matches!(lt, Ty::Int | Ty::Duration)) {
            return Err(err(span, say::orders(op.symbol(), lt.a(), rt.a())));
        }
        Ok((
            IrExpr::Cmp(cmp_op(op), lt, Box::new(li), Box::new(ri)),
            Ty::Bool,
        ))
    }

    /// `+`/`-` between two numbers or two durations; `*`, `/`, `%` of a number or a duration by
    /// a number.
    fn arith(
        &self,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        span: &Range<usize>,
        guards: &[FactId],
    ) -> Result<(IrExpr, Ty), TypeError> {
        let (li, lt) = self.expr(l, guards)?;
        let (ri, op) = match op {
            BinOp::Add | BinOp::Sub => {
                let (ri, rt) = self.expr(r, guards)?;
                if lt != rt || !matches!(lt, Ty::Int | Ty::Duration) {
                    return Err(err(span, say::arithmetic(op.symbol(), lt.a(), rt.a())));
                }
                (
                    ri,
                    if op == BinOp::Add {
                        ArithOp::Add
                    } else {
                        ArithOp::Sub
                    },
                )
            }
            _ => {
                let ri = self.expect(r, Ty::Int, guards)?;
                if !matches!(lt, Ty::Int | Ty::Duration) {
                    return Err(err(&l.span, say::needs_number(op.symbol(), lt.a())));
                }
                let op = match op {
                    BinOp::Mul => ArithOp::Mul,
                    BinOp::Div => ArithOp::Div,
                    _ => ArithOp::Rem,
                };
                (ri, op)
            }
        };
        Ok((IrExpr::Arith(op, Box::new(li), Box::new(ri)), lt))
    }

    fn expect(&self, e: &Expr, ty: Ty, guards: &[FactId]) -> Result<IrExpr, TypeError> {
        let (i, t) = self.expr(e, guards)?;
        if t != ty {
            return Err(err(&e.span, say::expected_type(ty.a(), t.a())));
        }
        Ok(i)
    }

    fn args(
        &self,
        args: &[Expr],
        params: &[Ty],
        name: &str,
        span: &Range<usize>,
        guards: &[FactId],
    ) -> Result<Vec<IrExpr>, TypeError> {
        if args.len() != params.len() {
            return Err(err(
                span,
                say::arguments_given(name, params.len(), args.len()),
            ));
        }
        args.iter()
            .zip(params)
            .map(|(a, t)| self.expect(a, *t, guards))
            .collect()
    }

    fn fact(
        &self,
        n: &str,
        span: &Range<usize>,
        guards: &[FactId],
    ) -> Result<schema::FactSpec, TypeError> {
        let spec = schema::fact(n).ok_or_else(|| TypeError {
            span: span.clone(),
            message: say::unknown_fact(n),
            help: Some(match suggest(n) {
                Some(s) => say::did_you_mean(s),
                None => say::facts_in_readme(),
            }),
            follow_on: false,
        })?;
        if let Some(ev) = spec.event
            && self.event != Some(ev)
        {
            return Err(err(
                span,
                say::event_field(
                    n,
                    ev.name(),
                    self.event
                        .map_or_else(say::answers_no_event, |e| say::answers_event(e.name())),
                ),
            ));
        }
        if let Some(g) = spec.guard
            && !guards.contains(&g)
            && !self.params.lenient_guards
        {
            let gname = g.spec().name;
            return Err(TypeError {
                span: span.clone(),
                message: say::guard(n, gname),
                help: Some(say::guard_help(n, gname)),
                follow_on: false,
            });
        }
        Ok(spec)
    }
}

/// The comparison a binary operator of the syntax stands for (only called on comparisons).
fn cmp_op(op: BinOp) -> CmpOp {
    match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        _ => CmpOp::Ge,
    }
}

/// Boolean facts that are true whenever `e` is true.
fn established(e: &IrExpr, out: &mut Vec<FactId>) {
    match e {
        IrExpr::Fact(id, args) if args.is_empty() => out.push(*id),
        IrExpr::And(a, b) => {
            established(a, out);
            established(b, out);
        }
        _ => {}
    }
}

fn suggest(n: &str) -> Option<&'static str> {
    schema::FactId::ALL
        .iter()
        .map(|f| (edit_distance(n, f.spec().name), f.spec().name))
        .filter(|(d, _)| *d <= 3)
        .min()
        .map(|(_, s)| s)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let v = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
            cur.push(v);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::parse::parse_expr;

    fn check(s: &str, ev: EventKind) -> Result<Ty, TypeError> {
        let params: Scope = [("min_moves", Ty::Int)].into_iter().collect();
        let defs: Scope = [("rapid", Ty::Bool)].into_iter().collect();
        let scope = Params {
            params: &params,
            defs: &defs,
            ..Params::default()
        };
        check_expr(&parse_expr(s).unwrap(), Some(ev), scope).map(|(_, t)| t)
    }

    #[test]
    fn definitions() {
        assert_eq!(
            check("rapid and not in_check", EventKind::Position),
            Ok(Ty::Bool)
        );
        assert!(check("rapid > 1", EventKind::Position).is_err());
    }

    #[test]
    fn params() {
        assert_eq!(
            check("move_number < param.min_moves", EventKind::Offer),
            Ok(Ty::Bool)
        );
        assert!(check("param.max_moves > 1", EventKind::Offer).is_err());
    }

    #[test]
    fn types() {
        assert_eq!(check("repetitions >= 3", EventKind::Position), Ok(Ty::Bool));
        assert_eq!(
            check("opponent(to_move)", EventKind::Position),
            Ok(Ty::Side)
        );
        assert!(check("repetitions >= white", EventKind::Position).is_err());
        assert!(check("repetitions and true", EventKind::Position).is_err());
        assert!(check("claim.threefold", EventKind::Position).is_err());
        assert!(
            check("repetitonss > 1", EventKind::Position)
                .unwrap_err()
                .help
                .unwrap()
                .to_string()
                .contains("repetitions")
        );
    }

    #[test]
    fn guards() {
        assert!(check("repetitions_after(claim.move) >= 3", EventKind::Claim).is_err());
        assert!(
            check(
                "claim.move_legal and repetitions_after(claim.move) >= 3",
                EventKind::Claim
            )
            .is_ok()
        );
        // Written is not enough: the move must be legal to be read.
        assert!(
            check(
                "claim.has_move and repetitions_after(claim.move) >= 3",
                EventKind::Claim
            )
            .is_err()
        );
        assert!(
            check(
                "claim.move_legal or repetitions_after(claim.move) >= 3",
                EventKind::Claim
            )
            .is_err()
        );
    }
}
