//! Tests against the CHA test set (`../shared/cha/positions.txt` beside the repository, or
//! `$ARBITER_CHA`; from chasolver's `tests/positions.txt`, MIT, see the README there). The
//! positions named in the design notes are also inlined here, so that they are tested even
//! without the file; with the file, each is checked to be the line it is said to be.

use std::path::PathBuf;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Role, Setup, Square,
};

use super::*;

/// (line in positions.txt, class, FEN)
const NAMED: &[(usize, &str, &str)] = &[
    (14, "--", "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -"),
    (
        22,
        "WB",
        "k1bK4/1p1p4/1PpPp3/2P1Pp2/2p1pP2/2p1P3/2P5/8 w - -",
    ),
    (23, "W-", "Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b - -"),
    (
        24,
        "WB",
        "5brk/4p1p1/3pP1P1/1B1P2p1/3p2p1/3P4/4K1P1/8 w - -",
    ),
    (26, "--", "Bb2kb2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 b - -"),
    (45, "--", "8/8/8/8/8/1kB5/1B6/BKB5 w - -"),
    (240, "--", "8/4kb2/8/1p1p1p1p/1P1P1P1P/1b6/3B1K2/8 b - -"),
    (46, "WB", "8/8/8/8/2b5/1kB5/1B6/BKB5 w - -"),
    (
        221,
        "WB",
        "8/1p1p1p1P/1p1P1P2/1P6/8/4p1p1/3pP1Pp/3B1K1k w - -",
    ),
    (
        320,
        "--",
        "5brk/4p1p1/3pP1P1/1B1P2p1/3p2p1/3P4/4K1P1/8 b - -",
    ),
    (517, "--", "8/6p1/1p3pP1/1P3Ppk/1Pp3p1/KpP3P1/1P6/8 w - -"),
    (579, "WB", "7k/8/8/8/p1p3p1/P1Pp1pP1/P2P1Pp1/RNB3K1 w - -"),
    (648, "WB", "6bk/8/8/8/4K3/8/3B4/8 w - -"),
    (649, "--", "7k/6b1/8/8/4K3/8/3B4/8 w - -"),
    (1090, "-B", "8/8/8/8/8/2b1k1b1/8/3RKR2 w - -"),
    (1093, "-B", "8/8/8/8/8/1k6/b1b5/RKR5 w - -"),
    (
        1425,
        "W-",
        "1KN4r/QRRRRRRr/kq6/p1q1R3/PP1q1b2/4q3/5q2/1r4q1 b - -",
    ),
    (2053, "W-", "5B2/7r/5K1k/7r/8/4B3/8/8 b - -"),
    (2098, "WB", "Bk6/bP1p1pPP/1n1P1P2/5p2/6p1/6pb/6p1/6K1 b - -"),
    (3213, "--", "8/8/8/8/8/2k5/p7/K7 w - -"),
    (3214, "-B", "8/8/8/8/8/2k5/p7/K7 b - -"),
    (3424, "W-", "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -"),
    (
        96,
        "--",
        "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - -",
    ),
    (
        309,
        "--",
        "1b1k4/p1p1pBp1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - -",
    ),
    (617, "W-", "3k4/2b5/1b4B1/8/8/6p1/6Pp/7K w - -"),
    (1144, "--", "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - -"),
    (2124, "--", "B2b4/8/8/4k3/1p1p1p1p/1PpP1P1P/K1P4b/RB6 b - -"),
    (110, "--", "8/7p/k4p1P/5p1K/5Pp1/6P1/6P1/8 w - -"),
    (500, "--", "8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -"),
    (
        2108,
        "-B",
        "bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/5B2/2B1B1B1 b - -",
    ),
    (
        2111,
        "-B",
        "3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1P1P1P2/8/1BbB1B1B b - -",
    ),
    (1428, "--", "7b/3B2Q1/4Bk2/p1p1p1p1/P1P1P1P1/8/8/4K3 b - -"),
    (
        2131,
        "W-",
        "BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B2b2B b - -",
    ),
    (
        2044,
        "--",
        "1bB5/k7/Q6q/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - -",
    ),
];

/// Budget for the debug-build tests: the engine is unoptimised there.
fn test_budget() -> Budget {
    Budget {
        nodes: 200_000,
        time: Some(Duration::from_secs(1)),
        positions: 100_000,
    }
}

/// Also positions with more material than a game can produce (the data set has many); shakmaty
/// plays from them normally.
fn parse(fen: &str) -> Option<Chess> {
    fen.parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_too_much_material)
        .ok()
}

fn data_file() -> Option<PathBuf> {
    let p = std::env::var_os("ARBITER_CHA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/cha/positions.txt")
        });
    if p.is_file() {
        Some(p)
    } else {
        // In CI the data must be there: a skipped check there would pass without checking.
        assert!(
            std::env::var_os("CI").is_none(),
            "CHA positions not found at {} (CI is set: not skipping)",
            p.display()
        );
        eprintln!("CHA positions not found at {}: skipped", p.display());
        None
    }
}

/// (line, class, FEN) of every position line of the data file.
fn data_lines() -> Vec<(usize, String, String)> {
    let Some(p) = data_file() else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(p).expect("read positions");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|(i, l)| {
            let (c, f) = l.trim().split_once(' ')?;
            Some((i + 1, c.to_string(), f.to_string()))
        })
        .collect()
}

fn can_win(class: &str, side: Color) -> bool {
    let b = class.as_bytes();
    match side {
        Color::White => b[0] == b'W',
        Color::Black => b[1] == b'B',
    }
}

/// The moves of `line` (UCI, separated by spaces) played from `pos`; panics at an illegal one.
fn uci_line(pos: &Chess, line: &str) -> Vec<Move> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for u in line.split_whitespace() {
        let m = u
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|m| m.to_move(&p).ok())
            .unwrap_or_else(|| panic!("{u} is not legal here"));
        p.play_unchecked(m);
        out.push(m);
    }
    out
}

/// The line is legal move by move from `pos` and ends with the loser checkmated.
fn replays_to_mate(pos: &Chess, winner: Color, line: &[Move]) -> bool {
    let mut p = pos.clone();
    for &m in line {
        if !p.is_legal(m) {
            return false;
        }
        p.play_unchecked(m);
    }
    p.is_checkmate() && p.turn() == !winner
}

#[derive(Default)]
struct Tally {
    queries: u32,
    agree: u32,
    undetermined: Vec<String>,
    wrong: Vec<String>,
}

impl Tally {
    fn check(&mut self, line: usize, class: &str, pos: &Chess, budget: &Budget) {
        for side in [Color::White, Color::Black] {
            self.queries += 1;
            let can = can_win(class, side);
            if let Some(p) = quick(pos, side)
                && can
            {
                self.wrong.push(format!(
                    "line {line} {side:?}: quick says {p:?}, class {class}"
                ));
            }
            let (v, stats) = analyse(pos, side, budget);
            match v {
                Verdict::Winnable(h) => {
                    if !replays_to_mate(pos, side, &h.moves) {
                        self.wrong
                            .push(format!("line {line} {side:?}: helpmate does not replay"));
                    } else if !can {
                        self.wrong
                            .push(format!("line {line} {side:?}: Winnable, class {class}"));
                    } else {
                        self.agree += 1;
                    }
                }
                Verdict::Unwinnable(p) if can => self.wrong.push(format!(
                    "line {line} {side:?}: Unwinnable {p:?}, class {class}"
                )),
                Verdict::Unwinnable(_) => self.agree += 1,
                Verdict::Undetermined { nodes } => self.undetermined.push(format!(
                    "line {line} {side:?} ({nodes} nodes, {:?})",
                    stats.elapsed
                )),
            }
        }
    }

