//! One scenario: one PGN file, one game, expectations in its tags and comments (format:
//! `conformance/README.md`). Loading, the request an implementation sees, and the check of a
//! verdict against the expectations.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::features;
use super::protocol::{self, EventRecord, GameRecord, Request};
use crate::files::Refused;
use crate::locale::say::{self, IntoArg};
use crate::pgn::{self, Game, commands};

/// What a scenario expects of one event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventExpectation {
    /// Index of the event among the game's event commands.
    pub index: u32,
    /// `upheld` or `rejected` for claims; `ignored` for an event after the end; `-` otherwise.
    pub decision: String,
    /// The clause cited, or `-` when none.
    pub rule: String,
    /// Byte offset of the event command (for messages).
    #[serde(skip)]
    pub offset: usize,
}

/// The event commands a scenario may contain (each must carry an `[%expect ...]`).
pub use crate::pgn::commands::EVENT_COMMANDS;

/// Tags that hold the scenario's metadata and expectations: never shown to an implementation.
const HIDDEN_TAGS: &[&str] = &["Clauses", "Features", "Description", "Derivation"];

/// The scenario's texts for people. Each is written in English under the plain tag, and may be
/// given in another language under the tag with the language's code appended, capitalised
/// (`DescriptionRu`); those tags are hidden from implementations too.
pub const TEXT_TAGS: &[&str] = &["Description", "Derivation"];

/// The language of the plain text tags: the suite's format says English, whatever language
/// the tool speaks by default.
pub const TEXT_TAGS_LANG: &str = "en";

/// The tag that holds the text `tag` (one of `TEXT_TAGS`) in `lang`: the plain tag in
/// [`TEXT_TAGS_LANG`], `DescriptionRu` for `Description` in Russian.
pub fn text_tag(tag: &str, lang: &str) -> String {
    if lang == TEXT_TAGS_LANG {
        return tag.to_string();
    }
    let mut code = lang.chars();
    let first = code.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{tag}{}{}",
        first.map(String::from).unwrap_or_default(),
        code.as_str()
    )
}

/// Whether the tag `name` is kept from implementations: an `Expect*` tag, a metadata tag, or a
/// text tag in another language (`DescriptionRu`: the text tag, then one capital and lower-case
/// letters).
fn hidden_tag(name: &str) -> bool {
    name.starts_with("Expect")
        || HIDDEN_TAGS.contains(&name)
        || TEXT_TAGS.iter().any(|t| {
            name.strip_prefix(t).is_some_and(|code| {
                let mut c = code.chars();
                c.next().is_some_and(|f| f.is_ascii_uppercase())
                    && c.all(|l| l.is_ascii_lowercase())
            })
        })
}

/// What the laws make of the game: as a scenario states it (`Expected`), or as a verdict has it,
/// seen through the expectations' eyes (`Summary::of`). Reports show the two side by side.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Summary {
    pub result: String,
    pub rule: Option<String>,
    pub ended_at_ply: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplayed_moves: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventExpectation>,
    /// `PLY:SIDE:FATE` for every offer (in an expectation: only when the scenario states them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offers: Option<Vec<String>>,
    /// `PLY:CLAUSE` for every ruling on a position (likewise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position_rulings: Option<Vec<String>>,
    /// `PLY:SIDE:SECONDS` for every time a ruling adds to a clock (likewise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<Vec<String>>,
    /// The edition of the Laws that rules (likewise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
}

/// What a scenario expects.
pub type Expected = Summary;

#[derive(Clone, Debug)]
pub struct Scenario {
    /// Path below `conformance/`, with `/` separators: the scenario's id.
    pub id: String,
    pub path: PathBuf,
    pub rulebook: String,
    /// The edition of the FIDE Laws the scenario runs on, for one inherited from an edition's
    /// suite by a rulebook compiled on each edition; `None`: by the game's date.
    pub edition: Option<String>,
    pub clauses: Vec<String>,
    pub features: Vec<String>,
    pub bytes: Vec<u8>,
    pub game: Game,
    pub expected: Expected,
}

