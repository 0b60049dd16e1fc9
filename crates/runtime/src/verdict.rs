//! What the adjudicator says about a game: the verdict and its rulings, typed. The texts are not
//! here: `render` explains a verdict in a language, and the JSON output is the verdict's fields
//! (`Verdict::json`) with those texts beside them.

use crate::record::Movetext;
use serde::{Serialize, Serializer};
use shakmaty::Color;

use super::analysis::Evidence;
use super::position::OfferRecord;
use super::rules::{Effect, FieldValue, ser_side, side_name};
use crate::games::GameKind;
use crate::lang::schema::EventKind;
use crate::record::events::ClaimKind;

/// A ruling variable, ready for Fluent.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Num(i64),
    Str(String),
    /// Seconds, said in words of the reader's language.
    Duration(i64),
}

impl From<FieldValue<'_>> for Arg {
    /// An effect's field as a ruling variable (a side by its name, a move by its SAN).
    fn from(v: FieldValue<'_>) -> Arg {
        match v {
            FieldValue::Side(c) => Arg::Str(side_name(c).into()),
            FieldValue::Duration(s) => Arg::Duration(s),
            FieldValue::Move(san) => Arg::Str(san.to_string()),
        }
    }
}

/// The `result` of the JSON output: what the laws make of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// The laws have not ended the game, or its result awaits the arbiter.
    #[serde(rename = "*")]
    Unfinished,
}

impl GameResult {
    pub fn win(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// As PGN writes it: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// As a record of the game `kind` writes it, for people: chess as PGN (`1-0`), Russian
    /// draughts in PDN's points of two (`2-0`, `1-1`, `0-2`). The JSON keeps `as_str` for every
    /// game, as the conformance protocol does.
    pub fn text(self, kind: GameKind) -> &'static str {
        match (kind, self) {
            (GameKind::RussianDraughts, GameResult::WhiteWins) => "2-0",
            (GameKind::RussianDraughts, GameResult::BlackWins) => "0-2",
            (GameKind::RussianDraughts, GameResult::Draw) => "1-1",
            _ => self.as_str(),
        }
    }
}

/// A drawn game that scores as a win (an Armageddon draw scores for Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The clause under which it scores so.
    pub rule: String,
    pub winner: Color,
}

/// How a ruling ended the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Won(Color),
    /// Drawn, and how the draw scores when the rulebook says it scores otherwise.
    Drawn(Option<Scored>),
    /// Play has stopped; the result awaits the arbiter's decision (`*`).
    AwaitingDecision,
}

/// What the laws made of the game: the result together with the clause, the ply and the ruling
/// that decided it, so that they cannot disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The laws have not ended the game: `*`, no rule, no ply.
    Unfinished,
    Ended {
        end: End,
        /// The clause that ended the game.
        rule: String,
        /// Plies played when it ended (0 = before any move).
        ply: u32,
        /// Index of the ruling that ended it in `Verdict::rulings`.
        ruling: usize,
    },
}

impl Outcome {
    /// The `result` field: a scored draw is the score.
    pub fn result(&self) -> GameResult {
        match self {
            Outcome::Unfinished => GameResult::Unfinished,
            Outcome::Ended { end, .. } => match end {
                End::Won(side) => GameResult::win(*side),
                End::Drawn(None) => GameResult::Draw,
                End::Drawn(Some(s)) => GameResult::win(s.winner),
                End::AwaitingDecision => GameResult::Unfinished,
            },
        }
    }

    /// The `rule` field: the clause that ended the game.
    pub fn rule(&self) -> Option<&str> {
        match self {
            Outcome::Unfinished => None,
            Outcome::Ended { rule, .. } => Some(rule),
        }
    }

    /// The `ended_at_ply` field.
    pub fn ended_at_ply(&self) -> Option<u32> {
        match self {
            Outcome::Unfinished => None,
            Outcome::Ended { ply, .. } => Some(*ply),
        }
    }

    /// The `scored` field: the clause under which a drawn game scores otherwise.
    pub fn scored(&self) -> Option<&Scored> {
        match self {
            Outcome::Ended {
                end: End::Drawn(s), ..
            } => s.as_ref(),
            _ => None,
        }
    }

    /// The index of the ruling that ended the game.
    pub fn ruling(&self) -> Option<usize> {
        match self {
            Outcome::Unfinished => None,
            Outcome::Ended { ruling, .. } => Some(*ruling),
        }
    }
}

