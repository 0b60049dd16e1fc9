//! The driver: replays a game's [`Record`] (the runtime's typed input: `pgn::record` reads one
//! from PGN), turns its events into the rules' events, asks the rules about every event,
//! applies precedence and effects, and produces the verdict.
//!
//! Order at each point of the game: first the position that has arisen (automatic clauses),
//! then the events written after the move, in the order written. Nothing here knows a clause:
//! which rules fire, and what they do, comes from `Rules`; this module only carries out effects.

use crate::lang::limits::MAX_CASCADE;
use crate::locale::say::{self, Message};
use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position, Square};

use super::analysis::{self, Analysis, DeadPlies, DeadStatus, Shown};
use super::facts::{Claim, Ctx, Event, IllegalForm, Intended};
use super::mechanics::Mechanics;
use super::mechanics::any::{AnyGame, AnyMove};
use super::mechanics::chess::ChessMechanics;
use super::position::{GameState, OfferFate};
use super::rules::{BookMeta, Effect, Index, Rules, at, side_name, winners};
use super::verdict::{
    Arg, Decision, End, Finding, GameResult, Ignored, Outcome, Ruling, Scored, Scoresheet, Verdict,
};
use crate::games::GameKind;
use crate::record::events::{ArbiterAct, Command, Flagged, GameEvent, IllegalKind, WrittenMove};
use crate::record::{InputError, Movetext, Record, Recorded, Start, Termination};
use crate::unwinnable::Budget;
use crate::value::Value;

/// How a game is adjudicated beyond its record.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Read how the game ended from the record when the laws have not ended it by the last
    /// recorded move (its [`Record::ending`]): a time forfeit (`[Termination "Time forfeit"]`)
    /// is the loser's flag (the side to move's, without a decisive result), a decisive result
    /// the loser's resignation, a draw a draw agreed. Each such event is marked inferred, and
    /// assumed unless the record says how the game ended (PGN's `Termination` tag).
    pub record: bool,
    /// How the helpmate lines that rulings cite are written out (`--evidence`): results are
    /// the same whatever it says, only the lines differ.
    pub evidence: Shown,
    /// The unwinnability engine's budget for each question (can a side checkmate, is a
    /// position dead); `None` turns the engine off: those facts are then decided by material
    /// alone, exact only where material decides.
    pub analysis: Option<Budget>,
}

impl Default for Options {
    /// The engine on, with [`ANALYSIS_BUDGET`].
    fn default() -> Options {
        Options {
            record: true,
            evidence: Shown::default(),
            analysis: Some(ANALYSIS_BUDGET),
        }
    }
}

/// The default budget of one question: the engine's node and memory budget, and no clock, so
/// that a verdict is the same on every machine (a deadline would make "undetermined" depend on
/// the machine's speed; the node budget bounds the time anyway).
pub const ANALYSIS_BUDGET: Budget = Budget {
    nodes: 2_000_000,
    time: None,
    positions: 400_000,
};

/// An error and where it stands in the record's source (`None`: nowhere, or a record built as
/// data).
type Located = (Option<usize>, Message);

/// Rule on `record` with `rules` and the default [`Options`].
pub fn adjudicate(record: &Record, rules: &dyn Rules) -> Result<Verdict, InputError> {
    adjudicate_with(record, rules, Options::default())
}

/// Rule on `record` under the edition of `law` in force on its date (see
/// [`super::edition::Law::choose`]); the verdict says which, and why.
pub fn adjudicate_law(
    record: &Record,
    law: &super::edition::Law,
    options: Options,
) -> Result<Verdict, InputError> {
    let (book, ruled) = law.choose(record)?;
    let rules = law.books()[book].as_ref();
    let mut verdict = adjudicate_with(record, rules, options)?;
    verdict.edition = Some(ruled);
    verdict.book = book;
    Ok(verdict)
}

/// Whether `meta`'s rulebook is for the game `kind`; what to say when it is not.
pub fn check_game(meta: &BookMeta, kind: GameKind) -> Result<(), Message> {
    if meta.games.contains(kind) {
        return Ok(());
    }
    let games = say::Arg::Join {
        items: meta.games.iter().map(say::game).collect(),
        sep: ", ",
        sorted: false,
    };
    Err(say::game_not_for_rulebook(&meta.id, say::game(kind), games))
}

