//! Bad PGN gets a located error and the batch goes on; nothing panics.
//!
//! Each test rules in process on one input named `game.pgn`, as `arbiter adjudicate` does, and
//! compares the rendered diagnostics (location, the source with a caret, message) with their
//! snapshot in `snapshots/`. Two tests run the binary: a bad game among good ones (exit 1, the
//! verdicts on stdout, on stderr exactly what the in-process run renders) and a clean input on
//! standard input (exit 0).

use std::path::Path;
use std::sync::Arc;

use arbiter::diag::Diag;
use arbiter::runtime::adjudicate::{Options, adjudicate_with};
use arbiter::runtime::verdict::Verdict;
use arbiter::{load_rules, pgn};

use crate::common::*;

const GOOD: &str = "[Event \"good\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";

/// What `arbiter adjudicate --format json` makes of one input called `name` (src/main.rs,
/// `adjudicate_bytes`): every game read and ruled on with the embedded FIDE rulebook, each
/// error a `Diag` of length 1 whose message starts with the game's number. Returns the verdicts
/// and the diagnostics rendered one after the other, as the binary writes them to stderr.
fn adjudicate(name: &str, bytes: &[u8]) -> (Vec<Verdict>, String) {
    let rules = load_rules("fide-2018", None).unwrap_or_else(|d| panic!("{}", d.render()));
    let source: Arc<str> = Arc::from(String::from_utf8_lossy(bytes).as_ref());
    let (mut verdicts, mut rendered) = (Vec::new(), String::new());
    for game in pgn::read_games(bytes) {
        match game.and_then(|g| adjudicate_with(&g, rules.as_ref(), Options::default())) {
            Ok(v) => verdicts.push(v),
            Err(e) => rendered.push_str(
                &Diag::new(
                    Path::new(name),
                    &source,
                    e.offset,
                    1,
                    format!("game {}: {}", e.game, e.message),
                )
                .render(),
            ),
        }
    }
    (verdicts, rendered)
}

/// The rendered diagnostics of `pgn`, which must have some, as file `game.pgn`.
fn diagnostics(pgn: &[u8]) -> String {
    let (_, rendered) = adjudicate("game.pgn", pgn);
    assert!(!rendered.is_empty(), "no error");
    rendered
}

/// Compare the diagnostics of `pgn` with the snapshot named after the calling test (or `name`);
/// the input is kept in the snapshot's header for its reader.
macro_rules! snapshot {
    ($pgn:expr) => {{
        let pgn: &[u8] = $pgn;
        let rendered = diagnostics(pgn);
        insta::with_settings!({ description => String::from_utf8_lossy(pgn), omit_expression => true }, {
            insta::assert_snapshot!(rendered);
        });
    }};
    ($name:expr, $pgn:expr) => {{
        let pgn: &[u8] = $pgn;
        let rendered = diagnostics(pgn);
        insta::with_settings!({ description => String::from_utf8_lossy(pgn), omit_expression => true }, {
            insta::assert_snapshot!($name, rendered);
        });
    }};
}

#[test]
fn illegal_move() {
    let pgn = format!("{GOOD}[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n{GOOD}");
    snapshot!(pgn.as_bytes());
    // The games before and after are still ruled on.
    let (verdicts, _) = adjudicate("game.pgn", pgn.as_bytes());
    assert_eq!(verdicts.len(), 2);
}

#[test]
fn unknown_san() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 Zz9 *\n");
}

#[test]
fn malformed_claim() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 e5 { [%claim twofold] } *\n");
}

#[test]
fn illegal_intended_move() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 e5 { [%claim threefold Ke3] } *\n");
}

#[test]
fn truncated_file() {
    snapshot!(
        "truncated_in_a_comment",
        b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 { [%claim"
    );
    snapshot!(
        "truncated_after_a_move",
        b"[Event \"x\"]\n\n1. e4 e5 2. Nf3"
    );
}

#[test]
fn binary_garbage() {
    let mut junk: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    junk.extend_from_slice(b"\xff\xfe\x00\x01[[[{{{)))");
    // The source line of junk is unreadable in a snapshot: the locations and messages only.
    // Known and left for src/ (the snapshot records today's output): the error's byte offset is
    // into the raw bytes but is applied to their lossy UTF-8 decoding, where each invalid byte
    // became three, so the location drifts left: 1:26 where the `$` is the 31st character of
    // the line (its 38th byte).
    let (verdicts, rendered) = adjudicate("game.pgn", &junk);
    assert!(verdicts.is_empty());
    let locations: Vec<&str> = rendered
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("× "))
        .collect();
    insta::with_settings!({
        description => "4096 pseudo-random bytes, then b\"\\xff\\xfe\\x00\\x01[[[{{{)))\"",
        omit_expression => true,
    }, {
        insta::assert_snapshot!(locations.join("\n"));
    });
}

#[test]
fn bad_fen() {
    snapshot!(b"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n");
}

#[test]
fn malformed_time_commands() {
    // (snapshot, comment): each error points inside the comment, at the word that is wrong.
    for (name, comment) in [
        ("time_command_clk", "[%clk 1:5]"),
        ("time_command_clock_side", "[%clock red 0:01:00]"),
        ("time_command_flag", "[%flag nobody]"),
        ("time_command_quickplay", "[%quickplay maybe]"),
        ("time_command_quickplay_basis", "[%quickplay]"),
        ("time_command_arbiter", "[%arbiter shrug]"),
        ("time_command_declare", "[%arbiter declare maybe]"),
        ("time_command_illegal", "[%illegal twice]"),
    ] {
        let pgn = format!("[Event \"x\"]\n\n1. e4 e5 {{ {comment} }} *\n");
        snapshot!(name, pgn.as_bytes());
    }
}

#[test]
fn malformed_time_control() {
    let pgn = format!("[Event \"x\"]\n[TimeControl \"40/7200:3600:60\"]\n\n1. e4 *\n\n{GOOD}");
    snapshot!(pgn.as_bytes());
    let (verdicts, _) = adjudicate("game.pgn", pgn.as_bytes());
    assert_eq!(verdicts.len(), 1, "the next game is still ruled on");
}

#[test]
fn unknown_clock_when_guidelines_iii_apply() {
    snapshot!(
        b"[Event \"x\"]\n[TimeControl \"5400\"]\n[QuickplayFinish \"yes\"]\n\n1. e4 e5 { [%quickplay no-win] } *\n"
    );
}

/// A bad game between two good ones, on standard input: exit 1, the two verdicts on stdout, and
/// on stderr exactly what the in-process run renders for it.
#[test]
fn a_bad_game_exits_1_and_the_batch_goes_on() {
    let pgn = format!("{GOOD}[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n{GOOD}");
    let out = arbiter(
        &["adjudicate", "--format", "json", "-"],
        Some(pgn.as_bytes()),
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let (_, rendered) = adjudicate("<stdin>", pgn.as_bytes());
    assert_eq!(stderr, rendered);
}

#[test]
fn crlf_bom_variations_nags_and_stdin() {
    let pgn = "\u{feff}[Event \"x\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. Nf3 $1 Nf6 (1... d5 2. d4) 2. Ng1 !? Ng8 3. Nf3 Nf6 4. Ng1 Ng8 { [%clk 0:01:00] [%claim threefold] } 1/2-1/2\r\n";
    let out = arbiter(
        &["adjudicate", "--format", "json", "-"],
        Some(pgn.as_bytes()),
    );
    let o = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(o.trim()).expect("json");
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["rule"], "9.2.1.2");
    assert_eq!(v["ended_at_ply"], 8);
}
