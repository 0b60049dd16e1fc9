//! arbiter conformance adapter for the `chess` crate (https://crates.io/crates/chess).
//!
//! Speaks the protocol of conformance/PROTOCOL.md on standard input and output. Every ruling
//! comes from the library's own API (`Game::result`, `Game::can_declare_draw`,
//! `Game::declare_draw`, `Game::resign`, `ChessMove::from_san`); this file only maps the
//! library's answers onto clause ids and does the bookkeeping of the protocol (which ply, which
//! event, what was ignored after the end). It adds no chess law of its own: where the library
//! has no notion (dead positions, fivefold, 75 moves, flags, touched pieces, ...), the feature
//! is not declared and those scenarios are not run.

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use chess::{ChessMove, Color, Game, GameResult};
use serde_json::{Value, json};

const PROTOCOL: u64 = 1;

/// The version Cargo.lock pins (tests/it/certify.rs checks that the two agree).
const VERSION: &str = "3.2.0";

/// What the crate models: `Board::status()` (checkmate, stalemate), `Game::can_declare_draw()`
/// (threefold repetition or fifty moves, one answer for both), and `Game::resign()`. An intended
/// move is asked about by making it on a copy of the game. Not declared: dead-position (no
/// material test at all), fivefold and seventy-five (no automatic draws), flag-fall (no clock,
/// no test of whether a side can mate), intended-move-obligation (a declared draw leaves no
/// record of a claim), draw-offers (`offer_draw()`/`accept_draw()` say whether an acceptance
/// ends the game, but nothing rules on the offer itself or says what became of it: declined,
/// rejected by a move or a touch), and the rest (no events, regulations, touches or arbiter).
const FEATURES: &[&str] = &[
    "checkmate",
    "stalemate",
    "threefold-claim",
    "fifty-claim",
    "intended-move",
    "resignation",
];

/// The rulebooks whose scenarios this adapter answers. Only fide-2018: `Game::resign()` makes
/// the opponent win whatever the position, which is the 2018 Article 5.1.2; the 2023 edition
/// draws a resignation when the opponent cannot checkmate, which the crate does not model, so
/// it does not implement fide-2023.
const RULEBOOKS: &[&str] = &["fide-2018"];

const INCORRECT_CLAIM: &str = "9.5.3";

/// Why a scenario got no verdict.
enum Failure {
    /// Something this adapter cannot map onto the library: the scenario is skipped.
    Unsupported(String),
    /// The library (or the request) failed: the scenario is errored.
    Error(String),
}

struct Event {
    index: u64,
    ply: u64,
    command: String,
    args: Vec<String>,
}

struct Request {
    rulebook: String,
    fen: Option<String>,
    moves: Vec<String>,
    events: Vec<Event>,
}

/// Reads the parts of a `run` request that the adapter needs; an error names what is wrong.
fn request(msg: &Value) -> Result<Request, String> {
    let scenario = msg.get("scenario").ok_or("no scenario")?;
    let game = scenario.get("game").ok_or("no scenario.game")?;
    let string = |v: &Value, what: &str| -> Result<String, String> {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{what} is not a string"))
    };
    let rulebook = string(
        scenario.get("rulebook").unwrap_or(&Value::Null),
        "scenario.rulebook",
    )?;
    let fen = match game.get("fen") {
        None | Some(Value::Null) => None,
        Some(v) => Some(string(v, "game.fen")?),
    };
    let moves = game
        .get("moves")
        .and_then(Value::as_array)
        .ok_or("game.moves is not an array")?
        .iter()
        .map(|m| string(m, "a move"))
        .collect::<Result<_, _>>()?;
    let mut events = Vec::new();
    for e in game
        .get("events")
        .and_then(Value::as_array)
        .ok_or("game.events is not an array")?
    {
        let number = |k: &str| {
            e.get(k)
                .and_then(Value::as_u64)
                .ok_or_else(|| format!("an event's {k} is not a number"))
        };
        events.push(Event {
            index: number("index")?,
            ply: number("ply")?,
            command: string(
                e.get("command").unwrap_or(&Value::Null),
                "an event's command",
            )?,
            args: e
                .get("args")
                .and_then(Value::as_array)
                .ok_or("an event's args is not an array")?
                .iter()
                .map(|a| string(a, "an event's argument"))
                .collect::<Result<_, _>>()?,
        });
    }
    Ok(Request {
        rulebook,
        fen,
        moves,
        events,
    })
}