/// How the recorded result compares with what the laws made of the game: exactly one per game
/// (`arbiter audit` counts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Finding {
    /// The laws give the recorded result, established by the moves, the events written, or the
    /// record's `Termination` tag.
    Agrees,
    /// The laws ended the game before its last recorded move, with the recorded result (or
    /// with none yet: the result awaits the arbiter).
    EndedEarlier,
    /// The laws give another result than the record, whatever the reason: a different end, or
    /// an end before the last recorded move with another result. Every record whose result the
    /// laws change is here.
    Contradicts,
    /// The result rests on the recorded result alone: the record has no `Termination` tag, so
    /// a resignation or an agreement is assumed.
    Assumed,
    /// The laws ended the game; the record states no result (`*` or no `Result` tag).
    Unrecorded,
    /// The laws have not ended the game and the record does not let them (no result recorded,
    /// an end the laws do not model such as an abandoned game), or the result awaits the
    /// arbiter.
    NotDerivable,
}

impl Finding {
    /// Every finding, in the order reports list them.
    pub const ALL: [Finding; 6] = [
        Finding::Agrees,
        Finding::EndedEarlier,
        Finding::Contradicts,
        Finding::Assumed,
        Finding::Unrecorded,
        Finding::NotDerivable,
    ];

    /// Its name in the JSON output and the locale files (`finding-NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Finding::Agrees => "agrees",
            Finding::EndedEarlier => "ended-earlier",
            Finding::Contradicts => "contradicts",
            Finding::Assumed => "assumed",
            Finding::Unrecorded => "unrecorded",
            Finding::NotDerivable => "not-derivable",
        }
    }

    /// The finding for a verdict whose game recorded `recorded` (`None`: no result).
    pub fn of(v: &Verdict, recorded: Option<GameResult>) -> Finding {
        let result = v.outcome.result();
        let differs = result != GameResult::Unfinished && recorded.is_some_and(|r| r != result);
        if differs {
            Finding::Contradicts
        } else if v.unplayed_moves > 0 {
            Finding::EndedEarlier
        } else if result == GameResult::Unfinished {
            Finding::NotDerivable
        } else if recorded.is_none() {
            Finding::Unrecorded
        } else if v.ending().is_some_and(|r| r.assumed) {
            Finding::Assumed
        } else {
            Finding::Agrees
        }
    }
}

/// A claim's (request's, demand's) fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Upheld,
    Rejected,
}

fn ser_event<S: Serializer>(e: &EventKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(e.name())
}

