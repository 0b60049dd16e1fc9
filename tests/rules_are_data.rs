//! The rules are data: editing a copy of the rulebook changes the verdicts with no Rust change.

mod common;
use common::*;

/// The start position appears at plies 0, 4, 8, ... : the n-th appearance is at ply 4(n-1).
fn shuffles(times: usize) -> String {
    let mut moves = String::new();
    for i in 0..times {
        moves.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
    }
    format!("[Event \"x\"]\n[Result \"*\"]\n\n{moves}*\n")
}

fn ended_at(rulebook: &str, pgn: &str) -> (serde_json::Value, serde_json::Value) {
    let out = arbiter(
        &[
            "adjudicate",
            "--format",
            "json",
            "--rulebook",
            rulebook,
            "-",
        ],
        Some(pgn.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    (v["ended_at_ply"].clone(), v["rule"].clone())
}

#[test]
fn fivefold_becomes_sixfold() {
    let pgn = shuffles(6);
    // The embedded rulebook: the fifth appearance (ply 16) draws under 9.6.1.
    assert_eq!(
        ended_at("fide-2018", &pgn),
        (serde_json::json!(16), serde_json::json!("9.6.1"))
    );

    let dir = copy_rulebook("sixfold");
    edit(
        &dir.join("article9.yaml"),
        "when: \"repetitions >= 5\"",
        "when: \"repetitions >= 6\"",
    );
    let copy = dir.to_str().expect("utf-8");
    // The edited copy, through the interpreter: the draw moves to the sixth appearance.
    assert_eq!(
        ended_at(copy, &pgn),
        (serde_json::json!(20), serde_json::json!("9.6.1"))
    );
}

#[test]
fn embedded_rulebook_runs_on_both_engines() {
    let pgn = shuffles(5);
    for engine in ["compiled", "interpreter"] {
        let out = arbiter(
            &["adjudicate", "--format", "json", "--engine", engine, "-"],
            Some(pgn.as_bytes()),
        );
        let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
        assert_eq!(v["ended_at_ply"], 16, "{engine}");
    }
}
