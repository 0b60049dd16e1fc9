//! `arbiter audit`: every game's recorded result against the laws', a summary by finding and
//! clause, exit status 0 only when every result agrees.

use crate::common::*;

/// One game per finding. Expected by hand: (a) Fool's mate recorded 0-1, ended normally:
/// agrees (5.1.1); (b) knights out and back four times, then on to a recorded 1-0: the start
/// position appears at plies 0, 4, 8, 12 and 16, the fifth time at ply 16, so 9.6.1 draws the
/// game there and 9.Nf3 is not played: the laws end it earlier *and* with another result than
/// the record's, so the record is contradicted (a changed result, whatever the reason); (c)
/// White resigns (recorded 0-1, Termination Normal) against a bare king: 5.1.2 (2023) makes it a
/// draw: contradicts; (d) recorded 1-0 with no Termination: resignation assumed; (e) abandoned:
/// not derivable; (f) no result recorded after a mate: unrecorded; (g) the knights of (b),
/// recorded 1/2-1/2: the laws end it earlier with the recorded result: ended earlier.
const GAMES: &str = "\
[Event \"a\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"b\"]\n[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 1-0\n\n\
[Event \"c\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n[SetUp \"1\"]\n\
[FEN \"8/8/8/4k3/8/8/3QK3/8 b - - 0 40\"]\n\n40... Kf5 41. Qd3+ Ke5 0-1\n\n\
[Event \"d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
[Event \"e\"]\n[Result \"1-0\"]\n[Termination \"Abandoned\"]\n\n1. e4 e5 1-0\n\n\
[Event \"f\"]\n\n1. f3 e5 2. g4 Qh4# *\n\n\
[Event \"g\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 \
6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 1/2-1/2\n";

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
            ("contradicts", "1/2-1/2", "9.6.1"),
            ("contradicts", "1/2-1/2", "5.1.2"),
            ("assumed", "1-0", "5.1.2"),
            ("not-derivable", "*", "-"),
            ("unrecorded", "0-1", "5.1.1"),
            ("ended-earlier", "1/2-1/2", "9.6.1"),
        ]
    );
    for g in [1, 6] {
        assert_eq!(games[g]["ended_at_ply"], 16);
        assert_eq!(games[g]["unplayed_moves"], 1);
    }
    assert!(
        games[1]["finding_text"]
            .as_str()
            .is_some_and(|t| t.contains("before its last recorded move")),
        "{}",
        games[1]
    );
    // The summary, on standard error in the JSON format.
    let summary: serde_json::Value =
        serde_json::from_str(text(&out.stderr).lines().last().unwrap_or_default())
            .expect("the summary");
    assert_eq!(summary["findings"]["contradicts"]["by_clause"]["5.1.2"], 1);
    assert_eq!(summary["findings"]["contradicts"]["by_clause"]["9.6.1"], 1);
    assert_eq!(summary["findings"]["ended-earlier"]["games"], 1);
    assert_eq!(summary["findings"]["agrees"]["games"], 1);
    assert_eq!(summary["changed"], 2, "{summary}");
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
    for g in ["(game 2)", "(game 3)", "(game 5)", "(game 6)", "(game 7)"] {
        assert!(stdout.contains(g), "{g}: {stdout}");
    }
    assert!(stdout.contains("Audited 7 games."), "{stdout}");
    assert!(stdout.contains("ended earlier"), "{stdout}");
    assert!(
        stdout.contains("The laws change 2 recorded results"),
        "{stdout}"
    );
    let all = text(&arbiter(&["audit", "--all", "-"], Some(GAMES.as_bytes())).stdout);
    assert!(
        all.contains("(game 1)") && all.contains("(game 4)"),
        "{all}"
    );
    // In Russian, from the first word of the summary.
    let ru = text(&arbiter(&["--lang", "ru", "audit", "-"], Some(GAMES.as_bytes())).stdout);
    assert!(ru.contains("Проверено 7 партий."), "{ru}");
    assert!(
        ru.contains("Правила меняют 2 записанных результата"),
        "{ru}"
    );
}

#[test]
fn every_result_agreeing_is_exit_zero() {
    let pgn =
        "[Event \"a\"]\n[Result \"0-1\"]\n[Termination \"Normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let out = arbiter(&["audit", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

/// Russian draughts keeps its points of two for people (PDN's `2-0`, `1-1`, `0-2`): Black
/// resigns after 2.b2-c3 (R.2, a win for White); recorded `2-0` the record agrees, recorded
/// `0-2` the laws contradict it, and both lines say the results as draughts writes them. The
/// JSON keeps the protocol's `1-0` for programs.
#[test]
fn draughts_results_keep_their_points_of_two() {
    let game = |result: &str| {
        format!(
            "[Event \"d\"]\n[GameType \"25\"]\n[Result \"{result}\"]\n\n\
             1. c3-d4 f6-g5 2. b2-c3 {{ [%resign black] }} {result}\n\n"
        )
    };
    let pgn = game("2-0") + &game("0-2");
    let out = arbiter(
        &["audit", "--all", "--rulebook", "club", "-"],
        Some(pgn.as_bytes()),
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("recorded 2-0, the laws give 2-0"),
        "{stdout}"
    );
    assert!(
        stdout.contains("recorded 0-2, the laws give 2-0"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("0-1") && !stdout.contains("1-0"),
        "{stdout}"
    );
    let json = arbiter(
        &["audit", "--format", "json", "--rulebook", "club", "-"],
        Some(pgn.as_bytes()),
    );
    let lines: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[0]["result"], "1-0");
    assert_eq!(lines[0]["finding"], "agrees");
    assert_eq!(lines[1]["finding"], "contradicts");
}
