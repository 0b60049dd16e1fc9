//! Conditions and effects in words, per language, for the readable rulebook.

use shakmaty::Color;

use super::ir::{IrEffect, IrExpr, Rulebook};
use crate::lang::ast::BinOp;
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
        IrExpr::Defined(i) => {
            let name = book.definitions.get(*i).map_or("?", |d| d.name.as_str());
            format!("«{name}»")
        }
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
                (BinOp::Eq, false) => "is",
                (BinOp::Ne, false) => "is not",
                (BinOp::Lt, false) => "is less than",
                (BinOp::Le, false) => "is at most",
                (BinOp::Gt, false) => "is more than",
                (BinOp::Ge, false) => "is at least",
                (BinOp::Eq, true) => "—",
                (BinOp::Ne, true) => "— не",
                (BinOp::Lt, true) => "меньше",
                (BinOp::Le, true) => "не больше",
                (BinOp::Gt, true) => "больше",
                (BinOp::Ge, true) => "не меньше",
                _ => op.symbol(),
            };
            format!("{} {} {}", expr(a, lang, book), w, expr(b, lang, book))
        }
        IrExpr::Arith(op, a, b) => format!(
            "({} {} {})",
            expr(a, lang, book),
            op.symbol(),
            expr(b, lang, book)
        ),
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
