//! Real games: every game of the pgnmentor corpus is read and ruled on without error, and the
//! verdicts agree with an independent classification of the final positions (python-chess, in
//! `draw-conditions.tsv`, see `../shared/corpus/SOURCE.md`) wherever that classification follows
//! FIDE. The corpus lives outside the repository (`ARBITER_CORPUS` or `../shared/corpus`); without
//! it these tests are ignored with the reason (and fail in CI).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use arbiter::{load_rules, pgn, runtime};

use crate::common::{self, arbiter, text};
use crate::{Ran, done, skip};

/// The corpus folder, or why there is none.
fn corpus() -> Result<PathBuf, String> {
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| common::root().join("../shared/corpus"));
    if dir.join("pgnmentor-players").is_dir() {
        Ok(dir)
    } else {
        Err(format!(
            "no game corpus at {} (set ARBITER_CORPUS to a copy of shared/corpus)",
            dir.display()
        ))
    }
}

/// (file, White, Black, Date, Site, recorded plies) -> (result, rule, ended_at_ply)
type Key = (String, String, String, String, String, usize);
type Got = (&'static str, Option<String>, Option<u32>);

fn adjudicate_dir(dir: &Path, files: &[&str]) -> HashMap<Key, Vec<Got>> {
    let rules = load_rules("fide-2018", None).expect("rules");
    let mut out: HashMap<Key, Vec<Got>> = HashMap::new();
    let mut errors = Vec::new();
    let mut n = 0;
    for f in files {
        let bytes = std::fs::read(dir.join(f)).expect("corpus file");
        for g in pgn::read_games(&bytes) {
            let g = match g {
                Ok(g) => g,
                Err(e) => {
                    errors.push(format!("{f}: game {}: {}", e.game, e.message));
                    continue;
                }
            };
            // What the moves give, as python-chess sees them: the record's own end (a
            // resignation, an agreement) is not read.
            let options = runtime::adjudicate::Options {
                record: false,
                ..runtime::adjudicate::Options::default()
            };
            match arbiter::adjudicate::game_with(g.clone(), rules.as_ref(), options) {
                Ok(v) => {
                    n += 1;
                    let t = |k: &str| g.tag(k).unwrap_or("").to_string();
                    let key = (
                        f.to_string(),
                        t("White"),
                        t("Black"),
                        t("Date"),
                        t("Site"),
                        g.moves.len(),
                    );
                    out.entry(key).or_default().push((
                        v.outcome.result().as_str(),
                        v.outcome.rule().map(str::to_string),
                        v.outcome.ended_at_ply(),
                    ));
                }
                Err(e) => errors.push(format!("{f}: game {}: {}", e.game, e.message)),
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} games failed:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert!(n > 0);
    out
}

fn rows(path: PathBuf) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).expect("tsv");
    let mut lines = text.lines();
    let head: Vec<String> = lines
        .next()
        .expect("header")
        .split('\t')
        .map(str::to_string)
        .collect();
    lines
        .map(|l| {
            head.iter()
                .cloned()
                .zip(l.split('\t').map(str::to_string))
                .collect()
        })
        .collect()
}

/// The clause that a final-position class corresponds to, where the class follows FIDE.
fn clause_of(state: &str) -> Option<&'static str> {
    Some(match state {
        "stalemate" => "5.2.1",
        "insufficient_material" => "5.2.2",
        "fivefold" => "9.6.1",
        "seventyfive_move" => "9.6.2",
        _ => return None,
    })
}

