//! Lowering with static checks. Every check reports a located diagnostic and checking goes on,
//! so that one run lists every problem of a rulebook.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::ir::{Article, Clause, IrEffect, IrExpr, Rulebook, Texts};
use crate::diag::{Diag, Diags};
use crate::lang::parse::{parse_effect, parse_expr};
use crate::lang::schema::{self, EventKind, OutcomeClass};
use crate::lang::typeck::{TypeError, check_effect, check_expr, check_expr_given};
use crate::rulebook::model::{ClauseDef, Localized};
use crate::rulebook::yaml::{self, Spanned};
use crate::rulebook::{Loaded, SourceFile};

pub fn lower(l: &Loaded) -> Result<Rulebook, Diags> {
    let mut d = Diags::default();
    let bf = &l.book_file;
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

    // Pass 1: ids, so that references can be resolved in any order.
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut all: Vec<(&SourceFile, &ClauseDef)> = Vec::new();
    for (sf, cf) in &l.files {
        for c in &cf.clauses {
            let id = c.id.value.as_str();
            if id.trim().is_empty() {
                d.push(sf.diag(yaml::start(&sf.text, &c.id), 1, "empty clause id"));
            }
            if let Some(&first) = index.get(id) {
                let (ff, fc) = all[first];
                let (fl, _) = crate::diag::line_col(&ff.text, yaml::start(&ff.text, &fc.id));
                d.push(
                    sf.diag(
                        yaml::start(&sf.text, &c.id),
                        id.len().max(1),
                        format!("duplicate clause id `{id}`"),
                    )
                    .label("defined again here")
                    .help(format!(
                        "first defined at {}:{}",
                        ff.path.display(),
                        fl
                    )),
                );
            } else {
                index.insert(id, all.len());
            }
            all.push((sf, c));
        }
    }

    // Pass 2: each clause.
    let mut clauses = Vec::new();
    let mut articles = Vec::new();
    for (sf, cf) in &l.files {
        let mut art = Article {
            title: texts(sf, &cf.article, &languages, "article title", &mut d),
            clauses: vec![],
        };
        for c in &cf.clauses {
            art.clauses.push(clauses.len());
            clauses.push(lower_clause(sf, c, &languages, &index, &mut d));
        }
        articles.push(art);
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

    // Conflicts: two clauses on one event with contradictory outcomes and no precedence.
    for a in 0..n {
        for b in (a + 1)..n {
            let (ca, cb) = (&clauses[a], &clauses[b]);
            if ca.on.is_none() || ca.on != cb.on {
                continue;
            }
            if let Some(why) = contradiction(&ca.effects, &cb.effects)
                && !ca.beats.contains(&b)
                && !cb.beats.contains(&a)
            {
                let (sf, c) = all[b];
                d.push(
                        sf.diag(yaml::start(&sf.text, &c.id), c.id.value.len(), format!(
                            "clauses `{}` and `{}` can both fire on `{}` with contradictory outcomes ({why}), and neither is an exception to the other",
                            ca.id, cb.id, ca.on.map_or("", EventKind::name)
                        ))
                        .help(format!("add `exception_to: [\"{}\"]` to the clause that should win, or make the outcomes agree", ca.id)),
                    );
            }
        }
    }

    let mut files = vec![("rulebook.yaml".to_string(), bf.text.to_string())];
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
        title,
        source,
        languages,
        articles,
        clauses,
        files,
    })
}

