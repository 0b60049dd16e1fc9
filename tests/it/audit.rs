//! `arbiter audit`: every game's recorded result against the laws', a summary by finding and
//! clause, exit status 0 only when every result agrees.

use crate::common::*;

/// One game per finding. Expected by hand: (a) Fool's mate recorded 0-1, ended normally:
/// agrees (5.1.1); (b) knights out and back four times, then on to a recorded 1-0: the start
/// position appears at plies 0, 4, 8, 12 and 16, the fifth time at ply 16, so 9.6.1 ends the
/// game there and 9.Nf3 is not played: ended earlier; (c) White resigns (recorded 0-1, Termination Normal) against a bare king: 5.1.2
/// (2023) makes it a draw: contradicts; (d) recorded 1-0 with no Termination: resignation
/// assumed; (e) abandoned: not derivable; (f) no result recorded after a mate: unrecorded.
const GAMES: &str = "\
[Event \"a\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"b\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 1-0\n\n\
[Event \"c\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n[SetUp \"1\"]\n\
[FEN \"8/8/8/4k3/8/8/3QK3/8 b - - 0 40\"]\n\n40... Kf5 41. Qd3+ Ke5 0-1\n\n\
[Event \"d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
[Event \"e\"]\n[Result \"1-0\"]\n[Termination \"Abandoned\"]\n\n1. e4 e5 1-0\n\n\
[Event \"f\"]\n\n1. f3 e5 2. g4 Qh4# *\n";

#[test]
fn each_finding_on_its_game() {
    let out = arbiter(&["audit", "--format", "json", "-"], Some(GAMES.as_bytes()));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let games: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let got: Vec<(&str, &str, &str)> = games
        .iter()
        .map(|g| {
            (
                g["finding"].as_str().unwrap_or("?"),
                g["result"].as_str().unwrap_or("?"),
                g["rule"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("agrees", "0-1", "5.1.1"),
            ("ended-earlier", "1/2-1/2", "9.6.1"),
            ("contradicts", "1/2-1/2", "5.1.2"),
            ("assumed", "1-0", "5.1.2"),
            ("not-derivable", "*", "-"),
            ("unrecorded", "0-1", "5.1.1"),
        ]
    );
    assert_eq!(games[1]["ended_at_ply"], 16);
    assert_eq!(games[1]["unplayed_moves"], 1);
    // The summary, on standard error in the JSON format.
    let summary: serde_json::Value =
        serde_json::from_str(text(&out.stderr).lines().last().unwrap_or_default())
            .expect("the summary");
    assert_eq!(summary["findings"]["contradicts"]["by_clause"]["5.1.2"], 1);
    assert_eq!(summary["findings"]["agrees"]["games"], 1);
}

#[test]
fn text_lists_what_does_not_agree_and_sums_up() {
    let out = arbiter(&["audit", "-"], Some(GAMES.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    // Not the agreeing game nor the assumed one; the others, then the summary.
    assert!(
        !stdout.contains("(game 1)") && !stdout.contains("(game 4)"),
        "{stdout}"
    );
    for g in ["(game 2)", "(game 3)", "(game 5)", "(game 6)"] {
        assert!(stdout.contains(g), "{g}: {stdout}");
    }
    assert!(stdout.contains("Audited 6 games."), "{stdout}");
    assert!(stdout.contains("ended earlier"), "{stdout}");
    let all = text(&arbiter(&["audit", "--all", "-"], Some(GAMES.as_bytes())).stdout);
    assert!(
        all.contains("(game 1)") && all.contains("(game 4)"),
        "{all}"
    );
    // In Russian, from the first word of the summary.
    let ru = text(&arbiter(&["--lang", "ru", "audit", "-"], Some(GAMES.as_bytes())).stdout);
    assert!(ru.contains("Проверено 6 партий."), "{ru}");
}

#[test]
fn every_result_agreeing_is_exit_zero() {
    let pgn =
        "[Event \"a\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let out = arbiter(&["audit", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

/// The corpus: Mantovani–Gaprindashvili (game 670 of Gaprindashvili.pgn) repeats a position
/// for the fifth time at ply 119 and goes on to 0-1: the laws drew it there (9.6.1).
#[test]
fn the_fivefold_repetition_the_record_played_on() {
    let dir = root().join("../shared/corpus/pgnmentor-players");
    let file = dir.join("Gaprindashvili.pgn");
    if !file.is_file() {
        assert!(std::env::var_os("CI").is_none(), "the corpus is missing");
        eprintln!("corpus not found at {}: skipped", dir.display());
        return;
    }
    let path = file.to_string_lossy().into_owned();
    let out = arbiter(&["audit", "--format", "json", &path], None);
    assert_eq!(out.status.code(), Some(1));
    let game = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|g| g["game"] == 670)
        .expect("game 670");
    assert_eq!(game["finding"], "ended-earlier");
    assert_eq!(game["rule"], "9.6.1");
    assert_eq!(game["ended_at_ply"], 119);
    assert_eq!(game["recorded_result"], "0-1");
    assert_eq!(game["result"], "1/2-1/2");
}
