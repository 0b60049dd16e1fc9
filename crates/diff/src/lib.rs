//! What a rulebook change changes (`arbiter diff OLD NEW`): clause by clause (added, removed,
//! renumbered, amended: texts word by word, rules, the named values and parameters they use,
//! precedence), and in play (every game ruled on under both, the games whose verdict differs).
//!
//! The clauses of the two rulebooks are matched through the renumbering the rulebooks carry:
//! when one stands on the other (`fide-2023` extends `fide-2018`), a clause's id is carried
//! through the amendments' renames (`Rulebook::rename`), never guessed from the texts. A game
//! is changed when its result, the clause that ended it (as the new rulebook numbers it) or the
//! ply differ: a ruling citing 2018's 9.2.1.1 and one citing 2023's 9.2.1 for the same claim is
//! the same ruling.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

// A crate above the facade and conformance (ARCHITECTURE.md, "Crates"): their items,
// named as when this was a module of the facade.
use arbiter::{
    adjudicate, audit, backend, diag, embedded_families, embedded_names, lang, load_irs, load_law,
    locale, pgn, runtime,
};
use arbiter_conformance as conformance;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use crate::audit::{Input, Item, Progress};
use crate::diag::{Diag, Diags};
use crate::lang::ir::{Clause, IrEffect, IrExpr, Rule, Rulebook, Texts};
use crate::locale::say;
use crate::pgn::Game;
use crate::runtime::adjudicate::Options;
use crate::runtime::edition::Law;
use crate::runtime::rules::Rules;

/// One side of a diff: a rulebook's IR and the law its games are ruled under.
pub struct Book {
    /// As given on the command line.
    pub spec: String,
    pub ir: Rulebook,
    pub law: Law,
}

fn spec_error(spec: &str, message: say::Message) -> Diags {
    let empty: Arc<str> = Arc::from("");
    Diag::new(Path::new(spec), &empty, 0, 0, message).into()
}

/// The rulebook `spec` names (an embedded name, run by its generated code, or a folder, run by
/// the interpreter), on `edition` when it is compiled on each edition of a family (default:
/// the newest). A family (`fide`) is refused: it is several rulebooks chosen by each game's
/// date, so "what changed" has no one answer; its editions are named instead.
pub fn load(spec: &str, edition: Option<&str>) -> Result<Book, Diags> {
    let families = crate::embedded_families();
    if families.contains(&spec) && !crate::embedded_names().contains(&spec) {
        let editions: Vec<String> = (crate::load_irs(spec)?.into_iter())
            .filter_map(|ir| ir.edition.map(|e| e.id))
            .collect();
        return Err(spec_error(
            spec,
            say::diff_family(spec, editions.join(", ")),
        ));
    }
    let mut irs = crate::load_irs(spec)?;
    let chosen = match edition {
        Some(e) => irs
            .iter()
            .position(|ir| ir.edition.as_ref().is_some_and(|x| x.id == e)),
        None => irs.len().checked_sub(1),
    };
    let Some(chosen) = chosen else {
        let have: Vec<String> = (irs.iter())
            .filter_map(|ir| ir.edition.as_ref().map(|e| e.id.clone()))
            .collect();
        let message = say::no_such_edition(spec, edition.unwrap_or_default(), have.join(", "));
        return Err(spec_error(spec, message));
    };
    let ir = irs.swap_remove(chosen);
    let on_edition = ir.edition.as_ref().map(|e| e.id.clone());
    let rules: Arc<dyn Rules> = if crate::embedded_names().contains(&spec) {
        let law = crate::load_law(spec, None, None)?;
        let book = (law.books().iter())
            .find(|b| b.meta().edition.as_ref().map(|e| &e.id) == on_edition.as_ref())
            .or(law.books().last());
        match book {
            Some(b) => Arc::clone(b),
            None => return Err(spec_error(spec, say::no_such_rulebook(spec, ""))),
        }
    } else {
        let interp = crate::backend::interp::Interpreter::new(ir.clone())
            .map_err(|e| spec_error(spec, e))?;
        Arc::new(interp)
    };
    Ok(Book {
        spec: spec.to_string(),
        ir,
        law: Law::single(rules),
    })
}

