//! What each fuzz target runs on one input, in one place: the targets in `fuzz_targets/` call
//! these functions, and so does the stable regression test `tests/it/fuzz_regressions.rs`
//! (which includes this file by path), so a crash saved under `tests/fixtures/fuzz/<target>/`
//! replays the very code path the fuzzer took, in CI, on the stable toolchain.
//!
//! Each function panics only on a fault of arbiter's: a panic inside arbiter, or an invariant
//! broken (an error without a message, two backends disagreeing, a reply outside the protocol's
//! published schemas). Every input that arbiter rejects must be rejected with a located error.

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use arbiter::adjudicate::game_with;
use arbiter::backend::codegen;
use arbiter::backend::interp::Interpreter;
use arbiter::diag::Diag;
use arbiter::lang::parse::{parse_effect, parse_expr};
use arbiter::lang::schema::{EventKind, Ty};
use arbiter::lang::typeck::{self, Params, Scope};
use arbiter::locale::say;
use arbiter::render::Renderer;
use arbiter::runtime::adjudicate::Options;
use arbiter::runtime::rules::Rules;
use arbiter::{Embedded, Engine, compile, load_rules, pgn, rulebook};
use arbiter_conformance::implementation::Ours;
use arbiter_conformance::schema::Schemas;
use arbiter_conformance::serve::{self, Served};

/// The separator between the files of a `rulebook` input: the first part is `rulebook.yaml`,
/// each further part a clause file. A YAML comment, so that a seed is still YAML.
pub const FILE_SEPARATOR: &str = "\n#%file\n";

/// Games that exercise every event command, ruled on by every rulebook the `rulebook` target
/// accepts (so that its conditions and effects are evaluated, not only checked).
const GAMES: &str = include_str!("games.pgn");

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn rendered(d: &Diag) -> String {
    let s = d.render(&arbiter::locale::default_words());
    assert!(!s.trim().is_empty(), "an error renders to nothing: {d:?}");
    s
}

// ---------------------------------------------------------------------------------------------
// expr

/// A condition and an effect, parsed and type-checked in every context a clause can give: no
/// event or one of each, with the rulebook's parameters and definitions (one of them broken),
/// guards strict or lenient. An error is rendered as a located diagnostic, as `arbiter check`
/// shows it. Returns whether the input checked as a condition or as an effect.
pub fn expr(data: &[u8]) -> bool {
    let Some((&selector, rest)) = data.split_first() else {
        return false;
    };
    let src = text(rest);
    let events = EventKind::ALL;
    let event = match usize::from(selector) % (events.len() + 1) {
        0 => None,
        i => events.get(i - 1).copied(),
    };
    let mut params = Scope::default();
    params.push("moves", Ty::Int);
    params.push("extra", Ty::Duration);
    params.push("strict", Ty::Bool);
    let mut defs = Scope::default();
    defs.push("limit", Ty::Int);
    defs.push("long_ending", Ty::Bool);
    defs.push("claimant", Ty::Side);
    defs.push("allowance", Ty::Duration);
    defs.push("broken", Ty::Int);
    defs.mark_broken("broken");
    let scope = Params {
        params: &params,
        defs: &defs,
        costs: &[],
        lenient_guards: selector & 0x80 != 0,
    };
    let source: Arc<str> = Arc::from(src.as_str());
    let diag = |offset: usize, len: usize, message: say::Message| {
        rendered(&Diag::new(
            Path::new("fuzz.yaml"),
            &source,
            offset,
            len,
            message,
        ))
    };
    let mut checked = false;
    match parse_expr(&src) {
        Ok(ast) => match typeck::check_expr(&ast, event, scope) {
            Ok((ir, _)) => {
                checked = true;
                // The condition as the guard of the rest of a clause.
                let _ = typeck::check_expr_given(&ast, event, scope, Some(&ir));
            }
            Err(e) => {
                diag(e.span.start, e.span.len().max(1), e.message);
            }
        },
        Err(e) => {
            diag(e.offset, e.len, say::expression_syntax(&e.message));
        }
    }
    match parse_effect(&src) {
        Ok(ast) => match typeck::check_effect(&ast, event, scope, None) {
            Ok(_) => checked = true,
            Err(e) => {
                diag(e.span.start, e.span.len().max(1), e.message);
            }
        },
        Err(e) => {
            diag(e.offset, e.len, say::expression_syntax(&e.message));
        }
    }
    checked
}

