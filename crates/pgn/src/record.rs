//! A PGN or PDN game as the runtime's input, [`Record`]: its start (`FEN`), its comments'
//! commands (`events`), the rulebook's parameters its tags set, its `TimeControl`, what it says
//! of how it ended (`Result`, `Termination`: the PGN standard's 9.8.1; platforms' exports write
//! `Normal`, `Time forfeit`, ...), its `Date` and players, and where each of them stands in the
//! file. Every error is located as the runtime located it when it read the tags itself.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color};

use super::time::{ParseTimeControl, TimeControl};
use super::{Game, PgnError};
use crate::games::GameKind;
use crate::locale::say;
use crate::value::Value;
use arbiter_lang::record::{
    Ending, ParamMeta, Record, Recorded, Setting, Spans, Start, Termination,
};

/// The largest halfmove clock and move number a FEN tag may give.
pub const MAX_FEN_NUMBER: u64 = 1_000_000_000;

type Located = (usize, say::Message);

/// The record of `game`, its parameters read as `params` declares them (a rulebook's), checked
/// in this order: the start position, the events, the parameters, the time control.
pub fn read(game: Game, params: &[ParamMeta]) -> Result<Record, PgnError> {
    let err = |(offset, message): Located| PgnError {
        game: game.index,
        offset,
        message,
    };
    let start = start_of(&game).map_err(err)?;
    let events = super::events::events(&game)?;
    let params = settings(&game, params).map_err(err)?;
    let time_control = time_control(&game).map_err(err)?;
    let spans = Spans {
        start: game.span.start,
        kind: game.tag_offset("GameType"),
        moves: Vec::new(),
        ending: game
            .tag_offset("Termination")
            .or_else(|| game.tag_offset("Result")),
        // The tag's offset is its value's opening quote.
        date: game.tag_offset("Date").map(|at| at + 1),
    };
    let ending = ending(&game);
    let text = |name: &str| game.tag(name).map(str::to_string);
    let (result, date, white, black) = (text("Result"), text("Date"), text("White"), text("Black"));
    let Game {
        index, span, moves, ..
    } = game;
    let mut record = match (start, moves) {
        (Start::Chess(p), super::Movetext::Chess(m)) => Record::chess(p, m),
        (Start::Draughts(p), super::Movetext::Draughts(m)) => Record::draughts(p, m),
        // `parse_game` reads a game's moves for its own game, as `start_of` its start.
        (_, moves) => {
            return Err(PgnError {
                game: index,
                offset: span.start,
                message: say::pgn_not_san(moves.text(0).unwrap_or_default()),
            });
        }
    };
    record.index = index;
    record.events = events;
    record.params = params;
    record.time_control = time_control;
    record.ending = ending;
    record.result = result;
    record.date = date;
    record.white = white;
    record.black = black;
    record.spans = Some(Spans {
        moves: span.sans,
        ..spans
    });
    Ok(record)
}

/// The position `game` starts from: its `FEN` tag's, else the game's initial position.
pub fn start(game: &Game) -> Result<Start, PgnError> {
    start_of(game).map_err(|(offset, message)| PgnError {
        game: game.index,
        offset,
        message,
    })
}

/// What the record says of how the game ended: its `Result` and `Termination` tags.
pub fn ending(game: &Game) -> Ending {
    // PDN records a draughts game in points of two (`2-0`, `1-1`, `0-2`): the same results.
    let draughts = game.kind == GameKind::RussianDraughts;
    let result = match game.tag("Result").map(str::trim) {
        Some("1-0") => Recorded::Won(Color::White),
        Some("0-1") => Recorded::Won(Color::Black),
        Some("1/2-1/2") => Recorded::Drawn,
        Some("2-0") if draughts => Recorded::Won(Color::White),
        Some("0-2") if draughts => Recorded::Won(Color::Black),
        Some("1-1") if draughts => Recorded::Drawn,
        _ => Recorded::Unknown,
    };
    let termination = match game.tag("Termination").map(str::trim) {
        None => Termination::Absent,
        Some(t) if t.eq_ignore_ascii_case("normal") => Termination::Normal,
        Some(t) if t.eq_ignore_ascii_case("time forfeit") => Termination::TimeForfeit,
        Some(_) => Termination::Other,
    };
    Ending {
        result,
        termination,
    }
}

