//! `arbiter publish`: a static, self-contained bilingual site of the rulebooks, the conformance
//! scenarios and the certification reports (no server, no external fetch: it works from
//! `file://`). Every page is made twice, `en/...` and `ru/...`, each linking to the other.
//!
//! The clauses' event, condition and effects are said in words as the readable rulebook says
//! them (`compile::words`); the labels are the locale's (`publish-*` in `rulebook.ftl`). Pages are
//! minijinja templates (`templates/*.html`) with autoescape on: a rulebook's or a scenario's text
//! is untrusted and always escaped.

// `Diag` carries its source for the caret; boxing it would buy nothing on an error path.
#![allow(clippy::result_large_err)]

// A crate above the facade, conformance and diff (ARCHITECTURE.md, "Crates"): their items,
// named as when this was a module of the facade.
use arbiter::{
    audit, backend, compile, diag, draughts, escape, files, games, lang, load_irs, locale, pgn,
    runtime,
};
use arbiter_conformance as conformance;
use arbiter_diff as diff;

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use minijinja::{Environment, Value, context};
use serde::Serialize;

use crate::compile::words;
use crate::conformance::features::{FEATURES, is_known};
use crate::conformance::report::{Explanations, Tally};
use crate::conformance::runner::Kind;
use crate::conformance::scenario::{self, Scenario, Summary, TEXT_TAGS};
use crate::lang::ir::{Clause, Rulebook};
use crate::locale::{Words, say};

mod diagram;

/// What was written.
#[derive(Debug, Default)]
pub struct Published {
    /// Pages written (both languages).
    pub pages: usize,
    /// Scenario files that could not be read (id, why): not published.
    pub skipped: Vec<(String, say::Message)>,
    /// Entries of the suite not read (its symbolic links, never followed; a `.pgn` or a report
    /// that is not a regular file): warnings, for the caller to say.
    pub not_read: Vec<say::Message>,
}

/// Where the site's material is: the conformance suite (scenarios and `reports/*.jsonl`).
pub struct Sources {
    pub conformance: PathBuf,
    /// Rulebooks to publish (`embedded_names()` by default).
    pub rulebooks: Vec<String>,
}

const TEMPLATES: &[(&str, &str)] = &[
    ("layout.html", include_str!("templates/layout.html")),
    ("index.html", include_str!("templates/index.html")),
    ("rulebook.html", include_str!("templates/rulebook.html")),
    ("scenario.html", include_str!("templates/scenario.html")),
    (
        "implementation.html",
        include_str!("templates/implementation.html"),
    ),
    ("matrix.html", include_str!("templates/matrix.html")),
    ("feature.html", include_str!("templates/feature.html")),
    ("languages.html", include_str!("templates/languages.html")),
    ("changes.html", include_str!("templates/changes.html")),
];

fn env() -> Result<Environment<'static>, String> {
    let mut env = Environment::new();
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    // The default callback already escapes `.html` templates; said here so that it never
    // silently changes.
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    for (name, src) in TEMPLATES {
        env.add_template(name, src).map_err(|e| e.to_string())?;
    }
    env.add_filter("md", |text: String| {
        Value::from_safe_string(inline_markdown(&text))
    });
    Ok(env)
}

/// Inline Markdown as HTML, everything escaped first: `code`, **strong** and *emphasis*. What
/// the site shows of a rulebook's, a scenario's or a report's text (the rules in words and the
/// explanations write identifiers as code) is rendered so, never shown with its backquotes.
pub fn inline_markdown(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    let n = parts.len();
    let mut out = String::with_capacity(text.len() + 16);
    for (i, part) in parts.iter().enumerate() {
        // An odd part is between backquotes, unless its opening backquote is the last, unpaired.
        let code = i % 2 == 1 && (n % 2 == 1 || i + 1 < n);
        if code {
            out.push_str("<code>");
            out.push_str(&escape(part));
            out.push_str("</code>");
        } else {
            if i % 2 == 1 {
                out.push('`');
            }
            out.push_str(&emphasis(&escape(part)));
        }
    }
    out
}

/// HTML-escaped as minijinja escapes (so that a text reads the same through the filter or not).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            '/' => out.push_str("&#x2f;"),
            c => out.push(c),
        }
    }
    out
}

