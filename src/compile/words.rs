//! Conditions and effects in words, per language, for the readable rulebook.

use shakmaty::Color;

use super::ir::CmpOp;
use super::ir::{IrEffect, IrExpr, Rulebook};
use crate::lang::schema;

pub fn expr(e: &IrExpr, lang: &str, book: &Rulebook) -> String {
    let ru = lang == "ru";
    match e {
        IrExpr::Bool(true) => (if ru { "всегда" } else { "always" }).into(),
        IrExpr::Bool(false) => (if ru { "никогда" } else { "never" }).into(),
        IrExpr::Int(i) => i.to_string(),
        IrExpr::Duration(s) => duration(*s, lang),
        IrExpr::Side(c) => side(*c, lang).into(),
        IrExpr::Fact(schema::FactId::Param(i), _) => {
            let name = book
                .params
                .get(usize::from(*i))
                .map_or("?", |p| p.name.as_str());
            if ru {
                format!("параметр соревнования «{name}»")
            } else {
                format!("the event parameter «{name}»")
            }
        }
        IrExpr::Fact(id, args) => {
            let spec = schema::fact_spec(*id);
            let mut s = (if ru { spec.ru } else { spec.en }).to_string();
            for (i, a) in args.iter().enumerate() {
                s = s.replace(&format!("{{{i}}}"), &format!("«{}»", expr(a, lang, book)));
            }
            s
        }
        IrExpr::Not(x) => {
            if ru {
                format!("неверно, что {}", expr(x, lang, book))
            } else {
                format!("it is not the case that {}", expr(x, lang, book))
            }
        }
        IrExpr::Neg(x) => format!("−{}", expr(x, lang, book)),
        IrExpr::Defined(i) => match book.definitions.get(*i) {
            Some(d) if d.is_literal() => format!("«{}» ({})", d.name, expr(&d.body, lang, book)),
            Some(d) => format!("«{}»", d.name),
            None => "«?»".into(),
        },
        IrExpr::And(a, b) => format!(
            "{} {} {}",
            expr(a, lang, book),
            if ru { "и" } else { "and" },
            expr(b, lang, book)
        ),
        IrExpr::Or(a, b) => format!(
            "({} {} {})",
            expr(a, lang, book),
            if ru { "или" } else { "or" },
            expr(b, lang, book)
        ),
        IrExpr::Cmp(op, _, a, b) => {
            let w = match (op, ru) {
                (CmpOp::Eq, false) => "is",
                (CmpOp::Ne, false) => "is not",
                (CmpOp::Lt, false) => "is less than",
                (CmpOp::Le, false) => "is at most",
                (CmpOp::Gt, false) => "is more than",
                (CmpOp::Ge, false) => "is at least",
                (CmpOp::Eq, true) => "—",
                (CmpOp::Ne, true) => "— не",
                (CmpOp::Lt, true) => "меньше",
                (CmpOp::Le, true) => "не больше",
                (CmpOp::Gt, true) => "больше",
                (CmpOp::Ge, true) => "не меньше",
            };
            format!("{} {} {}", expr(a, lang, book), w, expr(b, lang, book))
        }
        IrExpr::Arith(op, a, b) => format!(
            "({} {} {})",
            expr(a, lang, book),
            op.symbol(),
            expr(b, lang, book)
        ),
        IrExpr::If(c, a, b) => {
            let (c, a, b) = (
                expr(c, lang, book),
                expr(a, lang, book),
                expr(b, lang, book),
            );
            if ru {
                format!("({a}, если {c}, иначе {b})")
            } else {
                format!("({a} if {c}, otherwise {b})")
            }
        }
    }
}

pub fn effect(e: &IrEffect, lang: &str, book: &Rulebook) -> String {
    let spec = schema::effect_spec(e.id);
    let mut s = (if lang == "ru" { spec.ru } else { spec.en }).to_string();
    for (i, a) in e.args.iter().enumerate() {
        s = s.replace(&format!("{{{i}}}"), &expr(a, lang, book));
    }
    if let Some(c) = &e.cond {
        s.push_str(if lang == "ru" { ", если " } else { ", if " });
        s.push_str(&expr(c, lang, book));
    }
    s
}

pub fn side(c: Color, lang: &str) -> &'static str {
    match (c, lang) {
        (Color::White, "ru") => "белые",
        (Color::Black, "ru") => "чёрные",
        (Color::White, _) => "White",
        (Color::Black, _) => "Black",
    }
}

pub fn duration(secs: i64, lang: &str) -> String {
    let (m, s) = (secs / 60, secs % 60);
    let ru = lang == "ru";
    match (m, s) {
        (0, s) => format!("{s} {}", if ru { "с" } else { "s" }),
        (m, 0) => format!("{m} {}", if ru { "мин" } else { "min" }),
        (m, s) => format!(
            "{m} {} {s} {}",
            if ru { "мин" } else { "min" },
            if ru { "с" } else { "s" }
        ),
    }
}

/// Why a clause is not in force: an overlay's clause took its place.
pub fn replaced_by(id: &str, lang: &str) -> String {
    match lang {
        "ru" => format!("Не действует: его место занимает пункт {id}."),
        _ => format!("Not in force: clause {id} takes its place."),
    }
}

/// What a named number counts, as the readable rulebook says it.
pub fn unit(u: super::ir::Unit, lang: &str) -> &'static str {
    use super::ir::Unit;
    match (u, lang == "ru") {
        (Unit::Moves, false) => "moves by each player",
        (Unit::Plies, false) => "plies",
        (Unit::Times, false) => "times",
        (Unit::Moves, true) => "ходы каждого игрока",
        (Unit::Plies, true) => "полуходы",
        (Unit::Times, true) => "разы",
    }
}
