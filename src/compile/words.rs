//! Conditions, effects and values in words, for the readable rulebook. Every word comes from the
//! language's locale (`locales/<lang>/vocabulary.ftl` and `rulebook.ftl`); this module only
//! composes them, so a new language is data.

use fluent_bundle::FluentValue;
use shakmaty::Color;

use crate::lang::ir::{ArithOp, Clause, CmpOp, IrEffect, IrExpr, Rule, Rulebook, Unit};
use crate::lang::schema::{EffectId, EventKind, FactId};
use crate::locale::Words;

type Said = Result<String, String>;

fn s(v: String) -> FluentValue<'static> {
    FluentValue::from(v)
}

/// A rule in words, as the readable rulebook and the published site show it.
#[derive(serde::Serialize)]
pub struct RuleWords {
    pub name: Option<String>,
    pub on: String,
    pub when: String,
    /// The condition as written, on one line.
    pub when_src: String,
    pub effects: Vec<String>,
}

pub fn rule(r: &Rule, w: &Words, book: &Rulebook) -> Result<RuleWords, String> {
    Ok(RuleWords {
        name: r.name.clone(),
        on: event(r.on, w)?,
        when: expr(&r.when, w, book)?,
        when_src: r.when_src.replace('\n', " "),
        effects: (r.effects.iter())
            .map(|e| effect(e, w, book))
            .collect::<Result<_, _>>()?,
    })
}

pub fn expr(e: &IrExpr, w: &Words, book: &Rulebook) -> Said {
    let x = |e: &IrExpr| expr(e, w, book);
    match e {
        IrExpr::Bool(true) => w.text("rule-always"),
        IrExpr::Bool(false) => w.text("rule-never"),
        IrExpr::Int(i) => Ok(i.to_string()),
        IrExpr::Duration(secs) => duration(*secs, w),
        IrExpr::Side(c) => side(*c, w),
        IrExpr::Param(i) => {
            let name = book.params.get(*i).map_or("?", |p| p.name.as_str());
            w.get("rule-param", &[("name", s(name.into()))])
        }
        IrExpr::Fact(id, args) => fact(*id, args, w, book),
        IrExpr::Not(a) => w.get("rule-not", &[("x", s(x(a)?))]),
        IrExpr::Neg(a) => w.get("rule-neg", &[("x", s(x(a)?))]),
        IrExpr::Defined(i) => match book.definitions.get(*i) {
            Some(d) if d.is_literal() => w.get(
                "rule-constant",
                &[("name", s(d.name.clone())), ("value", s(x(&d.body)?))],
            ),
            Some(d) => w.get("rule-defined", &[("name", s(d.name.clone()))]),
            None => Err(format!("no definition {i}")),
        },
        IrExpr::And(a, b) => w.get("rule-and", &[("a", s(x(a)?)), ("b", s(x(b)?))]),
        IrExpr::Or(a, b) => w.get("rule-or", &[("a", s(x(a)?)), ("b", s(x(b)?))]),
        IrExpr::Cmp(op, _, a, b) => {
            let id = match op {
                CmpOp::Eq => "rule-eq",
                CmpOp::Ne => "rule-ne",
                CmpOp::Lt => "rule-lt",
                CmpOp::Le => "rule-le",
                CmpOp::Gt => "rule-gt",
                CmpOp::Ge => "rule-ge",
            };
            w.get(id, &[("a", s(x(a)?)), ("b", s(x(b)?))])
        }
        IrExpr::Arith(op, a, b) => arith(*op, x(a)?, x(b)?, w),
        IrExpr::If(c, a, b) => w.get(
            "rule-if",
            &[("c", s(x(c)?)), ("a", s(x(a)?)), ("b", s(x(b)?))],
        ),
    }
}

fn arith(op: ArithOp, a: String, b: String, w: &Words) -> Said {
    w.get(
        "rule-arith",
        &[("a", s(a)), ("op", s(op.symbol().into())), ("b", s(b))],
    )
}

/// A fact in words, its arguments in «».
fn fact(id: FactId, args: &[IrExpr], w: &Words, book: &Rulebook) -> Said {
    let mut said = Vec::new();
    for (i, a) in args.iter().enumerate() {
        said.push((format!("a{i}"), quoted(expr(a, w, book)?)));
    }
    let args: Vec<(&str, FluentValue)> = said
        .iter()
        .map(|(k, v)| (k.as_str(), s(v.clone())))
        .collect();
    w.get(&fact_message(id), &args)
}

/// An argument in «», as a name: so that "the draw offer of «the player offering»" reads right
/// in a language whose nouns decline (Russian: "предложение ничьей стороны «предлагающий
/// игрок»", not a nominative where a genitive belongs). Not quoted twice; quotes inside become
/// „ “, as Russian typography nests them.
fn quoted(said: String) -> String {
    if said.starts_with('«') && said.ends_with('»') && said.matches('«').count() == 1 {
        said
    } else {
        format!("«{}»", said.replace('«', "„").replace('»', "“"))
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
    let mut said = Vec::new();
    for (i, a) in e.args.iter().enumerate() {
        said.push((format!("a{i}"), quoted(expr(a, w, book)?)));
    }
    let args: Vec<(&str, FluentValue)> = said
        .iter()
        .map(|(k, v)| (k.as_str(), s(v.clone())))
        .collect();
    let text = w.get(&effect_message(e.id), &args)?;
    match &e.cond {
        Some(c) => w.get(
            "rule-effect-if",
            &[("effect", s(text)), ("c", s(expr(c, w, book)?))],
        ),
        None => Ok(text),
    }
}

pub fn side(c: Color, w: &Words) -> Said {
    w.text(match c {
        Color::White => "side-white",
        Color::Black => "side-black",
    })
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
    Words::new(lang)?.text("language-autonym")
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
        .map(|l| autonym(l))
        .collect::<Result<Vec<_>, _>>()?;
    w.get(
        "label-translation",
        &[("languages", names.join(", ").into())],
    )
}
