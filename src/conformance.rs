//! Conformance scenarios: one PGN file, one game, expectations in its tags and comments
//! (format: `conformance/README.md`). Loading and checking live here so that the test harness and
//! any other runner share them.

use std::path::{Path, PathBuf};

use crate::pgn::{self, Game, commands};
use crate::runtime::verdict::Verdict;

/// What a scenario expects of one event.
#[derive(Clone, Debug, PartialEq)]
pub struct EventExpectation {
    /// Byte offset of the event command the expectation follows.
    pub event_offset: usize,
    /// `upheld` or `rejected` for claims; `ignored` for an event after the end; `-` otherwise.
    pub decision: String,
    /// The clause cited, or `-` when none.
    pub rule: String,
}

/// The event commands a scenario may contain (each must carry an `[%expect ...]`).
pub const EVENT_COMMANDS: &[&str] = &["claim", "offer", "accept", "decline", "touch", "consent"];

#[derive(Clone, Debug)]
pub struct Scenario {
    /// Path below `conformance/`, with `/` separators: the scenario's id.
    pub id: String,
    pub path: PathBuf,
    pub rulebook: String,
    pub clauses: Vec<String>,
    pub bytes: Vec<u8>,
    pub game: Game,
    pub result: String,
    pub rule: Option<String>,
    pub ended_at_ply: Option<u32>,
    pub unplayed_moves: Option<u32>,
    pub events: Vec<EventExpectation>,
    /// `PLY:SIDE:FATE` for every offer, when the scenario states them.
    pub offers: Option<Vec<String>>,
    /// `PLY:CLAUSE` for every ruling on a position, when the scenario states them.
    pub position_rulings: Option<Vec<String>>,
}

/// Every `.pgn` under `root`, sorted, as (id, path).
pub fn discover(root: &Path) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let id = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            (id, p)
        })
        .collect()
}

fn tag<'a>(g: &'a Game, name: &str) -> Result<&'a str, String> {
    g.tag(name)
        .ok_or_else(|| format!("missing required tag `{name}`"))
}

fn opt_num(s: &str, name: &str) -> Result<Option<u32>, String> {
    if s == "-" {
        Ok(None)
    } else {
        s.parse()
            .map(Some)
            .map_err(|_| format!("tag `{name}` must be a number or `-`, not `{s}`"))
    }
}

