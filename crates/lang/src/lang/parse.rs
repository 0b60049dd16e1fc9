//! Parsing conditions and effects with the pest grammar in `grammar/rules.pest`.
//!
//! A rulebook is untrusted input, and parsing is recursive (pest's, and building the tree), as is
//! everything that later walks the tree. So the limits of `lang::limits` are kept here, before
//! anything can go deep: the length of the text and the nesting of its parentheses and `if`s are
//! checked by one linear scan before pest sees the text; operators are then put together by
//! precedence climbing that counts the levels of the tree it builds, and refuses a tree deeper
//! than `MAX_DEPTH` at the operator that would make it so (a long chain `a and b and ...` too).

use pest::Parser;
use pest::iterators::Pair;
use pest_derive::Parser;

use super::ast::{BinOp, EffectAst, Expr, ExprKind, UnOp};
use super::limits::{MAX_DEPTH, MAX_EXPR_BYTES};
use crate::locale::say;

#[derive(Parser)]
#[grammar = "../../../grammar/rules.pest"]
struct RuleParser;

/// A syntax error at a byte offset of the parsed text.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub offset: usize,
    pub len: usize,
    pub message: say::Message,
    /// What to do about it, for an expression over a limit.
    pub help: Option<say::Message>,
}

impl SyntaxError {
    fn at(offset: usize, len: usize, message: say::Message) -> SyntaxError {
        SyntaxError {
            offset,
            len,
            message,
            help: None,
        }
    }
}

/// An expression over `MAX_DEPTH` levels, at `offset`.
fn too_deep(offset: usize) -> SyntaxError {
    SyntaxError {
        help: Some(say::too_deep_help()),
        ..SyntaxError::at(offset, 1, say::too_deep(MAX_DEPTH))
    }
}

/// The limits that must hold before pest reads the text: its length, and the nesting of its
/// parentheses and `if`s (pest recurses on each), found by one scan of the bytes. An `if` is open
/// until the parenthesis around it closes (its `else` branch extends as far as it can), so the
/// count is what pest's recursion will be, never less.
fn within_limits(text: &str) -> Result<(), SyntaxError> {
    if text.len() > MAX_EXPR_BYTES {
        let mut at = MAX_EXPR_BYTES;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        return Err(SyntaxError {
            help: Some(say::too_long_help()),
            ..SyntaxError::at(at, 1, say::too_long(text.len(), MAX_EXPR_BYTES))
        });
    }
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // `true` for a parenthesis, `false` for an `if`.
    let mut open: Vec<bool> = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if word(c) {
            let start = i;
            while b.get(i).copied().is_some_and(word) {
                i += 1;
            }
            let after_dot = start.checked_sub(1).and_then(|j| b.get(j)) == Some(&b'.');
            if &b[start..i] == b"if" && !after_dot {
                open.push(false);
                if open.len() > MAX_DEPTH {
                    return Err(too_deep(start));
                }
            }
            continue;
        }
        match c {
            b'(' => {
                open.push(true);
                if open.len() > MAX_DEPTH {
                    return Err(too_deep(i));
                }
            }
            b')' => while open.pop().is_some_and(|paren| !paren) {},
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

pub fn parse_expr(text: &str) -> Result<Expr, SyntaxError> {
    within_limits(text)?;
    let mut pairs = RuleParser::parse(Rule::condition, text).map_err(|e| to_syntax_error(&e))?;
    let cond = pairs.next().ok_or_else(|| empty(text))?;
    let expr = cond.into_inner().next().ok_or_else(|| empty(text))?;
    Ok(build_expr(expr, 0)?.0)
}

pub fn parse_effect(text: &str) -> Result<EffectAst, SyntaxError> {
    within_limits(text)?;
    let mut pairs = RuleParser::parse(Rule::effect, text).map_err(|e| to_syntax_error(&e))?;
    let eff = pairs.next().ok_or_else(|| empty(text))?;
    let mut inner = eff.into_inner();
    let call = inner.next().ok_or_else(|| empty(text))?;
    let (name, name_span, args, _) = build_call(call, 0)?;
    let cond = match inner.find(|p| p.as_rule() == Rule::expr) {
        Some(e) => Some(build_expr(e, 0)?.0),
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
    SyntaxError::at(0, text.len(), say::expected_expression())
}

fn to_syntax_error(e: &pest::error::Error<Rule>) -> SyntaxError {
    let (offset, len) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, 1),
        pest::error::InputLocation::Span((a, b)) => (a, b.saturating_sub(a).max(1)),
    };
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            // Sorted and deduplicated as words, when they are rendered.
            let names: Vec<say::Message> = positives.iter().filter_map(rule_words).collect();
            if names.is_empty() {
                say::unexpected_input()
            } else {
                say::expected(say::Arg::Join {
                    items: names,
                    sep: ", ",
                    sorted: true,
                })
            }
        }
        // The grammar raises no error of its own (pest makes these only when asked to).
        pest::error::ErrorVariant::CustomError { .. } => say::unexpected_input(),
    };
    SyntaxError::at(offset, len, message)
}