    fn report(&self, what: &str) {
        eprintln!(
            "{what}: {} queries, {} agree, {} undetermined, {} wrong",
            self.queries,
            self.agree,
            self.undetermined.len(),
            self.wrong.len()
        );
        for u in &self.undetermined {
            eprintln!("  undetermined: {u}");
        }
        assert!(self.wrong.is_empty(), "{what}: {:#?}", self.wrong);
    }
}

#[test]
fn named_positions_are_the_lines_they_say() {
    let lines = data_lines();
    if lines.is_empty() {
        return;
    }
    for &(line, class, fen) in NAMED {
        let found = lines.iter().find(|l| l.0 == line).expect("line in file");
        assert_eq!(
            (found.1.as_str(), found.2.as_str()),
            (class, fen),
            "line {line}"
        );
    }
}

#[test]
fn named_positions_agree_with_cha() {
    let mut t = Tally::default();
    for &(line, class, fen) in NAMED {
        let pos = parse(fen).expect("named position parses");
        t.check(line, class, &pos, &test_budget());
    }
    t.report("named positions");
}

/// About 150 positions of the data file, spread evenly over each class.
#[test]
fn sample_agrees_with_cha() {
    let lines = data_lines();
    if lines.is_empty() {
        return;
    }
    let mut t = Tally::default();
    for class in ["WB", "W-", "-B", "--"] {
        let of: Vec<_> = lines.iter().filter(|l| l.1 == class).collect();
        let step = (of.len() / 38).max(1);
        for (line, class, fen) in of.into_iter().step_by(step).take(38) {
            let Some(pos) = parse(fen) else { continue };
            t.check(*line, class, &pos, &test_budget());
        }
    }
    t.report("sample");
}

#[test]
fn tiers_on_telling_positions() {
    let get = |line: usize| {
        let (_, _, fen) = NAMED.iter().find(|n| n.0 == line).expect("named");
        parse(fen).expect("parses")
    };
    let b = Budget::default();
    // A forced king shuffle: a cycle, for both sides.
    for side in [Color::White, Color::Black] {
        assert_eq!(quick(&get(517), side), Some(Proof::ForcedCycle));
    }
    // Same diagram, other side to move.
    assert_eq!(quick(&get(3213), Color::Black), Some(Proof::Material));
    assert!(matches!(
        analyse(&get(3214), Color::Black, &b).0,
        Verdict::Winnable(_)
    ));
    // Already mate with "insufficient" material: the mate comes first.
    let (v, _) = analyse(&get(2053), Color::White, &b);
    assert_eq!(v, Verdict::Winnable(Helpmate::default()));
    assert_eq!(quick(&get(2053), Color::White), None);
    assert_eq!(quick(&get(2053), Color::Black), Some(Proof::Terminal));
    // Both sides: the side without mating material is not proved unable by material there
    // (the position without moves is asked about only then).
    assert!(matches!(
        is_dead(&get(2053), &b).0,
        Deadness::Alive {
            winner: Color::White,
            ..
        }
    ));
    // 16 forced plies into mate: the line starts with them.
    match analyse(&get(1425), Color::White, &b).0 {
        Verdict::Winnable(h) => assert!(h.moves.len() >= 16, "{}", h.moves.len()),
        v => panic!("{v:?}"),
    }
    // Locked pawns: the bishops never reach the other side of the wall (semi-static tier).
    for side in [Color::White, Color::Black] {
        assert_eq!(quick(&get(14), side), Some(Proof::SemiStatic));
    }
    assert!(matches!(
        is_dead(&get(14), &b).0,
        Deadness::Dead {
            white: Proof::SemiStatic,
            black: Proof::SemiStatic
        }
    ));
    // Black's light bishops can check the white king below the wall, but never mate it: where
    // they can check it, the flight squares no black piece can ever attack outnumber the white
    // pieces able to block them (the counting form of the semi-static tier).
    assert_eq!(quick(&get(240), Color::Black), None);
    assert_eq!(
        analyse(&get(240), Color::Black, &b).0,
        Verdict::Unwinnable(Proof::SemiStatic)
    );
    // Already mate: is_dead does not take the material lemma first.
    assert!(matches!(
        is_dead(&get(2053), &b).0,
        Deadness::Alive {
            winner: Color::White,
            ..
        }
    ));
    // Bishop colours are global.
    assert_eq!(quick(&get(649), Color::White), Some(Proof::Material));
    assert_eq!(quick(&get(648), Color::White), None);
    assert_eq!(quick(&get(45), Color::White), Some(Proof::Material));
    assert_eq!(quick(&get(46), Color::White), None);
}

/// The three lemmas as the paper states them, written independently of shakmaty.
fn lemmas(board: &Board, x: Color) -> bool {
    let kings = board.kings();
    let mine = board.by_color(x) & !kings;
    let theirs = board.by_color(!x) & !kings;
    let bare = mine.is_empty();
    let lemma5 = mine.count() == 1
        && (mine & board.knights()).any()
        && (theirs & !board.queens()).is_empty();
    let bishops = board.bishops();
    let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
        || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
    let lemma6 = mine.any()
        && (mine & !board.bishops()).is_empty()
        && one_colour
        && board.knights().is_empty()
        && board.pawns().is_empty();
    bare || lemma5 || lemma6
}

