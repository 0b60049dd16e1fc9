//! A language's Fluent files checked before a word of them is said, so that a folder given with
//! `--locales`, or a shipped file a translator broke, is an error where it is wrong, never a
//! placeholder later (`{$name}`, `{other-message}`) or the registry's internal fallback.
//!
//! - Syntax: every error Fluent's parser finds, located (file, line, column, the line with a
//!   caret), a `LocaleError` whoever makes the words renders in the words it speaks.
//! - References, in the messages and terms of every file, shipped or added: a message or term referred to
//!   is there (with the attribute named), no function is called (arbiter gives Fluent none), a
//!   variable is one arbiter gives the message (for the tool's own messages `say::ALL` lists
//!   them; for the others, the variables the shipped languages' message of that id uses), and no
//!   message refers back to itself through others.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, OnceLock};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;
use fluent_syntax::parser::ErrorKind;

use super::say;

/// A Fluent source read and parsed: its name (a path) and its text.
pub struct Source {
    pub name: String,
    pub text: Arc<str>,
}

/// `text` as a Fluent resource, or every syntax error in it, located, as one report.
pub fn parse(name: &str, text: String) -> Result<FluentResource, super::LocaleError> {
    let source: Arc<str> = Arc::from(text.as_str());
    FluentResource::try_new(text).map_err(|(_, errors)| {
        super::LocaleError::Located(
            errors
                .iter()
                .map(|e| {
                    let (kind, detail) = words(&e.kind);
                    let len = e.pos.end.saturating_sub(e.pos.start).max(1);
                    located(
                        name,
                        &source,
                        e.pos.start,
                        len,
                        say::locale_syntax(kind, detail),
                    )
                })
                .collect(),
        )
    })
}

/// An error at a place of a Fluent file, not yet in words: `file:line:col: message` (the column
/// in characters), then the line with a caret under the place, as a terminal may show it
/// (`escape::terminal`). (The locale registry sits below `diag`, which says its own words
/// through it: this is its own small report of the same shape.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    name: String,
    line: usize,
    col: usize,
    /// The line, clipped and shown as a terminal shows it.
    shown: String,
    /// The caret's indent and width, in characters.
    pad: usize,
    width: usize,
    message: say::Message,
}

impl Located {
    /// The report in `words`.
    pub fn render(&self, words: &super::Words) -> String {
        format!(
            "  × {}:{}:{}: {}\n   │ {}\n   │ {}{}\n",
            crate::escape::terminal(&self.name),
            self.line,
            self.col,
            crate::escape::terminal(&self.message.render(words)),
            self.shown.trim_end_matches('\r'),
            " ".repeat(self.pad.min(1000)),
            "^".repeat(self.width.min(1000))
        )
    }
}

/// An error at byte `at` (`len` bytes) of the Fluent file `name` holding `text` (`Located`).
pub fn located(name: &str, text: &str, at: usize, len: usize, message: say::Message) -> Located {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let line = text[..at].matches('\n').count() + 1;
    let col = text[start..at].chars().count() + 1;
    let source = &text[start..end];
    let width = text[at..end].chars().count().min(len.max(1)).max(1);
    let clip = |s: &str| -> String {
        match s.char_indices().nth(1000) {
            Some((i, _)) => format!("{}…", &s[..i]),
            None => s.to_string(),
        }
    };
    let shown = crate::escape::terminal(&clip(source)).into_owned();
    let pad = crate::escape::terminal(&clip(&text[start..at]))
        .chars()
        .count();
    Located {
        name: name.to_string(),
        line,
        col,
        shown,
        pad,
        width,
        message,
    }
}

/// What a syntax error is, as `locale-syntax` says it: its kind and a detail.
fn words(kind: &ErrorKind) -> (&'static str, String) {
    match kind {
        ErrorKind::ExpectedToken(c) => ("token", c.to_string()),
        ErrorKind::ExpectedCharRange { range } => ("range", range.clone()),
        ErrorKind::ExpectedMessageField { entry_id }
        | ErrorKind::ExpectedTermField { entry_id } => ("field", entry_id.clone()),
        ErrorKind::MissingValue => ("value", String::new()),
        ErrorKind::MissingDefaultVariant => ("default", String::new()),
        ErrorKind::MultipleDefaultVariants => ("defaults", String::new()),
        ErrorKind::UnterminatedStringLiteral => ("string", String::new()),
        ErrorKind::UnbalancedClosingBrace => ("brace", String::new()),
        ErrorKind::UnknownEscapeSequence(s) | ErrorKind::InvalidUnicodeEscapeSequence(s) => {
            ("escape", s.clone())
        }
        ErrorKind::MessageReferenceAsSelector
        | ErrorKind::TermReferenceAsSelector
        | ErrorKind::MessageAttributeAsSelector
        | ErrorKind::TermAttributeAsPlaceable
        | ErrorKind::ExpectedSimpleExpressionAsSelector => ("selector", String::new()),
        ErrorKind::PositionalArgumentFollowsNamed | ErrorKind::DuplicatedNamedArgument(_) => {
            ("argument", String::new())
        }
        ErrorKind::ForbiddenCallee
        | ErrorKind::ExpectedInlineExpression
        | ErrorKind::ExpectedLiteral => ("expression", String::new()),
    }
}

