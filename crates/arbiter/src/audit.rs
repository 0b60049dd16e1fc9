//! Ruling on archives: inputs are read as streams of games (`pgn::split`), each game is read,
//! adjudicated and rendered on its own (in parallel with `jobs` > 1), and what each came to is
//! handed back in input order. Memory is bounded by the games in flight, not by the input.
//!
//! Nothing is dropped: a game that cannot be read or ruled on is an error record in its place
//! (a located error on stderr in the text format, a JSON object in the JSON format), an input
//! that cannot be opened or holds no game says so, and the tally counts them.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};

use encoding_rs::Encoding;
use serde::Serialize;

use crate::diag::Diag;
use crate::locale::Words;
use crate::locale::say::{self, Message};
use crate::pgn::split::{Piece, RawGame, Splitter};
use crate::render::Renderer;
use crate::runtime::adjudicate;
use crate::runtime::edition::Law;
use crate::runtime::verdict::{Finding, GameResult};

/// How verdicts are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// For people: a header line per game, its rulings and its explanation.
    Text,
    /// One JSON object per line: a verdict, or an error record (`"error"`).
    Json,
}

/// What is printed for each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// The verdict and its rulings (`arbiter adjudicate`).
    Verdicts,
    /// The recorded result against the laws' (`arbiter audit`): one record per game in JSON;
    /// in text, a line per game whose record the laws contradict, end earlier or cannot derive
    /// (every game with `all`: the others agree, or their result is assumed from the record,
    /// the usual state of an archive without `Termination` tags).
    Findings { all: bool },
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub format: Format,
    pub report: Report,
    pub adjudicate: adjudicate::Options,
    /// Games adjudicated at once (1: all on the calling thread).
    pub jobs: usize,
    /// `None`: UTF-8.
    pub encoding: Option<&'static Encoding>,
}

/// An input: a file, or standard input (`-`).
#[derive(Clone, Debug)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// Bytes already in memory, under a name.
    Memory(String, Arc<[u8]>),
    /// A stream the caller opened (a Python binary file), under a name: read once, as it
    /// comes, so that memory stays bounded by the games in flight.
    Stream(String, Stream),
}

/// A reader handed over once: the first `Input::open` takes it, a later one reads nothing (the
/// input then holds no game, which is said).
#[derive(Clone)]
pub struct Stream(Arc<std::sync::Mutex<Option<Box<dyn Read + Send>>>>);

impl Stream {
    pub fn new(reader: Box<dyn Read + Send>) -> Stream {
        Stream(Arc::new(std::sync::Mutex::new(Some(reader))))
    }

    fn take(&self) -> Box<dyn Read + Send> {
        let taken = match self.0.lock() {
            Ok(mut r) => r.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        taken.unwrap_or_else(|| Box::new(std::io::empty()))
    }
}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stream")
    }
}

impl Input {
    pub fn from_arg(p: &Path) -> Input {
        if p.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::File(p.to_path_buf())
        }
    }

    /// The name it is reported under.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) => p.display().to_string(),
            Input::Memory(name, _) | Input::Stream(name, _) => name.clone(),
        }
    }

    fn open(&self) -> std::io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => Box::new(std::fs::File::open(p)?),
            Input::Memory(_, bytes) => Box::new(std::io::Cursor::new(Arc::clone(bytes))),
            Input::Stream(_, stream) => stream.take(),
        })
    }
}

/// What one game or input came to, ready to print.
#[derive(Debug)]
pub struct Output {
    /// For standard output (a verdict, or a JSON error record).
    pub stdout: String,
    /// For standard error (a located error in the text format).
    pub stderr: String,
    pub tally: Tally,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tally {
    /// A game ruled on: its result, the clause that ended it and how its record compares.
    Ruled {
        result: GameResult,
        /// The game played: its result is counted as its records write it (`GameResult::text`).
        kind: crate::games::GameKind,
        rule: Option<String>,
        finding: Finding,
        /// The edition of the Laws that ruled (`NO_EDITION` for a rulebook of no family).
        edition: String,
    },
    /// A game that could not be read or ruled on.
    BadGame,
    /// An input that could not be read, or that holds no game.
    BadInput,
}

/// Where the run has got to, for a progress display.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Games (and input errors) handed out so far.
    pub done: u64,
    /// Bytes read from the inputs so far.
    pub bytes: u64,
}