#[test]
fn shakmaty_material_test_is_the_three_lemmas() {
    let mut checked = 0u32;
    let mut compare = |pos: &Chess| {
        for x in [Color::White, Color::Black] {
            assert_eq!(
                pos.has_insufficient_material(x),
                lemmas(pos.board(), x),
                "{} for {x:?}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
            checked += 1;
        }
    };
    for (_, _, fen) in data_lines() {
        if let Some(pos) = parse(&fen) {
            compare(&pos);
        }
    }
    // Random sparse positions: kings plus up to four pieces drawn from all kinds and colours.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let mut made = 0;
    while made < 20_000 {
        let mut board = Board::empty();
        let sq = |i: u64| Square::ALL[i as usize];
        board.set_piece_at(sq(next(64)), Piece::from_char('K').expect("K"));
        board.set_piece_at(sq(next(64)), Piece::from_char('k').expect("k"));
        for _ in 0..next(5) {
            let role = roles[next(5) as usize];
            let color = if next(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let s = sq(next(64));
            if board.piece_at(s).is_none() {
                board.set_piece_at(s, role.of(color));
            }
        }
        let mut setup = Setup::empty();
        setup.board = board;
        let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) else {
            continue;
        };
        made += 1;
        compare(&pos);
    }
    assert!(checked >= 40_000);
}

#[test]
fn no_budget_is_undetermined_or_static() {
    let pos = Chess::default();
    let b = Budget {
        nodes: 0,
        time: None,
        positions: 0,
    };
    assert!(matches!(
        analyse(&pos, Color::White, &b).0,
        Verdict::Undetermined { .. }
    ));
    let b = Budget {
        nodes: u64::MAX,
        time: Some(Duration::ZERO),
        positions: usize::MAX,
    };
    // A deadline already passed still ends the search (the clock is read every 1,024 nodes).
    let v = analyse(&pos, Color::White, &b).0;
    assert!(matches!(
        v,
        Verdict::Winnable(_) | Verdict::Undetermined { .. }
    ));
}

#[test]
fn start_position_is_alive_and_helpmates_replay() {
    let pos = Chess::default();
    for side in [Color::White, Color::Black] {
        match analyse(&pos, side, &Budget::default()).0 {
            Verdict::Winnable(h) => assert!(replays_to_mate(&pos, side, &h.moves)),
            v => panic!("{side:?}: {v:?}"),
        }
    }
    assert!(matches!(
        is_dead(&pos, &Budget::default()).0,
        Deadness::Alive { .. }
    ));
    let bare = parse("8/8/8/4k3/8/8/8/4K3 w - -").expect("kings");
    assert!(matches!(
        is_dead(&bare, &Budget::default()).0,
        Deadness::Dead {
            white: Proof::Material,
            black: Proof::Material
        }
    ));
}

/// Castling is generated: here O-O is White's only mate in one, and the closure's shortest
/// helpmate is exactly that move.
#[test]
fn castling_is_searched() {
    let pos = parse("8/8/8/8/4ppp1/4pkp1/8/2N1K2R w K -").expect("castle");
    let mates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            p.is_checkmate()
        })
        .collect();
    assert_eq!(mates.len(), 1);
    assert!(mates[0].is_castle());
    let start = std::time::Instant::now();
    let mut meter = Meter::new(&test_budget(), start);
    match closure::closure(&pos, Color::White, 1_000, 1_000, &mut meter) {
        closure::Closure::Mate(line) => assert_eq!(line, mates),
        _ => panic!("no mate"),
    }
    match analyse(&pos, Color::White, &test_budget()).0 {
        Verdict::Winnable(h) => assert!(replays_to_mate(&pos, Color::White, &h.moves)),
        v => panic!("{v:?}"),
    }
}

/// The table key sees the en-passant square only when the capture is legal.
#[test]
fn key_and_en_passant() {
    let with = parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6").expect("ep");
    let without = parse("4k3/8/8/3pP3/8/8/8/4K3 w - -").expect("no ep");
    assert!(with.legal_moves().iter().any(|m| m.is_en_passant()));
    assert_ne!(key::Key::new(&with), key::Key::new(&without));
    // e5 pawn pinned against nothing, but no white pawn next to d5 here: ep square irrelevant.
    let idle = parse("4k3/8/8/3p4/8/8/8/4K3 w - d6").expect("idle ep");
    let idle_none = parse("4k3/8/8/3p4/8/8/8/4K3 w - -").expect("no ep");
    assert_eq!(key::Key::new(&idle), key::Key::new(&idle_none));
    // Side to move and castling rights are part of the key.
    let b = parse("4k3/8/8/3pP3/8/8/8/4K3 b - -").expect("black");
    assert_ne!(key::Key::new(&b), key::Key::new(&without));
    let c1 = parse("4k3/8/8/8/8/8/8/4K2R w K -").expect("castle");
    let c0 = parse("4k3/8/8/8/8/8/8/4K2R w - -").expect("no castle");
    assert_ne!(key::Key::new(&c1), key::Key::new(&c0));
}

/// `shorten` returns a helpmate no longer than its input. From the start position the
/// search's line is long; Fool's mate (1.f3 e5 2.g4 Qh4#) shows Black needs at most 4 plies,
/// and no helpmate for Black is shorter (Black moves second, and no first move of White's
/// leaves a mate in one), so 4 plies it is. White's shortest is 5 plies (1.e4 f6 2.d4 g5
/// 3.Qh5#); the input's length bounds the rest.
#[test]
fn shorten_keeps_a_helpmate_and_finds_the_short_one() {
    let pos = Chess::default();
    for (side, shortest) in [(Color::Black, 4), (Color::White, 5)] {
        let Verdict::Winnable(h) = analyse(&pos, side, &Budget::default()).0 else {
            panic!("{side:?}: the start position is winnable");
        };
        let short = shorten(&pos, side, &h.moves, 30_000);
        assert!(replays_to_mate(&pos, side, &short), "{side:?}: {short:?}");
        assert!(short.len() <= h.moves.len());
        if side == Color::Black {
            assert_eq!(short.len(), shortest, "{short:?}");
        } else {
            // No mate is shorter than the shortest (a bound any correct answer meets; the
            // five plies themselves are out of reach of mates of at most four plies searched
            // from the start position).
            assert!(short.len() >= shortest, "{short:?}");
        }
    }
    // A line that is already a mate in one stays as it is; an empty budget changes nothing.
    let qmate = parse("6k1/5ppp/8/8/8/8/8/3QK3 w - -").expect("back rank");
    let m = Move::Normal {
        role: Role::Queen,
        from: Square::D1,
        capture: None,
        to: Square::D8,
        promotion: None,
    };
    assert_eq!(shorten(&qmate, Color::White, &[m], 30_000), vec![m]);
    let Verdict::Winnable(h) = analyse(&pos, Color::Black, &Budget::default()).0 else {
        panic!("winnable");
    };
    assert_eq!(shorten(&pos, Color::Black, &h.moves, 0), h.moves);
}

