//! IR -> the Rust adjudicator of a rulebook (`generated/<id>/adjudicator.rs`).
//!
//! The output reads like the rulebook: one module per clause, named after its id, with the
//! clause's text as its doc comment and one function per rule for the condition, the effects and
//! the ruling's variables; a function per definition, called where the name is used (so the code
//! grows linearly with the rulebook); named enums for the clauses, rules and parameters. Every
//! text of the rulebook reaches the Rust source as an escaped literal or a doc comment, never as
//! code. The result is formatted by rustfmt (`super::rustfmt`), as rust-analyzer formats its
//! generated code.

use minijinja::context;
use serde::Serialize;

use super::names::{Namespace, camel, doc, one_line, word};
use crate::lang::ir::{Definition, IrEffect, IrExpr, Param, Rule, Rulebook};
use crate::lang::schema::{self, FactId, Ty};

/// Lines of generated Rust stay within this width (rustfmt's default).
const WIDTH: usize = 100;

/// A Rust string literal for any text (quotes, backslashes and control characters escaped).
fn lit(s: &str) -> String {
    format!("{s:?}")
}

#[derive(Serialize)]
struct ClauseItem {
    variant: String,
    label: String,
    id_lit: String,
    beats: Vec<String>,
    games: Vec<String>,
}

#[derive(Serialize)]
struct RuleItem {
    variant: String,
    label: String,
    clause_variant: String,
    /// The clause's id, a string literal (an evaluation error names it).
    clause_lit: String,
    on: String,
    message_lit: String,
    decisive: bool,
    module: String,
    when_fn: String,
    when_doc: String,
    when_cx: &'static str,
    /// Whether the condition can fail (a fallible fact, checked arithmetic, a parameter, a
    /// definition computed from the game): then `when` returns a `Result`.
    when_fallible: bool,
    when: String,
    effects_fn: Option<String>,
    effects_cx: &'static str,
    effects: Vec<String>,
    vars_fn: Option<String>,
    vars_cx: &'static str,
    vars: Vec<VarItem>,
}

#[derive(Serialize)]
struct VarItem {
    name: String,
    value: String,
}

#[derive(Serialize)]
struct ModuleItem {
    name: String,
    doc: String,
    rules: Vec<usize>,
}

/// The identifiers generated code gives the rulebook's names.
struct Idents {
    clauses: Vec<String>,
    defs: Vec<String>,
    params: Vec<String>,
}

impl Idents {
    fn of(ir: &Rulebook) -> Idents {
        let mut ns = Namespace::default();
        let clauses = ir
            .clauses
            .iter()
            .map(|c| ns.fresh("C", &word(&c.id)))
            .collect();
        // A literal constant is a Rust `const` (upper case); any other definition a function.
        let mut ns = Namespace::default();
        let defs = ir
            .definitions
            .iter()
            .map(|d| {
                if d.is_literal() {
                    ns.fresh("", &word(&d.name).to_ascii_uppercase())
                } else {
                    ns.fresh("", &word(&d.name))
                }
            })
            .collect();
        let mut ns = Namespace::default();
        let params = ir
            .params
            .iter()
            .map(|p| ns.fresh("", &camel(&p.name)))
            .collect();
        Idents {
            clauses,
            defs,
            params,
        }
    }
}

fn serde<T: Serialize>(v: &T) -> minijinja::Value {
    minijinja::Value::from(minijinja::value::Serde(v))
}

pub fn rust(ir: &Rulebook) -> Result<String, String> {
    let ids = Idents::of(ir);
    let g = Gen {
        ir,
        def_fns: &ids.defs,
        param_variants: &ids.params,
    };
    let (modules, rules) = g.modules(&ids.clauses)?;
    let module_values: Vec<minijinja::Value> = modules
        .iter()
        .map(|m| {
            let rs: Vec<&RuleItem> = m.rules.iter().filter_map(|&i| rules.get(i)).collect();
            context! { name => m.name.clone(), doc => m.doc.clone(), rules => serde(&rs) }
        })
        .collect();
    let events = events(ir, &rules);
    let all_events = events.len() == schema::EventKind::ALL.len();
    let source = super::render(
        "adjudicator.rs",
        context! {
            id => ir.id.clone(), id_lit => lit(&ir.id), title_comment => title_comment(ir),
            files => files(ir), languages => languages(ir),
            games => game_variants(ir.games),
            clauses => serde(&clause_items(ir, &ids.clauses)),
            rules => serde(&rules),
            params => g.params(), events => events, all_events => all_events,
            all_effects => rules.iter().all(|r| r.effects_fn.is_some()),
            all_vars => rules.iter().all(|r| r.vars_fn.is_some()),
            definitions => g.definitions(), modules => module_values,
            edition => ir.edition.as_ref().map(|e| context! {
                id => lit(&e.id), family => lit(&e.family),
                year => e.in_force_from.year, month => e.in_force_from.month,
                day => e.in_force_from.day,
            }),
            per_edition => ir.per_edition,
            place => generated_place(ir),
        },
    )?;
    super::rustfmt::format(&source)
}