/// Folders of the suite root that hold no scenarios.
const NOT_SUITES: &[&str] = &["adapters", "protocol", "reports"];

/// Every scenario under `root`, sorted, as (id, path): the `.pgn` files of its suite folders
/// (one per rulebook), skipping the adapters, schemas and reports beside them and any hidden or
/// `node_modules` folder. No symbolic link is followed (`files::walk`): see `discover_all`.
pub fn discover(root: &Path) -> Vec<(String, PathBuf)> {
    discover_all(root).scenarios
}

/// What a suite holds: its scenarios, and what was not read.
#[derive(Debug, Default)]
pub struct Discovered {
    /// (id, path), sorted.
    pub scenarios: Vec<(String, PathBuf)>,
    /// (id, why) of the entries not read: a symbolic link (to a scenario or to a folder), which
    /// is never followed, so that a walk stays inside the suite and cannot loop; a `.pgn` that is
    /// not a regular file (a FIFO, a device).
    pub refused: Vec<(String, Refused)>,
}

/// The one walk of a suite, shared by `arbiter conformance` and `arbiter publish`: see
/// `discover`.
pub fn discover_all(root: &Path) -> Discovered {
    let folder = |p: &Path, depth: usize| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        !(name.starts_with('.')
            || name == "node_modules"
            || (depth == 1 && NOT_SUITES.contains(&name.as_ref())))
    };
    let scenario = |p: &Path, depth: usize| depth > 1 && p.extension().is_some_and(|x| x == "pgn");
    let walk = crate::files::walk(root, folder, scenario);
    let id = |p: &Path| {
        p.strip_prefix(root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    Discovered {
        scenarios: walk.files.into_iter().map(|p| (id(&p), p)).collect(),
        refused: walk
            .refused
            .into_iter()
            .map(|(p, why)| (id(&p), why))
            .collect(),
    }
}

/// The largest scenario file read: one game, as `pgn::split` takes at most.
pub const MAX_SCENARIO_BYTES: usize = pgn::split::MAX_GAME_BYTES;

/// A scenario's bytes: a regular file of at most `MAX_SCENARIO_BYTES`.
fn read(path: &Path) -> Result<Vec<u8>, say::Message> {
    crate::files::read(path, MAX_SCENARIO_BYTES as u64)
        .map_err(|e| say::unreadable(path.display().to_string(), &e))
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

fn words(s: &str) -> Vec<String> {
    match s.trim() {
        "-" => Vec::new(),
        v => v.split_whitespace().map(str::to_string).collect(),
    }
}

fn read_one(bytes: &[u8]) -> Result<Game, say::Message> {
    let mut games = pgn::read_games(bytes);
    if games.len() != 1 {
        return Err(format!(
            "a scenario holds exactly one game, this file has {}",
            games.len()
        )
        .into());
    }
    games
        .pop()
        .ok_or("no game")?
        .map_err(|e| at_byte(e.offset, e.message))
}

/// `byte N: ` before a reader's error.
pub(crate) fn at_byte(offset: usize, message: say::Message) -> say::Message {
    say::Message::concat(vec![
        say::Arg::Text(format!("byte {offset}: ")),
        say::Arg::Message(Box::new(message)),
    ])
}

impl Scenario {
    pub fn load(id: &str, path: &Path) -> Result<Scenario, say::Message> {
        let bytes = read(path)?;
        let game = read_one(&bytes)?;
        let rulebook = id.split('/').next().unwrap_or_default().to_string();
        for t in ["Description", "Derivation"] {
            tag(&game, t)?;
        }
        let clauses = words(tag(&game, "Clauses")?);
        if clauses.is_empty() {
            return Err("tag `Clauses` names no clause".into());
        }
        let features = words(tag(&game, "Features")?);
        if let Some(f) = features.iter().find(|f| !features::is_known(f)) {
            return Err(format!(
                "tag `Features`: unknown feature `{f}` (conformance/PROTOCOL.md lists them)"
            )
            .into());
        }
        if let Some(f) = features::implied(&game)?
            .into_iter()
            .find(|f| !features.iter().any(|g| g == f))
        {
            return Err(format!(
                "tag `Features` must name `{f}`: the scenario's events or tags need it"
            )
            .into());
        }
        let result = tag(&game, "ExpectResult")?.to_string();
        if !["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()) {
            return Err(
                format!("`ExpectResult` must be 1-0, 0-1, 1/2-1/2 or *, not `{result}`").into(),
            );
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
        let expected = Expected {
            result,
            rule,
            ended_at_ply,
            unplayed_moves,
            events,
            offers: game.tag("ExpectOffers").map(words),
            position_rulings: game.tag("ExpectPositionRulings").map(words),
            time_added: game.tag("ExpectTimeAdded").map(words),
            edition: game.tag("ExpectEdition").map(|e| e.trim().to_string()),
        };
        Ok(Scenario {
            id: id.to_string(),
            path: path.to_path_buf(),
            rulebook,
            edition: None,
            clauses,
            features,
            bytes,
            game,
            expected,
        })
    }

    /// The text `tag` (one of `TEXT_TAGS`) in `lang`, when the scenario gives it in that language.
    pub fn text(&self, tag: &str, lang: &str) -> Option<&str> {
        self.game.tag(&text_tag(tag, lang))
    }

    /// The scenario as an implementation sees it: the PGN without the metadata and expectation
    /// tags and without any `[%expect ...]`, and the same game parsed.
    pub fn request(&self) -> Result<Request, say::Message> {
        let text = String::from_utf8_lossy(&self.bytes);
        let mut pgn = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            let hidden = line
                .trim_start()
                .strip_prefix('[')
                .and_then(|l| l.split([' ', '"']).next())
                .is_some_and(hidden_tag);
            if !hidden {
                pgn.push_str(line);
            }
        }
        let pgn = strip_expect_commands(&pgn);
        let game = read_one(pgn.as_bytes()).map_err(|e| {
            say::Message::concat(vec![
                say::Arg::Text("the stripped PGN: ".into()),
                e.into_arg(),
            ])
        })?;
        let record = game_record(&game)?;
        if record.events.len() != self.expected.events.len() {
            return Err(format!(
                "the stripped PGN has {} events, the scenario {}",
                record.events.len(),
                self.expected.events.len()
            )
            .into());
        }
        Ok(Request {
            id: self.id.clone(),
            rulebook: self.rulebook.clone(),
            pgn,
            game: record,
            record: self.features.iter().any(|f| f == "recorded-result"),
            edition: self.edition.clone(),
        })
    }

    /// Compare a verdict with the expectations; every difference is listed, in the language of
    /// the run. Linear in the size of the verdict (an implementation can send thousands of
    /// rulings).
    pub fn check(&self, v: &protocol::Verdict) -> Result<(), Vec<say::Message>> {
        let diffs = self.differences(&Summary::of(v));
        if diffs.is_empty() {
            Ok(())
        } else {
            Err(diffs.iter().map(Difference::to_message).collect())
        }
    }

    /// How `got` (a verdict as `Summary::of` sees it) differs from the expectations, each event
    /// located in the scenario's text.
    pub fn differences(&self, got: &Summary) -> Vec<Difference> {
        differences(&self.expected, got, |e| line_col(&self.bytes, e.offset))
    }

    /// Where each expected event's command stands in the scenario's text (line, column), by
    /// event index.
    pub fn event_places(&self) -> HashMap<u32, (usize, usize)> {
        (self.expected.events.iter())
            .map(|e| (e.index, line_col(&self.bytes, e.offset)))
            .collect()
    }
}

/// How a verdict differs from what a scenario expects: one item per difference, typed, so that
/// a report and the published site can each say it in their language.
#[derive(Clone, Debug, PartialEq)]
pub enum Difference {
    Result {
        expected: String,
        got: String,
    },
    Rule {
        expected: Option<String>,
        got: Option<String>,
    },
    EndedAtPly {
        expected: Option<u32>,
        got: Option<u32>,
    },
    /// `got` is `None` when the implementation reported no count.
    UnplayedMoves {
        expected: u32,
        got: Option<u32>,
    },
    Offers {
        expected: Vec<String>,
        got: Vec<String>,
    },
    PositionRulings {
        expected: Vec<String>,
        got: Vec<String>,
    },
    /// `PLY:SIDE:SECONDS` of every time added to a clock.
    TimeAdded {
        expected: Vec<String>,
        got: Vec<String>,
    },
    /// The edition of the Laws that ruled; `got` is `None` when the verdict names none.
    Edition {
        expected: String,
        got: Option<String>,
    },
    /// An event's decision and clause: `got` is `(decision, clause)`, the decision `ignored` or
    /// `not ruled on` when no ruling answers it.
    Event {
        index: u32,
        line: usize,
        column: usize,
        expected: (String, String),
        got: (String, String),
    },
}

/// The differences of `got` from `x`; `locate` gives an expected event's line and column in the
/// scenario.
pub fn differences(
    x: &Summary,
    got: &Summary,
    locate: impl Fn(&EventExpectation) -> (usize, usize),
) -> Vec<Difference> {
    let mut out = Vec::new();
    if got.result != x.result {
        out.push(Difference::Result {
            expected: x.result.clone(),
            got: got.result.clone(),
        });
    }
    if got.rule != x.rule {
        out.push(Difference::Rule {
            expected: x.rule.clone(),
            got: got.rule.clone(),
        });
    }
    if got.ended_at_ply != x.ended_at_ply {
        out.push(Difference::EndedAtPly {
            expected: x.ended_at_ply,
            got: got.ended_at_ply,
        });
    }
    if let Some(n) = x.unplayed_moves
        && got.unplayed_moves != Some(n)
    {
        out.push(Difference::UnplayedMoves {
            expected: n,
            got: got.unplayed_moves,
        });
    }
    if let (Some(want), Some(have)) = (&x.offers, &got.offers)
        && want != have
    {
        out.push(Difference::Offers {
            expected: want.clone(),
            got: have.clone(),
        });
    }
    if let (Some(want), Some(have)) = (&x.position_rulings, &got.position_rulings)
        && want != have
    {
        out.push(Difference::PositionRulings {
            expected: want.clone(),
            got: have.clone(),
        });
    }
    if let (Some(want), Some(have)) = (&x.time_added, &got.time_added)
        && want != have
    {
        out.push(Difference::TimeAdded {
            expected: want.clone(),
            got: have.clone(),
        });
    }
    if let Some(want) = &x.edition
        && got.edition.as_ref() != Some(want)
    {
        out.push(Difference::Edition {
            expected: want.clone(),
            got: got.edition.clone(),
        });
    }
    let by_index: HashMap<u32, &EventExpectation> =
        got.events.iter().map(|e| (e.index, e)).collect();
    for e in &x.events {
        let (decision, rule) = by_index.get(&e.index).map_or_else(
            || (NOT_RULED_ON.to_string(), "-".to_string()),
            |g| (g.decision.clone(), g.rule.clone()),
        );
        if decision != e.decision || rule != e.rule {
            let (line, column) = locate(e);
            out.push(Difference::Event {
                index: e.index,
                line,
                column,
                expected: (e.decision.clone(), e.rule.clone()),
                got: (decision, rule),
            });
        }
    }
    out
}

/// The decision of an event no ruling answers and no list of ignored events names.
const NOT_RULED_ON: &str = "not ruled on";

/// A decision as a message selects on it: `not ruled on` as `not-ruled-on` (a Fluent variant
/// key has no spaces); anything else as it is.
fn decision_key(d: &str) -> String {
    if d == NOT_RULED_ON {
        "not-ruled-on".into()
    } else {
        d.to_string()
    }
}

impl Difference {
    /// The message that says it (`conformance-diff-*` in `cli.ftl`) and its arguments.
    pub fn message(&self) -> (&'static str, Vec<(&'static str, String)>) {
        let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
        let num = |v: &Option<u32>| v.map_or_else(|| "-".into(), |n| n.to_string());
        let list = |v: &[String]| {
            if v.is_empty() {
                "-".into()
            } else {
                v.join(" ")
            }
        };
        match self {
            Difference::Result { expected, got } => (
                "conformance-diff-result",
                vec![("expected", expected.clone()), ("got", got.clone())],
            ),
            Difference::Rule { expected, got } => (
                "conformance-diff-rule",
                vec![("expected", opt(expected)), ("got", opt(got))],
            ),
            Difference::EndedAtPly { expected, got } => (
                "conformance-diff-ended-at-ply",
                vec![("expected", num(expected)), ("got", num(got))],
            ),
            Difference::UnplayedMoves { expected, got } => (
                "conformance-diff-unplayed-moves",
                vec![
                    ("expected", expected.to_string()),
                    ("got", num(got)),
                    ("reported", if got.is_some() { "yes" } else { "no" }.into()),
                ],
            ),
            Difference::Offers { expected, got } => (
                "conformance-diff-offers",
                vec![("expected", list(expected)), ("got", list(got))],
            ),
            Difference::PositionRulings { expected, got } => (
                "conformance-diff-position-rulings",
                vec![("expected", list(expected)), ("got", list(got))],
            ),
            Difference::TimeAdded { expected, got } => (
                "conformance-diff-time-added",
                vec![("expected", list(expected)), ("got", list(got))],
            ),
            Difference::Edition { expected, got } => (
                "conformance-diff-edition",
                vec![("expected", expected.clone()), ("got", opt(got))],
            ),
            Difference::Event {
                index,
                line,
                column,
                expected,
                got,
            } => (
                "conformance-diff-event",
                vec![
                    ("index", index.to_string()),
                    ("line", line.to_string()),
                    ("column", column.to_string()),
                    ("expected_decision", decision_key(&expected.0)),
                    ("expected_rule", expected.1.clone()),
                    ("got_decision", decision_key(&got.0)),
                    ("got_rule", got.1.clone()),
                ],
            ),
        }
    }

    /// The difference as one of the tool's messages.
    pub fn to_message(&self) -> say::Message {
        let (id, args) = self.message();
        let args = args
            .into_iter()
            .map(|(k, v)| (k, crate::locale::say::Arg::Text(v)))
            .collect();
        crate::locale::say::Message::new(id, args)
    }
}

impl Summary {
    /// A verdict as the runner compares it.
    pub fn of(v: &protocol::Verdict) -> Summary {
        let outcomes = EventOutcomes::of(v);
        let mut indices: Vec<u32> = v
            .rulings
            .iter()
            .filter_map(|r| r.index)
            .chain(v.ignored_events.iter().map(|i| i.index))
            .collect();
        indices.sort_unstable();
        indices.dedup();
        Summary {
            result: v.result.clone(),
            rule: v.rule.clone(),
            ended_at_ply: v.ended_at_ply,
            unplayed_moves: v.unplayed_moves,
            events: indices
                .into_iter()
                .map(|index| {
                    let (decision, rule) = outcomes.get(index);
                    EventExpectation {
                        index,
                        decision,
                        rule,
                        offset: 0,
                    }
                })
                .collect(),
            offers: Some(
                v.offers
                    .iter()
                    .map(|o| format!("{}:{}:{}", o.ply, o.by, o.fate))
                    .collect(),
            ),
            position_rulings: Some(
                v.rulings
                    .iter()
                    .filter(|r| r.event == "position")
                    .map(|r| format!("{}:{}", r.ply, r.rule.as_deref().unwrap_or("-")))
                    .collect(),
            ),
            time_added: Some(
                v.rulings
                    .iter()
                    .flat_map(|r| r.effects.iter().map(move |e| (r.ply, e)))
                    .filter(|(_, e)| e["type"] == "add_time")
                    .map(|(ply, e)| {
                        let side = e["side"].as_str().unwrap_or("?");
                        format!("{ply}:{side}:{}", e["seconds"])
                    })
                    .collect(),
            ),
            edition: v.edition.clone(),
        }
    }
}

/// The rulings of a verdict by event index, looked up in constant time: the first ruling on each
/// event (not on a position), and the events ignored.
struct EventOutcomes<'a> {
    ruled: HashMap<u32, &'a protocol::Ruling>,
    ignored: HashSet<u32>,
}

