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
use crate::lang::schema::{self, Ty};
use crate::lang::typeck::Params;
use crate::locale::say;
use crate::rulebook::model::{ClauseDef, ConstDef};
use crate::rulebook::yaml::{self, Spanned};
use crate::rulebook::{Loaded, SourceFile};

/// The named values of a merged rulebook, with the types the type checker sees.
pub struct Named {
    pub defs: Vec<Definition>,
    /// `(name, type)` per definition, in the same order: the scope of later expressions.
    pub scope: Vec<(String, Ty)>,
    /// The depth in the `extends` chain of the rulebook that gave each its current value.
    level: Vec<usize>,
    /// Where each is (re)defined, for diagnostics: the file, the offset and the length.
    at: Vec<(SourceFile, usize, usize)>,
    /// Names whose definitions have errors (already reported): their uses are not reported.
    pub broken: Vec<String>,
}

pub fn lower(
    chain: &[&Loaded],
    entries: &[Entry],
    params: &[(String, Ty)],
    languages: &[String],
    d: &mut Diags,
) -> Named {
    let mut n = Named {
        defs: vec![],
        scope: vec![],
        level: vec![],
        at: vec![],
        broken: vec![],
    };
    for (level, book) in chain.iter().enumerate() {
        for (name, c) in &book.book.constants {
            match constant(&book.book_file, name, c, params, languages, d) {
                Some(def) => n.put(def, level, &book.book_file, &c.value, d),
                None => n.broken.push(name.clone()),
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
            broken: &n.broken,
            lenient_guards: false,
        };
        match definition(e.sf, e.c, name, scope, d) {
            Some(def) => n.put(def, e.level, e.sf, name, d),
            None => n.broken.push(name.value.clone()),
        }
    }
    n.check_cycles(d);
    n
}

impl Named {
    /// Add a definition, or redefine a name of a base rulebook.
    fn put(
        &mut self,
        def: Definition,
        level: usize,
        sf: &SourceFile,
        at: &Spanned<String>,
        d: &mut Diags,
    ) {
        let pos = yaml::start(&sf.text, at);
        let here = (sf.clone(), pos, at.value.len().max(1));
        let Some(i) = self.scope.iter().position(|(q, _)| *q == def.name) else {
            self.scope.push((def.name.clone(), def.ty));
            self.defs.push(def);
            self.level.push(level);
            self.at.push(here);
            return;
        };
        if self.level[i] >= level {
            d.push(
                sf.diag(pos, at.value.len().max(1), say::defined_twice(&def.name))
                    .help(say::defined_twice_help()),
            );
            return;
        }
        if self.defs[i].ty != def.ty {
            d.push(sf.diag(
                pos,
                at.value.len().max(1),
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

    /// A definition that uses itself, directly or through others, has no value.
    fn check_cycles(&self, d: &mut Diags) {
        // 0: not visited, 1: on the path, 2: done.
        let mut state = vec![0u8; self.defs.len()];
        for start in 0..self.defs.len() {
            let mut path = Vec::new();
            if let Some(cycle) = self.visit(start, &mut state, &mut path) {
                let names: Vec<&str> = cycle.iter().map(|&i| self.defs[i].name.as_str()).collect();
                let (sf, pos, len) = &self.at[cycle[0]];
                d.push(
                    sf.diag(
                        *pos,
                        *len,
                        say::definition_cycle(names[0], names.join(" -> ")),
                    )
                    .help(say::definition_cycle_help()),
                );
            }
        }
    }

    fn visit(&self, i: usize, state: &mut [u8], path: &mut Vec<usize>) -> Option<Vec<usize>> {
        match state.get(i) {
            Some(2) | None => return None,
            Some(1) => {
                let from = path.iter().position(|&p| p == i).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                cycle.push(i);
                return Some(cycle);
            }
            _ => {}
        }
        state[i] = 1;
        path.push(i);
        let mut uses = Vec::new();
        refs(&self.defs[i].body, &mut uses);
        for j in uses {
            if let Some(c) = self.visit(j, state, path) {
                state[i] = 2;
                return Some(c);
            }
        }
        path.pop();
        state[i] = 2;
        None
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
    params: &[(String, Ty)],
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
fn definition(
    sf: &SourceFile,
    c: &ClauseDef,
    name: &Spanned<String>,
    scope: Params,
    d: &mut Diags,
) -> Option<Definition> {
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
        Ok((e, t)) if t == Ty::Bool || !condition => Some(Definition {
            name: n.to_string(),
            clause_id: Some(c.id.value.clone()),
            unit: None,
            doc: None,
            ty: t,
            body: e,
            src: w.value.clone(),
        }),
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
