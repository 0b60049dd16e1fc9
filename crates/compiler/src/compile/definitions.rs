//! Named values: the constants of `rulebook.yaml` and the names clauses define (`defines:`).
//!
//! Both live in one namespace and become `ir::Definition`s, referred to by index
//! (`IrExpr::Defined`), so a name is checked once however often it is used. Constants come
//! first (the root base's, then each overlay's, an overlay's constant of the same name taking
//! the base's place), then the clauses' definitions in rulebook order: a definition may use
//! every constant and the definitions before it. A clause of an overlay that defines a name of
//! its base redefines it: the base's clauses then read the new value (of the same type).

use super::located::{expr_result, texts};
use super::merge::Entry;
use super::params::is_constant;
use crate::diag::Diags;
use crate::lang::ir::{Definition, IrExpr, Unit};
use crate::lang::limits::{Cost, MAX_DEPTH, MAX_EXPANDED, MAX_RULES, cost};
use crate::lang::schema::{self, Ty};
use crate::lang::typeck::{Params, Scope};
use crate::locale::say;
use crate::rulebook::model::{ClauseDef, ConstDef};
use crate::rulebook::yaml::{self, Spanned};
use crate::rulebook::{Loaded, SourceFile};

/// Where something is written: the file, the offset and the length.
type At = (SourceFile, usize, usize);

/// The named values of a merged rulebook, with the types the type checker sees.
pub struct Named {
    pub defs: Vec<Definition>,
    /// The name and type of each, in the same order: the scope of later expressions (a name
    /// whose definition has errors is marked broken there).
    pub scope: Scope,
    /// How deep and how large each is with the names it reads expanded, in the same order.
    pub costs: Vec<Cost>,
    /// The depth in the `extends` chain of the rulebook that gave each its current value.
    level: Vec<usize>,
    /// Where each is (re)defined, for diagnostics: its name, and its expression.
    at: Vec<(At, At)>,
    /// Past `MAX_RULES` names: where the first one past is defined, and how many there are.
    too_many: Option<(At, usize)>,
}

pub fn lower(
    chain: &[&Loaded],
    entries: &[Entry],
    params: &Scope,
    languages: &[String],
    d: &mut Diags,
) -> Named {
    let mut n = Named {
        defs: vec![],
        scope: Scope::default(),
        costs: vec![],
        level: vec![],
        at: vec![],
        too_many: None,
    };
    for (level, book) in chain.iter().enumerate() {
        for (name, c) in &book.book.constants {
            match constant(&book.book_file, name, c, params, languages, d) {
                Some(def) => n.put(def, level, &book.book_file, (&c.value, &c.value), d),
                None => n.scope.mark_broken(name),
            }
        }
    }
    for e in entries
        .iter()
        .filter(|e| !e.removed && e.disabled.is_none())
    {
        let Some(name) = &e.c.defines else { continue };
        let scope = Params {
            params,
            defs: &n.scope,
            ..Params::default()
        };
        match definition(e.sf, e.c, name, scope, d) {
            Some((mut def, w)) => {
                // An amended clause defines under its new id.
                def.clause_id = Some(e.text.1.id.value.clone());
                n.put(def, e.level, e.sf, (name, w), d)
            }
            None => n.scope.mark_broken(&name.value),
        }
    }
    if let Some(((sf, pos, len), count)) = &n.too_many {
        d.push(
            sf.diag(*pos, *len, say::too_many_names(*count, MAX_RULES))
                .help(say::too_many_help()),
        );
    }
    let cyclic = n.check_cycles(d);
    n.costs = n.expanded(&cyclic);
    n.check_limits(d);
    n
}

impl Named {
    /// Add a definition, or redefine a name of a base rulebook; `at` is where its name and its
    /// expression are written.
    fn put(
        &mut self,
        def: Definition,
        level: usize,
        sf: &SourceFile,
        at: (&Spanned<String>, &Spanned<String>),
        d: &mut Diags,
    ) {
        let locate =
            |w: &Spanned<String>| (sf.clone(), yaml::start(&sf.text, w), w.value.len().max(1));
        let here = (locate(at.0), locate(at.1));
        let (pos, len) = (here.0.1, here.0.2);
        let Some(i) = self.scope.position(&def.name) else {
            if self.defs.len() >= MAX_RULES {
                // Not in scope, but not unknown either: its uses are follow-on errors.
                self.scope.mark_broken(&def.name);
                match &mut self.too_many {
                    Some((_, count)) => *count += 1,
                    None => self.too_many = Some((here.0, self.defs.len() + 1)),
                }
                return;
            }
            self.scope.push(&def.name, def.ty);
            self.defs.push(def);
            self.level.push(level);
            self.at.push(here);
            return;
        };
        if self.level[i] >= level {
            d.push(
                sf.diag(pos, len, say::defined_twice(&def.name))
                    .help(say::defined_twice_help()),
            );
            return;
        }
        if self.defs[i].ty != def.ty {
            d.push(sf.diag(
                pos,
                len,
                say::redefinition_type(&def.name, self.defs[i].ty.a()),
            ));
            return;
        }
        let old = std::mem::replace(&mut self.defs[i], def);
        // A redefinition keeps what the name counts and its documentation unless it gives its own.
        let new = &mut self.defs[i];
        new.unit = new.unit.or(old.unit);
        if new.doc.is_none() {
            new.doc = old.doc;
        }
        self.level[i] = level;
        self.at[i] = here;
    }