fn clause_items(ir: &Rulebook, variants: &[String]) -> Vec<ClauseItem> {
    ir.clauses
        .iter()
        .zip(variants)
        .map(|(c, v)| ClauseItem {
            variant: v.clone(),
            label: one_line(&c.id),
            id_lit: lit(&c.id),
            beats: c
                .beats
                .iter()
                .filter_map(|b| variants.get(*b).cloned())
                .collect(),
            games: game_variants(c.games),
        })
        .collect()
}

/// `GameKind` variants, for `Games::of(&[...])`.
fn game_variants(games: crate::games::Games) -> Vec<String> {
    games.iter().map(|g| format!("{g:?}")).collect()
}

/// For each event some rule answers, its rules in rulebook order.
fn events(ir: &Rulebook, rules: &[RuleItem]) -> Vec<minijinja::Value> {
    let mut events = Vec::new();
    for &ev in schema::EventKind::ALL {
        let on: Vec<&RuleItem> = ir
            .rules
            .iter()
            .zip(rules)
            .filter(|(r, _)| r.on == ev)
            .map(|(_, item)| item)
            .collect();
        if !on.is_empty() {
            events.push(context! { variant => format!("{ev:?}"), rules => serde(&on) });
        }
    }
    events
}

fn files(ir: &Rulebook) -> Vec<minijinja::Value> {
    ir.files
        .iter()
        .map(|(p, _)| {
            let up = "../".repeat(generated_place(ir).matches('/').count() + 2);
            context! { name => lit(p), path => lit(&format!("{up}rules/{}/{p}", ir.id)) }
        })
        .collect()
}

/// Where a rulebook's generated files are, under `generated/`: `ID`, or `ID/EDITION` for one
/// compiled on each edition of the family it stands on.
pub fn generated_place(ir: &Rulebook) -> String {
    match (&ir.edition, ir.per_edition) {
        (Some(e), true) => format!("{}/{}", ir.id, e.id),
        _ => ir.id.clone(),
    }
}

fn languages(ir: &Rulebook) -> Vec<minijinja::Value> {
    ir.languages
        .iter()
        .map(|l| {
            context! {
                name => lit(l),
                ftl => lit(&format!("locales/{l}/rulings.ftl")),
            }
        })
        .collect()
}

/// The rulebook's title (in its first language) as `//` comment lines.
fn title_comment(ir: &Rulebook) -> String {
    let title = ir
        .languages
        .first()
        .and_then(|l| ir.title.get(l))
        .cloned()
        .unwrap_or_default();
    doc(&title, "", WIDTH)
        .lines()
        .map(|l| l.replacen("///", "//", 1))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The doc comment of a clause's module: its id and title, then its text in each language.
fn clause_doc(ir: &Rulebook, ci: usize) -> String {
    let Some(c) = ir.clauses.get(ci) else {
        return String::new();
    };
    let first = ir.languages.first();
    let title = c.title.as_ref().and_then(|t| first.and_then(|l| t.get(l)));
    let mut s = match title {
        Some(t) => doc(&format!("{} — {t}", c.id), "", WIDTH),
        None => doc(&c.id, "", WIDTH),
    };
    for l in &ir.languages {
        if let Some(t) = c.text.get(l) {
            s.push_str("///\n");
            s.push_str(&doc(&format!("[{l}] {}", t.trim()), "", WIDTH));
        }
    }
    s
}

fn cx_name(used: bool) -> &'static str {
    if used { "cx" } else { "_cx" }
}

fn rust_ty(t: Ty) -> &'static str {
    match t {
        Ty::Bool => "bool",
        Ty::Int | Ty::Duration => "i64",
        Ty::Side => "Color",
        Ty::Move => "Move",
    }
}

/// Whether evaluating `e` reads the game (a fact, a parameter or a definition that is not a
/// literal constant).
fn uses_cx(e: &IrExpr, defs: &[Definition]) -> bool {
    let u = |x: &IrExpr| uses_cx(x, defs);
    match e {
        IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_) => false,
        IrExpr::Fact(..) | IrExpr::Param(_) => true,
        IrExpr::Defined(i) => defs.get(*i).is_none_or(|d| !d.is_literal()),
        IrExpr::Not(x) | IrExpr::Neg(x) => u(x),
        IrExpr::If(c, a, b) => u(c) || u(a) || u(b),
        IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) | IrExpr::Arith(_, a, b) => {
            u(a) || u(b)
        }
    }
}

