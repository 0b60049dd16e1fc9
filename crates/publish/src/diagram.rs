//! A scenario's board diagram: the decisive position (after the ply where the expected outcome
//! ends the game, else after the last move) as an inline SVG drawn here — squares, coordinates,
//! the last move's squares marked, pieces of simple shapes of our own (no font, image or fetch).
//!
//! The position is replayed from the record's `FEN` tag with the game's mechanics (shakmaty for
//! chess, `crate::draughts` for Russian draughts); a record that does not replay to its end (an
//! illegal move, a bad FEN) has no diagram. The description (`<title>`, `aria-label`) and the
//! caption are the page language's (`publish-diagram-*`, `publish-piece-*`).

use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Role};

use crate::conformance::scenario::Scenario;
use crate::games::GameKind;
use crate::locale::Words;

/// A piece as the diagram draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Piece {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// A draughts man.
    Man,
    /// A draughts king.
    DraughtsKing,
}

impl Piece {
    fn message(self) -> &'static str {
        match self {
            Piece::King => "publish-piece-king",
            Piece::Queen => "publish-piece-queen",
            Piece::Rook => "publish-piece-rook",
            Piece::Bishop => "publish-piece-bishop",
            Piece::Knight => "publish-piece-knight",
            Piece::Pawn => "publish-piece-pawn",
            Piece::Man => "publish-piece-man",
            Piece::DraughtsKing => "publish-piece-draughts-king",
        }
    }
}

fn role(r: Role) -> Piece {
    match r {
        Role::King => Piece::King,
        Role::Queen => Piece::Queen,
        Role::Rook => Piece::Rook,
        Role::Bishop => Piece::Bishop,
        Role::Knight => Piece::Knight,
        Role::Pawn => Piece::Pawn,
    }
}

/// The decisive position of a scenario, in no language yet.
#[derive(Clone, Debug)]
pub struct Decisive {
    /// Square `rank * 8 + file` (0 = a1, 63 = h8).
    board: [Option<(Color, Piece)>; 64],
    /// The last move's from- and to-square (`rank * 8 + file`).
    last: Option<(usize, usize)>,
    turn: Color,
    /// The move that led here as the site numbers it (`60... Rd5`); `None` at the start.
    after: Option<String>,
}

/// A diagram in one language: the SVG (already escaped: markup) and its caption (text).
#[derive(Clone, Debug, Serialize)]
pub struct Diagram {
    pub svg: String,
    pub caption: String,
}

/// The position after `ply` moves of the scenario's record, which must replay to its end; `first`
/// is its first move's number and whether Black makes it (`super::first_move`).
pub fn decisive(s: &Scenario, first: (u64, bool)) -> Option<Decisive> {
    let g = &s.game;
    let len = g.moves.len();
    let ply = s
        .expected
        .ended_at_ply
        .map_or(len, |n| usize::try_from(n).unwrap_or(usize::MAX).min(len));
    let (board, last, turn) = match g.kind {
        GameKind::Chess => chess_replay(g, ply)?,
        GameKind::RussianDraughts => draughts_replay(g, ply)?,
    };
    let after = match ply.checked_sub(1) {
        None => None,
        Some(i) => Some(super::numbered(first, i, &g.moves.text(i)?)),
    };
    Some(Decisive {
        board,
        last,
        turn,
        after,
    })
}

type Replayed = ([Option<(Color, Piece)>; 64], Option<(usize, usize)>, Color);