    /// The names each definition reads directly.
    fn uses(&self, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if let Some(def) = self.defs.get(i) {
            refs(&def.body, &mut out);
        }
        out
    }

    /// A definition that uses itself, directly or through others, has no value: each cycle is
    /// reported once. A depth-first search with its own stack (a chain of definitions is as long
    /// as a rulebook makes it); which definitions are on a cycle.
    fn check_cycles(&self, d: &mut Diags) -> Vec<bool> {
        // 0: not visited, 1: on the path, 2: done.
        let mut state = vec![0u8; self.defs.len()];
        let mut cyclic = vec![false; self.defs.len()];
        for start in 0..self.defs.len() {
            if state[start] != 0 {
                continue;
            }
            // The path: each definition and the uses of it still to follow.
            let mut path: Vec<(usize, Vec<usize>)> = vec![(start, self.uses(start))];
            state[start] = 1;
            while let Some((i, uses)) = path.last_mut() {
                let i = *i;
                let Some(j) = uses.pop() else {
                    state[i] = 2;
                    path.pop();
                    continue;
                };
                match state.get(j) {
                    Some(0) => {
                        state[j] = 1;
                        path.push((j, self.uses(j)));
                    }
                    Some(1) => {
                        let from = path.iter().position(|(p, _)| *p == j).unwrap_or(0);
                        let mut cycle: Vec<usize> = path[from..].iter().map(|(p, _)| *p).collect();
                        cycle.push(j);
                        for &c in &cycle {
                            cyclic[c] = true;
                        }
                        self.report_cycle(&cycle, d);
                        for (p, _) in path.drain(..) {
                            state[p] = 2;
                        }
                    }
                    _ => {}
                }
            }
        }
        cyclic
    }

    fn report_cycle(&self, cycle: &[usize], d: &mut Diags) {
        let names: Vec<&str> = cycle.iter().map(|&i| self.defs[i].name.as_str()).collect();
        let ((sf, pos, len), _) = &self.at[cycle[0]];
        d.push(
            sf.diag(
                *pos,
                *len,
                say::definition_cycle(names[0], names.join(" -> ")),
            )
            .help(say::definition_cycle_help()),
        );
    }

    /// Each definition's cost with the names it reads expanded, computed after the names it
    /// reads (a depth-first search with its own stack); a definition on a cycle, which has no
    /// value and is reported already, counts as one node.
    fn expanded(&self, cyclic: &[bool]) -> Vec<Cost> {
        let n = self.defs.len();
        let mut costs = vec![Cost::default(); n];
        let mut known = cyclic.to_vec();
        let mut open = vec![false; n];
        for start in 0..n {
            let mut stack = vec![(start, false)];
            while let Some((i, ready)) = stack.pop() {
                if known[i] {
                    continue;
                }
                if ready {
                    costs[i] = cost(&self.defs[i].body, &costs);
                    known[i] = true;
                    continue;
                }
                if open[i] {
                    continue;
                }
                open[i] = true;
                stack.push((i, true));
                for j in self.uses(i) {
                    if j < n && !known[j] && !open[j] {
                        stack.push((j, false));
                    }
                }
            }
        }
        for (i, c) in costs.iter_mut().enumerate() {
            if cyclic[i] {
                *c = Cost { depth: 1, size: 1 };
            }
        }
        costs
    }

    /// A definition too deep or too large, with the names it reads expanded, is reported where
    /// it is written, unless a name it reads is already too deep or large; its uses are then
    /// follow-on errors.
    fn check_limits(&mut self, d: &mut Diags) {
        for i in 0..self.defs.len() {
            let c = self.costs[i];
            if c.within() {
                continue;
            }
            let follow_on = self
                .uses(i)
                .iter()
                .any(|&j| self.costs.get(j).is_some_and(|c| !c.within()));
            let (_, (sf, pos, len)) = &self.at[i];
            let mut diag = if c.depth > MAX_DEPTH {
                sf.diag(*pos, *len, say::too_deep_with_names(c.depth, MAX_DEPTH))
                    .help(say::too_deep_with_names_help())
            } else {
                sf.diag(*pos, *len, say::too_large_expanded(c.size, MAX_EXPANDED))
                    .help(say::too_large_expanded_help())
            };
            diag.follow_on = follow_on;
            d.push(diag);
            let name = self.defs[i].name.clone();
            self.scope.mark_broken(&name);
        }
    }
}