fn rule_words(r: &Rule) -> Option<say::Message> {
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

/// A tree and its height (a leaf is 1).
type Built = (Expr, usize);

/// Precedence, loosest first: `or`, `and`, `not`, comparisons, `+ -`, `* / %`, unary minus.
/// Infix operators are left-associative.
fn infix(r: Rule) -> Option<(u8, BinOp)> {
    Some(match r {
        Rule::or => (1, BinOp::Or),
        Rule::and => (2, BinOp::And),
        Rule::eq => (4, BinOp::Eq),
        Rule::ne => (4, BinOp::Ne),
        Rule::lt => (4, BinOp::Lt),
        Rule::le => (4, BinOp::Le),
        Rule::gt => (4, BinOp::Gt),
        Rule::ge => (4, BinOp::Ge),
        Rule::add => (5, BinOp::Add),
        Rule::sub => (5, BinOp::Sub),
        Rule::mul => (6, BinOp::Mul),
        Rule::div => (6, BinOp::Div),
        Rule::rem => (6, BinOp::Rem),
        _ => return None,
    })
}

/// A prefix operator applies to everything to its right that binds at least as tightly as it.
fn prefix(r: Rule) -> Option<(u8, UnOp)> {
    Some(match r {
        Rule::not => (3, UnOp::Not),
        Rule::neg => (7, UnOp::Neg),
        _ => return None,
    })
}

/// A node over its children, refused when it would make the tree deeper than `MAX_DEPTH`.
fn node(
    kind: ExprKind,
    span: std::ops::Range<usize>,
    at: usize,
    below: usize,
) -> Result<Built, SyntaxError> {
    let height = below.saturating_add(1);
    if height > MAX_DEPTH {
        return Err(too_deep(at));
    }
    Ok((Expr { kind, span }, height))
}

/// An `expr` of the grammar: a flat run of prefix operators, operands and infix operators, put
/// together by precedence climbing. `level` counts the nodes that will stand above it in the
/// tree (a lower bound of its depth), so that the recursion stops before it is deep.
fn build_expr(pair: Pair<'_, Rule>, level: usize) -> Result<Built, SyntaxError> {
    let at = pair.as_span().start();
    let mut c = Climb {
        pairs: pair.into_inner().collect(),
        pos: 0,
        end: at,
    };
    c.expr(0, level)
}

struct Climb<'i> {
    pairs: Vec<Pair<'i, Rule>>,
    pos: usize,
    /// Where the last pair read ends (for an error with nothing left to read).
    end: usize,
}

impl<'i> Climb<'i> {
    fn peek(&self) -> Option<Rule> {
        self.pairs.get(self.pos).map(Pair::as_rule)
    }