/// Binding strength of a Rust expression, for parentheses only where they are needed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    Or,
    And,
    Cmp,
    Unary,
    Atom,
}

struct Gen<'a> {
    ir: &'a Rulebook,
    def_fns: &'a [String],
    param_variants: &'a [String],
}

impl Gen<'_> {
    /// One module per clause that has rules in force, and every rule, in rulebook order.
    fn modules(
        &self,
        clause_variants: &[String],
    ) -> Result<(Vec<ModuleItem>, Vec<RuleItem>), String> {
        let ir = self.ir;
        let mut module_ns = Namespace::default();
        let mut rule_ns = Namespace::default();
        let mut modules: Vec<ModuleItem> = Vec::new();
        let mut rules: Vec<RuleItem> = Vec::new();
        for (ci, c) in ir.clauses.iter().enumerate() {
            if c.rules.is_empty() {
                continue;
            }
            let module = module_ns.fresh("clause_", &word(&c.id).to_ascii_lowercase());
            let mut fn_ns = Namespace::default();
            let mut m = ModuleItem {
                name: module.clone(),
                doc: clause_doc(ir, ci),
                rules: vec![],
            };
            for &ri in &c.rules {
                let r = ir
                    .rules
                    .get(ri)
                    .ok_or("a clause names a rule that is not there")?;
                let suffix = r.name.as_deref().map(|n| format!("_{}", word(n)));
                let suffix = suffix.as_deref().unwrap_or("");
                let item = self.rule(r, &module, &mut fn_ns, suffix)?;
                m.rules.push(rules.len());
                rules.push(RuleItem {
                    variant: rule_ns.fresh("R", &format!("{}{suffix}", word(&c.id))),
                    clause_variant: clause_variants.get(ci).cloned().unwrap_or_default(),
                    ..item
                });
            }
            modules.push(m);
        }
        Ok((modules, rules))
    }

    fn definitions(&self) -> Vec<minijinja::Value> {
        let ir = self.ir;
        ir.definitions
            .iter()
            .zip(self.def_fns)
            .map(|(d, f)| {
                let src = d.src.split_whitespace().collect::<Vec<_>>().join(" ");
                let header = match &d.clause_id {
                    Some(c) => format!("`{}` ({c}): `{src}`", d.name),
                    None => format!("`{}`: a constant of the rulebook", d.name),
                };
                context! {
                    doc => doc(&header, "    ", WIDTH),
                    fn_name => f.clone(),
                    konst => d.is_literal(),
                    cx => cx_name(uses_cx(&d.body, &ir.definitions)),
                    ty => rust_ty(d.ty),
                    body => self.expr(&d.body),
                    result => self.result_body(&d.body),
                }
            })
            .collect()
    }

    fn params(&self) -> Vec<minijinja::Value> {
        self.ir
            .params
            .iter()
            .zip(self.param_variants)
            .map(|(p, v)| {
                let tag = p.tag.as_ref().map_or("None".to_string(), |t| {
                    format!("Some({}.to_string())", lit(t))
                });
                context! {
                    name => one_line(&p.name),
                    name_lit => lit(&p.name),
                    variant => v.clone(),
                    default => self.value(&p.default),
                    tag => tag,
                }
            })
            .collect()
    }

    fn rule(
        &self,
        r: &Rule,
        module: &str,
        fns: &mut Namespace,
        suffix: &str,
    ) -> Result<RuleItem, String> {
        let when_src = r.when_src.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut effects = Vec::new();
        for e in &r.effects {
            effects.push(self.effect(e)?);
        }
        let effects_used = r.effects.iter().any(|e| {
            e.args.iter().any(|a| self.uses_cx(a))
                || e.cond.as_ref().is_some_and(|c| self.uses_cx(c))
        });
        let vars_used = r.vars.iter().any(|(_, e)| self.uses_cx(e));
        Ok(RuleItem {
            variant: String::new(),
            label: one_line(&match &r.name {
                Some(n) => format!("{} ({n}), on `{}`", r.clause_id, r.on.name()),
                None => format!("{}, on `{}`", r.clause_id, r.on.name()),
            }),
            clause_variant: String::new(),
            clause_lit: lit(&r.clause_id),
            on: format!("{:?}", r.on),
            message_lit: lit(&r.message_id()),
            decisive: r.decisive(),
            module: module.to_string(),
            when_fn: fns.fresh("when", suffix),
            when_doc: doc(
                &format!("On `{}`: `{when_src}`", r.on.name()),
                "    ",
                WIDTH,
            ),
            when_cx: cx_name(uses_cx(&r.when, &self.ir.definitions)),
            when_fallible: self.fallible(&r.when),
            when: self.when_body(&r.when),
            effects_fn: (!effects.is_empty()).then(|| fns.fresh("effects", suffix)),
            effects_cx: cx_name(effects_used),
            effects,
            vars_fn: (!r.vars.is_empty()).then(|| fns.fresh("vars", suffix)),
            vars_cx: cx_name(vars_used),
            vars: r
                .vars
                .iter()
                .map(|(n, e)| VarItem {
                    name: lit(n),
                    value: self.value(e),
                })
                .collect(),
        })
    }

    fn expr(&self, e: &IrExpr) -> String {
        self.prec(e).0
    }

    fn uses_cx(&self, e: &IrExpr) -> bool {
        uses_cx(e, &self.ir.definitions)
    }

    /// The body of a definition function, a `Result`: arithmetic at the top is already one
    /// (`ops::add(a, b)` without its `?`), anything else is wrapped in `Ok`.
    fn result_body(&self, e: &IrExpr) -> String {
        let s = self.expr(e);
        match e {
            IrExpr::Neg(_) | IrExpr::Arith(..) => match s.strip_suffix('?') {
                Some(bare) => bare.to_string(),
                None => format!("Ok({s})"),
            },
            _ => format!("Ok({s})"),
        }
    }

    /// The body of a `when` function: `Ok(condition)` when it can fail, else the condition
    /// (in parentheses when it opens with a block, which Rust would take for a statement).
    fn when_body(&self, e: &IrExpr) -> String {
        let (s, p) = self.prec(e);
        if self.fallible(e) {
            format!("Ok({s})")
        } else if s.starts_with('{') && p < Prec::Atom {
            format!("({s})")
        } else {
            s
        }
    }

    /// Whether the Rust for `e` has a `?`: a fallible fact, checked arithmetic, a parameter or a
    /// definition that is a function.
    fn fallible(&self, e: &IrExpr) -> bool {
        let f = |x: &IrExpr| self.fallible(x);
        match e {
            IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_) => false,
            IrExpr::Param(_) | IrExpr::Neg(_) | IrExpr::Arith(..) => true,
            IrExpr::Defined(i) => self.ir.definitions.get(*i).is_none_or(|d| !d.is_literal()),
            IrExpr::Fact(id, args) => id.spec().fallible || args.iter().any(f),
            IrExpr::Not(x) => f(x),
            IrExpr::And(a, b) | IrExpr::Or(a, b) | IrExpr::Cmp(_, _, a, b) => f(a) || f(b),
            IrExpr::If(c, a, b) => f(c) || f(a) || f(b),
        }
    }

    /// `e` as Rust wrapped in parentheses unless it binds at least as tightly as `min`.
    fn at(&self, e: &IrExpr, min: Prec) -> String {
        let (s, p) = self.prec(e);
        if p >= min { s } else { format!("({s})") }
    }

    fn prec(&self, e: &IrExpr) -> (String, Prec) {
        match e {
            IrExpr::Bool(b) => (b.to_string(), Prec::Atom),
            IrExpr::Int(i) | IrExpr::Duration(i) => (i.to_string(), Prec::Atom),
            IrExpr::Side(c) => (format!("Color::{c:?}"), Prec::Atom),
            IrExpr::Param(i) => {
                let getter = match self.ty_of(e) {
                    Ty::Bool => "param_bool",
                    Ty::Side => "param_side",
                    _ => "param_int",
                };
                let variant = self.param_variants.get(*i).map_or("?", String::as_str);
                (
                    format!("cx.{getter}(Param::{variant} as usize)?"),
                    Prec::Atom,
                )
            }
            IrExpr::Fact(id, args) => (self.fact(*id, args), Prec::Atom),
            IrExpr::Defined(i) => {
                let f = self.def_fns.get(*i).map_or("?", String::as_str);
                match self.ir.definitions.get(*i) {
                    Some(d) if d.is_literal() => (format!("defined::{f}"), Prec::Atom),
                    _ => (format!("defined::{f}(cx)?"), Prec::Atom),
                }
            }
            IrExpr::Not(x) => (format!("!{}", self.at(x, Prec::Unary)), Prec::Unary),
            IrExpr::Neg(x) => (format!("ops::neg({})?", self.expr(x)), Prec::Atom),
            IrExpr::And(a, b) => (
                format!("{} && {}", self.at(a, Prec::And), self.at(b, Prec::And)),
                Prec::And,
            ),
            IrExpr::Or(a, b) => (
                format!("{} || {}", self.at(a, Prec::Or), self.at(b, Prec::Or)),
                Prec::Or,
            ),
            IrExpr::Cmp(op, _, a, b) => (
                format!(
                    "{} {} {}",
                    self.at(a, Prec::Unary),
                    op.symbol(),
                    self.at(b, Prec::Unary)
                ),
                Prec::Cmp,
            ),
            IrExpr::Arith(op, a, b) => (
                format!(
                    "ops::{}({}, {})?",
                    op.function(),
                    self.expr(a),
                    self.expr(b)
                ),
                Prec::Atom,
            ),
            IrExpr::If(c, a, b) => (
                format!(
                    "if {} {{ {} }} else {{ {} }}",
                    self.expr(c),
                    self.expr(a),
                    self.expr(b)
                ),
                Prec::Or,
            ),
        }
    }

    /// A fact read: `cx.repetitions()`; an argument that reads the game is bound first, since
    /// the fact's method borrows the context too.
    fn fact(&self, id: FactId, args: &[IrExpr]) -> String {
        let spec = id.spec();
        let q = if spec.fallible { "?" } else { "" };
        if !args.iter().any(|a| self.uses_cx(a)) {
            let a: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
            return format!("cx.{}({}){q}", spec.method, a.join(", "));
        }
        let mut lets = String::new();
        let mut names = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let n = match (self.ty_of(a), args.len()) {
                (Ty::Side, 1) => "side".to_string(),
                (Ty::Move, 1) => "mv".to_string(),
                (Ty::Int | Ty::Duration, 1) => "n".to_string(),
                _ => format!("a{i}"),
            };
            lets.push_str(&format!("let {n} = {}; ", self.expr(a)));
            names.push(n);
        }
        format!("{{ {lets}cx.{}({}){q} }}", spec.method, names.join(", "))
    }

    fn ty_of(&self, e: &IrExpr) -> Ty {
        match e {
            IrExpr::Bool(_) | IrExpr::Not(_) | IrExpr::And(..) | IrExpr::Or(..) => Ty::Bool,
            IrExpr::Cmp(..) => Ty::Bool,
            IrExpr::Defined(i) => self.ir.definitions.get(*i).map_or(Ty::Bool, |d| d.ty),
            IrExpr::Int(_) => Ty::Int,
            IrExpr::Duration(_) => Ty::Duration,
            IrExpr::Side(_) => Ty::Side,
            IrExpr::Param(i) => self.ir.params.get(*i).map_or(Ty::Int, |p: &Param| p.ty),
            IrExpr::Fact(id, _) => id.spec().ty,
            IrExpr::Neg(x) | IrExpr::Arith(_, x, _) | IrExpr::If(_, x, _) => self.ty_of(x),
        }
    }

    /// Rust building a `Value` from an expression.
    fn value(&self, e: &IrExpr) -> String {
        let v = match self.ty_of(e) {
            Ty::Bool => "Bool",
            Ty::Int => "Int",
            Ty::Duration => "Duration",
            Ty::Side => "Side",
            Ty::Move => "Move",
        };
        format!("Value::{v}({})", self.expr(e))
    }

    /// A statement pushing the effect onto `effects` (under its condition, if it has one): the
    /// variant and its fields as the vocabulary declares them.
    fn effect(&self, e: &IrEffect) -> Result<String, String> {
        let spec = e.id.spec();
        if spec.fields.len() != e.args.len() {
            return Err(format!(
                "effect `{}` has {} argument(s), {} given",
                spec.name,
                spec.fields.len(),
                e.args.len()
            ));
        }
        let fields: Vec<String> = spec
            .fields
            .iter()
            .zip(&e.args)
            .map(|(f, a)| match f.ty {
                Ty::Move => format!("{}: MoveArg::new({})", f.name, self.expr(a)),
                _ => format!("{}: {}", f.name, self.expr(a)),
            })
            .collect();
        let value = if fields.is_empty() {
            format!("Effect::{}", spec.variant)
        } else {
            format!("Effect::{} {{ {} }}", spec.variant, fields.join(", "))
        };
        Ok(match &e.cond {
            Some(c) => format!("if {} {{ effects.push({value}); }}", self.expr(c)),
            None => format!("effects.push({value});"),
        })
    }
}