fn check(dir: PathBuf, sub: &str, files: &[&str], min_agree: usize) {
    let ours = adjudicate_dir(&dir.join(sub), files);
    let tsv = if sub == "pgnmentor-players" {
        "draw-conditions.tsv"
    } else {
        "draws.tsv"
    };
    let mut agree = 0;
    let mut problems = Vec::new();
    let mut dead_earlier = Vec::new();
    for r in rows(dir.join(sub).join(tsv)) {
        let file = r["file"].rsplit('/').next().unwrap_or_default().to_string();
        if !files.contains(&file.as_str()) {
            continue;
        }
        let plies: usize = r["plies"].parse().expect("plies");
        let key = (
            file,
            r["white"].clone(),
            r["black"].clone(),
            r["date"].clone(),
            r["site"].clone(),
            plies,
        );
        let Some(got) = ours.get(&key) else {
            problems.push(format!("no game of ours matches {key:?}"));
            continue;
        };
        let state = r["final_state"].as_str();
        // Blitz matches hold games with the same players, date, site and length: a row is matched
        // when one of the games with its key is.
        let matches = |(_, rule, ended): &Got| match clause_of(state) {
            // The final position is dead / stalemate / fivefold / 75-move: the same clause must
            // have ended the game there, or earlier if the condition already held earlier.
            Some(c) => rule.as_deref() == Some(c) && ended.is_some_and(|p| p as usize <= plies),
            // Threefold or fifty claimable at the end, or none: no claim in the record, so the
            // laws leave the game open unless an automatic clause ended it earlier.
            None => {
                rule.is_none()
                    || ["9.6.1", "9.6.2", "5.2.2", "5.1.1", "5.2.1"]
                        .contains(&rule.as_deref().unwrap_or_default())
            }
        };
        // python-chess sees a dead position by material only; the exact engine may find the
        // position dead before the terminal state python-chess reports.
        let earlier = |(_, rule, ended): &Got| {
            clause_of(state).is_some()
                && rule.as_deref() == Some("5.2.2")
                && ended.is_some_and(|p| (p as usize) < plies)
        };
        if got.iter().any(matches) {
            agree += usize::from(clause_of(state).is_some());
        } else if let Some((_, _, Some(p))) = got.iter().find(|g| earlier(g)) {
            dead_earlier.push((
                key.0.clone(),
                key.1.clone(),
                key.2.clone(),
                key.3.clone(),
                *p,
            ));
        } else {
            problems.push(format!(
                "{key:?}: final position is {state}, we have {got:?}"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} disagreements:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(agree >= min_agree, "only {agree} agreements");
    // Each derived by hand. Carlsen.pgn, Nakamura–Carlsen, chess.com 2018.01.03, round 4.23:
    // after 93.a7+ (ply 185) Black's only move is Ka8; then Black's king (a8) and pawn (b7) can
    // never move again and White's king and pawns (a7, b6) can never give check, so every White
    // move stalemates: dead two plies before the stalemate python-chess reports.
    let expected: &[(&str, &str, &str, &str, u32)] =
        &[("Carlsen.pgn", "Nakamura,Hi", "Carlsen,M", "2018.01.03", 185)];
    let expected: Vec<(String, String, String, String, u32)> = expected
        .iter()
        .filter(|e| files.contains(&e.0))
        .map(|e| (e.0.into(), e.1.into(), e.2.into(), e.3.into(), e.4))
        .collect();
    assert_eq!(
        dead_earlier, expected,
        "dead positions earlier than python-chess's end"
    );
}

pub fn pgnmentor_all_games_agree_with_python_chess() -> Ran {
    let dir = match corpus() {
        Ok(dir) => dir,
        Err(why) => return skip(why),
    };
    let files = [
        "Anand.pgn",
        "Capablanca.pgn",
        "Carlsen.pgn",
        "Chiburdanidze.pgn",
        "Fischer.pgn",
        "Gaprindashvili.pgn",
        "Hou.pgn",
        "Kasparov.pgn",
        "Kosteniuk.pgn",
        "Kramnik.pgn",
        "PolgarJ.pgn",
        "Stefanova.pgn",
    ];
    // 3 fivefold, 2 75-move, 97 stalemates, 421 dead by material in SOURCE.md's table.
    check(dir, "pgnmentor-players", &files, 500);
    done()
}

pub fn lichess_draws_agree() -> Ran {
    let dir = match corpus() {
        Ok(dir) => dir,
        Err(why) => return skip(why),
    };
    check(dir, "lichess-2021-10-head", &["lichess.pgn"], 21);
    done()
}

/// Every `TimeControl` tag and every `[%clk]` reading of the lichess export reads.
pub fn lichess_time_controls_and_clocks_read() -> Ran {
    use arbiter::pgn::time::{ParseTimeControl, TimeControl, clock};
    let dir = match corpus() {
        Ok(dir) => dir,
        Err(why) => return skip(why),
    };
    let bytes = std::fs::read(dir.join("lichess-2021-10-head/lichess.pgn")).expect("lichess.pgn");
    let (mut controls, mut readings) = (0, 0);
    for g in pgn::read_games(&bytes) {
        let g = g.expect("every lichess game reads");
        if let Some(tc) = g.tag("TimeControl") {
            let tc = TimeControl::parse(tc).unwrap_or_else(|e| panic!("`{tc}`: {e}"));
            assert!(matches!(tc, TimeControl::Periods(_) | TimeControl::Untimed));
            controls += 1;
        }
        for (_, text) in &g.comments {
            for c in pgn::commands::commands(text).expect("commands") {
                if c.name == "clk" {
                    let arg = c.args.first().map_or("", |a| a.0);
                    clock(arg).unwrap_or_else(|e| panic!("{e}"));
                    readings += 1;
                }
            }
        }
    }
    assert!(controls > 900 && readings > 10_000, "{controls} {readings}");
    done()
}

/// `--infer-flags` on the platform's own terminations: every game lichess ended by
/// `[Termination "Time forfeit"]` gets a flag for the side to move at the end, and 6.9 (a loss,
/// or a draw when the opponent cannot checkmate) gives the result lichess recorded, its 11
/// timeout draws included. lichess decides "cannot checkmate" by its own code, independently.
pub fn lichess_time_forfeits_match_the_platform_with_inferred_flags() -> Ran {
    use arbiter::adjudicate::game_with;
    use arbiter::runtime::adjudicate::Options;
    let dir = match corpus() {
        Ok(dir) => dir,
        Err(why) => return skip(why),
    };
    let rules = load_rules("fide-2018", None).expect("rules");
    let bytes = std::fs::read(dir.join("lichess-2021-10-head/lichess.pgn")).expect("lichess.pgn");
    // Material alone, as lichess decides "cannot checkmate": the exact engine's differences are
    // the re-audit's (README, "The corpus re-audited").
    let options = Options {
        record: true,
        analysis: None,
        ..Options::default()
    };
    let (mut forfeits, mut draws) = (0, 0);
    let mut differ = Vec::new();
    for g in pgn::read_games(&bytes) {
        let g = g.expect("every lichess game reads");
        if g.tag("Termination") != Some("Time forfeit") {
            continue;
        }
        forfeits += 1;
        let v = game_with(g.clone(), rules.as_ref(), options).expect("adjudicated");
        let inferred = v
            .rulings
            .iter()
            .any(|r| r.inferred && r.rule.as_deref() == Some("6.9"));
        let result = v.outcome.result().as_str();
        if !inferred || Some(result) != g.tag("Result") {
            differ.push((g.index, result, g.tag("Result").map(str::to_string)));
        }
        if result == "1/2-1/2" {
            draws += 1;
        }
    }
    assert!(differ.is_empty(), "{differ:?}");
    assert_eq!((forfeits, draws), (324, 11));
    done()
}

/// The corpus: Mantovani–Gaprindashvili (game 670 of Gaprindashvili.pgn) repeats a position
/// for the fifth time at ply 119 and goes on to a recorded 0-1: the laws drew it there (9.6.1).
/// The record's result differs from the laws', so the finding is `contradicts`, not merely
/// `ended-earlier`, and the audit's summary counts it among the changed results.
pub fn the_fivefold_repetition_the_record_played_on_is_a_changed_result() -> Ran {
    let dir = match corpus() {
        Ok(dir) => dir.join("pgnmentor-players"),
        Err(why) => return skip(why),
    };
    let path = dir
        .join("Gaprindashvili.pgn")
        .to_string_lossy()
        .into_owned();
    let out = arbiter(&["audit", "--format", "json", &path], None);
    assert_eq!(out.status.code(), Some(1));
    let game = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|g| g["game"] == 670)
        .expect("game 670");
    assert_eq!(game["finding"], "contradicts");
    assert_eq!(game["rule"], "9.6.1");
    assert_eq!(game["ended_at_ply"], 119);
    assert_eq!(game["recorded_result"], "0-1");
    assert_eq!(game["result"], "1/2-1/2");
    let summary: serde_json::Value =
        serde_json::from_str(text(&out.stderr).trim().lines().last().expect("summary"))
            .expect("the summary in JSON");
    assert!(
        summary["changed"].as_u64().is_some_and(|n| n >= 1),
        "{summary}"
    );
    done()
}

/// `arbiter diff fide-2018 fide-2023` on the whole corpus finds the resignations against a
/// lone king (2023's 5.1.2: a draw, the opponent cannot checkmate; 2018's: a loss), derived here
/// independently: every decisive game whose `Termination` (if any) says it ended normally, not
/// by checkmate, with the winner left a bare king on the board (the moves replayed by shakmaty).
/// Every game the diff finds is such a 5.1.2 ruling made a draw, by a winner shakmaty also finds
/// unable to mate by material.
pub fn diff_finds_the_resignations_against_a_lone_king() -> Ran {
    use shakmaty::{Chess, Color, Position};
    let dir = match corpus() {
        Ok(dir) => dir,
        Err(why) => return skip(why),
    };
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&dir).expect("corpus") {
        let sub = sub.expect("entry").path();
        if !sub.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&sub).expect("folder") {
            let f = f.expect("entry").path();
            if f.extension().is_some_and(|x| x == "pgn") {
                files.push(f.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    // (file, game) -> whether the winner could still mate by material (shakmaty).
    let mut expected = std::collections::BTreeSet::new();
    let mut insufficient = std::collections::BTreeSet::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("corpus file");
        for g in pgn::read_games(&bytes).into_iter().flatten() {
            let winner = match g.tag("Result") {
                Some("1-0") => Color::White,
                Some("0-1") => Color::Black,
                _ => continue,
            };
            let pgn::Movetext::Chess(moves) = &g.moves else {
                continue;
            };
            let mut pos = Chess::default();
            if g.tag("FEN").is_some() {
                continue;
            }
            let legal = moves.iter().all(|m| match m.san.to_move(&pos) {
                Ok(mv) => {
                    pos.play_unchecked(mv);
                    true
                }
                Err(_) => false,
            });
            if !legal || pos.is_checkmate() {
                continue;
            }
            let key = (f.clone(), g.index as u64);
            if pos.has_insufficient_material(winner) {
                insufficient.insert(key.clone());
            }
            let normal = g
                .tag("Termination")
                .is_none_or(|t| t.eq_ignore_ascii_case("normal"));
            if normal && pos.board().by_color(winner).count() == 1 {
                expected.insert(key);
            }
        }
    }
    let mut args = vec!["diff", "fide-2018", "fide-2023", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let out = arbiter(&args, None);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let mut found = std::collections::BTreeSet::new();
    for line in text(&out.stdout).lines() {
        let r: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if r["record"] != "game" {
            continue;
        }
        assert_eq!(
            (&r["old"]["rule"], &r["new"]["rule"]),
            (&"5.1.2".into(), &"5.1.2".into()),
            "{r}"
        );
        assert_eq!(r["new"]["result"], "1/2-1/2", "{r}");
        let key = (
            r["file"].as_str().expect("file").to_string(),
            r["game"].as_u64().expect("game"),
        );
        assert!(
            insufficient.contains(&key),
            "{r}: the winner could mate by material"
        );
        found.insert(key);
    }
    assert!(
        !expected.is_empty(),
        "no resignation against a lone king in the corpus"
    );
    let missing: Vec<_> = expected.difference(&found).collect();
    assert!(
        missing.is_empty(),
        "resignations against a lone king not found: {missing:?}"
    );
    eprintln!(
        "diff on the corpus: {} games ruled differently, {} of them resignations against a lone king",
        found.len(),
        expected.len()
    );
    done()
}