/// How the old rulebook's clause ids read in the new one.
pub struct IdMap {
    map: BTreeMap<String, String>,
}

impl IdMap {
    /// Through the renames the rulebooks carry: the new one's when it stands on the old one,
    /// the old one's read backwards when it stands on the new one; otherwise ids are kept.
    pub fn between(old: &Rulebook, new: &Rulebook) -> IdMap {
        let mut map = BTreeMap::new();
        if new.chain.contains(&old.id) && old.id != new.id {
            for c in &old.clauses {
                if let Some(n) = new.rename(&old.id, &c.id) {
                    map.insert(c.id.clone(), n);
                }
            }
        } else if old.chain.contains(&new.id) && old.id != new.id {
            for c in &new.clauses {
                if let Some(o) = old.rename(&new.id, &c.id)
                    && o != c.id
                {
                    map.insert(o, c.id.clone());
                }
            }
        }
        IdMap { map }
    }

    /// The new id of the old clause `id`.
    pub fn get<'a>(&'a self, id: &'a str) -> &'a str {
        self.map.get(id).map_or(id, String::as_str)
    }
}

/// What changed in a clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Change {
    Added,
    Removed,
    /// Only its number changed.
    Renumbered,
    /// Its text, rules, values or precedence changed (maybe its number too).
    Amended,
}

impl Change {
    pub fn name(self) -> &'static str {
        match self {
            Change::Added => "added",
            Change::Removed => "removed",
            Change::Renumbered => "renumbered",
            Change::Amended => "amended",
        }
    }
}

/// A piece of a word diff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    Equal,
    Delete,
    Insert,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Segment {
    pub op: Op,
    pub text: String,
}

/// A text of one language, old and new, and their word diff.
#[derive(Clone, Debug, Serialize)]
pub struct TextChange {
    pub lang: String,
    pub old: Option<String>,
    pub new: Option<String>,
    pub segments: Vec<Segment>,
}

/// A rule as the diff compares it: its event, condition and effects in the rule language
/// (named values by name), and its ruling's variables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleForm {
    pub on: String,
    /// The condition as written, on one line.
    pub when: String,
    pub effects: Vec<String>,
    pub vars: Vec<(String, String)>,
    /// The condition in a canonical form (what is compared).
    #[serde(skip)]
    canonical: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct RuleChange {
    /// The rule's name (`None`: a clause written in the short form).
    pub name: Option<String>,
    pub old: Option<RuleForm>,
    pub new: Option<RuleForm>,
}

/// What kind of named value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueKind {
    /// A constant of `rulebook.yaml` (`automatic_moves`).
    Constant,
    /// A name a clause defines (`rapid`).
    Definition,
    /// An event parameter (`param.competitive_rules`): its type, default and tag.
    Parameter,
}

/// A named value whose definition changed.
#[derive(Clone, Debug, Serialize)]
pub struct ValueChange {
    pub name: String,
    pub kind: ValueKind,
    pub old: Option<String>,
    pub new: Option<String>,
    /// The clauses (new ids; old ids for clauses gone) whose rules read it, directly or
    /// through other named values.
    pub used_by: Vec<String>,
}

/// A clause's precedence: the clauses it is an exception to, old (as the new rulebook numbers
/// them) and new.
#[derive(Clone, Debug, Serialize)]
pub struct Precedence {
    pub old: Vec<String>,
    pub new: Vec<String>,
}

/// One changed clause.
#[derive(Clone, Debug, Serialize)]
pub struct ClauseChange {
    pub change: Change,
    pub old_id: Option<String>,
    pub new_id: Option<String>,
    /// Its number changed (`old_id` != `new_id`).
    pub renumbered: bool,
    /// A clause removed because another took its place (`replaces:`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<String>,
    pub title: Vec<TextChange>,
    pub text: Vec<TextChange>,
    pub rules: Vec<RuleChange>,
    /// The changed named values its rules read.
    pub values: Vec<ValueChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precedence: Option<Precedence>,
}

impl ClauseChange {
    /// The clause's id: the new one, else the old one.
    pub fn id(&self) -> &str {
        self.new_id
            .as_deref()
            .or(self.old_id.as_deref())
            .unwrap_or_default()
    }
}

