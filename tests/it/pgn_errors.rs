//! Bad PGN gets a located error and the batch goes on; nothing panics.
//!
//! Each test rules in process on one input named `game.pgn`, as `arbiter adjudicate` does, and
//! compares the rendered diagnostics (location, the source with a caret, message) with their
//! snapshot in `snapshots/`. Two tests run the binary: a bad game among good ones (exit 1, the
//! verdicts on stdout, on stderr exactly what the in-process run renders) and a clean input on
//! standard input (exit 0).

use std::sync::Arc;

use arbiter::audit::{self, Format, Input, Judge};
use arbiter::load_rules;
use arbiter::render::Renderer;
use arbiter::runtime::adjudicate::Options;

use crate::common::*;

const GOOD: &str = "[Event \"good\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";

/// What `arbiter adjudicate` makes of one input called `name`, in process (`audit::Judge`, as
/// the binary runs it): every game read and ruled on with the embedded FIDE rulebook. Returns the
/// number of games ruled on and the errors rendered one after the other, as the binary writes
/// them to stderr.
fn adjudicate(name: &str, bytes: &[u8]) -> (usize, String) {
    let rules = load_rules("fide-2018", None)
        .unwrap_or_else(|d| panic!("{}", d.render(&arbiter::locale::default_words())));
    let renderer = Renderer::new(rules.meta(), "en").expect("renderer");
    let law = arbiter::runtime::edition::Law::single(rules);
    let words = arbiter::locale::default_words();
    let judge = Judge {
        law: &law,
        renderers: std::slice::from_ref(&renderer),
        words: &words,
        options: audit::Options {
            format: Format::Text,
            report: audit::Report::Verdicts,
            adjudicate: Options::default(),
            jobs: 1,
            encoding: None,
        },
    };
    let input = Input::Memory(name.into(), Arc::from(bytes));
    let mut rendered = String::new();
    let summary = judge.run(&[input], &mut |o, _| {
        rendered.push_str(&o.stderr);
        true
    });
    (summary.ruled as usize, rendered)
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
    assert_eq!(verdicts, 2);
}

#[test]
fn unknown_san() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 Zz9 *\n");
}

#[test]
fn malformed_claim() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 e5 { [%claim twofold] } *\n");
}

/// An intended move that is no move in SAN at all is an error of the record.
#[test]
fn unparseable_intended_move() {
    snapshot!(b"[Event \"x\"]\n\n1. e4 e5 { [%claim threefold Zz9] } *\n");
}

/// An intended move in SAN that is not legal in the position is no error: the claim is ruled on,
/// and it is incorrect (9.5.3; `conformance/fide-2018/claim-procedure/`).
#[test]
fn illegal_intended_move_is_ruled_on() {
    let (verdicts, rendered) = adjudicate(
        "game.pgn",
        b"[Event \"x\"]\n\n1. e4 e5 { [%claim threefold Ke3] } *\n",
    );
    assert_eq!((verdicts, rendered.as_str()), (1, ""));
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
    // Invalid bytes count as the character they are shown as (U+FFFD): the `$` is the 31st
    // character of the line (its 38th byte), 1:31 (issue 12 (t): it was 1:26, the byte offset
    // applied to the decoded text, where each invalid byte had become three).
    let (verdicts, rendered) = adjudicate("game.pgn", &junk);
    assert_eq!(verdicts, 0);
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
    assert_eq!(verdicts, 1, "the next game is still ruled on");
}

#[test]
fn unknown_clock_when_guidelines_iii_apply() {
    snapshot!(
        b"[Event \"x\"]\n[TimeControl \"5400\"]\n[QuickplayFinish \"yes\"]\n\n1. e4 e5 { [%quickplay no-win] } *\n"
    );
}

/// A bad game between two good ones, on standard input: exit 1, the two verdicts on stdout, and
/// on stderr exactly what the in-process run renders for it; in JSON, the bad game is an error
/// record in its place.
#[test]
fn a_bad_game_exits_1_and_the_batch_goes_on() {
    let pgn = format!("{GOOD}[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n{GOOD}");
    let out = arbiter(&["adjudicate", "-"], Some(pgn.as_bytes()));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("<stdin>:")).count(),
        2,
        "{stdout}"
    );
    let (_, rendered) = adjudicate("<stdin>", pgn.as_bytes());
    assert_eq!(stderr, rendered);
    assert!(
        stderr.starts_with("  × <stdin>:8:13: game 2: 2. Ke3 is not a legal move"),
        "{stderr}"
    );

    let out = arbiter(
        &["adjudicate", "--format", "json", "-"],
        Some(pgn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(
        lines[1],
        serde_json::json!({"file": "<stdin>", "game": 2, "line": 8, "column": 13,
            "error": "2. Ke3 is not a legal move in the position (no legal move matches it)"})
    );
    assert_eq!(
        (&lines[2]["game"], &lines[2]["line"]),
        (&3.into(), &10.into())
    );
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
    // The default rulebook is the 2023 edition, where 2018's 9.2.1.2 is 9.2.2.
    assert_eq!(v["rule"], "9.2.2");
    assert_eq!(v["ended_at_ply"], 8);
}

/// Issue 12 (t): lines end at a lone carriage return too (old Macintosh files), and after
/// invalid UTF-8 the line is still right.
#[test]
fn lines_are_counted_after_invalid_bytes_and_lone_carriage_returns() {
    let cr = format!("{GOOD}[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n").replace('\n', "\r");
    let (ruled, rendered) = adjudicate("game.pgn", cr.as_bytes());
    assert_eq!(ruled, 1);
    assert!(rendered.contains("game.pgn:8:13: game 2:"), "{rendered}");
    let bad = b"[Event \"\xff\xfe\"]\n[White \"\xc3\"]\n\n1. e4 \xff e5 2. Ke3 *\n";
    let (_, rendered) = adjudicate("game.pgn", bad);
    assert!(rendered.contains("game.pgn:4:7: game 1:"), "{rendered}");
}

/// Issue 12 (g): FEN counters beyond the documented limit are located errors, never wrapped or
/// clamped; a large one inside it is kept as written.
#[test]
fn fen_counters_are_checked_not_wrapped() {
    let game = |counters: &str| {
        format!("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - {counters}\"]\n\n1. Rh2 Kd7 2. Rh3 *\n")
    };
    for (counters, field) in [
        ("0 4294967295", "move number"),
        ("1099511627776 1", "halfmove clock"),
    ] {
        let (ruled, rendered) = adjudicate("game.pgn", game(counters).as_bytes());
        assert_eq!(ruled, 0, "{counters}");
        assert!(
            rendered.contains(&format!("game 1: the FEN tag's {field}")),
            "{rendered}"
        );
        assert!(rendered.contains("at most 1000000000"), "{rendered}");
    }
    let out = arbiter(
        &["adjudicate", "--format", "json", "-"],
        Some(game("0 999999999").as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["scoresheet"], "999999999. Rh2 Kd7 1000000000. Rh3");
}

/// Issue 12 (f): a clock reading too large is a located error, not a reading that wraps.
#[test]
fn a_huge_clock_reading_is_an_error() {
    let pgn = "[Event \"x\"]\n\n1. e4 { [%clk 5124095576030431:00:01] } e5 *\n";
    let (ruled, rendered) = adjudicate("game.pgn", pgn.as_bytes());
    assert_eq!(ruled, 0);
    assert!(rendered.contains("game.pgn:3:"), "{rendered}");
    assert!(rendered.contains("too large a clock reading"), "{rendered}");
}