fn contradiction(a: &[IrEffect], b: &[IrEffect]) -> Option<String> {
    for class in [OutcomeClass::Result, OutcomeClass::Decision] {
        let pick = |es: &[IrEffect]| -> Option<IrEffect> {
            es.iter()
                .find(|e| schema::effect_spec(e.id).class == class)
                .cloned()
        };
        if let (Some(x), Some(y)) = (pick(a), pick(b))
            && x != y
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

fn lower_clause(
    sf: &SourceFile,
    c: &ClauseDef,
    languages: &[String],
    index: &HashMap<&str, usize>,
    d: &mut Diags,
) -> Clause {
    let id_at = yaml::start(&sf.text, &c.id);
    let text = texts(sf, &c.text, languages, "text", d);
    let title = c
        .title
        .as_ref()
        .map(|t| texts(sf, t, languages, "title", d));
    let note = c.note.as_ref().map(|t| texts(sf, t, languages, "note", d));
    let on = c.on.as_ref().and_then(|on| {
        let ev = EventKind::from_name(&on.value);
        if ev.is_none() {
            let names: Vec<&str> = EventKind::ALL.iter().map(|e| e.name()).collect();
            d.push(
                sf.diag(
                    yaml::start(&sf.text, on),
                    on.value.len().max(1),
                    format!("unknown event `{}`", on.value),
                )
                .help(format!("known events: {}", names.join(", "))),
            );
        }
        ev
    });
    let answers = c.on.is_some();

    let when = match (&c.when, answers) {
        (Some(w), true) => match expr_result(sf, w, on) {
            Ok((e, schema::Ty::Bool)) => Some(e),
            Ok((_, t)) => {
                d.push(sf.diag(
                    yaml::start(&sf.text, w),
                    w.value.len(),
                    format!("a condition must be a bool, this is a {}", t.name()),
                ));
                None
            }
            Err(e) => {
                d.push(e);
                None
            }
        },
        (Some(w), false) => {
            d.push(sf.diag(
                yaml::start(&sf.text, w),
                4,
                "a condition (`when`) needs an event (`on`)",
            ));
            None
        }
        (None, true) => {
            d.push(
                sf.diag(
                    id_at,
                    c.id.value.len(),
                    format!(
                        "clause `{}` answers an event but has no condition (`when`)",
                        c.id.value
                    ),
                )
                .help("write `when: true` for a clause that always applies"),
            );
            None
        }
        (None, false) => None,
    };

    let mut effects = Vec::new();
    for e in &c.effects {
        if !answers {
            d.push(sf.diag(
                yaml::start(&sf.text, e),
                e.value.len(),
                "effects need an event (`on`)",
            ));
            continue;
        }
        match parse_effect(&e.value) {
            Ok(ast) => match check_effect(&ast, on) {
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
    for class in [OutcomeClass::Result, OutcomeClass::Decision] {
        let of: Vec<&IrEffect> = effects
            .iter()
            .filter(|e| schema::effect_spec(e.id).class == class)
            .collect();
        if of.len() > 1 {
            d.push(sf.diag(
                id_at,
                c.id.value.len(),
                format!(
                    "clause `{}` has more than one effect deciding the same thing",
                    c.id.value
                ),
            ));
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
    let refs = c.refs.iter().map(|r| r.value.clone()).collect();

    let mut vars = Vec::new();
    for (name, v) in &c.vars {
        let checked = parse_expr(&v.value)
            .map_err(|se| {
                at_value(
                    sf,
                    v,
                    se.offset,
                    se.len,
                    format!("expression syntax: {}", se.message),
                )
            })
            .and_then(|ast| {
                check_expr_given(&ast, on, when.as_ref()).map_err(|te| type_diag(sf, v, &te))
            });
        match checked {
            Ok((e, _)) => vars.push((name.clone(), e)),
            Err(e) => d.push(e),
        }
    }

    let ruling = match (&c.ruling, answers) {
        (Some(r), _) => {
            let t = texts(sf, r, languages, "ruling", d);
            let mut provided: Vec<String> = c.vars.keys().cloned().collect();
            for e in &effects {
                provided.extend(schema::effect_spec(e.id).vars.iter().map(|v| v.to_string()));
            }
            check_ruling(sf, r, &provided, d);
            Some(t)
        }
        (None, true) => {
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
        (None, false) => None,
    };

    Clause {
        id: c.id.value.clone(),
        official: c.official,
        title,
        text,
        note,
        on,
        when: if answers { when } else { None },
        when_src: c.when.as_ref().map(|w| w.value.clone()).unwrap_or_default(),
        effects,
        exception_to,
        beats: vec![],
        refs,
        vars,
        ruling,
    }
}

fn expr_result(
    sf: &SourceFile,
    w: &Spanned<String>,
    on: Option<EventKind>,
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
    check_expr(&ast, on).map_err(|te| type_diag(sf, w, &te))
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
    match &te.help {
        Some(h) => d.help(h.clone()),
        None => d,
    }
}

/// The texts of a localized field, checking that every language is there and no other.
fn texts(sf: &SourceFile, l: &Localized, languages: &[String], what: &str, d: &mut Diags) -> Texts {
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

fn pattern_vars(p: &fluent_syntax::ast::Pattern<&str>, out: &mut Vec<String>) {
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