fn ser_opt_side<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => ser_side(c, s),
        None => s.serialize_none(),
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Ruling {
    /// Plies played when the event happened.
    pub ply: u32,
    /// `position` (a position arose), `drawn`, or the event of a command.
    #[serde(serialize_with = "ser_event")]
    pub event: EventKind,
    /// For an event command: its index among the game's event commands, in the order written
    /// (0-based). Absent on rulings on positions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
    /// Inferred from the record rather than written in it (a flag from `[Termination "Time
    /// forfeit"]`, a resignation or an agreement from the `Result`; `runtime::adjudicate`'s
    /// `Options::record`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub inferred: bool,
    /// Inferred from the recorded result alone: the record has no `Termination` tag to say
    /// the game ended by the players (a resignation or an agreement is then assumed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub assumed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimKind>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "ser_opt_side"
    )]
    pub by: Option<Color>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intended_move: Option<String>,
    /// The clause cited, or null when no clause answered the event.
    pub rule: Option<String>,
    /// Other clauses that fired and agree with the one cited.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    pub effects: Vec<Effect>,
    /// What the unwinnability engine found, when the rules read it for this event (a helpmate
    /// line, the tier that proved a side cannot checkmate, or the budget spent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Box<Evidence>>,
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
    pub fn none(ply: u32, event: EventKind, offset: usize) -> Ruling {
        Ruling {
            ply,
            event,
            index: None,
            inferred: false,
            assumed: false,
            claim: None,
            by: None,
            intended_move: None,
            rule: None,
            also: vec![],
            decision: None,
            effects: vec![],
            evidence: None,
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
    /// The command's name (`arbiter` for every `[%arbiter ...]`).
    pub event: &'static str,
    /// Index of the event command among the game's event commands (as in `Ruling::index`).
    pub index: u32,
    #[serde(skip)]
    pub offset: usize,
}

#[derive(Clone, Debug)]
pub struct Verdict {
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: usize,
    /// 1-based line where the game starts.
    pub line: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    pub outcome: Outcome,
    /// The game played (results are written in its form for people: `GameResult::text`).
    pub kind: GameKind,
    pub recorded_result: Option<String>,
    /// The recorded result read (`None`: none, or not a result of the game).
    pub recorded: Option<GameResult>,
    /// How the recorded result compares with the laws' (set once the game is ruled on).
    pub finding: Finding,
    /// Plies played.
    pub plies: u32,
    /// Recorded moves after the end of the game, not played.
    pub unplayed_moves: u32,
    pub rulings: Vec<Ruling>,
    pub ignored_events: Vec<Ignored>,
    /// Every draw offer, with its ply and its fate (9.1.2.2).
    pub offers: Vec<OfferRecord>,
    /// The moves played, written out (with (=) where a draw was offered, 9.1.2.2) only when a
    /// text needs them.
    pub scoresheet: Scoresheet,
    /// The rulebook and edition that ruled, and why that edition (set when the game is ruled
    /// on under a `Law`).
    pub edition: Option<super::edition::EditionRuled>,
    /// Which of the law's rulebooks ruled (its index; 0 under a single rulebook).
    pub book: usize,
}

/// The moves played, from the position the game started in.
#[derive(Clone, Debug, Default)]
pub struct Scoresheet {
    /// Who moved first, and the number of that move (1 unless a FEN says otherwise).
    pub first: Option<(Color, u32)>,
    pub moves: Movetext,
    /// Who made each move and its number, when the record has illegal moves (a move taken
    /// back is followed by another of the same player, under the same number); empty otherwise,
    /// the sides alternating from `first`.
    pub numbers: Vec<(Color, u32)>,
}

impl Scoresheet {
    /// The move that made ply `ply` (1 is the first move of the record), with its number as a
    /// player reads it: `61.Re3+`, `60…Rd5`. `None` for ply 0 (the start position) or past the
    /// moves played.
    pub fn move_at(&self, ply: u32) -> Option<String> {
        let i = usize::try_from(ply.checked_sub(1)?).ok()?;
        let m = self.moves.text(i)?;
        if let Some(&(side, number)) = self.numbers.get(i) {
            return Some(match side {
                Color::White => format!("{number}.{m}"),
                Color::Black => format!("{number}…{m}"),
            });
        }
        let (turn, first) = self.first.unwrap_or((Color::White, 1));
        // Plies before this move, counted from a White move (a record that starts with Black's
        // move is one ply into its first move number).
        let from_white = u64::try_from(i).ok()? + u64::from(turn == Color::Black);
        let number = u64::from(first) + from_white / 2;
        Some(if from_white % 2 == 0 {
            format!("{number}.{m}")
        } else {
            format!("{number}…{m}")
        })
    }

    /// The moves in PGN move-number style, with (=) after the move where a draw was offered.
    pub fn text(&self, offers: &[OfferRecord]) -> String {
        use std::fmt::Write;
        let (mut turn, first) = self.first.unwrap_or((Color::White, 1));
        // Wide enough that no move number of a FEN can overflow.
        let mut number = u64::from(first);
        let mut out = String::with_capacity(self.moves.len() * 7);
        let offered = |ply: usize| offers.iter().any(|o| o.ply as usize == ply);
        if offered(0) {
            out.push_str("(=)");
        }
        for (i, m) in self.moves.texts().into_iter().enumerate() {
            if !out.is_empty() {
                out.push(' ');
            }
            if let Some(&(side, n)) = self.numbers.get(i) {
                // Numbered as played: a move taken back and made again keeps its number.
                let _ = match side {
                    Color::White => write!(out, "{n}. {m}"),
                    Color::Black => write!(out, "{n}... {m}"),
                };
                if offered(i + 1) {
                    out.push_str(" (=)");
                }
                continue;
            }
            // Writing to a String cannot fail.
            let _ = match turn {
                Color::White => write!(out, "{number}. {m}"),
                Color::Black if i == 0 => write!(out, "{number}... {m}"),
                Color::Black => write!(out, "{m}"),
            };
            if offered(i + 1) {
                out.push_str(" (=)");
            }
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
        }
        out
    }
}

impl Verdict {
    /// The ruling that ended the game.
    pub fn ending(&self) -> Option<&Ruling> {
        self.outcome.ruling().and_then(|i| self.rulings.get(i))
    }

    /// The JSON output's shape, with the texts of a rendering (`render::Explained`): one per
    /// ruling, then the verdict's; without them, the same fields minus the texts.
    pub fn json<'v>(&'v self, texts: Option<Texts<'v>>) -> Json<'v> {
        let o = &self.outcome;
        let text = |i: usize| texts.and_then(|t| t.rulings.get(i)).map(String::as_str);
        Json {
            file: &self.file,
            game: self.game,
            line: self.line,
            white: self.white.as_deref(),
            black: self.black.as_deref(),
            result: o.result(),
            rule: o.rule(),
            ended_at_ply: o.ended_at_ply(),
            recorded_result: self.recorded_result.as_deref(),
            finding: self.finding,
            plies: self.plies,
            unplayed_moves: self.unplayed_moves,
            rulings: (self.rulings.iter().enumerate())
                .map(|(i, ruling)| RulingJson {
                    ruling,
                    text: text(i),
                })
                .collect(),
            ignored_events: &self.ignored_events,
            offers: &self.offers,
            scoresheet: self.scoresheet.text(&self.offers),
            scored: o.scored().map(|s| s.rule.as_str()),
            edition: self.edition.as_ref().and_then(|e| e.edition.as_deref()),
            edition_basis: self.edition.as_ref().map(|e| e.basis.name()),
            edition_text: texts.and_then(|t| t.edition),
            text: texts.map(|t| t.verdict),
        }
    }
}

/// Without its texts (`render::Explained` serialises a verdict with them).
impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.json(None).serialize(s)
    }
}