/// `**x**` and `*x*` (x not starting or ending with a space) as `<strong>` and `<em>`; a lone
/// `*` (`K*`, `2 * 3`) stays.
fn emphasis(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('*') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let (mark, tag) = if after.starts_with("**") {
            ("**", "strong")
        } else {
            ("*", "em")
        };
        let inner = &after[mark.len()..];
        match inner.find(mark) {
            Some(j)
                if j > 0
                    && !inner.starts_with(' ')
                    && !inner[..j].ends_with(' ')
                    && !inner[..j].contains('*') =>
            {
                out.push_str(&format!("<{tag}>{}</{tag}>", &inner[..j]));
                rest = &inner[j + mark.len()..];
            }
            _ => {
                out.push_str(mark);
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

fn ser<T: Serialize>(v: &T) -> Value {
    Value::from(minijinja::value::Serde(v))
}

/// The anchor of a clause on its rulebook's page.
pub fn anchor(id: &str) -> String {
    let tail: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    format!("c-{tail}")
}

/// A scenario's page, relative to a language's folder: `scenario/fide-2023--fifty--x.html`.
pub fn scenario_page(id: &str) -> String {
    let stem = id.strip_suffix(".pgn").unwrap_or(id);
    format!(
        "scenario/{}.html",
        page_name(&stem.split('/').collect::<Vec<_>>())
    )
}

/// A feature's page, relative to a language's folder: `feature/fifty-claim.html`.
pub fn feature_page(name: &str) -> String {
    format!("feature/{}.html", file_name(name))
}

/// A rulebook's page, relative to a language's folder.
fn rulebook_page(id: &str) -> String {
    format!("rulebook/{}.html", file_name(id))
}

/// The page of the changes from one edition to the next, relative to a language's folder:
/// `changes/fide-2018--fide-2023.html`.
fn changes_page(old: &str, new: &str) -> String {
    format!("changes/{}.html", page_name(&[old, new]))
}

/// Consecutive editions of a family among the published rulebooks (each an edition itself, not
/// an overlay compiled on one), oldest first: the pairs a change page is made for.
fn edition_pairs(books: &[Book]) -> Vec<(&Book, &Book)> {
    let mut editions: Vec<&Book> = (books.iter())
        .filter(|b| !b.ir.per_edition && b.ir.edition.as_ref().is_some_and(|e| e.id == b.ir.id))
        .collect();
    editions.sort_by(|a, b| {
        let key = |x: &Book| {
            x.ir.edition
                .as_ref()
                .map(|e| (e.family.clone(), e.in_force_from.iso()))
        };
        key(a).cmp(&key(b))
    });
    editions
        .windows(2)
        .filter_map(|w| match w {
            [a, b]
                if a.ir.edition.as_ref().map(|e| &e.family)
                    == b.ir.edition.as_ref().map(|e| &e.family) =>
            {
                Some((*a, *b))
            }
            _ => None,
        })
        .collect()
}

/// What changed from one edition to the next: the clauses (`diff::clauses`) and the suite's
/// scenarios ruled differently, grouped by clause (`diff::Groups`: counts and the first
/// examples, so memory stays bounded), both rulebooks run by the interpreter on their IR.
struct Changes {
    old: String,
    new: String,
    clauses: crate::diff::Clauses,
    groups: crate::diff::Groups,
}

fn changes(old: &Book, new: &Book, conformance: &Path, words: &Words) -> Result<Changes, String> {
    let side = |b: &Book| -> Result<crate::diff::Book, String> {
        let interp =
            crate::backend::interp::Interpreter::new(b.ir.clone()).map_err(|e| e.render(words))?;
        Ok(crate::diff::Book {
            spec: b.ir.id.clone(),
            ir: b.ir.clone(),
            law: crate::runtime::edition::Law::single(std::sync::Arc::new(interp)),
        })
    };
    let (o, n) = (side(old)?, side(new)?);
    let ids = crate::diff::IdMap::between(&o.ir, &n.ir);
    let clauses = crate::diff::clauses(&o.ir, &n.ir, &ids);
    let games = crate::diff::Games {
        old: &o,
        new: &n,
        ids: &ids,
        words,
        options: crate::runtime::adjudicate::Options::default(),
    };
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let mut groups = crate::diff::Groups::default();
    for d in games.suite(conformance, jobs) {
        groups.add(&d);
    }
    Ok(Changes {
        old: old.ir.id.clone(),
        new: new.ir.id.clone(),
        clauses,
        groups,
    })
}

/// The change page's context in the language of `w`.
fn changes_view(
    ch: &Changes,
    books: &[Book],
    w: &Words,
    lang: &str,
    published: &std::collections::HashSet<&str>,
) -> Result<Value, String> {
    let href = |book: &str, id: &Option<String>| -> Option<String> {
        let b = books.iter().find(|b| b.key == book)?;
        let id = id.as_ref()?;
        (b.ir.clauses.iter().any(|c| &c.id == id))
            .then(|| format!("../{}#{}", b.page(), anchor(id)))
    };
    let clauses: Vec<Value> = (ch.clauses.clauses.iter())
        .map(|c| {
            let texts: Vec<Value> = (c.title.iter().chain(&c.text))
                .filter(|t| t.lang == lang && c.change != crate::diff::Change::Added)
                .map(|t| ser(&t.segments))
                .collect();
            // Texts changed only in other languages: named, so that no row is silently empty.
            let here = c.text.iter().chain(&c.title).any(|t| t.lang == lang);
            let shown = !here && c.change != crate::diff::Change::Added;
            let elsewhere: Vec<&str> = (c.title.iter().chain(&c.text))
                .filter(|_| shown)
                .map(|t| t.lang.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let elsewhere = match elsewhere.is_empty() {
                true => None,
                false => Some(w.get(
                    "publish-change-text-in",
                    &[("langs", elsewhere.join(", ").into())],
                )?),
            };
            Ok(context! {
                elsewhere => elsewhere,
                anchor => anchor(c.id()),
                old_id => c.old_id.clone(), new_id => c.new_id.clone(),
                old_href => href(&ch.old, &c.old_id), new_href => href(&ch.new, &c.new_id),
                change => w.get("publish-change-kind", &[("change", c.change.name().into())])?,
                texts => texts,
                rules => ser(&c.rules),
                values => ser(&c.values),
                precedence => c.precedence.as_ref().map(ser),
            })
        })
        .collect::<Result<_, String>>()?;
    let ending = |e: &crate::diff::Ending| -> Result<String, String> {
        let result = e.result.clone().unwrap_or_default();
        match (&e.error, &e.rule) {
            (Some(err), _) => w.get("publish-change-error", &[("error", err.clone().into())]),
            (None, None) => w.get("publish-change-unended", &[("result", result.into())]),
            (None, Some(rule)) => w.get(
                "publish-change-ending",
                &[
                    ("result", result.into()),
                    ("rule", rule.clone().into()),
                    ("ply", i64::from(e.ply.unwrap_or(0)).into()),
                ],
            ),
        }
    };
    let unended = |c: &str| -> Result<String, String> {
        if c == crate::audit::UNENDED {
            w.text("publish-change-not-ended")
        } else {
            Ok(c.to_string())
        }
    };
    let mut groups = Vec::new();
    for ((o, n), g) in ch.groups.by_count() {
        let examples: Vec<Value> = (g.examples.iter())
            .map(|e| {
                Ok(context! {
                    id => e.file.clone(),
                    href => published.contains(e.file.as_str()).then(|| format!("../{}", scenario_page(&e.file))),
                    old => ending(&e.old)?, new => ending(&e.new)?,
                })
            })
            .collect::<Result<_, String>>()?;
        let more = g.count.saturating_sub(g.examples.len() as u64);
        groups.push(context! {
            heading => w.get("publish-change-group", &[("old", unended(o)?.into()), ("new", unended(n)?.into()), ("games", (g.count as i64).into())])?,
            examples => examples,
            more => (more > 0).then(|| w.get("publish-change-more", &[("count", (more as i64).into())])).transpose()?,
        });
    }
    Ok(context! {
        title => format!("{} → {}", ch.old, ch.new),
        clauses => clauses,
        groups => groups,
        summary => w.get("publish-change-summary", &[("games", (ch.groups.games as i64).into()), ("changed", (ch.groups.changed as i64).into())])?,
    })
}

/// An implementation's page, relative to a language's folder.
fn implementation_page(name: &str) -> String {
    format!("implementation/{}.html", file_name(name))
}

fn file_name(s: &str) -> String {
    page_name(&[s])
}

/// Whether a part of a name stands for itself in a page's name: lower-case ASCII letters,
/// digits, `.`, `_` and `-`, not starting with `.` or `-`, not ending with `-`, and without
/// `--` (which joins parts).
fn plain(part: &str) -> bool {
    !part.is_empty()
        && part
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b))
        && !part.starts_with(['.', '-'])
        && !part.ends_with('-')
        && !part.contains("--")
}

/// The name of a page made of `parts` (a scenario's folders and file, or one name), distinct for
/// distinct parts (so no page replaces another: `мат.pgn` and `пат.pgn`, `lib one` and
/// `lib_one`), and safe on any file system and in a URL. Plain parts are joined with `--`
/// (`fide-2023--fifty--x`); otherwise what is plain of them is kept for the reader and a stable
/// hash of the whole follows a `~`, which no plain name holds (`fide-2023--mate--___~3f1c...`).
/// Two names can then only meet by a 64-bit hash collision, which `publish` still refuses.
fn page_name(parts: &[&str]) -> String {
    if parts.iter().all(|p| plain(p)) {
        return parts.join("--");
    }
    let shown: Vec<String> = parts
        .iter()
        .map(|p| {
            p.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect();
    // FNV-1a over the parts and their separators: the same on every machine and release.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, p) in parts.iter().enumerate() {
        let sep: &[u8] = if i == 0 { b"" } else { b"/" };
        for b in sep.iter().chain(p.as_bytes()) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{}~{h:016x}", shown.join("--"))
}

/// One scenario as the site shows it.
#[derive(Serialize)]
struct ScenarioView {
    id: String,
    page: String,
    rulebook: String,
    /// The key of the rulebook page it belongs to (`club--fide-2023`: the rulebook on the
    /// edition in force on the game's date), when one is published.
    book: Option<String>,
    /// The texts for people (`TEXT_TAGS`) in each language the scenario gives them in:
    /// (tag, language) -> text.
    #[serde(skip)]
    texts: BTreeMap<(String, String), String>,
    clauses: Vec<String>,
    features: Vec<String>,
    fen: Option<String>,
    movetext: String,
    result: String,
    rule: Option<String>,
    ended_at_ply: Option<u32>,
    /// The position the diagram shows; none when the record does not replay.
    #[serde(skip)]
    decisive: Option<diagram::Decisive>,
}

/// The moves with their numbers, each comment (the event commands) in its place: `70. Ke3
/// { [%claim fifty] } 70... Kc7`. Linear in the moves and comments (the comments are in the
/// order of the record, so one pass places them).
fn movetext(s: &Scenario, first: (u64, bool)) -> String {
    let g = &s.game;
    let (mut number, mut black) = first;
    let mut out: Vec<String> = Vec::new();
    let mut comments = g.comments.iter().peekable();
    let mut comments_at = |ply: usize, out: &mut Vec<String>| {
        while let Some((_, c)) = comments.next_if(|(p, _)| *p <= ply) {
            out.push(format!("{{ {} }}", c.trim()));
        }
    };
    let mut need_number = true;
    for (ply, m) in g.moves.texts().into_iter().enumerate() {
        let before = out.len();
        comments_at(ply, &mut out);
        if out.len() > before {
            need_number = true;
        }
        if !black {
            out.push(format!("{number}. {m}"));
        } else if need_number {
            out.push(format!("{number}... {m}"));
        } else {
            out.push(m);
        }
        need_number = black;
        if black {
            number = number.saturating_add(1);
        }
        black = !black;
    }
    comments_at(usize::MAX, &mut out);
    out.push(s.expected.result.clone());
    out.join(" ")
}

/// The number of the record's first move and whether Black makes it, as the game's start
/// position says: a chess FEN's side and move number (a move number past
/// `pgn::record::MAX_FEN_NUMBER` is the error the adjudicator gives too), a draughts
/// FEN's side as the draughts reader reads it (`B` or `b`); 1 and White without a FEN, or with
/// one that does not read (such a record does not replay: no diagram).
pub fn first_move(g: &crate::pgn::Game) -> Result<(u64, bool), say::Message> {
    let Some(fen) = g.tag("FEN") else {
        return Ok((1, false));
    };
    match g.kind {
        crate::games::GameKind::Chess => {
            let f: Vec<&str> = fen.split_ascii_whitespace().collect();
            let black = f.get(1) == Some(&"b");
            let number = match f.get(5) {
                Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => {
                    let max = crate::pgn::record::MAX_FEN_NUMBER;
                    match n.parse::<u64>() {
                        Ok(n) if n <= max => n.max(1),
                        _ => {
                            return Err(crate::locale::say::game_fen_number_too_large(
                                "fullmove",
                                crate::diag::clip(n, 24),
                                max,
                            ));
                        }
                    }
                }
                _ => 1,
            };
            Ok((number, black))
        }
        crate::games::GameKind::RussianDraughts => {
            let black = crate::draughts::Position::from_fen(fen)
                .is_ok_and(|p| p.turn() == shakmaty::Color::Black);
            Ok((1, black))
        }
    }
}

/// Move `ply` (0-based) of the record with its number as the site writes it: `60. Ra5+`,
/// `60... Kd4`.
fn numbered(first: (u64, bool), ply: usize, text: &str) -> String {
    let (number, black) = first;
    let half = (ply as u64).saturating_add(u64::from(black));
    let number = number.saturating_add(half / 2);
    if half.is_multiple_of(2) {
        format!("{number}. {text}")
    } else {
        format!("{number}... {text}")
    }
}

/// The text `tag` of a scenario on a page in `lang`: in that language when the scenario gives it,
/// otherwise in the plain tags' language, with `untranslated` set so the page says so.
fn page_text(s: &ScenarioView, tag: &str, lang: &str) -> Value {
    let get = |l: &str| s.texts.get(&(tag.to_string(), l.to_string()));
    let plain = scenario::TEXT_TAGS_LANG;
    match get(lang) {
        Some(text) => context! {
            text => text, lang => lang, untranslated => false, translated => lang != plain,
        },
        None => context! {
            text => get(plain).cloned().unwrap_or_default(), lang => plain,
            untranslated => lang != plain, translated => false,
        },
    }
}

fn view(s: &Scenario, books: &[Book]) -> Result<ScenarioView, say::Message> {
    let first = first_move(&s.game)?;
    Ok(ScenarioView {
        id: s.id.clone(),
        page: scenario_page(&s.id),
        rulebook: s.rulebook.clone(),
        book: book_of(s, books).map(|b| b.key.clone()),
        texts: crate::locale::languages()
            .iter()
            .flat_map(|l| TEXT_TAGS.iter().map(move |t| (*t, l)))
            .filter_map(|(t, l)| Some(((t.to_string(), l.clone()), s.text(t, l)?.to_string())))
            .collect(),
        clauses: s.clauses.clone(),
        features: s.features.clone(),
        fen: s.game.tag("FEN").map(str::to_string),
        movetext: movetext(s, first),
        result: s.expected.result.clone(),
        rule: s.expected.rule.clone(),
        ended_at_ply: s.expected.ended_at_ply,
        decisive: diagram::decisive(s, first),
    })
}

/// A scenario in a list (a clause's, a feature's): its id and page, nothing more — a clause
/// cited by thousands of scenarios, or a scenario citing thousands of clauses, costs a line
/// each, never a copy of the game.
#[derive(Serialize)]
struct ScenarioLink<'a> {
    id: &'a str,
    page: &'a str,
}

fn links<'a>(scenarios: &'a [ScenarioView], which: &[usize]) -> Vec<ScenarioLink<'a>> {
    which
        .iter()
        .filter_map(|&i| scenarios.get(i))
        .map(|s| ScenarioLink {
            id: &s.id,
            page: &s.page,
        })
        .collect()
}

/// One line of a certification report (`conformance/reports/*.jsonl`).
#[derive(serde::Deserialize)]
struct Line {
    id: String,
    #[serde(default)]
    clauses: Vec<String>,
    #[serde(default)]
    features: Vec<String>,
    #[serde(default)]
    outcome: String,
    #[serde(default)]
    expected: Option<serde_json::Value>,
    #[serde(default)]
    got: Option<serde_json::Value>,
    #[serde(default)]
    details: Vec<String>,
}

struct Implementation {
    name: String,
    tally: Tally,
    lines: Vec<Line>,
    /// Why it fails what it fails (`failures.yaml` beside its adapter, arbiter's
    /// `arbiter-failures.yaml`), when there is such a file.
    explanations: Option<Explanations>,
    /// (rulebook, clause) -> tally.
    by_clause: BTreeMap<(String, String), Tally>,
    /// feature -> tally (every line that needs it, inherited scenarios' included).
    by_feature: BTreeMap<String, Tally>,
}

/// The largest certification report read (`reports/*.jsonl`).
pub const MAX_REPORT_BYTES: u64 = 256 << 20;

/// The certification reports in `dir` (`*.jsonl`), read as the suite is (`files`): no link
/// followed, no FIFO read, none over `MAX_REPORT_BYTES`; what is not read is said in `not_read`.
fn implementations(
    dir: &Path,
    not_read: &mut Vec<say::Message>,
    words: &Words,
) -> Result<Vec<Implementation>, String> {
    let walk = crate::files::walk(
        dir,
        |_, _| false,
        |p, _| p.extension().is_some_and(|x| x == "jsonl"),
    );
    for (p, why) in walk.refused {
        let p = p.display().to_string();
        not_read.push(match why {
            crate::files::Refused::Link => say::link_not_followed(p),
            crate::files::Refused::NotRegular => say::special_not_read(p),
        });
    }
    let mut out = Vec::new();
    for f in walk.files {
        let bytes = crate::files::read(&f, MAX_REPORT_BYTES)
            .map_err(|e| say::unreadable(f.display().to_string(), &e).render(words))?;
        let text = String::from_utf8_lossy(&bytes);
        let name = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let explained = match name.as_str() {
            "arbiter" => dir.join("../arbiter-failures.yaml"),
            other => dir.join("../adapters").join(other).join("failures.yaml"),
        };
        let explanations = if explained.is_file() {
            Some(Explanations::load(&explained).map_err(|d| d.render(words))?)
        } else {
            None
        };
        let mut imp = Implementation {
            name,
            tally: Tally::default(),
            lines: Vec::new(),
            explanations,
            by_clause: BTreeMap::new(),
            by_feature: BTreeMap::new(),
        };
        for (i, l) in text.lines().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            let line: Line =
                serde_json::from_str(l).map_err(|e| format!("{}:{}: {e}", f.display(), i + 1))?;
            imp.tally.add(Kind::from_wire(&line.outcome));
            let book = line.id.split('/').next().unwrap_or_default().to_string();
            for c in &line.clauses {
                imp.by_clause
                    .entry((book.clone(), c.clone()))
                    .or_default()
                    .add(Kind::from_wire(&line.outcome));
            }
            for f in &line.features {
                imp.by_feature
                    .entry(f.clone())
                    .or_default()
                    .add(Kind::from_wire(&line.outcome));
            }
            imp.lines.push(line);
        }
        out.push(imp);
    }
    Ok(out)
}