fn chess_replay(g: &crate::pgn::Game, ply: usize) -> Option<Replayed> {
    let crate::pgn::Movetext::Chess(moves) = &g.moves else {
        return None;
    };
    let mut pos: Chess = match g.tag("FEN") {
        None => Chess::default(),
        Some(fen) => fen
            .parse::<Fen>()
            .ok()?
            .into_position(CastlingMode::Standard)
            .ok()?,
    };
    let mut at = (ply == 0).then(|| (snapshot(&pos), None, pos.turn()));
    for (i, san) in moves.iter().enumerate() {
        let m = san.san.to_move(&pos).ok()?;
        let (from, to) = match m {
            shakmaty::Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() {
                    shakmaty::File::G
                } else {
                    shakmaty::File::C
                };
                (Some(king), shakmaty::Square::from_coords(file, king.rank()))
            }
            _ => (m.from(), m.to()),
        };
        // `to_move` gives a legal move.
        pos.play_unchecked(m);
        if i + 1 == ply {
            let last = from.map(|f| (usize::from(f), usize::from(to)));
            at = Some((snapshot(&pos), last, pos.turn()));
        }
    }
    at
}

fn snapshot(pos: &Chess) -> [Option<(Color, Piece)>; 64] {
    let mut board = [None; 64];
    for (sq, p) in pos.board().clone() {
        board[usize::from(sq)] = Some((p.color, role(p.role)));
    }
    board
}

fn draughts_replay(g: &crate::pgn::Game, ply: usize) -> Option<Replayed> {
    use crate::draughts::{Kind, Position as Draughts, Square};
    let crate::pgn::Movetext::Draughts(moves) = &g.moves else {
        return None;
    };
    let mut pos = match g.tag("FEN") {
        None => Draughts::initial(),
        Some(fen) => Draughts::from_fen(fen).ok()?,
    };
    let shot = |pos: &Draughts| {
        let mut board = [None; 64];
        for rank in 0..8u8 {
            for file in 0..8u8 {
                if let Some((c, k)) = Square::from_coords(file, rank).and_then(|s| pos.piece_at(s))
                {
                    let piece = match k {
                        Kind::Man => Piece::Man,
                        Kind::King => Piece::DraughtsKing,
                    };
                    board[usize::from(rank) * 8 + usize::from(file)] = Some((c, piece));
                }
            }
        }
        board
    };
    let index = |s: Square| usize::from(s.rank()) * 8 + usize::from(s.file());
    let mut at = (ply == 0).then(|| (shot(&pos), None, pos.turn()));
    for (i, text) in moves.iter().enumerate() {
        let m = pos.parse_move(text).ok()?;
        pos.play(&m);
        if i + 1 == ply {
            at = Some((
                shot(&pos),
                Some((index(m.from()), index(m.to()))),
                pos.turn(),
            ));
        }
    }
    at
}

/// Escape text for SVG markup (element text and attribute values).
fn esc(s: &str) -> String {
    crate::escape::html(s).into_owned()
}

/// The square's name: `a1`.
fn name(i: usize) -> String {
    let file = char::from(b'a' + (i % 8) as u8);
    let rank = char::from(b'1' + (i / 8) as u8);
    format!("{file}{rank}")
}

/// The size of a square, the margin left of the board (ranks) and under it (files).
const SQ: usize = 10;
const LEFT: usize = 5;
const TOP: usize = 1;
const LIGHT: &str = "#ede3c8";
const DARK: &str = "#8fa6b4";
const MARK: &str = "#f2c94c";