impl Scenario {
    pub fn load(id: &str, path: &Path) -> Result<Scenario, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut games = pgn::read_games(&bytes);
        if games.len() != 1 {
            return Err(format!(
                "a scenario holds exactly one game, this file has {}",
                games.len()
            ));
        }
        let game = games
            .pop()
            .ok_or("no game")?
            .map_err(|e| format!("byte {}: {}", e.offset, e.message))?;
        let rulebook = id.split('/').next().unwrap_or_default().to_string();
        for t in ["Description", "Derivation"] {
            tag(&game, t)?;
        }
        let clauses = tag(&game, "Clauses")?
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>();
        if clauses.is_empty() {
            return Err("tag `Clauses` names no clause".into());
        }
        let result = tag(&game, "ExpectResult")?.to_string();
        if !["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()) {
            return Err(format!(
                "`ExpectResult` must be 1-0, 0-1, 1/2-1/2 or *, not `{result}`"
            ));
        }
        let rule = match tag(&game, "ExpectRule")? {
            "-" => None,
            r => Some(r.to_string()),
        };
        let ended_at_ply = opt_num(tag(&game, "ExpectEndedAtPly")?, "ExpectEndedAtPly")?;
        let unplayed_moves = match game.tag("ExpectUnplayedMoves") {
            Some(s) => opt_num(s, "ExpectUnplayedMoves")?,
            None => None,
        };
        let events = event_expectations(&game)?;
        let list = |name: &str| {
            game.tag(name).map(|v| match v.trim() {
                "-" => Vec::new(),
                v => v.split_whitespace().map(str::to_string).collect(),
            })
        };
        let offers = list("ExpectOffers");
        let position_rulings = list("ExpectPositionRulings");
        Ok(Scenario {
            id: id.to_string(),
            path: path.to_path_buf(),
            rulebook,
            clauses,
            bytes,
            game,
            result,
            rule,
            ended_at_ply,
            unplayed_moves,
            events,
            offers,
            position_rulings,
        })
    }

    /// Compare a verdict with the expectations; every difference is listed.
    pub fn check(&self, v: &Verdict) -> Result<(), Vec<String>> {
        let mut errs = Vec::new();
        if v.result != self.result {
            errs.push(format!(
                "result: expected {}, got {}",
                self.result, v.result
            ));
        }
        if v.rule != self.rule {
            errs.push(format!("rule: expected {:?}, got {:?}", self.rule, v.rule));
        }
        if v.ended_at_ply != self.ended_at_ply {
            errs.push(format!(
                "ended_at_ply: expected {:?}, got {:?}",
                self.ended_at_ply, v.ended_at_ply
            ));
        }
        if let Some(n) = self.unplayed_moves
            && v.unplayed_moves != n
        {
            errs.push(format!(
                "unplayed_moves: expected {n}, got {}",
                v.unplayed_moves
            ));
        }
        if let Some(want) = &self.offers {
            let got: Vec<String> = v
                .offers
                .iter()
                .map(|o| {
                    format!(
                        "{}:{}:{}",
                        o.ply,
                        crate::runtime::rules::side_name(o.by),
                        o.fate.name()
                    )
                })
                .collect();
            if &got != want {
                errs.push(format!(
                    "offers: expected {}, got {}",
                    show(want),
                    show(&got)
                ));
            }
        }
        if let Some(want) = &self.position_rulings {
            let got: Vec<String> = v
                .rulings
                .iter()
                .filter(|r| r.event == "position")
                .map(|r| format!("{}:{}", r.ply, r.rule.as_deref().unwrap_or("-")))
                .collect();
            if &got != want {
                errs.push(format!(
                    "position rulings: expected {}, got {}",
                    show(want),
                    show(&got)
                ));
            }
        }
        for e in &self.events {
            let ruling = v
                .rulings
                .iter()
                .find(|r| r.offset == e.event_offset && r.event != "position");
            let ignored = v.ignored_events.iter().any(|i| i.offset == e.event_offset);
            let (decision, rule) = match (ruling, ignored) {
                (Some(r), _) => (
                    r.decision.unwrap_or("-").to_string(),
                    r.rule.clone().unwrap_or_else(|| "-".into()),
                ),
                (None, true) => ("ignored".to_string(), "-".to_string()),
                (None, false) => ("not ruled on".to_string(), "-".to_string()),
            };
            if decision != e.decision || rule != e.rule {
                let (line, col) = line_col(&self.bytes, e.event_offset);
                errs.push(format!(
                    "event at {line}:{col}: expected {} {}, got {decision} {rule}",
                    e.decision, e.rule
                ));
            }
        }
        if errs.is_empty() { Ok(()) } else { Err(errs) }
    }
}

fn show(v: &[String]) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" ")
    }
}

fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let col = before.iter().rev().take_while(|b| **b != b'\n').count() + 1;
    (line, col)
}

/// `[%expect DECISION CLAUSE]` after an event command in the same comment. Every event command
/// must carry one.
fn event_expectations(g: &Game) -> Result<Vec<EventExpectation>, String> {
    let mut out = Vec::new();
    for (j, (_, text)) in g.comments.iter().enumerate() {
        let base = g.span.comments.get(j).map_or(0, |o| o + 1);
        let cmds = commands::commands(text).map_err(|(_, m)| m)?;
        let mut last_event: Option<usize> = None;
        for c in &cmds {
            match c.name {
                name if EVENT_COMMANDS.contains(&name) => {
                    if let Some(off) = last_event {
                        return Err(format!("event at byte {off} has no `[%expect ...]`"));
                    }
                    last_event = Some(base + c.offset);
                }
                "expect" => {
                    let Some(off) = last_event.take() else {
                        return Err("`[%expect ...]` follows no event command".into());
                    };
                    let (decision, rule) = match c.args[..] {
                        [(d @ ("upheld" | "rejected"), _), (rule, _)] => (d, rule),
                        [("ignored", _)] | [("ignored", _), ("-", _)] => ("ignored", "-"),
                        [("none", _)] => ("-", "-"),
                        [(rule, _)] => ("-", rule),
                        _ => {
                            return Err("`[%expect ...]` is `upheld|rejected CLAUSE`, `CLAUSE`, `none` or `ignored`".into());
                        }
                    };
                    out.push(EventExpectation {
                        event_offset: off,
                        decision: decision.to_string(),
                        rule: rule.to_string(),
                    });
                }
                _ => {}
            }
        }
        if let Some(off) = last_event {
            return Err(format!("event at byte {off} has no `[%expect ...]`"));
        }
    }
    Ok(out)
}
