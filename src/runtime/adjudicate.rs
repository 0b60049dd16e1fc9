//! The driver: replays a recorded game, turns its comments into events, asks the rules about
//! every event, applies precedence and effects, and produces the verdict.
//!
//! Order at each point of the game: first the position that has arisen (automatic clauses),
//! then the events written after the move, in the order written. Nothing here knows a clause:
//! which rules fire, and what they do, comes from `Rules`; this module only carries out effects.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Square};

use super::facts::{Claim, ClaimKind, Ctx, Event};
use super::position::{GameState, OfferFate};
use super::rules::{BookMeta, Effect, Rules, side_name, winners};
use super::verdict::{Arg, Ignored, Ruling, Verdict};
use crate::lang::schema::side_literal;
use crate::pgn::time::TimeControl;
use crate::pgn::{Game, PgnError, commands};
use crate::value::Value;

/// An event command (or a clock reading) found in the game, before it is checked against the
/// position.
struct Pending {
    ply: usize,
    /// Index of the command among the game's event commands, in the order written (clock
    /// readings are not events and have none).
    index: Option<u32>,
    offset: usize,
    command: Command,
}

/// Who an arbiter's command answers, and how.
#[derive(Clone, Copy)]
enum ArbiterAct {
    Agree,
    Postpone { extra_time: bool },
    Reject,
    Grant,
    Declare { draw: bool },
}

/// How a game is adjudicated beyond its record.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Infer a flag fall from a platform export's `[Termination "Time forfeit"]`: when the record
    /// ends without a result from the laws, the side to move at the end has flagged.
    pub infer_flags: bool,
}

enum Command {
    Claim {
        kind: ClaimKind,
        san: Option<(String, usize)>,
    },
    /// `None`: by the player who has just moved.
    Offer(Option<Color>),
    Accept,
    Decline,
    Touch(Square),
    Consent,
    /// `[%clk]` (the side that has just moved: `None`) or `[%clock SIDE ...]`: milliseconds.
    Clock(Option<Color>, i64),
    /// `None`: both flags.
    Flag(Option<Color>),
    Increment,
    Quickplay {
        no_win: bool,
        no_effort: bool,
    },
    Arbiter(ArbiterAct),
    /// `promotion`: an undesignated promotion.
    Illegal {
        promotion: bool,
    },
    /// `None`: by the player to move.
    Correct(Option<Color>),
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Claim { .. } => "claim",
            Command::Offer(_) => "offer",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Touch(_) => "touch",
            Command::Consent => "consent",
            Command::Clock(..) => "clock",
            Command::Flag(_) => "flag",
            Command::Increment => "increment",
            Command::Quickplay { .. } => "quickplay",
            Command::Arbiter(_) => "arbiter",
            Command::Illegal { .. } => "illegal",
            Command::Correct(_) => "correct",
        }
    }
}

pub fn adjudicate<'g>(game: &'g Game, rules: &'g dyn Rules) -> Result<Verdict, PgnError> {
    adjudicate_with(game, rules, Options::default())
}

