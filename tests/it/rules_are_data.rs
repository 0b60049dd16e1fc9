//! The rules are data: editing a copy of the rulebook changes the verdicts with no Rust change.

use crate::common::*;

/// The start position appears at plies 0, 4, 8, ... : the n-th appearance is at ply 4(n-1).
fn shuffles(times: usize) -> String {
    let mut moves = String::new();
    for i in 0..times {
        moves.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
    }
    format!("[Event \"x\"]\n[Result \"*\"]\n\n{moves}*\n")
}

/// The JSON verdict of one game under a rulebook.
fn verdict(rulebook: &str, pgn: &str) -> serde_json::Value {
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
    serde_json::from_str(text(&out.stdout).trim()).expect("json")
}

fn ended_at(rulebook: &str, pgn: &str) -> (serde_json::Value, serde_json::Value) {
    let v = verdict(rulebook, pgn);
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
        &dir.join("rulebook.yaml"),
        "  automatic_repetitions:\n    value: \"5\"",
        "  automatic_repetitions:\n    value: \"6\"",
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

/// A rook ending under a standard time control with Guidelines III announced; after White's move
/// Black, with `black_clock` left, claims that White cannot win by normal means.
fn quickplay_claim(black_clock: &str) -> String {
    format!(
        "[Event \"x\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/8/4k3/8/3r4/8/4K3/5R2 w - - 0 60\"]\n\
         [TimeControl \"5400\"]\n[QuickplayFinish \"yes\"]\n\n\
         60. Rf2 {{ [%clk 0:20:00] [%clock black {black_clock}] [%quickplay no-win] }} *\n"
    )
}

fn quickplay_ruling(rulebook: &str, pgn: &str) -> (serde_json::Value, serde_json::Value) {
    let v = verdict(rulebook, pgn);
    let r = &v["rulings"][0];
    (r["rule"].clone(), r["decision"].clone())
}

#[test]
fn two_minutes_become_three() {
    let pgn = quickplay_claim("0:02:30");
    // Two minutes and a half is not "less than two minutes": rejected under III.5.
    assert_eq!(
        quickplay_ruling("fide-2018", &pgn),
        (serde_json::json!("III.5"), serde_json::json!("rejected"))
    );
    let dir = copy_rulebook("three-minutes");
    // One edit: the named constant every clause of Guidelines III reads.
    edit(
        &dir.join("rulebook.yaml"),
        "  quickplay_time:\n    value: \"2min\"",
        "  quickplay_time:\n    value: \"3min\"",
    );
    // The edited copy: the claim now goes to the arbiter (no decision yet).
    assert_eq!(
        quickplay_ruling(dir.to_str().expect("utf-8"), &pgn),
        (serde_json::json!("III.5"), serde_json::Value::Null)
    );
}

#[test]
fn an_overlay_folder_on_disk_extends_its_sibling() {
    // A copy of `sofia` beside a copy of fide-2018 in which offers are always forbidden by the
    // base's 9.1.1 default: the overlay sees the edited base, not the embedded one.
    let dir = copy_overlay("overlay-on-disk", "sofia");
    let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 { [%offer] } e5 *\n";
    let rule = |book: &str| {
        let out = arbiter(
            &["adjudicate", "--format", "json", "--rulebook", book, "-"],
            Some(pgn.as_bytes()),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
        v["rulings"][0]["rule"].clone()
    };
    assert_eq!(
        rule(dir.to_str().expect("utf-8")),
        serde_json::json!("sofia.1")
    );
    edit(
        &dir.join("sofia.yaml"),
        "exception_to: [\"9.1.1\", \"9.1.2.1\", \"5.2.3\"]",
        "exception_to: [\"9.1.2.1\", \"5.2.3\"]",
    );
    let base = dir
        .parent()
        .expect("parent")
        .join("fide-2018/rulebook.yaml");
    edit(
        &base,
        "default: \"true\"\n    tag: DrawOffers",
        "default: \"false\"\n    tag: DrawOffers",
    );
    // Both forbid the offer and neither is an exception to the other now: the first in rulebook
    // order, the edited base's 9.1.1, is cited.
    assert_eq!(
        rule(dir.to_str().expect("utf-8")),
        serde_json::json!("9.1.1")
    );
}

#[test]
fn an_overlay_redefines_a_constant() {
    // A federation's rulebook of four lines over FIDE's: five appearances become six.
    let fide = copy_rulebook("overlay-constant");
    let dir = fide.parent().expect("parent").join("sixfold");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(
        dir.join("rulebook.yaml"),
        "id: sixfold\nextends: fide-2018\ntitle: {en: Sixfold, ru: Шестикратное}\n\
         source: {en: Test, ru: Тест}\nlanguages: [en, ru]\nfiles: []\n\
         constants:\n  automatic_repetitions:\n    value: \"6\"\n    unit: times\n    \
         doc: {en: Six, ru: Шесть}\n",
    )
    .expect("write");
    assert_eq!(
        ended_at(dir.to_str().expect("utf-8"), &shuffles(6)),
        (serde_json::json!(20), serde_json::json!("9.6.1"))
    );
}