fn start_of(game: &Game) -> Result<Start, Located> {
    match game.kind {
        GameKind::Chess => chess_start(game).map(Start::Chess),
        GameKind::RussianDraughts => draughts_start(game).map(Start::Draughts),
    }
}

/// A draughts game's start: its `FEN` tag (`W:Wa1,c3:Bb6,d8`), else the initial position.
fn draughts_start(game: &Game) -> Result<crate::draughts::Position, Located> {
    use crate::draughts::{FenErrorKind, Position};
    let Some(fen) = game.tag("FEN") else {
        return Ok(Position::initial());
    };
    let at = game.tag_offset("FEN").unwrap_or(game.span.start);
    Position::from_fen(fen).map_err(|e| {
        let why = match e.kind {
            FenErrorKind::Side => say::draughts_fen_side(),
            FenErrorKind::Square => say::draughts_fen_square(),
            FenErrorKind::Separator => say::draughts_fen_separator(),
            FenErrorKind::Twice => say::draughts_fen_twice(),
            FenErrorKind::TooMany => say::draughts_fen_too_many(),
            FenErrorKind::ManOnLastRank => say::draughts_fen_man_on_last_rank(),
        };
        // The tag's offset is its value's opening quote.
        (at + 1 + e.offset, say::game_bad_fen(why))
    })
}

fn chess_start(game: &Game) -> Result<Chess, Located> {
    let Some(fen) = game.tag("FEN") else {
        return Ok(Chess::default());
    };
    let at = game.tag_offset("FEN").unwrap_or(game.span.start);
    // The counters are checked here: shakmaty clamps a halfmove clock beyond u32, and a move
    // number near u32::MAX would leave no room for the game's moves.
    for (field, text) in ["halfmove", "fullmove"]
        .into_iter()
        .zip(fen.split_ascii_whitespace().skip(4))
    {
        // A number of digits that does not fit u64 is too large too.
        if text.bytes().all(|b| b.is_ascii_digit())
            && text.parse::<u64>().map_or(true, |n| n > MAX_FEN_NUMBER)
        {
            return Err((
                at,
                // A number of a million digits is not repeated whole.
                say::game_fen_number_too_large(field, crate::diag::clip(text, 24), MAX_FEN_NUMBER),
            ));
        }
    }
    let fen: Fen = fen
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| (at, say::game_bad_fen(say::fen_error(&e))))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| (at, say::game_illegal_fen(say::position_error(&e))))
}

/// The parameters the game's tags set (a parameter's `tag`), each read as its default's type.
fn settings(game: &Game, params: &[ParamMeta]) -> Result<Vec<Setting>, Located> {
    let mut out = Vec::new();
    for p in params {
        let Some((tag, text)) = p
            .tag
            .as_ref()
            .and_then(|t| game.tag(t).map(|v| (t.as_str(), v.trim())))
        else {
            continue;
        };
        let at = game.tag_offset(tag).unwrap_or(game.span.start);
        let bad = |what: say::Message| (at, say::game_tag_value(tag, what, text));
        let value = match &p.default {
            Value::Bool(_) => Value::Bool(match text.to_ascii_lowercase().as_str() {
                "yes" | "true" => true,
                "no" | "false" => false,
                _ => return Err(bad(say::game_tag_yes_no())),
            }),
            Value::Int(_) => Value::Int(
                text.parse()
                    .map_err(|_| bad(say::game_tag_whole_number()))?,
            ),
            Value::Duration(_) => {
                Value::Duration(text.parse().map_err(|_| bad(say::game_tag_seconds()))?)
            }
            Value::Side(_) => Value::Side(match text {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return Err(bad(say::game_tag_side())),
            }),
            Value::Move(_) => return Err(bad(say::game_tag_a_value())),
        };
        out.push(Setting {
            name: p.name.clone(),
            value,
            at: Some(at),
        });
    }
    Ok(out)
}

/// The game's `TimeControl` tag (unknown without one).
fn time_control(game: &Game) -> Result<TimeControl, Located> {
    let Some(v) = game.tag("TimeControl") else {
        return Ok(TimeControl::Unknown);
    };
    TimeControl::parse(v).map_err(|e| match game.tag_offset("TimeControl") {
        // The tag's offset is its value's opening quote.
        Some(at) => (at + 1 + e.offset, say::game_time_control(e.message)),
        None => (game.span.start, say::game_time_control_value(v, e.message)),
    })
}