/// A FIDE 2018 clause id under `rulebook`: the 2023 edition renumbered 9.2.
fn clause(rulebook: &str, id: &'static str) -> &'static str {
    match (rulebook, id) {
        ("fide-2023", "9.2.1.1") => "9.2.1",
        ("fide-2023", "9.2.1.2") => "9.2.2",
        _ => id,
    }
}

fn colour(side: &str) -> Option<Color> {
    match side {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The result and clause of a game the library says is over.
fn ended_by(result: GameResult) -> (&'static str, &'static str) {
    match result {
        GameResult::WhiteCheckmates => ("1-0", "5.1.1"),
        GameResult::BlackCheckmates => ("0-1", "5.1.1"),
        GameResult::Stalemate => ("1/2-1/2", "5.2.1"),
        GameResult::WhiteResigns => ("0-1", "5.1.2"),
        GameResult::BlackResigns => ("1-0", "5.1.2"),
        GameResult::DrawAccepted => ("1/2-1/2", "5.2.3"),
        GameResult::DrawDeclared => ("1/2-1/2", "9.2.1.2"),
    }
}

#[derive(Default)]
struct Verdict {
    result: &'static str,
    rule: Option<&'static str>,
    ended_at_ply: Option<u64>,
    unplayed_moves: u64,
    rulings: Vec<Value>,
    ignored: Vec<Value>,
}

impl Verdict {
    fn end(&mut self, ply: u64, result: &'static str, rule: &'static str) {
        self.result = result;
        self.rule = Some(rule);
        self.ended_at_ply = Some(ply);
    }

    fn json(self) -> Value {
        json!({
            "result": if self.result.is_empty() { "*" } else { self.result },
            "rule": self.rule,
            "ended_at_ply": self.ended_at_ply,
            "unplayed_moves": self.unplayed_moves,
            "rulings": self.rulings,
            "ignored_events": self.ignored,
        })
    }
}

/// (upheld, clause) for a claim by the player to move.
fn claim(
    game: &mut Game,
    rulebook: &str,
    args: &[String],
) -> Result<(bool, &'static str), Failure> {
    let (with_move, now) = match args.first().map(String::as_str) {
        Some("threefold") => (clause(rulebook, "9.2.1.1"), clause(rulebook, "9.2.1.2")),
        Some("fifty") => ("9.3.1", "9.3.2"),
        other => return Err(Failure::Unsupported(format!("claim kind {other:?}"))),
    };
    if let Some(san) = args.get(1) {
        // The crate has no claim that takes the written move: make it on a copy of the game and
        // ask the same question there (9.2.1.1, 9.3.1, cited first when both hold, as the
        // rulebook orders them). A written move the library cannot read as a legal move here
        // cannot be made (9.5.3): only the claim on the current position is left.
        if let Ok(mv) = ChessMove::from_san(&game.current_position(), san) {
            let mut after = game.clone();
            if after.make_move(mv) && after.declare_draw() {
                return Ok((true, with_move));
            }
        }
    }
    // `declare_draw()` holds when `can_declare_draw()` does: the current position has occurred
    // three times, or a hundred plies without a capture, a pawn move or a change of castling
    // rights have been played in this game; the crate does not say which.
    if game.declare_draw() {
        Ok((true, now))
    } else {
        Ok((false, INCORRECT_CLAIM))
    }
}

fn adjudicate(req: &Request) -> Result<Verdict, Failure> {
    let mut game = match &req.fen {
        Some(fen) => Game::from_str(fen)
            .map_err(|e| Failure::Error(format!("the library rejects the FEN {fen:?}: {e}")))?,
        None => Game::new(),
    };
    let mut v = Verdict::default();
    let rulebook = req.rulebook.as_str();

    // The position after `ply` moves arose (or, after the end, was recorded): the library's
    // automatic endings, then the events written there.
    let at = |ply: u64, game: &mut Game, v: &mut Verdict| -> Result<(), Failure> {
        if v.ended_at_ply.is_none()
            && let Some(result) = game.result()
        {
            let (score, rule) = ended_by(result);
            v.rulings
                .push(json!({"ply": ply, "event": "position", "rule": rule}));
            v.end(ply, score, rule);
        }
        for e in req.events.iter().filter(|e| e.ply == ply) {
            if let Some(end) = v.ended_at_ply {
                v.ignored
                    .push(json!({"ply": end, "event": e.command, "index": e.index}));
                continue;
            }
            match e.command.as_str() {
                "claim" => {
                    let (upheld, rule) = claim(game, rulebook, &e.args)?;
                    v.rulings.push(json!({
                        "ply": ply, "event": "claim", "index": e.index, "rule": rule,
                        "decision": if upheld { "upheld" } else { "rejected" },
                    }));
                    if upheld {
                        v.end(ply, "1/2-1/2", rule);
                    }
                }
                "resign" => {
                    let side = match e.args.first() {
                        None => game.side_to_move(),
                        Some(s) => colour(s)
                            .ok_or_else(|| Failure::Unsupported(format!("resignation by {s:?}")))?,
                    };
                    if !game.resign(side) {
                        return Err(Failure::Error("resign() refused".into()));
                    }
                    let result = game
                        .result()
                        .ok_or_else(|| Failure::Error("no result after resign()".into()))?;
                    let (score, rule) = ended_by(result);
                    v.rulings.push(
                        json!({"ply": ply, "event": "resign", "index": e.index, "rule": rule}),
                    );
                    v.end(ply, score, rule);
                }
                other => return Err(Failure::Unsupported(format!("event {other:?}"))),
            }
        }
        Ok(())
    };

    at(0, &mut game, &mut v)?;
    for (ply, san) in (1..).zip(&req.moves) {
        if v.ended_at_ply.is_some() {
            v.unplayed_moves += 1;
        } else {
            let mv = ChessMove::from_san(&game.current_position(), san).map_err(|e| {
                Failure::Error(format!("ChessMove::from_san rejects the move {san:?}: {e}"))
            })?;
            if !game.make_move(mv) {
                return Err(Failure::Error(format!("Game::make_move refuses {san:?}")));
            }
        }
        at(ply, &mut game, &mut v)?;
    }
    Ok(v)
}

fn hello() -> Value {
    json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "implementation": {
            "name": "chess (Rust crate)",
            "version": VERSION,
            "language": "rust",
            "homepage": "https://github.com/jordanbray/chess",
            "rulebooks": RULEBOOKS,
            "features": FEATURES,
        },
    })
}

/// The answer to a `run`, or None when it has no `seq` and `id` to answer with.
fn run(msg: &Value) -> Option<Value> {
    let seq = msg.get("seq")?.as_u64()?;
    let id = msg.pointer("/scenario/id")?.as_str()?;
    let outcome = request(msg)
        .map_err(|e| Failure::Error(format!("malformed request: {e}")))
        .and_then(|req| adjudicate(&req));
    Some(match outcome {
        Ok(v) => json!({"type": "verdict", "seq": seq, "id": id, "verdict": v.json()}),
        Err(Failure::Unsupported(why)) => json!({
            "type": "skipped", "seq": seq, "id": id,
            "reason": format!("not expressible with the chess crate: {why}"),
        }),
        Err(Failure::Error(message)) => json!({
            "type": "errored", "seq": seq, "id": id, "message": message,
            "context": {"request": msg.get("scenario")},
        }),
    })
}

fn main() {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut line = Vec::new();
    for n in 1.. {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let msg: Value = match serde_json::from_slice(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("line {n}: not JSON: {e}");
                continue;
            }
        };
        let reply = match msg.get("type").and_then(Value::as_str) {
            Some("stop") => return,
            Some("hello") => Some(hello()),
            Some("run") => run(&msg),
            _ => None,
        };
        let Some(reply) = reply else {
            eprintln!("line {n}: not a message this adapter can answer");
            continue;
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
