//! Lowering with static checks. Every check reports a located diagnostic and checking goes on,
//! so that one run lists every problem of a rulebook.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::ir::{Article, Clause, IrEffect, IrExpr, Param, Rule, Rulebook, Texts};
use super::words;
use crate::diag::{Diag, Diags};
use crate::lang::parse::{parse_effect, parse_expr};
use crate::lang::schema::{self, EventKind, OutcomeClass, Ty};
use crate::lang::typeck::{Params, TypeError, check_effect, check_expr_given};
use crate::rulebook::model::{ClauseDef, ClauseFile, Localized, ParamDef};
use crate::rulebook::yaml::{self, Spanned};
use crate::rulebook::{Loaded, SourceFile};

/// One clause of the merged rulebook (a base's or the overlay's), before lowering.
pub(super) struct Entry<'a> {
    pub(super) sf: &'a SourceFile,
    pub(super) c: &'a ClauseDef,
    /// Index of its clause file in the merged order (one article per file).
    file: usize,
    /// Depth in the `extends` chain: 0 for the root base.
    pub(super) level: usize,
    /// Taken out by an overlay clause of the same id.
    pub(super) removed: bool,
    /// Not in force: why.
    pub(super) disabled: Option<Texts>,
}

pub fn lower(l: &Loaded) -> Result<Rulebook, Diags> {
    let mut d = Diags::default();
    let bf = &l.book_file;
    let chain = l.chain();
    let languages: Vec<String> = l
        .book
        .languages
        .value
        .iter()
        .map(|s| s.value.clone())
        .collect();
    if languages.is_empty() {
        let at = yaml::start(&bf.text, &l.book.languages);
        d.push(bf.diag(at, 1, "a rulebook needs at least one language"));
    }
    let title = texts(bf, &l.book.title, &languages, "title", &mut d);
    let source = texts(bf, &l.book.source, &languages, "source", &mut d);
    // Parameters: the base's first; an overlay's parameter of the same name replaces it.
    let mut params: Vec<Param> = Vec::new();
    for level in &chain {
        for p in lower_params(&level.book_file, &level.book.parameters, &languages, &mut d) {
            match params.iter_mut().find(|q| q.name == p.name) {
                Some(q) => *q = p,
                None => params.push(p),
            }
        }
    }
    let param_types: Vec<(String, Ty)> = params.iter().map(|p| (p.name.clone(), p.ty)).collect();

    // Pass 1: the merged list of clauses, with overlays' replacements and disabled clauses.
    let mut entries: Vec<Entry> = Vec::new();
    let mut files: Vec<(&SourceFile, &ClauseFile)> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    // (replaced entry, replacing entry): the replacement inherits the replaced clause's place.
    let mut redirects: Vec<(usize, usize)> = Vec::new();
    for (level, book) in chain.iter().enumerate() {
        for (sf, cf) in &book.files {
            let file = files.len();
            files.push((sf, cf));
            for c in &cf.clauses {
                let id = c.id.value.as_str();
                let id_at = yaml::start(&sf.text, &c.id);
                if id.trim().is_empty() {
                    d.push(sf.diag(id_at, 1, "empty clause id"));
                }
                let keeps_id = c.replaces.iter().any(|r| r.value == id);
                if let Some(&old) = by_id.get(id) {
                    if keeps_id && entries[old].level < level {
                        entries[old].removed = true;
                    } else {
                        let (ff, fc) = (entries[old].sf, entries[old].c);
                        let (fl, _) =
                            crate::diag::line_col(&ff.text, yaml::start(&ff.text, &fc.id));
                        let mut diag = sf
                            .diag(
                                id_at,
                                id.len().max(1),
                                format!("duplicate clause id `{id}`"),
                            )
                            .label("defined again here")
                            .help(format!("first defined at {}:{}", ff.path.display(), fl));
                        if entries[old].level < level {
                            diag = diag.help(format!(
                                "to take the place of the base rulebook's `{id}`, write `replaces: [\"{id}\"]`"
                            ));
                        }
                        d.push(diag);
                        continue;
                    }
                } else if keeps_id {
                    d.push(sf.diag(
                        id_at,
                        id.len().max(1),
                        format!("clause `{id}` replaces `{id}`, but no base rulebook has a clause `{id}`"),
                    ));
                }
                let new = entries.len();
                for r in c.replaces.iter().filter(|r| r.value != id) {
                    match by_id.get(&r.value) {
                        Some(&old) if entries[old].level < level => {
                            let why = languages
                                .iter()
                                .map(|lang| (lang.clone(), words::replaced_by(id, lang)))
                                .collect();
                            entries[old].disabled = Some(why);
                            redirects.push((old, new));
                        }
                        _ => d.push(sf.diag(
                            yaml::start(&sf.text, r),
                            r.value.len().max(1),
                            format!(
                                "`replaces` names `{}`, which is not a clause of a base rulebook",
                                r.value
                            ),
                        )),
                    }
                }
                by_id.insert(id.to_string(), new);
                entries.push(Entry {
                    sf,
                    c,
                    file,
                    level,
                    removed: false,
                    disabled: None,
                });
            }
        }
        for dis in &book.book.disable {
            let bsf = &book.book_file;
            match by_id.get(&dis.clause.value) {
                Some(&i) if entries[i].level < level => {
                    entries[i].disabled =
                        Some(texts(bsf, &dis.reason, &languages, "reason", &mut d));
                }
                _ => d.push(bsf.diag(
                    yaml::start(&bsf.text, &dis.clause),
                    dis.clause.value.len().max(1),
                    format!(
                        "`disable` names `{}`, which is not a clause of a base rulebook",
                        dis.clause.value
                    ),
                )),
            }
        }
    }
    // Clause indices of the merged rulebook, in order.
    let mut clause_of: Vec<Option<usize>> = Vec::with_capacity(entries.len());
    let mut all: Vec<(&SourceFile, &ClauseDef)> = Vec::new();
    for e in &entries {
        if e.removed {
            clause_of.push(None);
        } else {
            clause_of.push(Some(all.len()));
            all.push((e.sf, e.c));
        }
    }
    let index: HashMap<&str, usize> = all
        .iter()
        .enumerate()
        .map(|(i, (_, c))| (c.id.value.as_str(), i))
        .collect();

    // Pass 2: constants and definitions (`compile::definitions`).
    let named = super::definitions::lower(&chain, &entries, &param_types, &languages, &mut d);
    let defs = &named.scope;

    // Pass 3: each clause and its rules, one article per clause file.
    let mut clauses = Vec::new();
    let mut rules = Vec::new();
    let mut articles = Vec::new();
    for (file, (sf, cf)) in files.iter().enumerate() {
        let mut art = Article {
            title: texts(sf, &cf.article, &languages, "article title", &mut d),
            clauses: vec![],
        };
        for e in entries.iter().filter(|e| e.file == file && !e.removed) {
            art.clauses.push(clauses.len());
            let cx = ClauseCx {
                sf: e.sf,
                c: e.c,
                index: clauses.len(),
                languages: &languages,
                params: Params {
                    params: &param_types,
                    defs,
                    broken: &named.broken,
                    lenient_guards: false,
                },
                in_force: e.disabled.is_none(),
            };
            let (mut clause, mut rs) = cx.lower(&index, rules.len(), &mut d);
            clause.disabled = e.disabled.clone();
            clauses.push(clause);
            rules.append(&mut rs);
        }
        if !art.clauses.is_empty() {
            articles.push(art);
        }
    }
    // A replacement takes the replaced clause's place in the precedence.
    for &(old, new) in &redirects {
        let (Some(old), Some(new)) = (clause_of[old], clause_of[new]) else {
            continue;
        };
        let inherited: Vec<usize> = clauses[old].exception_to.clone();
        for x in inherited {
            if !clauses[new].exception_to.contains(&x) {
                clauses[new].exception_to.push(x);
            }
        }
        for c in clauses.iter_mut() {
            if c.exception_to.contains(&old) && !c.exception_to.contains(&new) {
                c.exception_to.push(new);
            }
        }
    }

    // Precedence: closure and cycles.
    let n = clauses.len();
    for i in 0..n {
        let mut seen = BTreeSet::new();
        let mut stack = clauses[i].exception_to.clone();
        while let Some(j) = stack.pop() {
            if seen.insert(j) {
                stack.extend(clauses[j].exception_to.iter().copied());
            }
        }
        if seen.contains(&i) {
            let (sf, c) = all[i];
            d.push(
                sf.diag(
                    yaml::start(&sf.text, &c.id),
                    c.id.value.len(),
                    format!(
                        "clause `{}` is, through `exception_to`, an exception to itself",
                        c.id.value
                    ),
                )
                .help("exceptions must form a hierarchy without cycles"),
            );
            seen.remove(&i);
        }
        clauses[i].beats = seen.into_iter().collect();
    }

    // Conflicts: two rules on one event with contradictory outcomes and no precedence between
    // their clauses.
    for a in 0..rules.len() {
        for b in (a + 1)..rules.len() {
            let (ra, rb) = (&rules[a], &rules[b]);
            if ra.on != rb.on {
                continue;
            }
            let Some(why) = contradiction(&ra.effects, &rb.effects) else {
                continue;
            };
            if exclusive(&ra.when, &rb.when) {
                continue;
            }
            let (ca, cb) = (ra.clause, rb.clause);
            if ca != cb && (clauses[ca].beats.contains(&cb) || clauses[cb].beats.contains(&ca)) {
                continue;
            }
            let (sf, c) = all[cb];
            let message = if ca == cb {
                format!(
                    "two rules of clause `{}` can both fire on `{}` with contradictory outcomes ({why})",
                    clauses[ca].id,
                    ra.on.name()
                )
            } else {
                format!(
                    "clauses `{}` and `{}` can both fire on `{}` with contradictory outcomes ({why}), and neither is an exception to the other",
                    clauses[ca].id,
                    clauses[cb].id,
                    ra.on.name()
                )
            };
            d.push(
                sf.diag(yaml::start(&sf.text, &c.id), c.id.value.len(), message).help(format!(
                    "add `exception_to: [\"{}\"]` to the clause that should win, or make the outcomes agree",
                    clauses[ca].id
                )),
            );
        }
    }

    let mut files = vec![("rulebook.yaml".to_string(), bf.text.to_string())];
    // The rulebook's own sources; a base is found again by name (`extends`).
    for (sf, _) in &l.files {
        let rel = sf
            .path
            .strip_prefix(&l.dir)
            .unwrap_or(&sf.path)
            .to_string_lossy()
            .replace('\\', "/");
        files.push((rel, sf.text.to_string()));
    }
    d.into_result(Rulebook {
        id: l.book.id.value.clone(),
        extends: l.book.extends.as_ref().map(|e| e.value.clone()),
        definitions: named.defs,
        title,
        source,
        languages,
        params,
        articles,
        clauses,
        rules,
        files,
    })
}