/// The key of `Summary::by_clause` for the games the laws have not ended.
pub const UNENDED: &str = "-";

/// The key of `Summary::by_edition` for the games ruled under a rulebook of no family.
pub const NO_EDITION: &str = "-";

/// The end-of-run counts.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Summary {
    /// Games read (ruled on or not).
    pub games: u64,
    pub ruled: u64,
    /// Games that could not be read or ruled on.
    pub bad_games: u64,
    /// Inputs that could not be read or held no game.
    pub bad_inputs: u64,
    /// Games per result, as their records write it (Russian draughts in points of two).
    pub results: BTreeMap<String, u64>,
    /// Games whose recorded result the laws change (another result, whether or not they end
    /// the game earlier): the finding `contradicts`.
    pub changed: u64,
    /// Games ended by each clause (`UNENDED`: not ended by the laws), per result.
    pub by_clause: BTreeMap<String, BTreeMap<String, u64>>,
    /// Games per finding (`Finding::name`), and per clause that ended them within it.
    pub findings: BTreeMap<String, Found>,
    /// Games per edition of the Laws that ruled on them, and per finding within it.
    pub by_edition: BTreeMap<String, BTreeMap<String, u64>>,
}

/// The games of one finding.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Found {
    pub games: u64,
    /// Per clause that ended the game (`UNENDED`: not ended by the laws).
    pub by_clause: BTreeMap<String, u64>,
}

impl Summary {
    pub fn add(&mut self, t: &Tally) {
        match t {
            Tally::Ruled {
                result,
                kind,
                rule,
                finding,
                edition,
            } => {
                *(self.by_edition.entry(edition.clone()).or_default())
                    .entry(finding.name().into())
                    .or_default() += 1;
                self.games += 1;
                self.ruled += 1;
                let result = result.text(*kind);
                *self.results.entry(result.into()).or_default() += 1;
                if *finding == Finding::Contradicts {
                    self.changed += 1;
                }
                let clause = rule.clone().unwrap_or_else(|| UNENDED.into());
                let found = self.findings.entry(finding.name().into()).or_default();
                found.games += 1;
                *found.by_clause.entry(clause.clone()).or_default() += 1;
                *(self.by_clause.entry(clause).or_default())
                    .entry(result.into())
                    .or_default() += 1;
            }
            Tally::BadGame => {
                self.games += 1;
                self.bad_games += 1;
            }
            Tally::BadInput => self.bad_inputs += 1,
        }
    }

    /// Nothing went wrong.
    pub fn clean(&self) -> bool {
        self.bad_games == 0 && self.bad_inputs == 0
    }

    /// Every game was read and its recorded result is the laws' (`arbiter audit`'s success).
    pub fn all_agree(&self) -> bool {
        self.clean()
            && self
                .findings
                .iter()
                .all(|(f, n)| f == Finding::Agrees.name() || n.games == 0)
    }
}

/// What a game is ruled with.
pub struct Judge<'a> {
    pub law: &'a Law,
    /// One renderer per rulebook of the law, in its order.
    pub renderers: &'a [Renderer],
    pub options: Options,
    /// The words the tool's own messages (a game that could not be read, an input that could
    /// not be opened) are said in: the reader's.
    pub words: &'a Words,
}

/// One piece of work, in input order: a game's text, or what stopped one.
pub enum Item {
    /// A game's text, in the input of that name.
    Game(Arc<str>, RawGame),
    /// A game above the size limit: (input, game index, line).
    TooLarge(Arc<str>, usize, usize),
    /// An input that could not be read, with the error.
    InputError(Arc<str>, Message),
    /// An input that holds no game.
    NoGames(Arc<str>),
}