/// A verdict as printed in JSON: the outcome's flat fields, and the texts when rendered.
#[derive(Serialize)]
pub struct Json<'v> {
    file: &'v str,
    game: usize,
    line: usize,
    white: Option<&'v str>,
    black: Option<&'v str>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the laws have not ended the game.
    result: GameResult,
    /// The clause that ended the game.
    rule: Option<&'v str>,
    ended_at_ply: Option<u32>,
    recorded_result: Option<&'v str>,
    /// How the recorded result compares with the laws' (`Finding`).
    finding: Finding,
    plies: u32,
    unplayed_moves: u32,
    rulings: Vec<RulingJson<'v>>,
    #[serde(skip_serializing_if = "<[Ignored]>::is_empty")]
    ignored_events: &'v [Ignored],
    offers: &'v [OfferRecord],
    scoresheet: String,
    /// The clause under which a drawn game scores otherwise (`result` is then that score;
    /// `rule` stays the clause that drew the game).
    #[serde(skip_serializing_if = "Option::is_none")]
    scored: Option<&'v str>,
    /// The edition of the Laws that ruled (`fide-2023`), null for a rulebook of no family.
    edition: Option<&'v str>,
    /// How it was chosen: `date`, `partial-date`, `date-undecided`, `no-date`, `before-oldest`,
    /// `named` (`runtime::edition::Basis`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edition_basis: Option<&'static str>,
    /// Which edition ruled and why, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    edition_text: Option<&'v str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'v str>,
}

/// The texts of a rendering, for the JSON output.
#[derive(Clone, Copy)]
pub struct Texts<'v> {
    /// One per ruling.
    pub rulings: &'v [String],
    /// The verdict's.
    pub verdict: &'v str,
    /// The edition's, when the verdict names one.
    pub edition: Option<&'v str>,
}

