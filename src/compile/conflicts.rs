//! The conflict check: two rules that answer one event with contradictory outcomes need an order
//! between their clauses (`exception_to`), or conditions that cannot hold together.

use crate::lang::ir::{Clause, IrEffect, IrExpr, Rule};

/// Report every pair of rules on one event with contradictory outcomes (the result, a claim's
/// decision, an offer's fate) whose clauses have no order and whose conditions may both hold.
/// `sources[i]` is clause `i`'s.
pub(super) fn check(
    rules: &[Rule],
    clauses: &[Clause],
    sources: &[(&SourceFile, &ClauseDef)],
    d: &mut Diags,
) {
    for (a, ra) in rules.iter().enumerate() {
        for rb in &rules[a + 1..] {
            if ra.on != rb.on || exclusive(&ra.when, &rb.when) {
                continue;
            }
            let Some(why) = contradiction(&ra.effects, &rb.effects) else {
                continue;
            };
            let (ca, cb) = (ra.clause, rb.clause);
            let ordered = |x: usize, y: usize| clauses.get(x).is_some_and(|c| c.beats.contains(&y));
            if ca != cb && (ordered(ca, cb) || ordered(cb, ca)) {
                continue;
            }
            let (Some((sf, c)), Some(first)) = (sources.get(cb), clauses.get(ca)) else {
                continue;
            };
            let message = if ca == cb {
                say::conflict_within(&first.id, ra.on.name(), &why)
            } else {
                say::conflict(&first.id, &c.id.value, ra.on.name(), &why)
            };
            d.push(
                sf.diag(yaml::start(&sf.text, &c.id), c.id.value.len(), message)
                    .help(say::conflict_help(&first.id)),
            );
        }
    }
}
use crate::diag::Diags;
use crate::lang::schema::OutcomeClass;
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::ClauseDef;
use crate::rulebook::yaml;

/// Whether two conditions can never hold together, as far as their form shows: one has a
/// conjunct that another's conjunct negates (`X` and `not X`, `a < b` and `a >= b`). A check on
/// the text of the law, not a solver: conditions it cannot tell apart still need precedence.
fn exclusive(a: &IrExpr, b: &IrExpr) -> bool {
    fn conjuncts<'e>(e: &'e IrExpr, out: &mut Vec<&'e IrExpr>) {
        match e {
            IrExpr::And(x, y) => {
                conjuncts(x, out);
                conjuncts(y, out);
            }
            _ => out.push(e),
        }
    }
    fn negates(x: &IrExpr, y: &IrExpr) -> bool {
        match (x, y) {
            (IrExpr::Not(n), other) | (other, IrExpr::Not(n)) if **n == *other => true,
            (IrExpr::Cmp(o1, _, a1, b1), IrExpr::Cmp(o2, _, a2, b2)) if a1 == a2 && b1 == b2 => {
                o1.negation() == *o2
            }
            _ => false,
        }
    }
    // `not (x and y)` excludes a condition that has both `x` and `y` among its conjuncts.
    fn denies(x: &IrExpr, others: &[&IrExpr]) -> bool {
        let IrExpr::Not(n) = x else {
            return false;
        };
        let mut inner = Vec::new();
        conjuncts(n, &mut inner);
        inner.len() > 1 && inner.iter().all(|i| others.contains(i))
    }
    let (mut ca, mut cb) = (Vec::new(), Vec::new());
    conjuncts(a, &mut ca);
    conjuncts(b, &mut cb);
    ca.iter()
        .any(|x| cb.iter().any(|y| negates(x, y)) || denies(x, &cb))
        || cb.iter().any(|y| denies(y, &ca))
}

fn contradiction(a: &[IrEffect], b: &[IrEffect]) -> Option<String> {
    for class in [
        OutcomeClass::Result,
        OutcomeClass::Decision,
        OutcomeClass::Offer,
    ] {
        let pick = |es: &[IrEffect]| -> Option<IrEffect> {
            es.iter().find(|e| e.id.spec().class == class).cloned()
        };
        if let (Some(x), Some(y)) = (pick(a), pick(b))
            && (x.id != y.id || x.args != y.args)
        {
            return Some(say::against(x.id.spec().name, y.id.spec().name));
        }
    }
    None
}