/// How clause ids sort: numerically, `9.2.1.2` before `9.10`.
type ClauseKey = Vec<(u32, String)>;

/// Numeric order of clause ids: `9.2.1.2` before `9.10`.
fn clause_key(id: &str) -> ClauseKey {
    id.split('.')
        .map(|p| (p.parse::<u32>().unwrap_or(u32::MAX), p.to_string()))
        .collect()
}

/// A base's scenario as an overlay inherits it (`conformance::inherit`), on the overlay's clause
/// pages: its id under the overlay (`club/fide-2018/...`), and the base's page for it (none when
/// the base is not published). The site makes no page of its own for it: the game, the
/// description and the expectations are the base's (its clauses renamed at most).
#[derive(Serialize, Clone)]
struct InheritedView {
    id: String,
    base: String,
    page: Option<String>,
}

/// (overlay, clause as the overlay names it) -> the inherited scenarios citing it.
type InheritedCites = BTreeMap<(String, String), Vec<InheritedView>>;

/// Scenario id (an inherited one under its overlay's id too) -> event index -> (line, column)
/// of the event's command in the scenario's text.
type Places = BTreeMap<String, std::collections::HashMap<u32, (usize, usize)>>;

/// The inherited scenarios of every overlay among `books` that apply under it (those the runner
/// reports not applicable are left out), by the clauses they cite in the overlay's ids.
fn inherited_cites(
    books: &[Book],
    conformance: &Path,
    loaded: &BTreeMap<String, Scenario>,
    places: &mut Places,
    words: &Words,
) -> Result<InheritedCites, String> {
    let mut out = InheritedCites::new();
    for b in books {
        if !b.ir.chain.iter().any(|x| *x != b.ir.id) {
            continue;
        }
        let ir = std::sync::Arc::new(b.ir.clone());
        let plan = crate::conformance::inherit::plan(conformance, &b.ir.id, &[ir], words)?;
        for p in plan {
            let Some(how) = &p.inherited else { continue };
            let (s, page) = match loaded.get(&how.base_id) {
                Some(s) => (s.clone(), Some(scenario_page(&how.base_id))),
                None => match Scenario::load(&how.base_id, &p.path) {
                    Ok(s) => (s, None),
                    Err(_) => continue,
                },
            };
            places.insert(p.id.clone(), s.event_places());
            let Ok(s) = how.apply(s, &p.id) else { continue };
            for c in &s.clauses {
                out.entry((b.key.clone(), c.clone()))
                    .or_default()
                    .push(InheritedView {
                        id: p.id.clone(),
                        base: how.base.clone(),
                        page: page.clone(),
                    });
            }
        }
    }
    Ok(out)
}