// ---------------------------------------------------------------------------------------------
// rulebook

/// An in-memory rulebook (`rulebook.yaml`, then clause files, split at `FILE_SEPARATOR`; a base
/// it `extends` comes from the embedded rulebooks), loaded and checked as `arbiter check` does;
/// when it passes, its readable rulebook and Fluent rulings are generated in each of its
/// languages (the Rust is not: that runs rustfmt) and the interpreter rules on `GAMES`,
/// explaining each verdict in the rulebook's languages. Returns the number of verdicts made (0:
/// the rulebook was refused).
pub fn rulebook(data: &[u8]) -> usize {
    let src = text(data);
    let mut parts = src.split(FILE_SEPARATOR);
    let mut files: Vec<(String, &str)> = Vec::new();
    if let Some(book) = parts.next() {
        files.push(("rulebook.yaml".into(), book));
    }
    for (i, part) in parts.enumerate() {
        files.push((format!("clauses{i}.yaml"), part));
    }
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), *t)).collect();
    let loaded = match rulebook::load_embedded("rules/fuzz", &files, &Embedded) {
        Ok(l) => l,
        Err(d) => {
            assert!(!d.is_empty(), "a rulebook refused without an error");
            d.0.iter().for_each(|d| {
                rendered(d);
            });
            return 0;
        }
    };
    let ir = match compile::lower(&loaded) {
        Ok(ir) => ir,
        Err(d) => {
            assert!(!d.is_empty(), "a rulebook refused without an error");
            d.0.iter().for_each(|d| {
                rendered(d);
            });
            return 0;
        }
    };
    for l in &ir.languages {
        let _ = codegen::markdown(&ir, l);
        let _ = codegen::ftl(&ir, l);
    }
    let languages = ir.languages.clone();
    let Ok(interp) = Interpreter::new(ir) else {
        return 0;
    };
    let renderers: Vec<Renderer> = languages
        .iter()
        .filter_map(|l| Renderer::new(interp.meta(), l).ok())
        .collect();
    let mut verdicts = 0;
    for game in pgn::read_games(GAMES.as_bytes()).into_iter().flatten() {
        for record in [false, true] {
            if let Ok(v) = game_with(game.clone(), &interp, options(record)) {
                verdicts += 1;
                for r in &renderers {
                    let e = r.explain(&v);
                    let _ = r.text(&e);
                    let _ = serde_json::to_string(&e);
                }
            }
        }
    }
    verdicts
}

// ---------------------------------------------------------------------------------------------
// pgn

struct Books {
    compiled: Arc<dyn Rules>,
    interpreted: Arc<dyn Rules>,
    renderers: Vec<Renderer>,
}

/// The rulebook a game is ruled on: the default (fide-2023) for chess, the club's for Russian
/// draughts (the one embedded rulebook for both games).
fn books(kind: arbiter::games::GameKind) -> &'static Books {
    static CHESS: OnceLock<Books> = OnceLock::new();
    static DRAUGHTS: OnceLock<Books> = OnceLock::new();
    match kind {
        arbiter::games::GameKind::Chess => {
            CHESS.get_or_init(|| load_books(arbiter::DEFAULT_RULEBOOK))
        }
        arbiter::games::GameKind::RussianDraughts => DRAUGHTS.get_or_init(|| load_books("club")),
    }
}

