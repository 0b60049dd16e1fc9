//! arbiter conformance adapter for esca (https://crates.io/crates/esca).
//!
//! Speaks the protocol of conformance/PROTOCOL.md on standard input and output. Every ruling
//! comes from the library's own API (`Game::outcome`, `Game::claims`, `Game::play_san`, the
//! `material.insufficient_material` fact); this file only maps the library's answers onto
//! clause ids and does the bookkeeping of the protocol (which ply, which event, what was
//! ignored after the end). It adds no chess law of its own: where the library has no notion
//! (draw offers, touched pieces, resignation, ...), the feature is not declared and those
//! scenarios are not run.

use std::io::{self, BufRead, Write};

use esca::{Colour, DrawClaim, Game, Outcome, classic};
use serde_json::{Value, json};

const PROTOCOL: u64 = 1;

/// The version Cargo.lock pins (tests/it/certify.rs checks that the two agree).
const VERSION: &str = "0.4.0";

/// What esca models: `Game::outcome()` (checkmate, stalemate, insufficient material, fivefold
/// repetition, seventy-five moves), `Game::claims()` (threefold repetition, fifty moves) and,
/// for a flag, the per-side fact `material.insufficient_material` ("the side's own material
/// could never deliver mate"). An intended move is asked about by playing it on a copy of the
/// game. Not declared: intended-move-obligation (a claim leaves no record behind), draw-offers,
/// event-regulations, touch-move, arbiter-consent, resignation (the library has no draw offers,
/// events, touched pieces, arbiter or resignation).
const FEATURES: &[&str] = &[
    "checkmate",
    "stalemate",
    "dead-position",
    "threefold-claim",
    "fifty-claim",
    "intended-move",
    "fivefold",
    "seventy-five",
    "flag-fall",
];

/// The rulebooks whose scenarios this adapter answers. What the 2023 edition changed in
/// meaning is the resignation (5.1.2) and the penalties of rapid and blitz (A.3), neither of
/// which esca models (no resignation, no clock), and it renumbered 9.2, which `clause` follows:
/// on everything esca does model the two editions agree, so it implements both.
const RULEBOOKS: &[&str] = &["fide-2018", "fide-2023"];

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

/// The result and clause of an automatic ending.
fn ended_by(outcome: Outcome) -> (&'static str, &'static str) {
    match outcome {
        Outcome::Checkmate {
            winner: Colour::White,
        } => ("1-0", "5.1.1"),
        Outcome::Checkmate {
            winner: Colour::Black,
        } => ("0-1", "5.1.1"),
        Outcome::Stalemate => ("1/2-1/2", "5.2.1"),
        Outcome::InsufficientMaterial => ("1/2-1/2", "5.2.2"),
        Outcome::FivefoldRepetition => ("1/2-1/2", "9.6.1"),
        Outcome::SeventyFiveMoves => ("1/2-1/2", "9.6.2"),
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
fn claim(game: &Game, rulebook: &str, args: &[String]) -> Result<(bool, &'static str), Failure> {
    let (ground, with_move, now) = match args.first().map(String::as_str) {
        Some("threefold") => (
            DrawClaim::ThreefoldRepetition,
            clause(rulebook, "9.2.1.1"),
            clause(rulebook, "9.2.1.2"),
        ),
        Some("fifty") => (DrawClaim::FiftyMoves, "9.3.1", "9.3.2"),
        other => return Err(Failure::Unsupported(format!("claim kind {other:?}"))),
    };
    if let Some(san) = args.get(1) {
        // esca has no claim that takes the written move: play it on a copy of the game and ask
        // the same question there (9.2.1.1, 9.3.1, cited first when both hold, as the rulebook
        // orders them). A written move that the library cannot read as one legal move here
        // cannot be made (9.5.3): only the claim on the current position is left.
        let mut after = game.clone();
        if after.play_san(san).is_ok() && after.claims().contains(&ground) {
            return Ok((true, with_move));
        }
    }
    // `claims()`: the halfmove clock has reached 100, or the current position has occurred
    // three times.
    if game.claims().contains(&ground) {
        Ok((true, now))
    } else {
        Ok((false, INCORRECT_CLAIM))
    }
}

fn adjudicate(req: &Request) -> Result<Verdict, Failure> {
    let mut game = match &req.fen {
        Some(fen) => Game::from_fen(classic(), fen)
            .map_err(|e| Failure::Error(format!("the library rejects the FEN {fen:?}: {e}")))?,
        None => Game::new(classic()),
    };
    let mut v = Verdict::default();
    let rulebook = req.rulebook.as_str();

    // The position after `ply` moves arose (or, after the end, was recorded): the library's
    // automatic endings, then the events written there.
    let at = |ply: u64, game: &Game, v: &mut Verdict| -> Result<(), Failure> {
        if v.ended_at_ply.is_none()
            && let Some(outcome) = game.outcome()
        {
            let (score, rule) = ended_by(outcome);
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
            match (e.command.as_str(), e.args.as_slice()) {
                ("claim", args) => {
                    let (upheld, rule) = claim(game, rulebook, args)?;
                    v.rulings.push(json!({
                        "ply": ply, "event": "claim", "index": e.index, "rule": rule,
                        "decision": if upheld { "upheld" } else { "rejected" },
                    }));
                    if upheld {
                        v.end(ply, "1/2-1/2", rule);
                    }
                }
                ("flag", [side]) if side == "white" || side == "black" => {
                    // 6.9: the flagged side loses, unless its opponent's material could never
                    // deliver mate (the library's per-side fact).
                    let (flagged, opponent) = if side == "white" {
                        (Colour::White, Colour::Black)
                    } else {
                        (Colour::Black, Colour::White)
                    };
                    let insufficient = game.facts().material.insufficient_material[opponent];
                    v.rulings.push(
                        json!({"ply": ply, "event": "flag", "index": e.index, "rule": "6.9"}),
                    );
                    let score = match (insufficient, flagged) {
                        (true, _) => "1/2-1/2",
                        (false, Colour::White) => "0-1",
                        (false, Colour::Black) => "1-0",
                    };
                    v.end(ply, score, "6.9");
                }
                (other, _) => return Err(Failure::Unsupported(format!("event {other:?}"))),
            }
        }
        Ok(())
    };

    at(0, &game, &mut v)?;
    for (ply, san) in (1..).zip(&req.moves) {
        if v.ended_at_ply.is_some() {
            v.unplayed_moves += 1;
        } else {
            game.play_san(san).map_err(|e| {
                Failure::Error(format!("Game::play_san rejects the move {san:?}: {e}"))
            })?;
        }
        at(ply, &game, &mut v)?;
    }
    Ok(v)
}

fn hello() -> Value {
    json!({
        "type": "hello",
        "protocol": PROTOCOL,
        "implementation": {
            "name": "esca",
            "version": VERSION,
            "language": "rust",
            "homepage": "https://github.com/AnglerfishChess/esca",
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
            "reason": format!("not expressible with esca: {why}"),
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