    fn take(&mut self) -> Option<Pair<'i, Rule>> {
        let p = self.pairs.get(self.pos).cloned()?;
        self.pos += 1;
        self.end = p.as_span().end();
        Some(p)
    }

    /// Operands and operators binding at least as tightly as `min`, at `level` in the tree.
    fn expr(&mut self, min: u8, level: usize) -> Result<Built, SyntaxError> {
        let mut prefixes = Vec::new();
        while let Some((power, op)) = self.peek().and_then(prefix) {
            let start = self.take().map_or(self.end, |p| p.as_span().start());
            if level.saturating_add(prefixes.len()) >= MAX_DEPTH {
                return Err(too_deep(start));
            }
            prefixes.push((power, op, start));
        }
        let Some(primary) = self.take() else {
            return Err(SyntaxError::at(self.end, 1, say::expected_expression()));
        };
        let mut lhs = build_primary(primary, level.saturating_add(prefixes.len()))?;
        for (k, (power, op, start)) in prefixes.into_iter().enumerate().rev() {
            let inner = self.climb(lhs, power, level.saturating_add(k + 1))?;
            let span = start..inner.0.span.end;
            lhs = node(ExprKind::Unary(op, Box::new(inner.0)), span, start, inner.1)?;
        }
        self.climb(lhs, min, level)
    }

    /// `lhs` followed by infix operators binding at least as tightly as `min`; the operators'
    /// nodes stand at `level`, their right operands one below.
    fn climb(&mut self, mut lhs: Built, min: u8, level: usize) -> Result<Built, SyntaxError> {
        while let Some((power, op)) = self.peek().and_then(infix) {
            if power < min {
                break;
            }
            let at = self.take().map_or(self.end, |p| p.as_span().start());
            if level.saturating_add(1) >= MAX_DEPTH {
                return Err(too_deep(at));
            }
            let rhs = self.expr(power + 1, level + 1)?;
            let span = lhs.0.span.start..rhs.0.span.end;
            let below = lhs.1.max(rhs.1);
            lhs = node(
                ExprKind::Binary(op, Box::new(lhs.0), Box::new(rhs.0)),
                span,
                at,
                below,
            )?;
        }
        Ok(lhs)
    }
}

fn build_primary(pair: Pair<'_, Rule>, level: usize) -> Result<Built, SyntaxError> {
    let span = pair.as_span().start()..pair.as_span().end();
    if level >= MAX_DEPTH {
        return Err(too_deep(span.start));
    }
    let too_big = |span: std::ops::Range<usize>| {
        SyntaxError::at(span.start, span.len(), say::number_too_large())
    };
    let kind = match pair.as_rule() {
        // A parenthesised expression: no node of its own.
        Rule::expr => return build_expr(pair, level),
        Rule::if_expr => {
            let mut parts = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
            let mut next = || {
                parts
                    .next()
                    .ok_or_else(|| SyntaxError::at(span.start, span.len(), say::expected_if()))
            };
            let (c, a, b) = (next()?, next()?, next()?);
            let below = level + 1;
            let (c, a, b) = (
                build_expr(c, below)?,
                build_expr(a, below)?,
                build_expr(b, below)?,
            );
            let height = c.1.max(a.1).max(b.1);
            let kind = ExprKind::If(Box::new(c.0), Box::new(a.0), Box::new(b.0));
            return node(kind, span.clone(), span.start, height);
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
            let (name, name_span, args, height) = build_call(pair, level)?;
            return match args {
                Some(args) => {
                    let at = name_span.start;
                    node(ExprKind::Call(name, name_span, args), span, at, height)
                }
                // The pair also holds the blanks the parser skipped looking for `(`: a name's
                // span is the name's.
                None => node(ExprKind::Name(name), name_span.clone(), name_span.start, 0),
            };
        }
        _ => {
            return Err(SyntaxError::at(
                span.start,
                span.len(),
                say::unexpected_input(),
            ));
        }
    };
    node(kind, span.clone(), span.start, 0)
}

/// A name, and its arguments (one level below it) if it has any, with the height of the
/// tallest argument.
type Call = (String, std::ops::Range<usize>, Option<Vec<Expr>>, usize);