/// Rule on `record` with `rules`: the game must be one the rulebook is for, and the parameters
/// it sets of their types.
pub fn adjudicate_with(
    record: &Record,
    rules: &dyn Rules,
    options: Options,
) -> Result<Verdict, InputError> {
    let err = |(offset, message): Located| record.error(offset, message);
    let meta = rules.meta();
    check_game(meta, record.kind()).map_err(|m| {
        let at = record.spans.as_ref().and_then(|s| s.kind);
        err((at.or_else(|| record.at()), m))
    })?;
    let start = start_game(record.start());
    let events = &record.events;
    let params = parameters(record, meta).map_err(err)?;
    let run = |analysis: Analysis| {
        let mut state = GameState::new(start.clone());
        state.clocks = crate::clock::Clocks::new(record.time_control.clone());
        state.analysis = analysis;
        play(record, rules, options, events, &params, state).map_err(err)
    };
    let mut analysis = Analysis::new(options.analysis);
    analysis.shown = options.evidence;
    // A record with illegal moves (played as made, or taken back) does not reach its positions
    // by legal moves alone: its dead plies need not be a suffix of the game, and each position
    // a rule asks about is analysed (`DeadPlies::Each`), in one pass.
    if options.analysis.is_some()
        && matches!(start, AnyGame::Chess(_))
        && has_irregularities(events)
    {
        analysis.dead = DeadPlies::Each;
        return Ok(run(analysis)?.0);
    }
    // The first pass finds dead positions by material alone (free at every ply); the questions
    // its rules ask of the engine are answered and kept (see `runtime::analysis`).
    let (verdict, last, analysis) = run(analysis)?;
    // The unwinnability engine is chess's: a draughts game is decided by material alone.
    let (Some(budget), AnyGame::Chess(last), AnyGame::Chess(start), Movetext::Chess(moves)) =
        (options.analysis, &last, &start, record.moves())
    else {
        return Ok(verdict);
    };
    // A mate the record reaches, even after the game has ended, proves every position before
    // it alive: its moves are the helpmate (Article 5.2.2 asks only whether one exists).
    if ends_in_mate(last.position(), moves, verdict.plies) {
        return Ok(verdict);
    }
    // Deadness is monotone along a game: the last position reached answers for all. A side
    // found able to mate there (a ruling's question at the last ply) already makes it alive;
    // the answers found there are not sought again.
    let mut analysis = analysis;
    let (status, nodes) =
        analysis::deadness_given(last.position(), &budget, analysis.known_at(verdict.plies));
    analysis.spend(nodes);
    if status == DeadStatus::Alive {
        return Ok(verdict);
    }
    let positions = positions(start.position(), moves, verdict.plies).map_err(err)?;
    // At least one question's budget, whatever the rulings' questions have spent.
    let left = analysis.left().max(budget.nodes);
    let (ply, status, nodes) = analysis::first_not_alive(&positions, status, &budget, left);
    analysis.spend(nodes);
    let ply = u32::try_from(ply).unwrap_or(u32::MAX);
    // Played again knowing the dead plies: the game may now end earlier, or stop for the
    // arbiter, or end where it did with the engine's proof in place of the material's. The
    // answers found in the first pass hold at the same plies.
    analysis.dead = DeadPlies::From { ply, status };
    Ok(run(analysis)?.0)
}

/// Do the recorded moves after the first `plies` (all legal) lead from `pos` to a checkmate?
fn ends_in_mate(pos: &Chess, moves: &[shakmaty::san::SanPlus], plies: u32) -> bool {
    let mut pos = pos.clone();
    for san in moves.iter().skip(plies as usize) {
        match resolve_san(&pos, san) {
            Ok(m) => pos.play_unchecked(m),
            Err(_) => return false,
        }
    }
    pos.is_checkmate()
}

/// The positions of the game from its start, ply by ply, up to `plies` (moves already checked to
/// be legal by a pass over the game), kept at checkpoints.
fn positions(
    start: &Chess,
    moves: &[shakmaty::san::SanPlus],
    plies: u32,
) -> Result<analysis::Checkpoints, Located> {
    let mut pos = start.clone();
    let mut resolved = Vec::with_capacity(plies as usize);
    for san in moves.iter().take(plies as usize) {
        let m = resolve_san(&pos, san).map_err(|m| (None, m))?;
        pos.play_unchecked(m);
        resolved.push(m);
    }
    Ok(analysis::Checkpoints::new(start, resolved))
}

/// One pass over the game: replay, rule on every event, and the verdict with the last position
/// reached.
fn play(
    record: &Record,
    rules: &dyn Rules,
    options: Options,
    events: &[GameEvent],
    params: &[Value],
    state: GameState,
) -> Result<(Verdict, AnyGame, Analysis), Located> {
    let start_turn = (state.to_move(), state.mechanics().fullmoves());
    let mut a = Adjudication {
        rules,
        state,
        params,
        record,
        fired: Vec::new(),
        assumed: false,
        verdict: empty_verdict(record),
        as_made: as_made_plies(events),
        reinstated: false,
    };
    a.replay(events)?;
    if options.record && !a.ended() && !a.state.proceedings.awaiting {
        a.end_by_record(events)?;
    }
    a.verdict.offers = a.state.offers().to_vec();
    let recorded = match record.ending.result {
        Recorded::Won(side) => Some(GameResult::win(side)),
        Recorded::Drawn => Some(GameResult::Draw),
        Recorded::Unknown => None,
    };
    a.verdict.recorded = recorded;
    a.verdict.finding = Finding::of(&a.verdict, recorded);
    a.verdict.scoresheet = Scoresheet {
        first: Some(start_turn),
        moves: record.moves().prefix(a.verdict.plies as usize),
        numbers: std::mem::take(&mut a.verdict.scoresheet.numbers),
    };
    let analysis = std::mem::take(&mut a.state.analysis);
    Ok((a.verdict, a.state.mechanics().clone(), analysis))
}

/// The verdict before anything is ruled: the game's players and recorded result.
fn empty_verdict(record: &Record) -> Verdict {
    Verdict {
        file: String::new(),
        game: record.index,
        line: 0,
        white: record.white.clone(),
        black: record.black.clone(),
        outcome: Outcome::Unfinished,
        kind: record.kind(),
        recorded_result: record.result.clone(),
        recorded: None,
        finding: Finding::NotDerivable,
        plies: 0,
        unplayed_moves: 0,
        rulings: Vec::new(),
        ignored_events: Vec::new(),
        offers: Vec::new(),
        scoresheet: Scoresheet::default(),
        edition: None,
        book: 0,
    }
}

struct Adjudication<'r> {
    rules: &'r dyn Rules,
    state: GameState,
    params: &'r [Value],
    /// The game (its moves as recorded name the last one in rulings, as it was written).
    record: &'r Record,
    fired: Vec<Index>,
    /// The events inferred from the record rest on its `Result` alone (no `Termination`).
    assumed: bool,
    verdict: Verdict,
    /// The plies whose move the record marks as illegal and standing (`[%illegal]` after
    /// it): played as made.
    as_made: Vec<usize>,
    /// A ruling has just reinstated a position: the next move is resolved in it afresh.
    reinstated: bool,
}