/// A rulebook as the site publishes it: one page per rulebook, and per edition of the family a
/// rulebook stands on (`club` on each FIDE edition).
struct Book {
    ir: Rulebook,
    /// Its page's name: `fide-2023`, `club--fide-2023`.
    key: String,
    /// How it is named: `fide-2023`, `club (fide-2023)`.
    label: String,
}

impl Book {
    fn of(ir: Rulebook) -> Book {
        let (key, label) = match (&ir.edition, ir.per_edition) {
            (Some(e), true) => (
                format!("{}--{}", ir.id, e.id),
                format!("{} ({})", ir.id, e.id),
            ),
            _ => (ir.id.clone(), ir.id.clone()),
        };
        Book { ir, key, label }
    }

    /// `rulebook/club--fide-2023.html`: the rulebook's name and its edition's, each a part of
    /// the page's name (`page_name`), so that no name of one can pass for the other's.
    fn page(&self) -> String {
        match (&self.ir.edition, self.ir.per_edition) {
            (Some(e), true) => format!("rulebook/{}.html", page_name(&[&self.ir.id, &e.id])),
            _ => rulebook_page(&self.ir.id),
        }
    }
}

/// The published rulebook a scenario runs under: the rulebook it is written for (or the
/// editions of the family it names), on the edition in force on the game's date, or the one
/// it is inherited on.
fn book_of<'b>(s: &Scenario, books: &'b [Book]) -> Option<&'b Book> {
    let candidates: Vec<&Book> = books
        .iter()
        .filter(|b| {
            b.ir.id == s.rulebook
                || b.ir
                    .edition
                    .as_ref()
                    .is_some_and(|e| e.family == s.rulebook && e.id == b.ir.id)
        })
        .collect();
    if let Some(e) = &s.edition
        && let Some(b) = candidates
            .iter()
            .find(|b| b.ir.edition.as_ref().is_some_and(|x| &x.id == e))
    {
        return Some(b);
    }
    let days: Vec<_> = candidates
        .iter()
        .map(|b| b.ir.edition.as_ref().map(|e| e.in_force_from))
        .collect();
    let date = s.game.tag("Date").unwrap_or_default();
    // A date that is no date: the newest edition's page (the scenario fails to load anyway).
    let i = crate::runtime::edition::choose(&days, date)
        .map_or(candidates.len().saturating_sub(1), |(i, _)| i);
    candidates.get(i).copied()
}

