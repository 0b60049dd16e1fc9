//! Conditions and effects in words, per language, for the readable rulebook.

use shakmaty::Color;

use super::ir::{IrEffect, IrExpr};
use crate::lang::ast::BinOp;
use crate::lang::schema::{self, Ty};

pub fn expr(e: &IrExpr, lang: &str) -> String {
    let ru = lang == "ru";
    match e {
        IrExpr::Bool(true) => (if ru { "всегда" } else { "always" }).into(),
        IrExpr::Bool(false) => (if ru { "никогда" } else { "never" }).into(),
        IrExpr::Int(i) => i.to_string(),
        IrExpr::Duration(s) => duration(*s, lang),
        IrExpr::Side(c) => side(*c, lang).into(),
        IrExpr::Fact(id, args) => {
            let spec = schema::fact_spec(*id);
            let mut s = (if ru { spec.ru } else { spec.en }).to_string();
            for (i, a) in args.iter().enumerate() {
                s = s.replace(&format!("{{{i}}}"), &format!("«{}»", expr(a, lang)));
            }
            s
        }
        IrExpr::Not(x) => {
            if ru {
                format!("неверно, что {}", expr(x, lang))
            } else {
                format!("it is not the case that {}", expr(x, lang))
            }
        }
        IrExpr::Neg(x) => format!("−{}", expr(x, lang)),
        IrExpr::And(a, b) => format!(
            "{} {} {}",
            expr(a, lang),
            if ru { "и" } else { "and" },
            expr(b, lang)
        ),
        IrExpr::Or(a, b) => format!(
            "({} {} {})",
            expr(a, lang),
            if ru { "или" } else { "or" },
            expr(b, lang)
        ),
        IrExpr::Cmp(op, ty, a, b) => {
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
            let _ = ty == &Ty::Bool;
            format!("{} {} {}", expr(a, lang), w, expr(b, lang))
        }
        IrExpr::Arith(op, a, b) => format!("({} {} {})", expr(a, lang), op.symbol(), expr(b, lang)),
    }
}

pub fn effect(e: &IrEffect, lang: &str) -> String {
    let spec = schema::effect_spec(e.id);
    let mut s = (if lang == "ru" { spec.ru } else { spec.en }).to_string();
    for (i, a) in e.args.iter().enumerate() {
        s = s.replace(&format!("{{{i}}}"), &expr(a, lang));
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
