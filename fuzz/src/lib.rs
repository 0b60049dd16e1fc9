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

use arbiter::backend::codegen;
use arbiter::backend::interp::Interpreter;
use arbiter::conformance::implementation::Ours;
use arbiter::conformance::schema::Schemas;
use arbiter::conformance::serve::{self, Served};
use arbiter::diag::Diag;
use arbiter::lang::parse::{parse_effect, parse_expr};
use arbiter::lang::schema::{EventKind, Ty};
use arbiter::lang::typeck::{self, Params, Scope};
use arbiter::locale::say;
use arbiter::render::Renderer;
use arbiter::runtime::adjudicate::{Options, adjudicate_with};
use arbiter::runtime::rules::Rules;
use arbiter::{Embedded, Engine, compile, load_rules, pgn, rulebook};

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
    let s = d.render();
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
    let diag = |offset: usize, len: usize, message: String| {
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
            if let Ok(v) = adjudicate_with(&game, &interp, options(record)) {
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
        Err(d) => panic!("the embedded rulebook does not load: {}", d.render()),
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
        let _ = arbiter::conformance::features::implied(&game);
        for record in [false, true] {
            let o = options(record);
            let compiled = adjudicate_with(&game, b.compiled.as_ref(), o);
            let interpreted = adjudicate_with(&game, b.interpreted.as_ref(), o);
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
    cell.get_or_init(|| Mutex::new(Ours::new(engine, None)))
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
                Served::NotAMessage(e, _) => assert!(!e.trim().is_empty(), "an empty error"),
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
/// perft(1) under both countings' order (per captured set never more than per path). Returns
/// the number of moves played.
pub fn draughts(data: &[u8]) -> usize {
    use arbiter::draughts::{Counting, Position, perft};
    let text = String::from_utf8_lossy(data);
    let mut lines = text.splitn(2, '\n');
    let fen = lines.next().unwrap_or_default().trim();
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
    for word in lines.next().unwrap_or_default().split_whitespace().take(64) {
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