/// The page of the rulebook a report names (`club`: its newest edition's).
fn book_for_name<'b>(name: &str, books: &'b [Book]) -> Option<&'b Book> {
    books.iter().rev().find(|b| b.ir.id == name)
}

fn clause_view(
    book: &Book,
    c: &Clause,
    w: &Words,
    cited: &Cited,
    scenarios: &[ScenarioView],
    inherited: &InheritedCites,
) -> Result<Value, String> {
    let lang = w.lang.as_str();
    let ir = &book.ir;
    let mut texts = Vec::new();
    // Side by side in the rulebook's own order of its languages.
    for l in &ir.languages {
        texts.push(context! {
            lang => l,
            autonym => words::autonym(l)?,
            text => c.text.get(l).cloned(),
            standing => words::standing(c, l, w)?,
        });
    }
    let rules = (c.rules.iter())
        .filter_map(|&r| ir.rules.get(r))
        .map(|r| words::rule(r, w, ir))
        .collect::<Result<Vec<_>, _>>()?;
    let link = |id: &str| {
        let known = ir.clauses.iter().any(|x| x.id == id);
        context! { id => id, anchor => known.then(|| anchor(id)) }
    };
    let disabled = match &c.disabled {
        None => None,
        Some(crate::lang::ir::Disabled::Reason(why)) => why.get(lang).cloned(),
        Some(crate::lang::ir::Disabled::ReplacedBy(id)) => Some(words::replaced_by(id, w)?),
    };
    let scenarios = links(
        scenarios,
        cited
            .get(&(book.key.clone(), c.id.clone()))
            .map_or(&[][..], Vec::as_slice),
    );
    let inherited = inherited
        .get(&(book.key.clone(), c.id.clone()))
        .cloned()
        .unwrap_or_default();
    Ok(context! {
        id => c.id.clone(),
        anchor => anchor(&c.id),
        title => c.title.as_ref().and_then(|t| t.get(lang).cloned()),
        texts => texts,
        rules => minijinja::Value::from(minijinja::value::Serde(&rules)),
        disabled => disabled,
        note => c.note.as_ref().and_then(|t| t.get(lang).cloned()),
        refs => c.refs.iter().map(|r| link(r)).collect::<Vec<_>>(),
        exception_to => c.exception_to.iter().filter_map(|j| ir.clauses.get(*j)).map(|x| link(&x.id)).collect::<Vec<_>>(),
        scenarios => ser(&scenarios),
        inherited => ser(&inherited),
    })
}

fn labels(w: &Words) -> Result<BTreeMap<String, String>, String> {
    let mut labels = BTreeMap::new();
    for l in [
        "on",
        "when",
        "effects",
        "effects-none",
        "exception-to",
        "refs",
        "rule",
        "official",
    ] {
        labels.insert(l.replace('-', "_"), w.text(&format!("label-{l}"))?);
    }
    for l in [
        "site",
        "rulebooks",
        "implementations",
        "matrix",
        "clause",
        "scenarios",
        "scenario",
        "no-scenarios",
        "description",
        "derivation",
        "moves",
        "position",
        "expected-result",
        "expected-rule",
        "ended-at-ply",
        "features",
        "clauses",
        "passed",
        "failed",
        "errored",
        "skipped",
        "not-applicable",
        "total",
        "failures",
        "no-failures",
        "unexplained",
        "errors",
        "reported",
        "implementation",
        "other-language",
        "not-in-force",
        "note",
        "home",
        "feature",
        "scenarios-with-feature",
        "feature-by-implementation",
        "inherited",
        "inherited-note",
        "inherited-from",
        "untranslated",
        "edition",
        "in-force-from",
        "other-editions",
        "translated",
        "changes",
        "changes-intro",
        "change",
        "what-changed",
        "changed-games",
    ] {
        labels.insert(l.replace('-', "_"), w.text(&format!("publish-{l}"))?);
    }
    Ok(labels)
}

