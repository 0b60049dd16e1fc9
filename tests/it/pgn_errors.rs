//! Bad PGN gets a located error and the batch goes on; nothing panics.

use crate::common::*;

const GOOD: &str = "[Event \"good\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";

/// Run `adjudicate` on one file made of `pgn` and return (exit code, stdout, stderr).
fn run(name: &str, pgn: &[u8]) -> (Option<i32>, String, String, String) {
    let dir = scratch(name);
    let f = dir.join("game.pgn");
    std::fs::write(&f, pgn).expect("write");
    let path = f.to_str().expect("utf-8").to_string();
    let out = arbiter(&["adjudicate", "--format", "json", &path], None);
    let (o, e) = (text(&out.stdout), text(&out.stderr));
    assert!(!e.contains("panicked"), "{e}");
    (out.status.code(), o, e, path)
}

#[test]
fn illegal_move() {
    let (code, out, err, path) = run(
        "illegal",
        format!("{GOOD}[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n{GOOD}").as_bytes(),
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:8:13")), "{err}");
    assert!(err.contains("game 2: 2. Ke3 is not a legal move"), "{err}");
    // The games before and after are still ruled on.
    assert_eq!(out.lines().count(), 2, "{out}");
}

#[test]
fn unknown_san() {
    let (code, _, err, path) = run("san", b"[Event \"x\"]\n\n1. e4 Zz9 *\n");
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:3:7")), "{err}");
    assert!(err.contains("`Zz9` is not a move"), "{err}");
}

#[test]
fn malformed_claim() {
    let (code, _, err, path) = run(
        "claim",
        b"[Event \"x\"]\n\n1. e4 e5 { [%claim twofold] } *\n",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:3:20")), "{err}");
    assert!(err.contains("unknown claim `twofold`"), "{err}");
}

#[test]
fn illegal_intended_move() {
    let (code, _, err, path) = run(
        "intended",
        b"[Event \"x\"]\n\n1. e4 e5 { [%claim threefold Ke3] } *\n",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:3:30")), "{err}");
    assert!(err.contains("intended move `Ke3` is not legal"), "{err}");
}

#[test]
fn truncated_file() {
    let (code, _, err, path) = run("trunc", b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 { [%claim");
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:3:17")), "{err}");
    assert!(err.contains("never closed"), "{err}");
    let (code, _, err, _) = run("trunc2", b"[Event \"x\"]\n\n1. e4 e5 2. Nf3");
    assert_eq!(code, Some(1));
    assert!(err.contains("truncated"), "{err}");
}

#[test]
fn binary_garbage() {
    let mut junk: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    junk.extend_from_slice(b"\xff\xfe\x00\x01[[[{{{)))");
    let (code, _, err, path) = run("junk", &junk);
    assert_eq!(code, Some(1));
    assert!(err.contains(&path), "{err}");
}

#[test]
fn bad_fen() {
    let (code, _, err, path) = run(
        "fen",
        b"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:3:6")), "{err}");
    assert!(err.contains("not a legal position"), "{err}");
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

#[test]
fn malformed_time_commands() {
    // (scenario, comment, the word the error points at, message)
    for (name, comment, at, message) in [
        ("clk", "[%clk 1:5]", "1:5", "`1:5` is not a clock reading"),
        (
            "clock-side",
            "[%clock red 0:01:00]",
            "red",
            "the side is `white` or `black`",
        ),
        (
            "flag",
            "[%flag nobody]",
            "nobody",
            "expected `white`, `black` or `both`",
        ),
        (
            "quickplay",
            "[%quickplay maybe]",
            "maybe",
            "unknown basis `maybe`",
        ),
        ("quickplay-basis", "[%quickplay]", "[%", "needs its basis"),
        (
            "arbiter",
            "[%arbiter shrug]",
            "shrug",
            "unknown arbiter's act `shrug`",
        ),
        (
            "declare",
            "[%arbiter declare maybe]",
            "maybe",
            "unexpected `maybe` in `[%arbiter ...]`",
        ),
        ("illegal", "[%illegal twice]", "twice", "`[%illegal twice]`"),
    ] {
        // The comment starts at column 12 of line 3.
        let col = 12 + comment.find(at).expect("the word is in the comment");
        let pgn = format!("[Event \"x\"]\n\n1. e4 e5 {{ {comment} }} *\n");
        let (code, _, err, path) = run(name, pgn.as_bytes());
        assert_eq!(code, Some(1), "{name}: {err}");
        assert!(err.contains(&format!("{path}:3:{col}")), "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
    }
}

#[test]
fn malformed_time_control() {
    let (code, out, err, path) = run(
        "time-control",
        format!("[Event \"x\"]\n[TimeControl \"40/7200:3600:60\"]\n\n1. e4 *\n\n{GOOD}").as_bytes(),
    );
    assert_eq!(code, Some(1));
    // The value starts at column 15, where this error points.
    assert!(err.contains(&format!("{path}:2:15")), "{err}");
    assert!(err.contains("covers all remaining moves"), "{err}");
    assert_eq!(
        out.lines().count(),
        1,
        "the next game is still ruled on: {out}"
    );
}

#[test]
fn unknown_clock_when_guidelines_iii_apply() {
    let (code, _, err, path) = run(
        "no-clock",
        b"[Event \"x\"]\n[TimeControl \"5400\"]\n[QuickplayFinish \"yes\"]\n\n1. e4 e5 { [%quickplay no-win] } *\n",
    );
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{path}:5:")), "{err}");
    assert!(
        err.contains("White's remaining time is not known here"),
        "{err}"
    );
}