/// What changed between two rulebooks' clauses.
#[derive(Clone, Debug, Serialize)]
pub struct Clauses {
    pub old: String,
    pub new: String,
    pub clauses: Vec<ClauseChange>,
    /// Every named value and parameter that changed.
    pub values: Vec<ValueChange>,
}

impl Clauses {
    pub fn is_empty(&self) -> bool {
        self.clauses.is_empty() && self.values.is_empty()
    }
}

fn in_force(rb: &Rulebook) -> impl Iterator<Item = &Clause> {
    rb.clauses.iter().filter(|c| c.disabled.is_none())
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The word diff of two texts, whitespace taken as it is said (runs of it are one space).
pub fn words(old: &str, new: &str) -> Vec<Segment> {
    let (old, new) = (one_line(old), one_line(new));
    let diff = similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Patience)
        .diff_words(&old, &new);
    let mut out: Vec<Segment> = Vec::new();
    for change in diff.iter_all_changes() {
        let op = match change.tag() {
            similar::ChangeTag::Equal => Op::Equal,
            similar::ChangeTag::Delete => Op::Delete,
            similar::ChangeTag::Insert => Op::Insert,
        };
        let text = change.value();
        match out.last_mut() {
            Some(last) if last.op == op => last.text.push_str(text),
            _ => out.push(Segment {
                op,
                text: text.to_string(),
            }),
        }
    }
    // A space between a deletion and an insertion belongs to neither: keep runs together.
    out
}

fn texts(old: Option<&Texts>, new: Option<&Texts>) -> Vec<TextChange> {
    let langs: BTreeSet<&String> = old
        .iter()
        .chain(new.iter())
        .flat_map(|t| t.keys())
        .collect();
    let mut out = Vec::new();
    for lang in langs {
        let o = old.and_then(|t| t.get(lang)).map(|s| one_line(s));
        let n = new.and_then(|t| t.get(lang)).map(|s| one_line(s));
        if o == n {
            continue;
        }
        let segments = words(o.as_deref().unwrap_or(""), n.as_deref().unwrap_or(""));
        out.push(TextChange {
            lang: lang.clone(),
            old: o,
            new: n,
            segments,
        });
    }
    out
}

/// An expression in the rule language, named values by their names, every binary operation in
/// parentheses: equal for equal meanings written alike, whatever the definitions' indices.
pub fn expr(rb: &Rulebook, e: &IrExpr) -> String {
    match e {
        IrExpr::Bool(b) => b.to_string(),
        IrExpr::Int(i) => i.to_string(),
        IrExpr::Duration(s) => format!("{s}s"),
        IrExpr::Side(c) => c.to_string(),
        IrExpr::Fact(f, args) if args.is_empty() => f.spec().name.to_string(),
        IrExpr::Fact(f, args) => {
            let args: Vec<String> = args.iter().map(|a| expr(rb, a)).collect();
            format!("{}({})", f.spec().name, args.join(", "))
        }
        IrExpr::Param(i) => match rb.params.get(*i) {
            Some(p) => format!("param.{}", p.name),
            None => format!("param.#{i}"),
        },
        IrExpr::Defined(i) => match rb.definitions.get(*i) {
            Some(d) => d.name.clone(),
            None => format!("#{i}"),
        },
        IrExpr::Not(x) => format!("not {}", expr(rb, x)),
        IrExpr::Neg(x) => format!("-{}", expr(rb, x)),
        IrExpr::And(a, b) => format!("({} and {})", expr(rb, a), expr(rb, b)),
        IrExpr::Or(a, b) => format!("({} or {})", expr(rb, a), expr(rb, b)),
        IrExpr::Cmp(op, _, a, b) => format!("({} {} {})", expr(rb, a), op.symbol(), expr(rb, b)),
        IrExpr::Arith(op, a, b) => format!("({} {} {})", expr(rb, a), op.symbol(), expr(rb, b)),
        IrExpr::If(c, a, b) => format!(
            "(if {} then {} else {})",
            expr(rb, c),
            expr(rb, a),
            expr(rb, b)
        ),
    }
}