pub fn adjudicate_with<'g>(
    game: &'g Game,
    rules: &'g dyn Rules,
    options: Options,
) -> Result<Verdict, PgnError> {
    let err = |offset: usize, message: String| PgnError {
        game: game.index,
        offset,
        message,
    };
    let start = start_position(game).map_err(|(o, m)| err(o, m))?;
    let start_turn = (start.turn(), start.fullmoves().get());
    let events = pending_events(game).map_err(|(o, m)| err(o, m))?;
    let params = parameters(game, rules.meta()).map_err(|(o, m)| err(o, m))?;

    let control = time_control(game).map_err(|(o, m)| err(o, m))?;
    let mut state = GameState::new(start);
    state.clocks = crate::runtime::clock::Clocks::new(control);
    let mut a = Adjudication {
        rules,
        state,
        params,
        moves: &game.moves,
        fired: Vec::new(),
        verdict: Verdict {
            file: String::new(),
            game: game.index,
            line: 0,
            white: game.tag("White").map(str::to_string),
            black: game.tag("Black").map(str::to_string),
            result: "*",
            rule: None,
            ended_at_ply: None,
            recorded_result: game.tag("Result").map(str::to_string),
            plies: 0,
            unplayed_moves: 0,
            rulings: Vec::new(),
            ignored_events: Vec::new(),
            offers: Vec::new(),
            scoresheet: String::new(),
            text: String::new(),
            scored: None,
            ending: None,
        },
    };

    let mut ev = events.iter().peekable();
    // The next recorded move, resolved once: it is played at the next ply, and its legality
    // already tells the mechanics that the side to move is neither mated nor stalemated.
    let mut next: Option<Result<Move, String>> = None;
    for ply in 0..=game.moves.len() {
        if ply > 0 {
            let i = ply - 1;
            if a.ended() {
                a.verdict.unplayed_moves += 1;
            } else {
                let at = game.span.sans.get(i).copied().unwrap_or(game.span.start);
                let m = match next.take() {
                    Some(r) => r,
                    None => resolve(a.state.position(), &game.moves[i]),
                }
                .map_err(|m| err(at, m))?;
                a.state.play(m);
                a.verdict.plies = a.state.ply();
                next = game.moves.get(ply).map(|s| resolve(a.state.position(), s));
                if matches!(next, Some(Ok(_))) {
                    a.state.note_legal_move();
                }
                a.position_event(at).map_err(|m| err(at, m))?;
            }
        } else {
            next = game.moves.first().map(|s| resolve(a.state.position(), s));
            if matches!(next, Some(Ok(_))) {
                a.state.note_legal_move();
            }
            a.position_event(game.span.start)
                .map_err(|m| err(game.span.start, m))?;
        }
        while let Some(p) = ev.next_if(|p| p.ply == ply) {
            // Once the game has ended, only a declaration on a result awaiting the arbiter is
            // still ruled on; clock readings are not events.
            let declaration = a.state.proceedings.awaiting
                && matches!(p.command, Command::Arbiter(ArbiterAct::Declare { .. }));
            if a.ended() && !declaration {
                if let Some(index) = p.index {
                    a.verdict.ignored_events.push(Ignored {
                        ply: a.state.ply(),
                        event: p.command.name(),
                        index,
                        offset: p.offset,
                    });
                }
                continue;
            }
            a.command(p).map_err(|(o, m)| err(o, m))?;
        }
    }
    if options.infer_flags
        && !a.ended()
        && game.tag("Termination") == Some("Time forfeit")
        && !events.iter().any(|p| matches!(p.command, Command::Flag(_)))
    {
        // Written nowhere, so it has no index: `command` marks its ruling as inferred.
        let p = Pending {
            ply: game.moves.len(),
            index: None,
            offset: game
                .span
                .tag_offset("Termination")
                .unwrap_or(game.span.start),
            command: Command::Flag(Some(a.state.to_move())),
        };
        a.command(&p).map_err(|(o, m)| err(o, m))?;
    }
    a.verdict.offers = a.state.offers().to_vec();
    a.verdict.scoresheet = scoresheet(game, &start_turn, a.verdict.plies, &a.verdict.offers);
    Ok(a.verdict)
}

/// The moves played in PGN move-number style, with (=) after the move where a draw was offered.
fn scoresheet(
    game: &Game,
    start: &(Color, u32),
    plies: u32,
    offers: &[super::position::OfferRecord],
) -> String {
    let (mut turn, mut number) = *start;
    let mut out = String::new();
    let mark = |ply: u32, out: &mut String| {
        if offers.iter().any(|o| o.ply == ply) {
            out.push_str(" (=)");
        }
    };
    mark(0, &mut out);
    for (i, m) in game.moves.iter().take(plies as usize).enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        match turn {
            Color::White => out.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => out.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        out.push_str(&m.to_string());
        mark(i as u32 + 1, &mut out);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    out.trim_start().to_string()
}

struct Adjudication<'r> {
    rules: &'r dyn Rules,
    state: GameState,
    params: Vec<Value>,
    /// The moves as recorded (to name the last one in rulings, as it was written).
    moves: &'r [pgn_reader::SanPlus],
    fired: Vec<u16>,
    verdict: Verdict,
}

