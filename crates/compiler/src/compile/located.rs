//! Located checks of the YAML's strings: an expression or an effect parsed and typed with its
//! errors pointing inside the quoted value, the texts of a field in every language, a ruling's
//! Fluent pattern and the variables it uses.

use std::collections::BTreeMap;

use crate::diag::{Diag, Diags};
use crate::lang::ir::{IrExpr, Texts};
use crate::lang::limits::{Cost, MAX_DEPTH, MAX_EXPANDED, cost};
use crate::lang::parse::parse_expr;
use crate::lang::schema::{EventKind, Ty};
use crate::lang::typeck::{Params, TypeError, check_expr_given};
use crate::locale::say::{self, IntoArg};
use crate::rulebook::SourceFile;
use crate::rulebook::model::Localized;
use crate::rulebook::yaml::{self, Spanned};

pub(super) fn expr_result(
    sf: &SourceFile,
    w: &Spanned<String>,
    on: Option<EventKind>,
    params: Params,
    given: Option<&IrExpr>,
) -> Result<(IrExpr, Ty), Diag> {
    let ast = parse_expr(&w.value).map_err(|se| {
        let d = at_value(
            sf,
            w,
            se.offset,
            se.len,
            say::expression_syntax(&se.message),
        );
        match se.help {
            Some(h) => d.help(h),
            None => d,
        }
    })?;
    let (e, t) = check_expr_given(&ast, on, params, given).map_err(|te| type_diag(sf, w, &te))?;
    within_limits(sf, w, cost(&e, params.costs))?;
    Ok((e, t))
}

/// An expression that is too deep or too large with the named values it reads counted as their
/// definitions (each within the limits itself, or reported already) is an error where it is
/// written.
pub(super) fn within_limits(sf: &SourceFile, w: &Spanned<String>, c: Cost) -> Result<(), Diag> {
    let at = yaml::start(&sf.text, w);
    let len = w.value.len().max(1);
    if c.depth > MAX_DEPTH {
        return Err(sf
            .diag(at, len, say::too_deep_with_names(c.depth, MAX_DEPTH))
            .help(say::too_deep_with_names_help()));
    }
    if c.size > MAX_EXPANDED {
        return Err(sf
            .diag(at, len, say::too_large_expanded(c.size, MAX_EXPANDED))
            .help(say::too_large_expanded_help()));
    }
    Ok(())
}

pub(super) fn at_value(
    sf: &SourceFile,
    w: &Spanned<String>,
    offset: usize,
    len: usize,
    message: say::Message,
) -> Diag {
    let start = yaml::start(&sf.text, w);
    let at = yaml::value_offset(&sf.text, start, offset);
    sf.diag(at, len, message)
}

pub(super) fn type_diag(sf: &SourceFile, w: &Spanned<String>, te: &TypeError) -> Diag {
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

/// The texts of a localized field, checking that every language is there and no other; `what`
/// names the field in an error (said only when there is one).
pub(super) fn texts(
    sf: &SourceFile,
    l: &Localized,
    languages: &[String],
    what: fn() -> say::Message,
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
                    say::text_missing_language(what(), lang),
                )
                .help(say::text_languages_help(languages.join(", "))),
            ),
        }
    }
    for (k, v) in &l.value {
        if !languages.contains(k) {
            let at = yaml::start(&sf.text, v);
            d.push(sf.diag(at, 1, say::text_other_language(what(), k)));
        }
    }
    out
}

/// A ruling must be a valid Fluent pattern using only variables the clause provides.
pub(super) fn check_ruling(sf: &SourceFile, r: &Localized, vars: &[String], d: &mut Diags) {
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
                            at_value(
                                sf,
                                msg,
                                k,
                                v.len() + 1,
                                say::ruling_unprovided_variable(lang, &v),
                            )
                            .help(say::ruling_vars_help(
                                if vars.is_empty() {
                                    say::nothing().into_arg()
                                } else {
                                    vars.join(", ").into_arg()
                                },
                            )),
                        );
                    }
                }
            }
            Err((_, errs)) => {
                let first = errs
                    .first()
                    .map(|e| format!("{:?}", e.kind))
                    .unwrap_or_default();
                d.push(at_value(sf, msg, 0, 1, say::ruling_not_fluent(lang, first)));
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
