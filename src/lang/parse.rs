//! Parsing conditions and effects with the pest grammar in `grammar/rules.pest`.

use std::sync::OnceLock;

use pest::Parser;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest_derive::Parser;

use super::ast::{BinOp, EffectAst, Expr, ExprKind, UnOp};
use crate::locale::say;

#[derive(Parser)]
#[grammar = "../grammar/rules.pest"]
struct RuleParser;

/// A syntax error at a byte offset of the parsed text.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub offset: usize,
    pub len: usize,
    pub message: String,
}

fn pratt() -> &'static PrattParser<Rule> {
    static P: OnceLock<PrattParser<Rule>> = OnceLock::new();
    P.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::prefix(Rule::not))
            .op(Op::infix(Rule::eq, Assoc::Left)
                | Op::infix(Rule::ne, Assoc::Left)
                | Op::infix(Rule::lt, Assoc::Left)
                | Op::infix(Rule::le, Assoc::Left)
                | Op::infix(Rule::gt, Assoc::Left)
                | Op::infix(Rule::ge, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
            .op(Op::infix(Rule::mul, Assoc::Left)
                | Op::infix(Rule::div, Assoc::Left)
                | Op::infix(Rule::rem, Assoc::Left))
            .op(Op::prefix(Rule::neg))
    })
}

pub fn parse_expr(text: &str) -> Result<Expr, SyntaxError> {
    let mut pairs = RuleParser::parse(Rule::condition, text).map_err(|e| to_syntax_error(&e))?;
    let cond = pairs.next().ok_or_else(|| empty(text))?;
    let expr = cond.into_inner().next().ok_or_else(|| empty(text))?;
    build_expr(expr)
}

pub fn parse_effect(text: &str) -> Result<EffectAst, SyntaxError> {
    let mut pairs = RuleParser::parse(Rule::effect, text).map_err(|e| to_syntax_error(&e))?;
    let eff = pairs.next().ok_or_else(|| empty(text))?;
    let mut inner = eff.into_inner();
    let call = inner.next().ok_or_else(|| empty(text))?;
    let (name, name_span, args) = build_call(call)?;
    let cond = match inner.find(|p| p.as_rule() == Rule::expr) {
        Some(e) => Some(build_expr(e)?),
        None => None,
    };
    Ok(EffectAst {
        name,
        name_span,
        args: args.unwrap_or_default(),
        cond,
    })
}

fn empty(text: &str) -> SyntaxError {
    SyntaxError {
        offset: 0,
        len: text.len(),
        message: say::expected_expression(),
    }
}

fn to_syntax_error(e: &pest::error::Error<Rule>) -> SyntaxError {
    let (offset, len) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, 1),
        pest::error::InputLocation::Span((a, b)) => (a, b.saturating_sub(a).max(1)),
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().filter_map(rule_words).collect();
            names.sort_unstable();
            names.dedup();
            if names.is_empty() {
                say::unexpected_input()
            } else {
                say::expected(names.join(", "))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError {
        offset,
        len,
        message,
    }
}

fn rule_words(r: &Rule) -> Option<String> {
    Some(match r {
        Rule::expr | Rule::condition => say::syntax_expression(),
        Rule::or | Rule::and => say::syntax_and_or(),
        Rule::eq | Rule::ne | Rule::lt | Rule::le | Rule::gt | Rule::ge => say::syntax_comparison(),
        Rule::add | Rule::sub | Rule::mul | Rule::div | Rule::rem => say::syntax_arithmetic(),
        Rule::not | Rule::neg => say::syntax_not(),
        Rule::duration | Rule::duration_part | Rule::unit => say::syntax_duration(),
        Rule::integer | Rule::digits => say::syntax_number(),
        Rule::boolean => say::syntax_boolean(),
        Rule::call_or_name | Rule::name | Rule::ident => say::syntax_name(),
        Rule::args => say::syntax_paren(),
        Rule::if_kw => say::syntax_if(),
        Rule::if_expr => say::syntax_if_expr(),
        Rule::then_kw => say::syntax_then(),
        Rule::else_kw => say::syntax_else(),
        Rule::EOI => say::syntax_end(),
        _ => return None,
    })
}

fn build_expr(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    pratt()
        .map_primary(build_primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let span = op.as_span().start()..rhs.span.end;
            let u = if op.as_rule() == Rule::not {
                UnOp::Not
            } else {
                UnOp::Neg
            };
            Ok(Expr {
                kind: ExprKind::Unary(u, Box::new(rhs)),
                span,
            })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let span = op.as_span();
            let b = match op.as_rule() {
                Rule::or => BinOp::Or,
                Rule::and => BinOp::And,
                Rule::eq => BinOp::Eq,
                Rule::ne => BinOp::Ne,
                Rule::lt => BinOp::Lt,
                Rule::le => BinOp::Le,
                Rule::gt => BinOp::Gt,
                Rule::ge => BinOp::Ge,
                Rule::add => BinOp::Add,
                Rule::sub => BinOp::Sub,
                Rule::mul => BinOp::Mul,
                Rule::div => BinOp::Div,
                Rule::rem => BinOp::Rem,
                other => {
                    return Err(SyntaxError {
                        offset: span.start(),
                        len: span.as_str().len().max(1),
                        message: format!("internal: {other:?} is not an operator of the grammar"),
                    });
                }
            };
            let span = lhs.span.start..rhs.span.end;
            Ok(Expr {
                kind: ExprKind::Binary(b, Box::new(lhs), Box::new(rhs)),
                span,
            })
        })
        .parse(pair.into_inner())
}

