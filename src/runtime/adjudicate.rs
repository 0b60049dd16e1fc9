//! The driver: replays a recorded game, turns its comments into events, asks the rules about
//! every event, applies precedence and effects, and produces the verdict.
//!
//! Order at each point of the game: first the position that has arisen (automatic clauses),
//! then the events written after the move, in the order written. Nothing here knows a clause:
//! which clauses fire, and what they do, comes from `Rules`.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::facts::{Claim, ClaimKind, Ctx};
use super::position::GameState;
use super::rules::{Effect, Rules, side_name, winners};
use super::verdict::{Arg, Ignored, Ruling, Verdict};
use crate::lang::schema::EventKind;
use crate::pgn::{Game, PgnError, commands};
use crate::value::Value;

/// An event command found in the game, before it is checked against the position.
struct Pending {
    ply: usize,
    offset: usize,
    kind: ClaimKind,
    san: Option<(String, usize)>,
}

pub fn adjudicate(game: &Game, rules: &dyn Rules) -> Result<Verdict, PgnError> {
    let err = |offset: usize, message: String| PgnError {
        game: game.index,
        offset,
        message,
    };
    let start = start_position(game).map_err(|(o, m)| err(o, m))?;
    let events = pending_events(game).map_err(|(o, m)| err(o, m))?;

    let mut a = Adjudication {
        rules,
        state: GameState::new(start),
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
            text: String::new(),
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
            if a.ended() {
                a.verdict.ignored_events.push(Ignored {
                    ply: a.state.ply(),
                    event: "claim",
                    offset: p.offset,
                });
                continue;
            }
            let intended = match &p.san {
                None => None,
                Some((s, at)) => {
                    Some(intended_move(a.state.position(), s).map_err(|m| err(*at, m))?)
                }
            };
            let claim = Claim {
                kind: p.kind,
                by: a.state.to_move(),
                intended,
            };
            a.claim_event(&claim, p.san.as_ref().map(|(s, _)| s.clone()), p.offset)
                .map_err(|m| err(p.offset, m))?;
        }
    }
    Ok(a.verdict)
}

struct Adjudication<'r> {
    rules: &'r dyn Rules,
    state: GameState,
    fired: Vec<u16>,
    verdict: Verdict,
}

impl Adjudication<'_> {
    fn ended(&self) -> bool {
        self.verdict.ended_at_ply.is_some()
    }

    fn position_event(&mut self, offset: usize) -> Result<(), String> {
        if let Some(r) = self.rule(EventKind::Position, None, offset)? {
            self.record(r);
        }
        Ok(())
    }

    fn claim_event(
        &mut self,
        claim: &Claim,
        san: Option<String>,
        offset: usize,
    ) -> Result<(), String> {
        let mut r = self
            .rule(EventKind::Claim, Some(claim), offset)?
            .unwrap_or_else(|| Ruling {
                ply: self.state.ply(),
                event: "claim",
                claim: None,
                by: None,
                intended_move: None,
                rule: None,
                also: vec![],
                decision: None,
                effects: vec![],
                text: String::new(),
                args: vec![],
                offset,
            });
        r.claim = Some(claim.kind);
        r.by = Some(side_name(claim.by));
        r.intended_move = san;
        self.record(r);
        Ok(())
    }

    /// Ask the rules about one event; `None` when no clause fired.
    fn rule(
        &mut self,
        event: EventKind,
        claim: Option<&Claim>,
        offset: usize,
    ) -> Result<Option<Ruling>, String> {
        let meta = self.rules.meta();
        let mut cx = Ctx {
            state: &mut self.state,
            claim,
        };
        self.fired.clear();
        self.rules
            .fired(event, &mut cx, &mut self.fired)
            .map_err(|e| format!("evaluating the rules: {e}"))?;
        if self.fired.is_empty() {
            return Ok(None);
        }
        // Something fired: from here on, the (rare) work of a ruling.
        let pos = cx.state.position().clone();
        let win = winners(meta, &self.fired);
        let Some((&primary, others)) = win.split_first() else {
            return Ok(None);
        };
        let mut effects: Vec<Effect> = Vec::new();
        for &c in &win {
            for e in self
                .rules
                .effects(c, &mut cx)
                .map_err(|e| format!("evaluating effects: {e}"))?
            {
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
            .map(|(n, v)| (n, arg(&pos, v)))
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
                Effect::Draw | Effect::Uphold | Effect::Reject => {}
            }
        }
        let decision = effects.iter().find_map(|e| match e {
            Effect::Uphold => Some("upheld"),
            Effect::Reject => Some("rejected"),
            _ => None,
        });
        let clause_id = |c: u16| meta.clauses[usize::from(c)].id.clone();
        Ok(Some(Ruling {
            ply: self.state.ply(),
            event: event.name(),
            claim: None,
            by: None,
            intended_move: None,
            rule: Some(clause_id(primary)),
            also: others.iter().map(|c| clause_id(*c)).collect(),
            decision,
            effects,
            text: String::new(),
            args,
            offset,
        }))
    }

    fn record(&mut self, r: Ruling) {
        let result = r.effects.iter().find_map(|e| match e {
            Effect::Draw => Some("1/2-1/2"),
            Effect::Win { side: Color::White } => Some("1-0"),
            Effect::Win { side: Color::Black } => Some("0-1"),
            _ => None,
        });
        if let Some(result) = result {
            self.verdict.result = result;
            self.verdict.rule = r.rule.clone();
            self.verdict.ended_at_ply = Some(self.state.ply());
            self.verdict.ending = Some(self.verdict.rulings.len());
        }
        self.verdict.rulings.push(r);
    }
}

fn arg(pos: &Chess, v: Value) -> Arg {
    match v {
        Value::Bool(b) => Arg::Str(b.to_string()),
        Value::Int(i) | Value::Duration(i) => Arg::Num(i),
        Value::Side(c) => Arg::Str(side_name(c).to_string()),
        Value::Move(m) => Arg::Str(San::from_move(pos, m).to_string()),
    }
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

fn pending_events(game: &Game) -> Result<Vec<Pending>, (usize, String)> {
    let mut out = Vec::new();
    for (j, (ply, text)) in game.comments.iter().enumerate() {
        let base = game.span.comments.get(j).map_or(game.span.start, |o| o + 1);
        let cmds = commands::commands(text).map_err(|(k, m)| (base + k, m))?;
        for c in cmds {
            if c.name != "claim" {
                continue;
            }
            let at = base + c.offset;
            let kind = match c.args.first() {
                Some(("threefold", _)) => ClaimKind::Threefold,
                Some(("fifty", _)) => ClaimKind::Fifty,
                Some((other, k)) => {
                    return Err((
                        base + k,
                        format!("unknown claim `{other}`: expected `threefold` or `fifty`"),
                    ));
                }
                None => return Err((at, "`[%claim]` needs a kind: `threefold` or `fifty`".into())),
            };
            if let Some((extra, k)) = c.args.get(2) {
                return Err((
                    base + k,
                    format!("unexpected `{extra}`: a claim is `[%claim KIND [MOVE]]`"),
                ));
            }
            out.push(Pending {
                ply: *ply,
                offset: at,
                kind,
                san: c.args.get(1).map(|(s, k)| (s.to_string(), base + k)),
            });
        }
    }
    Ok(out)
}
