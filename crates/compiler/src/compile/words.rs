//! Conditions, effects and values in words, for the readable rulebook and the published site.
//! Every word comes from the language's locale (`locales/<lang>/vocabulary.ftl` and
//! `rulebook.ftl`); this module only composes them, so a new language is data.
//!
//! A condition is said as a statement, its negation pushed inwards as it is said: `not (a and
//! b)` is "not a, or not b", `not x >= y` is "x is less than y", and a fact denied is the fact's
//! own negative sentence (`fact-NAME-not`), never "it is not the case that". A named value
//! (a constant, a name a clause defines, an event parameter) is said by its name: its display
//! words when the locale has them (`name-NAME`, `param-NAME`, with `-not` for a yes/no name
//! denied), else the identifier itself, as code.
//!
//! Languages whose nouns decline say which case a message's argument takes and give a noun's
//! forms as attributes: a message's `.a0 = gen` asks for its first argument in the genitive,
//! and a noun's `.gen` is its genitive (Russian: `fact-opponent = соперник { $a0 }` with
//! `.a0 = gen` and `.gen = соперника { $a0 }`). A noun without the form asked for is said in
//! its plain form, in «».

use fluent_bundle::FluentValue;
use shakmaty::Color;

use crate::lang::ir::{ArithOp, Clause, CmpOp, IrEffect, IrExpr, Rule, Rulebook, Unit};
use crate::lang::schema::{EffectId, EventKind, FactId, Ty};
use crate::locale::Words;

type Said = Result<String, String>;

fn s(v: String) -> FluentValue<'static> {
    FluentValue::from(v)
}

/// A rule in words, as the readable rulebook and the published site show it.
#[derive(serde::Serialize)]
pub struct RuleWords {
    /// The rule's name as written (`lost`), if it has one.
    pub name: Option<String>,
    /// The rule's name in words (`name-rule-lost`), when the locale has them.
    pub title: Option<String>,
    pub on: String,
    pub when: String,
    /// The condition as written, on one line.
    pub when_src: String,
    pub effects: Vec<String>,
}

pub fn rule(r: &Rule, w: &Words, book: &Rulebook) -> Result<RuleWords, String> {
    Ok(RuleWords {
        name: r.name.clone(),
        title: match &r.name {
            Some(n) => rule_title(n, w)?,
            None => None,
        },
        on: event(r.on, w)?,
        when: condition(&r.when, w, book)?,
        when_src: r.when_src.split_whitespace().collect::<Vec<_>>().join(" "),
        effects: (r.effects.iter())
            .map(|e| effect(e, w, book))
            .collect::<Result<_, _>>()?,
    })
}

/// A rule's name in words (`name-rule-NAME`), when the locale has them.
pub fn rule_title(name: &str, w: &Words) -> Result<Option<String>, String> {
    let id = format!("name-rule-{name}");
    if w.has(&id) {
        Ok(Some(w.text(&id)?))
    } else {
        Ok(None)
    }
}

/// A named value's name in words (`name-NAME`: a constant or a name a clause defines), when the
/// locale has them.
pub fn name_title(name: &str, w: &Words) -> Result<Option<String>, String> {
    let id = format!("name-{name}");
    if w.has(&id) {
        Ok(Some(w.text(&id)?))
    } else {
        Ok(None)
    }
}

/// An event parameter's name in words (`param-NAME`), when the locale has them.
pub fn param_title(name: &str, w: &Words) -> Result<Option<String>, String> {
    let id = format!("param-{name}");
    if w.has(&id) {
        Ok(Some(w.text(&id)?))
    } else {
        Ok(None)
    }
}

/// A condition as a statement.
pub fn condition(e: &IrExpr, w: &Words, book: &Rulebook) -> Said {
    statement(e, true, w, book)
}

/// A value in words (its plain form): a number, a duration, a side, a fact's value, a name.
pub fn expr(e: &IrExpr, w: &Words, book: &Rulebook) -> Said {
    noun(e, None, w, book)
}