/// An implementation's failures as its page shows them in the language of `w`: grouped by the
/// classes of its explanations (each class's title and reason in that language when written in
/// it, else in English, marked), each failure's differences said in that language (from the
/// report's `expected` and `got`, not the report's own text), the failures no class explains,
/// and the scenarios it errored on with what it reported (its own words, quoted as code).
fn implementation_view(
    i: &Implementation,
    w: &Words,
    places: &Places,
    published: &std::collections::HashSet<&str>,
) -> Result<Value, String> {
    let lang = w.lang.as_str();
    let failure = |l: &Line| -> Result<Value, String> {
        let mut lines = Vec::new();
        if let (Some(x), Some(got)) = (&l.expected, &l.got) {
            let parse = |v: &serde_json::Value| {
                serde_json::from_value::<Summary>(v.clone())
                    .map_err(|e| format!("{}: {}: {e}", i.name, l.id))
            };
            let (x, got) = (parse(x)?, parse(got)?);
            let at = places.get(&l.id);
            for d in scenario::differences(&x, &got, |e| {
                at.and_then(|p| p.get(&e.index)).copied().unwrap_or((0, 0))
            }) {
                let (id, args) = d.message();
                let args: Vec<(&str, fluent_bundle::FluentValue)> =
                    args.into_iter().map(|(k, v)| (k, v.into())).collect();
                lines.push(w.get(id, &args)?);
            }
        }
        Ok(context! {
            id => l.id.clone(),
            href => published.contains(l.id.as_str()).then(|| format!("../{}", scenario_page(&l.id))),
            lines => lines,
            // A report without the two summaries (another runner's): its own words, quoted.
            reported => if l.expected.is_some() && l.got.is_some() { Vec::new() } else { l.details.clone() },
        })
    };
    let failed: Vec<&Line> = i.lines.iter().filter(|l| l.outcome == "failed").collect();
    let mut groups = Vec::new();
    let mut rest = failed.clone();
    if let Some(x) = &i.explanations {
        for c in &x.classes {
            let members: Vec<&Line> = failed
                .iter()
                .copied()
                .filter(|l| c.explains(&l.id))
                .collect();
            if members.is_empty() {
                continue;
            }
            rest.retain(|l| !c.explains(&l.id));
            let (title, reason, text_lang) = match (c.title.get(lang), c.reason.get(lang)) {
                (Some(t), Some(r)) => (t, r, lang),
                _ => (c.title.english(), c.reason.english(), "en"),
            };
            groups.push(context! {
                clause => c.clause.clone(), title => title.trim(), reason => reason.trim(),
                lang => text_lang, untranslated => text_lang != lang,
                members => members.into_iter().map(failure).collect::<Result<Vec<_>, _>>()?,
            });
        }
    }
    if !rest.is_empty() {
        groups.push(context! {
            clause => Value::from(()), title => w.text("publish-unexplained")?, reason => Value::from(()),
            lang => lang, untranslated => false,
            members => rest.into_iter().map(failure).collect::<Result<Vec<_>, _>>()?,
        });
    }
    let errors: Vec<Value> = i
        .lines
        .iter()
        .filter(|l| l.outcome == "errored")
        .map(|l| {
            context! {
                id => l.id.clone(),
                href => published.contains(l.id.as_str()).then(|| format!("../{}", scenario_page(&l.id))),
                reported => l.details.clone(),
            }
        })
        .collect();
    Ok(context! { groups => groups, errors => errors })
}

struct Site {
    env: Environment<'static>,
    out: PathBuf,
    pages: usize,
    /// The site's languages and their names for themselves.
    langs: Vec<(String, String)>,
    /// The words its errors are said in.
    words: Words,
}

impl Site {
    /// Write `page` (relative to the language folder) in `lang`, with the shared context.
    fn write(&mut self, lang: &str, page: &str, template: &str, ctx: Value) -> Result<(), String> {
        let depth = page.matches('/').count();
        let root = "../".repeat(depth);
        // The same page in every other language of the site.
        let others: Vec<Value> = self
            .langs
            .iter()
            .filter(|(l, _)| l != lang)
            .map(|(l, name)| context! { lang => l, name => name, href => format!("{root}../{l}/{page}") })
            .collect();
        let page_ctx = context! {
            lang => lang,
            root => root.clone(),
            others => others,
            ..ctx
        };
        let html = self
            .env
            .get_template(template)
            .and_then(|t| t.render(page_ctx))
            .map_err(|e| format!("{template}: {e:#}"))?;
        write(&self.out, &Path::new(lang).join(page), &html, &self.words)?;
        self.pages += 1;
        Ok(())
    }
}

/// Write a file of the site: only under `out`, never through a symbolic link
/// (`files::write_under`).
fn write(out: &Path, rel: &Path, text: &str, words: &Words) -> Result<(), String> {
    use crate::files::WriteError;
    crate::files::write_under(out, rel, text.as_bytes()).map_err(|e| {
        match e {
            WriteError::Link(p) => say::publish_link(p.display().to_string()),
            WriteError::Outside(p) => say::publish_outside(p.display().to_string()),
            WriteError::NotAFolder(p) => say::publish_not_a_folder(p.display().to_string()),
            WriteError::Io(p, e) => say::writing_error(p.display().to_string(), say::io_error(&e)),
        }
        .render(words)
    })
}

/// (rulebook, clause) -> the scenarios citing it (indices into the site's scenarios).
type Cited = BTreeMap<(String, String), Vec<usize>>;

/// Every page the site's sources make, checked distinct: no page replaces another.
fn check_pages(
    scenarios: &[ScenarioView],
    books: &[Book],
    imps: &[Implementation],
) -> Result<(), say::Message> {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let pages = (scenarios.iter().map(|s| (s.page.clone(), s.id.clone())))
        .chain(books.iter().map(|b| (b.page(), b.label.clone())))
        .chain(
            imps.iter()
                .map(|i| (implementation_page(&i.name), i.name.clone())),
        )
        .chain(FEATURES.iter().map(|f| (feature_page(f), f.to_string())))
        .chain(edition_pairs(books).into_iter().map(|(a, b)| {
            (
                changes_page(&a.ir.id, &b.ir.id),
                format!("{} → {}", a.ir.id, b.ir.id),
            )
        }));
    for (page, source) in pages {
        if let Some(first) = seen.get(&page) {
            return Err(say::page_collision(page, first, source));
        }
        seen.insert(page, source);
    }
    Ok(())
}

/// Write the site into `out`; its errors are said in `words`, the site in every language.
pub fn publish(out: &Path, src: &Sources, words: &Words) -> Result<Published, String> {
    let mut books: Vec<Rulebook> = Vec::new();
    for name in &src.rulebooks {
        for ir in crate::load_irs(name).map_err(|e| format!("{name}: {}", e.display(words)))? {
            books.push(ir);
        }
    }
    publish_books(out, src, &books, words)
}

