//! The messages of the conformance protocol (conformance/PROTOCOL.md), one JSON object per line.
//! The JSON Schemas in `conformance/protocol/` describe the same messages for other languages;
//! a test checks that these types and those schemas agree.

use std::io::{self, BufRead, Read};

use serde::{Deserialize, Serialize};

/// The protocol version this runner speaks. Bumped on any incompatible change.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest message line, in bytes without its `\n`, that either side reads: the runner from
/// an implementation, `arbiter serve` from a runner (conformance/PROTOCOL.md, "Limits"). Far
/// above any real message (the suite's largest request and verdict are a few kilobytes; a
/// verdict with 200,000 rulings fits), it bounds what a program without a newline can make the
/// reader hold.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// One line read by `read_line`.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// The line's bytes, without its `\n` (the last line of the input may lack one).
    Line(Vec<u8>),
    /// More than the limit without a newline: the limit and one byte more are consumed, the rest
    /// of the line is not (`skip_line` consumes it).
    TooLong,
    /// The end of the input.
    End,
}

/// Read one line of at most `max` bytes (without its `\n`), never holding more than `max + 1`.
pub fn read_line<R: BufRead>(r: &mut R, max: usize) -> io::Result<ReadLine> {
    let mut buf = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    r.take(limit).read_until(b'\n', &mut buf)?;
    if buf.last() == Some(&b'\n') {
        buf.pop();
        Ok(ReadLine::Line(buf))
    } else if buf.is_empty() {
        Ok(ReadLine::End)
    } else if buf.len() > max {
        Ok(ReadLine::TooLong)
    } else {
        Ok(ReadLine::Line(buf))
    }
}

/// Consume the rest of a line (after `ReadLine::TooLong`), whatever its length, holding none of it.
pub fn skip_line<R: BufRead>(r: &mut R) -> io::Result<()> {
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|b| *b == b'\n') {
            Some(i) => {
                r.consume(i.saturating_add(1));
                return Ok(());
            }
            None => {
                let n = chunk.len();
                r.consume(n);
            }
        }
    }
}

/// What the runner sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Command {
    /// The first message: the runner's protocol version. Answered by `Reply::Hello`.
    Hello { protocol: u32 },
    /// One scenario to rule on. Answered by `Verdict`, `Skipped` or `Errored` with the same
    /// `seq` and `id`.
    /// (Boxed: a request is far larger than the other messages.)
    Run { seq: u64, scenario: Box<Request> },
    /// The last message: exit. Not answered.
    Stop,
}

/// A scenario as the implementation sees it: every expectation removed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Request {
    /// The scenario's id (its path below `conformance/`).
    pub id: String,
    /// The rulebook the scenario is written for (`fide-2018`).
    pub rulebook: String,
    /// The game as PGN, with the `Expect*`, `Clauses`, `Features`, `Description` and
    /// `Derivation` tags (and their translations, `DescriptionRu`, ...) and every
    /// `[%expect ...]` removed.
    pub pgn: String,
    /// The same game, already parsed.
    pub game: GameRecord,
    /// Whether the game's record says how it ended (the scenario needs `recorded-result`):
    /// when the laws have not ended the game by its last recorded move, its `Result` and
    /// `Termination` tags do (a time forfeit is the loser's flag, a decisive result the loser's
    /// resignation, a draw an agreement). Otherwise the `Result` tag is only what the
    /// scoresheet says, which the laws may contradict.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub record: bool,
    /// For a rulebook compiled on each edition of the FIDE Laws (`club`): the edition to rule
    /// with, whatever the game's date (a scenario of that edition's suite, inherited). Absent:
    /// the edition in force on the game's `Date` tag (the newest without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
}