impl<'a> EventOutcomes<'a> {
    fn of(v: &'a protocol::Verdict) -> EventOutcomes<'a> {
        let mut ruled = HashMap::new();
        for r in &v.rulings {
            if let Some(index) = r.index
                && r.event != "position"
            {
                ruled.entry(index).or_insert(r);
            }
        }
        EventOutcomes {
            ruled,
            ignored: v.ignored_events.iter().map(|i| i.index).collect(),
        }
    }

    /// (decision, clause) of the ruling on event `index`, as `[%expect ...]` writes them.
    fn get(&self, index: u32) -> (String, String) {
        if let Some(r) = self.ruled.get(&index) {
            return (
                r.decision.clone().unwrap_or_else(|| "-".into()),
                r.rule.clone().unwrap_or_else(|| "-".into()),
            );
        }
        if self.ignored.contains(&index) {
            ("ignored".into(), "-".into())
        } else {
            (NOT_RULED_ON.into(), "-".into())
        }
    }
}

fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let col = before.iter().rev().take_while(|b| **b != b'\n').count() + 1;
    (line, col)
}

/// Remove every `[%expect ...]` (and the blank before it) from PGN text.
fn strip_expect_commands(pgn: &str) -> String {
    let mut out = String::with_capacity(pgn.len());
    let mut rest = pgn;
    while let Some(k) = rest.find("[%expect") {
        out.push_str(rest[..k].trim_end_matches([' ', '\t']));
        match rest[k..].find(']') {
            Some(end) => rest = &rest[k + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The parsed form of a game sent with every request.
fn game_record(game: &Game) -> Result<GameRecord, say::Message> {
    let mut events = Vec::new();
    for (ply, text) in &game.comments {
        for c in commands::commands(text).map_err(|(_, m)| m)? {
            if EVENT_COMMANDS.contains(&c.name) {
                events.push(EventRecord {
                    index: events.len() as u32,
                    ply: *ply as u32,
                    command: c.name.to_string(),
                    args: c.args.iter().map(|(a, _)| a.to_string()).collect(),
                });
            }
        }
    }
    Ok(GameRecord {
        game: game.kind.name().to_string(),
        tags: (game.tags())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        fen: game.tag("FEN").map(str::to_string),
        moves: game.moves.texts(),
        events,
    })
}

/// `[%expect DECISION CLAUSE]` after an event command in the same comment. Every event command
/// must carry one.
fn event_expectations(g: &Game) -> Result<Vec<EventExpectation>, say::Message> {
    let mut out = Vec::new();
    let mut index = 0u32;
    for (j, (_, text)) in g.comments.iter().enumerate() {
        let base = g.span.comments.get(j).map_or(0, |o| o + 1);
        let cmds = commands::commands(text).map_err(|(_, m)| m)?;
        let mut last_event: Option<(u32, usize)> = None;
        for c in &cmds {
            match c.name {
                name if EVENT_COMMANDS.contains(&name) => {
                    if let Some((_, off)) = last_event {
                        return Err(format!("event at byte {off} has no `[%expect ...]`").into());
                    }
                    last_event = Some((index, base + c.offset));
                    index += 1;
                }
                "expect" => {
                    let Some((index, offset)) = last_event.take() else {
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
                        index,
                        decision: decision.to_string(),
                        rule: rule.to_string(),
                        offset,
                    });
                }
                _ => {}
            }
        }
        if let Some((_, off)) = last_event {
            return Err(format!("event at byte {off} has no `[%expect ...]`").into());
        }
    }
    Ok(out)
}