impl Adjudication<'_> {
    fn ended(&self) -> bool {
        matches!(self.verdict.outcome, Outcome::Ended { .. })
    }

    fn position_event(&mut self, offset: usize) -> Result<(), Message> {
        if let Some(r) = self.rule(&Event::Position, offset)? {
            self.record(r)?;
        }
        self.state.requirement_checked();
        Ok(())
    }

    /// Replay the record: at each ply, the move, the position that has arisen, then the events
    /// written after it. A move the record marks as illegal and standing is played as made; a
    /// ruling that reinstates the position before it has the next move read in that position.
    fn replay(&mut self, events: &[GameEvent]) -> Result<(), Located> {
        let record = self.record;
        let moves = record.moves();
        let mut ev = events.iter().peekable();
        // The next recorded move, resolved once: it is played at the next ply, and its legality
        // already tells the mechanics that the side to move is neither mated nor stalemated.
        let mut next: Option<Result<(AnyMove, bool), Message>> = None;
        let numbered = !self.as_made.is_empty() || has_irregularities(events);
        for ply in 0..=moves.len() {
            if let Some(i) = ply.checked_sub(1) {
                if self.ended() {
                    self.verdict.unplayed_moves += 1;
                } else {
                    let at = record.move_at(i);
                    let (m, legal) = match next.take() {
                        Some(r) => r,
                        None => self.resolve_at(moves, i),
                    }
                    .map_err(|m| (at, m))?;
                    if numbered {
                        let mover = self.state.to_move();
                        let number = self.state.next_move_number(mover);
                        self.verdict.scoresheet.numbers.push((mover, number));
                    }
                    if legal {
                        self.state.play(m);
                    } else {
                        self.state.play_illegal(m);
                    }
                    self.verdict.plies = self.state.ply();
                    next = self.resolve_next(moves, ply);
                    // A ruling on the position is placed at its move (0: a record built as data).
                    self.position_event(at.unwrap_or(0)).map_err(|m| (at, m))?;
                }
            } else {
                next = self.resolve_next(moves, 0);
                let at = record.at();
                self.position_event(at.unwrap_or(0)).map_err(|m| (at, m))?;
            }
            while let Some(e) = ev.next_if(|e| e.ply == ply) {
                self.written(e)?;
            }
            if std::mem::take(&mut self.reinstated) {
                next = self.resolve_next(moves, ply);
            }
        }
        Ok(())
    }

    /// Move `i` of the record in the position reached: legal, or, when the record marks it as
    /// illegal and standing, as it was made; whether it is a legal move to play as one. A move
    /// the record marks is played as made even when legal (it is kept to be reinstated).
    fn resolve_at(&self, moves: &Movetext, i: usize) -> Result<(AnyMove, bool), Message> {
        let game = self.state.mechanics();
        let marked = self.as_made.binary_search(&(i + 1)).is_ok();
        let m = match resolve(game, moves, i) {
            Ok(m) => m,
            Err(_) if marked => {
                let text = moves.text(i).unwrap_or_default();
                let number = move_number_of(game.fullmoves(), game.to_move());
                as_made(game, &text).map_err(|why| say::game_as_made(number, &text, why))?
            }
            Err(e) => return Err(e),
        };
        if let AnyMove::Chess(mv) = m
            && mv.capture() == Some(shakmaty::Role::King)
        {
            let number = move_number_of(game.fullmoves(), game.to_move());
            return Err(say::game_king_taken(
                number,
                moves.text(i).unwrap_or_default(),
            ));
        }
        Ok((m, !marked))
    }

    /// Resolve the next recorded move in the position reached; a legal one tells the mechanics
    /// that the side to move has a legal move.
    fn resolve_next(
        &mut self,
        moves: &Movetext,
        i: usize,
    ) -> Option<Result<(AnyMove, bool), Message>> {
        let next = (i < moves.len()).then(|| self.resolve_at(moves, i));
        // A move the record does not mark was resolved among the legal moves; only a marked
        // one needs the mechanics to say whether it is legal.
        if let Some(Ok((m, legal))) = &next
            && (*legal || self.state.mechanics().is_legal(*m))
        {
            self.state.note_legal_move();
        }
        next
    }

    /// The end of a game that the laws have not ended by its last recorded move, as its record
    /// tells it (see [`Options::record`]): one inferred event, ruled on like a written one.
    fn end_by_record(&mut self, events: &[GameEvent]) -> Result<(), Located> {
        let record = self.record.ending;
        let command = match (record.termination, record.result) {
            (Termination::TimeForfeit, result) => {
                if events.iter().any(|e| matches!(e.command, Command::Flag(_))) {
                    return Ok(());
                }
                let side = match result {
                    Recorded::Won(winner) => !winner,
                    _ => self.state.to_move(),
                };
                Some(Command::Flag(Flagged::Side(side)))
            }
            (Termination::Normal | Termination::Absent, Recorded::Won(winner)) => {
                Some(Command::Resign(Some(!winner)))
            }
            // A draw agreed has no command of its own: its offer and acceptance are unwritten.
            (Termination::Normal | Termination::Absent, Recorded::Drawn) => None,
            _ => return Ok(()),
        };
        let at = (self.record.spans.as_ref())
            .and_then(|s| s.ending)
            .or_else(|| self.record.at());
        let offset = at.unwrap_or(0);
        self.assumed = record.termination == Termination::Absent;
        match command {
            // Written nowhere, so it has no index: `command` marks its ruling as inferred.
            Some(command) => self.command(&GameEvent {
                ply: self.record.moves().len(),
                index: None,
                offset,
                command,
            }),
            None => {
                let event = Event::Agreement;
                let r = self.rule(&event, offset).map_err(|m| (at, m))?;
                let mut r = r.unwrap_or_else(|| {
                    Box::new(Ruling::none(self.state.ply(), event.kind(), offset))
                });
                r.inferred = true;
                r.assumed = self.assumed;
                self.record(r).map_err(|m| (at, m))
            }
        }
    }

    /// An event as written in the record: ruled on, or ignored once the game has ended.
    fn written(&mut self, e: &GameEvent) -> Result<(), Located> {
        // Once the game has ended, only a declaration on a result awaiting the arbiter is still
        // ruled on; clock readings are not events.
        let declaration = self.state.proceedings.awaiting
            && matches!(e.command, Command::Arbiter(ArbiterAct::Declare { .. }));
        if self.ended() && !declaration {
            if let Some(index) = e.index {
                self.verdict.ignored_events.push(Ignored {
                    ply: self.state.ply(),
                    event: e.command.name(),
                    index,
                    offset: e.offset,
                });
            }
            return Ok(());
        }
        self.command(e)
    }

    /// Turn a command into an event (checking it against the position) and rule on it.
    fn command(&mut self, e: &GameEvent) -> Result<(), Located> {
        let Some(event) = self.event(e)? else {
            return Ok(());
        };
        let at = self.record.event_at(e.offset);
        let r = self.rule(&event, e.offset).map_err(|m| (at, m))?;
        let mut r =
            r.unwrap_or_else(|| Box::new(Ruling::none(self.state.ply(), event.kind(), e.offset)));
        if let (Event::Claim(c), Command::Claim { intended, .. }) = (&event, &e.command) {
            r.claim = Some(c.kind);
            r.intended_move = intended.as_ref().map(|m| m.san.clone());
        }
        r.by = event.by();
        r.index = e.index;
        // Every event written in the record has an index; one without was inferred.
        r.inferred = e.index.is_none();
        r.assumed = r.inferred && self.assumed;
        self.record(r).map_err(|m| (at, m))?;
        Ok(())
    }

    /// The rules' event for a command, checked against the position, with what the command
    /// itself records in the state; `None` for a clock reading, which is only recorded.
    fn event(&mut self, e: &GameEvent) -> Result<Option<Event>, Located> {
        let at = self.record.event_at(e.offset);
        let to_move = self.state.to_move();
        let mover = self.state.last_move().map(|_| !to_move);
        let offerer = self.state.pending_offer();
        Ok(Some(match &e.command {
            Command::Claim { kind, intended } => Event::Claim(Claim {
                kind: *kind,
                by: to_move,
                intended: match intended {
                    Some(m) => intended_move(self.state.mechanics(), m)
                        .map_err(|why| (self.record.event_at(m.offset), why))?,
                    None => Intended::None,
                },
            }),
            Command::Offer(side) => Event::Offer {
                by: side
                    .or(mover)
                    .ok_or_else(|| (at, say::game_offer_before_move()))?,
            },
            Command::Accept => Event::Accept {
                by: offerer.map_or(to_move, |o| !o),
            },
            Command::Decline => Event::Decline {
                by: offerer.map_or(to_move, |o| !o),
            },
            Command::Touch(sq) => self.touch(*sq, at)?,
            Command::Consent => {
                self.state.give_consent();
                Event::Consent
            }
            Command::Clock { side, millis } => {
                self.clock_reading(side.or(mover), *millis, at)?;
                return Ok(None);
            }
            Command::Flag(Flagged::Side(by)) => {
                self.state.proceedings.flagged = Some(*by);
                Event::Flag { by: *by }
            }
            Command::Flag(Flagged::Both) => Event::BothFlags,
            Command::Resign(side) => Event::Resign {
                by: side.unwrap_or(to_move),
            },
            Command::Increment => Event::Increment { by: to_move },
            Command::Quickplay {
                side,
                no_win,
                no_effort,
            } => Event::Quickplay {
                by: side.unwrap_or(to_move),
                no_win: *no_win,
                no_effort: *no_effort,
            },
            Command::Arbiter(act) => arbiter_event(*act),
            Command::Illegal(kind) => self.illegal(kind, mover, at)?,
            Command::Correct(side) => Event::Correct {
                by: side.unwrap_or(to_move),
            },
        }))
    }

    /// `[%touch SQUARE]`: a piece there is touched by the player to move.
    fn touch(&mut self, sq: Square, offset: Option<usize>) -> Result<Event, Located> {
        if !self.state.mechanics().occupied(sq) {
            return Err((offset, say::game_no_piece(sq.to_string())));
        }
        self.state.touch(sq);
        Ok(Event::Touch {
            by: self.state.to_move(),
        })
    }

    /// A clock reading: `side` is `None` for a `[%clk]` before any move.
    fn clock_reading(
        &mut self,
        side: Option<Color>,
        millis: u64,
        offset: Option<usize>,
    ) -> Result<(), Located> {
        let side = side.ok_or_else(|| (offset, say::game_clk_before_move()))?;
        // Beyond i64 milliseconds (292 million years) a reading is as good as endless.
        self.state
            .clocks
            .read(side, i64::try_from(millis).unwrap_or(i64::MAX));
        Ok(())
    }

    /// `[%illegal ...]`: an illegal or irregular move (or what 7.5.3 and 7.5.4 treat as one),
    /// by the player who has just moved (`mover`) when the move is on the board, else by the
    /// player to move; recorded before it is ruled on.
    fn illegal(
        &mut self,
        kind: &IllegalKind,
        mover: Option<Color>,
        offset: Option<usize>,
    ) -> Result<Event, Located> {
        let form = match kind {
            IllegalKind::Standing => IllegalForm::Standing,
            IllegalKind::Promotion => IllegalForm::Promotion,
            IllegalKind::Reinstated(_) => IllegalForm::Reinstated,
            IllegalKind::NoMove => IllegalForm::NoMove,
            IllegalKind::TwoHands => IllegalForm::TwoHands,
        };
        let by = if kind.by_mover() {
            mover.ok_or_else(|| (offset, say::game_illegal_before_move()))?
        } else {
            self.state.to_move()
        };
        if let IllegalKind::Reinstated(m) = kind {
            self.taken_back(m)?;
        }
        let opponent_moves = self.state.moves_made(!by);
        self.state
            .proceedings
            .note_illegal(by, form == IllegalForm::Promotion, opponent_moves);
        Ok(Event::Illegal { by, form })
    }

    /// `[%illegal MOVE]`: the player to move made the illegal move MOVE, which was taken back.
    /// It must be a move he can make as made and not a legal one; its pieces are the ones he
    /// touched (7.5.1: Articles 4.3 and 4.7 apply to the move replacing it).
    fn taken_back(&mut self, m: &WrittenMove) -> Result<(), Located> {
        let game = self.state.mechanics();
        let at = self.record.event_at(m.offset);
        if intended_move(game, m).is_ok_and(|i| matches!(i, Intended::Legal(_))) {
            return Err((at, say::game_taken_back_legal(&m.san)));
        }
        let made = as_made(game, &m.san).map_err(|why| {
            let number = move_number_of(game.fullmoves(), game.to_move());
            (at, say::game_as_made(number, &m.san, why))
        })?;
        for sq in game.touched_by(made) {
            self.state.touch(sq);
        }
        Ok(())
    }

    /// Ask the rules about one event; `None` when no rule fired. (A ruling is boxed: most plies
    /// have none, and moving the large value through every `Result` costs more than the box.)
    fn rule(&mut self, event: &Event, offset: usize) -> Result<Option<Box<Ruling>>, Message> {
        let meta: &BookMeta = self.rules.meta();
        let mut cx = Ctx {
            state: &mut self.state,
            event,
            params: self.params,
        };
        self.fired.clear();
        cx.state.analysis.begin_event();
        let (name, ply) = (event.kind().name(), cx.state.ply());
        self.rules
            .fired(event.kind(), &mut cx, &mut self.fired)
            .map_err(|e| say::game_evaluating_rules(name, ply, e.to_string()))?;
        // A clause for another game is not asked about this one (rare: most rulebooks are for
        // one game, and most events fire nothing).
        if !self.fired.is_empty() {
            let game = cx.state.mechanics().kind();
            let applies = |r: &Index| {
                meta.clauses[at(meta.rules[at(*r)].clause)]
                    .games
                    .contains(game)
            };
            self.fired.retain(applies);
        }
        if self.fired.is_empty() {
            return Ok(None);
        }
        // Something fired: from here on, the (rare) work of a ruling.
        let win = winners(meta, &self.fired);
        let Some((&primary, others)) = win.split_first() else {
            return Ok(None);
        };
        // The evidence the primary rule read: its condition's, else what its effects and
        // variables read (evaluated first below).
        let mut evidence = cx.state.evidence_of(primary);
        let mut effects: Vec<Effect> = Vec::new();
        for &r in &win {
            cx.state.analysis.forget_consulted();
            for mut e in self
                .rules
                .effects(r, &mut cx)
                .map_err(|e| say::game_evaluating_effects(name, ply, e.to_string()))?
            {
                if let Effect::RequireMove { r#move } = &mut e {
                    r#move.san = cx.state.mechanics().move_text(r#move.mv);
                }
                if !effects.contains(&e) {
                    effects.push(e);
                }
            }
            if r == primary && evidence.is_none() {
                evidence = cx.state.take_evidence();
            }
        }
        cx.state.analysis.forget_consulted();
        let mut args: Vec<(String, Arg)> = self
            .rules
            .vars(primary, &mut cx)
            .map_err(|e| say::game_evaluating_vars(name, ply, e.to_string()))?
            .into_iter()
            .map(|(n, v)| (n, arg(cx.state, self.record.moves(), v)))
            .collect();
        if evidence.is_none() {
            evidence = cx.state.take_evidence();
        }
        args.extend(effect_args(&effects));
        let decision = effects.iter().find_map(|e| match e {
            Effect::Uphold => Some(Decision::Upheld),
            Effect::Reject => Some(Decision::Rejected),
            _ => None,
        });
        let rule_meta = |r: Index| &meta.rules[at(r)];
        let clause_id = |r: Index| meta.clauses[at(rule_meta(r).clause)].id.clone();
        let mut also: Vec<String> = Vec::new();
        for &r in others {
            let id = clause_id(r);
            if id != clause_id(primary) && !also.contains(&id) {
                also.push(id);
            }
        }
        Ok(Some(Box::new(Ruling {
            ply: self.state.ply(),
            event: event.kind(),
            index: None,
            inferred: false,
            assumed: false,
            claim: None,
            by: None,
            intended_move: None,
            rule: Some(clause_id(primary)),
            also,
            decision,
            effects,
            evidence: evidence.map(Box::new),
            message: Some(rule_meta(primary).message.clone()),
            args,
            offset,
        })))
    }

    /// Record a ruling and carry out its effects, then the rulings on the events those effects
    /// raise (a draw raises `drawn`, a position reinstated `reinstated`), in a loop bounded by
    /// `MAX_CASCADE`: the checker refuses a rulebook whose effects raise the event that
    /// triggered them, and whatever rules it is given the runtime neither recurses nor loops
    /// without end.
    fn record(&mut self, r: Box<Ruling>) -> Result<(), Message> {
        let mut queue = std::collections::VecDeque::from([r]);
        let mut raised = 0;
        while let Some(r) = queue.pop_front() {
            let offset = r.offset;
            for event in self.record_one(*r) {
                raised += 1;
                if raised > MAX_CASCADE {
                    return Err(say::game_cascade(MAX_CASCADE, event.kind().name()));
                }
                if let Some(next) = self.rule(&event, offset)? {
                    queue.push_back(next);
                }
            }
        }
        Ok(())
    }

    /// Record one ruling and carry out its effects; the events they raise: a draw raises
    /// `drawn` (how a drawn game scores is the rulebook's too, an Armageddon game scores it for
    /// Black), a position reinstated `reinstated` (7.5.5 decides on it).
    fn record_one(&mut self, r: Ruling) -> Vec<Event> {
        let end = r.effects.iter().find_map(|e| match e {
            Effect::Draw => Some(End::Drawn(None)),
            Effect::Win { side } => Some(End::Won(*side)),
            Effect::AwaitDecision => Some(End::AwaitingDecision),
            _ => None,
        });
        let mut raised = self.carry_out(&r, end.is_some());
        if end == Some(End::Drawn(None)) {
            raised.push(Event::Drawn);
        }
        if let (Some(end), Some(rule)) = (end, &r.rule) {
            self.end(end, rule.clone());
        }
        self.verdict.rulings.push(r);
        raised
    }

    /// The ruling about to be recorded ends the game (`end`, under `rule`).
    fn end(&mut self, end: End, rule: String) {
        let decided = end != End::AwaitingDecision;
        // A decision on a result awaiting the arbiter keeps the ply where play stopped.
        let ply = match &self.verdict.outcome {
            Outcome::Ended { ply, .. } if self.state.proceedings.awaiting => *ply,
            _ => self.state.ply(),
        };
        self.verdict.outcome = Outcome::Ended {
            end,
            rule,
            ply,
            ruling: self.verdict.rulings.len(),
        };
        if decided {
            self.state.proceedings.awaiting = false;
        }
        // 9.1.2.1: an offer stays valid until ... the game is concluded in some other way.
        self.state.settle_offer(OfferFate::GameEnded);
    }

    /// Carry out a ruling's effects on the stores (`ends`: the ruling ends the game); the
    /// events raised besides a draw's.
    fn carry_out(&mut self, r: &Ruling, ends: bool) -> Vec<Event> {
        let mut raised = Vec::new();
        for e in &r.effects {
            match e {
                // An offer made in the same breath as the end of the game never stands.
                Effect::Offer { .. } if ends => {}
                Effect::Offer { side } => self.state.record_offer(*side, OfferFate::Pending),
                Effect::VoidOffer { side } => self.state.record_offer(*side, OfferFate::Forbidden),
                Effect::AcceptOffer => self.state.settle_offer(OfferFate::Accepted),
                Effect::DeclineOffer => self.state.settle_offer(OfferFate::Declined),
                Effect::RejectOfferByTouch => self.state.settle_offer(OfferFate::RejectedByTouch),
                Effect::RejectOfferByMove => self.state.settle_offer(OfferFate::RejectedByMove),
                Effect::RequireMove { r#move } => self.state.require(r#move.mv),
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
                Effect::Reinstate => {
                    if self.state.reinstate() {
                        self.reinstated = true;
                        raised.push(Event::Reinstated {
                            by: self.state.to_move(),
                        });
                    }
                }
                Effect::PenaliseIllegal { side } => self.state.proceedings.penalise(*side),
                Effect::IrregularMove { side } => {
                    let opponent_moves = self.state.moves_made(!*side);
                    (self.state.proceedings).note_illegal(*side, false, opponent_moves);
                }
                Effect::AwaitDecision => self.state.proceedings.awaiting = true,
                Effect::Score { side } => self.score(*side, r.rule.as_deref()),
                Effect::Draw
                | Effect::Win { .. }
                | Effect::Uphold
                | Effect::Reject
                | Effect::Irregularity => {}
            }
        }
        raised
    }

    /// A drawn game scores as a win for `side` under `rule`.
    fn score(&mut self, side: Color, rule: Option<&str>) {
        if let (
            Outcome::Ended {
                end: end @ End::Drawn(None),
                ..
            },
            Some(rule),
        ) = (&mut self.verdict.outcome, rule)
        {
            *end = End::Drawn(Some(Scored {
                rule: rule.to_string(),
                winner: side,
            }));
        }
    }
}