fn effect(rb: &Rulebook, e: &IrEffect) -> String {
    let args: Vec<String> = e.args.iter().map(|a| expr(rb, a)).collect();
    let mut s = e.id.spec().name.to_string();
    if !args.is_empty() {
        s.push_str(&format!("({})", args.join(", ")));
    }
    if let Some(c) = &e.cond {
        s.push_str(&format!(" if {}", expr(rb, c)));
    }
    s
}

fn rule_form(rb: &Rulebook, r: &Rule) -> RuleForm {
    RuleForm {
        on: r.on.name().to_string(),
        when: one_line(&r.when_src),
        effects: r.effects.iter().map(|e| effect(rb, e)).collect(),
        vars: (r.vars.iter())
            .map(|(n, e)| (n.clone(), expr(rb, e)))
            .collect(),
        canonical: expr(rb, &r.when),
    }
}

fn same_rule(a: &RuleForm, b: &RuleForm) -> bool {
    a.on == b.on && a.canonical == b.canonical && a.effects == b.effects && a.vars == b.vars
}

/// The named values (definitions by name, parameters as `param.NAME`) an expression reads,
/// through the definitions it reads.
fn reads(rb: &Rulebook, e: &IrExpr, out: &mut BTreeSet<String>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            IrExpr::Defined(i) => {
                if let Some(d) = rb.definitions.get(*i)
                    && out.insert(d.name.clone())
                {
                    stack.push(&d.body);
                }
            }
            IrExpr::Param(i) => {
                if let Some(p) = rb.params.get(*i) {
                    out.insert(format!("param.{}", p.name));
                }
            }
            IrExpr::Fact(_, args) => stack.extend(args),
            IrExpr::Not(x) | IrExpr::Neg(x) => stack.push(x),
            IrExpr::And(a, b)
            | IrExpr::Or(a, b)
            | IrExpr::Cmp(_, _, a, b)
            | IrExpr::Arith(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            IrExpr::If(c, a, b) => stack.extend([&**c, &**a, &**b]),
            IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_) => {}
        }
    }
}

/// Every named value a clause's rules read.
fn clause_reads(rb: &Rulebook, c: &Clause) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for r in c.rules.iter().filter_map(|&i| rb.rules.get(i)) {
        reads(rb, &r.when, &mut out);
        for e in &r.effects {
            for a in &e.args {
                reads(rb, a, &mut out);
            }
            if let Some(cond) = &e.cond {
                reads(rb, cond, &mut out);
            }
        }
        for (_, v) in &r.vars {
            reads(rb, v, &mut out);
        }
    }
    out
}

/// Each named value and parameter as compared: (kind, its definition in one line).
fn values(rb: &Rulebook) -> BTreeMap<String, (ValueKind, String)> {
    let mut out = BTreeMap::new();
    for d in &rb.definitions {
        let kind = match d.clause_id {
            None => ValueKind::Constant,
            Some(_) => ValueKind::Definition,
        };
        let mut v = expr(rb, &d.body);
        if let Some(u) = d.unit {
            v.push(' ');
            v.push_str(u.name());
        }
        out.insert(d.name.clone(), (kind, v));
    }
    for p in &rb.params {
        let mut v = format!("{} = {}", p.ty.name(), expr(rb, &p.default));
        if let Some(tag) = &p.tag {
            v.push_str(&format!(" [{tag}]"));
        }
        out.insert(format!("param.{}", p.name), (ValueKind::Parameter, v));
    }
    out
}

/// What changed from `old`'s clauses to `new`'s.
pub fn clauses(old: &Rulebook, new: &Rulebook, ids: &IdMap) -> Clauses {
    let mut changed_values = value_changes(old, new);
    let new_by_id: BTreeMap<&str, &Clause> = in_force(new).map(|c| (c.id.as_str(), c)).collect();
    let mut out: Vec<ClauseChange> = Vec::new();
    let mut removed: Vec<ClauseChange> = Vec::new();
    let mut pairs: BTreeMap<&str, &Clause> = BTreeMap::new();
    for o in in_force(old) {
        let nid = ids.get(&o.id);
        match new_by_id.get(nid) {
            Some(n) => {
                pairs.insert(n.id.as_str(), o);
            }
            None => removed.push(removed_change(old, o, new, nid, &changed_values)),
        }
    }
    for n in in_force(new) {
        match pairs.get(n.id.as_str()) {
            None => out.push(added_change(new, n)),
            Some(o) => out.extend(paired_change(old, o, new, n, ids, &changed_values)),
        }
    }
    out.extend(removed);
    users(old, new, ids, &mut changed_values, &mut out);
    Clauses {
        old: old.id.clone(),
        new: new.id.clone(),
        clauses: out,
        values: changed_values,
    }
}