/// A reference in a pattern. A term reference carries the names of the arguments it passes:
/// inside a term, a variable is one of them (Fluent renders any other as `{$name}` without an
/// error).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Ref<'a> {
    Message(&'a str, Option<&'a str>),
    Term(&'a str, Option<&'a str>, BTreeSet<&'a str>),
    Function(&'a str),
    Variable(&'a str),
}

fn pattern<'a>(p: &'a ast::Pattern<&'a str>, out: &mut Vec<Ref<'a>>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expr(expression, out);
        }
    }
}

fn expr<'a>(e: &'a ast::Expression<&'a str>, out: &mut Vec<Ref<'a>>) {
    match e {
        ast::Expression::Inline(i) => inline(i, out),
        ast::Expression::Select { selector, variants } => {
            inline(selector, out);
            for v in variants {
                pattern(&v.value, out);
            }
        }
    }
}

fn inline<'a>(e: &'a ast::InlineExpression<&'a str>, out: &mut Vec<Ref<'a>>) {
    let args = |a: &'a ast::CallArguments<&'a str>, out: &mut Vec<Ref<'a>>| {
        for p in &a.positional {
            inline(p, out);
        }
        for n in &a.named {
            inline(&n.value, out);
        }
    };
    match e {
        ast::InlineExpression::StringLiteral { .. }
        | ast::InlineExpression::NumberLiteral { .. } => {}
        ast::InlineExpression::FunctionReference { id, arguments } => {
            out.push(Ref::Function(id.name));
            args(arguments, out);
        }
        ast::InlineExpression::MessageReference { id, attribute } => {
            out.push(Ref::Message(id.name, attribute.as_ref().map(|a| a.name)));
        }
        ast::InlineExpression::TermReference {
            id,
            attribute,
            arguments,
        } => {
            let named = (arguments.iter())
                .flat_map(|a| a.named.iter().map(|n| n.name.name))
                .collect();
            out.push(Ref::Term(
                id.name,
                attribute.as_ref().map(|a| a.name),
                named,
            ));
            if let Some(a) = arguments {
                args(a, out);
            }
        }
        ast::InlineExpression::VariableReference { id } => out.push(Ref::Variable(id.name)),
        ast::InlineExpression::Placeable { expression } => expr(expression, out),
    }
}

/// Every reference of a message or term: its value's and its attributes'.
fn entry_refs<'a>(
    value: Option<&'a ast::Pattern<&'a str>>,
    attributes: &'a [ast::Attribute<&'a str>],
) -> Vec<Ref<'a>> {
    let mut out = Vec::new();
    if let Some(v) = value {
        pattern(v, &mut out);
    }
    for a in attributes {
        pattern(&a.value, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

/// The variables each message id uses in the shipped languages (any of them), made once.
fn shipped_variables() -> &'static HashMap<String, BTreeSet<String>> {
    static VARS: OnceLock<HashMap<String, BTreeSet<String>>> = OnceLock::new();
    VARS.get_or_init(|| {
        let mut vars: HashMap<String, BTreeSet<String>> = HashMap::new();
        for (_, files) in super::shipped() {
            for (_, text) in *files {
                // The messages of a file with a syntax error that did parse (the error is the
                // file's own report, when its language is loaded).
                let res = fluent_syntax::parser::parse(*text).unwrap_or_else(|(res, _)| res);
                for e in &res.body {
                    if let ast::Entry::Message(m) = e {
                        let set = vars.entry(m.id.name.to_string()).or_default();
                        for r in entry_refs(m.value.as_ref(), &m.attributes) {
                            if let Ref::Variable(v) = r {
                                set.insert(v.to_string());
                            }
                        }
                    }
                }
            }
        }
        vars
    })
}

/// The variables arbiter gives message `id`, when it is known: exactly, for the tool's own
/// messages (`say::ALL`); for a message the shipped languages have, every variable any shipped
/// message uses (the renderer's messages do not declare theirs: it gives some message more than
/// the shipped texts use, `$ply` to `game-awaits-decision`). So a name arbiter never gives any
/// message is caught; one it gives another message is not (see README, "Languages").
/// (The shared set is lent, not copied: every message of every language is checked at start.)
pub(super) fn given(id: &str) -> Option<Cow<'static, BTreeSet<String>>> {
    if let Some((_, vars)) = say::ALL.iter().find(|(i, _)| *i == id) {
        return Some(Cow::Owned(vars.iter().map(|v| v.to_string()).collect()));
    }
    static ANY: OnceLock<BTreeSet<String>> = OnceLock::new();
    let shipped = shipped_variables();
    shipped
        .contains_key(id)
        .then(|| Cow::Borrowed(ANY.get_or_init(|| shipped.values().flatten().cloned().collect())))
}

