//! What a game's record says of how it ended: its `Result` tag and its `Termination` tag (the
//! PGN standard's 9.8.1; platforms' exports write `Normal`, `Time forfeit`, ...). The laws may
//! have ended the game otherwise; `runtime::verdict::Finding` compares the two.

use shakmaty::Color;

use super::Game;

/// The `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    Won(Color),
    Drawn,
    /// `*`, no tag, or a value that is not a result.
    Unknown,
}

impl Recorded {
    /// As PGN writes it (`None` for no result).
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Recorded::Won(Color::White) => Some("1-0"),
            Recorded::Won(Color::Black) => Some("0-1"),
            Recorded::Drawn => Some("1/2-1/2"),
            Recorded::Unknown => None,
        }
    }
}

/// The `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// No tag: the record does not say how the game ended.
    Absent,
    /// `normal`: the game ended by the moves or by the players (mate, resignation, agreement, a
    /// claim, ...).
    Normal,
    /// `time forfeit`: a flag fell.
    TimeForfeit,
    /// `abandoned`, `adjudication`, `rules infraction`, `unterminated`, ... or any other value:
    /// an end the record does not let the laws derive.
    Other,
}

/// How the record says the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub result: Recorded,
    pub termination: Termination,
}

impl Record {
    pub fn of(game: &Game) -> Record {
        // PDN records a draughts game in points of two (`2-0`, `1-1`, `0-2`): the same results.
        let draughts = game.kind == crate::games::GameKind::RussianDraughts;
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
        Record {
            result,
            termination,
        }
    }
}