/// The ruling variables the effects provide, as the vocabulary declares them (`win` gives
/// `winner`, `add_time` gives `added_to` and `added`).
fn effect_args(effects: &[Effect]) -> Vec<(String, Arg)> {
    let mut args = Vec::new();
    for e in effects {
        args.extend(
            e.vars()
                .into_iter()
                .map(|(name, v)| (name.into(), Arg::from(v))),
        );
    }
    args
}

fn arg(state: &GameState, moves: &Movetext, v: Value) -> Arg {
    match v {
        Value::Bool(b) => Arg::Str(b.to_string()),
        Value::Int(i) => Arg::Num(i),
        // A time is said in minutes and seconds (`1 min 40 s`), never as a bare number.
        Value::Duration(i) => Arg::Duration(i),
        Value::Side(c) => Arg::Str(side_name(c).to_string()),
        Value::Move(m) => Arg::Str(move_name(state, moves, m)),
    }
}

/// A move in the game's notation, in the position where it was (or will be) made.
fn move_name(state: &GameState, moves: &Movetext, m: AnyMove) -> String {
    // The move just played is named as recorded (move i is played at ply i + 1).
    if state.last_move() == Some(m)
        && let Some(s) = (state.ply() as usize)
            .checked_sub(1)
            .and_then(|i| moves.text(i))
    {
        return s;
    }
    if let Some(before) = state.before_required()
        && before.is_legal(m)
    {
        return before.move_text(m);
    }
    state.mechanics().move_text(m)
}