fn load_books(name: &str) -> Books {
    let load = |engine| match load_rules(name, Some(engine)) {
        Ok(r) => r,
        Err(d) => panic!(
            "the embedded rulebook does not load: {}",
            d.render(&arbiter::locale::default_words())
        ),
    };
    let compiled = load(Engine::Compiled);
    let interpreted = load(Engine::Interpreter);
    let renderers = ["en", "ru"]
        .iter()
        .map(|l| match Renderer::new(compiled.meta(), l) {
            Ok(r) => r,
            Err(e) => panic!("no renderer for {l}: {e}"),
        })
        .collect();
    Books {
        compiled,
        interpreted,
        renderers,
    }
}

/// PGN bytes as `arbiter adjudicate` reads them: every game, its events and implied
/// conformance features, ruled on under the embedded default rulebook (fide-2023; a Russian
/// draughts game under the club's, the one embedded rulebook for draughts) by the
/// compiled rules and by the interpreter (with and without reading the record, `--no-record`),
/// which must agree; each verdict explained in English and Russian, as text and as JSON; each
/// bad game's error rendered as a located diagnostic over the whole input. Returns the number
/// of games ruled on.
pub fn pgn(data: &[u8]) -> usize {
    let mut ruled = 0;
    let mut source: Option<Arc<str>> = None;
    for g in pgn::read_games(data) {
        let game = match g {
            Ok(g) => g,
            Err(e) => {
                let src =
                    source.get_or_insert_with(|| Arc::from(String::from_utf8_lossy(data).as_ref()));
                rendered(&Diag::new(
                    Path::new("fuzz.pgn"),
                    src,
                    e.offset,
                    1,
                    say::pgn_in_game(e.game, e.message),
                ));
                continue;
            }
        };
        let b = books(game.kind);
        let _ = pgn::events::events(&game);
        let _ = arbiter_conformance::features::implied(&game);
        for record in [false, true] {
            let o = options(record);
            let compiled = game_with(game.clone(), b.compiled.as_ref(), o);
            let interpreted = game_with(game.clone(), b.interpreted.as_ref(), o);
            match (&compiled, &interpreted) {
                (Ok(c), Ok(i)) => {
                    ruled += usize::from(!record);
                    for r in &b.renderers {
                        let ec = r.explain(c);
                        let ei = r.explain(i);
                        let (jc, ji) =
                            match (serde_json::to_string(&ec), serde_json::to_string(&ei)) {
                                (Ok(jc), Ok(ji)) => (jc, ji),
                                (c, i) => panic!("a verdict does not serialise: {c:?} {i:?}"),
                            };
                        assert_eq!(jc, ji, "the compiled rules and the interpreter disagree");
                        let _ = r.text(&ec);
                    }
                }
                (Err(c), Err(i)) => {
                    assert_eq!(
                        c, i,
                        "the compiled rules and the interpreter fail differently"
                    );
                    let src = source
                        .get_or_insert_with(|| Arc::from(String::from_utf8_lossy(data).as_ref()));
                    rendered(&Diag::new(
                        Path::new("fuzz.pgn"),
                        src,
                        c.offset,
                        1,
                        say::pgn_in_game(c.game, c.message.clone()),
                    ));
                }
                _ => panic!(
                    "one backend ruled, the other failed: compiled {:?}, interpreter {:?}",
                    compiled.as_ref().map(|v| v.outcome.clone()),
                    interpreted.as_ref().map(|v| v.outcome.clone())
                ),
            }
        }
    }
    ruled
}

// ---------------------------------------------------------------------------------------------
// protocol

fn schemas() -> &'static Schemas {
    static S: OnceLock<Schemas> = OnceLock::new();
    S.get_or_init(|| match Schemas::new() {
        Ok(s) => s,
        Err(e) => panic!("the protocol's schemas do not compile: {e}"),
    })
}

fn server(engine: Engine) -> &'static Mutex<Ours> {
    static COMPILED: OnceLock<Mutex<Ours>> = OnceLock::new();
    static INTERPRETED: OnceLock<Mutex<Ours>> = OnceLock::new();
    let cell = match engine {
        Engine::Compiled => &COMPILED,
        Engine::Interpreter => &INTERPRETED,
    };
    // `Ours` keeps only the rulebooks it has loaded: sharing it between inputs changes nothing
    // but the time taken.
    cell.get_or_init(|| Mutex::new(Ours::new(engine, None, arbiter::locale::default_words())))
}