/// The semi-static tier's reasoning, one rule at a time, each with a position where it proves
/// (classed `--` or `W-` by CHA) and one where it must abstain because the side can mate (a
/// helpmate found by hand, given in the comment).
#[test]
fn semi_static_rules() {
    let named = |line: usize| {
        let (_, _, fen) = NAMED.iter().find(|n| n.0 == line).expect("named");
        parse(fen).expect("parses")
    };
    let fen = |f: &str| parse(f).expect("parses");
    let both = |pos: &Chess, side: Color| {
        (
            semistatic::unwinnable(pos, side),
            semistatic::unwinnable_counting(pos, side),
        )
    };

    // Pawns that never capture but may be captured: White's king can take the pawns of the
    // fifth rank, yet no pawn can ever leave its file (each could capture only on files where
    // no piece of the other side ever stands), so the pawns of the second rank stay below the
    // sixth-rank wall and White never reaches the eighth rank: no check at all. Black's pawns
    // check the white king, but never where its flight squares on the b, d, f and h files
    // could be blocked (counting form).
    let p = named(96);
    assert_eq!(both(&p, Color::White), (true, true));
    assert_eq!(both(&p, Color::Black), (false, true));
    // Abstains: a black knight on b3 can be taken, and the capturing pawn runs up the b-file:
    // 1. axb3 Kc8 2. b4 Kd8 3. b5 Ke8 4. b6 Kf8 5. b7 Kg8 6. b8=Q#.
    let p = fen("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/1n6/P1P1P1P1/4K3 w - -");
    assert_eq!(both(&p, Color::White), (false, false));

    // A king that can never move is a wall: White's king on h1 (g1 attacked by the h2 pawn,
    // h2 defended by g3), and the h2 pawn in front of it never moves either. Black's bishops
    // are dark-squared, h1 is light: Black can never give check.
    let p = named(617);
    assert_eq!(both(&p, Color::Black), (true, true));
    // Abstains: the same cage with a black knight: 1... Nf2#.
    let p = fen("3k4/8/8/8/8/3n2p1/6Pp/7K b - -");
    assert_eq!(both(&p, Color::Black), (false, false));
    assert!(matches!(
        analyse(&p, Color::Black, &test_budget()).0,
        Verdict::Winnable(_)
    ));

    // A bishop that can never move (b8, behind its own pawns) is a wall: the black king never
    // reaches a8, the only square where White's bishop could mate it (on b7, defended by the
    // pawns).
    let p = named(309);
    assert_eq!(both(&p, Color::White), (false, true));
    // Abstains: with the black king already on a8, 1. Be8 a4 2. Bd7 a3 3. Bc8 c4 4. Bb7#.
    let p = fen("kb6/p1p1pBp1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - -");
    assert_eq!(both(&p, Color::White), (false, false));

    // A piece held in place by pieces that never move while it stands: the rook on a1 can be
    // taken (a black bishop reaches b2), but while it stands, the king on a2 and the bishop on
    // b1 cannot move either, so it never moves. Only White's a8 bishop can then reach Black's
    // side, and it can never mate alone (counting form).
    let p = named(2124);
    assert_eq!(both(&p, Color::White), (false, true));

    // The winner's king covers flight squares from one square at a time: where White's dark
    // bishops can check the black king, the light flight squares would need White's king on
    // two squares at once.
    let p = named(1144);
    assert_eq!(both(&p, Color::White), (false, true));
}

/// The semi-static tier, both forms, never contradicts CHA on any position of the data file.
#[test]
fn semi_static_never_contradicts_cha() {
    let mut wrong = Vec::new();
    let mut proved = 0u32;
    for (line, class, fen) in data_lines() {
        let Some(pos) = parse(&fen) else { continue };
        if pos.legal_moves().is_empty() {
            continue;
        }
        for side in [Color::White, Color::Black] {
            let (a, b) = (
                semistatic::unwinnable(&pos, side),
                semistatic::unwinnable_counting(&pos, side),
            );
            proved += u32::from(b);
            if (a || b) && can_win(&class, side) {
                wrong.push(format!("line {line} {side:?}: {a} {b}, class {class}"));
            }
            // The counting form proves at least what the cheap form does.
            assert!(!a || b, "line {line} {side:?}");
        }
    }
    eprintln!("semi-static: {proved} sides proved");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Line 524 (`W-`): eight dark-squared bishops. White mates only after Black's king walks from
/// a8 to h8 on light squares while White's bishops leave the long diagonal and the corner, then
/// Black's bishops fill g8 and h7 and a bishop comes back to the diagonal with check, some 25
/// plies. The guide plans that corner, steady pawns b2/b3 stand in the way, and the search
/// scored by its potential finds the mate in a few tens of thousands of nodes, where the plain
/// scoring spends millions.
#[test]
fn guided_search_finds_the_eight_bishops_mate() {
    let pos = parse("k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - -").expect("524");
    let steady = guide::steady(pos.board());
    assert_eq!(
        steady,
        Bitboard::from(Square::B2) | Bitboard::from(Square::B3)
    );
    let g = guide::Guide::new(&pos, Color::White);
    assert_eq!(g.mate(), Some(Square::H8));
    let budget = Budget {
        nodes: 300_000,
        time: None,
        positions: 100_000,
    };
    let find = |style: search::Style, tempo: bool| {
        let t0 = std::time::Instant::now();
        let mut meter = Meter::new(&budget, t0);
        let mut s = search::Search::guided(Color::White, budget.positions, g.clone(), style, tempo);
        for depth in 1..=MAX_DEPTH {
            match s.iteration(&pos, depth, u64::MAX, &mut meter) {
                search::Outcome::Mate(line) => return Some((line, meter.nodes)),
                search::Outcome::Spent => return None,
                _ => {}
            }
        }
        None
    };
    let (line, nodes) = find(search::Style::Potential, true).expect("a mate");
    assert!(replays_to_mate(&pos, Color::White, &line), "{line:?}");
    assert!(nodes < 100_000, "{nodes}");
    // The plain scoring does not find it within the same budget.
    let mut meter = Meter::new(&budget, std::time::Instant::now());
    let mut plain = search::Search::new(Color::White, budget.positions);
    for depth in 1..=MAX_DEPTH {
        match plain.iteration(&pos, depth, u64::MAX, &mut meter) {
            search::Outcome::Mate(_) => panic!("plain found it"),
            search::Outcome::Spent => break,
            _ => {}
        }
    }
    // The whole analysis finds it too (in the early guided tier).
    let budget = Budget {
        time: None,
        ..Budget::default()
    };
    match analyse(&pos, Color::White, &budget).0 {
        Verdict::Winnable(h) => assert!(replays_to_mate(&pos, Color::White, &h.moves)),
        v => panic!("{v:?}"),
    }
}

/// The guide's corner is the one of the winner's bishops' colour on the loser's side, unless
/// the loser's king cannot reach it on the blocked board: then the other one of that colour.
/// Steady pieces: rammed pawns, pawns behind them, pieces with nowhere to go.
#[test]
fn guide_plans_a_reachable_corner() {
    // Line 3343: Black's light bishops aim at h1 (White's king can walk there below the
    // wall); the rammed pawns and g2 behind g3 are steady.
    let pos = parse("k1b5/8/8/1p1p1p1p/1PbP1PpP/6P1/6P1/K7 w - -").expect("3343");
    let g = guide::Guide::new(&pos, Color::Black);
    assert_eq!(g.mate(), Some(Square::H1));
    let pawns = pos.board().pawns();
    assert_eq!(guide::steady(pos.board()), pawns);
    // Line 863: White's light bishops, Black's king below the pawn wall: a8 is out of its
    // reach, h1 is not.
    let pos = parse("2B1B1B1/pBpBpBp1/P1P1P1P1/4k3/8/8/4K3/8 w - -").expect("863");
    let g = guide::Guide::new(&pos, Color::White);
    assert_eq!(g.mate(), Some(Square::H1));
    // Open board: the corner of the bishops' colour on the loser's side.
    let pos = parse("4k3/8/8/8/8/8/8/2B1K3 w - -").expect("open");
    assert_eq!(
        guide::Guide::new(&pos, Color::White).mate(),
        Some(Square::H8)
    );
}

/// Line 1011 (`WB`, Black to mate): Black's king is shut in on a8 and b8 by its own bishop on c8,
/// which cannot move, and its pawns; only White can let it out, by taking the bishop (the
/// pawn on b7 is as much a jailer). The guide finds the jailers, sends White's king to them,
/// rewards the capture, and the analysis finds the helpmate (White's king takes c8 and d7, walks
/// back to h1 beside its bishop on g1, and Black's king and light bishop mate it there).
#[test]
fn guide_frees_a_king_shut_in_by_its_own_pieces() {
    let pos = parse("k1b5/1p1pK3/1P1P4/8/8/8/bB6/8 b - -").expect("1011");
    let g = guide::Guide::new(&pos, Color::Black);
    assert_eq!(
        g.jailers(),
        Bitboard::from(Square::B7) | Bitboard::from(Square::C8)
    );
    assert!(g.jailed(pos.board()));
    let budget = Budget {
        time: None,
        ..Budget::default()
    };
    match analyse(&pos, Color::Black, &budget).0 {
        Verdict::Winnable(h) => assert!(replays_to_mate(&pos, Color::Black, &h.moves)),
        v => panic!("{v:?}"),
    }
    // No jailers where the winner's king can get out.
    let pos = parse("k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - -").expect("524");
    assert!(guide::Guide::new(&pos, Color::White).jailers().is_empty());
}

/// A search paused and resumed many times finds the same mate as one run straight through,
/// with the same nodes but for the one a pause counts twice.
#[test]
fn paused_search_resumes_where_it_stopped() {
    let pos = parse("k1b5/8/8/1p1p1p1p/1PbP1PpP/6P1/6P1/K7 w - -").expect("3343");
    let budget = Budget {
        nodes: 1_000_000,
        time: None,
        positions: 100_000,
    };
    let g = guide::Guide::new(&pos, Color::Black);
    let new = || {
        search::Search::guided(
            Color::Black,
            100_000,
            g.clone(),
            search::Style::Potential,
            true,
        )
    };
    let mut meter = Meter::new(&budget, std::time::Instant::now());
    let mut straight = new();
    let mut once = None;
    for depth in 1..=8 {
        if let search::Outcome::Mate(line) = straight.iteration(&pos, depth, u64::MAX, &mut meter) {
            once = Some((line, meter.nodes));
            break;
        }
    }
    let (line, nodes) = once.expect("a mate");
    assert!(replays_to_mate(&pos, Color::Black, &line));
    let mut meter = Meter::new(&budget, std::time::Instant::now());
    let mut paused = new();
    let mut pauses = 0u64;
    let mut again = None;
    'depths: for depth in 1..=8 {
        paused.begin(&pos, depth);
        loop {
            match paused.run(97, &mut meter) {
                search::Outcome::Paused => pauses += 1,
                search::Outcome::Mate(l) => {
                    again = Some(l);
                    break 'depths;
                }
                _ => break,
            }
        }
    }
    assert_eq!(again, Some(line));
    assert_eq!(meter.nodes, nodes + pauses);
    assert!(pauses > 3);
}