/// Move `i` of the record, in the position reached before it.
fn resolve(game: &AnyGame, moves: &Movetext, i: usize) -> Result<AnyMove, Message> {
    match (game, moves) {
        (AnyGame::Chess(g), Movetext::Chess(m)) => match m.get(i) {
            Some(san) => resolve_san(g.position(), san).map(AnyMove::Chess),
            None => Err(Message::verbatim("")),
        },
        (AnyGame::Draughts(g), Movetext::Draughts(m)) => match m.get(i) {
            Some(text) => g
                .position()
                .parse_move(text)
                .map(AnyMove::Draughts)
                .map_err(|e| {
                    let number = move_number_of(g.fullmoves(), g.to_move());
                    say::game_illegal_move(number, &**text, draughts_move_error(&e))
                }),
            None => Err(Message::verbatim("")),
        },
        // A record's moves are of its own game (`Record::chess`, `Record::draughts`).
        _ => Err(Message::verbatim("")),
    }
}

fn resolve_san(pos: &Chess, san: &shakmaty::san::SanPlus) -> Result<Move, Message> {
    crate::mechanics::san::to_move(pos, &san.san)
        .map_err(|e| say::game_illegal_move(move_number(pos), san.to_string(), say::san_error(&e)))
}

fn move_number(pos: &Chess) -> String {
    move_number_of(pos.fullmoves().get(), pos.turn())
}

