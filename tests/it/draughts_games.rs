//! Russian draughts through the whole pipeline: a PDN record marked `[GameType "25"]` is read
//! with draughts notation, replayed with the draughts mechanics and ruled on by the club's
//! rulebook, which is for both games; a chess rulebook refuses it. Expectations derived from the
//! regulation and the rules of the game by hand.

use crate::common::*;

fn club(pdn: &str, lang: &str) -> (Option<i32>, String, String) {
    let out = arbiter(
        &["adjudicate", "--rulebook", "club", "--lang", lang, "-"],
        Some(pdn.as_bytes()),
    );
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// White's one man on c3 against Black's a5 and h8: after 1.c3-b4 a5:c3 White has no piece
/// left and no move: R.1 (the rules of the game, the club's base for draughts), Black wins.
#[test]
fn a_side_without_pieces_loses() {
    let pdn = "[GameType \"25\"]\n[FEN \"W:Wc3:Ba5,h8\"]\n[Result \"0-1\"]\n\n1. c3-b4 a5:c3 0-1\n";
    let (code, out, err) = club(pdn, "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("R.1") && !out.contains("club.R"), "{out}");
    assert!(out.contains("every piece has been taken"), "{out}");
    let (_, out, _) = club(pdn, "ru");
    assert!(out.contains("все шашки взяты"), "{out}");
}

/// A quiet move while a capture is compulsory is an error located at the move, with the reason.
#[test]
fn a_missed_capture_is_a_located_error() {
    let pdn = "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-e5 2. d4-c5 *\n";
    let (code, _, err) = club(pdn, "en");
    assert_ne!(code, Some(0));
    assert!(
        err.contains("<stdin>:4:19") || err.contains(":4:19"),
        "{err}"
    );
    assert!(err.contains("a capture is compulsory"), "{err}");
    let (_, _, err) = club(pdn, "ru");
    assert!(err.contains("бить обязательно"), "{err}");
}

/// A capture stopped where the man could take again, and a piece jumped twice.
#[test]
fn unfinished_captures_and_the_turkish_strike_are_named() {
    // White man c3, Black men d4 and f6 (e7 empty): c3:e5 must go on to g7.
    let pdn = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n[Result \"*\"]\n\n1. c3:e5 *\n";
    let (_, _, err) = club(pdn, "en");
    assert!(err.contains("the capture must go on"), "{err}");
}

/// A FIDE rulebook is for chess: a draughts game is refused, naming the rulebook and the game.
#[test]
fn a_chess_rulebook_refuses_a_draughts_game() {
    let pdn = "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 *\n";
    let out = arbiter(
        &["adjudicate", "--rulebook", "fide-2023", "-"],
        Some(pdn.as_bytes()),
    );
    assert_ne!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(
        err.contains("`fide-2023` is for chess; this game is Russian draughts"),
        "{err}"
    );
}

/// An unknown game number is refused at the tag.
#[test]
fn an_unknown_game_type_is_located_at_its_tag() {
    let pdn = "[Event \"x\"]\n[GameType \"20\"]\n[Result \"*\"]\n\n1. 32-28 *\n";
    let out = arbiter(
        &["adjudicate", "--rulebook", "club", "-"],
        Some(pdn.as_bytes()),
    );
    let err = text(&out.stderr);
    assert!(err.contains(":2:11"), "{err}");
    assert!(err.contains("GameType \"20\""), "{err}");
}

/// A file may mix the games: the game type decides the mechanics, game by game.
#[test]
fn a_file_mixes_chess_and_draughts() {
    let pdn = "[Event \"chess\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
               [Event \"draughts\"]\n[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n";
    let (code, out, err) = club(pdn, "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("after 1…e5"), "{out}");
    assert!(out.contains("after 1…f6-g5"), "{out}");
}

/// Kings shuffle (men cannot go back): White's king a1–b2, Black's h2–g1, never on one
/// diagonal. The start position (White to move) stands at plies 0, 4 and 8; Black's 4…g1-h2
/// makes it the third time, and White claims before his own move: club.D.2.1 upholds it.
#[test]
fn a_repetition_of_kings_is_claimed_under_the_club_procedure() {
    let pdn = "[GameType \"25\"]\n[FEN \"W:WKa1:BKh2\"]\n[Result \"1/2-1/2\"]\n\n\
               1. a1-b2 h2-g1 2. b2-a1 g1-h2 3. a1-b2 h2-g1 4. b2-a1 g1-h2 \
               { [%claim threefold] } 1/2-1/2\n";
    let (code, out, err) = club(pdn, "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("club.D.2.1"), "{out}");
    assert!(out.contains("3 times"), "{out}");
}

/// An undesignated king may be corrected after the opponent's reply (club.I.1's exception);
/// in chess an undesignated queen may not.
#[test]
fn an_undesignated_king_is_corrected_after_the_reply() {
    let pdn = "[GameType \"25\"]\n[FEN \"W:Wb6:Bh4\"]\n[Result \"*\"]\n\n\
               1. b6-a7 { [%illegal king] } h4-g3 2. a7-b8 { [%correct black] } *\n";
    let (code, out, err) = club(pdn, "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("crowned a man without designating the king"),
        "{out}"
    );
    assert!(out.contains("after his reply move too"), "{out}");
}

/// The README's table of the club's scenarios by clause and game counts the suite as it is.
#[test]
fn the_readme_coverage_table_counts_the_suite() {
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    let mut stack = vec![root().join("conformance/club")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("folder") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "pgn") {
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("scenario");
            let tag = |name: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
                    .and_then(|v| v.split('"').next())
                    .map(str::to_string)
            };
            let game = usize::from(tag("GameType").is_some_and(|g| g.starts_with("25")));
            for c in tag("Clauses").unwrap_or_default().split_whitespace() {
                counts.entry(c.to_string()).or_default()[game] += 1;
            }
        }
    }
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for (clause, [chess, draughts]) in counts.iter().filter(|(c, _)| c.starts_with("club.")) {
        let row = format!("| {clause} | {chess} | {draughts} |");
        assert!(
            readme.lines().any(|l| l == row),
            "README lacks the row {row}"
        );
    }
}

/// PDN's two-point results are the same results: a record `2-0` with nothing else ending the
/// game is Black's resignation, inferred from the record (R.2), and agrees with it.
#[test]
fn two_point_results_are_read_as_results() {
    let pdn = "[GameType \"25\"]\n[Result \"2-0\"]\n\n1. c3-d4 f6-g5 2-0\n";
    let out = arbiter(
        &["adjudicate", "--rulebook", "club", "--format", "json", "-"],
        Some(pdn.as_bytes()),
    );
    let line = text(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON verdict");
    assert_eq!(v["result"], "1-0", "{v}");
    assert_eq!(v["rule"], "R.2", "{v}");
}

/// The README's diagram of the square numbers is the notation's: each number stands on the
/// square `Square::from_number` gives it (1 = a1, 5 = b2, 32 = h8, as pydraughts numbers them),
/// every dark square once; and the README's numbered first move `11-15` is White's `e3-f4`.
#[test]
fn the_readme_square_numbers_are_the_notation() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let header = "      a   b   c   d   e   f   g   h\n";
    let at = readme.find(header).expect("the diagram of square numbers");
    let rows: Vec<&str> = readme[at + header.len()..].lines().take(8).collect();
    let mut seen = std::collections::BTreeSet::new();
    for (i, row) in rows.iter().enumerate() {
        let mut cells = row.split_whitespace();
        let rank: usize = cells.next().and_then(|r| r.parse().ok()).expect("a rank");
        assert_eq!(rank, 8 - i, "{row}");
        for (file, cell) in cells.enumerate() {
            let Ok(n) = cell.parse::<u32>() else {
                assert_eq!(cell, ".", "{row}");
                continue;
            };
            let sq = arbiter::draughts::Square::from_number(n).expect("a square number");
            let name = format!("{}{rank}", char::from(b'a' + file as u8));
            assert_eq!(sq.to_string(), name, "{n} in the README's diagram");
            assert!(seen.insert(n), "{n} twice");
        }
    }
    assert_eq!(seen.len(), 32);
    // Both spellings of White's first move are legal and give the same ruling (the move said
    // as the record wrote it).
    let game = |m: &str| format!("[GameType \"25\"]\n[Result \"*\"]\n\n1. {m} *\n");
    let (code, numbered, err) = club(&game("11-15"), "en");
    assert_eq!(code, Some(0), "{err}");
    let (code, named, err) = club(&game("e3-f4"), "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(numbered.contains("after 1.11-15;"), "{numbered}");
    assert_eq!(numbered.replace("11-15", "e3-f4"), named);
}