/// `e` (a yes/no expression) said as a statement that holds (`yes`) or that does not.
fn statement(e: &IrExpr, yes: bool, w: &Words, book: &Rulebook) -> Said {
    let st = |e: &IrExpr, yes: bool| statement(e, yes, w, book);
    match e {
        IrExpr::Bool(b) => w.text(if *b == yes {
            "rule-always"
        } else {
            "rule-never"
        }),
        IrExpr::Not(a) => st(a, !yes),
        // De Morgan: a denied conjunction is a disjunction of denials, and the other way round.
        IrExpr::And(a, b) | IrExpr::Or(a, b) => {
            let both = matches!(e, IrExpr::And(..)) == yes;
            w.get(
                if both { "rule-and" } else { "rule-or" },
                &[("a", s(st(a, yes)?)), ("b", s(st(b, yes)?))],
            )
        }
        IrExpr::Cmp(op, _, a, b) => {
            let op = if yes { *op } else { op.negation() };
            let id = match op {
                CmpOp::Eq => "rule-eq",
                CmpOp::Ne => "rule-ne",
                CmpOp::Lt => "rule-lt",
                CmpOp::Le => "rule-le",
                CmpOp::Gt => "rule-gt",
                CmpOp::Ge => "rule-ge",
            };
            said_with(id, &[a.as_ref(), b.as_ref()], &["a", "b"], None, w, book)
        }
        IrExpr::Fact(id, args) => {
            let msg = fact_message(*id);
            let msg = if yes { msg } else { format!("{msg}-not") };
            let names: Vec<String> = (0..args.len()).map(|i| format!("a{i}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let args: Vec<&IrExpr> = args.iter().collect();
            said_with(&msg, &args, &names, None, w, book)
        }
        IrExpr::Defined(i) => {
            let d = book
                .definitions
                .get(*i)
                .ok_or_else(|| format!("no definition {i}"))?;
            named_statement(&format!("name-{}", d.name), &d.name, "rule-holds", yes, w)
        }
        IrExpr::Param(i) => {
            let name = book.params.get(*i).map_or("?", |p| p.name.as_str());
            named_statement(&format!("param-{name}"), name, "rule-param-holds", yes, w)
        }
        IrExpr::If(c, a, b) => w.get(
            "rule-if",
            &[
                ("c", s(st(c, true)?)),
                ("a", s(st(a, yes)?)),
                ("b", s(st(b, yes)?)),
            ],
        ),
        // Not a yes/no expression (the type checker allows none here): said as a value.
        _ => noun(e, None, w, book),
    }
}

/// A yes/no name: its words (`ID`, denied `ID-not`) when the locale has them, else the
/// identifier, as code, in the message `generic` (denied `generic-not`).
fn named_statement(id: &str, name: &str, generic: &str, yes: bool, w: &Words) -> Said {
    let id = if yes {
        id.to_string()
    } else {
        format!("{id}-not")
    };
    if w.has(&id) {
        return w.text(&id);
    }
    let generic = if yes {
        generic.to_string()
    } else {
        format!("{generic}-not")
    };
    w.get(&generic, &[("name", s(code(name)))])
}

/// An identifier as code.
fn code(name: &str) -> String {
    format!("`{name}`")
}

/// The message `id` with `args` (named `names`) said in the cases the message asks for (its
/// attributes `.NAME = CASE`); the whole in `case` when one is asked (the message's attribute
/// `.CASE`), else in its plain form.
fn said_with(
    id: &str,
    args: &[&IrExpr],
    names: &[&str],
    case: Option<&str>,
    w: &Words,
    book: &Rulebook,
) -> Said {
    let mut said = Vec::new();
    for (arg, name) in args.iter().zip(names) {
        let wanted = w.attribute(id, name, &[]).transpose()?;
        said.push((*name, s(noun(arg, wanted.as_deref(), w, book)?)));
    }
    match case.and_then(|c| w.attribute(id, c, &said)) {
        Some(form) => form,
        None => {
            let plain = w.get(id, &said)?;
            Ok(match case {
                Some(_) => in_quotes(plain),
                None => plain,
            })
        }
    }
}

/// A noun without the case asked of it, in «» (nested quotes become „ “).
fn in_quotes(said: String) -> String {
    format!("«{}»", said.replace('«', "„").replace('»', "“"))
}

/// `e` as a noun phrase in `case` (`None`: the plain form).
fn noun(e: &IrExpr, case: Option<&str>, w: &Words, book: &Rulebook) -> Said {
    match e {
        IrExpr::Int(i) => Ok(i.to_string()),
        IrExpr::Duration(secs) => duration(*secs, w),
        IrExpr::Side(c) => said_with(side_message(*c), &[], &[], case, w, book),
        IrExpr::Fact(id, args) => {
            let names: Vec<String> = (0..args.len()).map(|i| format!("a{i}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let args: Vec<&IrExpr> = args.iter().collect();
            said_with(&fact_message(*id), &args, &names, case, w, book)
        }
        IrExpr::Param(i) => {
            let name = book.params.get(*i).map_or("?", |p| p.name.as_str());
            let id = format!("param-{name}");
            if w.has(&id) {
                said_with(&id, &[], &[], case, w, book)
            } else {
                w.get("rule-param", &[("name", s(code(name)))])
            }
        }
        IrExpr::Defined(i) => {
            let d = book
                .definitions
                .get(*i)
                .ok_or_else(|| format!("no definition {i}"))?;
            let id = format!("name-{}", d.name);
            let name = if w.has(&id) {
                said_with(&id, &[], &[], case, w, book)?
            } else {
                code(&d.name)
            };
            // A constant is said with its value; a name whose value depends on the game, by
            // its name alone.
            if d.is_literal() && d.ty != Ty::Bool {
                w.get(
                    "rule-constant",
                    &[
                        ("name", s(name)),
                        ("value", s(noun(&d.body, None, w, book)?)),
                    ],
                )
            } else {
                Ok(name)
            }
        }
        IrExpr::Neg(a) => w.get("rule-neg", &[("x", s(noun(a, None, w, book)?))]),
        IrExpr::Arith(op, a, b) => w.get(
            "rule-arith",
            &[
                ("a", s(noun(a, None, w, book)?)),
                ("op", s(arith_symbol(*op).into())),
                ("b", s(noun(b, None, w, book)?)),
            ],
        ),
        IrExpr::If(c, a, b) => w.get(
            "rule-if",
            &[
                ("c", s(statement(c, true, w, book)?)),
                ("a", s(noun(a, case, w, book)?)),
                ("b", s(noun(b, case, w, book)?)),
            ],
        ),
        IrExpr::Bool(_) | IrExpr::Not(_) | IrExpr::And(..) | IrExpr::Or(..) | IrExpr::Cmp(..) => {
            statement(e, true, w, book)
        }
    }
}

fn arith_symbol(op: ArithOp) -> &'static str {
    match op {
        // The minus sign, not a hyphen.
        ArithOp::Sub => "−",
        ArithOp::Mul => "×",
        ArithOp::Div => "÷",
        other => other.symbol(),
    }
}

fn side_message(c: Color) -> &'static str {
    match c {
        Color::White => "side-white",
        Color::Black => "side-black",
    }
}

/// The message id of a fact: `fact-NAME`, a dot in the name becoming `-`.
pub fn fact_message(id: FactId) -> String {
    format!("fact-{}", id.spec().name.replace('.', "-"))
}

pub fn event_message(e: EventKind) -> String {
    format!("event-{}", e.name())
}

pub fn effect_message(e: EffectId) -> String {
    format!("rulebook-effect-{}", e.spec().name)
}

pub fn event(e: EventKind, w: &Words) -> Said {
    w.text(&event_message(e))
}

pub fn effect(e: &IrEffect, w: &Words, book: &Rulebook) -> Said {
    let names: Vec<String> = (0..e.args.len()).map(|i| format!("a{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let args: Vec<&IrExpr> = e.args.iter().collect();
    let text = said_with(&effect_message(e.id), &args, &names, None, w, book)?;
    match &e.cond {
        Some(c) => w.get(
            "rule-effect-if",
            &[("effect", s(text)), ("c", s(condition(c, w, book)?))],
        ),
        None => Ok(text),
    }
}

pub fn side(c: Color, w: &Words) -> Said {
    w.text(side_message(c))
}

pub fn duration(secs: i64, w: &Words) -> Said {
    let (id, parts) = duration_parts(secs);
    let args: Vec<(&str, FluentValue)> = parts.into_iter().map(|(k, v)| (k, s(v))).collect();
    w.get(id, &args)
}

/// How a duration is said: the message and its arguments (the readable rulebook and the verdicts
/// say it alike): under a minute in seconds (`30 s`), whole minutes under an hour in minutes
/// (`2 min`), anything else as a clock shows it (`1:45`, `1:30:00`).
pub fn duration_parts(secs: i64) -> (&'static str, Vec<(&'static str, String)>) {
    let (m, sec) = (secs / 60, secs % 60);
    match (m, sec) {
        (0, _) => ("duration-s", vec![("s", sec.to_string())]),
        (1..60, 0) => ("duration-min", vec![("min", m.to_string())]),
        // A time as a clock shows it (m:ss, h:mm:ss): how a player reads "1:45".
        _ => {
            let (h, m) = (m / 60, m % 60);
            let clock = if h > 0 {
                format!("{h}:{m:02}:{sec:02}")
            } else {
                format!("{m}:{sec:02}")
            };
            ("duration-clock", vec![("clock", clock)])
        }
    }
}

/// What a named number counts, as the readable rulebook says it.
pub fn unit(u: Unit, w: &Words) -> Said {
    w.text(&format!("unit-{}", u.name()))
}

/// Why a clause is not in force: an overlay's clause took its place.
pub fn replaced_by(id: &str, w: &Words) -> Said {
    w.get("replaced-by", &[("id", s(id.to_string()))])
}

/// A language's name for itself (`English`, `Русский`), from its own locale.
pub fn autonym(lang: &str) -> Said {
    Words::new(lang)
        .map_err(|e| e.to_string())?
        .text("language-autonym")
}

/// A language's name in the language of `w` (`language-CODE`: `английский` in Russian for
/// `en`); a language `w` has no name for is named by its autonym.
pub fn language_name(lang: &str, w: &Words) -> Said {
    let id = format!("language-{lang}");
    if w.has(&id) {
        w.text(&id)
    } else {
        autonym(lang)
    }
}

/// What a clause's text in `text_lang` is, said in `w`'s language: official, a translation of
/// the official text of other languages, or the rulebook authors' own (the readable rulebook
/// and the published site say it alike).
pub fn standing(c: &Clause, text_lang: &str, w: &Words) -> Said {
    if c.official.iter().any(|l| l == text_lang) {
        return w.text("label-official");
    }
    if c.official.is_empty() {
        return w.text("label-unofficial");
    }
    let names = c
        .official
        .iter()
        .map(|l| language_name(l, w))
        .collect::<Result<Vec<_>, _>>()?;
    w.get(
        "label-translation",
        &[("languages", names.join(", ").into())],
    )
}
