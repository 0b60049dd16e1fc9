//! `arbiter diff`: a rulebook against itself finds nothing; 2018 → 2023 finds what FIDE changed
//! (5.1.2, A.3, the renumbering of 9.2) and the suite's games it rules differently; a copy that
//! changes only `automatic_moves` finds exactly the games the 75-move rule ended, derived here
//! from the moves themselves (shakmaty's halfmove clock), not from arbiter's output.

use std::collections::BTreeSet;

use serde_json::Value;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, EnPassantMode, Position, Role};

use crate::common::{arbiter, copy_rulebook, edit, scratch, text};

fn records(out: &[u8]) -> Vec<Value> {
    text(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn of_kind<'a>(records: &'a [Value], kind: &str) -> Vec<&'a Value> {
    records.iter().filter(|r| r["record"] == kind).collect()
}

#[test]
fn a_rulebook_against_itself_finds_nothing() {
    for args in [
        vec!["diff", "fide-2023", "fide-2023"],
        vec!["diff", "fide-2018", "fide-2018", "--format", "json"],
    ] {
        let out = arbiter(&args, None);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        if args.contains(&"json") {
            let r = records(&out.stdout);
            assert!(of_kind(&r, "clause").is_empty() && of_kind(&r, "game").is_empty());
            let summary = of_kind(&r, "summary")[0];
            assert_eq!(summary["changed"], 0);
            assert!(
                summary["games"].as_u64().is_some_and(|n| n > 100),
                "{summary}"
            );
        }
    }
    // A folder copy (run by the interpreter) against the embedded rulebook (compiled code):
    // the same clauses, and the same verdict on every scenario.
    let copy = copy_rulebook("diff-self");
    let copy = copy.to_string_lossy().into_owned();
    let out = arbiter(&["diff", "fide-2018", &copy], None);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("no clause changed"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_family_is_refused_with_its_editions_named() {
    let out = arbiter(&["diff", "fide", "fide-2023"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("fide-2018, fide-2023"), "{err}");
}

#[test]
fn fide_2018_to_2023_finds_the_changes_fide_made() {
    let out = arbiter(
        &["diff", "fide-2018", "fide-2023", "--format", "json"],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let r = records(&out.stdout);
    let clause = |id: &str| {
        of_kind(&r, "clause")
            .into_iter()
            .find(|c| c["new_id"] == id || (c["new_id"].is_null() && c["old_id"] == id))
            .unwrap_or_else(|| panic!("no record for {id}"))
            .clone()
    };
    // 5.1.2: a resignation's rules changed (the new ones ask whether the opponent can mate).
    let c512 = clause("5.1.2");
    assert_eq!(c512["change"], "amended");
    assert!(c512["rules"].as_array().is_some_and(|r| !r.is_empty()));
    assert!(c512.to_string().contains("can_checkmate"), "{c512}");
    // A.3 is new in 2023.
    assert_eq!(clause("A.3")["change"], "added");
    // 9.2: 2018's 9.2.1, 9.2.1.1, ... are 2023's 9.2, 9.2.1, ... (rulebook.yaml's amendments).
    for (old, new) in [
        ("9.2.1", "9.2"),
        ("9.2.1.1", "9.2.1"),
        ("9.2.1.2", "9.2.2"),
        ("9.2.2", "9.2.3"),
        ("9.2.2.1", "9.2.3.1"),
        ("9.2.2.2", "9.2.3.2"),
    ] {
        let c = clause(new);
        assert_eq!(c["old_id"], old, "{c}");
        assert_eq!(c["renumbered"], true, "{c}");
    }
    // III.6.1's parameter: a player may claim without having the move.
    let value = of_kind(&r, "value")
        .into_iter()
        .find(|v| v["name"] == "unsupervised_claim_needs_the_move")
        .expect("the changed definition");
    assert_eq!(
        (value["old"].as_str(), value["new"].as_str()),
        (Some("true"), Some("false"))
    );
    // The suite's resignations against a bare king: a loss in 2018, a draw in 2023.
    let games = of_kind(&r, "game");
    let bare = games
        .iter()
        .find(|g| {
            g["file"]
                .as_str()
                .is_some_and(|f| f.contains("resigns-against-bare-king"))
        })
        .expect("a resignation against a bare king");
    assert_eq!(bare["old"]["rule"], "5.1.2");
    assert_eq!(bare["new"]["result"], "1/2-1/2");
    assert_ne!(bare["old"]["result"], "1/2-1/2");
    // The text and Markdown say the same, in both languages.
    for lang in ["en", "ru"] {
        let out = arbiter(&["diff", "fide-2018", "fide-2023", "--lang", lang], None);
        assert_eq!(out.status.code(), Some(1));
        let t = text(&out.stdout);
        assert!(t.contains("9.2.1 → 9.2"), "{t}");
        let out = arbiter(
            &[
                "diff",
                "fide-2018",
                "fide-2023",
                "--lang",
                lang,
                "--format",
                "markdown",
            ],
            None,
        );
        let md = text(&out.stdout);
        assert!(md.starts_with("# fide-2018 → fide-2023"), "{md}");
        assert!(md.contains("| A.3 |"), "{md}");
    }
}

/// The pieces without their pawns: no dead position can arise, and only captures are
/// irreversible.
const START: &str = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1";

/// A deterministic game from `START`: pieces move without capturing (so the halfmove clock
/// only grows) for `plies` plies, avoiding a third occurrence of a position (no fivefold
/// repetition), checks, mate and stalemate; then, when `reset_after`, a capture if there is one.
/// Returns the movetext and the largest halfmove clock shakmaty counts along it.
fn quiet_game(seed: u64, plies: usize, reset_after: bool) -> (String, u32) {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let fen: shakmaty::fen::Fen = START.parse().unwrap();
    let mut pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    let mut seen: std::collections::HashMap<String, u32> = Default::default();
    let mut sans = Vec::new();
    let mut max_clock = 0;
    let key = |p: &Chess| shakmaty::fen::Epd::from_position(p, EnPassantMode::Legal).to_string();
    for ply in 0..plies + usize::from(reset_after) {
        let resetting = ply == plies;
        let moves: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let irreversible = m.is_capture() || m.role() == Role::Pawn;
                if irreversible != resetting {
                    return false;
                }
                let mut after = pos.clone();
                after.play_unchecked(*m);
                !after.is_check()
                    && !after.is_checkmate()
                    && !after.is_stalemate()
                    && seen.get(&key(&after)).copied().unwrap_or(0) < 2
            })
            .collect();
        if resetting && moves.is_empty() {
            break;
        }
        assert!(!moves.is_empty(), "seed {seed}: stuck at ply {ply}");
        let m = moves[next() % moves.len()];
        sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        *seen.entry(key(&pos)).or_default() += 1;
        max_clock = max_clock.max(pos.halfmoves());
    }
    let mut text = String::new();
    for (i, san) in sans.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(san);
        text.push(' ');
    }
    (text, max_clock)
}

#[test]
fn changing_automatic_moves_finds_exactly_the_games_the_75_move_rule_ended() {
    // Games around the threshold: 75 moves by each player are 150 plies.
    let lengths = [40, 120, 149, 150, 151, 160, 149, 150, 175];
    let mut pgn = String::new();
    let mut expected = BTreeSet::new();
    for (i, &plies) in lengths.iter().enumerate() {
        let (moves, clock) = quiet_game(i as u64 + 7, plies, i % 3 == 1);
        // Derived from the moves: the halfmove clock reached 150, so 9.6.2 (75 moves) ended the
        // game there; under 80 moves it goes on (to 160 plies, or to its end).
        if clock >= 150 {
            expected.insert(i + 1);
        }
        pgn.push_str(&format!(
            "[Event \"diff {i}\"]\n[White \"W{i}\"]\n[Black \"B{i}\"]\n[Result \"*\"]\n\
             [SetUp \"1\"]\n[FEN \"{START}\"]\n\n{moves}*\n\n"
        ));
    }
    assert!(
        expected.len() >= 4 && expected.len() < lengths.len(),
        "{expected:?}"
    );
    let dir = scratch("diff-games");
    let games = dir.join("games.pgn");
    std::fs::write(&games, &pgn).unwrap();
    let book = copy_rulebook("diff-automatic");
    edit(
        &book.join("rulebook.yaml"),
        "automatic_moves:\n    value: \"75\"",
        "automatic_moves:\n    value: \"80\"",
    );
    let (book, games) = (book.to_string_lossy(), games.to_string_lossy());
    let out = arbiter(
        &[
            "diff",
            "fide-2018",
            &book,
            &games,
            "--format",
            "json",
            "--jobs",
            "2",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let r = records(&out.stdout);
    // The clauses: only 9.6.2, through its constant.
    let clauses = of_kind(&r, "clause");
    assert_eq!(clauses.len(), 1, "{clauses:?}");
    assert_eq!(clauses[0]["new_id"], "9.6.2");
    assert_eq!(clauses[0]["values"][0]["name"], "automatic_moves");
    assert_eq!(clauses[0]["values"][0]["old"], "75 moves");
    assert_eq!(clauses[0]["values"][0]["new"], "80 moves");
    // The games: exactly those the clock says.
    let found: BTreeSet<usize> = of_kind(&r, "game")
        .iter()
        .map(|g| {
            assert_eq!(g["old"]["rule"], "9.6.2", "{g}");
            assert_eq!(g["old"]["ply"], 150, "{g}");
            g["game"].as_u64().unwrap() as usize
        })
        .collect();
    assert_eq!(found, expected);
    let summary = of_kind(&r, "summary")[0];
    assert_eq!(summary["games"], lengths.len());
}

#[test]
fn check_says_its_errors_in_json_for_tools() {
    let book = copy_rulebook("check-json");
    edit(&book.join("article9.yaml"), "on: position", "on: positon");
    let dir = book.to_string_lossy();
    let out = arbiter(&["check", "--format", "json", &dir], None);
    assert_eq!(out.status.code(), Some(1));
    let r = records(&out.stdout);
    let e = &r[0];
    assert!(
        e["file"].as_str().unwrap().ends_with("article9.yaml"),
        "{e}"
    );
    // Where `positon` is, found here by searching the file, not from arbiter.
    let src = std::fs::read_to_string(book.join("article9.yaml")).unwrap();
    let at = src.find("positon").unwrap();
    let line = src[..at].lines().count();
    let column = at - src[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(line as u64), Some(column as u64)),
        "{e}"
    );
    assert!(
        e["code"].as_str().is_some_and(|c| c.starts_with("diag-")),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("positon"), "{e}");
    let out = arbiter(&["check", "--format", "json", "rules/fide-2018"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(records(&out.stdout)[0]["ok"], true);
}