impl Adjudication<'_> {
    fn ended(&self) -> bool {
        self.verdict.ended_at_ply.is_some()
    }

    fn position_event(&mut self, offset: usize) -> Result<(), String> {
        if let Some(r) = self.rule(&Event::Position, offset)? {
            self.record(r)?;
        }
        self.state.requirement_checked();
        Ok(())
    }

    /// Turn a command into an event (checking it against the position) and rule on it.
    fn command(&mut self, p: &Pending) -> Result<(), (usize, String)> {
        let to_move = self.state.to_move();
        let mover = self.state.last_move().map(|_| !to_move);
        let offerer = self.state.pending_offer();
        let event = match &p.command {
            Command::Claim { kind, san } => {
                let intended = match san {
                    None => None,
                    Some((s, at)) => {
                        Some(intended_move(self.state.position(), s).map_err(|m| (*at, m))?)
                    }
                };
                Event::Claim(Claim {
                    kind: *kind,
                    by: to_move,
                    intended,
                })
            }
            Command::Offer(side) => match side {
                Some(by) => Event::Offer { by: *by },
                None if mover.is_some() => Event::Offer { by: !to_move },
                None => {
                    return Err((
                        p.offset,
                        "`[%offer]` before any move: no player has just moved; write `[%offer white]` or `[%offer black]`".into(),
                    ));
                }
            },
            Command::Accept => Event::Accept {
                by: offerer.map_or(to_move, |o| !o),
            },
            Command::Decline => Event::Decline {
                by: offerer.map_or(to_move, |o| !o),
            },
            Command::Touch(sq) => {
                if self.state.position().board().piece_at(*sq).is_none() {
                    return Err((
                        p.offset,
                        format!("`[%touch {sq}]`: there is no piece on {sq}"),
                    ));
                }
                self.state.touch();
                Event::Touch { by: to_move }
            }
            Command::Consent => {
                self.state.give_consent();
                Event::Consent
            }
            Command::Clock(side, millis) => {
                let side = match side.or(mover) {
                    Some(s) => s,
                    None => {
                        return Err((
                            p.offset,
                            "`[%clk]` before any move: no player has just moved; write `[%clock white H:MM:SS]` or `[%clock black H:MM:SS]`".into(),
                        ));
                    }
                };
                self.state.clocks.read(side, *millis);
                return Ok(());
            }
            Command::Flag(Some(by)) => {
                self.state.proceedings.flagged = Some(*by);
                Event::Flag { by: *by }
            }
            Command::Flag(None) => Event::BothFlags,
            Command::Increment => Event::Increment { by: to_move },
            Command::Quickplay { no_win, no_effort } => Event::Quickplay {
                by: to_move,
                no_win: *no_win,
                no_effort: *no_effort,
            },
            Command::Arbiter(act) => match *act {
                ArbiterAct::Agree => Event::ArbiterAgrees,
                ArbiterAct::Postpone { extra_time } => Event::ArbiterPostpones { extra_time },
                ArbiterAct::Reject => Event::ArbiterRejects,
                ArbiterAct::Grant => Event::ArbiterGrants,
                ArbiterAct::Declare { draw } => Event::ArbiterDeclares { draw },
            },
            Command::Illegal { promotion } => {
                let Some(by) = mover else {
                    return Err((
                        p.offset,
                        "`[%illegal]` before any move: no player has just moved".into(),
                    ));
                };
                let opponent_moves = self.state.moves_made(!by);
                self.state
                    .proceedings
                    .note_illegal(by, *promotion, opponent_moves);
                Event::Illegal {
                    by,
                    promotion: *promotion,
                }
            }
            Command::Correct(side) => Event::Correct {
                by: side.unwrap_or(to_move),
            },
        };
        let r = self.rule(&event, p.offset).map_err(|m| (p.offset, m))?;
        let mut r =
            r.unwrap_or_else(|| Ruling::none(self.state.ply(), event.kind().name(), p.offset));
        if let Event::Claim(c) = &event {
            r.claim = Some(c.kind);
            r.intended_move = match &p.command {
                Command::Claim { san, .. } => san.as_ref().map(|(s, _)| s.clone()),
                _ => None,
            };
        }
        r.by = event.by().map(side_name);
        r.index = p.index;
        // Every event written in the record has an index; one without was inferred.
        r.inferred = p.index.is_none();
        self.record(r).map_err(|m| (p.offset, m))?;
        Ok(())
    }

    /// Ask the rules about one event; `None` when no rule fired.
    fn rule(&mut self, event: &Event, offset: usize) -> Result<Option<Ruling>, String> {
        let meta: &BookMeta = self.rules.meta();
        let mut cx = Ctx {
            state: &mut self.state,
            event,
            params: &self.params,
        };
        self.fired.clear();
        self.rules
            .fired(event.kind(), &mut cx, &mut self.fired)
            .map_err(|e| format!("evaluating the rules: {e}"))?;
        if self.fired.is_empty() {
            return Ok(None);
        }
        // Something fired: from here on, the (rare) work of a ruling.
        let win = winners(meta, &self.fired);
        let Some((&primary, others)) = win.split_first() else {
            return Ok(None);
        };
        let mut effects: Vec<Effect> = Vec::new();
        for &r in &win {
            for mut e in self
                .rules
                .effects(r, &mut cx)
                .map_err(|e| format!("evaluating effects: {e}"))?
            {
                if let Effect::RequireMove { san, mv } = &mut e {
                    *san = San::from_move(cx.state.position(), *mv).to_string();
                }
                if !effects.contains(&e) {
                    effects.push(e);
                }
            }
        }
        let mut args: Vec<(String, Arg)> = self
            .rules
            .vars(primary, &mut cx)
            .map_err(|e| format!("evaluating ruling variables: {e}"))?
            .into_iter()
            .map(|(n, v)| (n, arg(cx.state, self.moves, v)))
            .collect();
        // Variables the effects provide (see `EffectSpec::vars`).
        for e in &effects {
            match e {
                Effect::Win { side } => {
                    args.push(("winner".into(), Arg::Str(side_name(*side).into())))
                }
                Effect::AddTime { side, seconds } => {
                    args.push(("added_to".into(), Arg::Str(side_name(*side).into())));
                    args.push(("added".into(), Arg::Duration(*seconds)));
                }
                Effect::RequireMove { san, .. } => {
                    args.push(("required".into(), Arg::Str(san.clone())))
                }
                Effect::SetIncrement { seconds } => {
                    args.push(("increment".into(), Arg::Duration(*seconds)))
                }
                Effect::Score { side } => {
                    args.push(("scored_for".into(), Arg::Str(side_name(*side).into())))
                }
                _ => {}
            }
        }
        let decision = effects.iter().find_map(|e| match e {
            Effect::Uphold => Some("upheld"),
            Effect::Reject => Some("rejected"),
            _ => None,
        });
        let rule_meta = |r: u16| &meta.rules[usize::from(r)];
        let clause_id = |r: u16| meta.clauses[usize::from(rule_meta(r).clause)].id.clone();
        let mut also: Vec<String> = Vec::new();
        for &r in others {
            let id = clause_id(r);
            if id != clause_id(primary) && !also.contains(&id) {
                also.push(id);
            }
        }
        Ok(Some(Ruling {
            ply: self.state.ply(),
            event: event.kind().name(),
            index: None,
            inferred: false,
            claim: None,
            by: None,
            intended_move: None,
            rule: Some(clause_id(primary)),
            also,
            decision,
            effects,
            text: String::new(),
            message: Some(rule_meta(primary).message.clone()),
            args,
            offset,
        }))
    }

    /// Record a ruling and carry out its effects.
    fn record(&mut self, r: Ruling) -> Result<(), String> {
        let result = r.effects.iter().find_map(|e| match e {
            Effect::Draw => Some("1/2-1/2"),
            Effect::Win { side: Color::White } => Some("1-0"),
            Effect::Win { side: Color::Black } => Some("0-1"),
            Effect::AwaitDecision => Some("*"),
            _ => None,
        });
        for e in &r.effects {
            match e {
                // An offer made in the same breath as the end of the game never stands.
                Effect::Offer { .. } if result.is_some() => {}
                Effect::Offer { side } => self.state.record_offer(*side, OfferFate::Pending),
                Effect::VoidOffer { side } => self.state.record_offer(*side, OfferFate::Forbidden),
                Effect::AcceptOffer => self.state.settle_offer(OfferFate::Accepted),
                Effect::DeclineOffer => self.state.settle_offer(OfferFate::Declined),
                Effect::RejectOfferByTouch => self.state.settle_offer(OfferFate::RejectedByTouch),
                Effect::RejectOfferByMove => self.state.settle_offer(OfferFate::RejectedByMove),
                Effect::RequireMove { mv, .. } => self.state.require(*mv),
                Effect::AddTime { side, seconds } => self.state.clocks.add(*side, *seconds),
                Effect::Refer { side } => self.state.proceedings.quickplay = Some((*side, false)),
                Effect::Postpone => {
                    if let Some(q) = &mut self.state.proceedings.quickplay {
                        q.1 = true;
                    }
                }
                Effect::CloseClaim => self.state.proceedings.quickplay = None,
                Effect::RequestIncrement { side } => {
                    self.state.proceedings.increment_request = Some(*side)
                }
                Effect::CloseRequest => self.state.proceedings.increment_request = None,
                Effect::SetIncrement { seconds } => self.state.clocks.grant_increment(*seconds),
                Effect::CorrectIrregularity => self.state.proceedings.irregularity = None,
                Effect::AwaitDecision => self.state.proceedings.awaiting = true,
                Effect::Score { side } => {
                    if self.verdict.result == "1/2-1/2" {
                        self.verdict.result = match side {
                            Color::White => "1-0",
                            Color::Black => "0-1",
                        };
                        self.verdict.scored = r.rule.clone();
                    }
                }
                Effect::Draw
                | Effect::Win { .. }
                | Effect::Uphold
                | Effect::Reject
                | Effect::Irregularity => {}
            }
        }
        let drawn = result == Some("1/2-1/2");
        if let Some(result) = result {
            let decided = result != "*";
            self.verdict.result = result;
            self.verdict.rule = r.rule.clone();
            // A decision on a result awaiting the arbiter keeps the ply where play stopped.
            if !self.state.proceedings.awaiting || self.verdict.ended_at_ply.is_none() {
                self.verdict.ended_at_ply = Some(self.state.ply());
            }
            if decided {
                self.state.proceedings.awaiting = false;
            }
            self.verdict.ending = Some(self.verdict.rulings.len());
            // 9.1.2.1: an offer stays valid until ... the game is concluded in some other way.
            self.state.settle_offer(OfferFate::GameEnded);
        }
        let offset = r.offset;
        self.verdict.rulings.push(r);
        // How a drawn game scores is the rulebook's too (an Armageddon game scores it for Black).
        if drawn && let Some(s) = self.rule(&Event::Drawn, offset)? {
            self.record(s)?;
        }
        Ok(())
    }
}

