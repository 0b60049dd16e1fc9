//! The game's events as typed values: the event commands a record gives (`[%claim threefold
//! Nf3]`, `[%offer white]`, ...) and its clock readings, each at its ply, in the order given.
//! `pgn::events` reads them from PGN comments; another producer builds them as they are.

use shakmaty::{Color, Square};

/// A claim of a draw (`[%claim ...]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    Threefold,
    Fifty,
}

impl ClaimKind {
    pub fn name(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "threefold",
            ClaimKind::Fifty => "fifty",
        }
    }
}

/// What an arbiter's command (`[%arbiter ...]`) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArbiterAct {
    Agree,
    Postpone {
        extra_time: bool,
    },
    Reject,
    Grant,
    Declare {
        draw: bool,
    },
    /// Acts on an illegal move he has observed (A.5.2, 2018's A.4.2).
    Intervene,
}

/// What a `[%illegal ...]` says was done (Article 7.5; the club's irregularities).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// `[%illegal]` after a move: that move was illegal (or irregular), and it stands on the
    /// board as it was made: the record goes on from the position it made. A recorded move that
    /// the laws of the game do not allow is played as made.
    Standing,
    /// `[%illegal promotion]` (chess) or `[%illegal king]` (draughts) after a move: a pawn
    /// promoted, or a man crowned, without the new piece designated (7.5.2); the recorded
    /// piece stands.
    Promotion,
    /// `[%illegal MOVE]`: the player to move completed the illegal move MOVE, and the position
    /// before it has been reinstated: the record goes on from there (7.5.1).
    Reinstated(WrittenMove),
    /// `[%illegal clock]`: the player to move pressed the clock without making a move (7.5.3).
    NoMove,
    /// `[%illegal two-hands]` after a move: it was made with two hands (7.5.4); it stands.
    TwoHands,
}

impl IllegalKind {
    /// Made by the player who has just moved (the move before the command), not by the player
    /// to move.
    pub fn by_mover(&self) -> bool {
        matches!(
            self,
            IllegalKind::Standing | IllegalKind::Promotion | IllegalKind::TwoHands
        )
    }
}

/// Whose flag a `[%flag ...]` says has fallen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flagged {
    Side(Color),
    Both,
}

/// A move written in a command, kept as written: it is checked against the position where the
/// command is ruled on (and a command after the end of the game is not ruled on at all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    pub san: String,
    /// Byte offset of the move in the source (read only when the record has
    /// [`Spans`](super::Spans); 0 in one built as data).
    pub offset: usize,
}

/// One command, its arguments read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Claim {
        kind: ClaimKind,
        intended: Option<WrittenMove>,
    },
    /// `None`: by the player who has just moved.
    Offer(Option<Color>),
    Accept,
    Decline,
    Touch(Square),
    Consent,
    /// `[%clk]` (`side: None`: the side that has just moved) or `[%clock SIDE ...]`.
    Clock {
        side: Option<Color>,
        millis: u64,
    },
    Flag(Flagged),
    /// `None`: by the player to move.
    Resign(Option<Color>),
    Increment,
    /// `side: None`: by the player to move.
    Quickplay {
        side: Option<Color>,
        no_win: bool,
        no_effort: bool,
    },
    Arbiter(ArbiterAct),
    Illegal(IllegalKind),
    /// `None`: by the player to move.
    Correct(Option<Color>),
}

impl Command {
    /// The command's name as written (`clock` for both kinds of clock reading).
    pub fn name(&self) -> &'static str {
        match self {
            Command::Claim { .. } => "claim",
            Command::Offer(_) => "offer",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Touch(_) => "touch",
            Command::Consent => "consent",
            Command::Clock { .. } => "clock",
            Command::Flag(_) => "flag",
            Command::Resign(_) => "resign",
            Command::Increment => "increment",
            Command::Quickplay { .. } => "quickplay",
            Command::Arbiter(_) => "arbiter",
            Command::Illegal(_) => "illegal",
            Command::Correct(_) => "correct",
        }
    }

    /// Whether it is an event of the game (one of `commands::EVENT_COMMANDS`); clock readings
    /// are not.
    pub fn is_event(&self) -> bool {
        !matches!(self, Command::Clock { .. })
    }
}

/// A command where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEvent {
    /// The number of main-line moves before it.
    pub ply: usize,
    /// Its index among the game's event commands, in the order written; `None` for a clock
    /// reading, which is not an event.
    pub index: Option<u32>,
    /// Byte offset of its `[%` in the source (read only when the record has
    /// [`Spans`](super::Spans); 0 in one built as data).
    pub offset: usize,
    pub command: Command,
}