/// A piece's shapes in a 10×10 square whose top left corner is the origin.
fn shapes(piece: Piece, color: Color) -> String {
    let (fill, line, detail) = match color {
        Color::White => ("#fbfbf8", "#1b1b1b", "#1b1b1b"),
        Color::Black => ("#262626", "#0a0a0a", "#e8e8e8"),
    };
    let body = |d: &str| {
        format!(
            r#"<path d="{d}" fill="{fill}" stroke="{line}" stroke-width=".45" stroke-linejoin="round"/>"#
        )
    };
    let mark = |d: &str| {
        format!(
            r#"<path d="{d}" fill="none" stroke="{detail}" stroke-width=".4" stroke-linecap="round"/>"#
        )
    };
    let disc = |cx: f32, cy: f32, r: f32| {
        format!(
            r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{line}" stroke-width=".45"/>"#
        )
    };
    match piece {
        Piece::Pawn => [
            body("M3.2 8.6H6.8V7.8L6 5.2H4L3.2 7.8Z"),
            disc(5.0, 4.0, 1.5),
        ]
        .concat(),
        Piece::Rook => [
            body("M2.8 8.6V7.6H3.6L3.9 4.4H3.2V2.2H4.2V3H4.7V2.2H5.3V3H5.8V2.2H6.8V4.4H6.1L6.4 7.6H7.2V8.6Z"),
            mark("M3.9 4.4H6.1M3.6 7.6H6.4"),
        ]
        .concat(),
        Piece::Bishop => [
            body("M5 2.1C6.6 3.2 6.9 4.7 5.9 6L6.3 7.6H7.3V8.6H2.7V7.6H3.7L4.1 6C3.1 4.7 3.4 3.2 5 2.1Z"),
            disc(5.0, 1.6, 0.5),
            mark("M5.7 3.4L4.6 4.7M4.1 6H5.9"),
        ]
        .concat(),
        Piece::Knight => [
            body("M3.2 8.6H7.4C7.7 6 7.3 3.6 5.3 2.4L5 1.4L4.3 2.4C3.4 2.9 2.6 4 2.3 5.1L2.8 5.9L4.4 5.1C4.7 5.6 4.1 6.6 3.2 8.6Z"),
            mark("M4.3 3.5H4.5"),
        ]
        .concat(),
        Piece::Queen => [
            body("M2.6 8.6H7.4V7.6L8.2 3.4L6.4 5.6L5 2.7L3.6 5.6L1.8 3.4L2.6 7.6Z"),
            disc(1.8, 3.2, 0.55),
            disc(5.0, 2.4, 0.55),
            disc(8.2, 3.2, 0.55),
            mark("M2.6 7.6H7.4"),
        ]
        .concat(),
        Piece::King => [
            body("M2.6 8.6H7.4V7.6L7.9 4.8C7 4 5.9 4.2 5 5.1C4.1 4.2 3 4 2.1 4.8L2.6 7.6Z"),
            format!(
                r#"<path d="M5 1.2V4.4M3.9 2.3H6.1" fill="none" stroke="{line}" stroke-width=".8" stroke-linecap="round"/>"#
            ),
            mark("M2.6 7.6H7.4"),
        ]
        .concat(),
        Piece::Man => [
            disc(5.0, 5.0, 3.7),
            format!(
                r#"<circle cx="5" cy="5" r="2.4" fill="none" stroke="{detail}" stroke-width=".4"/>"#
            ),
        ]
        .concat(),
        Piece::DraughtsKing => [
            disc(5.0, 5.0, 3.7),
            format!(
                r#"<circle cx="5" cy="5" r="3" fill="none" stroke="{detail}" stroke-width=".35"/>"#
            ),
            format!(r#"<path d="M3.3 6.3H6.7L7.1 3.7L5.9 4.8L5 3.2L4.1 4.8L2.9 3.7Z" fill="{detail}"/>"#),
        ]
        .concat(),
    }
}

/// The diagram of `d` in the language of `w`.
pub fn diagram(d: &Decisive, w: &Words) -> Result<Diagram, String> {
    use fluent_bundle::FluentValue;
    let caption = match &d.after {
        Some(m) => w.get(
            "publish-diagram-after",
            &[("move", FluentValue::from(m.as_str()))],
        )?,
        None => w.text("publish-position")?,
    };
    // The description: caption, side to move, each side's pieces by kind then square.
    let mut said = vec![
        caption.clone(),
        w.text(match d.turn {
            Color::White => "publish-diagram-white-to-move",
            Color::Black => "publish-diagram-black-to-move",
        })?,
    ];
    for (color, side) in [
        (Color::White, "publish-diagram-white"),
        (Color::Black, "publish-diagram-black"),
    ] {
        let mut pieces: Vec<(Piece, usize)> = (0..64)
            .filter_map(|i| match d.board[i] {
                Some((c, p)) if c == color => Some((p, i)),
                _ => None,
            })
            .collect();
        pieces.sort();
        let mut list = Vec::new();
        for (p, i) in pieces {
            list.push(format!("{} {}", w.text(p.message())?, name(i)));
        }
        if list.is_empty() {
            list.push("—".to_string());
        }
        said.push(format!("{}: {}", w.text(side)?, list.join(", ")));
    }
    let description = said.join(". ");

    let size = LEFT + 8 * SQ + 1;
    let height = TOP + 8 * SQ + 5;
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {height}" role="img" aria-label="{label}" class="board"><title>{label}</title>"#,
        label = esc(&description),
    );
    let at = |i: usize| (LEFT + (i % 8) * SQ, TOP + (7 - i / 8) * SQ);
    for i in 0..64 {
        let (x, y) = at(i);
        // a1 is dark.
        let dark = (i % 8 + i / 8) % 2 == 0;
        let (class, fill) = if dark {
            ("sq d", DARK)
        } else {
            ("sq l", LIGHT)
        };
        svg.push_str(&format!(
            r#"<rect class="{class}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
        ));
    }
    if let Some((from, to)) = d.last {
        for i in [from, to] {
            let (x, y) = at(i);
            svg.push_str(&format!(
                r#"<rect class="hl" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{MARK}" fill-opacity=".6"/>"#
            ));
        }
    }
    for i in 0..64 {
        if let Some((color, piece)) = d.board[i] {
            let (x, y) = at(i);
            svg.push_str(&format!(
                r#"<g class="pc" transform="translate({x} {y})">{}</g>"#,
                shapes(piece, color)
            ));
        }
    }
    let text = r##"font-family="sans-serif" font-size="3.4" fill="#444" text-anchor="middle""##;
    for r in 0..8 {
        let y = TOP + (7 - r) * SQ + SQ / 2 + 1;
        svg.push_str(&format!(
            r#"<text x="{}" y="{y}" {text}>{}</text>"#,
            LEFT / 2,
            r + 1
        ));
    }
    for f in 0..8u8 {
        let x = LEFT + usize::from(f) * SQ + SQ / 2;
        svg.push_str(&format!(
            r#"<text x="{x}" y="{}" {text}>{}</text>"#,
            TOP + 8 * SQ + 4,
            char::from(b'a' + f)
        ));
    }
    svg.push_str(&format!(
        r##"<rect x="{LEFT}" y="{TOP}" width="{w}" height="{w}" fill="none" stroke="#555" stroke-width=".4"/></svg>"##,
        w = 8 * SQ
    ));
    Ok(Diagram { svg, caption })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scenario of `tags` (and the required ones) and `moves`.
    fn scenario(tags: &str, moves: &str) -> Scenario {
        let mut pgn = String::from(
            "[Event \"t\"]\n[Site \"t\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Clauses \"5.1.1\"]\n[Description \"<d>\"]\n[Derivation \"d\"]\n[ExpectResult \"*\"]\n[ExpectRule \"-\"]\n",
        );
        pgn.push_str(tags);
        if !tags.contains("[Features") {
            pgn.push_str("[Features \"-\"]\n");
        }
        if !tags.contains("ExpectEndedAtPly") {
            pgn.push_str("[ExpectEndedAtPly \"-\"]\n");
        }
        pgn.push_str(&format!("\n{moves} *\n"));
        let dir = std::env::temp_dir().join(format!("arbiter-diagram-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = dir.join(format!("{n}.pgn"));
        std::fs::write(&path, &pgn).unwrap();
        let s = Scenario::load("fide-2023/x/x.pgn", &path).unwrap();
        let _ = std::fs::remove_file(&path);
        s
    }

    fn count(svg: &str, what: &str) -> usize {
        svg.matches(what).count()
    }

    #[test]
    fn the_initial_chess_position() {
        let s = scenario("", "");
        let d = decisive(&s, super::super::first_move(&s.game).unwrap()).expect("replays");
        for lang in ["en", "ru"] {
            let w = Words::new(lang).unwrap();
            let g = diagram(&d, &w).unwrap();
            assert_eq!(count(&g.svg, r#"class="pc""#), 32, "{lang}");
            assert_eq!(count(&g.svg, r#"class="sq "#), 64);
            assert_eq!(count(&g.svg, r#"class="sq d""#), 32);
            assert_eq!(count(&g.svg, r#"class="hl""#), 0);
            assert!(g.svg.contains("<title>"));
            assert_eq!(g.caption, w.text("publish-position").unwrap());
        }
    }

    #[test]
    fn a_draughts_position_after_a_move() {
        let s = scenario("[GameType \"25\"]\n", "1. c3-d4 f6-g5");
        let d = decisive(&s, super::super::first_move(&s.game).unwrap()).expect("replays");
        let w = Words::new("en").unwrap();
        let g = diagram(&d, &w).unwrap();
        assert_eq!(count(&g.svg, r#"class="pc""#), 24);
        assert_eq!(count(&g.svg, r#"class="sq d""#), 32);
        assert_eq!(count(&g.svg, r#"class="hl""#), 2);
        assert!(g.caption.contains("1... f6-g5"), "{}", g.caption);
        // Every piece on a dark square.
        for (i, p) in d.board.iter().enumerate() {
            if p.is_some() {
                assert_eq!((i % 8 + i / 8) % 2, 0, "{}", name(i));
            }
        }
        let s = scenario("[GameType \"25\"]\n", "");
        let g = diagram(
            &decisive(&s, super::super::first_move(&s.game).unwrap()).unwrap(),
            &w,
        )
        .unwrap();
        assert_eq!(count(&g.svg, r#"class="pc""#), 24);
    }

    #[test]
    fn the_decisive_ply_and_castling() {
        let s = scenario(
            "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 60\"]\n[ExpectEndedAtPly \"2\"]\n",
            "60. O-O O-O-O 61. Rf2",
        );
        let d = decisive(&s, super::super::first_move(&s.game).unwrap()).expect("replays");
        assert_eq!(d.after.as_deref(), Some("60... O-O-O"));
        // Black's king on c8, his rook on d8; White's rook still on f1.
        assert_eq!(d.board[58], Some((Color::Black, Piece::King)));
        assert_eq!(d.board[59], Some((Color::Black, Piece::Rook)));
        assert_eq!(d.board[5], Some((Color::White, Piece::Rook)));
        assert_eq!(d.last, Some((60, 58)));
        assert_eq!(d.turn, Color::White);
        let ru = diagram(&d, &Words::new("ru").unwrap()).unwrap();
        assert!(ru.caption.contains("60... O-O-O"), "{}", ru.caption);
    }

    #[test]
    fn an_unreplayable_record_has_no_diagram() {
        // A move the laws do not allow is one an implementation must play as made.
        let s = scenario(
            "[ExpectEndedAtPly \"1\"]\n[Features \"illegal-moves\"]\n",
            "1. e4 Ke7",
        );
        assert!(decisive(&s, super::super::first_move(&s.game).unwrap()).is_none());
        let s = scenario(
            "[GameType \"25\"]\n[Features \"illegal-moves\"]\n",
            "1. c3-e5",
        );
        assert!(decisive(&s, super::super::first_move(&s.game).unwrap()).is_none());
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            esc(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        let d = Decisive {
            board: [None; 64],
            last: None,
            turn: Color::White,
            after: Some("1. <script>\"x\"&".to_string()),
        };
        let g = diagram(&d, &Words::new("en").unwrap()).unwrap();
        assert!(!g.svg.contains("<script>"));
        assert!(g.svg.contains("&lt;script&gt;&quot;x&quot;&amp;"));
    }
}