/// Lines as `arbiter serve` reads them, each handled as serve does (both engines); every reply
/// must serialise and satisfy the protocol's published schema for replies. Returns the number of
/// replies.
pub fn protocol(data: &[u8]) -> usize {
    let mut replies = 0;
    for engine in [Engine::Compiled, Engine::Interpreter] {
        let mut ours = match server(engine).lock() {
            Ok(o) => o,
            Err(p) => p.into_inner(),
        };
        // Lines as bytes: a line that is not UTF-8 is part of what `serve` must survive.
        for (number, line) in data.split(|b| *b == b'\n').enumerate() {
            match serve::line(&mut ours, number + 1, line) {
                Served::Reply(reply) => {
                    replies += 1;
                    let value = match serde_json::to_value(&reply) {
                        Ok(v) => v,
                        Err(e) => panic!("a reply does not serialise: {e}"),
                    };
                    if let Err(e) = schemas().check_reply(&value) {
                        panic!("a reply outside the protocol's schema: {e:?}\n{value}");
                    }
                }
                Served::NotAMessage(e, _) => {
                    assert!(!e.to_string().trim().is_empty(), "an empty error")
                }
                Served::Blank => {}
                Served::Stop => break,
            }
        }
    }
    replies
}

/// Adjudication options for fuzzing: the unwinnability engine on a small node budget, so that
/// a hostile position costs milliseconds, not seconds. No deadline: a clock would make the two
/// backends' answers depend on the machine's load (one undetermined, the other not), which the
/// target would report as a disagreement.
fn options(record: bool) -> Options {
    Options {
        record,
        // Every helpmate shortened: the dearest way of writing evidence out, fuzzed too.
        evidence: arbiter::runtime::analysis::Shown::SHORT,
        analysis: Some(arbiter::unwinnable::Budget {
            nodes: 20_000,
            time: None,
            positions: 20_000,
        }),
    }
}

// ---------------------------------------------------------------------------------------------
// draughts

/// Russian draughts' readers and mechanics on any text: the first line a PDN FEN (the initial
/// position when it is empty), the rest move texts separated by white space, each read against
/// the position and, when legal, played. Checks: a FEN read is written back as the same
/// position; a move read is among the legal moves and legal; the number of legal moves is
/// perft(1) under both countings' order (per captured set never more than per path). Then the
/// same text as a PDN record (`[GameType "25"]`, the FEN as its tag, the rest as its movetext)
/// goes through `pgn`: read, ruled on under the club's rulebook by both backends, explained.
/// Returns the number of moves played and games ruled on.
pub fn draughts(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.splitn(2, '\n');
    let fen = lines.next().unwrap_or_default().trim();
    let movetext = lines.next().unwrap_or_default();
    let played = draughts_moves(fen, movetext);
    // The same text as a PDN record, read and ruled on as `arbiter adjudicate` does.
    let mut pdn = String::from("[GameType \"25\"]\n");
    if !fen.is_empty() {
        pdn.push_str(&format!("[FEN \"{}\"]\n", fen.replace(['"', '\\'], "")));
    }
    pdn.push('\n');
    pdn.push_str(movetext);
    pdn.push('\n');
    played + pgn(pdn.as_bytes())
}