/// The named values (constants, definitions, parameters) whose value differs, or that only
/// one rulebook has.
fn value_changes(old: &Rulebook, new: &Rulebook) -> Vec<ValueChange> {
    let (old_values, new_values) = (values(old), values(new));
    let mut changed_values: Vec<ValueChange> = Vec::new();
    let names: BTreeSet<&String> = old_values.keys().chain(new_values.keys()).collect();
    for name in names {
        let (o, n) = (old_values.get(name), new_values.get(name));
        if o.map(|v| &v.1) == n.map(|v| &v.1) {
            continue;
        }
        let kind = n.or(o).map_or(ValueKind::Constant, |v| v.0);
        changed_values.push(ValueChange {
            name: name.trim_start_matches("param.").to_string(),
            kind,
            old: o.map(|v| v.1.clone()),
            new: n.map(|v| v.1.clone()),
            used_by: Vec::new(),
        });
    }
    changed_values
}

/// A value as a clause's reads name it (`param.NAME` for a parameter).
fn value_key(v: &ValueChange) -> String {
    match v.kind {
        ValueKind::Parameter => format!("param.{}", v.name),
        _ => v.name.clone(),
    }
}

/// The changed values among those `reads` names.
fn read_values(changed: &[ValueChange], reads: &BTreeSet<String>) -> Vec<ValueChange> {
    (changed.iter())
        .filter(|v| reads.contains(&value_key(v)))
        .cloned()
        .collect()
}

/// `o`, in force in OLD, has no clause in force in NEW under its id there (`nid`): removed, or
/// replaced by the clause NEW names.
fn removed_change(
    old: &Rulebook,
    o: &Clause,
    new: &Rulebook,
    nid: &str,
    changed: &[ValueChange],
) -> ClauseChange {
    let replaced_by = new
        .clauses
        .iter()
        .filter(|c| c.id == nid)
        .find_map(|c| match &c.disabled {
            Some(crate::lang::ir::Disabled::ReplacedBy(by)) => Some(by.clone()),
            _ => None,
        });
    let reads: BTreeSet<String> = clause_reads(old, o).into_iter().collect();
    ClauseChange {
        change: Change::Removed,
        old_id: Some(o.id.clone()),
        new_id: None,
        renumbered: false,
        replaced_by,
        title: Vec::new(),
        text: Vec::new(),
        rules: Vec::new(),
        values: read_values(changed, &reads),
        precedence: None,
    }
}

/// `n`, in force in NEW, with no clause of OLD's behind it.
fn added_change(new: &Rulebook, n: &Clause) -> ClauseChange {
    ClauseChange {
        change: Change::Added,
        old_id: None,
        new_id: Some(n.id.clone()),
        renumbered: false,
        replaced_by: None,
        title: texts(None, n.title.as_ref()),
        text: texts(None, Some(&n.text)),
        rules: (n.rules.iter())
            .filter_map(|&i| new.rules.get(i))
            .map(|r| RuleChange {
                name: r.name.clone(),
                old: None,
                new: Some(rule_form(new, r)),
            })
            .collect(),
        values: Vec::new(),
        precedence: None,
    }
}