fn arg(state: &GameState, moves: &[pgn_reader::SanPlus], v: Value) -> Arg {
    match v {
        Value::Bool(b) => Arg::Str(b.to_string()),
        Value::Int(i) | Value::Duration(i) => Arg::Num(i),
        Value::Side(c) => Arg::Str(side_name(c).to_string()),
        Value::Move(m) => Arg::Str(move_name(state, moves, m)),
    }
}

/// A move in SAN, in the position where it was (or will be) made.
fn move_name(state: &GameState, moves: &[pgn_reader::SanPlus], m: Move) -> String {
    // The move just played is named as recorded (move i is played at ply i + 1).
    if state.last_move() == Some(m)
        && let Some(s) = (state.ply() as usize)
            .checked_sub(1)
            .and_then(|i| moves.get(i))
    {
        return s.to_string();
    }
    if let Some(before) = state.before_required()
        && before.is_legal(m)
    {
        return San::from_move(before, m).to_string();
    }
    San::from_move(state.position(), m).to_string()
}

fn resolve(pos: &Chess, san: &pgn_reader::SanPlus) -> Result<Move, String> {
    san.san.to_move(pos).map_err(|e| {
        format!(
            "{} {san} is not a legal move in the position ({e})",
            move_number(pos)
        )
    })
}