fn lower_params(
    bf: &SourceFile,
    defs: &BTreeMap<String, ParamDef>,
    languages: &[String],
    d: &mut Diags,
) -> Vec<Param> {
    let mut out = Vec::new();
    for (name, p) in defs {
        let ty = match p.ty.value.as_str() {
            "bool" => Ty::Bool,
            "int" => Ty::Int,
            "side" => Ty::Side,
            "duration" => Ty::Duration,
            other => {
                d.push(
                    bf.diag(
                        yaml::start(&bf.text, &p.ty),
                        other.len().max(1),
                        format!("unknown parameter type `{other}`"),
                    )
                    .help("a parameter is a bool, an int, a side or a duration"),
                );
                continue;
            }
        };
        let doc = texts(bf, &p.doc, languages, "parameter doc", d);
        let default = match expr_result(bf, &p.default, None, Params::default(), None) {
            Ok((e, t)) if t == ty && is_constant(&e) => e,
            Ok(_) => {
                d.push(bf.diag(
                    yaml::start(&bf.text, &p.default),
                    p.default.value.len().max(1),
                    format!("the default of `{name}` must be a constant {}", ty.name()),
                ));
                continue;
            }
            Err(e) => {
                d.push(e);
                continue;
            }
        };
        out.push(Param {
            name: name.clone(),
            ty,
            default,
            tag: p.tag.clone(),
            doc,
        });
    }
    out
}