/// OLD's `o` and NEW's `n`, the same clause: amended (texts, rules, the values it reads, its
/// precedence), only renumbered, or `None` when nothing differs.
fn paired_change(
    old: &Rulebook,
    o: &Clause,
    new: &Rulebook,
    n: &Clause,
    ids: &IdMap,
    changed: &[ValueChange],
) -> Option<ClauseChange> {
    let reads: BTreeSet<String> = clause_reads(old, o)
        .into_iter()
        .chain(clause_reads(new, n))
        .collect();
    let mut change = ClauseChange {
        change: Change::Amended,
        old_id: Some(o.id.clone()),
        new_id: Some(n.id.clone()),
        renumbered: o.id != n.id,
        replaced_by: None,
        title: texts(o.title.as_ref(), n.title.as_ref()),
        text: texts(Some(&o.text), Some(&n.text)),
        rules: rule_changes(old, o, new, n),
        values: read_values(changed, &reads),
        precedence: None,
    };
    let exceptions = |rb: &Rulebook, c: &Clause, map: bool| -> Vec<String> {
        let mut v: Vec<String> = (c.exception_to.iter())
            .filter_map(|&i| rb.clauses.get(i))
            .map(|x| match map {
                true => ids.get(&x.id).to_string(),
                false => x.id.clone(),
            })
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let (po, pn) = (exceptions(old, o, true), exceptions(new, n, false));
    if po != pn {
        change.precedence = Some(Precedence { old: po, new: pn });
    }
    let amended = !(change.title.is_empty()
        && change.text.is_empty()
        && change.rules.is_empty()
        && change.values.is_empty()
        && change.precedence.is_none());
    if amended {
        Some(change)
    } else if change.renumbered {
        change.change = Change::Renumbered;
        Some(change)
    } else {
        None
    }
}

/// Who reads each changed value, in either rulebook (NEW's ids), on the values and on each
/// clause change's copy of them.
fn users(
    old: &Rulebook,
    new: &Rulebook,
    ids: &IdMap,
    changed: &mut [ValueChange],
    out: &mut [ClauseChange],
) {
    for v in changed.iter_mut() {
        let key = value_key(v);
        let mut users: Vec<String> = Vec::new();
        for c in in_force(new) {
            if clause_reads(new, c).contains(&key) {
                users.push(c.id.clone());
            }
        }
        for c in in_force(old) {
            let id = ids.get(&c.id).to_string();
            if !users.contains(&id) && clause_reads(old, c).contains(&key) {
                users.push(id);
            }
        }
        v.used_by = users;
    }
    for c in out.iter_mut() {
        for v in &mut c.values {
            if let Some(full) = changed
                .iter()
                .find(|x| x.name == v.name && x.kind == v.kind)
            {
                v.used_by = full.used_by.clone();
            }
        }
    }
}

fn rule_changes(old: &Rulebook, o: &Clause, new: &Rulebook, n: &Clause) -> Vec<RuleChange> {
    let forms = |rb: &Rulebook, c: &Clause| -> Vec<(Option<String>, RuleForm)> {
        (c.rules.iter())
            .filter_map(|&i| rb.rules.get(i))
            .map(|r| (r.name.clone(), rule_form(rb, r)))
            .collect()
    };
    let (of, nf) = (forms(old, o), forms(new, n));
    let mut out = Vec::new();
    for (name, f) in &of {
        match nf.iter().find(|(m, _)| m == name) {
            Some((_, g)) if same_rule(f, g) => {}
            Some((_, g)) => out.push(RuleChange {
                name: name.clone(),
                old: Some(f.clone()),
                new: Some(g.clone()),
            }),
            None => out.push(RuleChange {
                name: name.clone(),
                old: Some(f.clone()),
                new: None,
            }),
        }
    }
    for (name, g) in &nf {
        if !of.iter().any(|(m, _)| m == name) {
            out.push(RuleChange {
                name: name.clone(),
                old: None,
                new: Some(g.clone()),
            });
        }
    }
    out
}

/// How a game ended under one rulebook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; `None` when the game could not be ruled on.
    pub result: Option<String>,
    /// The clause that ended it.
    pub rule: Option<String>,
    /// The ply it ended at.
    pub ply: Option<u32>,
    /// Why it could not be ruled on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Ending {
    /// The clause, or `-` when the laws did not end the game.
    pub fn clause(&self) -> &str {
        self.rule.as_deref().unwrap_or(crate::audit::UNENDED)
    }
}

/// A game whose verdict differs.
#[derive(Clone, Debug, Serialize)]
pub struct GameChange {
    pub file: String,
    /// Its index in its file.
    pub game: usize,
    pub line: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    pub old: Ending,
    pub new: Ending,
}

