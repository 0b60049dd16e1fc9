//! The conflict check: two rules that answer one event with contradictory outcomes need an order
//! between their clauses (`exception_to`), or conditions that cannot hold together.
//!
//! Only rules that decide something different can contradict: the rules of each event are put
//! in buckets by what they decide of each kind of outcome (the result, a claim's decision, an
//! offer's fate), and a rule is compared with the rules of the other buckets only. When rules
//! agree, as they mostly do, the check is linear in the rulebook, not quadratic; it stops
//! listing after `MAX_CONFLICTS_REPORTED` conflicts.

use std::collections::{BTreeMap, HashMap};

use crate::diag::Diags;
use crate::lang::ir::{Clause, IrEffect, IrExpr, Rule};
use crate::lang::limits::MAX_CONFLICTS_REPORTED;
use crate::lang::schema::{EventKind, OutcomeClass};
use crate::locale::say;
use crate::rulebook::SourceFile;
use crate::rulebook::model::ClauseDef;
use crate::rulebook::yaml;

/// The kinds of outcome two rules can contradict on.
const CLASSES: [OutcomeClass; 3] = [
    OutcomeClass::Result,
    OutcomeClass::Decision,
    OutcomeClass::Offer,
];

/// Report every pair of rules on one event with contradictory outcomes (the result, a claim's
/// decision, an offer's fate) whose clauses have no order and whose conditions may both hold,
/// in rulebook order. `sources[i]` is clause `i`'s.
pub(super) fn check(
    rules: &[Rule],
    clauses: &[Clause],
    sources: &[(&SourceFile, &ClauseDef)],
    d: &mut Diags,
) {
    // For each event and kind of outcome, the rules in buckets by what they decide (the effect
    // and its arguments), each bucket in rulebook order.
    type Buckets = HashMap<String, Vec<usize>>;
    let mut buckets: BTreeMap<(EventKind, usize), Buckets> = BTreeMap::new();
    // For each rule and kind of outcome, its bucket's key.
    let mut keys: Vec<[Option<String>; 3]> = Vec::with_capacity(rules.len());
    for (i, r) in rules.iter().enumerate() {
        let mut k: [Option<String>; 3] = Default::default();
        for (c, class) in CLASSES.iter().enumerate() {
            if let Some(e) = r.effects.iter().find(|e| e.id.spec().class == *class) {
                let key = format!("{:?}{:?}", e.id, e.args);
                let b = buckets.entry((r.on, c)).or_default();
                b.entry(key.clone()).or_default().push(i);
                k[c] = Some(key);
            }
        }
        keys.push(k);
    }
    let conjuncts: Vec<Vec<&IrExpr>> = rules.iter().map(|r| conjuncts_of(&r.when)).collect();
    let mut reported = 0;
    for (a, ra) in rules.iter().enumerate() {
        // The later rules of the same event that decide something else of some kind.
        let mut others: Vec<usize> = Vec::new();
        for (c, key) in keys[a].iter().enumerate() {
            let (Some(key), Some(b)) = (key, buckets.get(&(ra.on, c))) else {
                continue;
            };
            for (k, list) in b {
                if k != key {
                    let later = list.partition_point(|&x| x <= a);
                    others.extend_from_slice(&list[later..]);
                }
            }
        }
        others.sort_unstable();
        others.dedup();
        for b in others {
            let rb = &rules[b];
            let (ca, cb) = (ra.clause, rb.clause);
            let ordered = |x: usize, y: usize| {
                clauses
                    .get(x)
                    .is_some_and(|c| c.beats.binary_search(&y).is_ok())
            };
            if ca != cb && (ordered(ca, cb) || ordered(cb, ca)) {
                continue;
            }
            // Clauses for different games never rule on the same game.
            let games = |x: usize| clauses.get(x).map(|c| c.games);
            if let (Some(ga), Some(gb)) = (games(ca), games(cb))
                && ga.is_disjoint(gb)
            {
                continue;
            }
            if exclusive(&conjuncts[a], &conjuncts[b]) {
                continue;
            }
            let Some(why) = contradiction(&ra.effects, &rb.effects) else {
                continue;
            };
            let (Some((sf, c)), Some(first)) = (sources.get(cb), clauses.get(ca)) else {
                continue;
            };
            if reported == MAX_CONFLICTS_REPORTED {
                d.push(sf.diag(
                    yaml::start(&sf.text, &c.id),
                    c.id.value.len(),
                    say::more_conflicts(MAX_CONFLICTS_REPORTED),
                ));
                return;
            }
            reported += 1;
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

/// The conjuncts of a condition: `a and (b and c)` has `a`, `b`, `c`.
fn conjuncts_of(e: &IrExpr) -> Vec<&IrExpr> {
    let mut out = Vec::new();
    let mut todo = vec![e];
    while let Some(x) = todo.pop() {
        match x {
            IrExpr::And(l, r) => {
                todo.push(r);
                todo.push(l);
            }
            _ => out.push(x),
        }
    }
    out
}

/// Whether two conditions, given by their conjuncts, can never hold together, as far as their
/// form shows: one has a conjunct that another's conjunct negates (`X` and `not X`, `a < b` and
/// `a >= b`). A check on the text of the law, not a solver: conditions it cannot tell apart
/// still need precedence.
fn exclusive(ca: &[&IrExpr], cb: &[&IrExpr]) -> bool {
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
        let inner = conjuncts_of(n);
        inner.len() > 1 && inner.iter().all(|i| others.contains(i))
    }
    ca.iter()
        .any(|x| cb.iter().any(|y| negates(x, y)) || denies(x, cb))
        || cb.iter().any(|y| denies(y, ca))
}

fn contradiction(a: &[IrEffect], b: &[IrEffect]) -> Option<say::Message> {
    for class in CLASSES {
        fn pick(es: &[IrEffect], class: OutcomeClass) -> Option<&IrEffect> {
            es.iter().find(|e| e.id.spec().class == class)
        }
        if let (Some(x), Some(y)) = (pick(a, class), pick(b, class))
            && (x.id != y.id || x.args != y.args)
        {
            return Some(say::against(x.id.spec().name, y.id.spec().name));
        }
    }
    None
}
