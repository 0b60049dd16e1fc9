//! Articles 5.2.2 and 6.9 decided by the unwinnability engine, end to end: the verdicts, their
//! evidence (checked independently: a helpmate line is replayed here and must end in mate), the
//! undetermined answer stopping play for the arbiter, `explain-position`, and the rulebook (not
//! Rust) deciding what the engine's answers mean.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use crate::common::*;

/// Locked pawns on a5–h4 with kings only behind them: neither king can ever cross the chain and
/// no pawn can move or be taken, so no mate is possible: dead (hand proof).
const LOCKED: &str = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8";

fn game(fen: &str, moves: &str) -> String {
    format!("[Event \"x\"]\n[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n")
}

fn verdicts(args: &[&str], pgn: &str) -> serde_json::Value {
    let mut all = vec!["adjudicate", "--format", "json"];
    all.extend_from_slice(args);
    all.push("-");
    let out = arbiter(&all, Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).trim()).expect("json")
}

fn ending(v: &serde_json::Value) -> &serde_json::Value {
    let i = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .position(|r| r["rule"] == v["rule"])
        .expect("the ending ruling");
    &v["rulings"][i]
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("fen")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

#[test]
fn locked_pawns_are_a_dead_position_by_5_2_2_with_its_proof() {
    let v = verdicts(
        &[],
        &game(&format!("{LOCKED} b - - 0 1"), "1... Kc6 2. Kd3"),
    );
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["rule"], "5.2.2");
    assert_eq!(v["ended_at_ply"], 0);
    let e = &ending(&v)["evidence"];
    assert_eq!(e["kind"], "dead-position");
    assert_ne!(e["white"]["tier"], "material", "{e}");
    // The material-only run, as before the engine: the game goes on.
    let m = verdicts(
        &["--material-only"],
        &game(&format!("{LOCKED} b - - 0 1"), "1... Kc6 2. Kd3"),
    );
    assert_eq!(m["result"], "*");
    assert_eq!(m["rule"], serde_json::Value::Null);
}

#[test]
fn the_first_dead_ply_is_exact() {
    // A rook on h3 is taken on the second ply; from then on the locked position is dead.
    let v = verdicts(
        &[],
        &game(
            "8/8/1k6/p1p1p1p1/P1P1P1P1/7r/3K4/8 b - - 0 1",
            "1... Rd3+ 2. Kxd3 Kc6 3. Kc3",
        ),
    );
    assert_eq!(
        (v["rule"].clone(), v["ended_at_ply"].clone()),
        ("5.2.2".into(), 2.into())
    );
    assert_eq!(v["unplayed_moves"], 2);
}

#[test]
fn a_flag_loses_when_the_opponent_can_still_mate_and_the_line_proves_it() {
    // Bishops of opposite colours: Black can mate (White's own bishop blocks its king).
    let fen = "8/8/4k3/8/2b5/8/8/2B1K3 w - - 0 47";
    let v = verdicts(&[], &game(fen, "47. Bf4 Kd5 48. Kd2 { [%flag white] }"));
    assert_eq!(
        (v["result"].clone(), v["rule"].clone()),
        ("0-1".into(), "6.9".into())
    );
    let e = &ending(&v)["evidence"];
    assert_eq!(e["kind"], "can-checkmate");
    assert_eq!(e["side"], "black");
    // Replay the line from the position where the flag fell: legal, and mate at the end.
    let mut pos = position(fen);
    for san in ["Bf4", "Kd5", "Kd2"] {
        let m = san
            .parse::<shakmaty::san::San>()
            .expect("san")
            .to_move(&pos)
            .expect("legal");
        pos.play_unchecked(m);
    }
    let first_number = pos.fullmoves().get();
    for uci in e["line"]["uci"].as_array().expect("uci") {
        let m = uci
            .as_str()
            .expect("str")
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal move in the line");
        pos.play_unchecked(m);
    }
    assert!(pos.is_checkmate(), "the line ends in mate");
    assert_eq!(pos.turn(), shakmaty::Color::White, "White is mated");
    let line = e["line"]["text"].as_str().expect("text");
    assert!(line.starts_with(&format!("{first_number}…")), "{line}");
    assert!(ending(&v)["text"].as_str().expect("text").contains(line));
}