/// Rules each game under both rulebooks.
pub struct Games<'a> {
    pub old: &'a Book,
    pub new: &'a Book,
    pub ids: &'a IdMap,
    pub options: Options,
    /// The words errors are said in (a game neither rulebook could rule on, an input that could
    /// not be read): the reader's.
    pub words: &'a crate::locale::Words,
}

fn ending(
    v: &Result<crate::runtime::verdict::Verdict, crate::pgn::PgnError>,
    words: &crate::locale::Words,
) -> Ending {
    match v {
        Ok(v) => Ending {
            result: Some(v.outcome.result().as_str().to_string()),
            rule: v.outcome.rule().map(str::to_string),
            ply: v.outcome.ended_at_ply(),
            error: None,
        },
        Err(e) => Ending {
            result: None,
            rule: None,
            ply: None,
            error: Some(e.message.render(words)),
        },
    }
}

impl Games<'_> {
    /// The game ruled on under both (each once); `Ok(None)` when the verdicts agree, `Err`
    /// when neither could rule on it (the first's error).
    pub fn game(
        &self,
        g: &Game,
        options: Options,
    ) -> Result<Option<GameChange>, crate::pgn::PgnError> {
        let old = crate::adjudicate::game(g.clone(), &self.old.law, options);
        let new = crate::adjudicate::game(g.clone(), &self.new.law, options);
        if let (Err(e), Err(_)) = (&old, &new) {
            return Err(e.clone());
        }
        let (mut o, n) = (ending(&old, self.words), ending(&new, self.words));
        let old_rule = o.rule.clone();
        // Compared as the new rulebook numbers the clause.
        o.rule = o.rule.map(|r| self.ids.get(&r).to_string());
        if o == n {
            return Ok(None);
        }
        o.rule = old_rule;
        Ok(Some(GameChange {
            file: String::new(),
            game: g.index,
            line: 0,
            white: g.tag("White").map(str::to_string),
            black: g.tag("Black").map(str::to_string),
            old: o,
            new: n,
        }))
    }

    /// One item of an archive: `Same`, `Changed`, or what stopped the game.
    pub fn item(&self, item: Item) -> Diffed {
        match item {
            Item::Game(file, raw) => {
                let crate::pgn::split::RawGame {
                    index,
                    line,
                    text,
                    span,
                } = raw;
                let ruled = crate::pgn::parse_game(&text, index, span)
                    .and_then(|g| self.game(&g, self.options));
                match ruled {
                    Ok(None) => Diffed::Same,
                    Ok(Some(mut c)) => {
                        c.file = file.to_string();
                        c.line = line;
                        Diffed::Changed(Box::new(c))
                    }
                    Err(e) => {
                        let d = Diag::in_part(
                            Path::new(&*file),
                            &text,
                            line,
                            e.offset,
                            1,
                            say::pgn_in_game(e.game, &e.message),
                        );
                        let (l, c) = d.line_col();
                        Diffed::Bad {
                            text: d.render(self.words),
                            json: crate::audit::error_record(
                                &file,
                                Some((index, l, c)),
                                &e.message.render(self.words),
                            ),
                        }
                    }
                }
            }
            Item::TooLarge(file, index, line) => {
                let message = say::pgn_game_too_large(crate::pgn::split::MAX_GAME_BYTES >> 20);
                Diffed::Bad {
                    text: crate::audit::terminal(format!(
                        "{file}:{line}:1: {}\n",
                        say::pgn_in_game(index, &message).render(self.words)
                    )),
                    json: crate::audit::error_record(
                        &file,
                        Some((index, line, 1)),
                        &message.render(self.words),
                    ),
                }
            }
            Item::InputError(file, message) => self.bad_input(&file, message),
            Item::NoGames(file) => self.bad_input(&file, say::pgn_no_games()),
        }
    }

    /// Every game of `inputs`, in parallel over `jobs` threads, handed to `sink` in input order.
    pub fn run(
        &self,
        inputs: &[Input],
        encoding: Option<&'static encoding_rs::Encoding>,
        jobs: usize,
        sink: &mut dyn FnMut(Diffed, Progress) -> bool,
    ) {
        let work = |item: Item| self.item(item);
        crate::audit::each_item(inputs, encoding, jobs, &work, sink);
    }

    /// Every scenario of the conformance suites under `root` of the rulebooks either side
    /// stands on (`root/<id>/`, and its family's), in parallel, in the suite's order. A
    /// scenario is ruled on as an implementation is asked to (its expectations stripped, the
    /// record read when it says so).
    pub fn suite(&self, root: &Path, jobs: usize) -> Vec<Diffed> {
        let mut books: BTreeSet<&str> = BTreeSet::new();
        for rb in [&self.old.ir, &self.new.ir] {
            books.extend(rb.chain.iter().map(String::as_str));
            if let Some(e) = &rb.edition {
                books.insert(e.family.as_str());
            }
        }
        let found = crate::conformance::scenario::discover_all(root);
        let scenarios: Vec<(String, std::path::PathBuf)> = (found.scenarios.into_iter())
            .filter(|(id, _)| books.contains(id.split('/').next().unwrap_or_default()))
            .collect();
        let one = |(id, path): &(String, std::path::PathBuf)| -> Diffed {
            let request =
                crate::conformance::scenario::Scenario::load(id, path).and_then(|s| s.request());
            let request = match request {
                Ok(r) => r,
                // A message of the conformance layer, said in the words of the diff.
                Err(e) => return self.bad_input(id, e),
            };
            let games = crate::pgn::read_games(request.pgn.as_bytes());
            let Some(Ok(game)) = games.into_iter().next() else {
                return self.bad_input(id, say::pgn_no_games());
            };
            let options = Options {
                record: request.record,
                ..self.options
            };
            match self.game(&game, options) {
                Ok(None) => Diffed::Same,
                Ok(Some(mut c)) => {
                    c.file = id.clone();
                    c.line = 1;
                    Diffed::Changed(Box::new(c))
                }
                Err(e) => self.bad_input(id, e.message),
            }
        };
        use rayon::prelude::*;
        match rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
        {
            Ok(pool) => pool.install(|| scenarios.par_iter().map(one).collect()),
            Err(_) => scenarios.iter().map(one).collect(),
        }
    }
}