/// Where in `text` the entry `id` (`-id` for a term) is defined, and where `what` first stands
/// after that: the place an error about a reference points at.
fn place(text: &str, id: &str, what: &str) -> (usize, usize) {
    let start = if text.starts_with(&format!("{id} ")) || text.starts_with(&format!("{id}=")) {
        0
    } else {
        [format!("\n{id} "), format!("\n{id}=")]
            .iter()
            .filter_map(|p| text.find(p.as_str()))
            .min()
            .map_or(0, |i| i + 1)
    };
    match text[start..].find(what) {
        Some(i) if !what.is_empty() => (start + i, what.len()),
        _ => (start, id.len().max(1)),
    }
}

/// A message's or term's final definition: the source it is in, its references, whether it has
/// a value, its attributes.
struct Def<'a> {
    source: usize,
    refs: Vec<Ref<'a>>,
    value: bool,
    attributes: BTreeSet<&'a str>,
}

/// The messages and the terms of `sources`, by id (a later source's definition overrides).
type Defs<'a> = BTreeMap<&'a str, Def<'a>>;

fn definitions(sources: &[(Source, FluentResource)]) -> (Defs<'_>, Defs<'_>) {
    let mut messages: Defs = BTreeMap::new();
    let mut terms: Defs = BTreeMap::new();
    for (i, (_, res)) in sources.iter().enumerate() {
        for e in res.entries() {
            match e {
                ast::Entry::Message(m) => {
                    let d = Def {
                        source: i,
                        refs: entry_refs(m.value.as_ref(), &m.attributes),
                        value: m.value.is_some(),
                        attributes: m.attributes.iter().map(|a| a.id.name).collect(),
                    };
                    messages.insert(m.id.name, d);
                }
                ast::Entry::Term(t) => {
                    let d = Def {
                        source: i,
                        refs: entry_refs(Some(&t.value), &t.attributes),
                        value: true,
                        attributes: t.attributes.iter().map(|a| a.id.name).collect(),
                    };
                    terms.insert(t.id.name, d);
                }
                _ => {}
            }
        }
    }
    (messages, terms)
}

/// Variables as a message lists them (`$a, $b`), or a dash for none.
fn listed<'a>(vars: impl Iterator<Item = &'a str>) -> String {
    let list: Vec<String> = vars.map(|v| format!("${v}")).collect();
    if list.is_empty() {
        "—".to_string()
    } else {
        list.join(", ")
    }
}

