//! The runtime's input: one game as played, already read and checked — the game and its start,
//! the moves, the events, the rule parameters set, the time control, the recorded ending, the
//! date and the players. [`Record`] is all the runtime reads; it knows no file format.
//!
//! `pgn::record::read` is one producer (a PGN or PDN game; every place of the file kept in
//! [`Spans`], so that an error the runtime finds is said where it stands); a program that has
//! the game as data (a tournament server streaming moves) builds one directly with
//! [`Record::chess`] or [`Record::draughts`] and the public fields.

pub mod events;
mod movetext;
pub mod time;

use std::ops::Range;

use shakmaty::{Chess, Color};

use crate::games::GameKind;
use crate::value::Value;

pub use movetext::Movetext;

use events::GameEvent;
use time::TimeControl;

/// One game as played: what the runtime rules on.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game's place in its input, from 1 (0: none), carried into the verdict and errors.
    pub index: usize,
    start: Start,
    moves: Movetext,
    /// The event commands and clock readings, in the order given (each at its ply).
    pub events: Vec<GameEvent>,
    /// The rule parameters the game sets, by name; a parameter not set takes its rulebook's
    /// default, and a name the rulebook has no parameter for is not read.
    pub params: Vec<Setting>,
    pub time_control: TimeControl,
    /// How the record says the game ended.
    pub ending: Ending,
    /// The result as written (PGN's `Result` tag), shown in the verdict as it is.
    pub result: Option<String>,
    /// The date the game was played, as PGN writes it (`2024.05.17`, `2019.??.??`): read only
    /// when the edition of the laws in force on it is chosen.
    pub date: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    /// Where each part stands in the source the record was read from; `None` for a record
    /// built as data (its errors then have no place).
    pub spans: Option<Spans>,
}

impl Record {
    /// A chess game from `start`, its moves in SAN; nothing else set.
    pub fn chess(start: Chess, moves: Vec<shakmaty::san::SanPlus>) -> Record {
        Record::of(Start::Chess(start), Movetext::Chess(moves))
    }

    /// A Russian draughts game from `start`, its moves as PDN writes them (`c3-d4`, `c3:e5:c7`);
    /// nothing else set.
    pub fn draughts(start: crate::draughts::Position, moves: Vec<Box<str>>) -> Record {
        Record::of(Start::Draughts(start), Movetext::Draughts(moves))
    }

    fn of(start: Start, moves: Movetext) -> Record {
        Record {
            index: 0,
            start,
            moves,
            events: Vec::new(),
            params: Vec::new(),
            time_control: TimeControl::Unknown,
            ending: Ending::default(),
            result: None,
            date: None,
            white: None,
            black: None,
            spans: None,
        }
    }

    /// The game played (its start and its moves are of it: the constructors see to that).
    pub fn kind(&self) -> GameKind {
        match self.start {
            Start::Chess(_) => GameKind::Chess,
            Start::Draughts(_) => GameKind::RussianDraughts,
        }
    }

    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The moves, in the game's notation.
    pub fn moves(&self) -> &Movetext {
        &self.moves
    }

    /// Where the source says what has no place of its own: the game's first byte.
    pub fn at(&self) -> Option<usize> {
        self.spans.as_ref().map(|s| s.start)
    }

    /// Where move `i` (from 0) stands, else the game's start.
    pub fn move_at(&self, i: usize) -> Option<usize> {
        let s = self.spans.as_ref()?;
        Some(s.moves.get(i).map_or(s.start, |r| r.start))
    }

    /// Where an event stands: its offset in a record read from a source, none in one built
    /// as data.
    pub fn event_at(&self, offset: usize) -> Option<usize> {
        self.spans.as_ref().map(|_| offset)
    }

    /// An error of this record at `offset`.
    pub fn error(&self, offset: Option<usize>, message: crate::locale::say::Message) -> InputError {
        InputError {
            game: self.index,
            offset,
            message,
        }
    }
}

/// The position a game starts from.
#[derive(Clone, Debug)]
pub enum Start {
    Chess(Chess),
    Draughts(crate::draughts::Position),
}

/// A rule parameter the game sets (`DrawOfferMinMoves`, ...): its name in the rulebook
/// (`params:`), its value, of the type of the parameter's default.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    pub name: String,
    pub value: Value,
    /// Where the source sets it.
    pub at: Option<usize>,
}

/// A rulebook's parameter as a game may set it: its name, its default (whose type the value
/// must have) and the PGN tag that sets it.
#[derive(Clone, Debug)]
pub struct ParamMeta {
    pub name: String,
    pub default: Value,
    pub tag: Option<String>,
}

/// Where a record's parts stand in its source (byte offsets).
#[derive(Clone, Debug, Default)]
pub struct Spans {
    /// The game's first byte: where an error without a place of its own is said.
    pub start: usize,
    /// What says which game it is (PGN: the `GameType` tag's value).
    pub kind: Option<usize>,
    /// Each move.
    pub moves: Vec<Range<usize>>,
    /// What says how the game ended (PGN: the `Termination` tag's value, else the `Result`'s).
    pub ending: Option<usize>,
    /// The date's first character.
    pub date: Option<usize>,
}

/// An error of a record, where it stands in its source when it was read from one.
#[derive(Clone, Debug, PartialEq)]
pub struct InputError {
    /// The record's [`Record::index`].
    pub game: usize,
    pub offset: Option<usize>,
    pub message: crate::locale::say::Message,
}

/// The message alone (its place is `offset`), in the default language's words.
impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for InputError {}

/// The result a record gives (PGN's `Result` tag).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Recorded {
    Won(Color),
    Drawn,
    /// `*`, none, or a value that is not a result.
    #[default]
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

/// How the record says the game ended (PGN's `Termination` tag, the PGN standard's 9.8.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Termination {
    /// The record does not say how the game ended.
    #[default]
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

/// What a game's record says of how it ended. The laws may have ended the game otherwise;
/// `runtime::verdict::Finding` compares the two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ending {
    pub result: Recorded,
    pub termination: Termination,
}