pub(super) fn is_constant(e: &IrExpr) -> bool {
    matches!(
        e,
        IrExpr::Bool(_) | IrExpr::Int(_) | IrExpr::Duration(_) | IrExpr::Side(_)
    ) || matches!(e, IrExpr::Neg(x) if is_constant(x))
}

/// What lowering one clause needs to know.
struct ClauseCx<'a> {
    sf: &'a SourceFile,
    c: &'a ClauseDef,
    index: usize,
    languages: &'a [String],
    params: Params<'a>,
    /// False for a clause an overlay disabled or replaced: its texts are kept, its rules are not.
    in_force: bool,
}

/// One rule as written: either a clause's short form or an entry of its `rules:`.
struct RuleSrc<'a> {
    name: Option<&'a Spanned<String>>,
    on: &'a Spanned<String>,
    when: Option<&'a Spanned<String>>,
    effects: &'a [Spanned<String>],
    vars: &'a BTreeMap<String, Spanned<String>>,
    ruling: Option<&'a Localized>,
}

impl ClauseCx<'_> {
    fn lower(
        &self,
        index: &HashMap<&str, usize>,
        first_rule: usize,
        d: &mut Diags,
    ) -> (Clause, Vec<Rule>) {
        let (sf, c) = (self.sf, self.c);
        let id_at = yaml::start(&sf.text, &c.id);
        let text = texts(sf, &c.text, self.languages, "text", d);
        let title = c
            .title
            .as_ref()
            .map(|t| texts(sf, t, self.languages, "title", d));
        let note = c
            .note
            .as_ref()
            .map(|t| texts(sf, t, self.languages, "note", d));

        let mut srcs = Vec::new();
        // A definition's `when` is its definition, not a rule.
        let short = c.defines.is_none()
            && (c.on.is_some()
                || c.when.is_some()
                || !c.effects.is_empty()
                || !c.vars.is_empty()
                || c.ruling.is_some());
        if let (None, Some(v)) = (&c.defines, &c.value) {
            d.push(
                sf.diag(
                    yaml::start(&sf.text, v),
                    v.value.len().max(1),
                    format!("clause `{}` has a `value` but defines no name", c.id.value),
                )
                .help("write `defines: NAME` beside `value:`"),
            );
        }
        if short && !c.rules.is_empty() {
            d.push(
                sf.diag(
                    id_at,
                    c.id.value.len(),
                    format!(
                        "clause `{}` has both `rules:` and a short-form rule (`on`, `when`, ...)",
                        c.id.value
                    ),
                )
                .help("move the short form into `rules:` as one more rule"),
            );
        }
        if short {
            match &c.on {
                Some(on) => srcs.push(RuleSrc {
                    name: None,
                    on,
                    when: c.when.as_ref(),
                    effects: &c.effects,
                    vars: &c.vars,
                    ruling: c.ruling.as_ref(),
                }),
                None => d.push(sf.diag(
                    id_at,
                    c.id.value.len(),
                    format!(
                        "clause `{}` has a condition, effects or a ruling but no event (`on`)",
                        c.id.value
                    ),
                )),
            }
        }
        for r in &c.rules {
            srcs.push(RuleSrc {
                name: Some(&r.name),
                on: &r.on,
                when: Some(&r.when),
                effects: &r.effects,
                vars: &r.vars,
                ruling: Some(&r.ruling),
            });
        }
        let mut names = BTreeSet::new();
        let mut rules = Vec::new();
        if !self.in_force {
            srcs.clear();
        }
        for r in srcs {
            if let Some(n) = r.name {
                let ok = !n.value.is_empty()
                    && n.value
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-');
                if !ok {
                    d.push(sf.diag(
                        yaml::start(&sf.text, n),
                        n.value.len().max(1),
                        "a rule name is lower-case letters, digits and `-`",
                    ));
                }
                if !names.insert(n.value.clone()) {
                    d.push(sf.diag(
                        yaml::start(&sf.text, n),
                        n.value.len().max(1),
                        format!("clause `{}` has two rules named `{}`", c.id.value, n.value),
                    ));
                }
            }
            if let Some(rule) = self.lower_rule(&r, d) {
                rules.push(rule);
            }
        }

        let resolve = |list: &[Spanned<String>], what: &str, d: &mut Diags| -> Vec<usize> {
            let mut out = Vec::new();
            for r in list {
                match index.get(r.value.as_str()) {
                    Some(&i) => out.push(i),
                    None => d.push(sf.diag(
                        yaml::start(&sf.text, r),
                        r.value.len().max(1),
                        format!("{what} names unknown clause `{}`", r.value),
                    )),
                }
            }
            out
        };
        let exception_to = resolve(&c.exception_to, "`exception_to`", d);
        let _ = resolve(&c.refs, "`refs`", d);
        let clause = Clause {
            id: c.id.value.clone(),
            disabled: None,
            defines: c.defines.as_ref().map(|n| {
                (
                    n.value.clone(),
                    c.when.as_ref().map(|w| w.value.clone()).unwrap_or_default(),
                )
            }),
            official: c.official,
            title,
            text,
            note,
            rules: (first_rule..first_rule + rules.len()).collect(),
            exception_to,
            beats: vec![],
            refs: c.refs.iter().map(|r| r.value.clone()).collect(),
        };
        (clause, rules)
    }

    fn lower_rule(&self, r: &RuleSrc, d: &mut Diags) -> Option<Rule> {
        let (sf, c) = (self.sf, self.c);
        let id_at = yaml::start(&sf.text, &c.id);
        let on = EventKind::from_name(&r.on.value);
        if on.is_none() {
            let names: Vec<&str> = EventKind::ALL.iter().map(|e| e.name()).collect();
            d.push(
                sf.diag(
                    yaml::start(&sf.text, r.on),
                    r.on.value.len().max(1),
                    format!("unknown event `{}`", r.on.value),
                )
                .help(format!("known events: {}", names.join(", "))),
            );
        }
        let when = match r.when {
            Some(w) => match expr_result(sf, w, on, self.params, None) {
                Ok((e, Ty::Bool)) => Some(e),
                Ok((_, t)) => {
                    d.push(sf.diag(
                        yaml::start(&sf.text, w),
                        w.value.len(),
                        format!("a condition must be a bool, this is {}", t.a()),
                    ));
                    None
                }
                Err(e) => {
                    d.push(e);
                    None
                }
            },
            None => {
                d.push(
                    sf.diag(
                        id_at,
                        c.id.value.len(),
                        format!(
                            "clause `{}` answers an event but has no condition (`when`)",
                            c.id.value
                        ),
                    )
                    .help("write `when: \"true\"` for a clause that always applies"),
                );
                None
            }
        };

        // When the condition failed to check (reported), the guards it would establish are
        // assumed, so that its effects and variables are still checked without false alarms.
        let params = Params {
            lenient_guards: when.is_none(),
            ..self.params
        };
        let mut effects = Vec::new();
        for e in r.effects {
            match parse_effect(&e.value) {
                Ok(ast) => match check_effect(&ast, on, params, when.as_ref()) {
                    Ok(ir) => effects.push(ir),
                    Err(te) => d.push(type_diag(sf, e, &te)),
                },
                Err(se) => d.push(at_value(
                    sf,
                    e,
                    se.offset,
                    se.len,
                    format!("effect syntax: {}", se.message),
                )),
            }
        }
        for class in [
            OutcomeClass::Result,
            OutcomeClass::Decision,
            OutcomeClass::Offer,
        ] {
            let n = effects
                .iter()
                .filter(|e| schema::effect_spec(e.id).class == class)
                .count();
            if n > 1 {
                d.push(sf.diag(
                    id_at,
                    c.id.value.len(),
                    format!(
                        "a rule of clause `{}` has more than one effect deciding the same thing",
                        c.id.value
                    ),
                ));
            }
        }

        let mut vars = Vec::new();
        for (name, v) in r.vars {
            match expr_result(sf, v, on, params, when.as_ref()) {
                Ok((e, _)) => vars.push((name.clone(), e)),
                Err(e) => d.push(e),
            }
        }

        let ruling = match r.ruling {
            Some(rl) => {
                let t = texts(sf, rl, self.languages, "ruling", d);
                let mut provided: Vec<String> = r.vars.keys().cloned().collect();
                for e in &effects {
                    provided.extend(schema::effect_spec(e.id).vars.iter().map(|v| v.to_string()));
                }
                check_ruling(sf, rl, &provided, d);
                Some(t)
            }
            None => {
                d.push(sf.diag(
                    id_at,
                    c.id.value.len(),
                    format!(
                        "clause `{}` answers an event but has no ruling message",
                        c.id.value
                    ),
                ));
                None
            }
        };
        Some(Rule {
            clause: self.index,
            clause_id: c.id.value.clone(),
            name: r.name.map(|n| n.value.clone()),
            on: on?,
            when: when?,
            when_src: r.when.map(|w| w.value.clone()).unwrap_or_default(),
            effects,
            vars,
            ruling: ruling?,
        })
    }
}

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
            es.iter()
                .find(|e| schema::effect_spec(e.id).class == class)
                .cloned()
        };
        if let (Some(x), Some(y)) = (pick(a), pick(b))
            && (x.id != y.id || x.args != y.args)
        {
            return Some(format!(
                "`{}` against `{}`",
                schema::effect_spec(x.id).name,
                schema::effect_spec(y.id).name
            ));
        }
    }
    None
}