/// The moves of `movetext` played from `fen` with the draughts library's own readers (see
/// `draughts`).
fn draughts_moves(fen: &str, movetext: &str) -> usize {
    use arbiter::draughts::{Counting, Position, perft};
    let mut pos = if fen.is_empty() {
        Position::initial()
    } else {
        match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                let _ = e.to_string();
                return 0;
            }
        }
    };
    match Position::from_fen(&pos.fen()) {
        Ok(again) => assert_eq!(again, pos, "a FEN written back reads as another position"),
        Err(e) => panic!("the FEN written for a position does not read: {e}"),
    }
    let mut moves = Vec::new();
    let mut played = 0;
    for word in movetext.split_whitespace().take(64) {
        pos.legal_moves(&mut moves);
        let paths = perft(&pos, 1, Counting::Paths);
        let sets = perft(&pos, 1, Counting::Captures);
        assert_eq!(
            paths,
            moves.len() as u64,
            "perft(1) is not the number of legal moves"
        );
        assert!(sets <= paths, "more captured sets than landing paths");
        match pos.parse_move(word) {
            Ok(m) => {
                assert!(
                    moves.contains(&m),
                    "a move read is not among the legal moves"
                );
                assert!(pos.is_legal(&m), "a move read is not legal");
                let _ = m.to_string();
                pos.play(&m);
                played += 1;
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    played
}

// ---------------------------------------------------------------------------------------------
// site

/// The separator between a `site` input's scenario and its certification report lines.
pub const REPORT_SEPARATOR: &str = "\n#%report\n";

/// A folder of this process's own under the temporary folder, emptied: each input is written
/// there afresh (fork mode runs each worker in its own process).
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("cannot make {}: {e}", dir.display());
    }
    dir
}

/// The elements and attributes the site's templates and diagrams write: any other in a page
/// is text that reached it unescaped.
const ELEMENTS: &[&str] = &[
    "a",
    "body",
    "br",
    "circle",
    "code",
    "details",
    "div",
    "em",
    "figcaption",
    "figure",
    "g",
    "h1",
    "h2",
    "h3",
    "head",
    "html",
    "li",
    "main",
    "meta",
    "nav",
    "p",
    "path",
    "pre",
    "rect",
    "section",
    "small",
    "span",
    "strong",
    "style",
    "summary",
    "svg",
    "table",
    "td",
    "text",
    "th",
    "title",
    "tr",
    "ul",
];
const ATTRIBUTES: &[&str] = &[
    "aria-label",
    "charset",
    "class",
    "content",
    "cx",
    "cy",
    "d",
    "fill",
    "fill-opacity",
    "font-family",
    "font-size",
    "height",
    "href",
    "hreflang",
    "id",
    "lang",
    "name",
    "r",
    "role",
    "stroke",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-width",
    "text-anchor",
    "transform",
    "viewBox",
    "width",
    "x",
    "xmlns",
    "y",
];

/// Every tag of `html` is one the site writes, with only its attributes, each value quoted and
/// a link never naming a scheme (every link of the site is relative, but the SVG namespace).
fn only_our_markup(page: &str, html: &str) {
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let Some(end) = rest.find('>') else {
            panic!("{page}: a `<` that opens no tag");
        };
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with("!DOCTYPE") || tag.starts_with("!--") {
            continue;
        }
        let tag = tag.strip_prefix('/').unwrap_or(tag);
        let tag = tag.strip_suffix('/').unwrap_or(tag);
        let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
        let name = &tag[..name_end];
        assert!(
            ELEMENTS.contains(&name),
            "{page}: an element the site does not write: <{tag}>"
        );
        let mut attrs = tag[name_end..].trim();
        while !attrs.is_empty() {
            let Some(eq) = attrs.find("=\"") else {
                panic!("{page}: an attribute without a quoted value: <{tag}>");
            };
            let attr = attrs[..eq].trim();
            assert!(
                ATTRIBUTES.contains(&attr),
                "{page}: an attribute the site does not write: {attr} in <{tag}>"
            );
            let value_start = eq + 2;
            let Some(close) = attrs[value_start..].find('"') else {
                panic!("{page}: an attribute value not closed: <{tag}>");
            };
            let value = &attrs[value_start..value_start + close];
            if attr == "href" {
                assert!(
                    !value.contains(':'),
                    "{page}: a link with a scheme: {value}"
                );
            }
            if attr == "xmlns" {
                assert_eq!(value, "http://www.w3.org/2000/svg", "{page}");
            }
            attrs = attrs[value_start + close + 1..].trim_start();
        }
    }
}