/// Whatever the scoring, every legal move is tried: a guided iteration that ends without a cut
/// is a proof, as a plain one is (line 411, `--`: Black's king is boxed in on b8 and a8, and
/// every line of Black's pawns ends in material the lemmas settle).
#[test]
fn guided_iterations_still_prove() {
    let pos = parse("1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 b - -").expect("411");
    let budget = Budget {
        nodes: 500_000,
        time: None,
        positions: 100_000,
    };
    for (style, tempo) in [
        (search::Style::Plain, false),
        (search::Style::Potential, true),
        (search::Style::Distances, true),
        (search::Style::Distances, false),
    ] {
        let g = guide::Guide::new(&pos, Color::Black);
        let mut s = search::Search::guided(Color::Black, budget.positions, g, style, tempo);
        let t0 = std::time::Instant::now();
        let mut meter = Meter::new(&budget, t0);
        let proved = (1..=MAX_DEPTH).any(|depth| {
            matches!(
                s.iteration(&pos, depth, u64::MAX, &mut meter),
                search::Outcome::Complete
            )
        });
        assert!(proved, "{style:?} {tempo}");
    }
}

/// The semi-static tier's rules on moves that end the game (a king's stalemating step, a
/// loser's piece arriving where it mates the winner's king that never moves) and on where
/// checks come from, one at a time: a position each proves (and the tier without the rule does
/// not), and a similar one where it must abstain, with a helpmate worked out by hand.
#[test]
fn semi_static_moves_that_end_the_game() {
    let named = |line: usize| {
        let (_, _, fen) = NAMED.iter().find(|n| n.0 == line).expect("named");
        parse(fen).expect("parses")
    };
    let fen = |f: &str| parse(f).expect("parses");
    let both = |pos: &Chess, side: Color| {
        (
            semistatic::unwinnable(pos, side),
            semistatic::unwinnable_counting(pos, side),
        )
    };
    let without = |pos: &Chess, side: Color, rules: semistatic::Rules| {
        (
            semistatic::unwinnable_with(pos, side, false, rules),
            semistatic::unwinnable_with(pos, side, true, rules),
        )
    };
    let all = semistatic::Rules::ALL;

    // Stalemating steps: White can move only its king (h4/h3). Black's king never steps to h2
    // or takes on g2 with White's king on h4 (stalemate; with it on h3, illegal), so g2 is
    // never taken, the pawns stay locked, and h3 is never covered: Black's dark bishops check
    // on h4 (the counting form), never mate there. White can never check at all.
    let p = named(500);
    assert_eq!(both(&p, Color::Black), (false, true));
    assert_eq!(both(&p, Color::White), (true, true));
    let no_stalemate = semistatic::Rules {
        stalemate: false,
        ..all
    };
    assert_eq!(without(&p, Color::Black, no_stalemate), (false, false));
    assert_eq!(without(&p, Color::White, no_stalemate), (false, false));
    // Abstains: with a white pawn on a2, White always has a move, and the king's step is no
    // stalemate: 1... Kxg2 2. a3 Bf6#.
    let p = fen("8/8/3b3p/5p1P/3b1p1K/5Pp1/P5P1/5kb1 b - -");
    assert_eq!(both(&p, Color::Black), (false, false));
    assert!(replays_to_mate(
        &p,
        Color::Black,
        &uci_line(&p, "f1g2 a2a3 d4f6")
    ));

    // Kings together: White's king (c8) can step to b7, a6 and a8, never to d8 or d7 while
    // Black's stands on e8, nor can Black's king leave e8 and d8 while White's is near: taken
    // apart, White's king would reach e8 and g8 and take the f8 bishop. So the walls hold, and
    // White's king only stands on light squares, which Black's dark bishops never check.
    let p = named(2131);
    assert_eq!(both(&p, Color::Black), (true, true));
    // Abstains: with Black's free bishop light (d1 for e1), it checks the cage:
    // 1... Bb3 2. Bb7 Bxe6#.
    let p = fen("BbK1kb2/b1p1p1p1/1pP1P1P1/1P6/8/8/8/1B1b3B b - -");
    assert_eq!(both(&p, Color::Black), (false, false));
    assert!(replays_to_mate(
        &p,
        Color::Black,
        &uci_line(&p, "d1b3 a8b7 b3e6")
    ));

    // Fatal knights: White's king on c5 never moves, and a black knight arriving on a6, b7,
    // d7 or e6 (light squares, which White's dark bishops never attack) mates it. So the
    // knights on b8 and d8 never move, c6 stays defended, and the walls hold: White's bishops
    // never leave the first ranks.
    let p = named(2108);
    assert_eq!(both(&p, Color::White), (true, true));
    let no_fatal = semistatic::Rules {
        fatal: false,
        ..all
    };
    assert_eq!(without(&p, Color::White, no_fatal), (false, false));
    // Abstains: a white queen (on h1, for the g1 bishop) can take a checking knight:
    // 1... Bb7 2. Qxd5 Nd7+ 3. Qxd7 Bc8 4. Qxd8#.
    let p = fen("bn1n2k1/2p2p1b/2p2Pp1/1pKp1pP1/1P1P1P2/8/5B2/2B1B1BQ b - -");
    assert_eq!(both(&p, Color::White), (false, false));
    assert!(replays_to_mate(
        &p,
        Color::White,
        &uci_line(&p, "a8b7 h1d5 b8d7 d5d7 b7c8 d7d8")
    ));

    // Fatal pawns: White's king on c4 never moves; b6-b5 or d6-d5 would mate it (c6 defends
    // both squares, White's light bishops never reach them). So the b6 and d6 pawns, the c5
    // bishop behind them and c6 in front of the king are walls, and White's bishops stay
    // below the chain.
    let p = named(2111);
    assert_eq!(both(&p, Color::White), (true, true));
    assert_eq!(without(&p, Color::White, no_fatal), (false, false));
    // Abstains: a white knight on c3 covers b5 and d5. It leaves the cage by b5, the d-pawn
    // takes the c5 bishop and runs to b7, and the b1 bishop mates the king on a8:
    // 1... Bb2 2. Nb5 Ba3 3. Nxa3 Bc7 4. Nb5 Bb8 5. Nxd4 Kf6 6. Nb5 Ke5 7. d4+ Ke6 8. dxc5
    // Kd7 9. cxb6 Kc8 10. b7+ Kxb7 11. Be4 Ka8 12. Bxc6#.
    let p = fen("3b4/6k1/1ppp4/2b3p1/1pKp1pP1/1PNP1P2/8/1BbB1B1B b - -");
    assert_eq!(both(&p, Color::White), (false, false));
    let line = "c1b2 c3b5 b2a3 b5a3 d8c7 a3b5 c7b8 b5d4 g7f6 d4b5 f6e5 d3d4 e5e6 d4c5 e6d7 \
                c5b6 d7c8 b6b7 c8b7 b1e4 b7a8 e4c6";
    assert!(replays_to_mate(&p, Color::White, &uci_line(&p, line)));
    // A double step whose passed square the winner attacks may be taken en passant: not
    // fatal. Black's e7-e5 would check a king on d4, but a white pawn on f5 attacks e6.
    let covers = Bitboard::from(Square::E6) | Bitboard::from(Square::G6);
    let f = semistatic::Fatal::new(Color::Black, Some(Square::D4), covers, Bitboard::FULL);
    let (single, double) = f.pawn_of(Color::Black);
    assert_eq!(
        single,
        Bitboard::from(Square::C5) | Bitboard::from(Square::E5)
    );
    assert_eq!(double, Bitboard::from(Square::C5));
    assert_eq!(f.pawn_of(Color::White), (Bitboard::EMPTY, Bitboard::EMPTY));

    // Checks come from moves: White's h6 pawn never moves (h7 blocks it), so it never gives
    // check, though Black's king may stand on g7 once it is gone; White's king alone cannot
    // check either. (Without the rule, only the counting form sees that a check on g7 is no
    // mate.)
    let p = named(110);
    assert_eq!(both(&p, Color::White), (true, true));
    let no_moved = semistatic::Rules {
        moved_checks: false,
        ..all
    };
    assert_eq!(without(&p, Color::White, no_moved), (false, true));
    // Abstains: without the h7 pawn, the h-pawn promotes and the queens mate: 1. h7 Ka7
    // 2. h8=Q Ka6 3. Qxf6+ Ka7 4. Qxf5 Ka8 5. Qxg4 Ka7 6. f5 Ka8 7. f6 Ka7 8. f7 Ka8 9. Qd7 Kb8
    // 10. f8=Q#.
    let p = fen("8/8/k4p1P/5p1K/5Pp1/6P1/6P1/8 w - -");
    assert_eq!(both(&p, Color::White), (false, false));
    let line = "h6h7 a6a7 h7h8q a7a6 h8f6 a6a7 f6f5 a7a8 f5g4 a8a7 f4f5 a7a8 f5f6 a8a7 f6f7 \
                a7a8 g4d7 a8b8 f7f8q";
    assert!(replays_to_mate(&p, Color::White, &uci_line(&p, line)));
}