fn build_call(pair: Pair<'_, Rule>, level: usize) -> Result<Call, SyntaxError> {
    let at = pair.as_span().start();
    let mut it = pair.into_inner();
    let name = it
        .next()
        .ok_or_else(|| SyntaxError::at(at, 1, say::expected_name()))?;
    let name_span = name.as_span().start()..name.as_span().end();
    let mut height = 0;
    let args = match it.next() {
        Some(a) => {
            let mut args = Vec::new();
            for arg in a.into_inner() {
                let (e, h) = build_expr(arg, level.saturating_add(1))?;
                height = height.max(h);
                args.push(e);
            }
            Some(args)
        }
        None => None,
    };
    Ok((name.as_str().to_string(), name_span, args, height))
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

    fn depth(e: &Expr) -> usize {
        match &e.kind {
            ExprKind::Unary(_, x) => 1 + depth(x),
            ExprKind::Binary(_, a, b) => 1 + depth(a).max(depth(b)),
            ExprKind::If(c, a, b) => 1 + depth(c).max(depth(a)).max(depth(b)),
            ExprKind::Call(_, _, args) => 1 + args.iter().map(depth).max().unwrap_or(0),
            _ => 1,
        }
    }

    /// Issue 12, fault (b): deep or long expressions are refused with the limit they pass, at
    /// the place they pass it, before anything recurses deeply.
    #[test]
    fn limits() {
        let chain = |n: usize, op: &str| vec!["a"; n].join(op);
        // 64 levels are allowed, 65 are not: a chain of 64 terms is 64 deep.
        assert_eq!(depth(&parse_expr(&chain(64, " and ")).unwrap()), 64);
        let e = parse_expr(&chain(65, " and ")).unwrap_err();
        assert!(
            e.message.to_string().contains("more than 64 levels"),
            "{e:?}"
        );
        // At the 64th `and`.
        assert_eq!(e.offset, 2 + 63 * 6);
        let e = parse_expr(&format!("{}a{}", "(".repeat(65), ")".repeat(65))).unwrap_err();
        assert_eq!(e.offset, 64);
        assert!(parse_expr(&format!("{}a{}", "(".repeat(64), ")".repeat(64))).is_ok());
        let e = parse_expr(&format!("{}a", "not ".repeat(64))).unwrap_err();
        assert_eq!(e.offset, 64 * 4);
        assert!(parse_expr(&format!("{}a", "not ".repeat(63))).is_ok());
        let e = parse_expr(&format!("{}1", "-".repeat(20_000))).unwrap_err();
        assert!(e.message.to_string().contains("20001 bytes long"), "{e:?}");
        assert_eq!(e.offset, MAX_EXPR_BYTES);
        let e = parse_expr(&format!("{}1", "- ".repeat(64))).unwrap_err();
        assert!(
            e.message.to_string().contains("more than 64 levels"),
            "{e:?}"
        );
        // `a + not b + not c ...` nests at every `not`: refused, without deep recursion.
        let e = parse_expr(&chain(1_000, " + not ")).unwrap_err();
        assert!(
            e.message.to_string().contains("more than 64 levels"),
            "{e:?}"
        );
        let e = parse_expr(&format!("{}a", "if a then b else ".repeat(65))).unwrap_err();
        assert!(
            e.message.to_string().contains("more than 64 levels"),
            "{e:?}"
        );
        // A name that merely contains `if`, or a field named so, does not nest.
        assert!(parse_expr(&vec!["iffy"; 60].join(" and ")).is_ok());
        let e = parse_effect(&format!(
            "win({}white{})",
            "opponent(".repeat(64),
            ")".repeat(64)
        ))
        .unwrap_err();
        assert!(
            e.message.to_string().contains("more than 64 levels"),
            "{e:?}"
        );
        assert!(e.help.is_some());
        // Balanced, many terms stay shallow.
        let quads = vec!["(a and a and a and a)"; 16].join(" or ");
        assert!(depth(&parse_expr(&quads).unwrap()) < 64);
    }

    /// The precedence climbing builds the trees pest's Pratt parser built.
    #[test]
    fn precedence_of_prefixes() {
        let show = |s: &str| format!("{:?}", strip(&parse_expr(s).unwrap()));
        fn strip(e: &Expr) -> String {
            match &e.kind {
                ExprKind::Unary(UnOp::Not, x) => format!("(not {})", strip(x)),
                ExprKind::Unary(UnOp::Neg, x) => format!("(- {})", strip(x)),
                ExprKind::Binary(op, a, b) => {
                    format!("({} {} {})", strip(a), op.symbol(), strip(b))
                }
                ExprKind::Name(n) => n.clone(),
                ExprKind::Int(i) => i.to_string(),
                other => format!("{other:?}"),
            }
        }
        assert_eq!(show("not a == b and c"), show("(not (a == b)) and c"));
        assert_eq!(show("-a * b"), show("(-a) * b"));
        assert_eq!(show("a + not b == c"), show("a + (not (b == c))"));
        assert_eq!(show("not - a + b"), show("not ((-a) + b)"));
        assert_eq!(show("a - b - c"), show("(a - b) - c"));
        assert_eq!(show("a or b and c or d"), show("(a or (b and c)) or d"));
        assert_eq!(show("1 + 2 * 3 % 4 < 5"), show("(1 + ((2 * 3) % 4)) < 5"));
    }

    #[test]
    fn errors_are_located() {
        let e = parse_expr("repetitions >= ").unwrap_err();
        assert_eq!(e.offset, 15);
        let e = parse_expr("repetitions >= 3 )").unwrap_err();
        assert_eq!(e.offset, 17);
    }
}