/// The rulebook the `site` target publishes: two clauses in English and Russian, so that an
/// input costs its own pages, not a whole rulebook's (made once per process).
fn site_book() -> &'static arbiter::lang::ir::Rulebook {
    static BOOK: OnceLock<arbiter::lang::ir::Rulebook> = OnceLock::new();
    BOOK.get_or_init(|| {
        let book = "id: fuzz\ntitle: {en: \"Fuzz\", ru: \"Фазз\"}\nsource: {en: \"Two clauses\", ru: \"Два пункта\"}\nlanguages: [en, ru]\nfiles: [clauses.yaml]\n";
        let clauses = "article: {en: \"Draws\", ru: \"Ничьи\"}\nclauses:\n  - id: \"9.3.2\"\n    official: false\n    title: {en: \"Fifty moves\", ru: \"Пятьдесят ходов\"}\n    text: {en: \"The game is drawn <b>now</b>.\", ru: \"Ничья.\"}\n    on: position\n    when: \"moves_since_pawn_or_capture >= 75\"\n    effects: [\"draw\"]\n    ruling: {en: \"drawn\", ru: \"ничья\"}\n  - id: \"5.2.2\"\n    official: false\n    refs: [\"9.3.2\"]\n    text: {en: \"Dead.\", ru: \"Мёртвая.\"}\n    on: position\n    when: \"dead_position\"\n    effects: [\"draw\"]\n    ruling: {en: \"dead\", ru: \"мёртвая\"}\n";
        let files = [("rulebook.yaml", book), ("clauses.yaml", clauses)];
        let loaded = match rulebook::load_embedded("rules/fuzz", &files, &Embedded) {
            Ok(l) => l,
            Err(d) => panic!("the site target's rulebook does not load: {}", d.render(&arbiter::locale::default_words())),
        };
        match compile::lower(&loaded) {
            Ok(ir) => ir,
            Err(d) => panic!("the site target's rulebook does not check: {}", d.render(&arbiter::locale::default_words())),
        }
    })
}

/// `arbiter publish` on a suite of one scenario and one certification report: the input's first
/// part (up to `REPORT_SEPARATOR`) is `fuzz/x/x.pgn`, the rest `reports/fuzz.jsonl`, published
/// with a rulebook of two clauses (`site_book`; `publish::publish_books`).
/// Checks: the site is written (or refused with an error that says something); nothing but
/// folders and regular files is made, as many pages as `publish` says; every page holds only
/// the markup the site writes (every untrusted text escaped). Returns the pages written.
pub fn site(data: &[u8]) -> usize {
    let (scenario, report) = match data
        .windows(REPORT_SEPARATOR.len())
        .position(|w| w == REPORT_SEPARATOR.as_bytes())
    {
        Some(i) => (&data[..i], &data[i + REPORT_SEPARATOR.len()..]),
        None => (data, &[][..]),
    };
    let dir = scratch("site");
    let suite = dir.join("suite");
    let write = |rel: &str, bytes: &[u8]| {
        let p = suite.join(rel);
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&p, bytes) {
            panic!("cannot write {}: {e}", p.display());
        }
    };
    write("fuzz/x/x.pgn", scenario);
    if !report.is_empty() {
        write("reports/fuzz.jsonl", report);
    }
    let out = dir.join("site");
    let sources = arbiter_publish::Sources {
        conformance: suite,
        rulebooks: vec!["fuzz".to_string()],
    };
    let book = std::slice::from_ref(site_book());
    let pages = match arbiter_publish::publish_books(
        &out,
        &sources,
        book,
        &arbiter::locale::default_words(),
    ) {
        Ok(p) => {
            for (id, why) in &p.skipped {
                let why = why.to_string();
                assert!(!why.trim().is_empty(), "{id} skipped without a reason");
            }
            p.pages
        }
        Err(e) => {
            assert!(!e.trim().is_empty(), "publish refused without a reason");
            return 0;
        }
    };
    let mut written = 0;
    let mut stack = vec![out];
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(e) => e,
            Err(e) => panic!("{}: {e}", d.display()),
        };
        for e in entries.flatten() {
            let (p, t) = (e.path(), e.file_type());
            match t {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t) if t.is_file() => {
                    written += 1;
                    match std::fs::read_to_string(&p) {
                        Ok(html) => only_our_markup(&p.display().to_string(), &html),
                        Err(e) => panic!("{}: {e}", p.display()),
                    }
                }
                _ => panic!(
                    "publish made something else than a folder or a file: {}",
                    p.display()
                ),
            }
        }
    }
    assert_eq!(written, pages, "the pages written are not the pages said");
    let _ = std::fs::remove_dir_all(&dir);
    pages
}