impl Judge<'_> {
    /// Rule on every game of `inputs`, handing each output, in input order, to `sink` with the
    /// progress so far; `sink` returns false to stop (its output has gone away).
    pub fn run(&self, inputs: &[Input], sink: &mut dyn FnMut(Output, Progress) -> bool) -> Summary {
        let mut summary = Summary::default();
        let work = |item: Item| self.output(item);
        each_item(
            inputs,
            self.options.encoding,
            self.options.jobs,
            &work,
            &mut |o: Output, progress| {
                summary.add(&o.tally);
                sink(o, progress)
            },
        );
        summary
    }

    fn output(&self, item: Item) -> Output {
        match item {
            Item::Game(file, raw) => self.game(&file, raw),
            Item::TooLarge(file, index, line) => {
                let message = say::pgn_game_too_large(crate::pgn::split::MAX_GAME_BYTES >> 20);
                self.bad_game(&file, (index, line, 1), message)
            }
            Item::InputError(file, message) => self.bad_input(&file, message),
            Item::NoGames(file) => self.bad_input(&file, say::pgn_no_games()),
        }
    }

    /// Read, adjudicate and render one game.
    fn game(&self, file: &str, raw: RawGame) -> Output {
        let RawGame {
            index,
            line,
            text,
            span,
        } = raw;
        let ruled = crate::pgn::parse_game(&text, index, span)
            .and_then(|g| crate::adjudicate::game(g, self.law, self.options.adjudicate));
        match ruled {
            Ok(mut v) => {
                v.file = file.to_string();
                v.line = line;
                let Some(renderer) = self.renderers.get(v.book).or(self.renderers.last()) else {
                    return self.bad_game(file, (index, line, 1), say::no_renderer());
                };
                let e = renderer.explain(&v);
                let stdout = match (self.options.report, self.options.format) {
                    // Text is for a terminal: a tag's or a move's control characters are
                    // shown, not sent (`escape::terminal`).
                    (Report::Verdicts, Format::Text) => terminal(renderer.text(&e)),
                    (Report::Verdicts, Format::Json) => match serde_json::to_string(&e) {
                        Ok(s) => s + "\n",
                        Err(err) => {
                            let message = Message::verbatim(err.to_string());
                            return self.bad_game(file, (index, line, 1), message);
                        }
                    },
                    (Report::Findings { all }, Format::Text) => {
                        if all || !matches!(v.finding, Finding::Agrees | Finding::Assumed) {
                            terminal(renderer.finding_line(&e))
                        } else {
                            String::new()
                        }
                    }
                    (Report::Findings { .. }, Format::Json) => {
                        match serde_json::to_string(&FindingRecord::of(&e, renderer)) {
                            Ok(s) => s + "\n",
                            Err(err) => {
                                let message = Message::verbatim(err.to_string());
                                return self.bad_game(file, (index, line, 1), message);
                            }
                        }
                    }
                };
                Output {
                    stdout,
                    stderr: String::new(),
                    tally: Tally::Ruled {
                        result: v.outcome.result(),
                        kind: v.kind,
                        rule: v.outcome.rule().map(str::to_string),
                        finding: v.finding,
                        edition: (v.edition.as_ref().and_then(|e| e.edition.clone()))
                            .unwrap_or_else(|| NO_EDITION.into()),
                    },
                }
            }
            Err(e) => {
                let d = Diag::in_part(
                    Path::new(file),
                    &text,
                    line,
                    e.offset,
                    1,
                    say::pgn_in_game(e.game, &e.message),
                );
                let (l, c) = d.line_col();
                match self.options.format {
                    Format::Text => Output {
                        stdout: String::new(),
                        stderr: d.render(self.words),
                        tally: Tally::BadGame,
                    },
                    Format::Json => self.bad_game(file, (index, l, c), e.message),
                }
            }
        }
    }

    /// A game that could not be read or ruled on, at (game, line, column), without a source to
    /// show (a located error with its source is rendered by `game`).
    fn bad_game(&self, file: &str, at: (usize, usize, usize), message: Message) -> Output {
        let (game, line, column) = at;
        let (stdout, stderr) = match self.options.format {
            Format::Text => (
                String::new(),
                terminal(format!(
                    "{file}:{line}:{column}: {}\n",
                    say::pgn_in_game(game, message).render(self.words)
                )),
            ),
            Format::Json => {
                let message = message.render(self.words);
                (error_record(file, Some(at), &message), String::new())
            }
        };
        Output {
            stdout,
            stderr,
            tally: Tally::BadGame,
        }
    }

    fn bad_input(&self, file: &str, message: Message) -> Output {
        let (stdout, stderr) = match self.options.format {
            Format::Text => (
                String::new(),
                terminal(format!(
                    "{}\n",
                    say::error(say::file_error(file, message)).render(self.words)
                )),
            ),
            Format::Json => {
                let message = message.render(self.words);
                (error_record(file, None, &message), String::new())
            }
        };
        Output {
            stdout,
            stderr,
            tally: Tally::BadInput,
        }
    }
}