/// Check chains: a queen en prise with check (line 1428: 1... Kxg7 or Bxg7 and White's two
/// light bishops never mate behind the locked pawns; line 2044: the queens come off with
/// checks) is proved by the positions one move away; a chain that meets a mate returns it.
#[test]
fn check_chains() {
    let named = |line: usize| {
        let (_, _, fen) = NAMED.iter().find(|n| n.0 == line).expect("named");
        parse(fen).expect("parses")
    };
    for line in [1428, 2044] {
        let p = named(line);
        for side in [Color::White, Color::Black] {
            assert_eq!(quick(&p, side), None, "line {line} {side:?}");
            assert!(
                matches!(
                    analyse(&p, side, &test_budget()).0,
                    Verdict::Unwinnable(Proof::Chain { .. })
                ),
                "line {line} {side:?}"
            );
        }
    }
    // A back-rank mate (1. Rd8#) and a position where both sides can mate: the chain never
    // completes; a mate it meets replays.
    let p = parse("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - -").expect("back rank");
    for side in [Color::White, Color::Black] {
        let mut meter = Meter::new(&test_budget(), std::time::Instant::now());
        match chain::chain(&p, side, 100, &mut meter) {
            chain::Chain::Mate(line) => assert!(replays_to_mate(&p, side, &line)),
            chain::Chain::Open | chain::Chain::Spent => {}
            chain::Chain::Complete(_) => panic!("{side:?} can mate"),
        }
    }
}

/// The final positions of the games of the corpus (`../shared/corpus` beside the repository, or
/// `$ARBITER_CORPUS`; every `.pgn` file in it and its subfolders), at most `limit`.
fn corpus_finals(limit: usize) -> Vec<Chess> {
    use pgn_reader::{Reader, SanPlus, Visitor};
    use std::ops::ControlFlow;
    struct Finals(Vec<Chess>);
    impl Visitor for Finals {
        type Tags = ();
        type Movetext = Option<Chess>;
        type Output = ();
        fn begin_tags(&mut self) -> ControlFlow<(), ()> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Option<Chess>> {
            ControlFlow::Continue(Some(Chess::default()))
        }
        fn san(&mut self, st: &mut Option<Chess>, san: SanPlus) -> ControlFlow<()> {
            if let Some(p) = st {
                match san.san.to_move(p) {
                    Ok(m) => p.play_unchecked(m),
                    Err(_) => *st = None,
                }
            }
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, st: Option<Chess>) {
            self.0.extend(st);
        }
    }
    fn files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|e| e == "pgn") {
                out.push(p);
            }
        }
    }
    let dir = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
        });
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let mut finals = Finals(Vec::new());
    for f in paths {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let mut r = Reader::new(&bytes[..]);
        while finals.0.len() < limit
            && let Ok(Some(())) = r.read_game(&mut finals)
        {}
    }
    finals.0.truncate(limit);
    finals.0
}