pub(super) fn expr_result(
    sf: &SourceFile,
    w: &Spanned<String>,
    on: Option<EventKind>,
    params: Params,
    given: Option<&IrExpr>,
) -> Result<(IrExpr, schema::Ty), Diag> {
    let ast = parse_expr(&w.value).map_err(|se| {
        at_value(
            sf,
            w,
            se.offset,
            se.len,
            format!("expression syntax: {}", se.message),
        )
    })?;
    check_expr_given(&ast, on, params, given).map_err(|te| type_diag(sf, w, &te))
}

fn at_value(
    sf: &SourceFile,
    w: &Spanned<String>,
    offset: usize,
    len: usize,
    message: String,
) -> Diag {
    let start = yaml::start(&sf.text, w);
    let at = yaml::value_offset(&sf.text, start, &w.value, offset);
    sf.diag(at, len, message)
}

fn type_diag(sf: &SourceFile, w: &Spanned<String>, te: &TypeError) -> Diag {
    let d = at_value(
        sf,
        w,
        te.span.start,
        te.span.len().max(1),
        te.message.clone(),
    );
    let mut d = match &te.help {
        Some(h) => d.help(h.clone()),
        None => d,
    };
    d.follow_on = te.follow_on;
    d
}

/// The texts of a localized field, checking that every language is there and no other.
pub(super) fn texts(
    sf: &SourceFile,
    l: &Localized,
    languages: &[String],
    what: &str,
    d: &mut Diags,
) -> Texts {
    let mut out = BTreeMap::new();
    for lang in languages {
        match l.value.get(lang) {
            Some(t) => {
                out.insert(lang.clone(), t.value.trim_end().to_string());
            }
            None => d.push(
                sf.diag(
                    yaml::start(&sf.text, l),
                    1,
                    format!("{what} has no `{lang}` version"),
                )
                .help(format!(
                    "every text is given in all the rulebook's languages: {}",
                    languages.join(", ")
                )),
            ),
        }
    }
    for (k, v) in &l.value {
        if !languages.contains(k) {
            let at = yaml::start(&sf.text, v);
            d.push(sf.diag(
                at,
                1,
                format!("{what} is given in `{k}`, which is not a language of this rulebook"),
            ));
        }
    }
    out
}