/// The pipeline under `adjudicate`, `audit` and `diff`: every item of `inputs` (a game, or what
/// stopped one) handed to `work`, and what each came to handed to `sink` in input order with the
/// progress so far; `sink` returns false to stop. With `jobs` > 1, a reader thread sends
/// batches of games (small first, then up to `MAX_BATCH_BYTES`) through a bounded channel to a
/// rayon pool, at most `2 × jobs` batches in flight: memory is bounded by the batches in
/// flight, not by the input.
pub fn each_item<T: Send>(
    inputs: &[Input],
    encoding: Option<&'static Encoding>,
    jobs: usize,
    work: &(dyn Fn(Item) -> T + Sync),
    sink: &mut dyn FnMut(T, Progress) -> bool,
) {
    let mut progress = Progress::default();
    let mut emit = |o: T, bytes: u64| {
        progress.done += 1;
        progress.bytes = bytes;
        sink(o, progress)
    };
    if jobs <= 1 {
        read_items(inputs, encoding, &mut |item, bytes| emit(work(item), bytes));
        return;
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(p) => p,
        // No threads to be had: work on this thread.
        Err(_) => {
            read_items(inputs, encoding, &mut |item, bytes| emit(work(item), bytes));
            return;
        }
    };
    // Three stages, each on its own thread(s), so that reading, working and printing overlap:
    // the reader sends batches; the dispatcher hands each to the pool (at most `in_flight` at
    // once, so memory stays bounded); this thread puts the results back in input order and
    // hands them on.
    let (batch_tx, batch_rx): (SyncSender<Batch>, Receiver<Batch>) = sync_channel(2);
    let in_flight = jobs.saturating_mul(2).max(2);
    let (slot_tx, slot_rx) = sync_channel::<()>(in_flight);
    let (done_tx, done_rx) = channel::<(usize, Vec<T>, u64)>();
    std::thread::scope(|scope| {
        scope.spawn(move || batches(inputs, encoding, &batch_tx));
        let pool = &pool;
        scope.spawn(move || {
            pool.in_place_scope(|tasks| {
                for (seq, batch) in batch_rx.into_iter().enumerate() {
                    // Waits for a free slot; fails once the printer has stopped.
                    if slot_tx.send(()).is_err() {
                        break;
                    }
                    let done = done_tx.clone();
                    tasks.spawn(move |_| {
                        // A batch is one task, its games in order: tasks are few and large,
                        // so the pool's threads rarely look for work.
                        let outputs = batch.items.into_iter().map(work).collect();
                        // The printer may have stopped: then nobody wants it.
                        let _ = done.send((seq, outputs, batch.bytes));
                    });
                }
            });
            drop(done_tx);
        });
        // Owned here, so that stopping early drops them and unblocks the other stages.
        let (slot_rx, done_rx) = (slot_rx, done_rx);
        let mut waiting = BTreeMap::new();
        let mut next = 0usize;
        for (seq, outputs, bytes) in done_rx.iter() {
            waiting.insert(seq, (outputs, bytes));
            while let Some((outputs, bytes)) = waiting.remove(&next) {
                next += 1;
                for o in outputs {
                    if !emit(o, bytes) {
                        // Dropping the slots and results stops the dispatcher and reader.
                        return;
                    }
                }
                // A batch handed on frees a slot.
                let _ = slot_rx.recv();
            }
        }
    });
}

/// Text for a terminal (`escape::terminal`), owned.
pub fn terminal(text: String) -> String {
    match crate::escape::terminal(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(shown) => shown,
    }
}

/// One game in `arbiter audit --format json`: where it is, who played, the recorded result and
/// the laws', how they compare, and the explanation of the ending.
#[derive(Serialize)]
struct FindingRecord<'v> {
    file: &'v str,
    game: usize,
    line: usize,
    white: Option<&'v str>,
    black: Option<&'v str>,
    recorded_result: Option<&'v str>,
    result: GameResult,
    rule: Option<&'v str>,
    ended_at_ply: Option<u32>,
    plies: u32,
    unplayed_moves: u32,
    finding: Finding,
    /// The edition of the Laws that ruled (`runtime::edition`).
    edition: Option<&'v str>,
    /// The finding in words.
    finding_text: String,
    /// How the laws' result came about, in words (the verdict's text).
    text: &'v str,
}