fn move_number_of(number: u32, turn: Color) -> String {
    match turn {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// Why a draughts move's text is no legal move, in the reader's language.
fn draughts_move_error(e: &crate::draughts::MoveError) -> Message {
    use crate::draughts::{Expected, Illegal, MoveError};
    match e {
        MoveError::Syntax { offset, expected } => {
            let expected = match expected {
                Expected::Square => say::draughts_expected_square(),
                Expected::Separator => say::draughts_expected_separator(),
                Expected::End => say::draughts_expected_end(),
            };
            say::draughts_syntax(expected, offset + 1)
        }
        MoveError::Illegal(why) => match *why {
            Illegal::NoPiece(sq) => say::draughts_no_piece(sq.to_string()),
            Illegal::OpponentsPiece(sq) => say::draughts_opponents_piece(sq.to_string()),
            Illegal::CaptureRequired => say::draughts_capture_required(),
            Illegal::NothingToCapture => say::draughts_nothing_to_capture(),
            Illegal::ManBackward => say::draughts_man_backward(),
            Illegal::Occupied(sq) => say::draughts_occupied(sq.to_string()),
            Illegal::Unfinished => say::draughts_unfinished(),
            Illegal::JumpedTwice(sq) => say::draughts_jumped_twice(sq.to_string()),
            Illegal::NoSuchMove => say::draughts_no_such_move(),
        },
        MoveError::Ambiguous { candidates } => {
            let names: Vec<String> = candidates.iter().map(ToString::to_string).collect();
            say::draughts_ambiguous(names.join(", "))
        }
    }
}

/// A claim's intended move, in the position where the claim is made: legal there or not (an
/// illegal or ambiguous move makes the claim incorrect, 9.5.3, a fact the rules read). Only a
/// word that is no move in SAN at all is an error of the record.
fn intended_move(game: &AnyGame, m: &WrittenMove) -> Result<Intended, Message> {
    let s = &m.san;
    match game {
        AnyGame::Chess(g) => {
            let san: San = s.parse().map_err(|_| say::pgn_not_san(s))?;
            Ok(san
                .to_move(g.position())
                .map_or(Intended::NotLegal, |m| Intended::Legal(AnyMove::Chess(m))))
        }
        // A text that is no move at all is an error of the record; an illegal or ambiguous
        // one makes the claim incorrect.
        AnyGame::Draughts(g) => match g.position().parse_move(s) {
            Ok(mv) => Ok(Intended::Legal(AnyMove::Draughts(mv))),
            Err(crate::draughts::MoveError::Syntax { .. }) => Err(say::pdn_not_move(s)),
            Err(_) => Ok(Intended::NotLegal),
        },
    }
}

/// The plies after which the record marks the move just made as illegal and standing
/// (`[%illegal]`), in order.
fn as_made_plies(events: &[GameEvent]) -> Vec<usize> {
    let mut plies: Vec<usize> = events
        .iter()
        .filter(|e| matches!(e.command, Command::Illegal(IllegalKind::Standing)) && e.ply > 0)
        .map(|e| e.ply)
        .collect();
    plies.dedup();
    plies
}

/// Whether the record has illegal moves or demands to correct them: its positions are then
/// not all reached by legal moves, and a position may be reinstated.
fn has_irregularities(events: &[GameEvent]) -> bool {
    events.iter().any(|e| {
        matches!(
            e.command,
            Command::Illegal(_) | Command::Correct(_) | Command::Arbiter(ArbiterAct::Intervene)
        )
    })
}

/// The move `text` (of the game's notation) as the player to move made it, legal or not; the
/// reason, in the reader's language, when it cannot be made at all.
fn as_made(game: &AnyGame, text: &str) -> Result<AnyMove, Message> {
    match game {
        AnyGame::Chess(g) => {
            let san: San = text.parse().map_err(|_| say::pgn_not_san(text))?;
            chess_as_made(g.position(), &san).map(AnyMove::Chess)
        }
        AnyGame::Draughts(g) => {
            use crate::draughts::AsMadeError;
            g.position()
                .move_as_made(text)
                .map(AnyMove::Draughts)
                .map_err(|e| match e {
                    AsMadeError::Syntax { offset, expected } => {
                        draughts_move_error(&crate::draughts::MoveError::Syntax {
                            offset,
                            expected,
                        })
                    }
                    AsMadeError::NoPiece(sq) => say::draughts_no_piece(sq.to_string()),
                    AsMadeError::OpponentsPiece(sq) => {
                        say::draughts_opponents_piece(sq.to_string())
                    }
                    AsMadeError::Occupied(sq) => say::draughts_occupied(sq.to_string()),
                    AsMadeError::NotDiagonal(sq) => say::as_made_not_diagonal(sq.to_string()),
                    AsMadeError::OwnPiece(sq) => say::as_made_own_piece(sq.to_string()),
                })
        }
    }
}

/// A SAN move as the player made it, whatever the laws of chess say of it: the piece of that
/// kind of the side to move that the text names (by its square, or file, or rank; a pawn's
/// non-capture, by its file) goes to the square named, taking what stands there; castling
/// moves the king and the rook of that side. Refused: no such piece or more than one, a square
/// of one's own piece, a king taken.
fn chess_as_made(pos: &Chess, san: &San) -> Result<Move, Message> {
    use shakmaty::{Bitboard, CastlingSide, Role};
    let us = pos.turn();
    let board = pos.board();
    match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut from = board.by_color(us) & board.by_role(role);
            if let Some(f) = file {
                from &= Bitboard::from_file(f);
            } else if role == Role::Pawn && !capture {
                from &= Bitboard::from_file(to.file());
            }
            if let Some(r) = rank {
                from &= Bitboard::from_rank(r);
            }
            // More than one such piece: the one whose way of moving reaches the square (checks
            // and pins aside), when only one does.
            if from.count() > 1 && role != Role::Pawn {
                let piece = shakmaty::Piece { color: us, role };
                let reaching = from
                    .into_iter()
                    .filter(|&sq| {
                        shakmaty::attacks::attacks(sq, piece, board.occupied()).contains(to)
                    })
                    .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq));
                if reaching.count() == 1 {
                    from = reaching;
                }
            }
            let from = match from.count() {
                0 => return Err(say::as_made_no_piece()),
                1 => from.first().ok_or_else(say::as_made_no_piece)?,
                _ => return Err(say::as_made_ambiguous()),
            };
            if from == to {
                return Err(say::as_made_same_square());
            }
            let target = board.piece_at(to);
            match target {
                Some(p) if p.color == us => {
                    return Err(say::as_made_own_piece(to.to_string()));
                }
                Some(p) if p.role == Role::King => {
                    return Err(say::as_made_king(to.to_string()));
                }
                _ => {}
            }
            Ok(Move::Normal {
                role,
                from,
                capture: target.map(|p| p.role),
                to,
                promotion,
            })
        }
        San::Castle(side) => {
            let back = shakmaty::Rank::new(if us == Color::White { 0 } else { 7 });
            let rook_file = match side {
                CastlingSide::KingSide => shakmaty::File::H,
                CastlingSide::QueenSide => shakmaty::File::A,
            };
            let rook = Square::from_coords(rook_file, back);
            let king = board.king_of(us).filter(|k| k.rank() == back);
            let rook_there = board.piece_at(rook)
                == Some(shakmaty::Piece {
                    color: us,
                    role: Role::Rook,
                });
            match king {
                Some(king) if rook_there => Ok(Move::Castle { king, rook }),
                _ => Err(say::as_made_castle()),
            }
        }
        San::Put { .. } | San::Null => Err(say::as_made_not_a_move()),
    }
}