/// A parsed game: what an adapter needs without a PGN parser of its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game played: `chess` or `russian-draughts` (a PDN `[GameType "25"]`), the names of
    /// `games::GameKind`.
    pub game: String,
    /// The tags in file order, as `[name, value]` pairs.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag), or null for the standard start.
    pub fen: Option<String>,
    /// The recorded main-line moves as written: SAN for chess, PDN (`c3-d4`, `c3:e5:c7`) for
    /// draughts.
    pub moves: Vec<String>,
    /// The event commands in the order written.
    pub events: Vec<EventRecord>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EventRecord {
    /// 0-based position among the game's event commands; a verdict's ruling on the event
    /// carries it.
    pub index: u32,
    /// Moves played before the event (0 = in the start position).
    pub ply: u32,
    /// `claim`, `offer`, `accept`, `decline`, `touch` or `consent`.
    pub command: String,
    /// The command's words after its name: `["threefold", "Nf3"]`, `["e2"]`, `[]`.
    pub args: Vec<String>,
}

/// What the implementation sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Reply {
    Hello {
        protocol: u32,
        implementation: Implementation,
    },
    Verdict {
        seq: u64,
        id: String,
        verdict: serde_json::Value,
    },
    Skipped {
        seq: u64,
        id: String,
        reason: String,
    },
    Errored {
        seq: u64,
        id: String,
        message: String,
        #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
        context: serde_json::Value,
    },
}

/// Who answers: shown in every report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Implementation {
    pub name: String,
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
    /// The rulebooks it rules under (`["fide-2018"]`).
    pub rulebooks: Vec<String>,
    /// The features it supports (conformance/PROTOCOL.md lists them).
    pub features: Vec<String>,
    /// The games it plays (`["chess", "russian-draughts"]`); an implementation that names none
    /// plays chess alone. A scenario of another game is not applicable.
    #[serde(default = "chess_only")]
    pub games: Vec<String>,
}

/// The games of an implementation that names none: chess, the protocol's first game.
pub fn chess_only() -> Vec<String> {
    vec![crate::games::GameKind::Chess.name().to_string()]
}

/// The part of a verdict the runner compares (the shape of `arbiter adjudicate --format json`;
/// other fields are allowed and ignored).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Verdict {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the laws have not ended the game.
    pub result: String,
    /// The clause that ended the game.
    pub rule: Option<String>,
    pub ended_at_ply: Option<u32>,
    #[serde(default)]
    pub unplayed_moves: Option<u32>,
    #[serde(default)]
    pub rulings: Vec<Ruling>,
    #[serde(default)]
    pub ignored_events: Vec<IgnoredEvent>,
    #[serde(default)]
    pub offers: Vec<Offer>,
    /// The edition of the Laws that ruled (`fide-2018`), for a rulebook over them.
    #[serde(default)]
    pub edition: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Ruling {
    pub ply: u32,
    /// `position`, or the event command ruled on.
    pub event: String,
    /// The event's index (absent for `position`).
    #[serde(default)]
    pub index: Option<u32>,
    pub rule: Option<String>,
    /// `upheld` or `rejected`, for claims.
    #[serde(default)]
    pub decision: Option<String>,
    /// What the ruling does; only `add_time` (`{"type": "add_time", "side", "seconds"}`) is
    /// compared, when a scenario states the time added.
    #[serde(default)]
    pub effects: Vec<serde_json::Value>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct IgnoredEvent {
    pub ply: u32,
    pub event: String,
    pub index: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Offer {
    pub ply: u32,
    pub by: String,
    pub fate: String,
}

#[cfg(test)]
mod tests {
    use super::{ReadLine, read_line, skip_line};

    #[test]
    fn lines_are_read_up_to_the_limit_and_no_further() {
        let mut r: &[u8] = b"abc\n\nabcdef\nxyz";
        assert_eq!(
            read_line(&mut r, 3).ok(),
            Some(ReadLine::Line(b"abc".to_vec()))
        );
        assert_eq!(read_line(&mut r, 3).ok(), Some(ReadLine::Line(vec![])));
        assert_eq!(read_line(&mut r, 3).ok(), Some(ReadLine::TooLong));
        // Four bytes were taken; the rest of the long line is skipped, the next line is whole.
        assert_eq!(r, b"ef\nxyz");
        assert!(skip_line(&mut r).is_ok());
        assert_eq!(
            read_line(&mut r, 3).ok(),
            Some(ReadLine::Line(b"xyz".to_vec()))
        );
        assert_eq!(read_line(&mut r, 3).ok(), Some(ReadLine::End));
    }
}