impl<'v> FindingRecord<'v> {
    fn of(e: &'v crate::render::Explained<'v>, r: &Renderer) -> FindingRecord<'v> {
        let v = e.verdict();
        FindingRecord {
            file: &v.file,
            game: v.game,
            line: v.line,
            white: v.white.as_deref(),
            black: v.black.as_deref(),
            recorded_result: v.recorded_result.as_deref(),
            result: v.outcome.result(),
            rule: v.outcome.rule(),
            ended_at_ply: v.outcome.ended_at_ply(),
            plies: v.plies,
            unplayed_moves: v.unplayed_moves,
            finding: v.finding,
            edition: v.edition.as_ref().and_then(|e| e.edition.as_deref()),
            finding_text: r.finding(v),
            text: e.text(),
        }
    }
}

/// The JSON error record: `{"file", "game", "line", "column", "error"}` (the game, line and
/// column null for an error about the whole input).
pub fn error_record(file: &str, at: Option<(usize, usize, usize)>, message: &str) -> String {
    #[derive(Serialize)]
    struct Record<'a> {
        file: &'a str,
        game: Option<usize>,
        line: Option<usize>,
        column: Option<usize>,
        error: &'a str,
    }
    let r = Record {
        file,
        game: at.map(|a| a.0),
        line: at.map(|a| a.1),
        column: at.map(|a| a.2),
        error: message,
    };
    match serde_json::to_string(&r) {
        Ok(s) => s + "\n",
        // Strings and numbers always serialise; say so rather than print nothing.
        Err(e) => format!(
            "{}\n",
            serde_json::json!({ "file": file, "error": e.to_string() })
        ),
    }
}

/// Games taken from the inputs and sent to the workers together.
struct Batch {
    items: Vec<Item>,
    /// Bytes read from the inputs when the batch was sent.
    bytes: u64,
}

/// The first batch is small, so that the first verdicts come at once; batches then grow.
const FIRST_BATCH_BYTES: usize = 16 << 10;
const MAX_BATCH_BYTES: usize = 256 << 10;
const MAX_BATCH_GAMES: usize = 4096;

/// Read the inputs into batches for the workers; stops when the receiver has gone.
fn batches(inputs: &[Input], encoding: Option<&'static Encoding>, tx: &SyncSender<Batch>) {
    let mut items = Vec::new();
    let (mut size, mut limit) = (0usize, FIRST_BATCH_BYTES);
    let mut last_bytes = 0;
    let mut open = true;
    read_items(inputs, encoding, &mut |item, bytes| {
        size += match &item {
            Item::Game(_, g) => g.text.len().max(64),
            _ => 64,
        };
        items.push(item);
        last_bytes = bytes;
        if size >= limit || items.len() >= MAX_BATCH_GAMES {
            let batch = Batch {
                items: std::mem::take(&mut items),
                bytes,
            };
            open = tx.send(batch).is_ok();
            size = 0;
            limit = (limit * 2).min(MAX_BATCH_BYTES);
        }
        open
    });
    if open && !items.is_empty() {
        let _ = tx.send(Batch {
            items,
            bytes: last_bytes,
        });
    }
}

/// Every item of the inputs in order, with the bytes read so far; `each` returns false to stop.
fn read_items(
    inputs: &[Input],
    encoding: Option<&'static Encoding>,
    each: &mut dyn FnMut(Item, u64) -> bool,
) {
    let mut bytes_before = 0u64;
    for input in inputs {
        let name: Arc<str> = Arc::from(input.name());
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                if !each(Item::InputError(name, say::io_error(&e)), bytes_before) {
                    return;
                }
                continue;
            }
        };
        let mut split = Splitter::new(reader, encoding);
        let mut games = 0usize;
        loop {
            let piece = split.next_piece();
            let bytes = bytes_before.saturating_add(split.bytes_read);
            let item = match piece {
                Ok(None) => break,
                Ok(Some(Piece::Game(g))) => Item::Game(name.clone(), g),
                Ok(Some(Piece::TooLarge { index, line })) => {
                    Item::TooLarge(name.clone(), index, line)
                }
                Err(e) => {
                    // A read error ends the input; what was read before stands.
                    games += 1;
                    if !each(Item::InputError(name.clone(), say::io_error(&e)), bytes) {
                        return;
                    }
                    break;
                }
            };
            games += 1;
            if !each(item, bytes) {
                return;
            }
        }
        bytes_before = bytes_before.saturating_add(split.bytes_read);
        if games == 0 && !each(Item::NoGames(name), bytes_before) {
            return;
        }
    }
}