/// `publish` with the rulebooks already loaded (`src.rulebooks` names which of them are
/// published: their ids).
pub fn publish_books(
    out: &Path,
    src: &Sources,
    books: &[Rulebook],
    words: &Words,
) -> Result<Published, String> {
    let mut published = Published::default();
    // A family's editions are rulebooks of their own too, and a rulebook over a family is
    // published on each of its editions: one page each.
    let mut pages: Vec<Book> = Vec::new();
    for ir in books {
        let book = Book::of(ir.clone());
        if !pages.iter().any(|b| b.key == book.key) {
            pages.push(book);
        }
    }
    let m = gather(src, &pages, &mut published, words)?;
    let ids: HashSet<&str> = m.scenarios.iter().map(|s| s.id.as_str()).collect();
    // Every language arbiter speaks (the locale registry: a new language is a folder of
    // Fluent files), each with its own name.
    let langs = crate::locale::languages()
        .into_iter()
        .map(|l| {
            let name = words::autonym(&l)?;
            Ok((l, name))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut site = Site {
        env: env()?,
        out: out.to_path_buf(),
        pages: 0,
        langs,
        words: words.clone(),
    };
    std::fs::create_dir_all(out).map_err(|e| {
        say::writing_error(out.display().to_string(), say::io_error(&e)).render(words)
    })?;
    let langs: Vec<String> = site.langs.iter().map(|(l, _)| l.clone()).collect();
    for lang in &langs {
        let lang = lang.as_str();
        let w = Words::new(lang).map_err(|e| e.render(words))?;
        let labels = labels(&w)?;
        let (imp_list, feature_list) = write_index(&mut site, lang, &w, &labels, &m, &ids)?;
        write_features(&mut site, lang, &labels, &m, &feature_list)?;
        write_books(&mut site, lang, &w, &labels, &m)?;
        write_scenarios(&mut site, lang, &w, &labels, &m)?;
        write_reports(&mut site, lang, &w, &labels, &m, &ids, imp_list)?;
    }
    write_entry(&site, out)?;
    published.pages = site.pages + 1;
    Ok(published)
}

/// What the site is made of, gathered once for every language.
struct Material<'a> {
    books: &'a [Book],
    scenarios: Vec<ScenarioView>,
    /// (rulebook, clause) -> the scenarios citing it.
    cited: Cited,
    places: Places,
    inherited: InheritedCites,
    imps: Vec<Implementation>,
    /// The changes from each edition of a family to the next.
    changed: Vec<Changes>,
}

/// The scenarios of the published rulebooks (what cannot be read is said in `published`), who
/// cites which clause, the implementations' reports and the edition changes, checked to make
/// distinct pages.
fn gather<'a>(
    src: &Sources,
    books: &'a [Book],
    published: &mut Published,
    words: &Words,
) -> Result<Material<'a>, String> {
    // Scenarios of the published rulebooks, and who cites which clause.
    let mut scenarios = Vec::new();
    let mut loaded = BTreeMap::new();
    // The suite's one walk (`conformance::scenario::discover_all`): no link followed.
    let found = scenario::discover_all(&src.conformance);
    for (id, why) in found.refused {
        let path = src.conformance.join(&id).display().to_string();
        published.not_read.push(match why {
            crate::files::Refused::Link => say::link_not_followed(path),
            crate::files::Refused::NotRegular => say::special_not_read(path),
        });
    }
    for (id, path) in found.scenarios {
        let book = id.split('/').next().unwrap_or_default();
        if !src.rulebooks.iter().any(|b| b == book) {
            continue;
        }
        match Scenario::load(&id, &path).and_then(|s| Ok((view(&s, books)?, s))) {
            Ok((v, s)) => {
                scenarios.push(v);
                loaded.insert(id, s);
            }
            Err(e) => published.skipped.push((id, e)),
        }
    }
    let mut cited = Cited::new();
    for (i, s) in scenarios.iter().enumerate() {
        let Some(book) = &s.book else { continue };
        for c in &s.clauses {
            cited.entry((book.clone(), c.clone())).or_default().push(i);
        }
    }
    // Where each scenario's events stand in its text, to say a failure's line and column.
    let mut places: Places = (loaded.iter())
        .map(|(id, s)| (id.clone(), s.event_places()))
        .collect();
    let inherited = inherited_cites(books, &src.conformance, &loaded, &mut places, words)?;
    drop(loaded);
    let imps = implementations(
        &src.conformance.join("reports"),
        &mut published.not_read,
        words,
    )?;
    check_pages(&scenarios, books, &imps).map_err(|e| e.render(words))?;
    let mut changed = Vec::new();
    for (a, b) in edition_pairs(books) {
        changed.push(changes(a, b, &src.conformance, words)?);
    }
    Ok(Material {
        books,
        scenarios,
        cited,
        places,
        inherited,
        imps,
        changed,
    })
}

/// The index of one language: the rulebooks, implementations, features and edition changes,
/// and the change pages. Returns the implementations' and features' lists, which other pages
/// repeat.
fn write_index(
    site: &mut Site,
    lang: &str,
    w: &Words,
    labels: &BTreeMap<String, String>,
    m: &Material,
    ids: &HashSet<&str>,
) -> Result<(Vec<Value>, Vec<Value>), String> {
    let book_list: Vec<Value> = m
        .books
        .iter()
        .map(|b| {
            context! {
                id => b.label.clone(),
                title => b.ir.title.get(lang).cloned(),
                page => b.page(),
                scenarios => m.scenarios.iter().filter(|s| s.book.as_ref() == Some(&b.key)).count(),
            }
        })
        .collect();
    let imp_list: Vec<Value> = m
        .imps
        .iter()
        .map(|i| {
            context! {
                name => i.name.clone(),
                page => implementation_page(&i.name),
                tally => ser(&i.tally),
            }
        })
        .collect();
    // The features of the protocol (`conformance::features`), each said in the locale's
    // words.
    let mut feature_list = Vec::new();
    for f in FEATURES {
        feature_list.push(context! {
            name => *f,
            page => feature_page(f),
            text => w.text(&format!("publish-feature-{f}"))?,
            scenarios => m.scenarios.iter().filter(|s| s.features.iter().any(|x| x == f)).count(),
        });
    }
    let change_list: Vec<Value> = (m.changed.iter())
        .map(|c| context! { title => format!("{} → {}", c.old, c.new), page => changes_page(&c.old, &c.new) })
        .collect();
    site.write(
        lang,
        "index.html",
        "index.html",
        context! {
            labels => labels.clone(), books => book_list, imps => imp_list.clone(),
            features => feature_list.clone(), changes => change_list,
        },
    )?;
    for c in &m.changed {
        let view = changes_view(c, m.books, w, lang, ids)?;
        site.write(
            lang,
            &changes_page(&c.old, &c.new),
            "changes.html",
            context! { labels => labels.clone(), ..view },
        )?;
    }
    Ok((imp_list, feature_list))
}

/// The features' pages of one language: the scenarios that need each, and each
/// implementation's tally on them.
fn write_features(
    site: &mut Site,
    lang: &str,
    labels: &BTreeMap<String, String>,
    m: &Material,
    feature_list: &[Value],
) -> Result<(), String> {
    for (f, fv) in FEATURES.iter().zip(feature_list) {
        let needing: Vec<usize> = (m.scenarios.iter().enumerate())
            .filter(|(_, s)| s.features.iter().any(|x| x == f))
            .map(|(i, _)| i)
            .collect();
        let needing = links(&m.scenarios, &needing);
        let rows: Vec<Value> = m
            .imps
            .iter()
            .map(|i| {
                context! {
                    name => i.name.clone(),
                    page => format!("../{}", implementation_page(&i.name)),
                    tally => ser(&i.by_feature.get(*f).copied().unwrap_or_default()),
                }
            })
            .collect();
        site.write(
            lang,
            &feature_page(f),
            "feature.html",
            context! {
                labels => labels.clone(), feature => fv.clone(),
                scenarios => ser(&needing), rows => rows,
            },
        )?;
    }
    Ok(())
}