fn move_number(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

fn intended_move(pos: &Chess, s: &str) -> Result<Move, String> {
    let san: San = s
        .parse()
        .map_err(|_| format!("`{s}` is not a move in standard algebraic notation"))?;
    san.to_move(pos)
        .map_err(|_| format!("the intended move `{s}` is not legal in the position"))
}

fn start_position(game: &Game) -> Result<Chess, (usize, String)> {
    let Some(fen) = game.tag("FEN") else {
        return Ok(Chess::default());
    };
    let at = game.span.tag_offset("FEN").unwrap_or(game.span.start);
    let fen: Fen = fen
        .parse()
        .map_err(|e| (at, format!("the FEN tag is not a valid FEN: {e}")))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| (at, format!("the FEN tag is not a legal position: {e}")))
}

/// The game's parameters: the rulebook's defaults, overridden by the tags that name them.
fn parameters(game: &Game, meta: &BookMeta) -> Result<Vec<Value>, (usize, String)> {
    meta.params
        .iter()
        .map(|p| {
            let Some((tag, text)) = p
                .tag
                .as_ref()
                .and_then(|t| game.tag(t).map(|v| (t.as_str(), v.trim())))
            else {
                return Ok(p.default.clone());
            };
            let at = game.span.tag_offset(tag).unwrap_or(game.span.start);
            let bad = |what: &str| (at, format!("tag `{tag}` must be {what}, not `{text}`"));
            Ok(match &p.default {
                Value::Bool(_) => Value::Bool(match text.to_ascii_lowercase().as_str() {
                    "yes" | "true" => true,
                    "no" | "false" => false,
                    _ => return Err(bad("`yes` or `no`")),
                }),
                Value::Int(_) => Value::Int(text.parse().map_err(|_| bad("a whole number"))?),
                Value::Duration(_) => {
                    Value::Duration(text.parse().map_err(|_| bad("a number of seconds"))?)
                }
                Value::Side(_) => Value::Side(match text {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => return Err(bad("`white` or `black`")),
                }),
                Value::Move(_) => return Err(bad("a value")),
            })
        })
        .collect()
}