#[test]
fn a_flag_draws_when_the_opponent_cannot_mate_though_material_could() {
    // White flags; Black's extra pawns are locked and the kings cannot cross: a draw by 6.9, not
    // the loss that material alone gives.
    let fen = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1";
    let pgn = game(fen, "1. Kd3 { [%flag white] }");
    // 5.2.2 ends it first: the position is dead at ply 0.
    let v = verdicts(&[], &pgn);
    assert_eq!(v["rule"], "5.2.2");
    // Flag at once, in a position alive for White only: Black cannot mate, so the flag draws.
    let fen = "8/8/8/8/8/8/6k1/4K2R b - - 0 1";
    let v = verdicts(&[], &game(fen, "{ [%flag black] }"));
    assert_eq!(v["result"], "1-0", "{v}");
    let v = verdicts(&[], &game(fen, "{ [%flag white] }"));
    assert_eq!(
        (v["result"].clone(), v["rule"].clone()),
        ("1/2-1/2".into(), "6.9".into())
    );
    assert_eq!(ending(&v)["evidence"]["kind"], "cannot-checkmate");
}

#[test]
fn undetermined_stops_play_for_the_arbiter_with_the_budget_spent() {
    // One node proves nothing beyond the quick tier: whether the start position is dead is
    // undetermined, and play stops there for the arbiter (5.2.2).
    let fen = "8/8/4k3/8/2b5/8/8/2B1K3 w - - 0 47";
    let pgn = game(fen, "47. Bf4 Kd5 48. Kd2 { [%flag white] }");
    let v = verdicts(&["--analysis-nodes", "1"], &pgn);
    assert_eq!(
        (
            v["result"].clone(),
            v["rule"].clone(),
            v["ended_at_ply"].clone()
        ),
        ("*".into(), "5.2.2".into(), 0.into())
    );
    let r = ending(&v);
    assert_eq!(r["evidence"]["kind"], "undetermined");
    assert!(r["evidence"]["nodes"].as_u64().is_some());
    assert!(
        r["effects"].to_string().contains("await_decision"),
        "{}",
        r["effects"]
    );
    assert!(r["text"].as_str().expect("text").contains("arbiter"));
    // In Russian too.
    let out = arbiter(
        &["--lang", "ru", "adjudicate", "--analysis-nodes", "1", "-"],
        Some(pgn.as_bytes()),
    );
    let t = text(&out.stdout);
    assert!(t.contains("не удалось решить"), "{t}");

    // 6.9: White mates in one (1.Ra8#: the position is alive within any budget that finds it),
    // while Black's mate needs a long helpmate; some budget between decides the first and not
    // the second, and the flag's result then awaits the arbiter.
    let fen = "6k1/5ppp/8/8/2b5/8/8/R3K3 w - - 0 1";
    let pgn = game(fen, "{ [%flag white] }");
    let found = [4u32, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
        .iter()
        .any(|n| {
            let v = verdicts(&["--analysis-nodes", &n.to_string()], &pgn);
            v["rule"] == "6.9"
                && ending(&v)["evidence"]["kind"] == "undetermined"
                && v["result"] == "*"
        });
    assert!(found, "no budget left 6.9 undetermined");
}

#[test]
fn explain_position_says_why_in_both_languages() {
    let out = arbiter(&["explain-position", &format!("{LOCKED} w - - 0 1")], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("The position is dead:"), "{t}");
    assert!(t.contains("White cannot checkmate"), "{t}");
    let out = arbiter(
        &[
            "--lang",
            "ru",
            "explain-position",
            "8/8/8/8/8/2k5/7q/4K3 b - - 0 57",
        ],
        None,
    );
    let t = text(&out.stdout);
    assert!(t.contains("Чёрные ещё могли поставить мат: 57…"), "{t}");
    assert!(t.contains("Позиция не мёртвая"), "{t}");
    let out = arbiter(
        &[
            "explain-position",
            "--format",
            "json",
            "8/8/8/8/8/2k5/7q/4K3 b - - 0 57",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("json");
    assert_eq!(v["dead_position"], "alive");
    assert_eq!(v["black"]["kind"], "can-checkmate");
    assert_eq!(v["white"]["kind"], "cannot-checkmate");
    assert_eq!(v["white"]["proof"]["tier"], "material");
    // Hostile input: a clear error, exit 2.
    for bad in [
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
    ] {
        let out = arbiter(&["explain-position", bad], None);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains("error"), "{}", text(&out.stderr));
    }
}

#[test]
fn the_rulebook_decides_what_the_engine_means() {
    // White flags; Black has three pawns, but its king is boxed in on b8 and it can never mate
    // (CHA's class for this position, ../shared/cha): a draw under 6.9 as the rulebook has it.
    let fen = "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 40";
    let pgn = game(fen, "{ [%flag white] }");
    let v = verdicts(&[], &pgn);
    assert_eq!(
        (v["result"].clone(), v["rule"].clone()),
        ("1/2-1/2".into(), "6.9".into())
    );
    // A copy of fide-2018 whose 6.9 reads material instead: a loss, with no Rust touched.
    let dir = copy_rulebook("material-6-9");
    let time = dir.join("time.yaml");
    let s = std::fs::read_to_string(&time).expect("time.yaml");
    std::fs::write(
        &time,
        s.replace(
            "can_checkmate(opponent(flag.by))",
            "has_mating_material(opponent(flag.by))",
        ),
    )
    .expect("write");
    let v = verdicts(&["--rulebook", dir.to_str().expect("utf-8")], &pgn);
    assert_eq!(
        (v["result"].clone(), v["rule"].clone()),
        ("0-1".into(), "6.9".into())
    );
}

#[test]
fn a_ruling_carries_only_the_evidence_its_own_rule_read() {
    // A copy of fide-2018 whose 6.9 loss and draw read material, while its undetermined rule
    // still asks the engine first (and does not fire). The boxed-in position of the test above:
    // Black has pawns, so the material rule rules a loss; the engine's answer ("Black cannot
    // checkmate") was read by a rule that did not fire and must not be cited as the loss's
    // evidence.
    let fen = "1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 40";
    let pgn = game(fen, "{ [%flag white] }");
    let dir = copy_rulebook("material-6-9-evidence");
    let time = dir.join("time.yaml");
    let s = std::fs::read_to_string(&time).expect("time.yaml");
    let lost = "not checkmate_undetermined(opponent(flag.by)) and can_checkmate(opponent(flag.by))";
    let drawn =
        "not checkmate_undetermined(opponent(flag.by)) and not can_checkmate(opponent(flag.by))";
    assert!(s.contains(lost) && s.contains(drawn), "time.yaml changed");
    let undetermined = "when: checkmate_undetermined(opponent(flag.by))";
    assert!(s.contains(undetermined), "time.yaml changed");
    let s = s
        .replace(lost, "has_mating_material(opponent(flag.by))")
        .replace(
            drawn,
            "not has_mating_material(opponent(flag.by)) and not checkmate_undetermined(opponent(flag.by))",
        )
        .replace(
            undetermined,
            "when: checkmate_undetermined(opponent(flag.by)) and not has_mating_material(opponent(flag.by))",
        );
    std::fs::write(&time, s).expect("write");
    let v = verdicts(&["--rulebook", dir.to_str().expect("utf-8")], &pgn);
    assert_eq!(
        (v["result"].clone(), v["rule"].clone()),
        ("0-1".into(), "6.9".into())
    );
    assert!(
        ending(&v).get("evidence").is_none_or(|e| e.is_null()),
        "{v}"
    );
    // The embedded rulebook's 6.9 reads the engine, and its draw cites it.
    let v = verdicts(&[], &pgn);
    assert_eq!(ending(&v)["evidence"]["kind"], "cannot-checkmate", "{v}");
}

#[test]
fn a_proof_after_a_forced_move_names_the_move() {
    // White's king on h8 is in check from the rook on g8; g7 is the rook's, h7 the bishop's
    // (b1-h7): Kxg8 is White's only move, and after it a bare king faces king and bishop.
    // Dead now (hand proof), though Black still has a rook: the evidence names the move.
    let fen = "6rK/3k4/8/8/8/8/8/1b6 w - - 0 50";
    let pgn = game(fen, "");
    let v = verdicts(&[], &pgn);
    assert_eq!(
        (
            v["result"].clone(),
            v["rule"].clone(),
            v["ended_at_ply"].clone()
        ),
        ("1/2-1/2".into(), "5.2.2".into(), 0.into()),
        "{v}"
    );
    let e = &ending(&v)["evidence"];
    assert_eq!(e["kind"], "dead-position", "{v}");
    assert_eq!(e["forced"]["san"], serde_json::json!(["Kxg8"]), "{v}");
    let out = arbiter(&["adjudicate", "-"], Some(pgn.as_bytes()));
    let t = text(&out.stdout);
    assert!(
        t.contains("Only one move is legal here, 50.Kxg8; after it:"),
        "{t}"
    );
    let out = arbiter(&["adjudicate", "--lang", "ru", "-"], Some(pgn.as_bytes()));
    let t = text(&out.stdout);
    assert!(t.contains("Здесь возможен только один ход, 50.Kxg8"), "{t}");
}

#[test]
fn a_mate_the_record_reaches_proves_the_positions_before_it_alive() {
    // Opposite bishops: within one node the engine cannot say whether the start is dead. The
    // players agree a draw after 47…Kf5, and the record goes on to Black's mate (54…Bf3#, a
    // helpmate from every position before it): no position of the game was dead, so the
    // agreement stands (issue 26, 4e). Without the mate at the end nothing proves it, and play
    // stops at the start for the arbiter, as 5.2.2's undetermined rule says.
    let fen = "8/8/4k3/8/2b5/8/8/2B1K3 w - - 0 47";
    let agreed = "47. Bd2 Kf5 { [%offer] } { [%accept] } 48. Be3 Kg4 49. Bg1 Kh3 50. Kf2 Kg4 \
                  51. Kg2 Bf1+ 52. Kh1 Kh3 53. Bf2 Be2 54. Bg1";
    let v = verdicts(
        &["--analysis-nodes", "1"],
        &game(fen, &format!("{agreed} Bf3#")),
    );
    assert_eq!(
        (
            v["result"].clone(),
            v["rule"].clone(),
            v["ended_at_ply"].clone()
        ),
        ("1/2-1/2".into(), "5.2.3".into(), 2.into()),
        "{v}"
    );
    let v = verdicts(&["--analysis-nodes", "1"], &game(fen, agreed));
    assert_eq!(
        (
            v["result"].clone(),
            v["rule"].clone(),
            v["ended_at_ply"].clone()
        ),
        ("*".into(), "5.2.2".into(), 0.into()),
        "{v}"
    );
}

#[test]
fn evidence_modes_change_the_lines_never_the_results() {
    // A resignation with the winner's queen on the board (a line as found by default), and a
    // flag against king and pawn by king and knight (a loss decided beyond material: the mate
    // needs the loser's pawn, so the default shortens its line).
    let resign = game(
        "r2q1rk1/pp2ppbp/2bp1np1/8/2PBP3/2N2P2/PP1QB1PP/R4RK1 b - - 2 12",
        "{ [%resign black] }",
    );
    let flag = game("8/8/8/8/8/1k6/p7/K1N5 b - - 0 60", "{ [%flag black] }");
    for pgn in [&resign, &flag] {
        let run = |mode: &str| verdicts(&["--evidence", mode], pgn);
        let (none, found, short, auto) = (run("none"), run("found"), run("short"), run("auto"));
        for v in [&found, &short, &auto] {
            for key in ["result", "rule", "ended_at_ply", "finding"] {
                assert_eq!(v[key], none[key], "{key}: {v} against {none}");
            }
        }
        assert_eq!(ending(&none)["evidence"]["kind"], "can-checkmate", "{none}");
        assert!(ending(&none)["evidence"].get("line").is_none(), "{none}");
        let plies = |v: &serde_json::Value| {
            let line = &ending(v)["evidence"]["line"];
            let n = line["plies"].as_u64().expect("plies");
            assert_eq!(line["uci"].as_array().map(Vec::len), Some(n as usize));
            assert_eq!(line["san"].as_array().map(Vec::len), Some(n as usize));
            n
        };
        assert!(plies(&short) <= plies(&found), "{short} {found}");
        let expected = if std::ptr::eq(pgn, &flag) {
            plies(&short)
        } else {
            plies(&found)
        };
        assert_eq!(plies(&auto), expected, "{auto}");
    }
}