fn build_primary(pair: Pair<'_, Rule>) -> Result<Expr, SyntaxError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let too_big = |span: std::ops::Range<usize>| SyntaxError {
        offset: span.start,
        len: span.len(),
        message: say::number_too_large(),
    };
    let kind = match pair.as_rule() {
        Rule::expr => return build_expr(pair),
        Rule::if_expr => {
            let mut parts = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
            let mut next = || {
                parts.next().ok_or_else(|| SyntaxError {
                    offset: span.start,
                    len: span.len(),
                    message: say::expected_if(),
                })
            };
            let (c, a, b) = (next()?, next()?, next()?);
            ExprKind::If(
                Box::new(build_expr(c)?),
                Box::new(build_expr(a)?),
                Box::new(build_expr(b)?),
            )
        }
        Rule::integer => ExprKind::Int(pair.as_str().parse().map_err(|_| too_big(span.clone()))?),
        Rule::boolean => ExprKind::Bool(pair.as_str() == "true"),
        Rule::duration => {
            let mut secs: i64 = 0;
            for part in pair.into_inner() {
                let mut it = part.into_inner();
                let n: i64 = it
                    .next()
                    .and_then(|d| d.as_str().parse().ok())
                    .ok_or_else(|| too_big(span.clone()))?;
                let mult = match it.next().map(|u| u.as_str()) {
                    Some("h") => 3600,
                    Some("min") => 60,
                    _ => 1,
                };
                secs = n
                    .checked_mul(mult)
                    .and_then(|v| secs.checked_add(v))
                    .ok_or_else(|| too_big(span.clone()))?;
            }
            ExprKind::Duration(secs)
        }
        Rule::call_or_name => {
            let (name, name_span, args) = build_call(pair)?;
            match args {
                Some(args) => ExprKind::Call(name, name_span, args),
                // The pair also holds the blanks the parser skipped looking for `(`: a name's
                // span is the name's.
                None => {
                    return Ok(Expr {
                        kind: ExprKind::Name(name),
                        span: name_span,
                    });
                }
            }
        }
        _ => {
            return Err(SyntaxError {
                offset: span.start,
                len: span.len(),
                message: say::unexpected_input(),
            });
        }
    };
    Ok(Expr { kind, span })
}

type Call = (String, std::ops::Range<usize>, Option<Vec<Expr>>);

fn build_call(pair: Pair<'_, Rule>) -> Result<Call, SyntaxError> {
    let mut it = pair.into_inner();
    let name = it.next().ok_or_else(|| SyntaxError {
        offset: 0,
        len: 1,
        message: say::expected_name(),
    })?;
    let name_span = name.as_span().start()..name.as_span().end();
    let args = match it.next() {
        Some(a) => Some(
            a.into_inner()
                .map(build_expr)
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    Ok((name.as_str().to_string(), name_span, args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence() {
        let e = parse_expr("claim.threefold and repetitions >= 1 + 2 * 1 or not ply == 0").unwrap();
        let ExprKind::Binary(BinOp::Or, l, r) = e.kind else {
            panic!("{e:?}")
        };
        assert!(matches!(l.kind, ExprKind::Binary(BinOp::And, _, _)));
        assert!(matches!(r.kind, ExprKind::Unary(UnOp::Not, _)));
    }

    #[test]
    fn durations_and_calls() {
        let e = parse_effect("add_time(opponent(claim.by), 1h2min3s)").unwrap();
        assert_eq!(e.name, "add_time");
        assert_eq!(e.args[1].kind, ExprKind::Duration(3723));
        assert!(matches!(e.args[0].kind, ExprKind::Call(ref n, _, _) if n == "opponent"));
    }

    #[test]
    fn conditional_effect() {
        let e = parse_effect("require_move(claim.move) if claim.has_move").unwrap();
        assert_eq!(e.name, "require_move");
        assert!(matches!(e.cond.unwrap().kind, ExprKind::Name(ref n) if n == "claim.has_move"));
        assert!(parse_effect("draw if").is_err());
    }

    #[test]
    fn conditional_expression() {
        let e = parse_expr("if long_ending then 100 else 50 + 1").unwrap();
        let ExprKind::If(c, a, b) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(c.kind, ExprKind::Name("long_ending".into()));
        assert_eq!(a.kind, ExprKind::Int(100));
        assert!(matches!(b.kind, ExprKind::Binary(BinOp::Add, _, _)));
        assert_eq!(e.span, 0..35);
        let e = parse_expr("(if a then 1 else 2) + 3").unwrap();
        assert!(matches!(e.kind, ExprKind::Binary(BinOp::Add, _, _)));
        assert!(parse_expr("if a then 1").is_err());
        assert!(parse_expr("then").is_err());
        assert!(parse_expr("elsewhere > 1").is_ok());
    }

    #[test]
    fn keywords_are_not_names() {
        assert!(parse_expr("and").is_err());
        assert!(parse_expr("android").is_ok());
        assert!(parse_expr("notable").is_ok());
    }

    #[test]
    fn a_name_spans_the_name_only() {
        let e = parse_expr("repetitons >= 5").unwrap();
        let ExprKind::Binary(_, l, _) = e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(l.span, 0..10);
    }

    #[test]
    fn errors_are_located() {
        let e = parse_expr("repetitions >= ").unwrap_err();
        assert_eq!(e.offset, 15);
        let e = parse_expr("repetitions >= 3 )").unwrap_err();
        assert_eq!(e.offset, 17);
    }
}