fn millis(v: &str) -> Result<i64, String> {
    crate::pgn::time::clock(v).map(|ms| i64::try_from(ms).unwrap_or(i64::MAX))
}

/// The game's `TimeControl` tag (unknown without one).
fn time_control(game: &Game) -> Result<TimeControl, (usize, String)> {
    let Some(v) = game.tag("TimeControl") else {
        return Ok(TimeControl::Unknown);
    };
    TimeControl::parse(v).map_err(|e| match game.span.tag_offset("TimeControl") {
        // The tag's offset is its value's opening quote.
        Some(at) => (
            at + 1 + e.offset,
            format!("the TimeControl tag: {}", e.message),
        ),
        None => (
            game.span.start,
            format!("the TimeControl tag `{v}`: {}", e.message),
        ),
    })
}

fn pending_events(game: &Game) -> Result<Vec<Pending>, (usize, String)> {
    let mut out = Vec::new();
    let mut events = 0u32;
    for (j, (ply, text)) in game.comments.iter().enumerate() {
        let base = game.span.comments.get(j).map_or(game.span.start, |o| o + 1);
        let cmds = commands::commands(text).map_err(|(k, m)| (base + k, m))?;
        for c in cmds {
            let at = base + c.offset;
            let arg = |i: usize| c.args.get(i).map(|(s, k)| (*s, base + k));
            let max_args = |n: usize| match c.args.get(n) {
                Some((extra, k)) => Err((
                    base + k,
                    format!("unexpected `{extra}` in `[%{} ...]`", c.name),
                )),
                None => Ok(()),
            };
            let command = match c.name {
                "claim" => {
                    let kind = match arg(0) {
                        Some(("threefold", _)) => ClaimKind::Threefold,
                        Some(("fifty", _)) => ClaimKind::Fifty,
                        Some((other, k)) => {
                            return Err((
                                k,
                                format!("unknown claim `{other}`: expected `threefold` or `fifty`"),
                            ));
                        }
                        None => {
                            return Err((
                                at,
                                "`[%claim]` needs a kind: `threefold` or `fifty`".into(),
                            ));
                        }
                    };
                    max_args(2)?;
                    Command::Claim {
                        kind,
                        san: arg(1).map(|(s, k)| (s.to_string(), k)),
                    }
                }
                "offer" => {
                    max_args(1)?;
                    Command::Offer(match arg(0) {
                        None => None,
                        Some((other, k)) => Some(side_literal(other).ok_or((
                            k,
                            format!("`[%offer {other}]`: the side is `white` or `black`"),
                        ))?),
                    })
                }
                "accept" => {
                    max_args(0)?;
                    Command::Accept
                }
                "decline" => {
                    max_args(0)?;
                    Command::Decline
                }
                "touch" => {
                    max_args(1)?;
                    match arg(0) {
                        Some((sq, k)) => Command::Touch(
                            sq.parse()
                                .map_err(|_| (k, format!("`{sq}` is not a square")))?,
                        ),
                        None => {
                            return Err((at, "`[%touch]` needs a square: `[%touch e2]`".into()));
                        }
                    }
                }
                "consent" => {
                    max_args(0)?;
                    Command::Consent
                }
                "clk" => {
                    max_args(1)?;
                    let (v, k) = arg(0)
                        .ok_or((at, "`[%clk]` needs a reading: `[%clk 0:01:30]`".to_string()))?;
                    Command::Clock(None, millis(v).map_err(|m| (k, m))?)
                }
                "clock" => {
                    max_args(2)?;
                    let side =
                        match arg(0) {
                            Some((s, k)) => side_literal(s).ok_or((
                                k,
                                format!("`[%clock {s} ...]`: the side is `white` or `black`"),
                            ))?,
                            None => return Err((
                                at,
                                "`[%clock]` needs a side and a reading: `[%clock black 0:01:30]`"
                                    .into(),
                            )),
                        };
                    let (v, k) = arg(1).ok_or((
                        at,
                        "`[%clock]` needs a reading after the side: `[%clock black 0:01:30]`"
                            .to_string(),
                    ))?;
                    Command::Clock(Some(side), millis(v).map_err(|m| (k, m))?)
                }
                "flag" => {
                    max_args(1)?;
                    match arg(0) {
                        Some(("both", _)) => Command::Flag(None),
                        Some((s, k)) => Command::Flag(Some(side_literal(s).ok_or((k, format!("`[%flag {s}]`: expected `white`, `black` or `both`")))?)),
                        None => return Err((at, "`[%flag]` needs a side: `[%flag white]`, `[%flag black]` or `[%flag both]`".into())),
                    }
                }
                "increment" => {
                    max_args(0)?;
                    Command::Increment
                }
                "quickplay" => {
                    max_args(2)?;
                    let (mut no_win, mut no_effort) = (false, false);
                    for (w, k) in c.args.iter().map(|(w, k)| (*w, base + k)) {
                        match w {
                            "no-win" => no_win = true,
                            "no-effort" => no_effort = true,
                            _ => {
                                return Err((
                                    k,
                                    format!(
                                        "unknown basis `{w}`: expected `no-win` (the opponent cannot win by normal means) or `no-effort` (he is making no effort to)"
                                    ),
                                ));
                            }
                        }
                    }
                    if !no_win && !no_effort {
                        return Err((
                            at,
                            "`[%quickplay]` needs its basis: `no-win`, `no-effort`, or both".into(),
                        ));
                    }
                    Command::Quickplay { no_win, no_effort }
                }
                "arbiter" => {
                    let words: Vec<&str> = c.args.iter().map(|(w, _)| *w).collect();
                    let act = match words[..] {
                        ["agree"] => ArbiterAct::Agree,
                        ["postpone"] => ArbiterAct::Postpone { extra_time: false },
                        ["postpone", "extra-time"] => ArbiterAct::Postpone { extra_time: true },
                        ["reject"] => ArbiterAct::Reject,
                        ["grant"] => ArbiterAct::Grant,
                        ["declare", "draw"] => ArbiterAct::Declare { draw: true },
                        ["declare", "no-draw"] => ArbiterAct::Declare { draw: false },
                        [] => return Err((
                            at,
                            "`[%arbiter]` needs an act: agree, postpone, reject, grant or declare"
                                .into(),
                        )),
                        ["agree" | "postpone" | "reject" | "grant" | "declare", ..] => {
                            // A known act with words it does not take: point at the first.
                            let (w, k) = arg(1).unwrap_or(("", at));
                            return Err((
                                k,
                                format!(
                                    "unexpected `{w}` in `[%arbiter ...]`: the acts are `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw` and `declare no-draw`"
                                ),
                            ));
                        }
                        [w, ..] => {
                            let k = arg(0).map_or(at, |(_, k)| k);
                            return Err((
                                k,
                                format!(
                                    "unknown arbiter's act `{w}`: expected agree, postpone, reject, grant or declare"
                                ),
                            ));
                        }
                    };
                    Command::Arbiter(act)
                }
                "illegal" => {
                    max_args(1)?;
                    match arg(0) {
                        None => Command::Illegal { promotion: false },
                        Some(("promotion", _)) => Command::Illegal { promotion: true },
                        Some((w, k)) => {
                            return Err((
                                k,
                                format!(
                                    "`[%illegal {w}]`: expected `[%illegal]` or `[%illegal promotion]`"
                                ),
                            ));
                        }
                    }
                }
                "correct" => {
                    max_args(1)?;
                    match arg(0) {
                        None => Command::Correct(None),
                        Some((s, k)) => Command::Correct(Some(side_literal(s).ok_or((
                            k,
                            format!("`[%correct {s}]`: the side is `white` or `black`"),
                        ))?)),
                    }
                }
                _ => continue,
            };
            let index = commands::EVENT_COMMANDS.contains(&c.name).then(|| {
                events += 1;
                events - 1
            });
            out.push(Pending {
                ply: *ply,
                index,
                offset: at,
                command,
            });
        }
    }
    Ok(out)
}