/// Differential check of the semi-static tier's rules on moves that end the game and on where
/// checks come from, and of the check chains. Positions a few random plies from CHA's and from
/// the final positions of the corpus's games; wherever the new reasoning proves a side
/// unwinnable (the semi-static tier with the rules where it fails without them, or the chain
/// search), a search that uses no static tier (the closure, then helpmate iterations) must
/// never find a mate. Slow: run it in release, `cargo test --release --lib
/// differential_new_rules -- --ignored --nocapture`; it prints its figures.
#[test]
#[ignore]
fn differential_new_rules() {
    let none = semistatic::Rules {
        stalemate: false,
        fatal: false,
        moved_checks: false,
    };
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let walks: usize = std::env::var("DIFF_WALKS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let mut bases: Vec<(String, Chess)> = Vec::new();
    for (line, _, fen) in data_lines() {
        if let Some(p) = parse(&fen) {
            bases.push((format!("CHA line {line}"), p));
        }
    }
    let cha = bases.len();
    for (i, p) in corpus_finals(20_000).into_iter().enumerate() {
        bases.push((format!("corpus game {}", i + 1), p));
    }
    let corpus = bases.len() - cha;
    let (mut positions, mut sides) = (0u64, 0u64);
    let (mut static_new, mut chain_new) = (0u64, 0u64);
    let (mut confirmed, mut open) = (0u64, 0u64);
    let mut mates = Vec::new();
    let budget = Budget {
        nodes: 3_000_000,
        time: Some(Duration::from_secs(3)),
        positions: 200_000,
    };
    for (name, base) in &bases {
        for w in 0..walks {
            let mut p = base.clone();
            let plies = if w == 0 { 0 } else { 1 + next(6) };
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[next(moves.len())]);
            }
            if p.legal_moves().is_empty() {
                continue;
            }
            positions += 1;
            for side in [Color::White, Color::Black] {
                sides += 1;
                let new = semistatic::unwinnable_counting(&p, side);
                let claimed = if new {
                    !semistatic::unwinnable_with(&p, side, true, none)
                        && !p.has_insufficient_material(side)
                } else if quick(&p, side).is_none() {
                    let t0 = std::time::Instant::now();
                    let mut meter = Meter::new(&budget, t0);
                    matches!(
                        chain::chain(&p, side, CHAIN_POSITIONS, &mut meter),
                        chain::Chain::Complete(_)
                    )
                } else {
                    false
                };
                if !claimed {
                    continue;
                }
                if new {
                    static_new += 1;
                } else {
                    chain_new += 1;
                }
                // The reference: no static tier at all.
                let t0 = std::time::Instant::now();
                let mut meter = Meter::new(&budget, t0);
                let fen = Fen::from_position(&p, shakmaty::EnPassantMode::Legal).to_string();
                match closure::closure(&p, side, budget.positions, budget.positions, &mut meter) {
                    closure::Closure::Mate(line) => {
                        mates.push(format!("{name} +{plies}: {fen} {side:?} {line:?}"));
                        continue;
                    }
                    closure::Closure::Complete(_) => {
                        confirmed += 1;
                        continue;
                    }
                    closure::Closure::TooBig | closure::Closure::Spent => {}
                }
                let mut search = search::Search::new(side, budget.positions);
                let t0 = std::time::Instant::now();
                let mut meter = Meter::new(&budget, t0);
                let mut done = false;
                for depth in 1..=MAX_DEPTH {
                    match search.iteration(&p, depth, u64::MAX, &mut meter) {
                        search::Outcome::Mate(line) => {
                            mates.push(format!("{name} +{plies}: {fen} {side:?} {line:?}"));
                            done = true;
                            break;
                        }
                        search::Outcome::Complete => {
                            confirmed += 1;
                            done = true;
                            break;
                        }
                        search::Outcome::Cut | search::Outcome::Paused => {}
                        search::Outcome::Spent => break,
                    }
                }
                if !done {
                    open += 1;
                }
            }
        }
    }
    eprintln!(
        "differential: {} bases ({cha} CHA positions, {corpus} corpus final positions), {walks} \
         walks each: {positions} positions, {sides} sides; the new rules prove {static_new} \
         sides the tier without them does not, the chains {chain_new}; the reference search \
         proves {confirmed} of them unwinnable too, {open} undetermined, {} mates",
        bases.len(),
        mates.len()
    );
    assert!(mates.is_empty(), "{mates:#?}");
}

/// The closure's packed keys rebuild the very position: pieces, side to move, castling rights,
/// the en-passant square when the capture is legal, promoted pieces and a full board.
#[test]
fn packed_keys_rebuild_the_position() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq -",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
        "4k3/8/8/3pP3/8/8/8/4K3 w - -",
        "1QQQ1QQ1/8/8/8/8/8/8/k3K2q w - -",
        // More bishops than promotions allow (the CHA set has such positions).
        "8/7B/7b/8/3p1p1p/b1pP1PpP/B1PpBkP1/3K1BRB w - -",
    ] {
        let pos = parse(fen).expect(fen);
        let key = closure::Packed::new(&pos).expect(fen);
        let back = key.unpack(pos.castles().mode()).expect(fen);
        assert_eq!(Key::new(&back), Key::new(&pos), "{fen}");
        assert_eq!(back.legal_moves().len(), pos.legal_moves().len(), "{fen}");
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let k = closure::Packed::new(&child).expect(fen);
            assert_ne!(k, key, "{fen}: a move changes the key");
            let again = k.unpack(pos.castles().mode()).expect(fen);
            assert_eq!(Key::new(&again), Key::new(&child), "{fen} {m:?}");
        }
    }
    // A legal en-passant capture is part of the key (the moves differ).
    let a = parse("4k3/8/8/3pP3/8/8/8/4K3 w - -").expect("a");
    let b = parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6").expect("b");
    assert_ne!(closure::Packed::new(&a), closure::Packed::new(&b));
}

/// The large closure holds three times the table's positions, packed: CHA line 2220 (Black
/// cannot mate: its king is walled in on f8 and its bishop on four squares, while White's
/// king and light bishops wander, 726,592 positions in all) is proved by it within the default
/// node budget, past the 400,000 positions the unpacked closure stopped at. With fewer positions
/// allowed than there are, it must give up, not answer. Slow in a debug build (seconds).
#[test]
fn large_closure_proves_walled_bishops() {
    let pos = parse("1b3kBR/4pP1P/1p1pP1BP/1P1P4/6Bp/6pP/K5P1/8 b - -").expect("2220");
    let budget = Budget {
        time: None,
        ..Budget::default()
    };
    let start = std::time::Instant::now();
    let mut meter = Meter::new(&budget, start);
    match closure::closure(
        &pos,
        Color::Black,
        budget.positions * CLOSURE_LARGE,
        budget.positions / 8 * 3,
        &mut meter,
    ) {
        closure::Closure::Complete(n) => assert_eq!(n, 726_592),
        _ => panic!("2220: no proof"),
    }
    let (v, _) = analyse(&pos, Color::Black, &budget);
    assert!(
        matches!(v, Verdict::Unwinnable(Proof::Closure { .. })),
        "{v:?}"
    );
    // Negative: a cap below the reachable set gives up.
    let mut meter = Meter::new(&budget, start);
    assert!(matches!(
        closure::closure(&pos, Color::Black, 100_000, 100_000, &mut meter),
        closure::Closure::TooBig
    ));
}