#[derive(Serialize)]
struct RulingJson<'v> {
    #[serde(flatten)]
    ruling: &'v Ruling,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'v str>,
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    /// The verdict's JSON, exactly as written (field order included).
    fn json_of(outcome: Outcome, rulings: Vec<Ruling>) -> String {
        let v = Verdict {
            file: "game.pgn".into(),
            game: 1,
            line: 1,
            white: None,
            black: None,
            outcome,
            kind: GameKind::Chess,
            recorded_result: Some("1/2-1/2".into()),
            recorded: Some(GameResult::Draw),
            finding: Finding::Agrees,
            plies: 8,
            unplayed_moves: 0,
            rulings,
            ignored_events: vec![],
            offers: vec![],
            scoresheet: Scoresheet::default(),
            edition: None,
            book: 0,
        };
        serde_json::to_string(&v).unwrap_or_default()
    }

    fn verdict(outcome: Outcome, rulings: Vec<Ruling>) -> Value {
        serde_json::from_str(&json_of(outcome, rulings)).unwrap_or(Value::Null)
    }

    fn ended(end: End) -> Outcome {
        Outcome::Ended {
            end,
            rule: "5.2.3".into(),
            ply: 8,
            ruling: 0,
        }
    }

    #[test]
    fn results_are_pgn_strings() {
        for (r, s) in [
            (GameResult::WhiteWins, "1-0"),
            (GameResult::BlackWins, "0-1"),
            (GameResult::Draw, "1/2-1/2"),
            (GameResult::Unfinished, "*"),
        ] {
            assert_eq!(serde_json::to_value(r).ok(), Some(json!(s)));
            assert_eq!(r.as_str(), s);
        }
        assert_eq!(GameResult::win(Color::Black), GameResult::BlackWins);
    }

    #[test]
    fn decisions_events_and_sides() {
        assert_eq!(
            serde_json::to_string(&[Decision::Upheld, Decision::Rejected]).ok(),
            Some(r#"["upheld","rejected"]"#.into())
        );
        let mut r = Ruling::none(3, EventKind::ArbiterDeclares, 0);
        r.by = Some(Color::Black);
        r.decision = Some(Decision::Rejected);
        let got = serde_json::to_string(&r).unwrap_or_default();
        assert_eq!(
            got,
            r#"{"ply":3,"event":"arbiter_declares","by":"black","rule":null,"decision":"rejected","effects":[]}"#
        );
        r.by = Some(Color::White);
        r.event = EventKind::BothFlags;
        let got = serde_json::to_value(&r).unwrap_or_default();
        assert_eq!(
            (got["by"].clone(), got["event"].clone()),
            (json!("white"), json!("both_flags"))
        );
    }

    #[test]
    fn unfinished_game_has_null_rule_and_ply() {
        let v = verdict(Outcome::Unfinished, vec![]);
        assert_eq!(v["result"], json!("*"));
        assert_eq!(v["rule"], Value::Null);
        assert_eq!(v["ended_at_ply"], Value::Null);
        assert!(v.get("rule").is_some() && v.get("ended_at_ply").is_some());
        assert!(v.get("scored").is_none() && v.get("text").is_none());
    }

    #[test]
    fn each_end_gives_its_result() {
        for (end, result) in [
            (End::Won(Color::White), "1-0"),
            (End::Won(Color::Black), "0-1"),
            (End::Drawn(None), "1/2-1/2"),
            (End::AwaitingDecision, "*"),
        ] {
            let v = verdict(ended(end), vec![]);
            assert_eq!(v["result"], json!(result));
            assert_eq!(
                (v["rule"].clone(), v["ended_at_ply"].clone()),
                (json!("5.2.3"), json!(8))
            );
            assert!(v.get("scored").is_none());
        }
    }

    #[test]
    fn scored_armageddon_draw() {
        let end = End::Drawn(Some(Scored {
            rule: "arm.1".into(),
            winner: Color::Black,
        }));
        let o = ended(end);
        assert_eq!(o.result(), GameResult::BlackWins);
        assert_eq!(o.scored().map(|s| s.rule.as_str()), Some("arm.1"));
        // The result is the score; the rule stays the clause that drew the game.
        assert_eq!(
            json_of(o, vec![Ruling::none(8, EventKind::Drawn, 0)]),
            concat!(
                r#"{"file":"game.pgn","game":1,"line":1,"white":null,"black":null,"#,
                r#""result":"0-1","rule":"5.2.3","ended_at_ply":8,"recorded_result":"1/2-1/2","#,
                r#""finding":"agrees","#,
                r#""plies":8,"unplayed_moves":0,"#,
                r#""rulings":[{"ply":8,"event":"drawn","rule":null,"effects":[]}],"#,
                r#""offers":[],"scoresheet":"","scored":"arm.1","edition":null}"#
            )
        );
    }

    #[test]
    fn rendered_texts_follow_their_fields() {
        let v = Verdict {
            file: String::new(),
            game: 1,
            line: 1,
            white: None,
            black: None,
            outcome: Outcome::Unfinished,
            kind: GameKind::Chess,
            recorded_result: None,
            recorded: None,
            finding: Finding::NotDerivable,
            plies: 0,
            unplayed_moves: 0,
            rulings: vec![Ruling::none(0, EventKind::Touch, 0)],
            ignored_events: vec![],
            offers: vec![],
            scoresheet: Scoresheet::default(),
            edition: None,
            book: 0,
        };
        let texts = ["no clause".to_string()];
        let got = serde_json::to_string(&v.json(Some(Texts {
            rulings: &texts,
            verdict: "not ended",
            edition: None,
        })))
        .unwrap_or_default();
        assert!(got.ends_with(
            r#""rulings":[{"ply":0,"event":"touch","rule":null,"effects":[],"text":"no clause"}],"offers":[],"scoresheet":"","edition":null,"text":"not ended"}"#
        ), "{got}");
    }
}