impl Games<'_> {
    fn bad_input(&self, file: &str, message: say::Message) -> Diffed {
        Diffed::Bad {
            text: crate::audit::terminal(format!(
                "{}\n",
                say::error(say::file_error(file, &message)).render(self.words)
            )),
            json: crate::audit::error_record(file, None, &message.render(self.words)),
        }
    }
}

/// What one item of the inputs came to.
#[derive(Debug)]
pub enum Diffed {
    /// The same verdict under both.
    Same,
    Changed(Box<GameChange>),
    /// A game or input that could not be read or ruled on: the error for people (located) and
    /// as a JSON record.
    Bad {
        text: String,
        json: String,
    },
}

/// Changed games grouped by the clauses that ended them under each rulebook.
#[derive(Debug, Default, Clone)]
pub struct Groups {
    /// Games compared (ruled on under both, or by one only).
    pub games: u64,
    pub changed: u64,
    pub bad: u64,
    /// By (old clause, new clause), `-` where the laws did not end the game.
    pub groups: BTreeMap<(String, String), Group>,
}

/// The changed games of one pair of clauses: how many, and the first of them.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Group {
    pub count: u64,
    pub examples: Vec<GameChange>,
}

/// How many examples a group keeps.
pub const EXAMPLES: usize = 5;

impl Groups {
    pub fn add(&mut self, d: &Diffed) {
        match d {
            Diffed::Same => self.games += 1,
            Diffed::Changed(c) => {
                self.games += 1;
                self.changed += 1;
                let key = (c.old.clause().to_string(), c.new.clause().to_string());
                let g = self.groups.entry(key).or_default();
                g.count += 1;
                if g.examples.len() < EXAMPLES {
                    g.examples.push((**c).clone());
                }
            }
            Diffed::Bad { .. } => self.bad += 1,
        }
    }

    /// The groups, most games first.
    pub fn by_count(&self) -> Vec<(&(String, String), &Group)> {
        let mut v: Vec<_> = self.groups.iter().collect();
        v.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        v
    }
}