/// The rulebooks' pages of one language: each article's clauses, with the scenarios that cite
/// them, and the editions a rulebook is published on.
fn write_books(
    site: &mut Site,
    lang: &str,
    w: &Words,
    labels: &BTreeMap<String, String>,
    m: &Material,
) -> Result<(), String> {
    for b in m.books {
        let mut articles = Vec::new();
        for a in &b.ir.articles {
            let mut clauses = Vec::new();
            for &i in &a.clauses {
                if let Some(c) = b.ir.clauses.get(i) {
                    clauses.push(clause_view(b, c, w, &m.cited, &m.scenarios, &m.inherited)?);
                }
            }
            articles.push(context! { title => a.title.get(lang).cloned(), clauses => clauses });
        }
        // The other editions the rulebook is published on, and the edition it stands on.
        let editions: Vec<Value> = m
            .books
            .iter()
            .filter(|x| x.ir.id == b.ir.id && x.key != b.key && b.ir.per_edition)
            .map(|x| context! { label => x.label.clone(), page => format!("../{}", x.page()) })
            .collect();
        let edition = b.ir.edition.as_ref().map(|e| {
            context! {
                id => e.id.clone(), from => e.in_force_from.iso(),
                page => m.books.iter().find(|x| x.key == e.id).map(|x| format!("../{}", x.page())),
            }
        });
        site.write(
            lang,
            &b.page(),
            "rulebook.html",
            context! {
                labels => labels.clone(), id => b.label.clone(),
                title => b.ir.title.get(lang).cloned(), source => b.ir.source.get(lang).cloned(),
                articles => articles, edition => edition, editions => editions,
            },
        )?;
    }
    Ok(())
}

/// The scenarios' pages of one language.
fn write_scenarios(
    site: &mut Site,
    lang: &str,
    w: &Words,
    labels: &BTreeMap<String, String>,
    m: &Material,
) -> Result<(), String> {
    for s in &m.scenarios {
        let book = m.books.iter().find(|b| s.book.as_ref() == Some(&b.key));
        let clause_links: Vec<Value> = s
            .clauses
            .iter()
            .map(|c| {
                let href = book
                    .filter(|b| b.ir.clauses.iter().any(|x| &x.id == c))
                    .map(|b| format!("../{}#{}", b.page(), anchor(c)));
                context! { id => c, href => href }
            })
            .collect();
        let feature_links: Vec<Value> = s
            .features
            .iter()
            .map(|f| {
                context! {
                    name => f,
                    href => is_known(f).then(|| format!("../{}", feature_page(f))),
                }
            })
            .collect();
        site.write(
            lang,
            &s.page,
            "scenario.html",
            context! {
                labels => labels.clone(), s => ser(&s),
                description => page_text(s, "Description", lang),
                derivation => page_text(s, "Derivation", lang),
                clause_links => clause_links, feature_links => feature_links,
                diagram => s.decisive.as_ref().map(|d| diagram::diagram(d, w)).transpose()?.map(|d| ser(&d)),
                book_page => book.map(|b| format!("../{}", b.page())),
            },
        )?;
    }
    Ok(())
}

/// The implementations' pages of one language, and the matrix of their results by clause.
fn write_reports(
    site: &mut Site,
    lang: &str,
    w: &Words,
    labels: &BTreeMap<String, String>,
    m: &Material,
    ids: &HashSet<&str>,
    imp_list: Vec<Value>,
) -> Result<(), String> {
    for i in &m.imps {
        let view = implementation_view(i, w, &m.places, ids)?;
        site.write(
            lang,
            &implementation_page(&i.name),
            "implementation.html",
            context! {
                labels => labels.clone(), name => i.name.clone(),
                tally => ser(&i.tally), ..view
            },
        )?;
    }
    // The matrix: one row per (rulebook, clause) any report names, one column per
    // implementation.
    let mut rows: BTreeMap<(String, ClauseKey), (String, String)> = BTreeMap::new();
    for i in &m.imps {
        for (book, c) in i.by_clause.keys() {
            rows.entry((book.clone(), clause_key(c)))
                .or_insert_with(|| (book.clone(), c.clone()));
        }
    }
    let matrix: Vec<Value> = rows
        .values()
        .map(|(book, c)| {
            let page = book_for_name(book, m.books)
                .filter(|b| b.ir.clauses.iter().any(|x| &x.id == c))
                .map(|b| b.page());
            let cells: Vec<Value> = m
                .imps
                .iter()
                .map(|i| match i.by_clause.get(&(book.clone(), c.clone())) {
                    Some(t) => {
                        let applicable = t.scenarios - t.not_applicable;
                        let class = if applicable == 0 {
                            "na"
                        } else if t.passed == applicable {
                            "ok"
                        } else {
                            "bad"
                        };
                        context! { text => format!("{}/{}", t.passed, applicable), class => class }
                    }
                    None => context! { text => "", class => "na" },
                })
                .collect();
            context! {
                book => book, clause => c, cells => cells,
                href => page.map(|p| format!("{p}#{}", anchor(c))),
            }
        })
        .collect();
    site.write(
        lang,
        "matrix.html",
        "matrix.html",
        context! { labels => labels.clone(), imps => imp_list, rows => matrix },
    )?;
    Ok(())
}

/// The entry: a page that names every language.
fn write_entry(site: &Site, out: &Path) -> Result<(), String> {
    let html = site
        .env
        .get_template("languages.html")
        .and_then(|t| {
            t.render(context! {
                langs => site.langs.iter().map(|(l, name)| {
                    let w = Words::new(l);
                    context! { lang => l, name => name,
                               site => w.as_ref().ok().and_then(|w| w.text("publish-site").ok()) }
                }).collect::<Vec<_>>(),
            })
        })
        .map_err(|e| format!("languages.html: {e:#}"))?;
    write(out, Path::new("index.html"), &html, &site.words)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        let env = env().expect("templates");
        let t = env
            .template_from_str("{{ x }}")
            .expect("template")
            .render(context! { x => "<script>&\"" })
            .expect("render");
        // A template from a string has no name: the callback escapes it all the same.
        assert_eq!(t, "&lt;script&gt;&amp;&quot;");
    }

    #[test]
    fn anchors_and_pages_are_plain() {
        assert_eq!(anchor("9.6.1"), "c-9-6-1");
        assert_eq!(anchor("arm.1"), "c-arm-1");
        assert_eq!(
            scenario_page("fide-2023/fifty/a-b.pgn"),
            "scenario/fide-2023--fifty--a-b.html"
        );
        // A name that is not plain keeps what it can and is told apart by a hash of the whole.
        let spaced = scenario_page("fide-2023/fifty/a b.pgn");
        assert!(
            spaced.starts_with("scenario/fide-2023--fifty--a_b~"),
            "{spaced}"
        );
        assert_ne!(spaced, scenario_page("fide-2023/fifty/a_b.pgn"));
        assert_ne!(scenario_page("x/мат.pgn"), scenario_page("x/пат.pgn"));
        assert_ne!(scenario_page("a--b/c.pgn"), scenario_page("a/b--c.pgn"));
        assert_ne!(scenario_page("x/A.pgn"), scenario_page("x/a.pgn"));
        assert_ne!(file_name("lib one"), file_name("lib_one"));
        // Stable: the same on every machine and release.
        assert_eq!(scenario_page("x/мат.pgn"), scenario_page("x/мат.pgn"));
    }
}
