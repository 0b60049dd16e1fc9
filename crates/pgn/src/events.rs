//! The game's events as written: the event commands of its comments (`[%claim threefold Nf3]`,
//! `[%offer white]`, `[%arbiter postpone extra-time]`, ...) and its clock readings (`[%clk]`,
//! `[%clock]`), read into typed values in the order written.
//!
//! Only what the text says is checked here: the names, the words, the sides, squares and clock
//! readings. What needs the position (who has just moved, whether a square holds a piece, whether
//! an intended move is legal) is the runtime's, which receives these events.

use crate::games::GameKind;
use shakmaty::Color;

pub use arbiter_lang::record::events::{
    ArbiterAct, ClaimKind, Command, Flagged, GameEvent, IllegalKind, WrittenMove,
};

use super::commands;
use super::{Game, PgnError};
use crate::lang::schema::side_literal;
use crate::locale::say;

/// The game's commands in the order written; the first malformed one is an error at its place.
/// Other tools' commands (`[%eval]`, ...) and expectations (`[%expect]`) are skipped.
pub fn events(game: &Game) -> Result<Vec<GameEvent>, PgnError> {
    let err = |(offset, message): Located| PgnError {
        game: game.index,
        offset,
        message,
    };
    let mut out = Vec::new();
    let mut count = 0u32;
    for (j, (ply, text)) in game.comments.iter().enumerate() {
        if !text.contains("[%") {
            continue;
        }
        let base = game.span.comments.get(j).map_or(game.span.start, |o| o + 1);
        // A comment that does not tokenise is an error before any of its commands is read.
        if let Some(Err((k, m))) = commands::scan(text).find(Result::is_err) {
            return Err(err((base + k, m)));
        }
        for c in commands::scan(text).flatten() {
            let c = Written { raw: c, base };
            let Some(command) = command(&c, game.kind).map_err(err)? else {
                continue;
            };
            let index = if command.is_event() {
                let i = count;
                count = count
                    .checked_add(1)
                    .ok_or_else(|| err((c.at(), say::pgn_too_many_commands())))?;
                Some(i)
            } else {
                None
            };
            out.push(GameEvent {
                ply: *ply,
                index,
                offset: c.at(),
                command,
            });
        }
    }
    Ok(out)
}

type Located = (usize, say::Message);

/// A command of a comment, with the comment's offset in the input.
struct Written<'a> {
    raw: commands::Token<'a>,
    base: usize,
}

impl<'a> Written<'a> {
    fn at(&self) -> usize {
        self.base + self.raw.offset
    }