/// The references of the messages and terms the sources define (see the module's text).
/// The sources are in the order they are added: a later definition overrides.
pub fn references(sources: &[(Source, FluentResource)]) -> Result<(), super::LocaleError> {
    let (messages, terms) = definitions(sources);
    let located = |source: usize, id: &str, what: &str, message: say::Message| {
        let s = &sources[source].0;
        let (at, len) = place(&s.text, id, what);
        located(&s.name, &s.text, at, len, message)
    };
    let has = |defs: &BTreeMap<&str, Def>, id: &str, attr: Option<&str>| {
        defs.get(id).is_some_and(|d| match attr {
            Some(a) => d.attributes.contains(a),
            None => d.value,
        })
    };
    let shown = |id: &str, attr: Option<&str>| match attr {
        Some(a) => format!("{id}.{a}"),
        None => id.to_string(),
    };
    let mut errors = Vec::new();
    for (kind, defs) in [("message", &messages), ("term", &terms)] {
        for (&id, d) in defs.iter() {
            let name = if kind == "term" {
                format!("-{id}")
            } else {
                id.to_string()
            };
            let known = (kind == "message").then(|| given(id)).flatten();
            for r in &d.refs {
                let problem = match r {
                    Ref::Message(m, a) if !has(&messages, m, *a) => {
                        Some((shown(m, *a), say::locale_no_message(&name, shown(m, *a))))
                    }
                    Ref::Term(t, a, _) if !has(&terms, t, *a) => {
                        let t = format!("-{}", shown(t, *a));
                        Some((t.clone(), say::locale_no_term(&name, t)))
                    }
                    Ref::Function(f) => Some((f.to_string(), say::locale_no_function(&name, *f))),
                    Ref::Variable(v) => match &known {
                        Some(vars) if !vars.contains(*v) => {
                            let known = listed(vars.iter().map(String::as_str));
                            Some((
                                format!("${v}"),
                                say::locale_no_variable(&name, format!("${v}"), known),
                            ))
                        }
                        _ => None,
                    },
                    _ => None,
                };
                if let Some((what, message)) = problem {
                    errors.push(located(d.source, &name, &what, message));
                }
            }
            // The variables of the messages it refers to are read with its own (Fluent passes a
            // message's arguments on to the messages it refers to); a term's, with the
            // arguments the reference gives it.
            let mut reported: BTreeSet<String> = BTreeSet::new();
            for r in &d.refs {
                let (needed, given_here, what) = match r {
                    Ref::Message(m, _) => match &known {
                        Some(vars) => (
                            variables(m, false, &messages, &terms),
                            vars.iter().map(String::as_str).collect::<BTreeSet<&str>>(),
                            m.to_string(),
                        ),
                        None => continue,
                    },
                    Ref::Term(t, _, named) => (
                        variables(t, true, &messages, &terms),
                        named.clone(),
                        format!("-{t}"),
                    ),
                    _ => continue,
                };
                for v in needed.difference(&given_here) {
                    if reported.insert(format!("{what}/{v}")) {
                        let list = listed(given_here.iter().copied());
                        let message = say::locale_no_variable(&what, format!("${v}"), list);
                        errors.push(located(d.source, &name, &what, message));
                    }
                }
            }
        }
    }
    // A message that reaches itself through message and term references: formatting it would
    // fail (Fluent's resolver stops the cycle with an error, not a text).
    for (&id, d) in messages.iter() {
        if reaches_itself(id, &messages, &terms) {
            errors.push(located(d.source, id, "", say::locale_cycle(id)));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(super::LocaleError::Located(errors))
    }
}

/// Whether the message `start` refers back to itself (through messages and terms).
fn reaches_itself(
    start: &str,
    messages: &BTreeMap<&str, Def>,
    terms: &BTreeMap<&str, Def>,
) -> bool {
    let mut seen: BTreeSet<(bool, &str)> = BTreeSet::new();
    let mut stack: Vec<(bool, &str)> = vec![(false, start)];
    while let Some((term, id)) = stack.pop() {
        let def = if term {
            terms.get(id)
        } else {
            messages.get(id)
        };
        let Some(def) = def else { continue };
        for r in &def.refs {
            let next = match r {
                Ref::Message(m, _) => (false, *m),
                Ref::Term(t, _, _) => (true, *t),
                _ => continue,
            };
            if next == (false, start) {
                return true;
            }
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    false
}

/// The variables the entry `id` (a term when `term`) reads when formatted: its own, and those
/// of the messages it refers to (which are formatted with the same arguments), not those of the
/// terms it refers to (formatted with the arguments the reference gives).
fn variables<'a>(
    id: &'a str,
    term: bool,
    messages: &BTreeMap<&'a str, Def<'a>>,
    terms: &BTreeMap<&'a str, Def<'a>>,
) -> BTreeSet<&'a str> {
    let mut out = BTreeSet::new();
    let mut seen: BTreeSet<(bool, &str)> = BTreeSet::from([(term, id)]);
    let mut stack = vec![(term, id)];
    while let Some((term, id)) = stack.pop() {
        let def = if term {
            terms.get(id)
        } else {
            messages.get(id)
        };
        for r in def.map_or(&[][..], |d| d.refs.as_slice()) {
            match r {
                Ref::Variable(v) => {
                    out.insert(*v);
                }
                Ref::Message(m, _) if seen.insert((false, *m)) => stack.push((false, *m)),
                _ => {}
            }
        }
    }
    out
}