fn arbiter_event(act: ArbiterAct) -> Event {
    match act {
        ArbiterAct::Agree => Event::ArbiterAgrees,
        ArbiterAct::Postpone { extra_time } => Event::ArbiterPostpones { extra_time },
        ArbiterAct::Reject => Event::ArbiterRejects,
        ArbiterAct::Grant => Event::ArbiterGrants,
        ArbiterAct::Declare { draw } => Event::ArbiterDeclares { draw },
        ArbiterAct::Intervene => Event::ArbiterIntervenes,
    }
}

/// The game's start: its mechanics at the position the record starts from.
fn start_game(start: &Start) -> AnyGame {
    match start {
        Start::Chess(p) => AnyGame::Chess(ChessMechanics::new(p.clone())),
        Start::Draughts(p) => {
            AnyGame::Draughts(super::mechanics::draughts::DraughtsMechanics::new(*p))
        }
    }
}

/// The game's parameters: the rulebook's defaults, overridden by the values the record sets
/// (a value of another type than the default's is an error at its place).
fn parameters(record: &Record, meta: &BookMeta) -> Result<Vec<Value>, Located> {
    meta.params
        .iter()
        .map(|p| {
            let Some(set) = record.params.iter().find(|s| s.name == p.name) else {
                return Ok(p.default.clone());
            };
            if std::mem::discriminant(&set.value) != std::mem::discriminant(&p.default) {
                return Err((
                    set.at.or_else(|| record.at()),
                    say::game_param_type(
                        &p.name,
                        say::game_param_kind(kind_name(&p.default)),
                        say::game_param_kind(kind_name(&set.value)),
                    ),
                ));
            }
            Ok(set.value.clone())
        })
        .collect()
}

/// A value's type, as `game-param-kind` names it.
fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Bool(_) => "bool",
        Value::Int(_) => "int",
        Value::Duration(_) => "duration",
        Value::Side(_) => "side",
        Value::Move(_) => "move",
    }
}

/// Whether every move of `moves` is legal where it is played, from `start` (the conformance
/// feature `illegal-moves` is needed when one is not: it is played as made).
pub fn replays_legally(start: &Start, moves: &Movetext) -> bool {
    use super::mechanics::Mechanics as _;
    let mut g = start_game(start);
    for i in 0..moves.len() {
        match resolve(&g, moves, i) {
            Ok(m) => g.play(m),
            Err(_) => return false,
        }
    }
    true
}