    fn args(&self) -> impl Iterator<Item = (&'a str, usize)> + use<'a> {
        let base = self.base;
        self.raw.args().map(move |(w, k)| (w, base + k))
    }

    /// The argument `i` (from 0) and its offset in the input.
    fn arg(&self, i: usize) -> Option<(&'a str, usize)> {
        self.args().nth(i)
    }

    /// An error at the first argument past the `n` the command takes.
    fn at_most(&self, n: usize) -> Result<(), Located> {
        match self.arg(n) {
            Some((extra, k)) => Err((k, say::pgn_unexpected_argument(extra, self.raw.name))),
            None => Ok(()),
        }
    }

    /// No argument: the command alone.
    fn bare(&self, command: Command) -> Result<Command, Located> {
        self.at_most(0)?;
        Ok(command)
    }
}

/// The command, or `None` for one that is not arbiter's.
fn command(c: &Written, game: GameKind) -> Result<Option<Command>, Located> {
    Ok(Some(match c.raw.name {
        "claim" => claim(c)?,
        "offer" => Command::Offer(optional_side(c, |s| say::pgn_offer_side(s))?),
        "accept" => c.bare(Command::Accept)?,
        "decline" => c.bare(Command::Decline)?,
        "touch" => touch(c)?,
        "consent" => c.bare(Command::Consent)?,
        "clk" => clk(c)?,
        "clock" => clock(c)?,
        "flag" => flag(c)?,
        "resign" => Command::Resign(optional_side(c, |s| say::pgn_resign_side(s))?),
        "increment" => c.bare(Command::Increment)?,
        "quickplay" => quickplay(c)?,
        "arbiter" => Command::Arbiter(arbiter(c)?),
        "illegal" => illegal(c, game)?,
        "correct" => Command::Correct(optional_side(c, |s| say::pgn_correct_side(s))?),
        _ => return Ok(None),
    }))
}

/// `[%NAME]` or `[%NAME white|black]`; `bad` says what is wrong with a word that is no side.
fn optional_side(
    c: &Written,
    bad: impl Fn(&str) -> say::Message,
) -> Result<Option<Color>, Located> {
    c.at_most(1)?;
    match c.arg(0) {
        None => Ok(None),
        Some((s, k)) => side_literal(s).map(Some).ok_or_else(|| (k, bad(s))),
    }
}

/// `[%claim threefold|fifty [SAN]]`.
fn claim(c: &Written) -> Result<Command, Located> {
    let kind = match c.arg(0) {
        Some(("threefold", _)) => ClaimKind::Threefold,
        Some(("fifty", _)) => ClaimKind::Fifty,
        Some((other, k)) => {
            return Err((k, say::pgn_unknown_claim(other)));
        }
        None => {
            return Err((c.at(), say::pgn_claim_needs_kind()));
        }
    };
    c.at_most(2)?;
    Ok(Command::Claim {
        kind,
        intended: c.arg(1).map(|(san, offset)| WrittenMove {
            san: san.to_string(),
            offset,
        }),
    })
}

/// `[%touch SQUARE]`.
fn touch(c: &Written) -> Result<Command, Located> {
    c.at_most(1)?;
    match c.arg(0) {
        Some((sq, k)) => Ok(Command::Touch(
            sq.parse().map_err(|_| (k, say::pgn_not_a_square(sq)))?,
        )),
        None => Err((c.at(), say::pgn_touch_needs_square())),
    }
}

/// `[%clk H:MM:SS]`: the reading of the side that has just moved.
fn clk(c: &Written) -> Result<Command, Located> {
    c.at_most(1)?;
    let (v, k) = c
        .arg(0)
        .ok_or_else(|| (c.at(), say::pgn_clk_needs_reading()))?;
    Ok(Command::Clock {
        side: None,
        millis: super::time::clock(v).map_err(|m| (k, m))?,
    })
}

/// `[%clock white|black H:MM:SS]`.
fn clock(c: &Written) -> Result<Command, Located> {
    c.at_most(2)?;
    let side = match c.arg(0) {
        Some((s, k)) => side_literal(s).ok_or_else(|| (k, say::pgn_clock_side(s)))?,
        None => {
            return Err((c.at(), say::pgn_clock_needs_side()));
        }
    };
    let (v, k) = c
        .arg(1)
        .ok_or_else(|| (c.at(), say::pgn_clock_needs_reading()))?;
    Ok(Command::Clock {
        side: Some(side),
        millis: super::time::clock(v).map_err(|m| (k, m))?,
    })
}

/// `[%flag white|black|both]`.
fn flag(c: &Written) -> Result<Command, Located> {
    c.at_most(1)?;
    match c.arg(0) {
        Some(("both", _)) => Ok(Command::Flag(Flagged::Both)),
        Some((s, k)) => side_literal(s)
            .map(|side| Command::Flag(Flagged::Side(side)))
            .ok_or_else(|| (k, say::pgn_flag_side(s))),
        None => Err((c.at(), say::pgn_flag_needs_side())),
    }
}

/// `[%quickplay [SIDE] BASIS...]`: `no-win`, `no-effort`, or both; by the side named, or else
/// by the player to move.
fn quickplay(c: &Written) -> Result<Command, Located> {
    let side = c.arg(0).and_then(|(w, _)| side_literal(w));
    c.at_most(if side.is_some() { 3 } else { 2 })?;
    let (mut no_win, mut no_effort) = (false, false);
    for (w, k) in c.args().skip(usize::from(side.is_some())) {
        match w {
            "no-win" => no_win = true,
            "no-effort" => no_effort = true,
            _ => {
                return Err((k, say::pgn_unknown_basis(w)));
            }
        }
    }
    if !no_win && !no_effort {
        return Err((c.at(), say::pgn_quickplay_needs_basis()));
    }
    Ok(Command::Quickplay {
        side,
        no_win,
        no_effort,
    })
}

/// `[%arbiter ACT]`: `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw` or
/// `declare no-draw`.
fn arbiter(c: &Written) -> Result<ArbiterAct, Located> {
    let mut words = c.args().map(|(w, _)| w);
    let words = (words.next(), words.next(), words.next());
    Ok(match words {
        (Some("agree"), None, _) => ArbiterAct::Agree,
        (Some("postpone"), None, _) => ArbiterAct::Postpone { extra_time: false },
        (Some("postpone"), Some("extra-time"), None) => ArbiterAct::Postpone { extra_time: true },
        (Some("reject"), None, _) => ArbiterAct::Reject,
        (Some("grant"), None, _) => ArbiterAct::Grant,
        (Some("declare"), Some("draw"), None) => ArbiterAct::Declare { draw: true },
        (Some("declare"), Some("no-draw"), None) => ArbiterAct::Declare { draw: false },
        (Some("intervene"), None, _) => ArbiterAct::Intervene,
        (None, ..) => {
            return Err((c.at(), say::pgn_arbiter_needs_act()));
        }
        (Some("agree" | "postpone" | "reject" | "grant" | "declare" | "intervene"), ..) => {
            // A known act with words it does not take (or without the one it needs): point at
            // the first word after the act.
            let (w, k) = c.arg(1).unwrap_or(("", c.at()));
            return Err((k, say::pgn_arbiter_unexpected(w)));
        }
        (Some(w), ..) => {
            let k = c.arg(0).map_or(c.at(), |(_, k)| k);
            return Err((k, say::pgn_unknown_act(w)));
        }
    })
}

/// `[%illegal]`, or an undesignated promotion: `[%illegal promotion]` (chess, a queen not
/// designated), `[%illegal king]` (draughts, a king not designated); `[%illegal clock]`,
/// `[%illegal two-hands]`; or `[%illegal MOVE]`, the illegal move taken back, in the game's
/// notation (SAN, or a draughts move): a word that is none of these is an error.
fn illegal(c: &Written, game: GameKind) -> Result<Command, Located> {
    c.at_most(1)?;
    let word = match game {
        GameKind::Chess => "promotion",
        GameKind::RussianDraughts => "king",
    };
    let Some((w, k)) = c.arg(0) else {
        return Ok(Command::Illegal(IllegalKind::Standing));
    };
    let kind = match w {
        _ if w == word => IllegalKind::Promotion,
        "clock" => IllegalKind::NoMove,
        "two-hands" => IllegalKind::TwoHands,
        _ => {
            let is_move = match game {
                GameKind::Chess => w.parse::<shakmaty::san::San>().is_ok(),
                GameKind::RussianDraughts => crate::draughts::is_move_text(w),
            };
            if !is_move {
                return Err((k, say::pgn_illegal_argument(w, word)));
            }
            IllegalKind::Reinstated(WrittenMove {
                san: w.to_string(),
                offset: k,
            })
        }
    };
    Ok(Command::Illegal(kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_games;
    use shakmaty::Square;

    fn game(src: &str) -> Game {
        let mut games = read_games(src.as_bytes());
        assert_eq!(games.len(), 1, "{src}");
        games.remove(0).unwrap()
    }

    fn read(src: &str) -> Result<Vec<GameEvent>, PgnError> {
        events(&game(src))
    }

    /// The offset of `needle` in `src`, from the first comment on.
    fn at(src: &str, needle: &str) -> usize {
        let brace = src.find('{').unwrap();
        brace + src[brace..].find(needle).unwrap()
    }

    /// The command of `[%...]` alone in a comment after 1. e4 e5.
    fn one(cmd: &str) -> Command {
        let src = format!("1. e4 e5 {{ {cmd} }} *\n");
        let ev = read(&src).unwrap();
        assert_eq!(ev.len(), 1, "{cmd}");
        assert_eq!(ev[0].ply, 2);
        assert_eq!(ev[0].offset, at(&src, "[%"));
        ev[0].command.clone()
    }

    fn wm(san: &str, offset: usize) -> Option<WrittenMove> {
        Some(WrittenMove {
            san: san.into(),
            offset,
        })
    }

    #[test]
    fn every_command_reads_to_its_typed_event() {
        use ArbiterAct::*;
        use Color::{Black, White};
        let cases: Vec<(&str, Command)> = vec![
            (
                "[%claim threefold]",
                Command::Claim {
                    kind: ClaimKind::Threefold,
                    intended: None,
                },
            ),
            (
                "[%claim fifty]",
                Command::Claim {
                    kind: ClaimKind::Fifty,
                    intended: None,
                },
            ),
            ("[%offer]", Command::Offer(None)),
            ("[%offer white]", Command::Offer(Some(White))),
            ("[%offer black]", Command::Offer(Some(Black))),
            ("[%accept]", Command::Accept),
            ("[%decline]", Command::Decline),
            ("[%touch e2]", Command::Touch(Square::E2)),
            ("[%touch h8]", Command::Touch(Square::H8)),
            ("[%consent]", Command::Consent),
            (
                "[%clk 0:01:30]",
                Command::Clock {
                    side: None,
                    millis: 90_000,
                },
            ),
            (
                "[%clk 1:00:07.45]",
                Command::Clock {
                    side: None,
                    millis: 3_607_450,
                },
            ),
            (
                "[%clock white 0:05:00]",
                Command::Clock {
                    side: Some(White),
                    millis: 300_000,
                },
            ),
            (
                "[%clock black 0:00:00]",
                Command::Clock {
                    side: Some(Black),
                    millis: 0,
                },
            ),
            ("[%flag white]", Command::Flag(Flagged::Side(White))),
            ("[%flag black]", Command::Flag(Flagged::Side(Black))),
            ("[%flag both]", Command::Flag(Flagged::Both)),
            ("[%increment]", Command::Increment),
            (
                "[%quickplay no-win]",
                Command::Quickplay {
                    side: None,
                    no_win: true,
                    no_effort: false,
                },
            ),
            (
                "[%quickplay black no-win]",
                Command::Quickplay {
                    side: Some(Black),
                    no_win: true,
                    no_effort: false,
                },
            ),
            (
                "[%quickplay no-effort]",
                Command::Quickplay {
                    side: None,
                    no_win: false,
                    no_effort: true,
                },
            ),
            (
                "[%quickplay no-effort no-win]",
                Command::Quickplay {
                    side: None,
                    no_win: true,
                    no_effort: true,
                },
            ),
            (
                "[%quickplay white no-effort no-win]",
                Command::Quickplay {
                    side: Some(White),
                    no_win: true,
                    no_effort: true,
                },
            ),
            ("[%arbiter agree]", Command::Arbiter(Agree)),
            (
                "[%arbiter postpone]",
                Command::Arbiter(Postpone { extra_time: false }),
            ),
            (
                "[%arbiter postpone extra-time]",
                Command::Arbiter(Postpone { extra_time: true }),
            ),
            ("[%arbiter reject]", Command::Arbiter(Reject)),
            ("[%arbiter grant]", Command::Arbiter(Grant)),
            (
                "[%arbiter declare draw]",
                Command::Arbiter(Declare { draw: true }),
            ),
            (
                "[%arbiter declare no-draw]",
                Command::Arbiter(Declare { draw: false }),
            ),
            ("[%illegal]", Command::Illegal(IllegalKind::Standing)),
            (
                "[%illegal promotion]",
                Command::Illegal(IllegalKind::Promotion),
            ),
            ("[%illegal clock]", Command::Illegal(IllegalKind::NoMove)),
            (
                "[%illegal two-hands]",
                Command::Illegal(IllegalKind::TwoHands),
            ),
            ("[%arbiter intervene]", Command::Arbiter(Intervene)),
            ("[%correct]", Command::Correct(None)),
            ("[%correct white]", Command::Correct(Some(White))),
            ("[%correct black]", Command::Correct(Some(Black))),
        ];
        for (cmd, want) in cases {
            assert_eq!(one(cmd), want, "{cmd}");
        }
    }

    #[test]
    fn an_intended_move_is_kept_as_written_with_its_place() {
        let src = "1. Nf3 Nf6 { [%claim threefold  Ng1] } *\n";
        assert_eq!(
            read(src).unwrap()[0].command,
            Command::Claim {
                kind: ClaimKind::Threefold,
                intended: wm("Ng1", 32),
            }
        );
        assert_eq!(at(src, "Ng1"), 32);
        // Not read as SAN here: the runtime checks it in the position, if it rules on the claim.
        let src = "1. Nf3 Nf6 { [%claim fifty Zz9] } *\n";
        assert_eq!(
            read(src).unwrap()[0].command,
            Command::Claim {
                kind: ClaimKind::Fifty,
                intended: wm("Zz9", at(src, "Zz9")),
            }
        );
    }

    #[test]
    fn each_malformed_command_is_an_error_at_its_place() {
        // (command, where the error points, message)
        let cases: &[(&str, &str, &str)] = &[
            (
                "[%claim]",
                "[%",
                "`[%claim]` needs a kind: `threefold` or `fifty`",
            ),
            (
                "[%claim twofold]",
                "twofold",
                "unknown claim `twofold`: expected `threefold` or `fifty`",
            ),
            (
                "[%claim fifty Nf3 now]",
                "now",
                "unexpected `now` in `[%claim ...]`",
            ),
            (
                "[%offer red]",
                "red",
                "`[%offer red]`: the side is `white` or `black`",
            ),
            (
                "[%offer white now]",
                "now",
                "unexpected `now` in `[%offer ...]`",
            ),
            (
                "[%accept now]",
                "now",
                "unexpected `now` in `[%accept ...]`",
            ),
            (
                "[%decline now]",
                "now",
                "unexpected `now` in `[%decline ...]`",
            ),
            (
                "[%consent now]",
                "now",
                "unexpected `now` in `[%consent ...]`",
            ),
            (
                "[%increment now]",
                "now",
                "unexpected `now` in `[%increment ...]`",
            ),
            ("[%touch]", "[%", "`[%touch]` needs a square: `[%touch e2]`"),
            ("[%touch e9]", "e9", "`e9` is not a square"),
            ("[%touch e2 e4]", "e4", "unexpected `e4` in `[%touch ...]`"),
            ("[%clk]", "[%", "`[%clk]` needs a reading: `[%clk 0:01:30]`"),
            (
                "[%clk 1:5]",
                "1:5",
                "`1:5` is not a clock reading: expected H:MM:SS, e.g. 1:05:30",
            ),
            (
                "[%clk 0:01:00 now]",
                "now",
                "unexpected `now` in `[%clk ...]`",
            ),
            (
                "[%clock]",
                "[%",
                "`[%clock]` needs a side and a reading: `[%clock black 0:01:30]`",
            ),
            (
                "[%clock red 0:01:00]",
                "red",
                "`[%clock red ...]`: the side is `white` or `black`",
            ),
            (
                "[%clock white]",
                "[%",
                "`[%clock]` needs a reading after the side: `[%clock black 0:01:30]`",
            ),
            (
                "[%clock white 0:61:00]",
                "0:61",
                "`0:61:00` is not a clock reading: expected H:MM:SS, e.g. 1:05:30",
            ),
            (
                "[%clock white 0:01:00 now]",
                "now",
                "unexpected `now` in `[%clock ...]`",
            ),
            (
                "[%flag]",
                "[%",
                "`[%flag]` needs a side: `[%flag white]`, `[%flag black]` or `[%flag both]`",
            ),
            (
                "[%flag nobody]",
                "nobody",
                "`[%flag nobody]`: expected `white`, `black` or `both`",
            ),
            (
                "[%flag white black]",
                "black",
                "unexpected `black` in `[%flag ...]`",
            ),
            (
                "[%quickplay]",
                "[%",
                "`[%quickplay]` needs its basis: `no-win`, `no-effort`, or both",
            ),
            (
                "[%quickplay no-win maybe]",
                "maybe",
                "unknown basis `maybe`: expected `no-win` (the opponent cannot win by normal means) or `no-effort` (he is making no effort to)",
            ),
            (
                "[%quickplay no-win no-effort now]",
                "now",
                "unexpected `now` in `[%quickplay ...]`",
            ),
            (
                "[%quickplay white no-win no-effort now]",
                "now",
                "unexpected `now` in `[%quickplay ...]`",
            ),
            (
                "[%quickplay no-win white]",
                "white",
                "unknown basis `white`: expected `no-win` (the opponent cannot win by normal means) or `no-effort` (he is making no effort to)",
            ),
            (
                "[%arbiter]",
                "[%",
                "`[%arbiter]` needs an act: agree, postpone, reject, grant, declare or intervene",
            ),
            (
                "[%arbiter shrug now]",
                "shrug",
                "unknown arbiter's act `shrug`: expected agree, postpone, reject, grant, declare or intervene",
            ),
            (
                "[%arbiter declare maybe]",
                "maybe",
                "unexpected `maybe` in `[%arbiter ...]`: the acts are `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw`, `declare no-draw` and `intervene`",
            ),
            (
                "[%arbiter declare]",
                "[%",
                "unexpected `` in `[%arbiter ...]`: the acts are `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw`, `declare no-draw` and `intervene`",
            ),
            (
                "[%arbiter postpone extra-time now]",
                "extra-time",
                "unexpected `extra-time` in `[%arbiter ...]`: the acts are `agree`, `postpone [extra-time]`, `reject`, `grant`, `declare draw`, `declare no-draw` and `intervene`",
            ),
            (
                "[%illegal twice]",
                "twice",
                "`[%illegal twice]`: expected `[%illegal]`, `[%illegal promotion]`, `[%illegal clock]`, `[%illegal two-hands]` or the illegal move that was taken back",
            ),
            (
                "[%illegal promotion now]",
                "now",
                "unexpected `now` in `[%illegal ...]`",
            ),
            (
                "[%correct red]",
                "red",
                "`[%correct red]`: the side is `white` or `black`",
            ),
            (
                "[%correct black now]",
                "now",
                "unexpected `now` in `[%correct ...]`",
            ),
            (
                "[%claim threefold",
                "[%",
                "a `[%` command is never closed with `]`",
            ),
            ("[%  ]", "[%", "an empty `[%]` command"),
        ];
        for (cmd, needle, message) in cases {
            let src = format!("[Event \"x\"]\n\n1. e4 e5 {{ {cmd} }} *\n");
            let got = read(&src).map_err(|e| (e.game, e.offset, e.message.to_string()));
            assert_eq!(
                got,
                Err((1, at(&src, needle), message.to_string())),
                "{cmd}"
            );
        }
    }

    #[test]
    fn a_comment_is_tokenised_before_its_commands_are_read() {
        // The unclosed `[%` is reported, not the unknown claim before it.
        let src = "1. e4 { [%claim twofold] [%offer } *\n";
        let e = read(src).unwrap_err();
        assert_eq!(e.offset, at(src, "[%offer"));
        assert_eq!(
            e.message.to_string(),
            "a `[%` command is never closed with `]`"
        );
        // Across comments, the first bad command in the order written is reported.
        let src = "1. e4 { [%claim twofold] } e5 { [%offer } *\n";
        let e = read(src).unwrap_err();
        assert_eq!(e.offset, at(src, "twofold"));
    }

    #[test]
    fn indices_count_event_commands_only() {
        let src = "1. e4 { [%clk 0:01:00] [%eval 0.3] [%offer] } e5 { [%expect upheld 9.2] [%clock white 0:00:59] [%decline] [%accept] } *\n";
        let ev = read(src).unwrap();
        let got: Vec<(&str, Option<u32>)> =
            ev.iter().map(|e| (e.command.name(), e.index)).collect();
        assert_eq!(
            got,
            vec![
                ("clock", None),
                ("offer", Some(0)),
                ("clock", None),
                ("decline", Some(1)),
                ("accept", Some(2)),
            ]
        );
    }

    #[test]
    fn events_keep_the_order_written_across_comments() {
        let src = "{ [%offer white] } 1. e4 { first } { [%touch e7] } e5 { [%consent] [%accept] } 2. Nf3 { [%flag both] } *\n";
        let ev = read(src).unwrap();
        let got: Vec<(usize, Option<u32>, usize, Command)> = ev
            .into_iter()
            .map(|e| (e.ply, e.index, e.offset, e.command))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, Some(0), 2, Command::Offer(Some(Color::White))),
                (1, Some(1), at(src, "[%touch"), Command::Touch(Square::E7)),
                (2, Some(2), at(src, "[%consent"), Command::Consent),
                (2, Some(3), at(src, "[%accept"), Command::Accept),
                (3, Some(4), at(src, "[%flag"), Command::Flag(Flagged::Both)),
            ]
        );
    }

    #[test]
    fn games_without_commands_have_no_events() {
        assert_eq!(
            read("1. e4 { a [plain] comment } e5 { % [ % ] } *\n"),
            Ok(vec![])
        );
        assert_eq!(read("1. e4 e5 2. Nf3 *\n"), Ok(vec![]));
    }

    #[test]
    fn the_event_commands_are_the_ones_with_an_index() {
        let written = [
            "[%claim fifty]",
            "[%offer]",
            "[%accept]",
            "[%decline]",
            "[%touch e2]",
            "[%consent]",
            "[%flag both]",
            "[%resign]",
            "[%increment]",
            "[%quickplay no-win]",
            "[%arbiter agree]",
            "[%illegal]",
            "[%correct]",
        ];
        let names: Vec<&str> = written.iter().map(|c| one(c).name()).collect();
        assert_eq!(names, commands::EVENT_COMMANDS);
        assert!(written.iter().all(|c| one(c).is_event()));
        assert!(!one("[%clk 0:00:01]").is_event());
        assert!(!one("[%clock black 0:00:01]").is_event());
    }
}