// ---------------------------------------------------------------------------------------------
// locales

/// A folder of Fluent files as `--locales` reads it: the first byte chooses the language (`en`,
/// `ru`, or `de`, which arbiter does not ship), the rest is split at `FILE_SEPARATOR` into
/// `<lang>/0.ftl`, `<lang>/1.ftl`, ... Checks: the words are refused with an error that says
/// something, or every message whose variables arbiter knows formats with them without an
/// error (the loader's checks leave no message that would render a placeholder); the tool's own
/// messages are checked as `--lang` checks them. Returns the messages formatted.
pub fn locales(data: &[u8]) -> usize {
    let Some((&selector, rest)) = data.split_first() else {
        return 0;
    };
    let lang = ["en", "ru", "de"][usize::from(selector) % 3];
    let dir = scratch("locales");
    let folder = dir.join(lang);
    if let Err(e) = std::fs::create_dir_all(&folder) {
        panic!("{}: {e}", folder.display());
    }
    let text = text(rest);
    for (i, part) in text.split(FILE_SEPARATOR).enumerate() {
        let p = folder.join(format!("{i}.ftl"));
        if let Err(e) = std::fs::write(&p, part) {
            panic!("{}: {e}", p.display());
        }
    }
    let words = match arbiter::locale::Words::in_folders(lang, std::slice::from_ref(&dir)) {
        Ok(w) => w,
        Err(e) => {
            assert!(
                !e.to_string().trim().is_empty(),
                "words refused without a reason"
            );
            let _ = std::fs::remove_dir_all(&dir);
            return 0;
        }
    };
    if let Err(e) = arbiter::locale::check_messages(&words) {
        assert!(
            !e.to_string().trim().is_empty(),
            "messages refused without a reason"
        );
    }
    let mut formatted = 0;
    for (id, vars) in words.messages() {
        let Some(vars) = vars else { continue };
        let args: Vec<(&str, fluent_bundle::FluentValue)> = vars
            .iter()
            .map(|v| (v.as_str(), fluent_bundle::FluentValue::from("1")))
            .collect();
        match words.get(&id, &args) {
            Ok(_) => formatted += 1,
            // A message without a value (only attributes) is no placeholder.
            Err(e) if e.contains("has no value") => {}
            Err(e) => panic!("a message the loader accepted does not format: {e}"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    formatted
}

// ---------------------------------------------------------------------------------------------
// report

/// A conformance run as the report writer gets it, made from lines: the implementation's name,
/// version, language, homepage and hello error (an empty line: none), then one line per
/// scenario, `id<TAB>outcome digit<TAB>clauses<TAB>details` (clauses by spaces, details by
/// `; `). The Markdown report is then read back by a CommonMark reader with GitHub's tables
/// and strike-through: no HTML, no link but an `http(s)` homepage, no emphasis or heading but
/// the report's own, every table row as wide as its header. The text summary, as a terminal
/// shows it (`escape::terminal`), holds no control character. Returns the scenarios.
pub fn report(data: &[u8]) -> usize {
    use arbiter_conformance::protocol::Implementation;
    use arbiter_conformance::runner::{Kind, Outcome, Run};
    let text = text(data);
    let mut lines = text.split('\n');
    let mut next = || lines.next().map(str::to_string).filter(|l| !l.is_empty());
    let name = next();
    let version = next();
    let language = next();
    let homepage = next();
    let hello_error = next();
    let implementation = name.map(|name| Implementation {
        name,
        version: version.unwrap_or_default(),
        language,
        homepage,
        rulebooks: vec!["fide-2018".into()],
        features: vec!["fifty-claim".into()],
        games: vec!["chess".into()],
    });
    let kinds = [
        Kind::Passed,
        Kind::Failed,
        Kind::Errored,
        Kind::Skipped,
        Kind::NotApplicable,
    ];
    let outcomes: Vec<Outcome> = lines
        .take(256)
        .map(|l| {
            let mut f = l.splitn(4, '\t');
            let id = f.next().unwrap_or_default().to_string();
            let kind = f.next().and_then(|k| k.bytes().next()).unwrap_or(b'0');
            let clauses = f.next().unwrap_or_default();
            let details = f.next().unwrap_or_default();
            Outcome {
                id,
                clauses: clauses
                    .split(' ')
                    .filter(|c| !c.is_empty())
                    .map(str::to_string)
                    .collect(),
                features: vec!["fifty-claim".into()],
                outcome: kinds[usize::from(kind) % kinds.len()],
                expected: None,
                got: None,
                details: details.split("; ").map(Into::into).collect(),
                context: serde_json::Value::Null,
            }
        })
        .collect();
    let run = Run {
        implementation,
        hello_error,
        outcomes,
    };
    let md = arbiter_conformance::report::markdown(
        &run,
        "fide-2018",
        None,
        &arbiter::locale::default_words(),
    );
    markdown_is_ours(
        &md,
        run.implementation
            .as_ref()
            .and_then(|i| i.homepage.as_deref()),
    );
    let summary = arbiter_conformance::report::summary(&run, &arbiter::locale::default_words());
    let shown = arbiter::escape::terminal(&summary);
    assert!(
        !shown
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "a control character reaches the terminal"
    );
    let _ = arbiter_conformance::report::json_lines(&run, &arbiter::locale::default_words());
    run.outcomes.len()
}

/// The Markdown report holds only the report's own markup (see `report`).
fn markdown_is_ours(md: &str, homepage: Option<&str>) {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    let mut heading: Option<String> = None;
    let mut headings = Vec::new();
    let mut strong = 0;
    let (mut width, mut cells) = (0usize, 0usize);
    for event in Parser::new_ext(md, options) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => panic!("HTML in the report: {h}"),
            Event::Start(Tag::Link { dest_url, .. }) => {
                let ok = homepage.is_some_and(|h| dest_url.as_ref() == h)
                    && (dest_url.starts_with("https://") || dest_url.starts_with("http://"));
                assert!(ok, "a link in the report: {dest_url}");
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                panic!("an image in the report: {dest_url}")
            }
            Event::Start(Tag::Emphasis) => panic!("emphasis in the report:\n{md}"),
            Event::Start(Tag::Strikethrough) => panic!("strike-through in the report:\n{md}"),
            Event::Start(Tag::Strong) => strong += 1,
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => headings.extend(heading.take()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = &mut heading {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::TableHead) => cells = 0,
            Event::End(TagEnd::TableHead) => width = cells,
            Event::Start(Tag::TableRow) => cells = 0,
            Event::End(TagEnd::TableRow) => {
                assert_eq!(cells, width, "a table row of another width:\n{md}")
            }
            Event::Start(Tag::TableCell) => cells += 1,
            _ => {}
        }
    }
    assert_eq!(strong, 1, "bold text that is not the report's own:\n{md}");
    let ours = [
        "Conformance report: ",
        "By clause",
        "By feature",
        "Failures (",
        "Unexplained (",
        "Errors (",
        "Skipped by the implementation (",
        "Not applicable (",
    ];
    for h in &headings {
        assert!(
            ours.iter().any(|o| h.starts_with(o)),
            "a heading not the report's own: {h}"
        );
    }
    assert_eq!(
        headings
            .iter()
            .filter(|h| h.starts_with("Conformance report: "))
            .count(),
        1,
        "a second title"
    );
}