/// A ruling must be a valid Fluent pattern using only variables the clause provides.
fn check_ruling(sf: &SourceFile, r: &Localized, vars: &[String], d: &mut Diags) {
    for (lang, msg) in &r.value {
        let ftl = format!("m =\n{}\n", indent(&msg.value));
        match fluent_syntax::parser::parse(ftl.as_str()) {
            Ok(res) => {
                let mut used = Vec::new();
                for entry in &res.body {
                    if let fluent_syntax::ast::Entry::Message(m) = entry
                        && let Some(p) = &m.value
                    {
                        pattern_vars(p, &mut used);
                    }
                }
                for v in used {
                    if !vars.contains(&v) {
                        let k = msg.value.find(&format!("${v}")).unwrap_or(0);
                        d.push(
                            at_value(sf, msg, k, v.len() + 1, format!("the {lang} ruling uses `${v}`, which the clause does not provide"))
                                .help(format!("declare it under `vars:`; this clause provides: {}", if vars.is_empty() { "nothing".to_string() } else { vars.join(", ") })),
                        );
                    }
                }
            }
            Err((_, errs)) => {
                let first = errs
                    .first()
                    .map(|e| format!("{:?}", e.kind))
                    .unwrap_or_default();
                d.push(at_value(
                    sf,
                    msg,
                    0,
                    1,
                    format!("the {lang} ruling is not a valid Fluent pattern: {first}"),
                ));
            }
        }
    }
}

pub fn indent(s: &str) -> String {
    s.lines()
        .map(|l| {
            if l.trim().is_empty() {
                String::new()
            } else {
                format!("    {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The variables a Fluent pattern uses, selectors and every variant included.
pub fn pattern_vars(p: &fluent_syntax::ast::Pattern<&str>, out: &mut Vec<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(e: &InlineExpression<&str>, out: &mut Vec<String>) {
        match e {
            InlineExpression::VariableReference { id } => out.push(id.name.to_string()),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
                for a in &arguments.named {
                    inline(&a.value, out);
                }
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn expr(e: &Expression<&str>, out: &mut Vec<String>) {
        match e {
            Expression::Inline(i) => inline(i, out),
            Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    pattern_vars(&v.value, out);
                }
            }
        }
    }
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, out);
        }
    }
}