/// A helpmate found by the packed closure is the shortest, and its moves (recovered from the
/// parents' keys) replay to mate: CHA line 1538 (Black mates in 28 plies; the searches need
/// more than the default budget, the closure 419,719 positions).
#[test]
fn large_closure_finds_shortest_helpmate() {
    let pos = parse("1k6/1P1p1p1p/BP6/1P5p/8/8/3P1P1P/5K2 w - -").expect("1538");
    let budget = Budget {
        time: None,
        ..Budget::default()
    };
    let start = std::time::Instant::now();
    let mut meter = Meter::new(&budget, start);
    match closure::closure(
        &pos,
        Color::Black,
        budget.positions * CLOSURE_LARGE,
        budget.positions / 8 * 3,
        &mut meter,
    ) {
        closure::Closure::Mate(line) => {
            assert_eq!(line.len(), 28);
            assert!(replays_to_mate(&pos, Color::Black, &line));
        }
        _ => panic!("1538: no mate"),
    }
}

/// `mate_in_one` finds the first mating move of the list, as playing every move out does: in
/// positions of random games (where mates in one are rare, so also in positions built to have
/// them: promotions that uncover a line through the square the pawn leaves, discovered checks,
/// checks by a slider moving along its line away from the king).
#[test]
fn mate_in_one_is_the_first_move_that_mates() {
    fn first_mate(pos: &Chess, moves: &shakmaty::MoveList) -> Option<Move> {
        moves.iter().copied().find(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            child.is_checkmate()
        })
    }
    let check = |pos: &Chess| {
        let moves = pos.legal_moves();
        assert_eq!(
            search::mate_in_one(pos),
            first_mate(pos, &moves),
            "{}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        );
        usize::from(first_mate(pos, &moves).is_some())
    };
    let mut mates = 0;
    for fen in [
        // A pawn on g7 takes on h8 and promotes: its queen or bishop mates on e5 through g7;
        // one on b7 pushes and its rook or queen sees down the b-file through b7.
        "7r/6P1/3pp3/3pkp2/3ppp2/8/8/K7 w - - 0 1",
        "8/1P6/8/8/8/8/8/1k5K w - - 0 1",
        // Discovered checks, a back-rank mate, a smothered mate, en passant, castling.
        "6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1",
        "6rk/6pp/7N/8/8/8/8/1Q4K1 w - - 0 1",
        "k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "5k2/8/5K2/8/8/8/8/R7 w - - 0 1",
        "8/8/8/3pP3/8/1k6/8/1K1R3R w - d6 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ] {
        let Some(pos) = parse(fen) else {
            panic!("{fen} does not parse");
        };
        mates += check(&pos);
    }
    let positions = random_games(0x2545_F491_4F6C_DD1D, 200, 200, |pos| {
        mates += check(pos);
    });
    assert!(
        positions > 20_000 && mates > 20,
        "{positions} positions, {mates} mates"
    );
}

/// The engine's own move generation gives shakmaty's legal moves in shakmaty's order (the
/// search's order, and the helpmates it finds, depend on it): in the positions of random games,
/// of the CHA set when it is here, and in positions built for the rules most easily got wrong
/// (pins along and across the pin line, en passant out of check and exposing a rank, castling
/// through and out of attack, promotions by capture and by push, double checks); and every move
/// that gives check is among those it marks as possibly checking.
#[test]
fn legal_moves_are_shakmatys_in_its_order() {
    let check = |pos: &Chess| {
        let mut ours = Vec::new();
        legal::legal_moves(pos, |m| ours.push(m));
        let theirs = pos.legal_moves();
        assert_eq!(
            ours.as_slice(),
            theirs.as_slice(),
            "{}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Always)
        );
        assert_eq!(legal::has_legal_move(pos), !theirs.is_empty());
        // Marked: the same moves, every one that gives check among those marked.
        let mut marked = Vec::new();
        legal::legal_moves_marking_checks(pos, |m, check| marked.push((m, check)));
        assert_eq!(marked.iter().map(|e| e.0).collect::<Vec<_>>(), ours);
        for (m, check) in marked {
            let mut child = pos.clone();
            child.play_unchecked(m);
            assert!(
                check || !child.is_check(),
                "{m:?} checks, unmarked, in {}",
                Fen::from_position(pos, shakmaty::EnPassantMode::Always)
            );
        }
    };
    let mut positions = 0;
    for fen in [
        // A pinned rook moves along its pin only; a pinned knight never.
        "4r1k1/8/8/8/4R3/8/4N3/4K2b w - - 0 1",
        // En passant that would expose the king along the rank; one that takes a checker.
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        // En passant by a pinned pawn along its diagonal, and across it.
        "8/8/8/1k6/3Pp3/8/8/4K2B b - d3 0 1",
        "7k/8/8/3pP3/8/8/8/K6b w - d6 0 1",
        // Castling: through an attacked square, out of check, long side with b1 attacked only.
        "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/1q6/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        // Promotions by push and by capture, both colours; a double check.
        "1n1q4/P1P3k1/8/8/8/8/p1p5/1N1QK3 w - - 0 1",
        "1n1q4/P1P3k1/8/8/8/8/p1p5/1N1QK3 b - - 0 1",
        "4k3/8/8/8/8/5n2/8/4r1K1 w - - 0 1",
        "4k3/8/8/8/8/8/3n4/r3K3 w - - 0 1",
        // A check by a slider the king may not step back along; a block by a double step.
        "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
        "4k3/8/8/8/8/8/6PP/q3K3 w - - 0 1",
        "3k4/8/8/8/8/8/3P4/q3K3 w - - 0 1",
    ] {
        let Some(pos) = parse(fen) else {
            panic!("{fen} does not parse");
        };
        check(&pos);
        positions += 1;
    }
    if data_file().is_some() {
        for (_, _, fen) in data_lines() {
            if let Some(pos) = parse(&fen) {
                check(&pos);
                positions += 1;
            }
        }
    }
    positions += random_games(0x9E37_79B9_7F4A_7C15, 300, 300, check);
    assert!(positions > 40_000, "{positions} positions");
}

/// Calls `f` on each position of `games` random games (random legal moves from the start, at
/// most `plies` each, a game stopping where no move is left; xorshift from `seed`), and says
/// how many positions there were.
fn random_games(seed: u64, games: usize, plies: usize, mut f: impl FnMut(&Chess)) -> usize {
    let mut seed = seed;
    let mut positions = 0;
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            f(&pos);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let i = usize::try_from(seed % moves.len() as u64).unwrap_or(0);
            pos.play_unchecked(moves[i]);
        }
    }
    positions
}
