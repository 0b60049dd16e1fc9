//! `arbiter adjudicate` as an archive tool (issue 12): games streamed one at a time and in
//! parallel with the same output, nothing dropped (a bad game is a record in its place, an empty
//! input is an error), old encodings, and the end-of-run summary.

use crate::common::*;

/// Many games of every kind, from the repository alone (so that a fresh clone runs this test):
/// every scenario of the FIDE suites (real games, set-up positions, every event command),
/// concatenated.
fn corpus() -> Vec<u8> {
    let mut files = Vec::new();
    let mut stack = vec![
        root().join("conformance/fide-2018"),
        root().join("conformance/fide-2023"),
    ];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("suite").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        out.extend(std::fs::read(f).expect("scenario"));
        out.extend(b"\n\n");
    }
    out
}

#[test]
fn the_same_output_on_one_thread_and_on_four() {
    let pgn = corpus();
    assert!(pgn.len() > 500_000, "{} bytes of games", pgn.len());
    let run = |jobs: &str, format: &str| {
        let out = arbiter(
            &[
                "adjudicate",
                "--no-record",
                "--format",
                format,
                "--jobs",
                jobs,
                "-",
            ],
            Some(&pgn),
        );
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    for format in ["json", "text"] {
        let one = run("1", format);
        let four = run("4", format);
        assert_eq!(one.0, four.0);
        assert!(one.1 == four.1, "{format}: the outputs differ");
        assert_eq!(one.2, four.2);
    }
    // Input order: games numbered 1, 2, 3, ... in the JSON.
    let (_, json, _) = run("3", "json");
    let numbers: Vec<u64> = json
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).expect("json")["game"]
                .as_u64()
                .unwrap_or(0)
        })
        .collect();
    assert!(numbers.len() > 100);
    assert!(
        numbers.windows(2).all(|w| w[1] == w[0] + 1 || w[1] == 1),
        "{numbers:?}"
    );
}

#[test]
fn an_empty_input_is_an_error_that_says_so() {
    for input in [&b""[..], b"\n\n  \n", b"\xEF\xBB\xBF"] {
        let out = arbiter(&["adjudicate", "-"], Some(input));
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(text(&out.stdout), "");
        assert_eq!(text(&out.stderr), "error: <stdin>: no game in this input\n");
        let out = arbiter(&["adjudicate", "--format", "json", "-"], Some(input));
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stdout),
            "{\"file\":\"<stdin>\",\"game\":null,\"line\":null,\"column\":null,\"error\":\"no game in this input\"}\n"
        );
    }
    // A missing file is reported and the next input is still read.
    let out = arbiter(
        &["adjudicate", "--format", "json", "no-such-file.pgn", "-"],
        Some(b"[Event \"x\"]\n\n1. e4 *\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("{\"file\":\"no-such-file.pgn\",\"game\":null"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("\"plies\":1"), "{}", lines[1]);
}

/// Issue 12 (h): a game with tags and no moves was merged into the next game, whose tags were
/// lost, with exit 0.
#[test]
fn a_game_with_tags_only_is_an_error_and_the_next_game_keeps_its_tags() {
    let pgn = "[Event \"a\"]\n[White \"Tal\"]\n\n[Event \"b\"]\n[White \"Petrosian\"]\n\n1. e4 *\n";
    let out = arbiter(
        &["adjudicate", "--format", "json", "-"],
        Some(pgn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["game"], 1);
    assert_eq!(lines[0]["line"], 1);
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap_or("")
            .contains("tags but no moves")
    );
    assert_eq!(lines[1]["game"], 2);
    assert_eq!(lines[1]["white"], "Petrosian");
    assert_eq!(lines[1]["line"], 4);
}

#[test]
fn latin1_archives_are_read_with_their_encoding() {
    let pgn = b"[Event \"x\"]\n[White \"M\xfcller, J\xf6rg\"]\n[Black \"Nu\xf1ez\"]\n\n1. e4 *\n";
    let out = arbiter(
        &[
            "adjudicate",
            "--format",
            "json",
            "--encoding",
            "latin1",
            "-",
        ],
        Some(pgn),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(
        (v["white"].as_str(), v["black"].as_str()),
        (Some("Müller, Jörg"), Some("Nuñez"))
    );
    // Without it the bytes are not UTF-8 and show as replacement characters, never dropped.
    let out = arbiter(&["adjudicate", "--format", "json", "-"], Some(pgn));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["white"], "M\u{fffd}ller, J\u{fffd}rg");
    let out = arbiter(&["adjudicate", "--encoding", "klingon", "-"], Some(pgn));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown encoding `klingon`"));
}

#[test]
fn the_summary_counts_games_results_by_clause_and_errors() {
    let pgn = "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. e4 *\n";
    let out = arbiter(
        &["adjudicate", "--summary", "json", "-"],
        Some(pgn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    let s: serde_json::Value = serde_json::from_str(last).expect("the summary is the last line");
    assert_eq!(
        s,
        serde_json::json!({
            "games": 3, "ruled": 2, "bad_games": 1, "bad_inputs": 0,
            "results": {"0-1": 1, "*": 1}, "changed": 0,
            "by_clause": {"5.1.1": {"0-1": 1}, "-": {"*": 1}},
            "findings": {
                "unrecorded": {"games": 1, "by_clause": {"5.1.1": 1}},
                "not-derivable": {"games": 1, "by_clause": {"-": 1}}
            },
            // Undated games: the newest edition of the Laws.
            "by_edition": {"fide-2023": {"unrecorded": 1, "not-derivable": 1}}
        })
    );
    let out = arbiter(
        &["--lang", "ru", "adjudicate", "--summary", "text", "-"],
        Some(pgn.as_bytes()),
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("3 партии: вынесено решений 2, не удалось прочесть или рассудить 1"),
        "{stderr}"
    );
    assert!(stderr.contains("  5.1.1: 1 (0-1: 1)"), "{stderr}");
    // Not on a terminal, and not asked for: no summary.
    let out = arbiter(&["adjudicate", "-"], Some(pgn.as_bytes()));
    assert!(!text(&out.stderr).contains("партии") && !text(&out.stderr).contains("games:"));
}

/// A game over the documented limit is reported in its place and skipped; the next is read.
#[test]
fn a_game_over_16_megabytes_is_reported_and_skipped() {
    let mut pgn = b"[Event \"big\"]\n\n1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(b'x', 17 << 20));
    pgn.extend(b"} *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let out = arbiter(&["adjudicate", "--format", "json", "-"], Some(&pgn));
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (&lines[0]["game"], &lines[0]["line"]),
        (&1.into(), &1.into())
    );
    let e = lines[0]["error"].as_str().unwrap_or_default();
    assert!(e.contains("longer than 16 megabytes"), "{e}");
    assert_eq!(
        (&lines[1]["game"], &lines[1]["line"]),
        (&2.into(), &5.into())
    );
    let out = arbiter(&["adjudicate", "-"], Some(&pgn));
    assert!(
        text(&out.stderr).starts_with("<stdin>:1:1: game 1: the game is longer than 16 megabytes"),
        "{}",
        text(&out.stderr)
    );
}