/// The definitions an expression names directly.
fn refs(e: &IrExpr, out: &mut Vec<usize>) {
    match e {
        IrExpr::Defined(i) => out.push(*i),
        IrExpr::Not(x) | IrExpr::Neg(x) => refs(x, out),
        IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) | IrExpr::Arith(_, a, b) => {
            refs(a, out);
            refs(b, out);
        }
        IrExpr::If(c, a, b) => {
            refs(c, out);
            refs(a, out);
            refs(b, out);
        }
        IrExpr::Fact(_, args) => args.iter().for_each(|a| refs(a, out)),
        IrExpr::Bool(_)
        | IrExpr::Int(_)
        | IrExpr::Duration(_)
        | IrExpr::Side(_)
        | IrExpr::Param(_) => {}
    }
}

/// A name a rulebook may define: lower-case letters, digits and `_`, not a fact or a side.
fn check_name(sf: &SourceFile, at: usize, n: &str, d: &mut Diags) -> bool {
    let well_formed = n.chars().next().is_some_and(|ch| ch.is_ascii_lowercase())
        && n.chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
    if !well_formed {
        d.push(sf.diag(at, n.len().max(1), say::defined_name()));
        return false;
    }
    if schema::fact(n).is_some() || schema::side_literal(n).is_some() {
        d.push(sf.diag(at, n.len(), say::name_of_a_fact(n)));
        return false;
    }
    true
}

fn constant(
    bf: &SourceFile,
    name: &str,
    c: &ConstDef,
    params: &Scope,
    languages: &[String],
    d: &mut Diags,
) -> Option<Definition> {
    let at = yaml::start(&bf.text, &c.value);
    if !check_name(bf, at, name, d) {
        return None;
    }
    let doc = texts(bf, &c.doc, languages, say::field_constant_doc, d);
    let scope = Params {
        params,
        ..Params::default()
    };
    let (body, ty) = match expr_result(bf, &c.value, None, scope, None) {
        Ok((e, t)) if is_constant(&e) => (e, t),
        Ok(_) => {
            d.push(
                bf.diag(
                    at,
                    c.value.value.len().max(1),
                    say::constant_not_literal(name),
                )
                .help(say::constant_help()),
            );
            return None;
        }
        Err(e) => {
            d.push(e);
            return None;
        }
    };
    let unit = match &c.unit {
        None => None,
        Some(u) => {
            let Some(unit) = Unit::ALL.into_iter().find(|x| x.name() == u.value) else {
                let names: Vec<&str> = Unit::ALL.iter().map(|x| x.name()).collect();
                d.push(
                    bf.diag(
                        yaml::start(&bf.text, u),
                        u.value.len().max(1),
                        say::unknown_unit(&u.value),
                    )
                    .help(say::units_help(names.join(", "))),
                );
                return None;
            };
            if ty != Ty::Int {
                d.push(bf.diag(
                    yaml::start(&bf.text, u),
                    u.value.len().max(1),
                    say::unit_not_number(name, ty.a()),
                ));
                return None;
            }
            Some(unit)
        }
    };
    Some(Definition {
        name: name.to_string(),
        clause_id: None,
        unit,
        doc: Some(doc),
        ty,
        body,
        src: c.value.value.clone(),
    })
}

/// A clause with `defines: NAME`: its `when` (a condition) or its `value` (of any type), over
/// event-free facts, the constants and earlier definitions.
fn definition<'c>(
    sf: &SourceFile,
    c: &'c ClauseDef,
    name: &Spanned<String>,
    scope: Params,
    d: &mut Diags,
) -> Option<(Definition, &'c Spanned<String>)> {
    let at = yaml::start(&sf.text, name);
    let n = name.value.as_str();
    if !check_name(sf, at, n, d) {
        return None;
    }
    if c.on.is_some()
        || !c.effects.is_empty()
        || c.ruling.is_some()
        || !c.rules.is_empty()
        || !c.vars.is_empty()
    {
        d.push(
            sf.diag(at, n.len(), say::defines_and_event(&c.id.value, n))
                .help(say::defines_and_event_help()),
        );
        return None;
    }
    let (w, condition) = match (&c.when, &c.value) {
        (Some(w), None) => (w, true),
        (None, Some(v)) => (v, false),
        (Some(w), Some(_)) => {
            d.push(sf.diag(
                yaml::start(&sf.text, w),
                w.value.len().max(1),
                say::defines_when_and_value(&c.id.value, n),
            ));
            return None;
        }
        (None, None) => {
            d.push(
                sf.diag(at, n.len(), say::defines_nothing(&c.id.value, n))
                    .help(say::defines_nothing_help()),
            );
            return None;
        }
    };
    match expr_result(sf, w, None, scope, None) {
        Ok((e, t)) if t == Ty::Bool || !condition => Some((
            Definition {
                name: n.to_string(),
                clause_id: Some(c.id.value.clone()),
                unit: None,
                doc: None,
                ty: t,
                body: e,
                src: w.value.clone(),
            },
            w,
        )),
        Ok((_, t)) => {
            d.push(
                sf.diag(
                    yaml::start(&sf.text, w),
                    w.value.len(),
                    say::definition_not_bool(t.a()),
                )
                .help(say::definition_not_bool_help()),
            );
            None
        }
        Err(e) => {
            d.push(e);
            None
        }
    }
}
