//! What the adjudicator says about a game: the verdict and its rulings, as printed in JSON.

use serde::Serialize;

use super::position::OfferRecord;
use super::rules::Effect;
use crate::pgn::events::ClaimKind;

/// A ruling variable, ready for Fluent.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Num(i64),
    Str(String),
    /// Seconds, said in words of the reader's language.
    Duration(i64),
}

#[derive(Clone, Debug, Serialize)]
pub struct Ruling {
    /// Plies played when the event happened.
    pub ply: u32,
    /// `position` (a position arose), or the event command: `claim`, `offer`, `accept`,
    /// `decline`, `touch`, `consent`.
    pub event: &'static str,
    /// For an event command: its index among the game's event commands, in the order written
    /// (0-based). Absent on rulings on positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
    /// Inferred from the record rather than written in it (a flag from `[Termination "Time
    /// forfeit"]`, with `--infer-flags`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inferred: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intended_move: Option<String>,
    /// The clause cited, or null when no clause answered the event.
    pub rule: Option<String>,
    /// Other clauses that fired and agree with the one cited.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// `upheld` or `rejected` for claims.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<&'static str>,
    pub effects: Vec<Effect>,
    pub text: String,
    /// The Fluent id of the ruling's message (none when no rule answered).
    #[serde(skip)]
    pub message: Option<String>,
    #[serde(skip)]
    pub args: Vec<(String, Arg)>,
    /// Byte offset of the event in the file (for expectations and errors).
    #[serde(skip)]
    pub offset: usize,
}

impl Ruling {
    /// A ruling on an event that no rule answered.
    pub fn none(ply: u32, event: &'static str, offset: usize) -> Ruling {
        Ruling {
            ply,
            event,
            index: None,
            inferred: false,
            claim: None,
            by: None,
            intended_move: None,
            rule: None,
            also: vec![],
            decision: None,
            effects: vec![],
            text: String::new(),
            message: None,
            args: vec![],
            offset,
        }
    }
}

/// An event made after the game had ended: not ruled on.
#[derive(Clone, Debug, Serialize)]
pub struct Ignored {
    pub ply: u32,
    pub event: &'static str,
    /// Index of the event command among the game's event commands (as in `Ruling::index`).
    pub index: u32,
    #[serde(skip)]
    pub offset: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: usize,
    /// 1-based line where the game starts.
    pub line: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the laws have not ended the game.
    pub result: &'static str,
    /// The clause that ended the game.
    pub rule: Option<String>,
    pub ended_at_ply: Option<u32>,
    pub recorded_result: Option<String>,
    /// Plies played.
    pub plies: u32,
    /// Recorded moves after the end of the game, not played.
    pub unplayed_moves: u32,
    pub rulings: Vec<Ruling>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored_events: Vec<Ignored>,
    /// Every draw offer, with its ply and its fate (9.1.2.2).
    pub offers: Vec<OfferRecord>,
    /// The moves played, with (=) where a draw was offered (9.1.2.2).
    pub scoresheet: String,
    /// The clause under which a drawn game scores otherwise (`result` is then that score; `rule`
    /// stays the clause that drew the game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<String>,
    pub text: String,
    #[serde(skip)]
    pub ending: Option<usize>,
}
